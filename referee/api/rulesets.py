"""Rulesets: list, fetch (any version), upload (organisers), validate, and the schema."""
from flask import Blueprint, request, url_for

from referee.engine.errors import problem
from referee.rules import SCHEMA

from referee.service.catalog import SUMMARY_PAGE
from referee.service.ids import is_ruleset_id
from referee.service.current import current_request
from referee.service.body import JSON_TYPES, YAML_TYPES, media_type, read_body
from referee.service.problems import BadRequest, UnsupportedMediaType

from .auth import organiser
from referee.text.problems import problem_json

from .context import answer, language, services
from .transport import revalidated

bp = Blueprint("rulesets", __name__, url_prefix="/v1")

RULESET_TYPES = JSON_TYPES + YAML_TYPES


def ruleset_text() -> bytes:
    """The uploaded ruleset, YAML or JSON, as sent (the loader reads both)."""
    if media_type() not in RULESET_TYPES:
        raise UnsupportedMediaType(
            "send a ruleset as application/yaml or application/json, "
            f"not {media_type() or 'no Content-Type'}")
    return read_body()


def version_arg():
    asking = current_request()
    raw = asking.args.get("version") if asking.query_string else None
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or not 0 < int(raw) < 2**31:
        raise BadRequest("version must be a positive integer",
                         errors=[problem("version", "expected a positive integer", "bad-query-parameter")])
    return int(raw)


def warnings_json(warnings):
    lang = language()
    return [problem_json(w, lang) for w in warnings]


@bp.get("/rulesets")
def list_rulesets():
    after = request.args.get("after") if request.query_string else None
    if after is not None and not is_ruleset_id(after):
        raise BadRequest("after must be a ruleset id",
                         errors=[problem("after", "expected a ruleset id", "bad-query-parameter")])
    limit = page_limit(SUMMARY_PAGE)
    catalog = services().catalog
    rulesets, next_after = catalog.summaries(after, limit)
    rulesets = [catalog.titled(summary, language()) for summary in rulesets]
    next_page = (url_for("rulesets.list_rulesets", after=next_after, limit=limit)
                 if next_after is not None else None)
    return answer({"rulesets": rulesets, "next": next_page})


def page_limit(maximum):
    """?limit=: 1 to `maximum` items, `maximum` when absent."""
    raw = request.args.get("limit") if request.query_string else None
    if raw is None:
        return maximum
    if not raw.isascii() or not raw.isdigit() or not 0 < int(raw) <= maximum:
        raise BadRequest(f"limit must be an integer from 1 to {maximum}",
                         errors=[problem("limit", f"expected an integer from 1 to {maximum}",
                                         "bad-query-parameter")])
    return int(raw)


@bp.get("/rulesets/<ruleset_id:ruleset_id>")
def get_ruleset(ruleset_id):
    entry = services().catalog.find(ruleset_id, version_arg())
    body = dict(entry.data)
    # The resolved ruleset itself, plus where it comes from.
    body.update(id=entry.id, version=entry.version, builtin=entry.builtin, sha256=entry.sha256)
    return revalidated(answer(body), etag=entry.sha256)


@bp.post("/rulesets")
def upload_ruleset():
    owner = organiser()  # authenticate before reading a body
    text = ruleset_text()
    checked, version = services().catalog.publish(text, media_type(), owner)
    location = url_for("rulesets.get_ruleset", ruleset_id=checked.id, version=version)
    return answer({"id": checked.id, "version": version,
                   "warnings": warnings_json(checked.warnings)},
                  status=201, headers={"Location": location})


@bp.post("/rulesets/validate")
def validate_ruleset():
    checked = services().catalog.check(ruleset_text())
    return answer({"valid": True, "id": checked.id,
                   "warnings": warnings_json(checked.warnings)})


@bp.get("/schema/ruleset.json")
def ruleset_schema():
    return answer(SCHEMA, headers={"Content-Type": "application/schema+json"})
