"""Runs the scenario files in scenarios/ (see scenarios/README.md): each one checks one
rule of the rule book under one ruleset, as a table would see it. Every file is checked
against scenarios/scenario.schema.json when it is loaded: a misspelt key (under
`expect`, say) fails the run instead of being ignored."""
import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from referee.engine import InputError, compile_rules, judge, open_table, parse_move, parse_state
from referee.engine.codes import CODES
from referee.rules import builtin_lookup, resolve

SCENARIOS = Path(__file__).parent / "scenarios"
SCHEMA = json.loads((SCENARIOS / "scenario.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


class ScenarioFileError(Exception):
    """A scenario file that does not follow scenario.schema.json."""


def read_scenario_file(path):
    """The scenarios of one file, checked against the schema (ScenarioFileError otherwise)."""
    scenarios = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = sorted(VALIDATOR.iter_errors(scenarios), key=lambda error: list(error.absolute_path))
    if errors:
        where = "/".join(str(part) for part in errors[0].absolute_path)
        raise ScenarioFileError(f"{path.name}: /{where}: {errors[0].message}"
                                + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))
    return scenarios


def load_scenarios():
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for scenario in read_scenario_file(path):
            yield pytest.param(scenario, id=f"{path.stem}: {scenario['name']}")


def test_the_scenario_files_hold_scenarios():
    """Zero scenarios collected is a failure, not a run that passes by finding nothing."""
    assert len(list(load_scenarios())) >= 100


@pytest.mark.parametrize("mistake, message", [
    ({"expct": {"legal": True}}, "'expct' was unexpected|'expect' is a required property"),
    ({"expect": {"legal": True, "detials": {"card": "red-3"}}}, "'detials' was unexpected"),
    ({"expect": {}}, "should be non-empty"),
    ({"expect": {"legal": "yes"}}, "is not of type 'boolean'"),
])
def test_a_misspelt_or_missing_key_fails_on_load(tmp_path, mistake, message):
    step = {"move": {"type": "pass", "player": 0}, "expect": {"legal": True}, **mistake}
    step.pop("expect") if "expct" in mistake else None
    scenario = [{"name": "a scenario", "ruleset": "classic", "state": {}, "steps": [step]}]
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(scenario), encoding="utf-8")
    with pytest.raises(ScenarioFileError, match=message):
        read_scenario_file(path)


def subset_mismatch(expected, actual, where):
    """The first difference between `expected` and the part of `actual` it names."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, value in expected.items():
            if key not in actual:
                return f"{where}.{key} is missing"
            problem = subset_mismatch(value, actual[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for i, (item, found) in enumerate(zip(expected, actual)):
            problem = subset_mismatch(item, found, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if expected != actual:
        return f"{where}: expected {expected!r}, got {actual!r}"
    return None


def check_verdict(expect, verdict, step):
    found = verdict.to_json()
    undeclared = set(found["details"]) - set(CODES[found["code"]]["params"])
    assert not undeclared, f"step {step}: details {sorted(undeclared)} are not declared for {found['code']}"
    for key in ("legal", "code", "rule"):
        if key in expect:
            assert found[key] == expect[key], f"step {step}: {key} is {found[key]!r}, details {found['details']}"
    for effect in expect.get("effects", []):
        assert any(subset_mismatch(effect, e, "") is None for e in found["effects"]), \
            f"step {step}: no effect like {effect} in {found['effects']}"
    if "assumed" in expect:
        assert found.get("assumed", []) == expect["assumed"], f"step {step}: assumed {found.get('assumed')}"
    if "no_effects" in expect:
        assert found["effects"] == [], f"step {step}: unexpected effects {found['effects']}"
    problem = subset_mismatch(expect.get("state", {}), found["state"], "state")
    assert problem is None, f"step {step}: {problem}"
    problem = subset_mismatch(expect.get("details", {}), found["details"], "details")
    assert problem is None, f"step {step}: {problem}"


def start(rules, scenario):
    if "open" in scenario:
        opening = scenario["open"]
        if "expect_open_error" in scenario:
            with pytest.raises(InputError) as caught:
                open_table(rules, opening["players"], opening.get("dealer", 0),
                           opening["first_card"], opening.get("color"))
            paths = [p.path for p in caught.value.problems]
            assert scenario["expect_open_error"] in paths
            return None
        verdict = open_table(rules, opening["players"], opening.get("dealer", 0),
                             opening["first_card"], opening.get("color"))
        if "expect_open" in scenario:
            check_verdict(scenario["expect_open"], verdict, "open")
        return verdict.state
    return parse_state(rules, scenario["state"])


def ruleset_of(scenario, compiled):
    """A shipped ruleset by id, or a house ruleset written in the scenario."""
    ruleset = scenario["ruleset"]
    if isinstance(ruleset, str):
        return compiled[ruleset]
    return compile_rules(resolve(ruleset, builtin_lookup).data)


@pytest.mark.parametrize("scenario", list(load_scenarios()))
def test_scenario(scenario, compiled):
    rules = ruleset_of(scenario, compiled)
    state = start(rules, scenario)
    for number, step in enumerate(scenario.get("steps", []), 1):
        expect = step["expect"]
        if "error" in expect:
            with pytest.raises(InputError) as caught:
                move = parse_move(rules, step["move"], state.seats, side=state.side)
                judge(rules, state, move, step.get("hand"))
            paths = [p.path for p in caught.value.problems]
            assert expect["error"] in paths, f"step {number}: problems at {paths}"
            continue
        move = parse_move(rules, step["move"], state.seats, side=state.side)
        before = state.to_json()
        verdict = judge(rules, state, move, step.get("hand"))
        check_verdict(expect, verdict, number)
        # every state the engine answers can be sent back (a table's next request)
        assert parse_state(rules, verdict.state.to_json()).to_json() == verdict.state.to_json(), \
            f"step {number}: the state answered does not read back as it was"
        if not verdict.legal and not verdict.effects:
            assert verdict.state.to_json() == before, f"step {number}: an illegal move changed the state"
        state = verdict.state
