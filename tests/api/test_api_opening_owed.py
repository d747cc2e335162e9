"""The opening verdict when the first card turned up makes the first player draw (or
press the launcher): it says so, as `next` does, instead of "... and Bina plays
first" (Bina draws and loses the turn). In every language, at a table's start and at
the deal of a later round."""
import pytest

from referee.engine.rules import compiled
from referee.rules import builtin_rulesets
from referee.text.catalogs import translator
from referee.text.verdicts import MESSAGES, render_details

from test_api_points_every_ruleset import play_to_round_end, points_for

LANGS = ("en", "gu", "hi", "ne", "te")
PLAYERS = ["Asha", "Bina", "Chirag"]
# ruleset, first card (and colour), what the first player owes, the English opening
OWING = [
    ("classic", {"first_card": "blue-draw-two"}, "draw",
     "The game has started: blue Draw Two is the first card on the discard pile, and the colour "
     "in play is blue. It makes Bina draw 2 cards and miss the turn."),
    ("flip", {"first_card": "red-draw-one"}, "draw",
     "The game has started: red Draw One is the first card on the discard pile, and the colour "
     "in play is red. It makes Bina draw 1 card and miss the turn."),
    ("attack", {"first_card": "red-hit-two"}, "launcher",
     "The game has started: red Hit 2 is the first card on the discard pile, and the colour in "
     "play is red. It makes Bina press the launcher 2 times and miss the turn."),
    ("all-wild", {"first_card": "wild-draw-four"}, "draw",
     "The game has started: Wild Draw Four is the first card on the discard pile, and no colour "
     "is in play. It makes Bina draw 4 cards and miss the turn."),
]


def plain_opening(verdict, lang, ruleset_id, code="table-opened", players=PLAYERS):
    """The opening sentence that says "... plays first", as the catalog words it."""
    rules = compiled(builtin_rulesets()[ruleset_id].data)
    tr = translator(lang)
    details = verdict["details"]
    key = f"{code}/any" if details.get("color") is None else code
    sentence, = MESSAGES[key]
    return tr.gettext(sentence.singular, **render_details(code, details, tr, players, rules))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset_id, opening, owes, english", OWING, ids=[case[0] for case in OWING])
def test_an_opening_that_makes_the_first_player_draw_says_so(client, lang, ruleset_id, opening, owes, english):
    response = client.post(f"/v1/tables?lang={lang}", json={"ruleset": ruleset_id, "players": PLAYERS,
                                                           "dealer": 0, **opening})
    assert response.status_code == 201, response.get_json()
    table = response.get_json()
    verdict = table["verdict"]
    assert verdict["details"]["first_player"] == 1
    now = client.get(f"/v1/tables/{table['id']}?lang={lang}").get_json()["next"]
    assert now["situation"] == ("answer-draw" if owes == "draw" else "answer-launcher") and now["player"] == 1
    said = verdict["message"]
    assert said != plain_opening(verdict, lang, ruleset_id)
    assert "Bina" in said and said.count("Bina") == 1
    if lang == "en":
        assert said == english


@pytest.mark.parametrize("lang", LANGS)
def test_an_opening_on_a_number_card_still_says_who_plays_first(client, lang):
    response = client.post(f"/v1/tables?lang={lang}", json={"ruleset": "classic", "players": PLAYERS,
                                                           "dealer": 0, "first_card": "blue-7"})
    verdict = response.get_json()["verdict"]
    assert verdict["message"] == plain_opening(verdict, lang, "classic")


@pytest.mark.parametrize("lang", LANGS)
def test_a_later_round_dealt_on_a_draw_card_says_so(client, lang):
    table, state = play_to_round_end(client, "classic")
    scored = client.post(f"/v1/tables/{table}/moves", json={"move": {"type": "score", "points": points_for(state)}})
    assert scored.status_code == 200 and scored.get_json()["next"]["situation"] == "deal"
    dealt = client.post(f"/v1/tables/{table}/moves?lang={lang}",
                        json={"move": {"type": "deal", "first_card": "green-draw-two"}})
    assert dealt.status_code == 200, dealt.get_json()
    verdict = dealt.get_json()
    assert verdict["code"] == "round-dealt" and verdict["next"]["situation"] == "answer-draw"
    first = verdict["details"]["first_player"]
    assert verdict["next"]["player"] == first
    players = verdict["state"]["players"]
    assert verdict["message"] != plain_opening(verdict, lang, "classic", "round-dealt", players)
    assert f"P{first}" in verdict["message"]
    if lang == "en":
        assert verdict["message"] == (
            f"Round 2 is dealt: green Draw Two is the first card on the discard pile, and the colour "
            f"in play is green. It makes P{first} draw 2 cards and miss the turn.")
