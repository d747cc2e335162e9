"""Semantic checks, case by case from fixtures/semantic.yaml: each house ruleset gets
exactly the problems listed, on the lines listed."""
import pytest

from referee.rules import RulesetError, load_document, resolve

from rules_support import read_cases

CASES = read_cases("semantic.yaml")


def problems_of(text, lookup):
    try:
        resolved = resolve(load_document(text, "case.yaml"), lookup)
    except RulesetError as exc:
        return exc.problems, False
    return resolved.warnings, True


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_semantic_check(case, lookup):
    problems, resolved = problems_of(case["document"], lookup)
    expected = case["problems"]
    assert sorted((p.path, p.severity) for p in problems) == sorted(
        (e["path"], e.get("severity", "error")) for e in expected)
    by_path = {p.path: p for p in problems}
    for want in expected:
        got = by_path[want["path"]]
        assert got.code == want["code"], got
        if "line" in want:
            assert (got.line, got.column is not None) == (want["line"], True)
    only_warnings = all(e.get("severity") == "warning" for e in expected)
    assert resolved == only_warnings
