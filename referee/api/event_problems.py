"""The problems of events, each with its stable slug and its sentence in the request's
language (referee/text/events.py)."""
from referee.service.problems import HTTPProblem
from referee.text.events import EVENT_MESSAGES, event_message

from .context import language


class EventProblem(HTTPProblem):
    """An event's problem: `code` is its slug; the detail is worded from its params."""

    def __init__(self, **params):
        shown = {name: ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else value
                 for name, value in params.items()}
        super().__init__(event_message(self.slug, language(), **shown), **params)


def _problem(status, slug, title):
    return type("".join(part.title() for part in slug.split("-")) + "Problem", (EventProblem,),
                {"status": status, "slug": slug, "title": title,
                 "text": EVENT_MESSAGES[slug], "__module__": __name__})


EVENT_PROBLEMS = {cls.slug: cls for cls in (
    _problem(409, "round-already-started", "This round has already been started"),
    _problem(409, "round-closed", "This round is closed"),
    _problem(409, "round-still-playing", "Tables of this round are still playing"),
    _problem(409, "event-over", "Every round of this event has been played"),
    _problem(409, "table-already-opened", "This table has been opened already"),
    _problem(409, "table-has-moves", "This table has started playing"),
    _problem(409, "table-not-opened", "A table of this round has not been opened"),
    _problem(409, "time-called", "Time has been called on this table's round"),
    _problem(404, "no-such-round", "No such round"),
    _problem(404, "no-such-table", "No such table in this round"),
    _problem(422, "table-not-counted", "A table still playing needs its cards left"),
    _problem(422, "count-disagrees", "The cards given disagree with the referee's count"),
    _problem(422, "points-over-hand", "The points given are more than the hand can be worth"),
    _problem(422, "unknown-player", "Not a player of this round"),
    _problem(403, "captain-token", "A table captain's token cannot do this"),
    _problem(403, "other-event", "This captain's token is another event's"),
    _problem(403, "not-your-event", "Another organiser runs this event"),
)}


def event_problem(slug, **params) -> EventProblem:
    return EVENT_PROBLEMS[slug](**params)
