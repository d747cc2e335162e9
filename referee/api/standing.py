"""Which moves of a table's log stand: the ones its state is made of.

Every entry stays in the log, but not every entry counts. A refused move changed
nothing (unless it carried a fine: then it stands like a move); a correction made
the moves after the seq it returned to stop counting. So the moves that stand are
found by walking the log back from its last entry: a move that changed the state
stands, a refused one is passed over, and a correction sends the walk on from the
seq it returned to. That is what a correction takes back (never a refused tap, never
an earlier correction) and what "Undo" names.

The walk reads the log a short page at a time, backwards, and never more than REACH
entries behind the table's seq: a correction reaches no further back, however long
the log (a correction also stays within its round: engine/corrections.py).
"""
from referee.engine import parse_state
from referee.engine.corrections import is_correction, within_reach
from referee.engine.errors import InputError, problem

REACH = 500  # entries behind the table's seq that a correction may reach
PAGE = 32    # entries read at a time, walking back


class OutOfReach(Exception):
    """The walk would go further back than REACH entries."""


class LogReader:
    """A table's entries, read backwards from `seq` on demand, a page at a time."""

    def __init__(self, store, table_id, seq):
        self.store, self.table_id, self.seq = store, table_id, seq
        self.floor = max(seq - REACH, 0)
        self._entries = {}

    def entry(self, seq):
        """The event recorded at `seq` (from floor to the table's seq)."""
        if seq < self.floor or seq < 1:
            raise OutOfReach(seq)
        if seq not in self._entries:
            after = max(seq - PAGE, self.floor - 1, 0)
            for event in self.store.events(self.table_id, after, seq - after):
                self._entries[event.seq] = event
        return self._entries[seq]

    def state_after(self, seq, rules, opening):
        """The State recorded after `seq`; at 0, `opening()`'s."""
        return parse_state(rules, self.entry(seq).verdict["state"]) if seq else opening()


def changed_state(verdict) -> bool:
    return bool(verdict.get("legal") or verdict.get("effects"))


def standing(log, down_to):
    """(seq, event) of the moves standing after seq `down_to`, newest first."""
    seq = log.seq
    while seq > down_to:
        event = log.entry(seq)
        if is_correction(event.move):
            # A refused correction (out of reach) changed nothing.
            seq = event.verdict["details"]["to_seq"] if event.verdict.get("legal") else seq - 1
            continue
        if changed_state(event.verdict):
            yield seq, event
        seq -= 1


def taken_back(log, correction):
    """The moves `correction` takes back, oldest first, as (seq, verdict json). For a
    correction naming a move (takes_back), 422 unless that move stands."""
    try:
        moves = list(standing(log, correction.to_seq))[::-1]
    except OutOfReach:
        raise out_of_reach(correction) from None
    named = correction.takes_back
    if named is not None and (not moves or moves[0][0] != named):
        raise _invalid(correction, _why_not_standing(log.entry(named)))
    return [(seq, event.verdict) for seq, event in moves]


def _why_not_standing(event):
    seq = event.seq
    if is_correction(event.move):
        return f"seq {seq} is a correction: name the move it took back, or a later one"
    if not changed_state(event.verdict):
        return f"seq {seq} was refused: it changed nothing, so there is nothing to take back"
    return f"seq {seq} was taken back already by a later correction"


def out_of_reach(correction):
    return _invalid(correction, f"a correction reaches back {REACH} entries at most")


def _invalid(correction, message):
    field = "takes_back" if correction.takes_back is not None else "to_seq"
    return InputError([problem(f"/move/{field}", message, "correction-invalid")])


def last_move(log, rules, opening, current_state):
    """(seq, event) of the last move that stands and that a correction may still take
    back (its round not closed by a deal), or None."""
    try:
        for seq, event in standing(log, 0):
            before = log.state_after(seq - 1, rules, opening)
            return (seq, event) if within_reach(before, current_state) else None
    except OutOfReach:
        return None
    return None
