"""Verdict messages as the HTTP API serves them: every code, under every shipped
ruleset, in every language, with counts 0, 1, 2 and 10 and player names in Latin and
native scripts. The wording must be the table's ruleset's (a launcher penalty is
presses, not cards), whole, and never fall back to English."""
import re

import pytest

from referee.engine.codes import CODES
from referee.rules import builtin_rulesets
from referee.text import verdict_message
from referee.text.catalogs import TRANSLATED_LANGUAGES
from referee.text.verdicts import NUMBER_OVERRIDES

RULESETS = sorted(builtin_rulesets())
PLAYERS = ["Asha", "ચિરાગ", "रवि", "సీత"]  # Latin, Gujarati, Devanagari and Telugu names
COUNTS = (0, 1, 2, 10)
NUMBERS = {"count", "total", "presses", "points", "held", "expected", "max", "round", "rounds", "available"}
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
KEPT_IN_LATIN = {"UNO", "Asha"}


def _card_of(rules, wanted):
    """A card of the ruleset whose kind has `wanted` effect type (or any coloured card)."""
    colors = rules["colors"]
    for kind, spec in rules["cards"].items():
        effects = [effect.get("type") for effect in spec.get("effects") or []]
        if (wanted in effects or wanted is None) and (spec.get("per_color") or spec.get("count")):
            return kind if spec.get("count") else f"{colors[-1]}-{kind}"
    return f"{colors[0]}-{next(iter(rules['cards']))}"


def details_for(code, count, rules):
    draws = _card_of(rules, "launcher" if rules["draw_source"] == "launcher" else "draw")
    plain = _card_of(rules, None)
    details = {}
    for name in CODES[code]["params"]:
        if name in NUMBERS or name in NUMBER_OVERRIDES.get(code, ()):
            details[name] = count
        elif name in ("player", "first_player"):
            details[name] = count % len(PLAYERS)
        elif name in ("target", "current"):
            details[name] = (count + 1) % len(PLAYERS)
        elif name in ("card", "pending_card"):
            details[name] = draws
        elif name in ("top", "drawn"):
            details[name] = plain
        elif name in ("holding", "cards"):
            details[name] = [plain] * max(count, 1)
        elif name == "color":
            details[name] = rules["colors"][-1]
        elif name in ("places", "eliminated"):   # lists of seats
            details[name] = [(count + step) % len(PLAYERS) for step in range(max(count, 1) if count < 4 else 2)]
        elif name == "place" and code != "player-out":   # player-out keeps its plain wording here
            details[name] = count + 1
    return details


def crafted_verdicts(rules):
    return [{"code": code, "legal": CODES[code]["legal"], "details": details_for(code, count, rules),
             "effects": [], "rule": ""} for code in sorted(CODES) for count in COUNTS]


def opening_card(rules):
    """A plain card of the deck to open with: a coloured 7, or a wild with no effects
    in a deck of wilds only (UNO All Wild)."""
    if any(kind.get("number") == 7 for kind in rules["cards"].values()):
        return f"{rules['colors'][0]}-7"
    return next(kind_id for kind_id, kind in rules["cards"].items() if not kind["effects"])


@pytest.fixture(scope="module")
def served(app):
    """{ruleset id: (crafted verdicts, {lang: [messages as the API serves them]})}."""
    client, store = app.test_client(), app.extensions["referee"].store
    answers = {}
    for ruleset_id in RULESETS:
        rules = builtin_rulesets()[ruleset_id].data
        opened = client.post("/v1/tables", json={"ruleset": ruleset_id, "players": PLAYERS, "dealer": 0,
                                                 "first_card": opening_card(rules)})
        assert opened.status_code == 201, opened.get_json()
        table_id = opened.get_json()["id"]
        verdicts = crafted_verdicts(rules)
        for verdict in verdicts:
            store.append(table_id, {"type": "pass", "player": 0},
                         lambda table, verdict=verdict: {**verdict, "state": table.state})
        by_lang = {}
        for lang in ("en", *TRANSLATED_LANGUAGES):
            events = client.get(f"/v1/tables/{table_id}/events?lang={lang}").get_json()["events"]
            by_lang[lang] = [event["verdict"]["message"] for event in events]
        answers[ruleset_id] = (verdicts, by_lang)
    return answers


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_code_reads_in_every_language(served, ruleset_id):
    verdicts, by_lang = served[ruleset_id]
    rules = builtin_rulesets()[ruleset_id].data
    for lang, messages in by_lang.items():
        assert len(messages) == len(verdicts)
        for verdict, message in zip(verdicts, messages):
            where = (ruleset_id, lang, verdict["code"], verdict["details"])
            assert message == verdict_message(verdict, lang, PLAYERS, rules), where
            assert "{" not in message and "}" not in message and "?" not in message, where
            for name in {PLAYERS[seat] for key, seat in verdict["details"].items()
                         if key in ("player", "target", "current", "first_player") and isinstance(seat, int)
                         and key not in NUMBER_OVERRIDES.get(verdict["code"], ())}:
                assert name in message, where
            if lang != "en":
                assert message != by_lang["en"][verdicts.index(verdict)], where
                assert set(LATIN_WORD.findall(message)) <= KEPT_IN_LATIN, where


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_wording_is_the_rulesets_own(served, ruleset_id):
    """Under UNO Attack a missed UNO costs launcher presses and UNO comes with the
    second-to-last card; under the pile editions it costs cards."""
    verdicts, by_lang = served[ruleset_id]
    launcher = builtin_rulesets()[ruleset_id].data["draw_source"] == "launcher"
    english = dict(zip(((v["code"], v["details"].get("count")) for v in verdicts), by_lang["en"]))
    caught = english[("uno-caught", 2)]
    assert ("presses the launcher 2 times" in caught) is launcher, caught
    assert ("draws 2 cards" in caught) is not launcher, caught
    if launcher:  # a press that fires nothing is said so, never "0 cards"
        assert "no card came out" in english[("drew", 0)]
        assert "0 cards" not in english[("launcher-settled", 0)]
    assert english[("uno-caught", 1)].count("once") == launcher


@pytest.mark.parametrize("lang, message", [
    ("en", "This must be a whole number, like 300."), ("gu", "અહીં પૂર્ણ સંખ્યા જોઈએ, જેમ કે 300."),
    ("hi", "यहाँ पूर्ण संख्या चाहिए, जैसे 300।"), ("ne", "यहाँ पूर्ण सङ्ख्या चाहिन्छ, जस्तै 300।"),
    ("te", "ఇక్కడ పూర్ణ సంఖ్య కావాలి, ఉదాహరణకు 300.")])
def test_ruleset_problems_are_answered_in_the_organisers_language(app, lang, message):
    response = app.test_client().post(f"/v1/rulesets/validate?lang={lang}", headers={"Content-Type": "application/yaml"},
                                      data="id: mine\ntitle: Mine\nextends: classic\nscoring:\n  target: lots\n")
    assert response.status_code == 422
    body = response.get_json()
    assert body["errors"] == [{"path": "/scoring/target", "message": message, "line": 5, "column": 3,
                               "code": "schema-integer", "severity": "error"}]
    assert message in body["detail"] and "is not of type" not in response.get_data(as_text=True)
