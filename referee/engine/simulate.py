"""Random games with a real shuffled deck, played through the judge.

The simulator is the physical table: it knows every hand, the draw pile (or the
launcher's load) and the discard pile. Players choose at random among the legal moves
the enumerator (legal.py) lists for the position, now and then try a move at random,
forget or call UNO, catch, challenge and stack. By default every move shows the judge
the mover's true hand and every draw lists the cards really drawn (full information),
so hand-dependent rules (restrictions, drawing while able to play, draw until
playable, only the drawn card) are exercised; `show_hands=False` plays as a table that
tells the referee only counts.

After every move it checks the judge against the table (InvariantBroken otherwise):

- every card of the deck is in exactly one place (pile, discard pile, a hand), the
  judge's hand counts equal the true hands, its pile count the true pile;
- no player holds 0 cards while the round is live;
- a player who owes a pending draw or launcher presses does not play before settling
  (except answering a draw with a draw card where the ruleset allows stacking);
- every round ends and is scored; scores only grow;
- an illegal move changes nothing (except a ruleset's fine for a false UNO catch);
- with `check_legal`, the enumerator agrees with the judge: every move it lists is
  legal, and no single-card play it leaves out is.

A game that reaches `max_moves` moves (or MAX_ROUNDS_PER_GAME rounds) stops and is
counted as capped: that is a limit of the simulation, not a broken invariant.

Organisers use it (`referee simulate`) to try a house ruleset before a tournament;
the tests use it to hunt bugs.
"""
from __future__ import annotations

import operator
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

from mypy_extensions import mypyc_attr

from .judge import judge
from .playing import top_card
from .legal import enumerate_moves, legal_moves
from .moves import Move
from .opening import open_table
from .state import STATE_FIELDS, State
from .verdict import Verdict

if TYPE_CHECKING:
    from .legal import Legal
    from .rules import Card, Rules

# Final: compiled, read as constants (a module attribute is a dict lookup at each read)
MAX_MOVES_PER_GAME: Final = 6000
MAX_ROUNDS_PER_GAME: Final = 60


@mypyc_attr(native_class=False)   # compiled, a str subclass stays a Python class
class Face(str):
    """One face of a physical card of a two-sided deck: the card string of its side,
    with `other`, the face on its back. Equal to (and hashed as) its string, so the
    table's lists read as cards of the side up."""

    other: Face | None = None


def _back(card: str) -> Face:
    """The face on the back of a physical card of a two-sided deck (a Face)."""
    back = cast(Face, card).other
    assert back is not None, "a card of a one-sided deck has no back"
    return back


def _two_sided_deck(rules, rng: random.Random):
    """The physical cards of a two-sided deck, first side up: each first-side face
    paired with a face of the other side (the pairing is random, as the sources give
    none)."""
    backs = list(rules.other_side.deck)
    rng.shuffle(backs)
    cards = []
    for text, back in zip(rules.deck, backs):
        front, reverse = Face(text), Face(back)
        front.other, reverse.other = reverse, front
        cards.append(front)
    return cards


@mypyc_attr(native_class=False)
class InvariantBroken(AssertionError):
    """The judge and the physical table disagree."""


class TableExhausted(Exception):
    """The deck cannot even turn a first card that stays (not the judge's fault)."""


class GameCapped(Exception):
    """The game reached the simulation's move or round limit."""


@dataclass
class Stats:
    games: int = 0
    moves: int = 0
    illegal: int = 0
    exhausted: int = 0
    capped: int = 0
    by_target: int = 0            # games ended by reaching the target score
    by_standing: int = 0          # games won by the last player left in (the mercy rule)
    rounds: int = 0
    seconds: float = 0.0
    # moves by verdict code, counted in a plain dict (a Counter's item assignment goes
    # through its Python-level slot: three times the cost); `codes` is the Counter
    counted: dict[str, int] = field(default_factory=dict)
    recorded: list[tuple[State, Move, list[str] | None]] = field(default_factory=list)

    @property
    def codes(self) -> Counter[str]:
        """Moves by verdict code."""
        return Counter(self.counted)

    def report(self) -> str:
        played = self.games + self.capped
        rate = self.games / self.seconds if self.seconds else 0.0
        per_move = self.moves / self.seconds if self.seconds else 0.0
        mean = self.moves / played if played else 0.0
        text = (f"{self.games} games, {self.moves} moves ({self.illegal} illegal) in "
                f"{self.seconds:.2f} s: {rate:.1f} games/s, {per_move:.0f} moves/s, "
                f"{mean:.1f} moves per game; {self.by_target} ended by the target score, "
                f"{self.rounds} rounds")
        if self.by_standing:
            text += f"; {self.by_standing} won by the last player left in"
        if self.capped:
            text += f"; {self.capped} stopped at the move cap"
        if self.exhausted:
            text += f"; {self.exhausted} could not be dealt"
        return text


class Table:
    """One simulated game: the physical cards and the judge's public state (set by the
    first deal). The cards are card strings (Face objects, for a two-sided deck)."""

    rules: Rules
    mischief: bool
    show_hands: bool
    check_legal: bool
    max_moves: int
    rng: random.Random
    chance: Callable[[], float]   # rng.random, bound once
    stats: Stats
    check: bool
    record: bool
    seats: int
    names: list[str]
    state: State
    taken: list[str]
    pile: list[str]
    discard: list[str]
    hands: dict[int, list[str]]   # {seat: hand}

    def __init__(self, rules: Rules, players: int, rng: random.Random, stats: Stats, check: bool = True,
                 record: bool = False, mischief: bool = True, show_hands: bool = True,
                 check_legal: bool = False, max_moves: int = MAX_MOVES_PER_GAME) -> None:
        self.rules = rules.on_side(None)   # the side up (a two-sided deck turns over)
        self.mischief = mischief
        self.show_hands = show_hands
        self.check_legal = check_legal
        self.max_moves = max_moves
        self.rng = rng
        # compiled, rng.random() looks the method up by name at each call: four times the cost
        self.chance = rng.random
        self.stats = stats
        self.check = check
        self.record = record
        self.seats = players
        self.names = [f"P{i}" for i in range(players)]
        self.taken = []

    # --- the physical table ---------------------------------------------------

    def deal(self, dealer: int, first_round: bool) -> None:
        self.rules = self.rules.on_side(None)   # every round starts on the first side
        deck = self.rules.deck if self.rules.other_side is None else _two_sided_deck(self.rules, self.rng)
        self.pile = shuffled(self.rng, deck)
        self.discard = []
        seating = None
        if not first_round and self.rules.shuffle_seats:   # the players change seats at random
            seating = list(range(self.seats))
            self.rng.shuffle(seating)
        # the players out of the game (elimination, a mercy knock-out for the game), in
        # their new seats, are dealt no cards
        out: frozenset[int] = frozenset()
        if not first_round and self.rules.out_for_game:
            out = frozenset(seat for seat, old in enumerate(seating or range(self.seats)) if old in self.state.out)
            while dealer in out:   # the deal passes to a player still in
                dealer = (dealer + 1) % self.seats
        # {seat: hand}: the mapping the enumerator reads, kept rather than rebuilt per move
        self.hands = {seat: [] if seat in out else [self.pile.pop() for _ in range(self.rules.hand_size)]
                      for seat in range(self.seats)}
        turned = [self.pile.pop()]
        while self.rules.cards[turned[-1]].kind.first_card == "redraw":
            if not self.pile:
                raise TableExhausted()
            turned.append(self.pile.pop())
        if len(turned) > 1:   # the cards sent back go into the pile, which is shuffled again
            self.pile.extend(turned[:-1])   # (a pile nothing went back into is still shuffled)
            self.pile = shuffled(self.rng, self.pile)
        self.discard.append(turned[-1])
        top = self.rules.cards[turned[-1]]
        color = self.rng.choice(self.rules.colors) if top.kind.choose_color else None
        if first_round:
            verdict = open_table(self.rules, self.names, dealer, turned, color)
        else:
            move = Move("deal")
            move.first_card = tuple(self.rules.cards[t] for t in turned)
            move.dealer = dealer
            move.color = color
            move.seating = tuple(seating) if seating else None
            verdict = self.submit(move)
        self.state = verdict.state
        self.follow_effects(verdict)
        self.verify()

    def draw_cards(self, count: int) -> list[str]:
        drawn = []
        for _ in range(count):
            if not self.pile:
                self.reshuffle()
            drawn.append(self.pile.pop())
        return drawn

    def reshuffle(self) -> None:
        """Keep the top discard, shuffle the rest into a new pile."""
        if len(self.discard) <= 1:
            raise InvariantBroken("the judge allowed a draw with no card left to draw")
        self.pile = shuffled(self.rng, self.discard[:-1])
        self.discard = self.discard[-1:]

    def available(self) -> int:
        return len(self.pile) + len(self.discard) - 1

    def launcher_fires(self) -> int:
        count = self.rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4, 6))
        return min(count, self.available())

    # --- talking to the judge ---------------------------------------------------

    def submit(self, move: Move, hand: list[str] | None = None) -> Verdict:
        before = self.state
        snapshot = _fingerprint(before) if self.check else None
        verdict = judge(self.rules, before, move, hand)
        stats = self.stats
        stats.moves += 1
        counted = stats.counted
        counted[verdict.code] = counted.get(verdict.code, 0) + 1
        if self.record:
            stats.recorded.append((before, move, hand))
        if not verdict.legal:
            stats.illegal += 1
        if self.check:
            self.check_verdict(before, snapshot, move, verdict)
        return verdict

    def check_verdict(self, before: State, snapshot: Any, move: Move, verdict: Verdict) -> None:
        if not verdict.legal and not verdict.effects and _fingerprint(verdict.state) != snapshot:
            raise InvariantBroken(f"illegal move {verdict.code} changed the state")
        if _fingerprint(before) != snapshot:
            raise InvariantBroken(f"the judge changed its input state ({verdict.code})")
        if verdict.legal:
            self.check_settled_first(before, move, verdict)

    def check_settled_first(self, before: State, move: Move, verdict: Verdict) -> None:
        if move.type != "play":
            return
        if any(debt[0] == move.player for debt in before.debts):
            raise InvariantBroken(f"player {move.player} played while owing launcher presses")
        if before.phase == "respond" and before.pending is not None:
            answers = self.rules.stacking.get(self.rules.cards[before.pending.card].kind.id) or ()
            if move.cards[0].kind.id not in answers:
                raise InvariantBroken(f"a play ({verdict.code}) went before the pending draw")

    def apply(self, move: Move) -> Verdict:
        before = self.state
        hand = None
        if self.show_hands and move.type in _HAND_SHOWN and move.player is not None:
            hand = self.hands[move.player]
            if self.record:   # the judge never changes a hand; a recorded one must stay as shown
                hand = list(hand)
        verdict = self.submit(move, hand)
        if verdict.legal:
            self.perform(move)
        if verdict.legal or verdict.effects:
            self.state = verdict.state
            # the cards of a draw move are already in the drawer's hand
            self.follow_effects(verdict, own_draw=move.player if move.type == "draw" else None)
        elif move.type == "draw":
            self.pile.extend(reversed(self.taken))   # the cards go back
        if self.check:
            self.verify(before)
        return verdict

    def perform(self, move: Move) -> None:
        """What the players physically do for a legal move they made."""
        player = move.player
        if player is None:   # a score or a deal: nobody's cards move
            return
        if move.type == "play":
            hand = self.hands[player]
            if len(move.cards) == 1:   # most plays
                text = move.cards[0].text
                self.discard.append(hand.pop(hand.index(text)))   # the physical card, both faces
                return
            held = [hand.pop(hand.index(card.text)) for card in move.cards]
            lead = top_card(move.cards).text
            on_top = held.pop(held.index(lead))
            self.discard.extend(held + [on_top])
        elif move.type == "draw":
            self.hands[player].extend(self.taken)

    def follow_effects(self, verdict: Verdict, own_draw: int | None = None) -> None:
        """Effects the table carries out: draws the judge counted, hands that move."""
        for effect in verdict.effects:
            kind: str = effect["type"]   # typed: compiled, compared as a str, not a generic object
            if kind not in _TABLE_EFFECTS:   # turns, skips, calls: nothing to carry out
                continue
            if kind == "draw" and effect["player"] == own_draw:
                own_draw = None
            elif kind == "draw" and not effect.get("pending"):
                self.hands[effect["player"]].extend(self.draw_cards(effect["count"]))
            elif kind == "trade-hands":
                a, b = effect["player"], effect["target"]
                self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
            elif kind == "pass-hands":
                state = verdict.state   # hands pass among the players still in the round
                hands = dict(self.hands)
                for seat in range(self.seats):
                    if seat not in state.out:
                        hands[state.seat_after(seat, 1)] = self.hands[seat]
                self.hands = hands
            elif kind == "flip":
                self.turn_over(verdict.state.side)
            elif kind == "out":   # the mercy rule: the hand goes under the discard pile
                self.discard = self.hands[effect["player"]] + self.discard
                self.hands[effect["player"]] = []

    def turn_over(self, side: str | None) -> None:
        """A Flip: every card turns over. The piles are turned as stacks (their bottom
        card comes on top), each hand card by card."""
        self.rules = self.rules.on_side(side)
        self.pile = [_back(card) for card in reversed(self.pile)]
        self.discard = [_back(card) for card in reversed(self.discard)]
        self.hands = {seat: [_back(card) for card in hand] for seat, hand in self.hands.items()}

    def turned_up(self) -> str:
        """The card a Flip played now turns up: the back of the discard pile's bottom card."""
        return _back(self.discard[0])

    def verify_every_card(self) -> None:
        """Every card of the deck in exactly one place (after every round, and whenever
        the number of cards on the table is off)."""
        where = Counter(self.pile) + Counter(self.discard)
        for hand in self.hands.values():
            where.update(hand)
        deck = Counter(self.rules.deck)
        if where != deck:
            raise InvariantBroken(f"cards lost or duplicated: {(where - deck) or (deck - where)}")

    def verify(self, before: State | None = None) -> None:
        if not self.check:
            return
        state = self.state
        true_counts = [len(hand) for hand in self.hands.values()]
        if state.hand_counts != true_counts:
            raise InvariantBroken(f"hand counts {state.hand_counts} but hands hold {true_counts}")
        if len(self.pile) + len(self.discard) + sum(true_counts) != self.rules.deck_size:
            self.verify_every_card()
        if self.discard and self.discard[-1] != state.top:
            raise InvariantBroken(f"top is {state.top} but the discard pile shows {self.discard[-1]}")
        if state.pile is not None and state.pile != len(self.pile):
            raise InvariantBroken(f"the judge counts {state.pile} cards in the pile, the table {len(self.pile)}")
        if state.phase in ("play", "respond") and any(
                count == 0 for seat, count in enumerate(true_counts) if seat not in state.out):
            raise InvariantBroken(f"a player holds no card while the round is live: {true_counts}")
        if before is not None and any(a < b for a, b in zip(state.scores, before.scores)):
            raise InvariantBroken(f"scores went down: {before.scores} -> {state.scores}")

    # --- the players' choices -------------------------------------------------------

    def play_game(self) -> None:
        self.deal(self.rng.randrange(self.seats), first_round=True)
        stats = self.stats
        last_move = stats.moves + self.max_moves
        while self.state.phase != "game-over":
            if stats.moves > last_move or self.state.round > MAX_ROUNDS_PER_GAME:
                raise GameCapped()
            self.step()   # (compiled, a direct call: a bound method kept in a local is a Python-level call)
        self.stats.games += 1
        self.stats.rounds += self.state.round
        if self.state.out and self.state.active == 1:
            self.stats.by_standing += 1
        elif not self.rules.single_round:
            self.stats.by_target += 1

    def step(self) -> Verdict | None:
        state = self.state
        if state.phase == "round-over" and not state.debts and state.pending is None:
            return self.end_round()
        if self.mischief and self.chance() < 0.05:
            return self.random_move()
        if self.check_legal:
            options = legal_moves(self.rules, state, self.hands)
            self.check_enumerator(options)
            moves = [o.move for o in options]
        else:   # the same moves; the judge hears only the one chosen (in apply)
            moves = enumerate_moves(self.rules, state, self.hands)   # {seat: hand}, read, never changed
        if self.rules.other_side is not None:   # the Flip plays that turn up the real card
            truth = self.turned_up()
            moves = [m for m in moves if m.turned_up is None or m.turned_up.text == truth]
        move = self.choose(moves)
        if move is None:
            raise InvariantBroken(f"no legal move in phase {state.phase}")
        if move.type == "draw":   # a draw takes its real cards first
            move = self.physical_draw(move)
        return self.apply(move)

    def choose(self, moves: list[Move]) -> Move | None:
        """A random player's choice: UNO business first now and then, settle what is
        owed, else mostly play a card, sometimes draw instead where that is allowed."""
        rng = self.rng
        chance = self.chance
        state = self.state
        current = state.current
        plays: list[Move] = []
        by_type: dict[str, list[Move]] = {}
        with_call = jumping = False
        uno_business = False
        for move in moves:
            kind = move.type
            if kind == "play":
                plays.append(move)
                if move.uno:
                    with_call = True
                player = move.player
                if player is None or player != current:   # (narrowed: compared as native ints)
                    jumping = True
                continue
            if kind == "catch-uno" or kind == "call-uno":
                uno_business = True
            if kind in by_type:
                by_type[kind].append(move)
            else:
                by_type[kind] = [move]
        if uno_business:
            if chance() < 0.6:
                uno = by_type.get("catch-uno", []) + [m for m in by_type.get("call-uno", [])
                                                       if m.player in state.uno_exposed]
                if uno:
                    return rng.choice(uno)
        if state.debts:
            debtors = [m for m in by_type.get("draw", []) if any(d[0] == m.player for d in state.debts)]
            if debtors:
                return debtors[0]
        if state.phase == "round-over":   # the last card's draw until a colour comes, if any
            return _own_move(by_type.get("draw"), state.pending.player) if state.pending else None
        if state.phase == "respond":
            if plays and chance() < 0.6:
                return rng.choice(plays)
            if "challenge" in by_type and chance() < 0.4:
                return by_type["challenge"][0]
            if "accept" in by_type and chance() < 0.5:
                return by_type["accept"][0]
            return by_type["draw"][0]
        if jumping:
            if chance() < 0.3:
                return rng.choice([m for m in plays if m.player != current])
            plays = [m for m in plays if m.player == current]
        if plays and (not self.mischief or chance() < 0.85 or not (by_type.get("draw") or by_type.get("pass"))):
            calls = plays
            if with_call:   # a play listed with and without the UNO call: with it
                called = {m.cards for m in plays if m.uno}
                calls = [m for m in plays if m.uno or m.cards not in called]
            careful = not self.mischief or chance() < 0.7
            chosen = calls if careful else plays
            # uniform like rng.choice to within 2**-53, at a third of its cost: most moves pass here
            # (float(len): compiled, a float times an int is a generic multiplication; the same value)
            return chosen[int(chance() * float(len(chosen)))]
        own = _own_move(by_type.get("draw"), current) or _own_move(by_type.get("pass"), current)
        if own is not None:
            return own
        return rng.choice(moves) if moves else None

    def physical_draw(self, chosen: Move) -> Move:
        """The draw as the table makes it: the real cards, listed when hands are shown."""
        rules, state = self.rules, self.state
        player = chosen.player
        assert player is not None   # a draw names its player
        move = Move("draw", player)
        move.presses = chosen.presses
        owes = bool(state.debts) and any(d[0] == player for d in state.debts)
        pending = state.pending
        answered = pending if pending is not None and pending.player == player else None   # the draw it answers
        if rules.draw_source == "launcher" or owes or (answered is not None and answered.kind == "launcher"):
            self.taken = self.draw_cards(self.launcher_fires())
            if answered is not None and answered.until_cards and not self.taken and self.chance() < 0.5:
                self.taken = self.draw_cards(min(1, self.available()))
        elif answered is not None and answered.until_color:
            move.color = chosen.color   # named by the drawer where the rules say so
            color = chosen.color or state.color
            self.taken = self.draw_until(lambda card: card.color == color, state.cards_for(rules, player))
            if self.taken and rules.cards[self.taken[-1]].color == color and answered.count:
                # a failed challenge: cards drawn on after the colour came
                room = state.cards_for(rules, player) - len(self.taken)
                self.taken += self.draw_cards(min(answered.count, room, self.available()))
        elif answered is not None:
            self.taken = self.draw_cards(chosen.count)
        elif rules.draw_until_playable:
            self.taken = self.draw_until_playable()
        else:
            self.taken = self.draw_cards(chosen.count)
        move.count = len(self.taken)
        if self.show_hands:
            cards = rules.cards   # (compiled, a comprehension reads the dict natively; map calls a method per card)
            move.shown = tuple([cards[text] for text in self.taken])
        return move

    def draw_until_playable(self) -> list[str]:
        on_top = self.state.top
        assert on_top is not None   # dealt: a card is on top
        top = self.rules.cards[on_top]
        room = self.state.cards_for(self.rules, self.state.current)
        return self.draw_until(lambda card: self.rules.matches(card, top, self.state.color),
                               min(self.rules.draw_max, room))

    def draw_until(self, wanted: Callable[[Card], bool], most: int) -> list[str]:
        """Cards drawn one by one until `wanted(card)`, `most` cards or the last card."""
        taken: list[str] = []
        while len(taken) < most and self.available() > 0:
            card = self.draw_cards(1)[0]
            taken.append(card)
            if wanted(self.rules.cards[card]):
                break
        return taken

    def end_round(self) -> Verdict | None:
        state = self.state
        if not state.scored:
            if self.check:
                self.verify_every_card()
            move = Move("score")
            move.hands = [tuple(self.rules.cards[c] for c in hand) for hand in self.hands.values()]
            verdict = self.apply(move)
            if not verdict.legal:
                raise InvariantBroken(f"the round could not be scored: {verdict.code} {verdict.details}")
            return verdict
        # every card comes back for the next deal
        dealer = (state.dealer + 1) % self.seats
        while self.rules.out_for_game and dealer in state.out:   # the deal passes to a player still in
            dealer = (dealer + 1) % self.seats
        self.deal(dealer, first_round=False)
        return None

    def check_enumerator(self, options: list[Legal]) -> None:
        """Every listed move is legal, and no single-card play left out is."""
        listed = set()
        for option in options:
            if not option.verdict.legal:
                raise InvariantBroken(f"the enumerator lists an illegal move: {option.verdict.code} "
                                      f"{option.verdict.details}")
            move = option.move
            if move.type == "play" and len(move.cards) == 1:
                listed.add((move.player, move.cards[0].text, move.color, move.target, move.uno))
        rules, state = self.rules, self.state
        for seat, hand in self.hands.items():
            for text in dict.fromkeys(hand):
                card = rules.cards[text]
                colors = rules.colors if card.kind.choose_color else (None,)
                targets = ([s for s in range(self.seats) if s != seat and s not in state.out]
                           if card.kind.aims else [None])
                for color in colors:
                    for target in targets:
                        move = Move("play", seat)
                        move.cards = (card,)
                        move.color = color
                        move.target = target
                        move.uno = len(hand) == 2
                        key = (seat, text, color, target, move.uno)
                        if key not in listed and judge(rules, state, move, list(hand)).legal:
                            raise InvariantBroken(f"the judge allows {key}, the enumerator leaves it out")

    def random_move(self) -> Verdict | None:
        """A move picked without looking at the rules: mostly illegal, must change nothing."""
        rng, rules = self.rng, self.rules
        player = rng.randrange(self.seats)
        kind = rng.choice(("play", "play", "pass", "accept", "call-uno", "catch-uno", "challenge"))
        move = Move(kind, player)
        if kind == "play":
            if not self.hands[player]:
                return None
            card = rules.cards[rng.choice(self.hands[player])]
            move.cards = (card,)
            if card.kind.flips and rules.other_side is not None and rng.random() < 0.5:
                move.turned_up = rules.other_side.cards[self.turned_up()]
            if card.kind.choose_color:
                move.color = rng.choice(rules.colors)
            if card.kind.aims:
                move.target = rng.choice([s for s in range(self.seats) if s != player])
            move.uno = len(self.hands[player]) == 2 and rng.random() < 0.7
        elif kind == "catch-uno":
            move.target = rng.randrange(self.seats)
        elif kind == "challenge":
            pending = self.state.pending
            owner = pending.by if pending is not None and pending.by is not None else player
            move.hand = tuple(rules.cards[c] for c in self.hands[owner])
        return self.apply(move)


def _own_move(options: list[Move] | None, player: int) -> Move | None:
    """The first of `options` (moves of one type, or None) that `player` makes."""
    if options is not None:
        for move in options:
            if move.player == player:
                return move
    return None


def shuffled(rng: random.Random, cards: list[str]) -> list[str]:
    """A new list of `cards` in a uniformly random order: each card gets a random key
    and the cards are sorted by their keys, all of it in C (random.shuffle draws a
    bounded integer per card in Python: a twentieth of a simulated game's time).
    Two keys are equal with a chance of about n²/2**54, the only bias."""
    draw = rng.random   # (compiled, a method looked up by name at each call costs more)
    keys = [draw() for _ in cards]
    # (compiled, the comprehensions index the lists natively: map over __getitem__ calls a method per card)
    return [cards[index] for index in sorted(range(len(cards)), key=keys.__getitem__)]


_FIELDS = operator.attrgetter(*STATE_FIELDS)
# The moves that show the judge the mover's hand (apply).
_HAND_SHOWN: Final = frozenset(("play", "draw", "pass"))
# The effect types that move physical cards (follow_effects).
_TABLE_EFFECTS: Final = frozenset(("draw", "trade-hands", "pass-hands", "flip", "out"))


def _fingerprint(state: State) -> tuple[Any, ...]:
    """Every field of a state, as a value to compare (the hand counts copied: the list
    is the one field a careless judge could change in place; Pending objects are
    replaced, never changed)."""
    return _FIELDS(state), tuple(state.hand_counts)


def simulate(rules, games, seed, players, check=True, record=False, mischief=True,
             show_hands=True, check_legal=False, max_moves=MAX_MOVES_PER_GAME):
    """Play `games` random games; returns Stats. Raises InvariantBroken on a judge bug.

    With `mischief` players also try moves at random, draw while they could play and
    forget to call UNO; without it they play like a plain random agent: a random
    legal card when they have one, else they draw. `show_hands` (the default) shows
    the judge every hand and every drawn card; `check_legal` checks the enumerator
    against the judge on every position."""
    rng = random.Random(seed)
    stats = Stats()
    start = time.perf_counter()
    for _ in range(games):
        table = Table(rules, players, rng, stats, check=check, record=record, mischief=mischief,
                      show_hands=show_hands, check_legal=check_legal, max_moves=max_moves)
        try:
            table.play_game()
        except TableExhausted:
            stats.exhausted += 1
        except GameCapped:
            stats.capped += 1
    stats.seconds = time.perf_counter() - start
    return stats
