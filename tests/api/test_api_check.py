"""The stateless check: one move against a given state, in the asker's language."""
from apitest import problem


def check(client, state, move, **extra):
    headers = extra.pop("headers", {})
    query = extra.pop("query", "")
    return client.post(f"/v1/rulesets/classic/check{query}", json={"state": state, "move": move, **extra},
                       headers=headers)


def test_a_legal_play_and_the_state_after_it(client, table):
    response = check(client, table["state"], {"type": "play", "player": 1, "cards": ["red-3"]})
    verdict = response.get_json()
    assert response.status_code == 200
    assert verdict["legal"] is True and verdict["code"] == "played"
    assert verdict["state"]["top"] == "red-3" and verdict["state"]["current"] == 2
    assert verdict["state"]["hand_counts"] == [7, 6, 7]
    assert verdict["ruleset"] == {"id": "classic", "version": 1}
    assert verdict["message"] and verdict["rule"]


def test_an_illegal_move_is_a_200_verdict_with_the_state_unchanged(client, table):
    response = check(client, table["state"], {"type": "play", "player": 1, "cards": ["blue-3"]})
    verdict = response.get_json()
    assert response.status_code == 200
    assert verdict["legal"] is False and verdict["code"] == "card-does-not-match"
    assert verdict["state"]["top"] == table["state"]["top"]
    assert verdict["state"]["hand_counts"] == table["state"]["hand_counts"]


def test_messages_follow_lang_then_accept_language(client, table):
    move = {"type": "play", "player": 2, "cards": ["red-3"]}
    english = check(client, table["state"], move)
    assert english.headers["Content-Language"] == "en"
    assert "Accept-Language" in english.headers["Vary"]
    hindi = check(client, table["state"], move, headers={"Accept-Language": "hi-IN,hi;q=0.9"})
    assert hindi.headers["Content-Language"] == "hi"
    telugu = check(client, table["state"], move, query="?lang=te",
                   headers={"Accept-Language": "hi"})
    assert telugu.headers["Content-Language"] == "te"
    assert telugu.get_json()["code"] == english.get_json()["code"] == "not-your-turn"
    # Messages in Indic scripts come back readable, not as \\u escapes.
    assert "\\u" not in telugu.get_data(as_text=True)


def test_a_shown_hand_decides_hand_dependent_rules(client, table):
    move = {"type": "play", "player": 1, "cards": ["wild-draw-four"], "color": "blue"}
    others = ["blue-2", "blue-4", "green-5", "yellow-6", "green-9"]  # Bina holds 7 cards
    holding_red = check(client, table["state"], move, hand=["wild-draw-four", "red-2", *others])
    assert holding_red.get_json()["legal"] is False
    no_red = check(client, table["state"], move, hand=["wild-draw-four", "blue-1", *others])
    assert no_red.get_json()["legal"] is True


def test_a_state_that_makes_no_sense_is_422(client, table):
    state = dict(table["state"], current=17)
    response = check(client, state, {"type": "draw", "player": 1})
    assert any(e["path"].startswith("/state/") for e in problem(response, 422)["errors"])


def test_a_state_listing_a_finisher_still_in_the_round_is_422(client):
    """Playing on for places: a seat in `places` has finished and must be out while the
    round is live."""
    state = {"players": ["Asha", "Bina", "Chirag"], "current": 1, "top": "red-5",
             "hand_counts": [0, 3, 1], "places": [0]}
    response = client.post("/v1/rulesets/play-for-places/check",
                           json={"state": state, "move": {"type": "play", "player": 1, "cards": ["red-4"]}})
    errors = problem(response, 422)["errors"]
    assert [(e["path"], e["code"]) for e in errors] == [("/state/places", "contradicts-table")]


def test_a_seating_that_is_not_a_permutation_is_422(client):
    """Shuffling seats: the new seating lists every seat once; a seat twice is refused
    with its own code, a seating of the wrong length with wrong-count."""
    state = {"players": ["Asha", "Bina", "Chirag"], "current": 0, "top": "red-4", "hand_counts": [0, 3, 2],
             "phase": "round-over", "winner": 0, "scored": True, "scores": [35, 0, 0]}
    for seating, code in (([1, 1, 0], "not-a-permutation"), ([0, 1], "wrong-count"), ([0, 1, 3], "not-a-permutation")):
        response = client.post("/v1/rulesets/shuffle-seats/check", json={
            "state": state, "move": {"type": "deal", "first_card": "red-7", "seating": seating}})
        errors = problem(response, 422)["errors"]
        assert [(e["path"], e["code"]) for e in errors] == [("/move/seating", code)]


def test_a_challengeable_draw_sent_without_the_card_it_was_played_on_is_refused_not_a_500(client):
    """A pending Wild Draw Four that names who played it (`by`) is challengeable, and the
    challenge judges the hand against `prev_top`: without it the state is a 422 that says
    so (it was an internal error)."""
    state = {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 2, "direction": "clockwise",
             "top": "wild-draw-four", "color": "blue", "hand_counts": [5, 6, 7], "phase": "play",
             "pending": {"kind": "draw", "count": 4, "player": 2, "card": "wild-draw-four",
                         "lose_turn": True, "by": 1, "prev_color": "red"}}
    move = {"type": "challenge", "player": 2, "hand": ["red-1", "red-2", "red-3", "red-4", "red-5", "red-6"]}
    body = problem(check(client, state, move), 422)
    assert any(error["path"] == "/state/pending/prev_top" and error["code"] == "required"
               for error in body["errors"]), body["errors"]
    state["pending"]["prev_top"] = "red-8"
    assert check(client, state, move).get_json()["code"] == "challenge-succeeded"
