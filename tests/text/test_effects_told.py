"""Every effect a move has is told: a verdict's message says each effect its own
sentences do not, naming the player it acts on (who draws after a Wild Targeted Draw
Two, who loses the turn, who the mercy rule knocks out), and `next` names the player
whose turn it is; in all five languages. The verdicts come from games the engine plays."""
import pytest

from referee.engine.effects import EFFECTS, SEAT
from referee.engine.judge import judge
from referee.engine.next import next_action
from referee.engine.rules import compiled
from referee.engine.simulate import simulate
from referee.text.catalogs import LANGUAGES
from referee.text.effects import effect_text
from referee.text.table import TOLD_BY_CODE, message, next_message, untold_effects

# Where the engine's own games show each effect type (ruleset, seed), checked below.
GAMES = [("classic", 1), ("attack", 1), ("flip", 1), ("no-mercy", 1), ("no-mercy", 2),
         ("elimination", 1), ("play-for-places", 1), ("all-wild", 1), ("mercy-rule", 1)]
NAMES = {"en": ["Asha", "Bina", "Chirag", "Dev"], "gu": ["આશા", "બીના", "ચિરાગ", "દેવ"],
         "hi": ["आशा", "बीना", "चिराग", "देव"], "ne": ["आशा", "बीना", "चिराग", "देव"],
         "te": ["ఆశ", "బీనా", "చిరాగ్", "దేవ్"]}


@pytest.fixture(scope="module")
def verdicts(rulesets):
    """Every verdict of a few games per ruleset: (ruleset data, verdict JSON, next)."""
    found = []
    for ruleset_id, seed in GAMES:
        data = rulesets[ruleset_id]
        rules = compiled(data)
        for state, move, hand in simulate(rules, 1, seed, 4, record=True).recorded:
            verdict = judge(rules, state, move, hand)
            found.append((data, verdict.to_json(), next_action(rules, verdict.state)))
    return found


def _first_with(verdicts, effect_type, told=None):
    for data, verdict, action in verdicts:
        told_here = effect_type in TOLD_BY_CODE.get(verdict["code"], ())
        for effect in verdict["effects"]:
            if effect["type"] == effect_type and (told is None or told == told_here):
                return data, verdict, effect, action
    return None


def _seats(effect):
    fields = EFFECTS[effect["type"]]["fields"]
    return [effect[name] for name, spec in fields.items() if spec is SEAT and name in effect]


# (a correction and a past round scored again are table moves, never in a simulated game:
# tests/api/test_api_rescore.py hears the rescore's)
SAID_IN_MESSAGE = sorted(set(EFFECTS) - {"turn", "corrected", "rescore"})


@pytest.mark.parametrize("effect_type", SAID_IN_MESSAGE)
def test_an_effect_the_code_does_not_say_gets_its_own_sentence(verdicts, effect_type):
    found = _first_with(verdicts, effect_type, told=False)
    if found is None:  # every verdict with it says it itself: checked below
        assert _first_with(verdicts, effect_type, told=True), f"no game here shows {effect_type}"
        return
    data, verdict, effect, _action = found
    for lang in LANGUAGES:
        said = message(verdict, lang, NAMES[lang], data)
        sentence = effect_text(effect, lang, NAMES[lang])
        assert sentence and sentence in said, (lang, said)
        for seat in _seats(effect):
            assert NAMES[lang][seat] in sentence, (lang, sentence)


@pytest.mark.parametrize("effect_type", SAID_IN_MESSAGE)
def test_an_effect_the_code_says_names_its_player(verdicts, effect_type):
    found = _first_with(verdicts, effect_type, told=True) or _first_with(verdicts, effect_type)
    assert found, f"no game here shows {effect_type}"
    data, verdict, effect, _action = found
    for lang in LANGUAGES:
        said = message(verdict, lang, NAMES[lang], data)
        for seat in _seats(effect):
            assert NAMES[lang][seat] in said, (lang, effect, said)


def test_the_turn_is_said_by_next_with_the_players_name(verdicts):
    data, verdict, effect, action = _first_with(verdicts, "turn")
    for lang in LANGUAGES:
        assert NAMES[lang][effect["player"]] in next_message(action, lang, NAMES[lang], data)


def test_wild_targeted_draw_two_says_who_draws(verdicts):
    data, verdict, effect, _action = next(
        (data, verdict, effect, action) for data, verdict, action in verdicts
        if verdict["code"] == "played" and verdict["details"].get("card") == "wild-targeted-draw-two"
        for effect in verdict["effects"] if effect["type"] == "draw")
    said = message(verdict, "en", NAMES["en"], data)
    assert f"{NAMES['en'][effect['player']]} draws 2 cards." in said, said
    for lang in LANGUAGES:
        assert NAMES[lang][effect["player"]] in message(verdict, lang, NAMES[lang], data)


def test_a_player_the_mercy_rule_knocks_out_is_told(verdicts):
    data, verdict, effect, _action = _first_with(verdicts, "out")
    said = message(verdict, "en", NAMES["en"], data)
    out_of = "the game" if effect.get("lasts") == "game" else "this round"
    assert f"{NAMES['en'][effect['player']]} holds too many cards and is out of {out_of}" in said, said
    assert untold_effects(verdict)


def test_a_skip_names_who_loses_the_turn(verdicts):
    data, verdict, effect, _action = next(
        (data, verdict, effect, action) for data, verdict, action in verdicts
        if verdict["code"] == "played" and verdict["details"].get("card", "").endswith("-skip")
        for effect in verdict["effects"] if effect["type"] == "skip")
    assert f"{NAMES['en'][effect['player']]} loses their turn." in message(verdict, "en", NAMES["en"], data)
