"""The rules as text in the reader's language, and the state of each translation."""
from flask import Blueprint

from referee.text import locales_report, rule_text

from .context import answer, language, services
from .rulesets import version_arg
from .transport import revalidated

bp = Blueprint("text", __name__, url_prefix="/v1")


@bp.get("/rulesets/<ruleset_id:ruleset_id>/text")
def ruleset_text(ruleset_id):
    entry = services().catalog.find(ruleset_id, version_arg())
    body = rule_text(entry.data, language())
    body["version"] = entry.version
    return revalidated(answer(body))


@bp.get("/locales")
def locales():
    return answer(locales_report())
