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


# --- hints from the deck: a phone at a physical table does not know the hand ----------

CHOICES = {"color-required", "turned-up-required", "target-required"}


def _deck_hints(client, path, body):
    response = client.post(path, json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["deck"] is True
    return answer


def _deck_faces(ruleset, side=None):
    from referee.engine import compile_rules
    from referee.rules import builtin_rulesets
    rules = compile_rules(builtin_rulesets()[ruleset].data).on_side(side)
    other = rules.other_side
    return list(rules.cards), rules.colors, (next(iter(other.cards)) if other else None)


def _completed(client, ruleset, state, move, colors, turned):
    """The play a phone would send: the colour, target or card turned up the judge asks
    for added (the first of each); with its verdict."""
    move = dict(move)
    for _ in range(4):
        verdict = client.post(f"/v1/rulesets/{ruleset}/check",
                              json={"state": state, "move": move}).get_json()
        if verdict.get("code") not in CHOICES:
            return move, verdict
        if verdict["code"] == "color-required":
            move["color"] = colors[0]
        elif verdict["code"] == "turned-up-required":
            move["turned_up"] = turned
        else:
            move["target"] = next(seat for seat in range(len(state["players"])) if seat != move["player"])
    raise AssertionError(move)


def _plays_are_the_judges(client, ruleset, state, answer):
    """Every play listed is accepted with its code (colours and targets as listed), and
    every card of the side up not listed is refused, whatever it names."""
    cards, colors, turned = _deck_faces(ruleset, state.get("side"))
    plays = [hint for hint in answer["moves"] if hint["move"]["type"] == "play"]
    listed = [hint["move"]["cards"][0] for hint in plays]
    assert len(listed) == len(set(listed)) and set(listed) <= set(cards), listed
    player = answer["player"]
    for hint in plays:
        assert "turned_up" not in hint["move"]
        for color in hint.get("colors", [None]):
            move = dict(hint["move"], **({"color": color} if color else {}))
            if "targets" in hint:
                move["target"] = hint["targets"][0]
            move, verdict = _completed(client, ruleset, state, move, colors, turned)
            assert verdict["legal"] and verdict["code"] == hint["code"], (move, verdict)
    for card in set(cards) - set(listed):
        move, verdict = _completed(client, ruleset, state,
                                   {"type": "play", "player": player, "cards": [card]}, colors, turned)
        assert verdict["legal"] is False, (move, verdict)
    return listed


def test_deck_hints_list_the_cards_the_judge_takes_the_likeliest_first(client):
    answer = _deck_hints(client, "/v1/rulesets/classic/hints", {"state": STATE, "deck": True})
    listed = _plays_are_the_judges(client, "classic", STATE, answer)
    reds = [f"red-{kind}" for kind in
            ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "skip", "reverse", "draw-two")]
    # the colour in play, the top card's symbol (a 7), then the wilds: WD4 too (no hand:
    # what the rest of it forbids is a challenge's question)
    assert listed == reds + ["yellow-7", "green-7", "blue-7", "wild", "wild-draw-four"]
    wild = next(hint for hint in answer["moves"] if hint["move"]["cards"] == ["wild"])
    assert wild["colors"] == ["red", "yellow", "green", "blue"] and "color" not in wild["move"]
    assert [hint["move"]["type"] for hint in answer["moves"][len(listed):]] == ["draw"]
    assert answer["player"] == 1 and answer["next"]["player"] == 1


def test_deck_hints_with_two_cards_left_carry_the_uno_call(client):
    state = dict(STATE, hand_counts=[7, 2, 7])
    answer = _deck_hints(client, "/v1/rulesets/classic/hints", {"state": state, "deck": True})
    plays = [hint for hint in answer["moves"] if hint["move"]["type"] == "play"]
    assert plays and all(hint["move"]["uno"] is True for hint in plays)
    _plays_are_the_judges(client, "classic", state, answer)


def test_deck_hints_of_a_pending_draw_without_stacking_are_accept_and_challenge(client):
    answer = _deck_hints(client, "/v1/rulesets/classic/hints", {"state": WD4_PENDING, "deck": True})
    assert answer["moves"] == [
        {"move": {"type": "accept", "player": 2}, "code": "draw-accepted"},
        {"move": {"type": "challenge", "player": 2}, "code": None, "needs": "hand"}]


def _table(client, opening):
    opened = client.post("/v1/tables", json=opening)
    assert opened.status_code == 201, opened.get_json()
    return opened.get_json()["id"]


def _moved(client, table, move):
    answer = client.post(f"/v1/tables/{table}/moves", json={"move": move})
    assert answer.status_code == 200 and answer.get_json()["legal"], answer.get_json()
    return answer.get_json()["state"]


def _dry_runs_accept(client, table, answer, turned=None):
    """Each play listed, sent to the table as a dry run (first colour, first target, the
    card turned up the test names), is accepted with its code; nothing is recorded."""
    seq = client.get(f"/v1/tables/{table}").get_json()["seq"]
    for hint in answer["moves"]:
        if hint["move"]["type"] != "play":
            continue
        move = dict(hint["move"])
        if "colors" in hint:
            move["color"] = hint["colors"][0]
        if "targets" in hint:
            move["target"] = hint["targets"][0]
        sent = client.post(f"/v1/tables/{table}/moves?dry_run=true", json={"move": move}).get_json()
        if sent.get("code") == "turned-up-required":
            sent = client.post(f"/v1/tables/{table}/moves?dry_run=true",
                               json={"move": dict(move, turned_up=turned)}).get_json()
        assert sent["legal"] and sent["code"] == hint["code"], (move, sent)
    assert client.get(f"/v1/tables/{table}").get_json()["seq"] == seq


def test_a_pending_draw_two_under_stacking_lists_the_draw_twos_that_stack(client):
    table = _table(client, {"ruleset": "stacking-tournament", "players": PLAYERS, "dealer": 0,
                            "first_card": "red-5"})
    state = _moved(client, table, {"type": "play", "player": 1, "cards": ["red-draw-two"]})
    assert state["phase"] == "respond" and state["pending"]["player"] == 2
    answer = _deck_hints(client, f"/v1/tables/{table}/hints", {"deck": True})
    assert answer["player"] == 2
    plays = [hint["move"]["cards"][0] for hint in answer["moves"] if hint["move"]["type"] == "play"]
    assert plays == ["red-draw-two", "yellow-draw-two", "green-draw-two", "blue-draw-two"]
    assert [hint["move"]["type"] for hint in answer["moves"][4:]] == ["accept"]
    assert all(hint["code"] == "stacked" for hint in answer["moves"][:4])
    _plays_are_the_judges(client, "stacking-tournament", state, answer)
    _dry_runs_accept(client, table, answer)


def test_no_mercy_deck_hints_on_a_turn_and_on_a_pending_draw_stacked_by_value(client):
    table = _table(client, {"ruleset": "no-mercy", "players": PLAYERS, "dealer": 0,
                            "first_card": "red-5"})
    answer = _deck_hints(client, f"/v1/tables/{table}/hints", {"deck": True})
    state = client.get(f"/v1/tables/{table}").get_json()["state"]
    listed = _plays_are_the_judges(client, "no-mercy", state, answer)
    assert {"red-discard-all", "red-draw-four", "blue-5", "wild-draw-ten",
            "wild-color-roulette"} <= set(listed)
    assert "blue-discard-all" not in listed
    _dry_runs_accept(client, table, answer)
    # a Draw Four answered by value: any draw card worth 4 or more, whatever its colour
    state = _moved(client, table, {"type": "play", "player": 1, "cards": ["red-draw-four"]})
    answer = _deck_hints(client, f"/v1/tables/{table}/hints", {"deck": True})
    listed = _plays_are_the_judges(client, "no-mercy", state, answer)
    assert {"blue-draw-four", "wild-reverse-draw-four", "wild-draw-six", "wild-draw-ten"} <= set(listed)
    assert not {"red-draw-two", "red-5", "wild-color-roulette"} & set(listed)
    assert listed[0] == "red-draw-four"  # the colour in play first
    _dry_runs_accept(client, table, answer)


def test_flip_deck_hints_after_a_flip_are_dark_side_cards_in_every_language(client):
    table, state = _flipped_table(client)
    dark, _colors, _light = _deck_faces("flip", "dark")
    for lang in LANGS:
        answer = _deck_hints(client, f"/v1/tables/{table}/hints?lang={lang}", {"deck": True})
        plays = [hint["move"]["cards"][0] for hint in answer["moves"] if hint["move"]["type"] == "play"]
        assert set(plays) <= set(dark) and "pink-2" in plays and "pink-flip" in plays
        assert "orange-4" not in plays and not any(card.startswith("red-") for card in plays)
        assert plays[:9] == [f"pink-{n}" for n in range(1, 10)]  # pink in play first
        assert answer["next"]["message"]
    _plays_are_the_judges(client, "flip", state, answer)
    _dry_runs_accept(client, table, answer, turned="red-9")
    # the stateless endpoint reads the side from the state it is given
    answer = _deck_hints(client, "/v1/rulesets/flip/hints", {"state": state, "deck": True})
    assert set(hint["move"]["cards"][0] for hint in answer["moves"] if hint["move"]["type"] == "play") == set(plays)


def test_after_a_draw_with_its_card_shown_the_deck_hints_are_that_card(client):
    table = _table(client, FLIP_OPENING)
    _moved(client, table, {"type": "draw", "player": 1, "count": 1, "cards": ["blue-5"]})
    answer = _deck_hints(client, f"/v1/tables/{table}/hints", {"deck": True})
    assert answer["moves"] == [
        {"move": {"type": "play", "player": 1, "cards": ["blue-5"]}, "code": "played"},
        {"move": {"type": "pass", "player": 1}, "code": "passed"}]


def test_deck_hints_need_deck_true_or_a_hand_not_both(client):
    body = problem(client.post("/v1/rulesets/classic/hints",
                               json={"state": STATE, "deck": True, "hand": HAND}), 422)
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/deck", "conflicting-fields")]
    body = problem(client.post("/v1/rulesets/classic/hints", json={"state": STATE, "deck": False}), 422)
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/hand", "required")]
    body = problem(client.post("/v1/rulesets/classic/hints", json={"state": STATE, "deck": "yes"}), 422)
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/deck", "wrong-type")]
    table = _table(client, FLIP_OPENING)
    body = problem(client.post(f"/v1/tables/{table}/hints", json={}), 422)
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/hand", "required")]


def test_deck_hints_between_rounds_list_no_play(client):
    state = dict(STATE, phase="round-over", winner=1, hand_counts=[3, 0, 2])
    answer = _deck_hints(client, "/v1/rulesets/classic/hints", {"state": state, "deck": True})
    assert answer["player"] is None and answer["moves"] == []
