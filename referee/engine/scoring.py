"""Scoring, elimination, places and the next deal: scoring a round (the winner's
opponents' hands, or each player's own hand, with partners and a multiplier), a score
given as points, elimination, the mercy rule's knock-out, the game's end, and dealing
the next round (docs/rulings.md: "End of a round", ruling 21;
tests/engine/scenarios/05-scoring.yaml).

The judging (`judge_score`, `judge_deal`) and the enumeration of the score a position
allows (`add_score`, for legal.py) sit side by side. Going out, and finishing in a
place, happen on a play (playing.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.problem import pointer

from .errors import InputError
from .moves import Move
from .opening import deal_round
from .refusals import Effects, allow, over_refusal, refuse
from .state import RoundScore
from .transitions import end_round
from .verdict import Verdict

if TYPE_CHECKING:
    from .rules import Card, Rules
    from .state import State


def judge_score(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    if state.phase == "game-over":
        return over_refusal(state)
    if move.winner is not None:
        verdict = _score_reported_round(rules, state, move)
    else:
        verdict = _score_ended_round(rules, state, move)
    if not verdict.legal:
        # a refused score changes nothing: not even the round a reported score would have ended
        return refuse(state, verdict.code, verdict.rule, **verdict.details)
    _write_sheet(state, verdict.state, move)
    return verdict


def _write_sheet(state: State, new: State, move: Move) -> None:
    """The round just scored goes on the score sheet: what each seat scored for it."""
    winner = move.winner if move.winner is not None else _winner(state)
    points = tuple(max(0, after - before) for after, before in zip(new.scores, state.scores))
    last_left = bool(state.out) and state.phase == "round-over" and state.hand_counts[winner] > 0
    entry = RoundScore(state.round, winner, points, "points" if move.points is not None else "hands",
                       last_left)
    new.rounds = (*[e for e in state.rounds if e.round != state.round], entry)


# --- a past round scored again (rescore; docs/rulings.md, "A round scored again") -------

def judge_rescore(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    """A round already scored, scored again from its hands or its points, with a reason:
    its points replace the ones it had, the totals follow, and the target decides again
    whether the game is over and who won it."""
    number = move.round
    assert number is not None and move.reason is not None   # (parse_move requires both)
    entry = next((e for e in state.rounds if e.round == number), None)
    if entry is None:
        if number > state.round:
            return refuse(state, "unknown-round", "scoring", round=number, rounds=state.round)
        return refuse(state, "round-not-scored", "scoring", round=number)
    winner = entry.winner
    if move.points is not None:
        by_seat = list(move.points)
        if by_seat[winner] and not entry.last_left:
            raise InputError.at(pointer("move", "points", winner),
                                f"player {winner} went out in round {number}: their points are 0",
                                "contradicts-table")
    else:
        hands = move.hands
        assert hands is not None   # (parse_move: hands or points)
        if hands[winner] and not entry.last_left:
            return refuse(state, "winner-has-cards", "scoring.method", player=winner,
                          count=len(hands[winner]))
        by_seat = [sum(card.kind.score for card in cards) for cards in hands]
    points = _round_points(rules, state, winner, by_seat)
    new = state.copy()
    new.scores = tuple(max(0, total - old + now)
                       for total, old, now in zip(state.scores, entry.points, points))
    rescored = RoundScore(number, winner, tuple(points), "points" if move.points is not None else "hands",
                          entry.last_left, move.reason, entry.points)
    new.rounds = tuple(rescored if e.round == number else e for e in state.rounds)
    effects: Effects = [{"type": "rescore", "round": number, "player": seat, "points": now}
                        for seat, (old, now) in enumerate(zip(entry.points, points)) if old != now]
    game = _decide_again(rules, state, new, effects)
    details: dict[str, Any] = {"round": number, "player": winner, "points": points[winner],
                               "total": new.scores[winner], "reason": move.reason,
                               "scores": list(new.scores), "game": game}
    if new.phase == "game-over":
        details["winner"] = new.winner
    if new.phase == "game-over" or game is not None:
        details["target"] = rules.target
    return allow(new, "rescored", "scoring.method", effects, **details)


def _round_points(rules: Rules, state: State, winner: int, by_seat: list[int]) -> list[int]:
    """What each seat scores for a round from each hand's value, as _score_round counts it."""
    if rules.own_hands and not rules.elimination:
        return [points * rules.multiplier for points in by_seat]
    scored = [0] * state.seats
    scored[winner] = _opponents_points(rules, state, by_seat, winner) * rules.multiplier
    return scored


def _decide_again(rules: Rules, state: State, new: State, effects: Effects) -> str | None:
    """Whether the game is over after a rescore, and who won it: by the target, on the
    totals as they now stand. A game over by the last player left (the mercy rule,
    elimination) or after its single round stays over; a game the target ended goes on
    when nobody reaches it any more (the table deals the next round); a game still going
    ends at once when someone now does (the round in play is not scored; taken back by a
    later rescore, it goes on where it stood). Answers
    "won" (the game ends, or its winner changes), "resumed", or None."""
    was_over = state.phase == "game-over"
    last_winner = state.rounds[-1].winner if state.rounds else None
    scores = new.scores
    fixed = rules.elimination or rules.single_round or (was_over and state.active == 1)
    if rules.own_hands and not rules.elimination:
        contenders = [seat for seat in range(len(scores)) if not (rules.out_for_game and seat in state.out)]
        reached = bool(contenders) and (max(scores) >= rules.target or fixed)
        winner = (min(contenders, key=lambda seat: (scores[seat], seat != last_winner, seat))
                  if reached else None)
    elif fixed:
        reached, winner = True, state.winner
    else:
        totals = [sum(scores[s] for s in _team(rules, state, seat)) for seat in range(len(scores))]
        over = [seat for seat in range(len(scores)) if totals[seat] >= rules.target]
        reached = bool(over)
        winner = (max(over, key=lambda seat: (totals[seat], seat == last_winner, -seat))
                  if over else None)
    if fixed and not was_over:
        return None   # (a single round, or elimination: the game ends as it always does)
    if reached and winner is not None:
        if was_over and winner == state.winner:
            return None
        new.phase, new.winner, new.scored = "game-over", winner, False
        effects.append({"type": "game-over", "winner": winner})
        return "won"
    if was_over:
        if state.rounds and state.rounds[-1].round == state.round:
            # the game ended with its last round's score: that round is scored, deal the next
            new.phase, new.scored, new.winner = "round-over", True, last_winner
        else:
            # a rescore ended the game in the middle of a round: the round goes on
            new.phase = "respond" if new.pending is not None else "play"
            new.scored, new.winner = False, None
        return "resumed"
    return None


def _score_ended_round(rules: Rules, state: State, move: Move) -> Verdict:
    if state.phase != "round-over":
        return refuse(state, "round-not-over", "scoring")
    if state.scored:
        return refuse(state, "round-already-scored", "scoring")
    winner = _winner(state)
    pending = state.pending
    if pending is not None:   # a draw until a colour comes, owed on the last card: made first
        return refuse(state, "pending-draw", "scoring", player=pending.player, count=pending.count,
                      card=pending.card)
    if move.points is not None:
        return _score_points(rules, state, move.points)
    hands = move.hands
    assert hands is not None   # a score move gives points or hands (parse_move)
    standing = bool(state.out) and state.hand_counts[winner] > 0   # the last player left in
    if hands[winner] and not standing:
        return refuse(state, "winner-has-cards", "scoring.method", player=winner, count=len(hands[winner]))
    owing = {debt.player for debt in state.debts}
    spare = state.cards_to_draw(rules)
    for seat, cards in enumerate(hands):
        held = state.hand_counts[seat]
        # a seat still owing presses may have received cards the table did not count
        most = held + spare if seat in owing else held
        if not held <= len(cards) <= most:
            return refuse(state, "hand-count-mismatch", "scoring.method", player=seat,
                          expected=held, count=len(cards))
        spare -= len(cards) - held
    by_seat = [sum(card.kind.score for card in cards) for cards in hands]
    new = state.copy()
    new.hand_counts = [len(cards) for cards in hands]
    return _score_round(rules, state, new, by_seat, {})


def _score_reported_round(rules: Rules, state: State, move: Move) -> Verdict:
    """A score that says who went out (`winner`): a table that keeps only the scores
    never told the referee the round's moves, so the round ends here, with `winner`
    out and each hand as the score gives it (the cards left, or nothing but the
    winner's 0 with points), and is scored at once. On a round the referee saw end,
    `winner` must be the one who went out."""
    winner = move.winner
    assert winner is not None   # (judge_score sends only a score that names its winner)
    if state.phase == "round-over":
        if winner != state.winner:
            raise InputError.at(pointer("move", "winner"),
                                f"player {state.winner} went out this round", "contradicts-table")
        return _score_ended_round(rules, state, move)
    if winner in state.out:
        raise InputError.at(pointer("move", "winner"), f"player {winner} is out", "not-a-seat")
    ended = state.copy()
    ended.phase, ended.winner, ended.scored = "round-over", winner, False
    ended.pending, ended.debts, ended.skips = None, (), 0
    ended.drawn, ended.drawn_card, ended.extra_play = False, None, False
    ended.uno_called, ended.uno_exposed = frozenset(), frozenset()
    ended.pile = None   # which cards are where, the table did not say
    if move.hands is not None:
        ended.hand_counts = [len(cards) for cards in move.hands]
        for seat in sorted(state.out):   # put out (of the round or of the game): their hand went under the pile
            if ended.hand_counts[seat]:
                raise InputError.at(pointer("move", "hands", seat),
                                    f"player {seat} is out and holds no cards", "contradicts-table")
        if sum(ended.hand_counts) > rules.deck_size - 1:
            raise InputError.at(pointer("move", "hands"),
                                f"the hands hold more cards than the deck's {rules.deck_size}",
                                "contradicts-table")
    else:
        ended.hand_counts[winner] = 0
    return _score_ended_round(rules, ended, move)


def _score_round(rules: Rules, state: State, new: State, by_seat: list[int], extra: dict[str, Any]) -> Verdict:
    """The round's points counted as the ruleset scores: `by_seat` is each hand's value."""
    if rules.elimination:
        return _eliminate(rules, state, new, by_seat, extra)
    if rules.own_hands:
        return _add_own_hands(rules, state, new, by_seat, extra)
    return _add_round_points(rules, state, new, _opponents_points(rules, state, by_seat), extra)


def _winner(state: State) -> int:
    """The seat that went out: a round being scored has one (parse_state refuses a
    state over without it; a score naming its winner sets it)."""
    winner = state.winner
    assert winner is not None
    return winner


def _opponents_points(rules: Rules, state: State, by_seat: list[int], winner: int | None = None) -> int:
    """What the round's winner scores: the hands of every seat outside their team."""
    team = _team(rules, state, _winner(state) if winner is None else winner)
    return sum(points for seat, points in enumerate(by_seat) if seat not in team)


def _eliminate(rules: Rules, state: State, new: State, by_seat: list[int], extra: dict[str, Any]) -> Verdict:
    """Elimination: the round is scored as usual, then the player (or the players tied)
    holding the most cards is out of the game; the round's winner, holding none, never
    is. The last player left wins the game, whatever the scores."""
    verdict = _add_round_points(rules, state, new, _opponents_points(rules, state, by_seat), extra)
    new = verdict.state
    most = max(count for seat, count in enumerate(new.hand_counts) if seat not in new.out)
    if most == 0:
        return verdict
    eliminated = [seat for seat, count in enumerate(new.hand_counts) if seat not in new.out and count == most]
    new.out = new.out | frozenset(eliminated)
    effects: Effects = [effect for effect in verdict.effects if effect["type"] == "score"]
    effects += [{"type": "eliminated", "player": seat, "count": most} for seat in eliminated]
    details = {key: verdict.details[key] for key in ("player", "points", "total", *extra)}
    if new.active == 1:
        new.phase = "game-over"
        new.scored = False
        effects.append({"type": "game-over", "winner": _winner(state)})
        return allow(new, "game-won", "house.elimination", effects, **details, target=rules.target)
    new.phase = "round-over"
    new.scored = True
    return allow(new, "player-eliminated", "house.elimination", effects,
                 eliminated=eliminated, count=most, **details)


def _score_points(rules: Rules, state: State, by_seat: list[int]) -> Verdict:
    """A score given as each seat's points, as the table counted them: the verdict
    carries the ruleset's card values so the table can check its sums."""
    winner = _winner(state)
    if by_seat[winner] and not (state.out and state.hand_counts[winner]):
        raise InputError.at(pointer("move", "points", winner),
                            f"player {winner} went out: their points are 0", "contradicts-table")
    refusal = _points_bound_refusal(rules, state, by_seat)
    if refusal:
        return refusal
    extra = {"by_seat": list(by_seat), "values": rules.card_values()}
    return _score_round(rules, state, state.copy(), by_seat, extra)


def _points_bound_refusal(rules: Rules, state: State, by_seat: list[int]) -> Verdict | None:
    """Points no hand of the seat's size could be worth (more than its cards, each at the
    deck's dearest value) are a slip of the table's count: refused, with the bound."""
    dearest = rules.dearest_score
    owing = {debt.player for debt in state.debts}
    spare = state.cards_to_draw(rules)
    for seat, points in enumerate(by_seat):
        held = state.hand_counts[seat]
        # a seat still owing presses may hold cards the table did not count (judge_score)
        most = (held + spare if seat in owing else held) * dearest
        if points > most:
            return refuse(state, "points-over-hand", "scoring.method", player=seat,
                          points=points, count=held, max=most)
    return None


def _team(rules: Rules, state: State, seat: int) -> tuple[int, ...]:
    """The seats whose points add up with `seat`'s: its partner opposite, with teams of
    two at an even table of four or more; else the seat alone (two players opposite
    each other are opponents: as partners nobody would ever score)."""
    if rules.partners and state.seats % 2 == 0 and state.seats >= 4:
        return (seat, (seat + state.seats // 2) % state.seats)
    return (seat,)


def _add_own_hands(rules: Rules, state: State, new: State, by_seat: list[int], extra: dict[str, Any]) -> Verdict:
    """Scoring by own hands: every player adds their own hand's points (times the
    multiplier); once someone reaches the target, the fewest points win."""
    round_winner = _winner(state)
    new.debts = ()
    scores = [total + points * rules.multiplier for total, points in zip(state.scores, by_seat)]
    new.scores = tuple(scores)
    effects: Effects = [{"type": "score", "player": seat, "points": points * rules.multiplier}
               for seat, points in enumerate(by_seat) if points]
    if rules.single_round or max(scores) >= rules.target or state.active == 1:
        # a player out of the game (being out lasts the game) no longer plays for the win
        contenders = [seat for seat in range(len(scores)) if not (rules.out_for_game and seat in state.out)]
        winner = min(contenders, key=lambda seat: (scores[seat], seat != round_winner))
        new.phase = "game-over"
        new.winner = winner
        effects.append({"type": "game-over", "winner": winner})
        return allow(new, "game-won", "scoring.method", effects, player=winner,
                     points=by_seat[winner] * rules.multiplier, total=scores[winner],
                     target=rules.target, **extra)
    new.scored = True
    return allow(new, "round-scored", "scoring.method", effects, player=round_winner,
                 points=by_seat[round_winner] * rules.multiplier, total=scores[round_winner], **extra)


def _add_round_points(rules: Rules, state: State, new: State, points: int, extra: dict[str, Any]) -> Verdict:
    winner = _winner(state)
    new.debts = ()
    points *= rules.multiplier
    scores = list(state.scores)
    scores[winner] += points
    new.scores = tuple(scores)
    effects: Effects = [{"type": "score", "player": winner, "points": points}]
    total = sum(scores[seat] for seat in _team(rules, state, winner))   # partners add up
    # the last player left wins; under elimination nothing else ends the game (_eliminate)
    if (rules.single_round or total >= rules.target or state.active == 1) and not rules.elimination:
        new.phase = "game-over"
        effects.append({"type": "game-over", "winner": winner})
        return allow(new, "game-won", "scoring.target", effects, player=winner, points=points,
                     total=total, target=rules.target, **extra)
    new.scored = True
    return allow(new, "round-scored", "scoring.method", effects, player=winner, points=points,
                 total=total, **extra)


def judge_deal(rules: Rules, state: State, move: Move, hand: list[Card] | None) -> Verdict:
    if state.phase == "game-over":
        return over_refusal(state)
    if state.phase != "round-over" or not state.scored:
        return refuse(state, "round-not-over", "scoring")
    if rules.shuffle_seats and move.seating is None:
        return refuse(state, "seating-required", "house.shuffle_seats")
    if not rules.shuffle_seats and move.seating is not None:
        return refuse(state, "seating-not-allowed", "house.shuffle_seats")
    return deal_round(rules, state, move)


def apply_mercy(rules: Rules, state: State, effects: Effects) -> None:
    """The mercy rule: a player holding `max_cards` or more is out of the round (or of
    the whole game, `lasts: game`), their cards going under the discard pile; the last
    player left wins the round."""
    lasts = "game" if rules.mercy_for_game else "round"
    limit = rules.mercy_limit
    assert limit is not None   # (judge applies the mercy rule only where it has a limit)
    for seat in range(state.seats):
        held = state.hand_counts[seat]
        if seat in state.out or held < limit:
            continue
        state.out = state.out | {seat}
        state.hand_counts[seat] = 0
        state.uno_called = state.uno_called - {seat}
        state.uno_exposed = state.uno_exposed - {seat}
        state.debts = tuple(debt for debt in state.debts if debt.player != seat)
        effects.append({"type": "out", "player": seat, "count": held, "lasts": lasts})
    if not state.out:
        return
    if state.active == 1:
        # the last player left wins; the turn rests with them, never with a seat that is out
        # (a state naming a player out as current is refused when sent back: parse_state)
        winner = next(seat for seat in range(state.seats) if seat not in state.out)
        state.current = winner
        end_round(state, winner, effects)
        return
    if state.pending is not None and state.pending.player in state.out:
        state.pending = None
        state.phase = "play"
        state.current = state.seat_after(state.current, 1)
        effects.append({"type": "turn", "player": state.current})
    elif state.current in state.out:
        state.current = state.seat_after(state.current, 1)
        state.drawn = False
        state.drawn_card = None
        state.extra_play = False
        effects.append({"type": "turn", "player": state.current})



# --- the score a position allows (legal.py) ---------------------------------------------

def add_score(rules: Rules, state: State, hands: dict[int, list[str]], found: list[Move]) -> None:
    """Add the score of a round that ended, once no presses are owed and every hand is known."""
    if not state.debts and not state.scored and all(s in hands for s in range(state.seats)):
        move = Move("score")
        move.hands = [tuple(rules.cards[t] for t in hands[s]) for s in range(state.seats)]
        found.append(move)
