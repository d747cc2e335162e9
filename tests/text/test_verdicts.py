"""Verdict messages: every code has one, with the code's own placeholders, and reads well."""
import copy
import json

import pytest

from referee.engine import compile_rules
from referee.engine.codes import CODES
from referee.text import verdict_message
from referee.text.cards import card_name
from referee.text.catalogs import ENGLISH
from referee.text.render import placeholders
from referee.text.verdicts import MESSAGES

from text_support import CASES

CASES_LIST = json.loads((CASES / "verdicts.json").read_text(encoding="utf-8"))


def test_every_code_has_a_message():
    assert sorted(set(CODES) - set(MESSAGES)) == []


def test_every_message_belongs_to_a_code():
    assert sorted({key.split("/")[0] for key in MESSAGES} - set(CODES)) == []


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_placeholders_are_the_codes_params(key):
    params = set(CODES[key.split("/")[0]]["params"])
    for sentence in MESSAGES[key]:
        for text in sentence.texts():
            assert set(placeholders(text)) <= params, text
        if sentence.n is not None:
            assert sentence.n in params


@pytest.mark.parametrize("case", CASES_LIST, ids=[case["why"] for case in CASES_LIST])
def test_verdict_reads(case, rulesets):
    rules = rulesets[case.get("ruleset", "classic")]
    assert verdict_message(case["verdict"], "en", case.get("players"), rules) == case["expected"]


@pytest.mark.parametrize("code", sorted(CODES))
def test_no_placeholder_is_left_unfilled_even_with_missing_details(code, rulesets):
    """The judge's details fill the message; a detail it forgot shows as '?', never '{x}'."""
    message = verdict_message({"code": code, "details": {}}, "en", None, rulesets["attack"])
    assert "{" not in message and "}" not in message


def test_unknown_code_still_gets_an_answer(rulesets):
    assert verdict_message({"code": "new-in-v2", "details": {}}, "en", None,
                           rulesets["classic"]) == "The referee ruled: new-in-v2."


def test_house_kind_is_named_by_its_title_or_id(rulesets):
    house = copy.deepcopy(rulesets["classic"])
    house["cards"]["turn-card"] = {"title": "Turn Card", "number": None, "per_color": 1, "count": None,
                              "score": 20, "effects": [{"type": "reverse"}]}
    house["cards"]["mirror"] = {"number": None, "per_color": None, "count": 2, "score": 50,
                                "effects": [{"type": "choose-color"}]}
    rules = compile_rules(house)
    assert card_name("red-turn-card", ENGLISH, rules) == "red Turn Card"
    assert card_name("mirror", ENGLISH, rules) == "mirror"


def test_unknown_language_falls_back_to_english(rulesets):
    verdict = {"code": "passed", "details": {"player": 0}}
    assert verdict_message(verdict, "fr", ["Asha"], rulesets["classic"]) == "Asha ended their turn."


def test_the_ruleset_is_required():
    """A message worded without the table's ruleset could contradict its rule book
    (a launcher penalty read as cards), so there is no default."""
    with pytest.raises(TypeError):
        verdict_message({"code": "passed", "details": {"player": 0}}, "en", ["Asha"])
    with pytest.raises(TypeError):
        verdict_message({"code": "passed", "details": {"player": 0}}, "en", ["Asha"], None)
