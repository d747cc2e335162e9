"""Rulesets: built-ins to read, organisers' uploads as immutable versions."""
import hashlib
import json

import pytest

from apitest import bearer, problem, unique_id


def house_rules(ruleset_id, target=300, extends="classic"):
    return (f"# a tournament table\nid: {ruleset_id}\ntitle: Tournament {target}\n"
            f"extends: {extends}\nscoring:\n  target: {target}\n")


def upload(client, token, text, content_type="application/yaml"):
    return client.post("/v1/rulesets", data=text.encode("utf-8"), content_type=content_type,
                       headers=bearer(token))


def test_the_built_ins_are_listed_first(client):
    listed = client.get("/v1/rulesets").get_json()["rulesets"]
    ids = [r["id"] for r in listed]
    assert {"classic", "sonic", "attack", "flip"} <= set(ids)
    for entry in listed:
        assert {"id", "version", "title", "extends"} <= set(entry)
    builtin_flags = [r["builtin"] for r in listed]
    assert builtin_flags == sorted(builtin_flags, reverse=True)


@pytest.mark.parametrize("lang, title", [("en", "Classic UNO"), ("hi", "क्लासिक UNO"),
                                         ("gu", "ક્લાસિક UNO")])
def test_the_list_is_titled_in_the_readers_language(client, lang, title):
    listed = client.get("/v1/rulesets", query_string={"lang": lang}).get_json()["rulesets"]
    assert {r["id"]: r["title"] for r in listed}["classic"] == title


def test_a_published_ruleset_is_listed_with_its_own_translated_title(client, organiser):
    ruleset_id = unique_id("titled")
    text = (f"id: {ruleset_id}\ntitle: Friday table\nextends: classic\n"
            "translations:\n  ne:\n    title: शुक्रबारको टेबल\n")
    assert upload(client, organiser[1], text).status_code == 201
    for lang, title in (("ne", "शुक्रबारको टेबल"), ("te", "Friday table"), ("en", "Friday table")):
        page = client.get("/v1/rulesets", query_string={"lang": lang, "after": ruleset_id[:-1]})
        listed = {r["id"]: r["title"] for r in page.get_json()["rulesets"]}
        assert listed[ruleset_id] == title, lang


def test_a_built_in_resolved_with_its_version(client):
    response = client.get("/v1/rulesets/classic")
    body = response.get_json()
    assert response.status_code == 200
    assert body["id"] == "classic" and body["version"] == 1 and body["builtin"] is True
    assert "cards" in body and response.headers["ETag"] == f'"{body["sha256"]}"'
    assert client.get("/v1/rulesets/classic?version=1").get_json() == body


def test_an_organiser_publishes_versions_and_old_ones_never_change(client, organiser):
    rid = unique_id()
    first = upload(client, organiser[1], house_rules(rid, 300))
    assert first.status_code == 201, first.get_json()
    assert first.get_json()["id"] == rid and first.get_json()["version"] == 1
    assert first.headers["Location"].endswith(f"/v1/rulesets/{rid}?version=1")
    second = upload(client, organiser[1], house_rules(rid, 250))
    assert second.get_json()["version"] == 2
    assert client.get(f"/v1/rulesets/{rid}").get_json()["scoring"]["target"] == 250
    old = client.get(f"/v1/rulesets/{rid}?version=1").get_json()
    assert old["scoring"]["target"] == 300 and old["version"] == 1
    assert old["cards"] == client.get("/v1/rulesets/classic").get_json()["cards"]
    listed = {r["id"]: r for r in client.get("/v1/rulesets").get_json()["rulesets"]}
    assert listed[rid]["version"] == 2 and listed[rid]["extends"] == "classic"
    assert listed[rid]["builtin"] is False


def test_the_text_is_kept_as_sent_with_its_sha256(app, client, organiser):
    rid = unique_id()
    text = house_rules(rid)
    upload(client, organiser[1], text)
    stored = app.extensions["referee"].store.get_ruleset(rid)
    assert stored.text == text
    assert stored.sha256 == hashlib.sha256(text.encode()).hexdigest()
    assert stored.owner == organiser[0]


def test_json_uploads_are_accepted_too(client, organiser):
    rid = unique_id()
    doc = {"id": rid, "title": "JSON house", "extends": "classic", "scoring": {"target": 200}}
    response = upload(client, organiser[1], json.dumps(doc), "application/json")
    assert response.status_code == 201


def test_only_the_first_publisher_may_publish_the_next_version(app, client, organiser):
    rid = unique_id()
    upload(client, organiser[1], house_rules(rid))
    other = app.extensions["referee"].store.create_token(unique_id("rival"))
    body = problem(upload(client, other, house_rules(rid, 100)), 403)
    assert body["type"] == "/docs#problem-not-your-ruleset"
    assert client.get(f"/v1/rulesets/{rid}").get_json()["version"] == 1


def test_built_in_ids_cannot_be_overwritten(client, organiser):
    text = house_rules("classic", 100, extends="sonic")
    body = problem(upload(client, organiser[1], text), 403)
    assert body["type"] == "/docs#problem-builtin-ruleset"
    assert client.get("/v1/rulesets/classic").get_json()["builtin"] is True


def test_uploads_may_extend_other_uploads(client, organiser):
    parent, child = unique_id("parent"), unique_id("child")
    upload(client, organiser[1], house_rules(parent, 300))
    response = upload(client, organiser[1], f"id: {child}\ntitle: Child\nextends: {parent}\nhand_size: 8\n")
    assert response.status_code == 201, response.get_json()
    assert client.get(f"/v1/rulesets/{child}").get_json()["scoring"]["target"] == 300


def test_a_revoked_token_cannot_upload(app, client, organiser):
    app.extensions["referee"].store.revoke_token(organiser[0])
    problem(upload(client, organiser[1], house_rules(unique_id())), 401)


def test_an_invalid_upload_reports_its_problems_and_stores_nothing(client, organiser):
    rid = unique_id()
    response = upload(client, organiser[1], f"id: {rid}\nextends: no-such-parent\n")
    body = problem(response, 422)
    assert body["errors"] and all({"path", "message"} <= set(e) for e in body["errors"])
    problem(client.get(f"/v1/rulesets/{rid}"), 404)


def test_validate_stores_nothing(client):
    rid = unique_id()
    response = client.post("/v1/rulesets/validate", data=house_rules(rid),
                           content_type="application/yaml")
    assert response.status_code == 200
    assert response.get_json()["valid"] is True
    assert isinstance(response.get_json()["warnings"], list)
    problem(client.get(f"/v1/rulesets/{rid}"), 404)


def test_validate_reports_problems_with_lines(client):
    response = client.post("/v1/rulesets/validate", data="id: x\nid: y\n",
                           content_type="application/yaml")
    body = problem(response, 422)
    assert any(e.get("line") for e in body["errors"])


def test_the_schema_of_rulesets(client):
    response = client.get("/v1/schema/ruleset.json")
    assert response.status_code == 200
    assert response.mimetype == "application/schema+json"
    assert "properties" in json.loads(response.get_data())


@pytest.mark.parametrize("text, content_type", [
    ('{"id": "nul-title", "title": "a\\u0000b", "extends": "classic"}', "application/json"),
    ('id: nul-yaml\ntitle: "a\\0b"\nextends: classic\n', "application/yaml"),
])
def test_a_nul_character_in_a_ruleset_is_refused(client, organiser, text, content_type):
    body = problem(upload(client, organiser[1], text, content_type), 422)
    assert body["errors"][0]["path"] == "/title"
