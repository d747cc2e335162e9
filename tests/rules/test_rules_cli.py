"""`referee validate` and `referee show`, as an organiser runs them."""
import json

import yaml
from click.testing import CliRunner

from referee.cli import main

from rules_support import FIXTURES, REPO


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_valid_files_pass_and_warnings_do_not_fail():
    result = run("validate", str(REPO / "rulesets" / "classic.yaml"),
                 str(REPO / "rulesets" / "attack.yaml"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and all(": Warning: /cards/" in line for line in lines)
    assert lines[0].startswith(str(REPO / "rulesets" / "attack.yaml") + ":56:3: Warning: /cards/trade-hands:")
    assert lines[0].endswith("[kind-no-copies]")


def test_a_valid_file_is_said_to_be_valid_in_the_organisers_language():
    classic = str(REPO / "rulesets" / "classic.yaml")
    english = CliRunner().invoke(main, ["validate", classic])
    gujarati = CliRunner().invoke(main, ["validate", "--lang", "gu", classic])
    assert english.stderr.strip() == f"{classic}: the ruleset classic is valid, with 0 warnings."
    assert gujarati.exit_code == 0 and classic in gujarati.stderr and "classic" in gujarati.stderr
    assert "valid" not in gujarati.stderr and "warning" not in gujarati.stderr


def test_each_problem_is_printed_as_file_line_column_path_message(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("id: house\ntitle: House\nextends: classic\ndeck_size: 100\n"
                    "players: {min: 5, max: 3}\n")
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{path}:4:1: /deck_size: deck_size says 100, but the cards listed add up to 108. [deck-size-mismatch]",
        f"{path}:5:11: /players/min: players.min (5) is more than players.max (3). [players-min-over-max]"]


def test_problems_are_printed_in_the_organisers_language(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("id: house\ntitle: House\nextends: classic\nscoring:\n  target: lots\n")
    result = run("validate", "--lang", "gu", str(path))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{path}:5:3: /scoring/target: અહીં પૂર્ણ સંખ્યા જોઈએ, જેમ કે 300. [schema-integer]"]


def test_a_loading_problem_has_no_path_segment():
    path = FIXTURES / "bad" / "alias-bomb.yaml"
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:2:4: Anchors (&name) and aliases (*name) are not allowed")


def test_files_given_together_may_extend_one_another(tmp_path):
    (tmp_path / "base.yaml").write_text("id: base\ntitle: Base\nextends: classic\nscoring: {target: 200}\n")
    (tmp_path / "top.yaml").write_text("id: top\ntitle: Top\nextends: base\n")
    result = run("validate", str(tmp_path / "top.yaml"), str(tmp_path / "base.yaml"))
    assert result.exit_code == 0, result.output
    alone = run("validate", str(tmp_path / "top.yaml"))
    assert alone.exit_code == 1 and "There is no ruleset base to extend. [extends-unknown]" in alone.stdout


def test_show_prints_the_resolved_ruleset_as_yaml():
    result = run("show", "stacking-tournament")
    assert result.exit_code == 0
    data = yaml.safe_load(result.stdout)
    assert data["scoring"]["target"] == 300 and data["cards"]["0"]["number"] == 0


def test_show_prints_json_and_reads_files():
    result = run("show", "--json", str(REPO / "rulesets" / "examples" / "hindi-table.yaml"))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["cards"]["wild-draw-four"]["restriction"] == {"type": "none", "counts_as_match": []}


def test_show_names_the_built_in_ids_when_it_does_not_know_one():
    result = run("show", "clasic")
    assert result.exit_code == 2 and "built-in: all-wild, attack" in result.output


def test_show_reports_an_invalid_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("id: bad\ntitle: Bad\nextends: classic\nhand_size: 07\n")
    result = run("show", str(path))
    assert result.exit_code == 1 and f"{path}:4:12: /hand_size: 07 starts with a zero: write 7" in result.output


def test_what_show_prints_reads_back_strictly_as_the_same_data(builtins):
    from referee.rules.strict_yaml import load_yaml

    for ruleset_id, resolved in builtins.items():
        printed = run("show", ruleset_id).stdout
        assert load_yaml(printed) == resolved.data, ruleset_id


def test_show_and_simulate_find_a_parent_file_beside_the_ruleset_or_given_with_it(tmp_path):
    (tmp_path / "base.yaml").write_text("id: base\ntitle: Base\nextends: classic\nscoring: {target: 200}\n")
    (tmp_path / "top.yaml").write_text("id: top\ntitle: Top\nextends: base\n")
    shown = run("show", str(tmp_path / "top.yaml"), "--json")
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["scoring"]["target"] == 200
    played = run("simulate", str(tmp_path / "top.yaml"), "--games", "2", "--players", "2")
    assert played.exit_code == 0, played.output
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "top.yaml").rename(elsewhere / "top.yaml")
    alone = run("show", str(elsewhere / "top.yaml"))
    assert alone.exit_code == 1 and "[extends-unknown]" in alone.output and "base" in alone.output
    given = run("show", str(elsewhere / "top.yaml"), "--with", str(tmp_path / "base.yaml"))
    assert given.exit_code == 0, given.output
