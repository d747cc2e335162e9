"""How the domains' own exceptions are answered: each becomes one HTTPProblem.

The engine, the ruleset loader and the store know nothing of HTTP; this table is
the one place that gives their refusals a status."""
from referee.engine import InputError
from referee.engine.errors import problem
from referee.rules import RulesetError
from referee.rules.events import EventError
from referee.text.problems import problem_json, problem_line
from referee.store import IdempotencyKeyReused, NotOwner, StaleSeq, UnknownTable

from referee.service.catalog import BuiltinId, UnknownRuleset
from referee.service.problems import Conflict, Forbidden, HTTPProblem, NotFound, Unprocessable

from .context import language
from .details import detail
from .event_problems import EVENT_PROBLEMS


class InvalidRulesetProblem(HTTPProblem):
    status, slug, title = 422, "invalid-ruleset", "Invalid ruleset"

    def __init__(self, exc: RulesetError):
        self.status = exc.status
        self.title = exc.title
        if exc.status == 413:
            self.slug = "payload-too-large"
        lang = language()
        # The first problem in the organiser's language (all of them are in `errors`).
        super().__init__(problem_line(exc.problems[0], lang),
                         errors=[problem_json(p, lang) for p in exc.problems])


class EventDocumentProblem(InvalidRulesetProblem):
    """An event document that cannot be used: its problems as a ruleset's are given,
    with their codes, JSON Pointers and lines."""
    slug, title = "invalid-event", "Invalid event"

    def __init__(self, exc: EventError):
        super().__init__(exc)
        self.slug = "invalid-event" if exc.status != 413 else "payload-too-large"


class IdempotencyProblem(Unprocessable):
    slug, title = "idempotency-key-reused", "Idempotency-Key reused with another request"


class OwnershipProblem(Forbidden):
    slug, title = "not-your-ruleset", "Another organiser publishes this ruleset"


class BuiltinProblem(Forbidden):
    slug, title = "builtin-ruleset", "Built-in rulesets cannot be overwritten"


CONVERSIONS = {
    EventError: EventDocumentProblem,
    RulesetError: InvalidRulesetProblem,
    InputError: lambda exc: Unprocessable("the input cannot be judged", errors=exc.problems),
    UnknownRuleset: lambda exc: NotFound(str(exc)),
    UnknownTable: lambda exc: NotFound(str(exc)),
    StaleSeq: lambda exc: Conflict(str(exc), seq=exc.current, expected=exc.expected),
    IdempotencyKeyReused: lambda exc: IdempotencyProblem(
        str(exc), errors=[problem("Idempotency-Key", f"already used for seq {exc.seq} with a different body",
                                  "idempotency-key-reused")], seq=exc.seq),
    NotOwner: lambda exc: OwnershipProblem(detail("not-your-ruleset", ruleset_id=exc.ruleset_id)),
    BuiltinId: lambda exc: BuiltinProblem(detail("builtin-ruleset", ruleset_id=exc.ruleset_id)),
}

DOMAIN_PROBLEMS = [InvalidRulesetProblem, EventDocumentProblem, IdempotencyProblem, OwnershipProblem,
                   BuiltinProblem, *EVENT_PROBLEMS.values()]


def install(app):
    for exception, convert in CONVERSIONS.items():
        app.register_error_handler(
            exception, lambda exc, convert=convert: convert(exc).response())
