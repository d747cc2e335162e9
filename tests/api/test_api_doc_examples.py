"""Every example in docs/api.md, docs/verdicts.md and the OpenAPI document is sent to
the service and gets the documented answer.

In the Markdown documents an example is a "Request: `METHOD PATH`" line (optionally
"with `Header: value`"), a JSON block (the body; none for GET), an "Answer: `STATUS`"
line and a JSON block: the answer, in part (every field shown must be answered as
shown; lists in full). `{table}` in a path is the first table the document opened,
`{table2}` the second."""
import json
import re
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = re.compile(
    r"Request: `(?P<method>GET|POST) (?P<path>[^`]+)`(?P<headers>(?: with `[^`]+`)*)[^\n]*\n\n"
    r"(?:```json\n(?P<body>.*?)\n```\n\n)?"
    r"Answer: `(?P<status>\d{3})`[^\n]*\n\n```json\n(?P<answer>.*?)\n```", re.S)
HEADER = re.compile(r" with `([^:`]+): ([^`]+)`")


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


def send(client, example, tables):
    path = example["path"]
    for number, table in reversed(list(enumerate(tables, 1))):
        path = path.replace("{table%s}" % (number if number > 1 else ""), table)
    headers = dict(HEADER.findall(example["headers"] or ""))
    body = json.loads(example["body"]) if example["body"] else None
    if example["method"] == "GET":
        return client.get(path, headers=headers)
    return client.post(path, json=body, headers=headers)


def run_document(client, name):
    tables = []
    for number, example in enumerate(examples(name), 1):
        response = send(client, example, tables)
        answer = response.get_json()
        where = f"docs/{name} example {number} ({example['method']} {example['path']})"
        assert response.status_code == int(example["status"]), (where, answer)
        problem = subset_mismatch(json.loads(example["answer"]), answer, "answer")
        assert problem is None, (where, problem)
        if example["path"] == "/v1/tables" and response.status_code == 201:
            tables.append(answer["id"])
    return len(examples(name))


@pytest.mark.parametrize("name", ["verdicts.md", "api.md"])
def test_every_documented_example_gets_its_documented_answer(client, name):
    assert run_document(client, name) >= 10


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
