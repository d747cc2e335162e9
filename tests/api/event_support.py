"""Helpers for the events tests: an event created over HTTP, and a table of it played
by its phone from the engine's simulator (a real shuffled deck, real hands, players
who now and then mis-tap), telling the referee only what a table tells it."""
import random

from referee.api.hints import move_json
from referee.engine.simulate import Stats, Table, TableExhausted

from apitest import bearer

HOUSE = """\
id: {id}
title: Event night
extends: classic
scoring:
  target: {target}
"""


def publish_house(client, token, ruleset_id, target=100):
    response = client.post("/v1/rulesets", data=HOUSE.format(id=ruleset_id, target=target),
                           headers={**bearer(token), "Content-Type": "application/yaml"})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["version"]


def create_event(client, token, **document):
    response = client.post("/v1/events", json=document, headers=bearer(token))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


class SimulatedTable:
    """One table of an event: the simulator deals and plays, its phone sends each move."""

    def __init__(self, client, rules, seats, seed):
        self.client, self.rules = client, rules
        for attempt in range(20):
            self.stats = Stats()
            self.sim = Table(rules, seats, random.Random(seed * 100 + attempt), self.stats,
                             record=True, show_hands=False, max_moves=3000)
            try:
                self.sim.deal(self.sim.rng.randrange(seats), first_round=True)
                return
            except TableExhausted:
                continue
        raise AssertionError("no deal")

    def opening(self):
        state = self.sim.state
        body = {"dealer": state.dealer, "first_card": state.top}
        if self.rules.cards[state.top].kind.choose_color and state.color is not None:
            body["color"] = state.color
        return body

    def open(self, event_id, round_number, table_number, token):
        response = self.client.post(
            f"/v1/events/{event_id}/rounds/{round_number}/tables/{table_number}",
            json=self.opening(), headers=bearer(token))
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        self.table_id, self.secret, self.seq = body["id"], body["secret"], 0
        public = {k: v for k, v in body["state"].items() if k != "players"}
        assert public == {k: v for k, v in self.sim.state.to_json().items() if k != "players"}
        return body

    def send(self, step):
        response = self.client.post(f"/v1/tables/{self.table_id}/moves",
                                    json={"move": step, "expect_seq": self.seq},
                                    headers=bearer(self.secret))
        body = response.get_json()
        assert response.status_code == 200, (step, body)
        self.seq = body["seq"]
        return body

    def play(self, until=lambda sim: sim.state.phase == "game-over"):
        """Play (each recorded move sent as the phone sends it) until `until(sim)`."""
        sent = 0
        while not until(self.sim):
            self.sim.step()
            for before, move, _ in self.stats.recorded[sent:]:
                answer = self.send(move_json(move))
                assert answer["state"]["hand_counts"] is not None
            sent = len(self.stats.recorded)
            self.stats.recorded.clear()
            sent = 0
        assert self.client.get(f"/v1/tables/{self.table_id}").get_json()["state"][
            "hand_counts"] == self.sim.state.to_json()["hand_counts"]

    def hands(self):
        return [list(self.sim.hands[seat]) for seat in range(self.sim.seats)]


def table_log(client, table_id):
    """Every entry of a table's log, page after page."""
    after, events = 0, []
    while True:
        page = client.get(f"/v1/tables/{table_id}/events?after={after}").get_json()
        events += page["events"]
        if not page["next"]:
            return events
        after = page["events"][-1]["seq"]
