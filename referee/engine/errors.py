"""The one exception the engine raises: bad input, as opposed to an illegal move.

An illegal move is a normal answer (a verdict with legal=False). An InputError means
the request cannot be judged at all: a card the deck does not contain, a seat that
does not exist, a state that contradicts itself. The service answers it with 422.
"""


class InputError(Exception):
    """Input that cannot be judged. `problems` is a list of {"path", "message"}."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("; ".join(f"{p['path']}: {p['message']}" for p in self.problems))

    @classmethod
    def at(cls, path, message):
        return cls([{"path": path, "message": message}])
