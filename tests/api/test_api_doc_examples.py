"""Every example in docs/api.md, docs/verdicts.md and the OpenAPI document is sent to
the service and gets the documented answer.

In the Markdown documents an example is a "Request: `METHOD PATH`" line (optionally
"with `Header: value`", more headers "and `Header: value`"), a JSON block (the body;
none for GET), an "Answer: `STATUS`" line and a JSON block: the answer, in part (every
field shown must be answered as shown; lists in full). In a path, a header, a body or
an answer, `{table}` is the first table the document opened, `{table2}` the second;
`{secret}` and `{join_code}` (`{secret2}`, ...) that table's secret and join code, and
`{phone}` the token of the phone that joined last.

The documents are sent by a client that adds no header of its own: a move example
that does not show its `Authorization` would be answered 401. Every example that shows
`Authorization: Bearer {secret...}` or `{phone}` is first sent without it, and must be
answered 401 (`table-secret-required`) and record nothing."""
import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient


ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = re.compile(
    r"Request: `(?P<method>GET|POST) (?P<path>[^`]+)`(?P<headers>(?: (?:with|and) `[^`]+`)*)[^\n]*\n\n"
    r"(?:```json\n(?P<body>.*?)\n```\n\n)?"
    r"Answer: `(?P<status>\d{3})`[^\n]*\n\n```json\n(?P<answer>.*?)\n```", re.S)
HEADER = re.compile(r" (?:with|and) `([^:`]+): ([^`]+)`")
PLACEHOLDER = re.compile(r"\{(table|secret|join_code)(\d*)\}|\{phone\}")


def subset_mismatch(expected, actual, where):
    """The first difference between `expected` and the part of `actual` it shows."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, value in expected.items():
            if key not in actual:
                return f"{where}.{key} is missing"
            problem = subset_mismatch(value, actual[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return f"{where}: {len(actual)} items, {len(expected)} documented"
        for i, (item, found) in enumerate(zip(expected, actual)):
            problem = subset_mismatch(item, found, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if expected != actual:
        return f"{where}: documented {expected!r}, answered {actual!r}"
    return None


def examples(name):
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    found = list(EXAMPLE.finditer(text))
    assert found, f"docs/{name} has no examples"
    return found


class Opened:
    """What the examples opened so far: the placeholders' values."""

    def __init__(self):
        self.tables, self.phone = [], None

    def fill(self, text):
        def value(found):
            if found.group(0) == "{phone}":
                assert self.phone, "{phone} before any phone joined"
                return self.phone
            number = int(found.group(2) or 1)
            assert number <= len(self.tables), f"{found.group(0)}: no such table opened yet"
            return self.tables[number - 1][found.group(1)]
        return PLACEHOLDER.sub(value, text) if text else text

    def heard(self, example, answer):
        path = example["path"].split("?")[0]
        if path == "/v1/tables" and isinstance(answer, dict) and "secret" in answer:
            self.tables.append({"table": answer["id"], "secret": answer["secret"],
                                "join_code": answer["join_code"]})
        elif path == "/v1/tables/join" and isinstance(answer, dict) and "secret" in answer:
            self.phone = answer["secret"]


def send(client, example, opened, headers=None):
    path = opened.fill(example["path"])
    if headers is None:
        headers = {name: opened.fill(value) for name, value in HEADER.findall(example["headers"] or "")}
    body = json.loads(opened.fill(example["body"])) if example["body"] else None
    if example["method"] == "GET":
        return client.get(path, headers=headers)
    return client.post(path, json=body, headers=headers)


def authorized(example):
    return re.search(r"`Authorization: Bearer \{(secret\d*|phone)\}`", example["headers"] or "")


def seq_of(client, example, opened):
    table = re.match(r"/v1/tables/([^/?]+)", opened.fill(example["path"]))
    return client.get(f"/v1/tables/{table.group(1)}").get_json()["seq"] if table else None


def run_document(client, name):
    opened = Opened()
    for number, example in enumerate(examples(name), 1):
        where = f"docs/{name} example {number} ({example['method']} {example['path']})"
        if authorized(example):
            before = seq_of(client, example, opened)
            headers = {key: value for key, value in HEADER.findall(example["headers"])
                       if key != "Authorization"}
            bare = send(client, example, opened, {k: opened.fill(v) for k, v in headers.items()})
            assert bare.status_code == 401, (where, "without Authorization", bare.get_json())
            assert bare.get_json()["type"] == "/docs#problem-table-secret-required", where
            assert seq_of(client, example, opened) == before, (where, "a 401 recorded a move")
        response = send(client, example, opened)
        answer = response.get_json()
        assert response.status_code == int(example["status"]), (where, answer)
        documented = json.loads(opened.fill(example["answer"]))
        problem = subset_mismatch(documented, answer, "answer")
        assert problem is None, (where, problem)
        opened.heard(example, answer)
    return len(examples(name))


@pytest.mark.parametrize("name", ["verdicts.md", "api.md"])
def test_every_documented_example_gets_its_documented_answer(app, name):
    # A client that sends only the headers the document shows (no secret of its own).
    assert run_document(FlaskClient(app, app.response_class), name) >= 10


def test_every_openapi_example_gets_its_documented_answer(client):
    """Operation examples: a request example and a response example of the same name;
    `x-table` examples first open the table given and make the moves listed."""
    document = client.get("/v1/openapi.json").get_json()
    checked = 0
    for path, item in document["paths"].items():
        for method, operation in item.items():
            requests = (operation.get("requestBody", {}).get("content", {})
                        .get("application/json", {}).get("examples", {}))
            for name, example in requests.items():
                status, expected = documented_answer(operation, name)
                url = path
                setup = example.get("x-table")
                if setup:
                    opened = client.post("/v1/tables", json=setup["open"]).get_json()
                    for step in setup.get("moves", []):
                        assert client.post(f"/v1/tables/{opened['id']}/moves",
                                           json={"move": step}).get_json()["legal"]
                    url = path.replace("{table_id}", opened["id"])
                url = url.replace("{ruleset_id}", example.get("x-ruleset", "classic"))
                response = client.open(url, method=method.upper(), json=example["value"])
                assert response.status_code == status, (path, name, response.get_json())
                problem = subset_mismatch(expected, response.get_json(), "answer")
                assert problem is None, (path, name, problem)
                checked += 1
    assert checked >= 10


def documented_answer(operation, name):
    for status, response in operation["responses"].items():
        for content in response.get("content", {}).values():
            if name in content.get("examples", {}):
                return int(status), content["examples"][name]["value"]
    raise AssertionError(f"{operation['operationId']}: no answer documented for {name}")
