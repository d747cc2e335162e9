"""One problem of a client's input, whichever part found it: the ruleset loader
(referee.rules), the engine reading a move or a state (referee.engine) or the API
reading a request body (referee.api). All three speak of the same thing the same way:
a stable `code`, a `message`, the `path` of the offending value as a JSON Pointer
(RFC 6901: "/move/cards/1", "/house/no_going_out_on/1", "" for the whole input),
and, for a ruleset's text, the `line` and `column` it starts at and a `severity`.
"""
from __future__ import annotations

from dataclasses import dataclass


def escape(token) -> str:
    """One reference token: `~` and `/` in a key are written ~0 and ~1 (RFC 6901, 3)."""
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer(*tokens) -> str:
    """The JSON Pointer of a value reached by these keys and indexes from the root."""
    return "".join("/" + escape(token) for token in tokens)


def child(path: str, *tokens) -> str:
    """The pointer of a value under the one at `path`."""
    return path + pointer(*tokens)


def tokens(path: str) -> list[str]:
    """The reference tokens of a pointer, unescaped (what a client does to find the value)."""
    if not path:
        return []
    if not path.startswith("/"):
        raise ValueError(f"not a JSON Pointer: {path!r}")
    return [part.replace("~1", "/").replace("~0", "~") for part in path[1:].split("/")]


@dataclass(frozen=True)
class InputProblem:
    """One problem of a client's input (this module's docstring says what each field holds)."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None
    severity: str = "error"
    code: str = ""

    def to_json(self) -> dict:
        """Every field, as the `errors` entries of a problem+json answer carry them (the
        service leaves out a line and column it does not have)."""
        return {"path": self.path, "message": self.message, "line": self.line,
                "column": self.column, "severity": self.severity, "code": self.code}
