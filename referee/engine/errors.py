"""The one exception the engine raises: bad input, as opposed to an illegal move.

An illegal move is a normal answer (a verdict with legal=False). An InputError means
the request cannot be judged at all: a card the deck does not contain, a seat that
does not exist, a state that contradicts itself. The service answers it with 422.

Every problem has a stable code from INPUT_CODES (listed in docs/problems.md), the
path of the offending field and a message; clients and tests match the code.
"""
from referee.problem import InputProblem, child

# Codes of the problems of a request's input (a move, a state, a hand, an opening,
# a request body or query): the code says what kind of problem, the path where.
INPUT_CODES = {
    "not-an-object": "The value must be a JSON object.",
    "unknown-field": "The object has a field this request does not take.",
    "required": "A required field is missing.",
    "wrong-type": "The value is of the wrong type (a string, an integer, a list, true or false).",
    "out-of-range": "A number, a length or a count of items is outside its limits.",
    "not-one-of": "The value is not one of the allowed values (a move type, a colour, a phase).",
    "not-a-seat": "A seat that is not at the table, or a player who is out of the round.",
    "unknown-card": "A card the ruleset's deck does not hold, or a value that is not a card.",
    "wrong-count": "A list must have one entry per seat (or per card) and does not.",
    "conflicting-fields": "Two fields that exclude each other, or a field the rest of the input rules out.",
    "contradicts-table": "The input contradicts the table: its counts, its deck or its phase.",
    "not-a-permutation": "A new seating must list every seat of the table exactly once.",
    "first-card-order": "The cards turned at an opening are not a redrawn card list ending on one that stays.",
    "correction-invalid": "A correction names no earlier move to go back to.",
    "bad-query-parameter": "A query parameter or header is not what the operation takes.",
    "lone-surrogate": "A string holds a lone surrogate (half of a character): it cannot be stored or answered.",
    "idempotency-key-reused": "The Idempotency-Key was already used for another request body.",
    "not-a-join-code": "The join code is not 8 letters and digits.",
    "seat-required": "A phone joining a table says whose it is: a seat, or \"table\" for one shared phone.",
    "not-your-seat": "A phone that joined as one player's records that player's moves only.",
}


class InputError(Exception):
    """Input that cannot be judged. `problems` is a list of referee.problem.InputProblem, each
    with its code, its message and the JSON Pointer of the offending value."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("; ".join(f"{p.path}: {p.message}" for p in self.problems))

    @classmethod
    def at(cls, path, message, code):
        return cls([problem(path, message, code)])


# Problems named at most for one input: an answer lists no more (HOSTILE.md 8), so a
# body of 30,000 unknown keys costs the 20 it names, not a problem built per key.
MAX_NAMED = 20


def unknown_fields(data, fields, path):
    """Problems for the keys of `data` that are not in `fields`: at most MAX_NAMED."""
    if data.keys() <= fields:  # a set test first: the usual input has none
        return []
    found = []
    for key in data:
        if key not in fields:
            found.append(problem(child(path, key), "is not a field of this move", "unknown-field"))
            if len(found) == MAX_NAMED:
                break
    return found


def problem(path, message, code):
    """One problem of a request's input at `path`, a JSON Pointer; `code` must be one
    of INPUT_CODES."""
    if code not in INPUT_CODES:
        raise KeyError(f"unknown input problem code {code!r}")
    return InputProblem(path, message, code=code)
