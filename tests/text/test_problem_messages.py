"""Every ruleset problem code has a plain message in all five languages, and the API,
the CLI and the workshop all read it from the same table."""
import re

import pytest

from referee.rules.errors import PROBLEM_MESSAGES, coded
from referee.text.catalogs import LANGUAGES, use_locales_dir
from referee.text.problems import problem_message
from referee.text.render import placeholders

from text_support import LOCALES

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(autouse=True)
def repository_catalogs():
    previous = use_locales_dir(LOCALES)
    yield
    use_locales_dir(previous)


def sample_params(template):
    texts = template if isinstance(template, tuple) else (template,)
    return {name: 2 for text in texts for name in placeholders(text)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("code", sorted(PROBLEM_MESSAGES))
def test_every_problem_code_has_a_message_in_every_language(code, lang):
    template = PROBLEM_MESSAGES[code]
    params = sample_params(template)
    message = problem_message(code, params, lang)
    english = problem_message(code, params, "en")
    assert message and "{" not in message
    if lang != "en":
        assert message != english, (code, lang)
        # only the ruleset's own keys and values (written in Latin letters in the file) stay English
        keys = set(LATIN_WORD.findall(" ".join(template if isinstance(template, tuple) else (template,))))
        assert set(LATIN_WORD.findall(message)) <= keys | {"UNO", "YAML", "KiB", "NUL", "UTF", "extends", "extend", "fuzzy"}, (code, message)


def test_a_problem_keeps_its_code_and_parameters():
    problem_code = coded("schema-enum", allowed=["pile", "launcher"])
    assert problem_message(problem_code.code, dict(problem_code.params), "hi") == "यहाँ इनमें से एक चाहिए: pile या launcher।"


EFFECTS = [
    {"type": "turn", "player": 1}, {"type": "skip", "player": 2}, {"type": "draw", "player": 1, "count": 2},
    {"type": "launcher", "player": 1, "presses": 2, "until_cards": False},
    {"type": "launcher", "player": 1, "presses": None, "until_cards": True},
    {"type": "launcher-fired", "player": 0, "presses": 1, "count": 0},
    {"type": "launcher-fired", "player": 0, "presses": 1, "count": 3},
    {"type": "discard-all", "player": 0, "color": "green", "count": 3}, {"type": "color", "color": "yellow"},
    {"type": "extra-play", "player": 0}, {"type": "uno", "player": 0}, {"type": "catchable", "player": 0},
    {"type": "trade-hands", "player": 0, "target": 2}, {"type": "pass-hands", "direction": "clockwise"},
    {"type": "flip", "side": "dark", "top": "wild"},
    {"type": "direction", "direction": "counterclockwise"}, {"type": "round-over", "winner": 0},
    {"type": "score", "player": 0, "points": 35}, {"type": "game-over", "winner": 0},
    {"type": "reshuffle", "count": 40}, {"type": "out", "player": 1, "count": 25, "lasts": "round"},
    {"type": "out", "player": 1, "count": 25, "lasts": "game"},
    {"type": "eliminated", "player": 1, "count": 9}, {"type": "finished", "player": 2, "place": 1},
    {"type": "corrected", "to_seq": 4, "taken_back": [5, 6]},
    {"type": "rescore", "round": 1, "player": 1, "points": 52},
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mercy_knock_out_for_the_game_reads_otherwise_than_one_for_the_round(lang):
    from referee.text.effects import effect_text

    players = ["Asha", "Bina", "Chirag"]
    for_round, for_game = (effect_text({"type": "out", "player": 1, "count": 25, "lasts": lasts}, lang, players)
                           for lasts in ("round", "game"))
    assert for_round != for_game and "Bina" in for_game and "25" in for_game
    if lang == "en":
        assert "out of the game" in for_game and "out of this round" in for_round


def test_the_practice_board_examples_cover_every_declared_effect_type():
    from referee.engine.effects import EFFECTS as DECLARED

    assert {effect["type"] for effect in EFFECTS} == set(DECLARED)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_effect_of_the_practice_board_is_a_sentence_in_every_language(lang):
    from referee.text.effects import effect_text

    players = ["Asha", "Bina", "Chirag"]
    for effect in EFFECTS:
        text = effect_text(effect, lang, players)
        assert text and "{" not in text and "?" not in text, effect
        assert set(LATIN_WORD.findall(text)) <= {"UNO", *players}, (effect, text)
        assert text != effect_text(effect, "en", players)
    assert effect_text({"type": "new-in-v2"}, lang, players) is None
