"""What a correction says about the moves it took back, through HTTP, in every
language: a taken-back correction is named as one (never as the raw code
"corrected"), and a correction of more moves than it names says how many more."""
import pytest

from referee.text.catalogs import translator
from referee.text.table import MORE_TAKEN_BACK, TAKEN_BACK, TAKEN_BACK_CORRECTION, message

from test_api_points_every_ruleset import RULESETS, plain_cards

LANGS = ("en", "gu", "hi", "ne", "te")
PLAYERS = ["Asha", "Bina"]


def table_with_plays(client, plays):
    """A classic table of two with `plays` legal plays recorded (seq 1..plays)."""
    rules = RULESETS["classic"]
    cards = plain_cards(rules)
    opened = client.post("/v1/tables", json={"ruleset": "classic", "players": PLAYERS, "dealer": 0,
                                             "first_card": "red-5"}).get_json()
    table = opened["id"]
    for turn in range(plays):
        now = client.get(f"/v1/tables/{table}").get_json()
        seat, color = now["next"]["player"], now["state"]["color"]
        fitting = [card for card in cards if rules.cards[card].color == color]
        move = {"type": "play", "player": seat, "cards": [fitting[turn % len(fitting)]]}
        if now["state"]["hand_counts"][seat] == 2:
            move["uno"] = True
        verdict = client.post(f"/v1/tables/{table}/moves", json={"move": move}).get_json()
        assert verdict["legal"], verdict
    return table


def correct(client, table, to_seq, lang, player=0):
    seen = client.get(f"/v1/tables/{table}").get_json()["seq"]
    response = client.post(f"/v1/tables/{table}/moves?lang={lang}",
                           json={"move": {"type": "correct", "to_seq": to_seq, "player": player},
                                 "expect_seq": seen})
    assert response.status_code == 200, response.get_json()
    verdict = response.get_json()
    assert verdict["code"] == "corrected"
    return verdict


def prefix(lang):
    """The translated "Taken back:" that starts each named move."""
    return translator(lang).gettext(TAKEN_BACK.singular, verdict="\x00").split("\x00")[0]


@pytest.mark.parametrize("lang", LANGS)
def test_a_correction_never_takes_back_an_earlier_one_and_an_old_log_names_it_as_one(client, lang):
    table = table_with_plays(client, 3)
    first = correct(client, table, 2, "en")           # seq 4: takes back seq 3
    assert first["seq"] == 4
    again = correct(client, table, 3, lang)           # seq 5: back to after seq 3 (a redo)
    said = again["message"]
    tr = translator(lang)
    assert again["details"]["count"] == 0 and again["details"]["taken_back"] == []
    assert "corrected" not in said
    assert TAKEN_BACK_CORRECTION.render(tr, {"to_seq": 2}) not in said
    events = client.get(f"/v1/tables/{table}/events?lang={lang}").get_json()["events"]
    assert events[-1]["verdict"]["message"] == said
    # Logs recorded before corrections skipped earlier ones list them: named as one.
    rules = client.application.extensions["referee"].catalog.rules(
        client.application.extensions["referee"].catalog.find("classic"))
    old = dict(again, details=dict(again["details"], count=1, taken_back=[
        {"seq": 4, "code": "corrected", "legal": True, "details": first["details"]}]))
    said = message(old, lang, PLAYERS, rules)
    assert TAKEN_BACK_CORRECTION.render(tr, {"to_seq": 2}) in said
    assert tr.gettext("The referee ruled: {code}.", code="corrected") not in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_correction_of_ten_moves_says_how_many_it_does_not_name(client, lang):
    table = table_with_plays(client, 10)
    verdict = correct(client, table, 0, lang)
    assert verdict["details"]["count"] == 10
    said = verdict["message"]
    assert said.count(prefix(lang)) == 3
    assert said.endswith(MORE_TAKEN_BACK.render(translator(lang), {"count": 7}))
    if lang == "en":
        assert said.startswith("Asha took back 10 moves: the table is back to how it stood after move 0.")
        assert said.endswith(" Also taken back: 7 more moves.")


@pytest.mark.parametrize("lang", LANGS)
def test_the_wording_follows_the_count_not_the_length_of_the_list(client, lang):
    # A correction may keep only its first taken-back move (and the count): each named
    # move is one sentence from its {code, details}, and the rest is "N more".
    table = table_with_plays(client, 2)
    verdict = correct(client, table, 0, "en")
    rules = client.application.extensions["referee"].catalog.rules(
        client.application.extensions["referee"].catalog.find("classic"))
    first = verdict["details"]["taken_back"][0]
    short = dict(verdict, details=dict(verdict["details"], count=9, taken_back=[first]))
    said = message(short, lang, PLAYERS, rules)
    assert said.count(prefix(lang)) == 1
    assert said.endswith(MORE_TAKEN_BACK.render(translator(lang), {"count": 8}))
