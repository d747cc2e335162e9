"""Every legal move of a position: the judge's answers, enumerated.

`legal_moves(rules, state, hand)` lists the moves the players who may act now can
make, each with the judge's verdict on it (`Legal.move`, `Legal.verdict`; the verdict
is judged when first read). It works out the candidates from the same
compiled ruleset as the judge (matching, stacking, restrictions, what a draw allows)
and then asks the judge for each verdict, so a disagreement between the two is a bug
the property tests look for (tests/engine/test_engine_legal.py).

`hand` is the hand of the player to act (a list of card strings: the current player,
or the one who owes a pending draw), or a mapping {seat: hand} of every hand known
(full information: then jump-ins, challenges and scoring are listed too), or None
(then only the moves that need no hand).

Moves whose outcome depends on cards nobody has seen yet are listed once, with the
smallest count the judge accepts without seeing the cards: a draw until playable
draws 1, a launcher press fires 0 cards. A Discard All is listed with every card of its
colour the hand holds (with the hand shown, the judge refuses one that keeps any back). A play that
leaves one card is listed with and without the UNO call. A card that turns a
two-sided deck over is listed with each card of the other side as the one turned up
(the table sees which it is; the referee cannot).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from collections import Counter

from .judge import discard_all_stuck, drawn_card_forced, lead_card, stuck_with_last_card, judge
from .moves import Move
from .verdict import Verdict

if TYPE_CHECKING:
    from .rules import Card, KindSpec, Rules
    from .state import State


class Legal:
    """One legal move and the judge's verdict on it (judged when first asked for: a
    player choosing among many moves needs the verdict of one)."""

    __slots__ = ("move", "_position", "_verdict")

    move: Move
    _position: tuple[Rules, State, Any]
    _verdict: Verdict | None

    def __init__(self, move: Move, rules: Rules, state: State, hand: Any) -> None:
        self.move = move
        self._position = (rules, state, hand)
        self._verdict = None

    @property
    def verdict(self) -> Verdict:
        verdict = self._verdict
        if verdict is None:
            rules, state, hand = self._position
            verdict = self._verdict = judge(rules, state, self.move, hand)
        return verdict

    def __repr__(self):
        return f"<Legal {self.move.type} by {self.move.player}>"


def legal_moves(rules: Rules, state: State, hand: Any = None) -> list[Legal]:
    """The legal moves of `state` (see the module's docstring) as a list of Legal."""
    hands = _hands_by_seat(state, hand)
    if state.side is not None:
        rules = rules.on_side(state.side)
    return [Legal(move, rules, state,
                  hands.get(move.player) if move.type in ("play", "draw", "pass") else None)
            for move in enumerate_moves(rules, state, hands)]


def enumerate_moves(rules: Rules, state: State, hands: dict[int, list[str]]) -> list[Move]:
    """The same moves as `legal_moves`, in the same order, as bare Move objects (no
    verdicts): for a caller that judges the one move it chooses, such as the simulator.
    `hands` is a mapping {seat: hand} (see `_hands_by_seat`)."""
    if state.phase == "game-over":
        return []
    if state.side is not None:
        rules = rules.on_side(state.side)   # the hands hold the faces of the side up
    found: list[Move] = []
    if state.debts:
        _debts(rules, state, found)
    if state.phase == "round-over" and state.pending is not None:
        _answers(rules, state, hands, found)   # the last card's draw until a colour comes
        return found
    if state.phase == "round-over":
        if not state.debts and not state.scored and all(s in hands for s in range(state.seats)):
            move = Move("score")
            move.hands = [tuple(rules.cards[t] for t in hands[s]) for s in range(state.seats)]
            found.append(move)
        return found
    _uno_moves(rules, state, found)
    if state.phase == "respond":
        _answers(rules, state, hands, found)
    else:
        _turn(rules, state, hands, found)
        if rules.jump_in:
            _jump_ins(rules, state, hands, found)
    return found


def _hands_by_seat(state: State, hand: Any) -> dict[int, list[str]]:
    if hand is None:
        return {}
    if isinstance(hand, dict):
        return hand            # read, never changed
    actor = state.pending.player if state.phase == "respond" and state.pending else state.current
    return {actor: list(hand)}


# --- moves that need no hand ---------------------------------------------------------

def _debts(rules: Rules, state: State, found: list[Move]) -> None:
    """Each player owing launcher presses may press (the launcher may fire nothing)."""
    seen = set()
    if state.phase == "respond" and state.pending is not None:
        seen.add(state.pending.player)   # their draw answers the pending draw first
    for player, owed, _ in state.debts:
        if player not in seen:
            seen.add(player)
            found.append(_draw(player, 0, presses=owed or 1))


def _uno_moves(rules: Rules, state: State, found: list[Move]) -> None:
    counts = state.hand_counts
    if not state.uno_exposed and not _anyone_holds(counts, 1) and not (rules.uno_precall and _anyone_holds(counts, 2)):
        return   # nobody may call or be caught (most positions)
    for seat in range(state.seats):
        if seat in state.out:
            continue
        held = counts[seat]
        precall = (held == 2 and rules.uno_precall and seat == state.current
                   and state.phase == "play")
        if (held == 1 or precall) and seat not in state.uno_called:
            found.append(Move("call-uno", seat))
    for target in sorted(state.uno_exposed):
        if counts[target] == 1 and target not in state.uno_called:
            for accuser in range(state.seats):
                if accuser != target and accuser not in state.out:
                    move = Move("catch-uno", accuser)
                    move.target = target
                    found.append(move)


def _anyone_holds(counts: list[int], held: int) -> bool:
    """Whether a hand count is `held`: compiled, a loop of native ints, where `in`
    compares boxed ints through the generic comparison."""
    for count in counts:
        if count == held:
            return True
    return False


def _draw(player: int, count: int, presses: int | None = None, shown: tuple[Card, ...] = (),
          color: str | None = None) -> Move:
    move = Move("draw", player)
    move.color = color
    move.count = count
    move.presses = presses
    move.shown = shown
    return move


# --- answering a pending draw ----------------------------------------------------------

def _answers(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    pending = state.pending
    player = pending.player
    available = state.cards_for(rules, player)
    if pending.until_color:   # no count to accept: the cards drawn until the colour comes
        least = min(1 + (pending.count or 0), available)   # (and any drawn on after it)
        if rules.cards[pending.card].kind.victim_names_color:   # ...the colour the drawer names
            for color in rules.colors:
                found.append(_draw(player, least, color=color))
        else:
            found.append(_draw(player, least))
    elif pending.kind == "draw":
        found.append(Move("accept", player))
        found.append(_draw(player, min(pending.count, available)))
    else:
        found.append(_draw(player, 0, presses=pending.count or 1))
    kind = rules.cards[pending.card].kind
    if (pending.by is not None and not pending.on_its_player() and kind.challenge is not None
            and kind.restriction != "none" and pending.by in hands and state.phase == "respond"):
        move = Move("challenge", player)
        move.hand = tuple(rules.cards[t] for t in hands[pending.by])
        found.append(move)
    answers = rules.stacking.get(kind.id)
    hand = hands.get(player)
    if not answers or hand is None or _owes(state, player) or state.phase != "respond":   # presses come before a play
        return
    top = rules.cards[state.top]
    for text in dict.fromkeys(hand):
        card = rules.cards[text]
        same_color = not rules.stacking_same_color or card.color in (None, state.color)
        adds = card.kind.pending is not None and card.kind.pending[0] == pending.kind
        if (card.kind.id in answers and same_color and (adds or card.kind.deflects)
                and (rules.stacking_by_value or rules.matches(card, top, state.color))):
            found.extend(_plays(rules, state, player, hand, (card,)))


def _owes(state: State, player: int) -> bool:
    return any(debt[0] == player for debt in state.debts)


# --- a turn ------------------------------------------------------------------------------

def _turn(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    player = state.current
    owes = bool(state.debts) and _owes(state, player)   # then a draw settles the presses, no play
    hand = hands.get(player)
    playable = None
    if hand is not None and not owes:
        playable = _playable_texts(rules, state, hand)
        if playable:
            for group in _groups(rules, state, hand, playable):
                found.extend(_plays(rules, state, player, hand, group))
    available = state.cards_for(rules, player)
    if not (state.drawn or state.extra_play or owes) and available > 0:
        if rules.draw_when_playable or not playable:
            found.append(_turn_draw(rules, state, player, available))
    if state.drawn or state.extra_play or available == 0:
        # the hand matters to the judge only for a known drawn card the rules force
        needed = hand is not None and state.drawn_card and rules.after_draw == "must-play"
        cards = [rules.cards[t] for t in hand] if needed else None
        if not drawn_card_forced(rules, state, cards):
            found.append(Move("pass", player))


def _playable_texts(rules: Rules, state: State, hand: list[str]) -> list[str]:
    """The judge's `_playable` for a hand of card strings, each string once (in the
    hand's order), read from the ruleset's table of matching cards."""
    matching = rules.matching(state.top, state.color)
    playable: list[str] = []
    for text in hand:   # each once (a card held twice): a few list tests cost less than a set
        if text in matching and text not in playable:
            playable.append(text)
    if len(hand) == 1 and stuck_with_last_card(rules, hand, [rules.cards[t] for t in playable]):
        return []
    if rules.has_discard_all and rules.no_going_out_on:   # (the judge's _playable)
        cards = [rules.cards[t] for t in hand]
        playable = [t for t in playable if not discard_all_stuck(rules, cards, rules.cards[t])]
    return playable


def _turn_draw(rules: Rules, state: State, player: int, available: int) -> Move:
    if rules.draw_source == "launcher":
        return _draw(player, 0)
    if rules.draw_until_playable:
        return _draw(player, 1)
    return _draw(player, min(rules.draw_count, available))


def _groups(rules: Rules, state: State, hand: list[str], playable: list[str]) -> list[tuple[Card, ...]]:
    """The card groups a player may put down on their turn: single cards, and doubles or
    Discard All where the rules have them. A Discard All goes down with every card of
    its colour the hand holds (the judge refuses one that keeps any back)."""
    groups = _candidate_groups(rules, state, hand, playable)
    if not rules.has_discard_all:
        return groups
    return [group for group in groups if not _keeps_back(rules, hand, group)]


def _keeps_back(rules: Rules, hand: list[str], group: tuple[Card, ...]) -> bool:
    lead = group[0] if len(group) == 1 else lead_card(group)
    if not lead.kind.discard_all:
        return False
    held = sum(1 for t in hand if rules.cards[t].color == lead.color)
    return held > sum(1 for card in group if card.color == lead.color)


def _candidate_groups(rules: Rules, state: State, hand: list[str], playable: list[str]) -> list[tuple[Card, ...]]:
    if state.drawn:
        if rules.after_draw == "end-turn":
            return []
        if rules.drawn_only:
            if state.drawn_card is None:   # not shown: any card, taken to be the drawn one
                return [(rules.cards[t],) for t in playable]
            if state.drawn_card not in playable:
                return []
            drawn = rules.cards[state.drawn_card]
            # a drawn Discard All goes down with every card of its colour (_groups)
            return [_discard_all_group(rules, hand, drawn)] if drawn.kind.discard_all else [(drawn,)]
    groups: list[tuple[Card, ...]] = [(rules.cards[t],) for t in playable]
    if not (rules.doubles or rules.has_discard_all):
        return groups
    counts = Counter(hand)
    for text in playable:
        card = rules.cards[text]
        if rules.doubles and card.kind.category == "number" and rules.doubles_by_number:
            others = [rules.cards[t] for t in hand if rules.cards[t].kind.category == "number"
                      and rules.cards[t].kind.number == card.kind.number]
            others.remove(card)
            for other in dict.fromkeys(others):   # a pair, and as many as allowed
                groups.append((card, other))
            if len(others) >= 2 and rules.doubles_max >= 3:
                groups.append((card,) + tuple(others[:rules.doubles_max - 1]))
        elif rules.doubles and card.kind.category == "number":
            for size in range(2, min(counts[text], rules.doubles_max) + 1):
                groups.append((card,) * size)
        if card.kind.discard_all:
            group = _discard_all_group(rules, hand, card)
            if len(group) > 1:
                groups.append(group)
    return groups


def _discard_all_group(rules: Rules, hand: list[str], card: Card) -> tuple[Card, ...]:
    """A Discard All with every other card of its colour the hand holds (another copy of
    it too), the Discard All last."""
    same = [rules.cards[t] for t in hand if rules.cards[t].color == card.color]
    same.remove(card)
    return tuple(same) + (card,)


def _plays(rules: Rules, state: State, player: int, hand: list[str], group: tuple[Card, ...]) -> Sequence[Move]:
    """The plays of one card group that the rules allow: each colour a wild may name,
    each player it may aim at, with and without an UNO call when one card will be left."""
    size = len(group)
    lead = group[0] if size == 1 else lead_card(group)
    kind = lead.kind
    held = state.hand_counts[player]
    if held < size:
        return []
    if kind.restriction != "none" and _breaches(rules, kind, hand, group, state):
        return []
    if held == size and rules.no_going_out_on and any(
            rules.category_forbids_going_out(c.kind) for c in group):
        return []
    one_left = held - size == 1
    if kind.aims or size > 1:   # the targets depend on who is still in; groups are many
        targets: list[int | None] = ([s for s in range(state.seats) if s != player and s not in state.out]
                                     if kind.aims else [None])
        if kind.aims and held == size and kind.aims_to_move_hands:
            targets.append(None)   # a last card moves no hands: it needs no target (judge)
        return _choices(rules, player, group, one_left, targets)
    # A single card's plays depend on nothing but the mover, the card and the UNO call:
    # made once per ruleset and handed out again (a Move is never changed once made).
    # Making them anew was a twentieth of a simulated move's instructions (callgrind).
    by_mover = rules.single_plays.get(lead)
    if by_mover is None:
        by_mover = rules.single_plays[lead] = {}
    key = player * 2 + (1 if one_left else 0)
    plays = by_mover.get(key)
    if plays is None:
        plays = by_mover[key] = tuple(_choices(rules, player, group, one_left, (None,)))
    return plays


def _choices(rules: Rules, player: int, group: tuple[Card, ...], one_left: bool,
             targets: Sequence[int | None]) -> list[Move]:
    """A group's plays: each colour a wild may name, each of the `targets`, each card a
    Flip may turn up, with and without the UNO call when one card will be left."""
    kind = (group[0] if len(group) == 1 else lead_card(group)).kind
    calls = (True, False) if one_left else (False,)
    if not (kind.choose_color or kind.flips):   # most cards: one play, or two with the call
        return [_play(player, group, None, target, uno) for target in targets for uno in calls]
    colors = rules.colors if kind.choose_color else (None,)
    # a card that turns the deck over: each card of the other side may be the one turned up
    turned = tuple(rules.other_side.cards.values()) if kind.flips else (None,)
    plays = [_play(player, group, color, target, uno, up)
             for up in turned if not _named(kind, up) for color in colors for target in targets for uno in calls]
    # ...and a wild turned up whose colour the Flip's player names: each colour of that side
    plays += [_play(player, group, color, target, uno, up)
              for up in turned if _named(kind, up) for color in rules.other_side.colors
              for target in targets for uno in calls]
    return plays


def _named(kind: KindSpec, turned_up: Card | None) -> bool:
    return (kind.names_wild_turned_up and turned_up is not None and turned_up.color is None
            and turned_up.kind.choose_color)


def _play(player: int, cards: tuple[Card, ...], color: str | None, target: int | None, uno: bool,
          turned_up: Card | None = None) -> Move:
    move = Move("play", player)
    move.cards = cards
    move.color = color
    move.target = target
    move.uno = uno
    move.turned_up = turned_up
    return move


def _breaches(rules: Rules, kind: KindSpec, hand: list[str], group: tuple[Card, ...], state: State) -> bool:
    rest = list(hand)
    for card in group:
        rest.remove(card.text)
    top = rules.cards[state.top]
    cards = [rules.cards[t] for t in rest]
    if kind.restriction == "no-color-match":
        return any(c.color == state.color or c.kind.id in kind.counts_as_match for c in cards)
    return any(c.kind.restriction == "none" and rules.matches(c, top, state.color) for c in cards)


def _jump_ins(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    if not rules.jump_in:
        return
    top = rules.cards[state.top]
    for seat, hand in hands.items():
        # (a Discard All jumps in alone: not while it would keep cards of its colour back)
        if (seat != state.current and state.top in hand and not _owes(state, seat)
                and not (top.kind.discard_all and _keeps_back(rules, hand, (top,)))):
            found.extend(_plays(rules, state, seat, hand, (top,)))
