"""What the service says to an organiser about an event, in their language.

Each problem an event action can meet has a stable code (its problem's slug, or an
entry code) and one sentence here, marked for extraction and translated in the
catalogs; referee.api.events raises them with the code and its parameters.
"""
from referee.rules.errors import M_

from .catalogs import translator

EVENT_MESSAGES = {
    # TRANSLATORS: event problem (organiser): starting a round that has already been started; {round} is its number.
    "round-already-started": M_("Round {round} has already been started; close it before starting the next one."),
    # TRANSLATORS: event problem: an action on a round the organiser has closed; {round} is its number.
    "round-closed": M_("Round {round} is closed; nothing more can be done at its tables except corrections."),
    # TRANSLATORS: event problem: closing a round while some of its tables are still playing; {round} is its number, {tables} lists table numbers (like "1, 3").
    "round-still-playing": M_("Round {round} cannot be closed yet; these tables are still playing: {tables}. Call time, or wait for their games to end."),
    # TRANSLATORS: event problem: every round of the event, the final table included, has been played.
    "event-over": M_("Every round of this event has been played."),
    # TRANSLATORS: event problem: the event has no round of this number yet; {round} is it.
    "no-such-round": M_("This event has no round {round}."),
    # TRANSLATORS: event problem: the round has no table of this number; {round} and {table} are numbers.
    "no-such-table": M_("Round {round} has no table {table}."),
    # TRANSLATORS: event problem: a table of the event was opened already; {round} and {table} are numbers.
    "table-already-opened": M_("Table {table} of round {round} has been opened already; its phones join it with its code."),
    # TRANSLATORS: event problem: players cannot be swapped once their table has recorded a move; {table} is the table's number.
    "table-has-moves": M_("Table {table} has started playing, so its players can no longer be swapped."),
    # TRANSLATORS: event problem: calling time while a table of the round has not been opened; {table} is its number.
    "table-not-opened": M_("Table {table} of this round has not been opened yet, so there is nothing to end."),
    # TRANSLATORS: event problem: calling time without the cards left at a table still playing; {table} is its number.
    "table-not-counted": M_("Table {table} is still playing: give its cards left (hands or points) to end its hand."),
    # TRANSLATORS: event problem: at time, the hand given for a player has another number of cards than the referee counted; {table} is a table number, {player} a name, {count} and {expected} are numbers of cards.
    "count-disagrees": M_("At table {table}, the hand given for {player} has {count}, but the referee counted {expected} for it."),
    # TRANSLATORS: event problem: at time, the points given for a player are more than their cards could be worth; {table} is a table number, {player} a name, {points} and {most} are points.
    "points-over-hand": M_("At table {table}, the points given for {player} ({points}) are more than that hand can be worth: at most {most}."),
    # TRANSLATORS: event problem: a name that is not one of the event's players; {player} is the name as sent.
    "unknown-player": M_("{player} is not a player of this round."),
    # TRANSLATORS: event problem: a table of an event whose round has had time called or been closed cannot deal another round.
    "time-called": M_("Time has been called on this table's round: its game ends with the hand just scored."),
    # TRANSLATORS: event problem: a table captain's token used where only the organiser may act.
    "captain-token": M_("A table captain's token opens, plays and scores its event's tables only; this needs the organiser's token."),
    # TRANSLATORS: event problem: a table captain's token used on another event or one of its tables.
    "other-event": M_("This table captain's token belongs to another event."),
    # TRANSLATORS: event problem: an organiser acting on an event that another organiser created.
    "not-your-event": M_("This event belongs to another organiser."),
}


def event_message(code: str, lang: str, **params) -> str:
    """The sentence for `code` in `lang` (English for English or an unknown language)."""
    return translator(lang).gettext(EVENT_MESSAGES[code], **params)
