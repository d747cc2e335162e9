"""A verdict's `spoken` words (docs/speech.md, "`spoken`: the words said aloud"): what
docs/speech.md's table claims, the same field on a table's moves, its events and its
`next`, in every language written for that language's voice, and every spoken sentence
a catalog message the translators see as one (msgctxt "spoken", a comment saying so)."""
import re
import time
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from apitest import OPENING, bearer
from referee.text.table import SPOKEN_ANSWERS, SPOKEN_NEXT
from referee.text.verdicts import SPOKEN

ROOT = Path(__file__).resolve().parents[2]
SPEECH_DOC = (ROOT / "docs" / "speech.md").read_text(encoding="utf-8")
LANGS = ("en", "gu", "hi", "ne", "te")

# The moves of the doc's table, each judged on the opening (red 7, Bina to play).
DOC_MOVES = [
    {"type": "play", "player": 1, "cards": ["red-3"]},
    {"type": "play", "player": 2, "cards": ["red-3"]},
    {"type": "play", "player": 1, "cards": ["blue-4"]},
]


def doc_pairs():
    section = SPEECH_DOC.split("## `spoken`: the words said aloud", 1)[1].split("\n## ", 1)[0]
    pairs = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 2 and not cells[0].startswith(("`", "---")):
            pairs.append(tuple(cells))
    return pairs


def check(client, table, move, lang="en"):
    response = client.post(f"/v1/rulesets/classic/check?lang={lang}",
                           json={"state": table["state"], "move": move})
    assert response.status_code == 200
    return response.get_json()


def test_the_docs_table_of_spoken_words_is_what_the_service_says(client, table):
    said = {}
    for move in DOC_MOVES:
        verdict = check(client, table, move)
        said[verdict["message"]] = verdict["spoken"]
        said[verdict["next"]["message"]] = verdict["next"]["spoken"]
    pairs = doc_pairs()
    assert len(pairs) == 4
    for written, spoken in pairs:
        assert said.get(written) == spoken, (written, said)


def test_a_table_move_its_event_and_the_tables_next_carry_spoken_words(client):
    opened = client.post("/v1/tables?lang=hi", json=OPENING).get_json()
    moved = client.post(f"/v1/tables/{opened['id']}/moves?lang=hi", headers=bearer(opened["secret"]),
                        json={"move": {"type": "play", "player": 1, "cards": ["red-3"]}, "expect_seq": 0})
    answer = moved.get_json()
    assert answer["spoken"] == "Bina: लाल 3। अब रंग लाल।"
    assert answer["next"]["spoken"] == "Chirag, आपकी बारी।"
    event = client.get(f"/v1/tables/{opened['id']}/events?lang=hi").get_json()["events"][-1]
    assert event["verdict"]["spoken"] == answer["spoken"]
    assert event["verdict"]["next"]["spoken"] == answer["next"]["spoken"]
    now = client.get(f"/v1/tables/{opened['id']}?lang=hi").get_json()
    assert now["next"]["spoken"] == answer["next"]["spoken"]


@pytest.mark.parametrize("lang", LANGS)
def test_spoken_words_are_shorter_and_written_for_the_languages_voice(client, table, lang):
    played = check(client, table, DOC_MOVES[0], lang)
    assert len(played["spoken"]) < len(played["message"])
    assert len(played["next"]["spoken"]) < len(played["next"]["message"])
    # The Nepali voice reads Latin digits in English: the spoken words have Nepali ones.
    assert ("३" in played["spoken"]) == (lang == "ne") and "3" in played["message"]
    # UNO in the language's own script (the Indic voices switch to English for it; the
    # English voice says "Oono" as UNO is said).
    two_left = dict(table["state"], hand_counts=[7, 2, 7])
    down_to_one = client.post("/v1/rulesets/classic/check", json={  # without calling UNO
        "state": two_left, "move": DOC_MOVES[0]}).get_json()["state"]
    caught = client.post(f"/v1/rulesets/classic/check?lang={lang}", json={
        "state": down_to_one, "move": {"type": "catch-uno", "player": 2, "target": 1}}).get_json()
    assert caught["code"] == "uno-caught", caught
    spelled = {"en": "Oono", "gu": "ઊનો", "hi": "ऊनो", "ne": "ऊनो", "te": "ఊనో"}[lang]
    assert "UNO" in caught["message"] and "UNO" not in caught["spoken"]
    assert spelled in caught["spoken"]


def _catalog(lang):
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle)


@pytest.mark.parametrize("lang", ["gu", "hi", "ne", "te"])
def test_every_spoken_sentence_is_a_catalog_message_translated_and_marked_for_speech(lang):
    catalog = _catalog(lang)
    sentences = ([sentence for said in SPOKEN.values() for sentence in said] + list(SPOKEN_NEXT.values())
                 + list(SPOKEN_ANSWERS.values()))
    for sentence in sentences:
        message = catalog.get(sentence.singular, context="spoken")
        assert message is not None, sentence.singular
        assert any("SPOKEN ALOUD" in comment for comment in message.auto_comments), sentence.singular
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and "fuzzy" not in message.flags, (lang, sentence.singular)
        # written for the ear: no parentheses (a voice pauses mid-phrase at them)
        assert not re.search(r"[()]", "".join(strings)), (lang, strings)


def test_the_doc_names_every_verdict_and_next_that_has_spoken_words():
    listed = SPEECH_DOC.split("Spoken variants exist for", 1)[1].split("\n\n", 1)[0]
    verdicts, nexts = listed.split("next:", 1)
    assert set(re.findall(r"`([a-z/-]+)`", verdicts)) == set(SPOKEN)
    assert set(re.findall(r"`([a-z/-]+)`", nexts.split(")")[0])) == set(SPOKEN_NEXT)


def seconds_said(text, lang):
    """espeak-ng's seconds of speech for `text`, as GET /v1/speech would say it."""
    from referee.service import speech
    wav = speech._espeak_wav(speech.VOICES[lang], speech.spoken(text, lang), time.monotonic() + 10)
    return (len(wav) - speech.WAV_HEADER) / (speech.SAMPLE_RATE * 2)


@pytest.mark.parametrize("lang", LANGS)
def test_the_commonest_verdict_is_said_within_4_seconds_and_far_quicker_than_written(client, table, lang):
    import shutil
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is missing (scripts/system-deps.sh installs it)", pytrace=False)
    played = check(client, table, DOC_MOVES[0], lang)  # a play: 46% of the moves of a game
    spoken = f"{played['spoken']} {played['next']['spoken']}"
    written = f"{played['message']} {played['next']['message']}"
    assert seconds_said(played["spoken"], lang) <= 4.0
    assert seconds_said(spoken, lang) <= 0.7 * seconds_said(written, lang), (spoken, written)


# Verdicts of real Classic moves (as bench/speech.py's random games record them: Asha,
# Bina, Chirag), the rare long ones: what the table must hear, said in a few seconds.
PLAYERS = ["Asha", "Bina", "Chirag"]
RARE_VERDICTS = {
    "challenge-failed": ({"player": 0, "target": 2, "card": "wild-draw-four", "color": "red", "count": 6},
                         [{"type": "draw", "player": 0, "count": 6}, {"type": "skip", "player": 0}],
                         "Challenge failed: Asha draws 6 cards.", ("Asha", "6")),
    "went-out": ({"player": 0, "card": "yellow-7"}, [{"type": "round-over", "winner": 0}],
                 "Asha wins the round!", ("Asha",)),
    "round-scored": ({"player": 0, "points": 19, "total": 19}, [{"type": "score", "player": 0, "points": 19}],
                     "Asha scores 19 points. Total 19.", ("Asha", "19")),
    "game-won": ({"player": 0, "points": 119, "total": 504, "target": 500},
                 [{"type": "score", "player": 0, "points": 119}, {"type": "game-over", "winner": 0}],
                 "Asha wins the game with 504 points!", ("Asha", "504")),
    "round-dealt": ({"first_player": 2, "top": "yellow-8", "color": "yellow", "round": 2}, [],
                    "Round 2: yellow 8. Now yellow.", ("2", "8")),
}
NEXT_AFTER = {"went-out": ({"situation": "score", "winner": 0}, "Now score the round."),
              "round-scored": ({"situation": "deal", "round": 1, "next_round": 2}, "Deal round 2."),
              "game-won": ({"situation": "game-over", "winner": 0}, "Game over.")}


def _classic():
    from referee.rules import builtin_rulesets
    return builtin_rulesets()["classic"].data


def _espeak_or_fail():
    import shutil
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is missing (scripts/system-deps.sh installs it)", pytrace=False)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", sorted(RARE_VERDICTS))
def test_a_rare_long_verdict_is_said_in_a_few_seconds_with_who_draws_or_wins(code, lang):
    from referee.text.table import message, next_message
    _espeak_or_fail()
    details, effects, english, facts = RARE_VERDICTS[code]
    verdict = {"code": code, "details": details, "effects": effects}
    spoken = message(verdict, lang, PLAYERS, _classic(), spoken=True)
    written = message(verdict, lang, PLAYERS, _classic())
    if lang == "en":
        assert spoken == english
    for fact in facts:  # the name and the number the table must hear
        assert fact in spoken, (fact, spoken)  # Latin digits: the service spells them for the voice
    assert seconds_said(spoken, lang) <= 4.0, spoken
    assert seconds_said(spoken, lang) <= 0.7 * seconds_said(written, lang), (spoken, written)
    if code in NEXT_AFTER:
        action, english_next = NEXT_AFTER[code]
        said_next = next_message(action, lang, PLAYERS, _classic(), spoken=True)
        assert said_next == english_next if lang == "en" else said_next != english_next
        assert seconds_said(said_next, lang) <= 2.5, said_next


def test_a_points_score_is_said_without_its_card_values_which_stay_on_the_screen():
    from referee.text.table import message
    verdict = {"code": "round-scored", "details": {
        "player": 0, "points": 19, "total": 19,
        "values": [{"face_value": ["number"]}, {"kinds": ["skip", "reverse"], "points": 20}]}}
    written = message(verdict, "en", PLAYERS, _classic())
    assert "Card values" in written and "Number cards" in written
    assert message(verdict, "en", PLAYERS, _classic(), spoken=True) == "Asha scores 19 points. Total 19."


@pytest.mark.parametrize("lang", LANGS)
def test_a_pass_and_whose_turn_it_is_now_are_said_within_4_seconds(client, table, lang):
    _espeak_or_fail()
    drawn = client.post("/v1/rulesets/classic/check", json={
        "state": table["state"], "move": {"type": "draw", "player": 1}}).get_json()
    passed = client.post(f"/v1/rulesets/classic/check?lang={lang}", json={
        "state": drawn["state"], "move": {"type": "pass", "player": 1}}).get_json()
    assert passed["code"] == "passed", passed
    said = f"{passed['spoken']} {passed['next']['spoken']}"
    assert seconds_said(said, lang) <= 4.0, said
    assert seconds_said(said, lang) < seconds_said(f"{passed['message']} {passed['next']['message']}", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_draw_card_played_says_the_draw_once_to_the_one_who_draws(client, table, lang):
    _espeak_or_fail()
    played = check(client, table, {"type": "play", "player": 1, "cards": ["wild-draw-four"], "color": "blue"}, lang)
    said = f"{played['spoken']} {played['next']['spoken']}"
    written = f"{played['message']} {played['next']['message']}"
    if lang == "en":
        assert said == ("Bina played Wild Draw Four. Now blue. Chirag loses their turn. "
                        "Chirag, draw 4 cards. Or challenge it.")
    four = "४" if lang == "ne" else "4"
    assert said.count(four) == 1 and written.count("4") == 2, (said, written)
    assert seconds_said(said, lang) <= 0.7 * seconds_said(written, lang), (said, written)
