"""Claims of docs/api.md's prose that no single Request/Answer example shows, each
sent to the service (the examples themselves: test_api_doc_examples.py)."""
import re
import secrets
import sqlite3
from pathlib import Path

import pytest

from apitest import OPENING, problem

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def section(title):
    """The text of the doc's section (any level) headed `title`, to the next heading."""
    found = re.search(rf"^#+ {re.escape(title)}\n(.*?)(?=^#+ |\Z)", DOC, re.S | re.M)
    assert found, f"docs/api.md has no section {title!r}"
    return found.group(1)


def kinds(cell):
    """`0` to `9`, `skip` -> ["0", ..., "9", "skip"]; "none" -> []."""
    named = []
    for ranged in re.finditer(r"`(\d+)` to `(\d+)`|`([^`]+)`", cell):
        if ranged.group(3):
            named.append(ranged.group(3))
        else:
            named += [str(n) for n in range(int(ranged.group(1)), int(ranged.group(2)) + 1)]
    return named


def edition_rows():
    rows = []
    for line in section("Cards by edition").splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`"):
            rows.append(cells)
    return rows


def in_deck(cards):
    """The kinds of a ruleset's `cards` with copies: (coloured, wild)."""
    coloured = [kind for kind, card in cards.items() if card["per_color"]]
    wild = [kind for kind, card in cards.items() if card["count"]]
    return coloured, wild


def test_the_cards_by_edition_are_each_built_in_rulesets_deck(client):
    rows = edition_rows()
    assert len(rows) == 7
    seen = set()
    for name, colours, coloured, wild in rows:
        ruleset_id = kinds(name)[0]
        seen.add(ruleset_id)
        ruleset = client.get(f"/v1/rulesets/{ruleset_id}").get_json()
        side = ruleset
        if "dark side" in name:
            side = ruleset["other_side"]
            assert ruleset["other_side"]["sides"] == ["light", "dark"]
        elif ruleset_id == "flip":
            assert "light side" in name
        deck_coloured, deck_wild = in_deck(side["cards"])
        assert sorted(kinds(coloured)) == sorted(deck_coloured), name
        assert sorted(kinds(wild)) == sorted(deck_wild), name
        if deck_coloured:
            assert kinds(colours) == side["colors"], name
        else:
            assert colours == "none" and coloured == "none", name
    assert seen == {"classic", "sonic", "attack", "flip", "no-mercy", "all-wild"}


def test_a_card_of_the_side_not_up_is_unknown(client):
    opened = client.post("/v1/tables", json={**OPENING, "ruleset": "flip", "first_card": "red-5"})
    table = opened.get_json()
    assert table["state"]["side"] == "light"
    body = problem(client.post(f"/v1/tables/{table['id']}/moves",
                               json={"move": {"type": "play", "player": 1, "cards": ["pink-5"]}}), 422)
    assert body["errors"][0]["path"] == "/move/cards/0"
    assert body["errors"][0]["code"] == "unknown-card"
    assert "side" not in client.post("/v1/tables", json=OPENING).get_json()["state"]


def test_a_kind_with_no_copies_is_not_a_card(client):
    cards = client.get("/v1/rulesets/attack").get_json()["cards"]
    assert cards["trade-hands"]["per_color"] == 0 and cards["wild-hit-fire"]["count"] == 0
    table = client.post("/v1/tables", json={**OPENING, "ruleset": "attack"}).get_json()
    for card, extra in (("red-trade-hands", {"target": 2}), ("wild-hit-fire", {"color": "red"})):
        body = problem(client.post(f"/v1/tables/{table['id']}/moves", json={
            "move": {"type": "play", "player": 1, "cards": [card], **extra}}), 422)
        assert body["errors"][0]["code"] == "unknown-card", card


def test_all_wild_names_no_colour(client):
    table = client.post("/v1/tables", json={**OPENING, "ruleset": "all-wild",
                                            "first_card": "wild"}).get_json()
    assert table["state"]["color"] is None
    path = f"/v1/tables/{table['id']}/moves"
    named = client.post(path, json={"move": {"type": "play", "player": 1, "cards": ["wild"],
                                             "color": "red"}}).get_json()
    assert (named["legal"], named["code"]) == (False, "color-not-allowed")
    played = client.post(path, json={"move": {"type": "play", "player": 1,
                                              "cards": ["wild-skip"]}}).get_json()
    assert played["legal"] and played["state"]["color"] is None


# Opening a table: what each built-in ruleset does with the first card, as the doc's
# table says it (sent back, stays with a colour named, stays), by example cards.
NUMBER, ACTION = "red-5", "red-skip"
FIRST_CARDS = {
    "classic": {"redraw": ["wild", "wild-draw-four"], "choose-color": [], "apply": [NUMBER, ACTION]},
    "sonic": {"redraw": [ACTION, "wild", "wild-draw-four"], "choose-color": [], "apply": [NUMBER]},
    "attack": {"redraw": [], "choose-color": ["wild", "wild-hit-four"], "apply": [NUMBER, ACTION]},
    "flip": {"redraw": ["red-flip"], "choose-color": ["wild", "wild-draw-two"],
             "apply": [NUMBER, ACTION, "red-draw-one"]},
    "no-mercy": {"redraw": [ACTION, "wild-draw-six"], "choose-color": [], "apply": [NUMBER]},
    "all-wild": {"redraw": [], "choose-color": [], "apply": ["wild", "wild-draw-two"]},
}


def test_the_first_card_table_is_what_each_ruleset_does(client):
    table = section("Opening a table")
    for ruleset_id, handling in FIRST_CARDS.items():
        assert re.search(rf"^\| `{ruleset_id}` \|", table, re.M), ruleset_id
        opening = client.get(f"/v1/rulesets/{ruleset_id}").get_json()["opening"]["first_card"]
        for card in handling["redraw"]:
            body = problem(client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                           "first_card": card}), 422)
            assert body["errors"][0]["code"] == "first-card-order", (ruleset_id, card)
            opened = client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                     "first_card": [card, "blue-2"]})
            assert opened.status_code == 201, (ruleset_id, card, opened.get_json())
            assert opened.get_json()["state"]["top"] == "blue-2"
        for card in handling["choose-color"]:
            problem(client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                    "first_card": card}), 422)
            opened = client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                     "first_card": card, "color": "blue"})
            assert opened.status_code == 201, (ruleset_id, card)
            assert opened.get_json()["state"]["color"] == "blue"
        for card in handling["apply"]:
            opened = client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                     "first_card": card})
            assert opened.status_code == 201, (ruleset_id, card, opened.get_json())
            assert opened.get_json()["state"]["top"] == card
        # and the ruleset says so where the doc sends a client to read it
        wild = next(how for how, cards in handling.items()
                    if any(card.startswith("wild") for card in cards))
        assert opening["wild"] == wild, ruleset_id
    assert client.get("/v1/rulesets/flip").get_json()["opening"]["first_card"]["by_kind"] == {
        "flip": "redraw"}


def moves_of(client, table):
    path = f"/v1/tables/{table['id']}/moves"

    def move(**fields):
        response = client.post(path, json={"move": fields})
        assert response.status_code == 200, response.get_json()
        return response.get_json()
    return move


def opened(client, **fields):
    response = client.post("/v1/tables", json={**OPENING, **fields})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


@pytest.mark.parametrize("cards", [["red-3", "red-discard-all", "red-4"],
                                   ["red-3", "red-4", "red-discard-all"]])
def test_the_discard_all_ends_on_top_wherever_it_is_listed(client, cards):
    move = moves_of(client, opened(client, ruleset="attack"))
    verdict = move(type="play", player=1, cards=cards)
    assert verdict["code"] == "played-several"
    assert verdict["state"]["top"] == verdict["next"]["top"] == "red-discard-all"


def test_doubles_of_one_number_leave_the_last_card_listed_on_top(client):
    state = {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1,
             "direction": "clockwise", "top": "red-7", "color": "red",
             "hand_counts": [7, 7, 7], "phase": "play"}
    verdict = client.post("/v1/rulesets/same-number/check", json={
        "state": state, "move": {"type": "play", "player": 1,
                                 "cards": ["red-3", "blue-3", "green-3"]}}).get_json()
    assert verdict["code"] == "played-several"
    assert (verdict["state"]["top"], verdict["state"]["color"]) == ("green-3", "green")


HAND_AFTER = ["red-1", "blue-2", "green-3", "yellow-4", "blue-5", "green-6"]


def test_a_challenge_shows_the_hand_after_the_wild_draw_four_left_it(client):
    move = moves_of(client, opened(client))
    played = move(type="play", player=1, cards=["wild-draw-four"], color="blue")
    assert played["state"]["hand_counts"][1] == len(HAND_AFTER)
    before = move(type="challenge", player=2, hand=HAND_AFTER + ["wild-draw-four"])
    assert (before["legal"], before["code"]) == (False, "hand-count-mismatch")
    after = move(type="challenge", player=2, hand=HAND_AFTER)
    assert after["code"] == "challenge-succeeded" and after["details"]["holding"] == ["red-1"]


def test_a_wild_draw_color_is_challenged_like_a_wild_draw_four(client):
    move = moves_of(client, opened(client, ruleset="flip", first_card="red-5"))
    move(type="play", player=1, cards=["red-flip"], turned_up="pink-3")
    played = move(type="play", player=2, cards=["wild-draw-color"], color="teal")
    assert played["state"]["pending"]["by"] == 2
    assert "challenge" in played["next"]["moves"]
    held = played["state"]["hand_counts"][2]
    challenged = move(type="challenge", player=0, hand=["teal-1"] * held)  # no pink: innocent
    assert (challenged["legal"], challenged["code"]) == (True, "challenge-failed"), challenged


HAND = ["red-1", "red-2", "blue-3", "green-4", "yellow-5", "wild", "blue-6", "red-9"]


def hinted(client, table, hand):
    answer = client.post(f"/v1/tables/{table['id']}/hints", json={"hand": hand}).get_json()
    return sorted(entry["move"].get("cards", [entry["move"]["type"]])[0] for entry in answer["moves"])


def test_a_draw_without_cards_cannot_hold_the_player_to_the_card_drawn(client):
    table = opened(client)
    move = moves_of(client, table)
    drew = move(type="draw", player=1, count=1)
    assert drew["next"]["situation"] == "play-after-draw" and drew["next"]["drawn_only"]
    assert drew["next"]["card"] is None
    assert hinted(client, table, HAND) == ["pass", "red-1", "red-2", "red-9", "wild"]
    held = move(type="play", player=1, cards=["red-1"])
    assert held["legal"] and held["assumed"] == ["drawn-card-played"]


def test_a_draw_with_cards_holds_the_player_to_the_card_drawn(client):
    table = opened(client)
    move = moves_of(client, table)
    drew = move(type="draw", player=1, count=1, cards=["red-9"])
    assert drew["next"]["situation"] == "play-after-draw" and drew["next"]["card"] == "red-9"
    assert hinted(client, table, HAND) == ["pass", "red-9"]
    held = move(type="play", player=1, cards=["red-1"])
    assert (held["legal"], held["code"]) == (False, "only-drawn-card")


def test_a_drawn_card_the_rules_force_is_play_drawn_card_only_when_shown(client):
    shown = moves_of(client, opened(client, ruleset="no-mercy"))(
        type="draw", player=1, count=2, cards=["blue-2", "red-4"])
    assert shown["next"]["situation"] == "play-drawn-card"
    assert (shown["next"]["moves"], shown["next"]["card"]) == (["play"], "red-4")
    hidden = moves_of(client, opened(client, ruleset="no-mercy"))(type="draw", player=1, count=2)
    assert hidden["next"]["situation"] == "play-after-draw"
    assert hidden["next"]["moves"] == ["play", "pass"]


def test_every_built_in_ruleset_lets_only_the_drawn_card_be_played_and_attack_moves_on(client):
    for ruleset_id in FIRST_CARDS:
        draw = client.get(f"/v1/rulesets/{ruleset_id}").get_json()["turn"]["draw"]
        assert draw["play_after_draw"] == "drawn-only", ruleset_id
    drew = moves_of(client, opened(client, ruleset="attack"))(type="draw", player=1, count=1)
    assert (drew["next"]["situation"], drew["next"]["player"]) == ("play", 2)


def check(client, ruleset_id, state, move):
    response = client.post(f"/v1/rulesets/{ruleset_id}/check", json={"state": state, "move": move})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_next_says_until_cards_until_color_and_color_when_a_draw_is_owed(client):
    classic = opened(client)
    owed = moves_of(client, classic)(type="play", player=1, cards=["wild-draw-four"], color="blue")
    assert owed["next"]["situation"] == "answer-draw"
    assert (owed["next"]["count"], owed["next"]["until_cards"], owed["next"]["until_color"],
            owed["next"]["color"]) == (4, False, False, "blue")
    hit = opened(client, ruleset="attack", first_card="red-hit-two")["verdict"]["next"]
    assert hit["situation"] == "answer-launcher"
    assert (hit["count"], hit["until_cards"], hit["until_color"]) == (2, False, False)
    state = {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1,
             "direction": "clockwise", "top": "wild", "color": "red", "hand_counts": [7, 7, 7],
             "phase": "respond", "pending": {"kind": "launcher", "count": None, "player": 1,
                                             "card": "wild", "until_cards": True}}
    fired = check(client, "attack", state, {"type": "draw", "player": 1, "count": 0})
    assert fired["legal"] and fired["next"]["situation"] == "answer-launcher"
    assert (fired["next"]["count"], fired["next"]["until_cards"]) == (None, True)
    flip = moves_of(client, opened(client, ruleset="flip", first_card="red-5"))
    flip(type="play", player=1, cards=["red-flip"], turned_up="pink-3")
    color = flip(type="play", player=2, cards=["wild-draw-color"], color="teal")["next"]
    assert (color["situation"], color["moves"], color["count"], color["until_color"],
            color["color"]) == ("answer-draw", ["draw", "challenge"], None, True, "teal")


ROUND_OVER = {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 2,
              "direction": "clockwise", "top": "red-8", "color": "red",
              "hand_counts": [3, 0, 2], "phase": "round-over", "winner": 1}


def test_next_says_the_winner_when_scoring_and_when_the_game_is_over(client):
    score = check(client, "classic", ROUND_OVER, {"type": "call-uno", "player": 0})["next"]
    assert (score["situation"], score["player"], score["winner"]) == ("score", None, 1)
    scored = check(client, "classic", ROUND_OVER, {"type": "score", "points": [79, 0, 7]})["next"]
    assert (scored["situation"], scored["round"], scored["next_round"]) == ("deal", 1, 2)
    won = check(client, "classic", {**ROUND_OVER, "scores": [0, 450, 0]},
                {"type": "score", "points": [79, 0, 7]})
    assert won["code"] == "game-won"
    assert (won["next"]["situation"], won["next"]["winner"]) == ("game-over", 1)


LIVE = {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 0, "direction": "clockwise",
        "top": "red-5", "color": "red", "hand_counts": [7, 15, 7]}


@pytest.mark.parametrize("ruleset_id, lasts", [("no-mercy", "game"), ("mercy-for-the-game", "game"),
                                               ("mercy-rule", "round")])
def test_the_out_effect_says_how_long_the_mercy_rule_puts_a_player_out(client, ruleset_id, lasts):
    owed = check(client, ruleset_id, {**LIVE, "hand_counts": [7, 23, 7]},
                 {"type": "play", "player": 0, "cards": ["red-draw-two"]})
    out = check(client, ruleset_id, owed["state"], {"type": "accept", "player": 1})
    assert {"type": "out", "player": 1, "count": 25, "lasts": lasts} in out["effects"]
    assert out["state"]["out"] == [1] and out["state"]["hand_counts"][1] == 0


SCORED_WITH_ONE_OUT = {**ROUND_OVER, "winner": 0, "hand_counts": [0, 0, 2], "out": [1], "scored": True}


def test_a_seat_out_of_the_game_is_dealt_no_hand_and_never_deals(client):
    """docs/api.md (Cards by edition, No Mercy; the state's `out`): a seat out of the
    game stays in `out` at the next deal, is dealt no hand and never deals."""
    refused = client.post("/v1/rulesets/no-mercy/check", json={
        "state": SCORED_WITH_ONE_OUT, "move": {"type": "deal", "dealer": 1, "first_card": "red-3"}})
    assert [p["path"] for p in problem(refused, 422)["errors"]] == ["/move/dealer"]
    dealt = check(client, "no-mercy", SCORED_WITH_ONE_OUT, {"type": "deal", "first_card": "red-3"})
    assert (dealt["code"], dealt["state"]["out"], dealt["state"]["hand_counts"]) == ("round-dealt", [1], [7, 0, 7])
    assert (dealt["state"]["dealer"], dealt["state"]["current"]) == (2, 0)
    again = check(client, "mercy-rule", SCORED_WITH_ONE_OUT, {"type": "deal", "first_card": "red-3"})
    assert (again["state"]["out"], again["state"]["hand_counts"]) == ([], [7, 7, 7])


def test_next_names_the_last_player_left_in_as_the_winner(client):
    knocked = check(client, "no-mercy", {**LIVE, "hand_counts": [7, 15, 0], "out": [2]},
                    {"type": "play", "player": 0, "cards": ["wild-draw-ten"], "color": "red"})
    last = check(client, "no-mercy", knocked["state"], {"type": "accept", "player": 1})
    assert (last["next"]["situation"], last["next"]["winner"], last["next"]["last_left"]) == ("score", 0, True)
    won = check(client, "no-mercy", last["state"], {"type": "score", "points": [0, 0, 0]})
    assert (won["code"], won["next"]["situation"], won["next"]["winner"]) == ("game-won", "game-over", 0)


def flipped(client, turned_up="pink-3"):
    """A Flip table after Bina's Flip turned up `turned_up`: (move, verdict)."""
    move = moves_of(client, opened(client, ruleset="flip", first_card="red-5"))
    return move, move(type="play", player=1, cards=["red-flip"], turned_up=turned_up)


def test_only_a_flip_turns_a_card_up(client):
    move = moves_of(client, opened(client, ruleset="flip", first_card="red-5"))
    refused = move(type="play", player=1, cards=["red-5"], turned_up="pink-3")
    assert (refused["legal"], refused["code"]) == (False, "turned-up-not-allowed")


def test_the_card_a_flip_turns_up_does_not_act_and_a_wild_names_no_colour(client):
    _, five = flipped(client, "pink-draw-five")
    assert five["state"]["pending"] is None and five["next"]["situation"] == "play"
    assert (five["state"]["color"], five["next"]["player"]) == ("pink", 2)
    move, wild = flipped(client, "wild")
    assert wild["effects"][0] == {"type": "flip", "side": "dark", "top": "wild"}
    assert wild["state"]["color"] is None and wild["next"]["player"] == 2
    assert move(type="play", player=2, cards=["orange-7"])["legal"]


def test_draw_one_wild_draw_two_skip_everyone_and_draw_five(client):
    move = moves_of(client, opened(client, ruleset="flip", first_card="red-5"))
    one = move(type="play", player=1, cards=["red-draw-one"])
    assert one["next"]["situation"] == "answer-draw" and one["state"]["pending"]["count"] == 1
    assert one["state"]["pending"]["lose_turn"] and "accept" in one["next"]["moves"]
    move = moves_of(client, opened(client, ruleset="flip", first_card="red-5"))
    two = move(type="play", player=1, cards=["wild-draw-two"], color="green")
    assert two["state"]["pending"]["count"] == 2 and "challenge" in two["next"]["moves"]
    move, _ = flipped(client)
    everyone = move(type="play", player=2, cards=["pink-skip-everyone"])
    assert everyone["legal"] and everyone["next"]["player"] == 2
    move, _ = flipped(client)
    five = move(type="play", player=2, cards=["pink-draw-five"])
    assert five["state"]["pending"]["count"] == 5 and five["state"]["pending"]["lose_turn"]
    assert (five["next"]["situation"], five["next"]["player"]) == ("answer-draw", 0)


@pytest.mark.parametrize("answer, code", [
    ({"type": "accept", "player": 0}, "draw-until-color"),
    ({"type": "draw", "player": 0, "count": 3, "cards": ["teal-2", "orange-9", "teal-7"]},
     "drew-past-color"),
    ({"type": "draw", "player": 0, "count": 2, "cards": ["pink-2", "orange-9"]}, "draw-count-invalid"),
    ({"type": "draw", "player": 0, "count": 0}, "draw-count-invalid"),
    ({"type": "draw", "player": 0, "count": 5}, "draw-accepted"),
])
def test_a_draw_until_a_colour_comes_is_answered_by_the_count_drawn(client, answer, code):
    move, _ = flipped(client)
    move(type="play", player=2, cards=["wild-draw-color"], color="teal")
    verdict = move(**answer)
    assert verdict["code"] == code
    if verdict["legal"]:
        assert verdict["state"]["hand_counts"][0] == 7 + answer["count"]
        assert verdict["state"]["pending"] is None and verdict["next"]["player"] == 1


def test_an_idempotent_replay_counts_against_the_write_limit(database_url):
    from referee.api import create_app
    from referee.store.testing import migrated

    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True, "REDIS_URL": "",
                      "RATE_LIMIT_WRITES": "3 per hour",
                      "RATELIMIT_KEY_PREFIX": f"doc-{secrets.token_hex(4)}"})
    client = app.test_client()
    table = client.post("/v1/tables", json=OPENING).get_json()
    path = f"/v1/tables/{table['id']}/moves"
    headers = {"Authorization": f"Bearer {table['secret']}", "Idempotency-Key": "phone-b-1"}
    move = {"move": {"type": "draw", "player": 1}, "expect_seq": 0}
    answers = [client.post(path, json=move, headers=headers) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert [a.headers.get("Idempotent-Replayed") for a in answers[1:]] == ["true", "true"]
    limited = client.post(path, json=move, headers=headers)
    problem(limited, 429)
    assert int(limited.headers["Retry-After"]) > 0
    events = client.get(f"/v1/tables/{table['id']}/events").get_json()["events"]
    assert [event["seq"] for event in events] == [1]


@pytest.mark.parametrize("error, status, slug", [
    ("database or disk is full", 507, "storage-full"),
    ("database is locked", 503, "database-unavailable"),
])
def test_an_outage_records_nothing_and_the_same_request_goes_through_later(
        app, client, monkeypatch, error, status, slug):
    store = app.extensions["referee"].store
    write = type(store)._write
    failures = []

    def failing_once(self, raw, judged):
        if not failures:
            failures.append(error)
            raise sqlite3.OperationalError(error)
        return write(self, raw, judged)

    table = opened(client)
    path = f"/v1/tables/{table['id']}/moves"
    move = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}, "expect_seq": 0}
    key = {"Idempotency-Key": f"outage-{status}"}
    monkeypatch.setattr(type(store), "_write", failing_once)
    refused = client.post(path, json=move, headers=key)
    body = problem(refused, status)
    assert body["type"] == f"/docs#problem-{slug}"
    assert int(refused.headers["Retry-After"]) > 0
    now = client.get(f"/v1/tables/{table['id']}").get_json()
    assert now["seq"] == 0 and now["state"]["top"] == "red-7"
    again = client.post(path, json=move, headers=key)
    assert again.status_code == 200 and again.headers.get("Idempotent-Replayed") is None
    assert (again.get_json()["seq"], again.get_json()["state"]["top"]) == (1, "red-3")


def test_hints_without_a_state_also_need_the_whole_hand(client):
    state = opened(client)["state"]
    for hand in (HAND[:6], HAND):   # Bina holds 7
        body = problem(client.post("/v1/rulesets/classic/hints", json={"state": state, "hand": hand}), 422)
        assert body["errors"][0]["path"] == "/hand"
        assert body["errors"][0]["code"] == "contradicts-table"
    assert client.post("/v1/rulesets/classic/hints", json={"state": state,
                                                           "hand": HAND[:7]}).status_code == 200


def test_a_join_answers_no_state(client):
    table = opened(client)
    joined = client.post("/v1/tables/join", json={"code": table["join_code"], "seat": 2}).get_json()
    assert set(joined) == {"id", "name", "seq", "players", "ruleset", "seat", "secret"}


def test_the_documented_rate_limits_are_the_defaults():
    from referee.api import limits

    assert (limits.DEFAULTS["RATE_LIMIT_WRITES"], limits.DEFAULTS["RATE_LIMIT_ADDRESS_WRITES"],
            limits.DEFAULTS["RATE_LIMIT_DEFAULT"]) == ("120 per minute", "1200 per minute",
                                                       "600 per minute")
    writes = {"tables.post_move", "tables.create_table", "tables.join_table", "tables.replace_secret"}
    assert writes == {endpoint for endpoint, setting in limits.ENDPOINT_LIMITS.items()
                      if setting == "RATE_LIMIT_WRITES"}
