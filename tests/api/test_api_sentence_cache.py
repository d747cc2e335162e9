"""Sentences are rendered once and then served from a cache (referee/api/context.py):
an answer must still say what the text package says for that verdict, in the asked
language, with that table's names and that ruleset's wording, however the requests
before it were worded."""
import itertools

from referee.api.context import SentenceCache
from referee.text.table import message, next_message

STATE = {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1,
         "direction": "clockwise", "top": "red-7", "color": "red", "hand_counts": [7, 7, 7]}
PLAYS = [{"type": "play", "player": 1, "cards": ["red-3"]},
         {"type": "play", "player": 1, "cards": ["blue-3"]}]  # illegal: its own sentence
MOVES = {"classic": PLAYS + [{"type": "draw", "player": 1}],
         "attack": PLAYS + [{"type": "draw", "player": 1, "count": 2}]}  # the launcher fired 2
NAMES = (["Asha", "Bina", "Chirag"], ["ચિરાગ", "रवि", "సీత"])


def _check(client, ruleset, lang, players, move):
    body = {"state": dict(STATE, players=players), "move": move}
    response = client.post(f"/v1/rulesets/{ruleset}/check?lang={lang}", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_every_answer_says_what_the_text_package_says_for_it(app, client):
    catalog = app.extensions["referee"].catalog
    # Interleaved so that a key missing the language, the names or the ruleset would
    # serve an earlier request's sentence.
    for _ in range(2):
        for ruleset, lang, players, move in (
                (ruleset, lang, players, move) for ruleset, lang, players in
                itertools.product(MOVES, ("en", "hi", "te"), NAMES) for move in MOVES[ruleset]):
            answer = _check(client, ruleset, lang, players, move)
            rules = catalog.rules(catalog.find(ruleset))
            verdict = {key: value for key, value in answer.items()
                       if key not in ("message", "ruleset")}
            assert answer["message"] == message(verdict, lang, players, rules)
            action = {key: value for key, value in answer["next"].items() if key != "message"}
            assert answer["next"]["message"] == next_message(action, lang, players, rules)


def test_the_cache_keeps_at_most_its_size_and_drops_the_oldest_first():
    cache, rendered = SentenceCache(size=2), []

    def render(text):
        def again():
            rendered.append(text)
            return text
        return again

    rules = object()
    for text in ("a", "b", "a", "c", "a", "b"):
        assert cache.get(render(text), "verdict", {"code": text}, "en", [], rules) == text
    # a and b rendered, a served from the cache; then c pushed out a, the oldest,
    # which pushed out b when it came back.
    assert rendered == ["a", "b", "c", "a", "b"]
    assert len(cache._entries) == 2


def test_another_ruleset_gets_its_own_sentence():
    # Two compiled rulesets may word the same verdict differently (presses, not cards).
    cache, classic, attack = SentenceCache(), object(), object()
    said = {"code": "uno-caught", "details": {"player": 0, "target": 1}}
    assert cache.get(lambda: "two cards", "verdict", said, "en", [], classic) == "two cards"
    assert cache.get(lambda: "two presses", "verdict", said, "en", [], attack) == "two presses"
    assert cache.get(lambda: "unused", "verdict", said, "en", [], classic) == "two cards"


def test_values_that_compare_equal_in_python_are_told_apart():
    # 1 == 1.0 == True in Python, yet "1 card" and "1.0" and "true" may be worded apart.
    cache, rendered = SentenceCache(), []
    rules = object()
    for value in (1, 1.0, True, "1", 2**70, 1, 2**70):
        cache.get(lambda value=value: rendered.append(value) or str(value),
                  "verdict", {"count": value}, "en", [], rules)
    assert rendered == [1, 1.0, True, "1", 2**70]
