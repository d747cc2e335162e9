"""A whole evening at the referee, across every layer, for every shipped ruleset.

A simulated table (the engine's simulator: a real shuffled deck, real hands, players
who now and then mis-tap, forget UNO, catch and challenge) plays a game, and tells
the referee only what a physical table tells it: counts, never hands. Every one of its
moves is then sent over HTTP as a phone sends it (its token, `expect_seq`, the five
languages in turn), rounds are scored by cards left and by points in turn, one mis-tap
is taken back with Undo and played again. After every move: no 5xx, the state
answered is the table's, and it is accepted back by `/check`; `GET` of the table is
always 200; at the end the whole event log reads in every language.
"""
import random

import pytest

from referee.api.hints import move_json
from referee.engine.simulate import GameCapped, Stats, Table, TableExhausted
from referee.rules import builtin_rulesets

from phone import RULES
from test_api_tables import move as post_move

LANGUAGES = ("en", "gu", "hi", "ne", "te")
EDITIONS = ("classic", "sonic", "attack", "flip", "no-mercy", "all-wild")
# A game of an edition is played to its end (several rounds); the house examples,
# each a variation on an edition, for a few hundred moves.
EDITION_MOVES, EXAMPLE_MOVES = 1500, 300
SEATS = 4


def recorded_game(ruleset_id, seed):
    """([(state before, move)...], the last state) of one simulated game."""
    rules = RULES[ruleset_id]
    for attempt in range(20):
        stats = Stats()
        table = Table(rules, SEATS, random.Random(seed + attempt), stats, record=True,
                      show_hands=False,
                      max_moves=EDITION_MOVES if ruleset_id in EDITIONS else EXAMPLE_MOVES)
        try:
            table.play_game()
        except GameCapped:
            pass
        except TableExhausted:
            continue
        moves = [(before, move) for before, move, _ in stats.recorded]
        if moves:
            return moves, table.state
    raise AssertionError(f"{ruleset_id}: no game could be dealt")


def opening(ruleset_id, state):
    """The opening a phone sends for the simulated first deal."""
    rules = RULES[ruleset_id].on_side(None)
    body = {"ruleset": ruleset_id, "players": list(state.players), "dealer": state.dealer,
            "first_card": state.top}
    if rules.cards[state.top].kind.choose_color and state.color is not None:
        body["color"] = state.color
    return body


def by_points(ruleset_id, score, side):
    """The same score as each seat's points, as a table counts them (the cards of the
    side up)."""
    rules = RULES[ruleset_id].on_side(side)
    return {"type": "score", "points": [sum(rules.cards[card].kind.score for card in hand)
                                        for hand in score["hands"]]}


class Evening:
    """The phone that records one table's game, checking each answer."""

    def __init__(self, client, ruleset_id):
        self.client, self.ruleset_id = client, ruleset_id
        self.table, self.seq, self.sent = None, 0, 0
        self.scored = self.scored_by_points = self.undone = 0

    @property
    def language(self):
        return LANGUAGES[self.sent % len(LANGUAGES)]

    def open(self, state):
        response = self.client.post("/v1/tables", json=opening(self.ruleset_id, state))
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        self.table = body["id"]
        assert body["state"] == state.to_json()
        self.accepted_back(body["state"], {"type": "pass", "player": 0})

    def send(self, step, query=""):
        self.sent += 1
        response = post_move(self.client, self.table, {"move": step, "expect_seq": self.seq},
                             query=f"?lang={self.language}{query}")
        body = response.get_json()
        assert response.status_code == 200, (self.ruleset_id, self.seq, step, body)
        assert body["message"] and body["next"]["message"], body
        self.seq = body["seq"]
        return body

    def play(self, state_before, step, state_after):
        if step["type"] == "score" and self.scored_by_points <= self.scored // 2:
            self.scored += 1
            points = by_points(self.ruleset_id, step, state_before.side)
            answer = self.send(points)
            if answer["legal"]:
                self.scored_by_points += 1
            else:  # the ruleset scores otherwise (a house rule): by the hands, then
                answer = self.send(step)
        else:
            self.scored += step["type"] == "score"
            answer = self.send(step)
        if (not self.undone and answer["legal"] and step["type"] == "play"
                and state_before.round == 1):
            answer = self.undo_and_play_again(step, answer)
        # (the simulator scores by the hands; a round this phone scored by points says so)
        assert same_but_how_scored(answer["state"], state_after), (self.ruleset_id, self.seq, step)
        self.accepted_back(answer["state"], answer["next"])
        return answer

    def undo_and_play_again(self, step, answer):
        """A phone's Undo of the move just made, named by the table, then the move again."""
        table = self.client.get(f"/v1/tables/{self.table}?lang={self.language}").get_json()
        assert table["last_move"]["seq"] == answer["seq"], table["last_move"]
        undone = self.send({"type": "correct", "takes_back": answer["seq"],
                            "reason": "tapped too soon"})
        assert undone["code"] == "corrected" and undone["details"]["count"] == 1
        self.undone += 1
        return self.send(step)

    def accepted_back(self, state, next_or_move):
        """The state answered is accepted back by /check, with a move of its phase."""
        moves = next_or_move.get("moves") if "moves" in next_or_move else None
        if moves is not None:
            if not moves:
                return
            step = {"type": moves[0]}
            if next_or_move.get("player") is not None and moves[0] != "deal":
                step["player"] = next_or_move["player"]
        else:
            step = next_or_move
        response = self.client.post(f"/v1/rulesets/{self.ruleset_id}/check",
                                    json={"state": state, "move": step})
        assert response.status_code in (200, 422), response.get_json()
        problems = response.get_json().get("errors", []) if response.status_code == 422 else []
        assert not [p for p in problems if p["path"].startswith("/state")], (
            self.ruleset_id, self.seq, problems)

    def readable(self):
        table = self.client.get(f"/v1/tables/{self.table}")
        assert table.status_code == 200, table.get_json()
        for lang in LANGUAGES:
            after, read = 0, 0
            while True:
                page = self.client.get(f"/v1/tables/{self.table}/events?after={after}"
                                       f"&limit=500&lang={lang}")
                assert page.status_code == 200, (lang, page.get_json())
                events = page.get_json()["events"]
                read += len(events)
                if not page.get_json()["next"]:
                    break
                after = events[-1]["seq"]
            assert read == self.seq


def same_but_how_scored(state, expected):
    """The same state, whether each round on the score sheet was scored by hands or points."""
    def how_left_out(one):
        return {**one, "rounds": [{**entry, "by": None} for entry in one.get("rounds", [])]}
    return how_left_out(state) == how_left_out(expected)


RULESETS = sorted(builtin_rulesets())


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_whole_game_is_refereed_over_http_in_every_language(client, ruleset_id):
    moves, last = recorded_game(ruleset_id, seed=sum(map(ord, ruleset_id)))
    evening = Evening(client, ruleset_id)
    evening.open(moves[0][0])
    afters = [before for before, _ in moves[1:]] + [last]
    for index, ((before, step), after) in enumerate(zip(moves, afters)):
        evening.play(before, move_json(step), after.to_json())
        if index % 25 == 0:
            assert client.get(f"/v1/tables/{evening.table}").status_code == 200
    evening.readable()
    assert evening.undone == 1
    if last.phase == "game-over" and evening.scored > 1:
        assert evening.scored_by_points >= 1
