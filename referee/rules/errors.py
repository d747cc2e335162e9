"""Problems found in a ruleset, and the one exception that carries them.

Every way a ruleset can be wrong (bytes that are not text, YAML that breaks the strict
loader, a shape the JSON Schema refuses, a deck that does not add up) ends as a
`RulesetError` holding `Problem`s: data a client can show next to the offending line.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

MAX_MESSAGE = 200  # characters; a message may quote user input, which may be huge
MAX_PROBLEMS = 20  # an organiser fixes the first few and runs the check again


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    """Cut `text` to `limit` characters, marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or odd, for a warning) in a ruleset.

    `path` is dotted from the document root ("cards.skip.score", "" for the root);
    `line` and `column` are 1-based positions in the YAML text, or None when the
    value has no position (it was inherited, or the document was not YAML).
    """

    path: str
    message: str
    line: int | None = None
    column: int | None = None
    severity: str = "error"

    def __post_init__(self):
        object.__setattr__(self, "message", clip(self.message))
        object.__setattr__(self, "path", clip(self.path))  # a path holds the user's keys

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def to_json(self) -> dict:
        return asdict(self)

    def sort_key(self):
        """Problems with a position first, in the order they appear in the text."""
        return (self.line is None, self.line or 0, self.column or 0, self.path)

    def __str__(self) -> str:
        where = f"line {self.line}, column {self.column}: " if self.line else ""
        path = f"{self.path}: " if self.path else ""
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{where}{prefix}{path}{self.message}"


def tidy(problems) -> list[Problem]:
    """Sort problems by position and keep the first MAX_PROBLEMS, saying how many were left out."""
    ordered = sorted(problems, key=Problem.sort_key)
    if len(ordered) <= MAX_PROBLEMS:
        return ordered
    kept = ordered[:MAX_PROBLEMS]
    hidden = len(ordered) - MAX_PROBLEMS
    return kept + [Problem("", f"{hidden} more problem(s) not shown; fix these first")]


class RulesetError(Exception):
    """A ruleset that cannot be used. `.problems` says what is wrong and where.

    `status` is the HTTP status the service answers with; `title` its short summary.
    """

    status = 422
    title = "Invalid ruleset"

    def __init__(self, problems, source: str | None = None):
        problems = tidy(problems)
        if not problems:
            raise ValueError("a RulesetError needs at least one problem")
        self.problems = problems
        self.source = source  # the file or upload the problems are in, when known
        super().__init__()

    @classmethod
    def single(cls, message: str, path: str = "", line: int | None = None,
               column: int | None = None):
        return cls([Problem(path, message, line, column)])

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source else ""
        if len(self.problems) == 1:
            return f"{where}{self.problems[0]}"
        listed = "\n".join(f"  {p}" for p in self.problems)
        return f"{where}{len(self.problems)} problems:\n{listed}"

    def to_json(self) -> list[dict]:
        return [p.to_json() for p in self.problems]


class RulesetTooLarge(RulesetError):
    """The document is over the size cap: refused before it is parsed at all."""

    status = 413
    title = "Ruleset too large"
