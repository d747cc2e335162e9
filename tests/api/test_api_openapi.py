"""The OpenAPI document describes every route, and /docs renders it."""
import re

from jsonschema import Draft202012Validator
from schemathesis.specs.openapi.definitions import OPENAPI_31  # the 3.1 meta-schema

from referee.api.openapi import problem_catalogue


def documented(client):
    return client.get("/v1/openapi.json").get_json()


def test_the_document_is_valid_openapi_3_1(client):
    doc = documented(client)
    assert doc["openapi"].startswith("3.1")
    errors = [e.message for e in Draft202012Validator(OPENAPI_31).iter_errors(doc)]
    assert errors == []


def test_every_api_route_is_documented_with_its_methods(app, client):
    paths = documented(client)["paths"]
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/v1/"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        assert path in paths, path
        methods = {m.lower() for m in rule.methods} - {"head", "options"}
        assert methods <= set(paths[path]), (path, methods)


def test_every_operation_documents_its_errors_as_problems(client):
    for path, item in documented(client)["paths"].items():
        for method, operation in item.items():
            for status, response in operation["responses"].items():
                if status.startswith(("4", "5")):
                    assert list(response["content"]) == ["application/problem+json"], (path, status)


def test_the_docs_page_lists_operations_errors_and_schemas(client):
    response = client.get("/docs")
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert "<script" not in page and "http://" not in page and "https://" not in page
    for path, item in documented(client)["paths"].items():
        for operation in item.values():
            assert f'id="{operation["operationId"]}"' in page
        assert f"<code>{path}</code>" in page
    for entry in problem_catalogue():
        assert f'id="problem-{entry["slug"]}"' in page
    for name in documented(client)["components"]["schemas"]:
        assert f'id="schema-{name}"' in page


def test_every_declared_effect_type_is_in_the_document_with_its_fields(client):
    from referee.engine.effects import EFFECTS, effect_schema

    schemas = documented(client)["components"]["schemas"]
    assert set(schemas["Effect"]["discriminator"]["mapping"]) == set(EFFECTS)
    for name in EFFECTS:
        assert schemas[f"Effect-{name}"] == effect_schema(name)
    verdict = schemas["Verdict"]["properties"]["effects"]
    assert verdict["items"] == {"$ref": "#/components/schemas/Effect"}


def test_options_on_each_documented_path_allows_the_documented_methods_only(client):
    """/v1/rulesets/validate and /v1/tables/join used to advertise GET: the path also
    read as a ruleset or table id."""
    paths = client.get("/v1/openapi.json").get_json()["paths"]
    for path, operations in paths.items():
        concrete = re.sub(r"\{ruleset_id\}", "classic", re.sub(r"\{(table|event)_id\}", "t" * 16, path))
        concrete = re.sub(r"\{(number|table_number)\}", "1", concrete)
        allowed = set(client.open(concrete, method="OPTIONS").headers["Allow"].split(", "))
        documented = {method.upper() for method in operations if method != "parameters"}
        assert allowed - {"HEAD", "OPTIONS"} == documented, path


def test_a_page_limit_the_document_allows_is_accepted_and_one_past_it_is_not(client):
    paths = client.get("/v1/openapi.json").get_json()["paths"]
    for path in ("/v1/rulesets", "/v1/tables/{table_id}/events"):
        limit = next(p for p in paths[path]["get"]["parameters"] if p["name"] == "limit")
        most = limit["schema"]["maximum"]
        table = client.post("/v1/tables", json={"ruleset": "classic", "players": ["A", "B"],
                                                "dealer": 0, "first_card": "red-7"}).get_json()
        concrete = path.replace("{table_id}", table["id"])
        assert client.get(f"{concrete}?limit={most}").status_code == 200, path
        assert client.get(f"{concrete}?limit={most + 1}").status_code == 400, path
