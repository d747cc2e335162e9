"""Hints: every legal move of the player who acts, with their hand, from the engine's
enumerator; stateless and for a table."""
from apitest import problem

from phone import Phone

PLAYERS = ["Asha", "Bina", "Chirag"]
STATE = {"players": PLAYERS, "dealer": 0, "current": 1, "direction": "clockwise",
         "top": "red-7", "color": "red", "hand_counts": [7, 7, 7]}
HAND = ["red-3", "blue-7", "green-2", "wild", "wild-draw-four", "red-3", "yellow-skip"]
WD4_PENDING = dict(STATE, current=2, top="wild-draw-four", color="blue", hand_counts=[7, 6, 7],
                   phase="respond", pending={"kind": "draw", "count": 4, "player": 2,
                                             "card": "wild-draw-four", "lose_turn": True, "by": 1,
                                             "prev_color": "red", "prev_top": "red-7"})


def hints(client, state, hand, ruleset="classic"):
    response = client.post(f"/v1/rulesets/{ruleset}/hints", json={"state": state, "hand": hand})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_the_playable_cards_once_each_a_wild_with_its_colours_and_the_draw(client):
    body = hints(client, STATE, HAND)
    assert body["player"] == 1 and body["next"]["player"] == 1
    assert body["moves"] == [
        {"move": {"type": "play", "player": 1, "cards": ["red-3"]}, "code": "played"},
        {"move": {"type": "play", "player": 1, "cards": ["blue-7"]}, "code": "played"},
        {"move": {"type": "play", "player": 1, "cards": ["wild"]}, "code": "played",
         "colors": ["red", "yellow", "green", "blue"]},
        {"move": {"type": "draw", "player": 1, "count": 1}, "code": "drew"},
    ]  # not the Wild Draw Four: the hand holds red, so the judge refuses it


def test_every_hinted_move_is_legal_when_sent(client):
    for hint in hints(client, STATE, HAND)["moves"]:
        move = dict(hint["move"], **({"color": hint["colors"][0]} if "colors" in hint else {}))
        verdict = client.post("/v1/rulesets/classic/check",
                              json={"state": STATE, "move": move, "hand": HAND}).get_json()
        assert verdict["legal"] and verdict["code"] == hint["code"], (move, verdict["code"])


def test_a_play_that_leaves_one_card_is_hinted_with_the_uno_call(client):
    moves = hints(client, dict(STATE, hand_counts=[7, 2, 7]), ["red-3", "green-2"])["moves"]
    assert moves[0] == {"move": {"type": "play", "player": 1, "cards": ["red-3"], "uno": True},
                        "code": "played"}
    assert [m["move"]["type"] for m in moves] == ["play", "draw"]


def test_a_pending_wild_draw_four_is_accepted_or_challenged(client):
    moves = hints(client, WD4_PENDING, HAND)["moves"]
    assert moves == [{"move": {"type": "accept", "player": 2}, "code": "draw-accepted"},
                     {"move": {"type": "challenge", "player": 2}, "code": None, "needs": "hand"}]


def test_a_catchable_player_is_hinted_to_everyone_else(client):
    state = dict(STATE, current=2, hand_counts=[7, 1, 7], uno={"called": [], "catchable": [1]})
    moves = hints(client, state, HAND)["moves"]
    catches = [m["move"] for m in moves if m["move"]["type"] == "catch-uno"]
    assert catches == [{"type": "catch-uno", "player": 0, "target": 1},
                       {"type": "catch-uno", "player": 2, "target": 1}]
    assert all(m["code"] == "uno-caught" for m in moves if m["move"]["type"] == "catch-uno")


def test_the_hand_must_be_the_whole_hand_of_the_player_who_acts(client):
    body = problem(client.post("/v1/rulesets/classic/hints",
                               json={"state": STATE, "hand": HAND[:3]}), 422)
    assert body["errors"][0]["path"] == "/hand"
    body = problem(client.post("/v1/rulesets/classic/hints",
                               json={"state": STATE, "hand": ["red-3"] * 6 + ["purple-3"]}), 422)
    assert body["errors"][0]["path"] == "/hand/6"
    body = problem(client.post("/v1/rulesets/classic/hints", json={"state": STATE}), 422)
    assert body["errors"][0]["path"] == "/hand"


def test_a_tables_hints_use_its_state_now(client):
    phone = Phone(client, "classic", PLAYERS, seed=3)
    phone.open()
    seat = phone.next["player"]
    response = client.post(f"/v1/tables/{phone.table}/hints?lang=te",
                           json={"hand": phone.hands[seat]})
    body = response.get_json()
    assert response.status_code == 200 and body["table"] == phone.table and body["seq"] == 0
    plays = {m["move"]["cards"][0] for m in body["moves"] if m["move"]["type"] == "play"}
    unrestricted = {c for c in phone.playable(seat) if c != "wild-draw-four"}
    assert unrestricted and unrestricted <= plays <= set(phone.playable(seat))
    assert body["next"]["message"].startswith("ఇప్పుడు")
    assert client.post("/v1/tables/no-such-table-0/hints", json={"hand": []}).status_code == 404


# UNO Flip: after a Flip the dark side is up, and every hand holds dark faces.
DARK_HAND = ["pink-2", "teal-3", "orange-4", "purple-5", "pink-skip-everyone", "teal-7"]
FLIP_OPENING = {"ruleset": "flip", "players": PLAYERS, "dealer": 0, "first_card": "red-5"}
LANGS = ("en", "gu", "hi", "ne", "te")


def _flipped_table(client):
    opened = client.post("/v1/tables", json=FLIP_OPENING)
    assert opened.status_code == 201, opened.get_json()
    table = opened.get_json()
    assert table["state"]["current"] == 1
    played = client.post(f"/v1/tables/{table['id']}/moves", json={"move": {
        "type": "play", "player": 1, "cards": ["red-flip"], "turned_up": "pink-3"}})
    assert played.status_code == 200 and played.get_json()["legal"], played.get_json()
    state = played.get_json()["state"]
    assert state["side"] == "dark" and state["current"] == 2
    return table["id"], state


def _dark_hints_are_the_dark_plays(body):
    plays = [m["move"]["cards"] for m in body["moves"] if m["move"]["type"] == "play"]
    assert ["pink-2"] in plays and ["teal-3"] in plays and ["pink-skip-everyone"] in plays
    assert ["orange-4"] not in plays  # neither pink nor a 3
    assert body["player"] == 2


def test_a_flipped_tables_hints_read_the_hand_on_the_dark_side(client):
    table, state = _flipped_table(client)
    for lang in LANGS:
        response = client.post(f"/v1/tables/{table}/hints?lang={lang}",
                               json={"hand": DARK_HAND + ["pink-9"]})
        assert response.status_code == 200, (lang, response.get_json())
        _dark_hints_are_the_dark_plays(response.get_json())
    # a light-side face is not a card of the side up
    body = problem(client.post(f"/v1/tables/{table}/hints",
                               json={"hand": DARK_HAND + ["red-9"]}), 422)
    assert body["errors"][0]["path"] == "/hand/6" and body["errors"][0]["code"] == "unknown-card"


def test_stateless_flip_hints_read_the_hand_on_the_side_the_state_says_is_up(client):
    _table, state = _flipped_table(client)
    hand = DARK_HAND + ["pink-9"]
    for lang in LANGS:
        response = client.post(f"/v1/rulesets/flip/hints?lang={lang}",
                               json={"state": state, "hand": hand})
        assert response.status_code == 200, (lang, response.get_json())
        body = response.get_json()
        _dark_hints_are_the_dark_plays(body)
        for hint in body["moves"]:  # each hinted move is legal when sent
            move = dict(hint["move"], **({"color": hint["colors"][0]} if "colors" in hint else {}))
            verdict = client.post(f"/v1/rulesets/flip/check?lang={lang}",
                                  json={"state": state, "move": move, "hand": hand}).get_json()
            assert verdict["legal"] and verdict["code"] == hint["code"], (move, verdict)
    light = dict(state, side="light", top="red-5", color="red")
    body = problem(client.post("/v1/rulesets/flip/hints", json={"state": light, "hand": hand}), 422)
    assert body["errors"][0]["path"] == "/hand/0" and body["errors"][0]["code"] == "unknown-card"
