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


def is_ruleset_id(value) -> bool:
    return (isinstance(value, str) and len(value) <= MAX_RULESET_ID
            and _RULESET_ID.fullmatch(value) is not None)


class RulesetIdConverter(BaseConverter):
    regex = RULESET_ID_PATTERN


class TableIdConverter(BaseConverter):
    regex = TABLE_ID_PATTERN
