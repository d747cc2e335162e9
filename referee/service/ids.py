"""The grammar of the ids in paths and bodies.

Ruleset ids are kebab-case names (the ruleset schema's `name`); table ids are what
`secrets.token_urlsafe` makes. Checking them first means a hostile id (a NUL byte,
which PostgreSQL refuses in text, or 10 kB of junk) is simply an unknown id: 404.
"""
import re

from werkzeug.routing import BaseConverter

RULESET_ID_PATTERN = r"[a-z0-9]+(?:-[a-z0-9]+)*"
TABLE_ID_PATTERN = r"[A-Za-z0-9_-]{1,64}"
MAX_RULESET_ID = 64

_RULESET_ID = re.compile(RULESET_ID_PATTERN)
# Path parts that are routes of their own beside an id (/v1/rulesets/validate,
# /v1/tables/join): never an id, so a path names one route only and OPTIONS lists
# that route's methods alone.
RESERVED_RULESET_IDS = frozenset({"validate"})
RESERVED_TABLE_IDS = frozenset({"join"})


def is_ruleset_id(value) -> bool:
    return (isinstance(value, str) and len(value) <= MAX_RULESET_ID
            and _RULESET_ID.fullmatch(value) is not None and value not in RESERVED_RULESET_IDS)


def _unreserved(pattern, reserved):
    """`pattern`, matching none of `reserved` as a whole path part (werkzeug matches a
    converter's regex against one part, and counts a route whose pattern matched the
    part as allowing its methods even when to_python refuses the value)."""
    return "".join(f"(?!{re.escape(word)}\\Z)" for word in sorted(reserved)) + f"(?:{pattern})"


class RulesetIdConverter(BaseConverter):
    regex = _unreserved(RULESET_ID_PATTERN, RESERVED_RULESET_IDS)


class TableIdConverter(BaseConverter):
    regex = _unreserved(TABLE_ID_PATTERN, RESERVED_TABLE_IDS)
