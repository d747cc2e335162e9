"""Request bodies read against their component schemas in the OpenAPI document: the
document is the one definition of each body's fields and limits, and the fast checks
(referee.service.body.Fields) take theirs from it."""
from referee.service.body import Fields

from .openapi import SCHEMAS

REF = "#/components/schemas/"


def _resolve(spec):
    ref = spec.get("$ref")
    return SCHEMAS[ref.removeprefix(REF)] if ref else spec


def request_fields(name, body) -> Fields:
    """The checks of a body of the request schema `name` (e.g. "OpenTableRequest")."""
    return Fields(body, SCHEMAS[name], _resolve)
