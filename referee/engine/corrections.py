"""Corrections: the table takes back its last move or moves.

A correction is an entry of the log like any other move: nothing is deleted or
rewritten. `{"type": "correct", "takes_back": S}` names the move it takes back: the
table's state becomes the one just before seq S (the state recorded after S - 1), and
S with every move standing after it no longer counts. `{"type": "correct", "to_seq":
N}` returns to the state recorded after seq N. Both may carry `player` and `reason`.
It is pure like the judge: the caller (the table's log) supplies the state to return
to and the moves that stand after it (refused entries and earlier corrections do not:
see api/standing.py), having checked that S stands.

Limits (docs/api.md, Corrections): N is an earlier seq of the same table; its state
must belong to the current round, or be the scored end of the previous round (just
before the current round's deal, so a mistyped deal can be redone). Once the next
round is dealt, an earlier round and its score are final.
"""
from referee.problem import child

from .errors import InputError, problem, unknown_fields
from .verdict import Verdict

CORRECTION_FIELDS = {"type", "to_seq", "takes_back", "player", "reason"}
MAX_REASON = 200
# The moves taken back whose verdicts a correction's details repeat, first first: the
# entry stays the same small size however many moves it takes back (the effect lists
# every seq; `count` says how many).
MAX_LISTED = 3

# The table's own verdict codes, beside the judge's (codes.CODES): same shape.
CORRECTION_CODES = {
    "corrected": dict(legal=True, params=["player", "to_seq", "count", "taken_back", "reason"],
                      summary="Moves were taken back: the table is as it stood after seq to_seq."),
    "correction-out-of-reach": dict(legal=False, params=["to_seq", "round", "reason"],
                                    summary="The seq named belongs to an earlier round than "
                                            "a correction may reach."),
}


class Correction:
    __slots__ = ("to_seq", "takes_back", "player", "reason")

    def __init__(self, to_seq, player=None, reason=None, takes_back=None):
        self.to_seq = to_seq
        self.takes_back = takes_back  # the seq named, when the correction names a move
        self.player = player
        self.reason = reason


def is_correction(move_json) -> bool:
    return isinstance(move_json, dict) and move_json.get("type") == "correct"


def parse_correction(data, seq, seats, path="/move"):
    """A Correction for a table now at `seq` with `seats` players. Raises InputError."""
    problems = unknown_fields(data, CORRECTION_FIELDS, path)
    to_seq, takes_back = data.get("to_seq"), data.get("takes_back")
    if seq == 0:
        problems.append(problem(child(path, "to_seq" if "takes_back" not in data else "takes_back"),
                                "nothing to take back: the table has no moves yet",
                                "correction-invalid"))
    elif ("to_seq" in data) == ("takes_back" in data):
        problems.append(problem(child(path, "takes_back"),
                                "name the move to take back (takes_back), or the seq to return to "
                                "(to_seq): one of the two", "correction-invalid"))
    elif "takes_back" in data:
        if type(takes_back) is not int or not 0 < takes_back <= seq:
            problems.append(problem(child(path, "takes_back"),
                                    f"must be the seq of a move of this table, from 1 to {seq}",
                                    "correction-invalid"))
        else:
            to_seq = takes_back - 1
    elif type(to_seq) is not int or not 0 <= to_seq < seq:
        problems.append(problem(child(path, "to_seq"), f"must be an earlier seq of this table, from 0 to {seq - 1}",
                                "correction-invalid"))
    player = data.get("player")
    if player is not None and (type(player) is not int or not 0 <= player < seats):
        problems.append(problem(child(path, "player"), f"must be a seat number from 0 to {seats - 1}", "not-a-seat"))
    reason = data.get("reason")
    if reason is not None and (not isinstance(reason, str) or not 0 < len(reason) <= MAX_REASON
                               or not reason.isprintable()):
        problems.append(problem(child(path, "reason"), f"must be 1 to {MAX_REASON} printable characters",
                                "out-of-range"))
    if problems:
        raise InputError(problems)
    return Correction(to_seq, player, reason, takes_back if "takes_back" in data else None)


def within_reach(target, current) -> bool:
    """Whether a correction from `current` may return to `target` (see the limits)."""
    if target.round == current.round:
        return True
    return (target.round == current.round - 1 and target.phase == "round-over"
            and target.scored)


def correct(target, current, correction, taken_back):
    """The verdict of `correction` on a table whose state is `current`; `target` is
    the state recorded after seq to_seq and `taken_back` the moves that stand after
    it, as (seq, verdict json) in order."""
    reason = {"reason": correction.reason} if correction.reason else {}
    if not within_reach(target, current):
        return Verdict(False, "correction-out-of-reach", "corrections", [], current,
                       {"to_seq": correction.to_seq, "round": current.round, **reason})
    listed = [{"seq": seq, "code": verdict.get("code"), "legal": verdict.get("legal"),
               "details": verdict.get("details")}
              for seq, verdict in taken_back[:MAX_LISTED]]
    effects = [{"type": "corrected", "to_seq": correction.to_seq,
                "taken_back": [seq for seq, _ in taken_back]}]
    if target.phase in ("play", "respond"):
        effects.append({"type": "turn", "player": target.current})
    return Verdict(True, "corrected", "corrections", effects, target,
                   {"player": correction.player, "to_seq": correction.to_seq,
                    "count": len(taken_back), "taken_back": listed, **reason})


def replay(rules, opening, moves):
    """Every state of a table, seq 0 first, from its opening and its logged moves (as
    JSON, corrections included): what the stored log must agree with."""
    from .judge import judge
    from .moves import parse_move
    from .opening import open_table

    state = open_table(rules, opening["players"], opening["dealer"], opening["first_card"],
                       opening.get("color")).state
    states = [state]
    for move_json in moves:
        if is_correction(move_json):
            correction = parse_correction(move_json, len(states), state.seats)
            taken = []  # the verdicts are not needed to know the state
            state = correct(states[correction.to_seq], state, correction, taken).state
        else:
            state = judge(rules, state, parse_move(rules, move_json, state.seats, side=state.side)).state
        states.append(state)
    return states
