"""Tables' states as the engine's State, kept by their JSON: a move is judged on its
table's stored state, and parsing it (every field checked) cost a move about as much
as the judge itself (bench/move_cost.py, in-process: parse_state 10-15 us, judging and
`next` 9-11 us; a kept state is found in ~1 us).

The key is the state's JSON (orjson's compact bytes, exact for JSON values) with the
compiled ruleset: parse_state is a pure function of the two, so a kept State is the
very one a parse would give, whoever wrote the row and whatever its seq. The state a
move leaves is kept too, under the JSON it is stored as: the next move on the table
in this process finds it (the engine's property tests check that a state read back
from its JSON is judged exactly as the one in memory). The judge never changes a State
it is given (it copies one to change it), so one State serves every request.
"""
import threading

import orjson

from referee.engine import parse_state

STATES_KEPT = 1024  # a few hundred tables moving at once per worker; the oldest go first


class ParsedStates:
    def __init__(self, size=STATES_KEPT):
        self.size = size
        self._states = {}  # (id(rules), JSON bytes) -> (rules, State), oldest first
        self._lock = threading.Lock()

    def parsed(self, rules, data):
        """parse_state(rules, data), without the parse when this JSON was seen."""
        key = _key(rules, data)
        kept = self._states.get(key) if key else None  # a dict read is atomic: no lock
        if kept is not None and kept[0] is rules:  # the id is the rules' while they live
            return kept[1]
        state = parse_state(rules, data)
        self.keep(rules, data, state, key)
        return state

    def keep(self, rules, data, state, key=None):
        """Keep `state`, which `data` (its JSON form, as stored) parses to."""
        key = key or _key(rules, data)
        if not key:
            return
        with self._lock:
            self._states[key] = (rules, state)
            while len(self._states) > self.size:  # first in, first out
                del self._states[next(iter(self._states))]


def _key(rules, data):
    try:
        return id(rules), orjson.dumps(data)
    except TypeError:  # what orjson refuses (an integer past 64 bits) is parsed each time
        return None
