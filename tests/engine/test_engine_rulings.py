"""docs/rulings.md: every ruling names the scenario tests that check it, and they exist."""
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "tests/engine/scenarios"


def scenario_names():
    return {scenario["name"] for path in SCENARIOS.glob("*.yaml")
            for scenario in yaml.safe_load(path.read_text(encoding="utf-8"))}


def rulings():
    text = (ROOT / "docs/rulings.md").read_text(encoding="utf-8")
    return re.findall(r"^### (.+?)\n(.*?)(?=^### |^## |\Z)", text, flags=re.S | re.M)


def test_every_ruling_has_a_question_a_ruling_its_seeds_an_option_and_a_scenario():
    found = rulings()
    assert len(found) >= 15
    for title, body in found:
        for part in ("**Ruling:**", "**Seeds:**", "**Option:**", "**Scenario"):
            assert part in body, f"ruling {title!r} has no {part}"


def test_every_scenario_a_ruling_names_exists():
    known = scenario_names()
    for title, body in rulings():
        section = body.split("**Scenario", 1)[1]
        named = re.findall(r'"([^"]+)"', " ".join(section.split()))
        assert named, f"ruling {title!r} names no scenario"
        for name in named:
            assert name in known, f"ruling {title!r} names a scenario that does not exist: {name}"
