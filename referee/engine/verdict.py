"""A verdict: the judge's whole answer to one move, as data.

It carries no prose: `code` and `details` are enough for the text layer to write a
precise sentence in any language ("the hand shown holds red-3, which matches red").
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State


class Verdict:
    __slots__ = ("legal", "code", "rule", "effects", "state", "details", "assumed")

    legal: bool
    code: str
    rule: str
    effects: list[dict[str, Any]]
    state: State
    details: dict[str, Any]
    assumed: tuple[str, ...]

    def __init__(self, legal: bool, code: str, rule: str, effects: list[dict[str, Any]], state: State,
                 details: dict[str, Any], assumed: tuple[str, ...] = ()) -> None:
        self.legal = legal
        self.code = code          # a stable kebab-case code from codes.CODES
        self.rule = rule          # the ruleset path of the deciding rule
        self.effects = effects    # what the table must now do, in order
        self.state = state        # the state after the move (the same one when illegal)
        self.details = details    # the facts the message is written from
        self.assumed = assumed    # codes of what the judge took for granted, unseen

    def to_json(self) -> dict[str, Any]:
        answer = {"legal": self.legal, "code": self.code, "rule": self.rule,
                  "effects": self.effects, "state": self.state.to_json(),
                  "details": self.details}
        if self.assumed:
            answer["assumed"] = list(self.assumed)
        return answer

    def __repr__(self):
        return f"<Verdict {'legal' if self.legal else 'illegal'} {self.code} ({self.rule})>"
