"""A phone app at a real table, for the API tests: it holds the real (shuffled) deck
and hands, tells the service what happened, and decides who acts from `next` alone.

It counts the requests it makes and the bytes it receives for each turn, which is
what a phone on a table's Wi-Fi pays.
"""
import random

from referee.engine.rules import compile_rules
from referee.rules import builtin_rulesets

RULES = {rid: compile_rules(r.data) for rid, r in builtin_rulesets().items()}


class Phone:
    def __init__(self, client, ruleset, players, seed, lang="en"):
        self.client = client
        self.rules = RULES[ruleset]
        self.ruleset = ruleset
        self.players = players
        self.rng = random.Random(seed)
        self.lang = lang
        self.requests = 0
        self.received = 0
        self.deck = list(self.rules.deck)
        self.rng.shuffle(self.deck)
        self.discard = []
        self.hands = []
        self.table = None
        self.seq = 0
        self.answer = None       # the last verdict (with next)
        self.states = {}         # seq -> state as answered

    # --- HTTP -----------------------------------------------------------------

    def post(self, path, body, **headers):
        response = self.client.post(f"{path}?lang={self.lang}", json=body, headers=headers)
        self.requests += 1
        self.received += len(response.get_data())
        return response

    def open(self, dealer=0, rig=None):
        """Deal 7 each (cards listed in `rig` go to the named seats first), turn up a
        number card, open the table."""
        for seat, cards in (rig or {}).items():
            for card in cards:
                self.deck.remove(card)
        self.hands = [list((rig or {}).get(seat, [])) for seat in range(len(self.players))]
        for hand in self.hands:
            while len(hand) < self.rules.hand_size:
                hand.append(self.deck.pop())
        first = next(card for card in reversed(self.deck)
                     if self.rules.cards[card].kind.category == "number")
        self.deck.remove(first)
        self.discard.append(first)
        response = self.post("/v1/tables", {"ruleset": self.ruleset, "players": self.players,
                                            "dealer": dealer, "first_card": first})
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        self.table = body["id"]
        self.answer = body["verdict"]
        self.states[0] = body["state"]
        self.check_counts()
        return body

    def send(self, move, legal=True, **headers):
        response = self.post(f"/v1/tables/{self.table}/moves",
                             {"move": move, "expect_seq": self.seq}, **headers)
        body = response.get_json()
        assert response.status_code == 200, body
        assert body["legal"] is legal, (move, body["code"], body["message"])
        assert body["next"]["message"], body["next"]
        self.seq = body["seq"]
        self.states[self.seq] = body["state"]
        self.answer = body
        return body

    # --- the real cards ------------------------------------------------------------

    @property
    def state(self):
        return self.answer["state"]

    @property
    def next(self):
        return self.answer["next"]

    def take(self, seat, count):
        """`count` real cards from the deck into a hand (the discard reshuffled when
        the deck runs out)."""
        cards = []
        for _ in range(count):
            if not self.deck:
                top = self.discard.pop()
                self.deck = self.discard
                self.rng.shuffle(self.deck)
                self.discard = [top]
            if self.deck:
                cards.append(self.deck.pop())
        self.hands[seat].extend(cards)
        return cards

    def put(self, seat, cards):
        for card in cards:
            self.hands[seat].remove(card)
            self.discard.append(card)

    def check_counts(self):
        assert self.state["hand_counts"] == [len(hand) for hand in self.hands]

    def playable(self, seat):
        top = self.rules.cards[self.state["top"]]
        color = self.state["color"]
        cards = [self.rules.cards[c] for c in self.hands[seat]]
        ordinary = [c for c in cards if c.kind.restriction == "none" and self.rules.matches(c, top, color)]
        restricted = [c for c in cards if c.kind.restriction != "none"]
        return [c.text for c in ordinary + restricted]

    def play_move(self, seat, card, uno=None):
        spec = self.rules.cards[card]
        move = {"type": "play", "player": seat, "cards": [card]}
        if spec.kind.choose_color:
            colors = [self.rules.cards[c].color for c in self.hands[seat] if self.rules.cards[c].color]
            move["color"] = max(set(colors), key=colors.count) if colors else self.rules.colors[0]
        if spec.kind.aims:
            move["target"] = (seat + 1) % len(self.players)
        if uno is None:
            uno = len(self.hands[seat]) == 2
        if uno:
            move["uno"] = True
        return move

    def play(self, seat, card, uno=None, legal=True):
        answer = self.send(self.play_move(seat, card, uno), legal=legal)
        if legal:
            self.put(seat, [card])
            self.after_effects(answer)
        return answer

    def after_effects(self, answer):
        """Cards the verdict makes someone draw at once (not pending ones)."""
        for effect in answer["effects"]:
            if effect["type"] == "draw" and not effect.get("pending"):
                self.take(effect["player"], effect["count"])
