"""Strict YAML loading: every hostile or broken file ends in one clear RulesetError."""
import pytest

from referee.rules import RulesetError, RulesetTooLarge, load_document, load_file
from referee.rules.strict_yaml import MAX_BYTES, load_yaml

from rules_support import FIXTURES, REPO, read_cases

BAD = FIXTURES / "bad"
BAD_CASES = read_cases("bad/cases.yaml")
SCALARS = read_cases("scalars.json")["cases"]


def test_every_bad_fixture_has_an_expected_answer():
    assert sorted(p.name for p in BAD.glob("*.yaml") if p.name != "cases.yaml") == sorted(BAD_CASES)


@pytest.mark.parametrize("name", sorted(BAD_CASES))
def test_bad_file_is_refused_with_its_position(name):
    expected = BAD_CASES[name]
    with pytest.raises(RulesetError) as caught:
        load_file(BAD / name)
    problem = caught.value.problems[0]
    assert problem.code == expected["code"], problem
    assert problem.line == expected["line"]
    if "column" in expected:
        assert problem.column == expected["column"]
    else:
        assert problem.column is not None
    assert problem.path == expected.get("path", "")
    assert caught.value.source == str(BAD / name)


@pytest.mark.parametrize("case", SCALARS, ids=[c["yaml"] or "<empty>" for c in SCALARS])
def test_scalars_mean_what_they_say(case):
    loaded = load_yaml(f"key: {case['yaml']}\n")["key"]
    assert loaded == case["value"] and type(loaded) is type(case["value"])


def test_the_432_byte_alias_bomb_is_refused_before_expanding():
    bomb = (BAD / "alias-bomb.yaml").read_bytes()
    assert len(bomb) < 500
    with pytest.raises(RulesetError, match="Anchors"):
        load_document(bomb)


def test_5000_nested_brackets_are_refused():
    with pytest.raises(RulesetError, match="nested more than 32 levels"):
        load_document("[" * 5000)


def test_deep_block_nesting_stops_at_the_cap():
    ok = "".join("  " * i + f"k{i}:\n" for i in range(31)) + "  " * 31 + "leaf: 1\n"
    assert load_yaml(ok)  # 32 levels load (and would then meet the schema)
    too_deep = "".join("  " * i + f"k{i}:\n" for i in range(32)) + "  " * 32 + "leaf: 1\n"
    with pytest.raises(RulesetError, match="nested more than 32"):
        load_yaml(too_deep)


@pytest.mark.parametrize("as_text", [False, True], ids=["bytes", "str"])
def test_a_10_mb_document_is_refused_as_too_large(as_text):
    huge = "description: " + "x" * 10_000_000 + "\n"
    with pytest.raises(RulesetTooLarge, match="larger than 256 KiB") as caught:
        load_document(huge if as_text else huge.encode())
    assert caught.value.status == 413


def test_the_size_cap_counts_utf8_bytes_not_characters():
    text = "title: " + "ગ" * (MAX_BYTES // 3) + "\n"  # 3 bytes a character
    assert len(text) < MAX_BYTES
    with pytest.raises(RulesetTooLarge):
        load_document(text)


def test_an_oversized_file_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(RulesetTooLarge):
        load_file(path)


def test_a_missing_file_is_a_ruleset_error(tmp_path):
    with pytest.raises(RulesetError, match="The file cannot be read"):
        load_file(tmp_path / "absent.yaml")


def test_every_key_and_value_problem_is_reported_at_once_in_line_order():
    text = "id: x\nhand_size: 07\ntitle: a\n1: b\ntitle: c\n"
    with pytest.raises(RulesetError) as caught:
        load_yaml(text)
    assert [(p.line, p.path) for p in caught.value.problems] == [(2, "/hand_size"), (4, ""), (5, "/title")]


def test_nested_problems_carry_their_path():
    text = "cards:\n  skip:\n    score: 020\n    score: 20\n"
    with pytest.raises(RulesetError) as caught:
        load_yaml(text)
    assert [(p.path, p.line) for p in caught.value.problems] == [
        ("/cards/skip/score", 3), ("/cards/skip/score", 4)]


def test_positions_point_at_each_key():
    document = load_file(REPO / "rulesets" / "classic.yaml")
    text = (REPO / "rulesets" / "classic.yaml").read_text().splitlines()
    line, column = document.positions[("cards", "wild-draw-four", "challenge")]
    assert text[line - 1][column - 1:].startswith("challenge:")


def test_the_error_reads_well_as_text():
    with pytest.raises(RulesetError) as caught:
        load_document("id: x\nid: y\n", source="house.yaml")
    assert str(caught.value) == "house.yaml: line 2, column 1: /id: The key id is written twice; it is first on line 1."
    assert caught.value.problems[0].to_json() == {
        "path": "/id", "message": "The key id is written twice; it is first on line 1.", "line": 2, "column": 1,
        "severity": "error", "code": "yaml-duplicate-key"}


INDENTATION_SLIPS = [
    # a key indented one space short of its siblings: PyYAML notices it a line late
    ("id: x\ntitle: T\nhouse:\n  stacking:\n    draw-two: [draw-two]\n   jump_in: {enabled: true}\n",
     6, "yaml-indent-misaligned"),
    # a key indented deeper than a line that opens no block
    ("id: x\n title: T\nextends: classic\n", 2, "yaml-indent-deeper"),
    ("id: x\ntitle: T\nextends: classic\nscoring:\n  target: 300\n    single_round: true\n",
     6, "yaml-indent-deeper"),
]


@pytest.mark.parametrize("text, line, code", INDENTATION_SLIPS, ids=["misaligned", "deeper-top", "deeper-nested"])
def test_the_first_indentation_slip_is_flagged_at_its_line(text, line, code):
    with pytest.raises(RulesetError) as caught:
        load_document(text)
    problem = caught.value.problems[0]
    assert (problem.line, problem.code) == (line, code)


def test_a_block_scalar_is_not_an_indentation_slip():
    text = "id: x\ntitle: T\ndescription: >-\n  one\n    two\nextends: classic\nscoring: [\n"
    with pytest.raises(RulesetError) as caught:
        load_document(text)
    assert caught.value.problems[0].code != "yaml-indent-deeper"
