"""Runs the scenario files in scenarios/ (see scenarios/README.md): each one checks one
rule of the rule book under one ruleset, as a table would see it."""
from pathlib import Path

import pytest
import yaml

from referee.engine import InputError, compile_rules, judge, open_table, parse_move, parse_state
from referee.rules import builtin_lookup, resolve

SCENARIOS = Path(__file__).parent / "scenarios"


def load_scenarios():
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for scenario in yaml.safe_load(path.read_text(encoding="utf-8")):
            yield pytest.param(scenario, id=f"{path.stem}: {scenario['name']}")


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
            paths = [p["path"] for p in caught.value.problems]
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
                move = parse_move(rules, step["move"], state.seats)
                judge(rules, state, move, step.get("hand"))
            paths = [p["path"] for p in caught.value.problems]
            assert expect["error"] in paths, f"step {number}: problems at {paths}"
            continue
        move = parse_move(rules, step["move"], state.seats)
        before = state.to_json()
        verdict = judge(rules, state, move, step.get("hand"))
        check_verdict(expect, verdict, number)
        if not verdict.legal and not verdict.effects:
            assert verdict.state.to_json() == before, f"step {number}: an illegal move changed the state"
        state = verdict.state
