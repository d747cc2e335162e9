"""Every sentence of an answer starts with a capital where the script has case,
through HTTP, in every language: "... red 4. Red Discard All is now on top", "Blue 3
does not match ...". A player's name stays as typed, even at a sentence's start."""
import re

import pytest

LANGS = ("en", "gu", "hi", "ne", "te")
STATE = {"players": ["asha", "Bina", "Chirag"], "dealer": 0, "current": 1, "direction": "clockwise",
         "top": "red-7", "color": "red", "hand_counts": [7, 7, 7]}
MOVES = [
    ("attack", {"type": "play", "player": 1, "cards": ["red-discard-all", "red-3", "red-4"]},
     "Bina played 3 cards together: red Discard All, red 3, and red 4. Red Discard All is now on top, "
     "and the colour in play is red."),
    ("classic", {"type": "play", "player": 1, "cards": ["blue-3"]}, None),
    ("classic", {"type": "play", "player": 0, "cards": ["red-3"]}, None),  # asha, out of turn
]
SENTENCE = re.compile(r"(?:^|(?<=[.!?।]) )(\S)")


def sentence_starts(text):
    return [match.start(1) for match in SENTENCE.finditer(text)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset, move, english", MOVES, ids=["discard-all", "mismatch", "not-your-turn"])
def test_every_sentence_starts_with_a_capital_where_the_script_has_case(client, lang, ruleset, move, english):
    response = client.post(f"/v1/rulesets/{ruleset}/check?lang={lang}", json={"state": STATE, "move": move})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    for text in (body["message"], body["next"]["message"]):
        for start in sentence_starts(text):
            if text.startswith("asha", start):
                continue  # the name as typed
            assert not text[start].islower(), (text, text[start:start + 20])
    if lang == "en" and english:
        assert body["message"] == english
    if lang == "en" and move["cards"] == ["blue-3"]:
        assert body["message"].startswith("Blue 3 does not match"), body["message"]
