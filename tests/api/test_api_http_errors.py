"""Every error a client can provoke, answered as problem+json with a useful path.

The cases are data (cases/http_errors.json): method, path, body, and the expected
status, problem type, error paths and Allow header. `{table}` in a path is a fresh
table; `"{state}"` in a body is that table's state."""
import json
from pathlib import Path

import pytest

from apitest import problem

CASES = json.loads((Path(__file__).parent / "cases" / "http_errors.json").read_text("utf-8"))


def _fill(value, table):
    if value == "{state}":
        return table["state"]
    if isinstance(value, dict):
        return {k: _fill(v, table) for k, v in value.items()}
    if isinstance(value, list):
        return [_fill(v, table) for v in value]
    return value


def _within(found, path):
    """`found` names `path` or a part of it (/first_card/0 is within /first_card)."""
    return found == path or found.startswith(path + "/")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_error_answers(client, table, case):
    headers = dict(case.get("headers", {}))
    if "json" in case:
        data = json.dumps(_fill(case["json"], table)).encode()
        headers["Content-Type"] = "application/json"
    elif "body_hex" in case:
        data = bytes.fromhex(case["body_hex"])
    else:
        data = case.get("body", "").encode()
    if "content_type" in case:
        headers["Content-Type"] = case["content_type"]
    response = client.open(case["path"].replace("{table}", table["id"]),
                           method=case["method"], data=data, headers=headers)
    body = problem(response, case["status"])
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Cache-Control"] == "no-store"
    if "type" in case:
        assert body["type"] == f"/docs#problem-{case['type']}"
    if "paths" in case:
        reported = [error["path"] for error in body["errors"]]
        for path in case["paths"]:
            assert any(_within(found, path) for found in reported), reported
        assert all(len(error["message"]) <= 200 for error in body["errors"])
    if "allow" in case:
        allowed = {m.strip() for m in response.headers["Allow"].split(",")}
        assert set(case["allow"]) <= allowed


@pytest.mark.parametrize("depth", [33, 1000, 100_000])
def test_deep_nesting_is_a_400_whatever_the_depth(client, table, depth):
    body = '{"move": ' + "[" * depth + "]" * depth + "}"
    response = client.post(f"/v1/tables/{table['id']}/moves", data=body,
                           content_type="application/json")
    assert "32" in problem(response, 400)["detail"]


def test_nesting_to_the_limit_is_judged_not_refused(client, table):
    inner = "[" * 30 + "]" * 30  # 32 levels with the body and the move objects
    body = '{"move": {"type": "draw", "player": 1, "cards": ' + inner + "}}"
    response = client.post(f"/v1/tables/{table['id']}/moves", data=body,
                           content_type="application/json")
    problem(response, 422)  # bad input for the engine, but not refused as too deep


def test_brackets_inside_strings_do_not_count_as_nesting(client):
    names = ["[" * 40, "{" * 40]
    response = client.post("/v1/tables", json={"ruleset": "classic", "players": names,
                                               "dealer": 0, "first_card": "red-7"})
    assert response.status_code == 201


def test_a_body_over_the_cap_is_413_by_content_length(client, table):
    body = json.dumps({"move": {"type": "draw", "player": 1}, "pad": "x" * 300_000})
    response = client.post(f"/v1/tables/{table['id']}/moves", data=body,
                           content_type="application/json")
    problem(response, 413)


def test_an_upload_over_the_cap_is_413(client, organiser):
    body = "id: big\n" + "# padding\n" * 30_000
    response = client.post("/v1/rulesets", data=body, content_type="application/yaml",
                           headers={"Authorization": f"Bearer {organiser[1]}"})
    problem(response, 413)


def test_a_server_fault_is_a_problem_without_a_trace(app, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(app.extensions["referee"].catalog, "summaries", broken)
    response = app.test_client().get("/v1/rulesets")
    body = problem(response, 500)
    assert "secret" not in response.get_data(as_text=True)
    assert body["type"] == "/docs#problem-internal-error"


def test_a_path_answers_the_same_each_time_it_is_sent(client, table):
    # Routing remembers a path it matched (referee/api/routing.py): the second request
    # is routed like the first, another method on the same path is still refused, and
    # the ids its routes read are still each request's own.
    check = {"state": table["state"], "move": {"type": "draw", "player": 1}}
    first, again = (client.post("/v1/rulesets/classic/check", json=check) for _ in range(2))
    assert first.status_code == again.status_code == 200 and first.data == again.data
    for _ in range(2):
        refused = client.get("/v1/rulesets/classic/check")
        assert problem(refused, 405) and refused.headers["Allow"]
    assert client.get("/v1/rulesets/sonic").get_json()["id"] == "sonic"
    assert client.get("/v1/rulesets/classic").get_json()["id"] == "classic"
    assert client.get(f"/v1/tables/{table['id']}").get_json()["id"] == table["id"]
