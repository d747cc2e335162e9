"""The `detail` sentence of the service's own refusals, in the asker's language.

A ruleset problem is worded by referee.text.problems; these are the refusals that are
not about a ruleset (a token, an owner, a rate limit). Each has one English sentence
here, marked for extraction, and the answer carries it in the language the request
asked for (?lang=, then Accept-Language), as the workshop and the phones show it.
"""
from referee.rules.errors import M_, MN_
from referee.text.catalogs import translator

from .context import language

DETAILS = {
    # TRANSLATORS: API refusal (shown in the workshop): publishing or listing needs an organiser token; {header} and {command} stay as they are.
    "token-missing": M_("Send your organiser token as {header}; an organiser gets one from {command}."),
    # TRANSLATORS: API refusal (shown in the workshop): the organiser token typed is wrong or was withdrawn.
    "token-unknown": M_("This organiser token is unknown or has been revoked; check it, or ask for a new one."),
    # TRANSLATORS: API refusal (workshop, Publish): another organiser published a ruleset with this id first; {ruleset_id} is the id.
    "not-your-ruleset": M_("The ruleset {ruleset_id} belongs to another organiser: publish yours under another id."),
    # TRANSLATORS: API refusal: a table was opened with an organiser token on another organiser's ruleset; {ruleset_id} is its id.
    "not-your-ruleset-table": M_("The ruleset {ruleset_id} belongs to another organiser: open the table without your token, or on one of your own rulesets."),
    # TRANSLATORS: API refusal (workshop, Publish): the id of a ruleset that ships with the referee; {ruleset_id} is it, and "extends: {ruleset_id}" is a line to copy.
    "builtin-ruleset": M_("{ruleset_id} is a built-in ruleset and cannot be overwritten: publish under another id, and write extends: {ruleset_id} to start from it."),
    # TRANSLATORS: API refusal (workshop, table page): too many requests in a short time from one phone or computer; {count} is a number of seconds.
    "too-many-requests": MN_("Too many requests from here in a short time: wait {count} second, then send it again.",
                             "Too many requests from here in a short time: wait {count} seconds, then send it again."),
    # TRANSLATORS: API refusal (table page, Join): join codes that matched no table were typed too often in a short time, by all phones everywhere together (a guard against guessing codes); {count} is a number of seconds.
    "too-many-join-guesses": MN_("Too many join codes that match no table were tried, by all phones together: wait {count} second, then type the code again.",
                                 "Too many join codes that match no table were tried, by all phones together: wait {count} seconds, then type the code again."),
}


def detail(code: str, **params) -> str:
    """The sentence for `code` in the request's language, filled with `params`."""
    template = DETAILS[code]
    tr = translator(language())
    if isinstance(template, tuple):
        return tr.ngettext(template[0], template[1], int(params["count"]), **params)
    return tr.gettext(template, **params)
