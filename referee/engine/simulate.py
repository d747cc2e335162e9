"""Random games with a real shuffled deck, played through the judge.

The simulator is the physical table: it knows every hand, the draw pile (or the
launcher's load) and the discard pile. Players choose at random among the moves the
judge accepts, now and then try a move at random, call and catch UNO, challenge and
stack. After every move it checks the judge against the table:

- every card of the deck is in exactly one place (pile, discard pile, a hand);
- the judge's hand counts equal the true hands;
- an illegal move changes nothing (except a ruleset's fine for a false UNO catch);
- every game ends.

Organisers use it (`referee simulate`) to try a house ruleset before a tournament;
the tests use it to hunt bugs.
"""
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from .judge import judge
from .moves import Move
from .opening import open_table
from .state import DIRECTION_NAMES

MAX_MOVES_PER_GAME = 6000
MAX_ROUNDS_PER_GAME = 60


class InvariantBroken(AssertionError):
    """The judge and the physical table disagree."""


class TableExhausted(Exception):
    """Every card is in a hand: the pile cannot supply a draw (not the judge's fault)."""


@dataclass
class Stats:
    games: int = 0
    moves: int = 0
    illegal: int = 0
    exhausted: int = 0
    seconds: float = 0.0
    codes: Counter = field(default_factory=Counter)
    recorded: list = field(default_factory=list)

    def report(self):
        rate = self.games / self.seconds if self.seconds else 0.0
        per_move = self.moves / self.seconds if self.seconds else 0.0
        mean = self.moves / self.games if self.games else 0.0
        return (f"{self.games} games, {self.moves} moves ({self.illegal} illegal) in "
                f"{self.seconds:.2f} s: {rate:.1f} games/s, {per_move:.0f} moves/s, "
                f"{mean:.1f} moves per game; {self.exhausted} game(s) stopped with every card in hand")


class Table:
    """One simulated game: the physical cards and the judge's public state."""

    def __init__(self, rules, players, rng, stats, check=True, record=False, mischief=True):
        self.rules = rules
        self.mischief = mischief
        self.rng = rng
        self.stats = stats
        self.check = check
        self.record = record
        self.seats = players
        self.names = [f"P{i}" for i in range(players)]
        self.deck = Counter(rules.deck)
        self.state = None

    # --- the physical table ---------------------------------------------------

    def deal(self, dealer, first_round):
        cards = list(self.rules.deck)
        self.rng.shuffle(cards)
        self.pile = cards
        self.discard = []
        self.hands = [[self.pile.pop() for _ in range(self.rules.hand_size)] for _ in range(self.seats)]
        turned = [self.pile.pop()]
        while self.rules.cards[turned[-1]].kind.first_card == "redraw":
            if not self.pile:
                raise TableExhausted()
            turned.append(self.pile.pop())
        # the cards sent back go into the pile, which is shuffled again
        self.pile.extend(turned[:-1])
        self.rng.shuffle(self.pile)
        self.discard.append(turned[-1])
        top = self.rules.cards[turned[-1]]
        color = self.rng.choice(self.rules.colors) if top.color is None else None
        if first_round:
            verdict = open_table(self.rules, self.names, dealer, turned, color)
        else:
            move = Move("deal")
            move.first_card = tuple(self.rules.cards[t] for t in turned)
            move.dealer = dealer
            move.color = color
            verdict = self.submit(move)
        self.state = verdict.state
        self.follow_effects(verdict)
        self.verify()

    def draw_cards(self, count):
        drawn = []
        for _ in range(count):
            if not self.pile:
                self.reshuffle()
            drawn.append(self.pile.pop())
        return drawn

    def reshuffle(self):
        """Keep the top discard, shuffle the rest into a new pile."""
        if len(self.discard) <= 1:
            raise TableExhausted()
        self.pile = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.rng.shuffle(self.pile)

    def available(self):
        return len(self.pile) + len(self.discard) - 1

    def launcher_fires(self):
        count = self.rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4, 6))
        return min(count, self.available())

    # --- talking to the judge ---------------------------------------------------

    def submit(self, move, hand=None):
        before = self.state
        snapshot = before.to_json() if (self.check and before is not None) else None
        verdict = judge(self.rules, before, move, hand) if before is not None else None
        self.stats.moves += 1
        self.stats.codes[verdict.code] += 1
        if self.record:
            self.stats.recorded.append((before, move, hand))
        if not verdict.legal:
            self.stats.illegal += 1
            if self.check and not verdict.effects and verdict.state.to_json() != snapshot:
                raise InvariantBroken(f"illegal move {verdict.code} changed the state")
        if self.check and before.to_json() != snapshot:
            raise InvariantBroken(f"the judge changed its input state ({verdict.code})")
        return verdict

    def apply(self, move, hand=None):
        verdict = self.submit(move, hand)
        if verdict.legal or verdict.effects:
            self.perform(move, verdict)
            self.state = verdict.state
            # the cards of a draw move are already in the drawer's hand
            self.follow_effects(verdict, own_draw=move.player if move.type == "draw" else None)
        self.verify()
        return verdict

    def perform(self, move, verdict):
        """What the players physically do for a legal move they made."""
        if move.type == "play" and verdict.legal:
            hand = self.hands[move.player]
            for card in move.cards:
                hand.remove(card.text)
            lead = next((c.text for c in move.cards if c.kind.discard_all), move.cards[0].text)
            under = [c.text for c in move.cards]
            under.remove(lead)
            self.discard.extend(under + [lead])
        elif move.type == "draw" and verdict.legal:
            self.hands[move.player].extend(self.taken)

    def follow_effects(self, verdict, own_draw=None):
        """Effects the table carries out: draws the judge counted, hands that move."""
        for effect in verdict.effects:
            kind = effect["type"]
            if kind == "draw" and effect["player"] == own_draw:
                own_draw = None
            elif kind == "draw" and not effect.get("pending"):
                self.hands[effect["player"]].extend(self.draw_cards(effect["count"]))
            elif kind == "trade-hands":
                a, b = effect["player"], effect["target"]
                self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
            elif kind == "pass-hands":
                step = 1 if effect["direction"] == DIRECTION_NAMES[1] else -1
                n = self.seats
                self.hands = [self.hands[(seat - step) % n] for seat in range(n)]

    def verify(self):
        if not self.check:
            return
        state = self.state
        true_counts = [len(hand) for hand in self.hands]
        if state.hand_counts != true_counts:
            raise InvariantBroken(f"hand counts {state.hand_counts} but hands hold {true_counts}")
        where = Counter(self.pile) + Counter(self.discard)
        for hand in self.hands:
            where.update(hand)
        if where != self.deck:
            raise InvariantBroken(f"cards lost or duplicated: {(where - self.deck) or (self.deck - where)}")
        if self.discard and self.discard[-1] != state.top:
            raise InvariantBroken(f"top is {state.top} but the discard pile shows {self.discard[-1]}")

    # --- the players' choices -------------------------------------------------------

    def play_game(self):
        self.deal(self.rng.randrange(self.seats), first_round=True)
        moves_before = self.stats.moves
        while self.state.phase != "game-over":
            if self.stats.moves - moves_before > MAX_MOVES_PER_GAME or self.state.round > MAX_ROUNDS_PER_GAME:
                raise InvariantBroken(f"the game did not end after {self.stats.moves - moves_before} moves")
            self.step()
        self.stats.games += 1

    def step(self):
        state = self.state
        if state.phase == "round-over":
            return self.end_round()
        if state.debts:
            return self.settle_debt(state.debts[0])
        rng = self.rng
        if self.mischief and rng.random() < 0.05:
            return self.random_move()
        if rng.random() < 0.6 and self.try_uno_moves():
            return
        if self.rules.jump_in and state.phase == "play" and rng.random() < 0.3 and self.try_jump_in():
            return
        if state.phase == "respond":
            return self.respond()
        return self.take_turn()

    def end_round(self):
        state = self.state
        if state.debts:
            return self.settle_debt(state.debts[0])
        if not state.scored:
            move = Move("score")
            move.hands = [tuple(self.rules.cards[c] for c in hand) for hand in self.hands]
            return self.apply(move)
        # every card comes back for the next deal
        self.deal((state.dealer + 1) % self.seats, first_round=False)

    def settle_debt(self, debt):
        player = debt[0]
        move = Move("draw", player)
        move.count = self.launcher_fires()
        self.taken = self.draw_cards(move.count)
        verdict = self.apply(move)
        if not verdict.legal:
            self.pile.extend(self.taken)   # unused cards go back
            raise InvariantBroken(f"settling a launcher debt was refused: {verdict.code}")

    def respond(self):
        state, rng = self.state, self.rng
        pending = state.pending
        player = pending.player
        hand = self.hands[player]
        if self.rules.stacking and rng.random() < 0.6:
            stack = self.first_legal([self.play_move(player, [c]) for c in dict.fromkeys(hand)])
            if stack:
                return self.apply(stack)
        if pending.by is not None and rng.random() < 0.4:
            move = Move("challenge", player)
            move.hand = tuple(self.rules.cards[c] for c in self.hands[pending.by])
            return self.apply(move)
        if pending.kind == "draw":
            if rng.random() < 0.5:
                return self.apply(Move("accept", player))
            move = Move("draw", player)
            move.count = pending.count
            self.taken = self.draw_cards(move.count)
            return self.apply_draw(move)
        move = Move("draw", player)
        move.count = self.launcher_fires()
        if pending.until_cards and move.count == 0 and rng.random() < 0.5:
            move.count = min(1, self.available())
        self.taken = self.draw_cards(move.count)
        return self.apply_draw(move)

    def apply_draw(self, move):
        verdict = self.apply(move)
        if not verdict.legal:
            self.pile.extend(self.taken)
        return verdict

    def take_turn(self):
        state, rng = self.state, self.rng
        player = state.current
        wants_to_play = not self.mischief or rng.random() < 0.85 or state.drawn or state.extra_play
        legal = self.first_legal(self.candidate_plays(player)) if wants_to_play else None
        if legal:
            return self.apply(legal)
        if state.drawn or state.extra_play:
            return self.apply(Move("pass", player))
        move = Move("draw", player)
        if self.rules.draw_source == "launcher":
            move.count = self.launcher_fires()
            self.taken = self.draw_cards(move.count)
        else:
            self.taken = self.draw_physical(player)
            move.count = len(self.taken)
            move.shown = tuple(self.rules.cards[c] for c in self.taken)
        verdict = self.apply_draw(move)
        if not verdict.legal:
            raise InvariantBroken(f"a draw on the player's own turn was refused: {verdict.code}")
        return verdict

    def draw_physical(self, player):
        rules = self.rules
        if not rules.draw_until_playable:
            return self.draw_cards(min(rules.draw_count, self.available()) or rules.draw_count)
        taken = []
        top = rules.cards[self.state.top]
        while len(taken) < rules.draw_max:
            card = self.draw_cards(1)[0]
            taken.append(card)
            if rules.matches(rules.cards[card], top, self.state.color):
                break
        return taken

    def candidate_plays(self, player):
        hand = self.hands[player]
        moves = [self.play_move(player, [card]) for card in dict.fromkeys(hand)]
        rules = self.rules
        counts = Counter(hand)
        if rules.doubles:
            moves += [self.play_move(player, [card] * min(n, rules.doubles_max))
                      for card, n in counts.items() if n >= 2]
        for card in counts:
            if rules.cards[card].kind.discard_all:
                color = rules.cards[card].color
                same = [c for c in hand if c != card and rules.cards[c].color == color]
                moves.append(self.play_move(player, same + [card]))
        return moves

    def play_move(self, player, texts):
        rules, rng = self.rules, self.rng
        cards = tuple(rules.cards[t] for t in texts)
        move = Move("play", player)
        move.cards = cards
        lead = next((c for c in cards if c.kind.discard_all), cards[0])
        if lead.kind.choose_color:
            move.color = rng.choice(rules.colors)
        if lead.kind.aims:
            move.target = rng.choice([s for s in range(self.seats) if s != player])
        move.uno = len(self.hands[player]) - len(cards) == 1 and (not self.mischief or rng.random() < 0.7)
        return move

    def first_legal(self, moves):
        """A move chosen at random among the legal ones (None if there is none)."""
        self.rng.shuffle(moves)
        return next((m for m in moves if self.is_legal(m)), None)

    def is_legal(self, move):
        return judge(self.rules, self.state, move).legal

    def try_uno_moves(self):
        """Someone catches a player left exposed, or a player calls UNO late."""
        state, rng = self.state, self.rng
        if not state.uno_exposed:
            return False
        target = rng.choice(sorted(state.uno_exposed))
        if rng.random() < 0.3:
            self.apply(Move("call-uno", target))
            return True
        move = Move("catch-uno", rng.choice([s for s in range(self.seats) if s != target]))
        move.target = target
        self.apply(move)
        return True

    def try_jump_in(self):
        state = self.state
        for seat in range(self.seats):
            if seat != state.current and state.top in self.hands[seat]:
                move = self.play_move(seat, [state.top])
                if self.is_legal(move):
                    self.apply(move)
                    return True
        return False

    def random_move(self):
        """A move picked without looking at the rules: mostly illegal, must change nothing."""
        rng, rules = self.rng, self.rules
        player = rng.randrange(self.seats)
        kind = rng.choice(("play", "play", "pass", "accept", "call-uno", "catch-uno", "challenge"))
        move = Move(kind, player)
        if kind == "play":
            if not self.hands[player]:
                return
            card = rng.choice(self.hands[player])
            move = self.play_move(player, [card])
        elif kind == "catch-uno":
            move.target = rng.randrange(self.seats)
        elif kind == "challenge":
            pending = self.state.pending
            owner = pending.by if pending is not None and pending.by is not None else player
            move.hand = tuple(rules.cards[c] for c in self.hands[owner])
        self.apply(move)


def simulate(rules, games, seed, players, check=True, record=False, mischief=True):
    """Play `games` random games; returns Stats. Raises InvariantBroken on a judge bug.

    With `mischief` players also try moves at random, draw while they could play and
    forget to call UNO; without it they play like a plain random agent: a random
    legal card when they have one, else they draw."""
    rng = random.Random(seed)
    stats = Stats()
    start = time.perf_counter()
    for _ in range(games):
        table = Table(rules, players, rng, stats, check=check, record=record, mischief=mischief)
        try:
            table.play_game()
        except TableExhausted:
            stats.exhausted += 1
    stats.seconds = time.perf_counter() - start
    return stats
