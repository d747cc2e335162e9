"""POST /v1/rulesets/{id}/check: judge one move against a given state, storing nothing."""
from flask import Blueprint

from referee.engine import judge, parse_move, parse_state
from referee.engine.corrections import is_correction

from referee.service.body import json_body
from referee.service.problems import Unprocessable

from .context import answer, language, services, with_message
from .fields import request_fields
from referee.engine.errors import problem

from .tables import with_next
from .rulesets import version_arg

bp = Blueprint("check", __name__, url_prefix="/v1")


@bp.post("/rulesets/<ruleset_id:ruleset_id>/check")
def check_move(ruleset_id):
    catalog = services().catalog
    entry = catalog.find(ruleset_id, version_arg())
    fields = request_fields("CheckRequest", json_body())
    state_json, move_json = fields.obj("state"), fields.obj("move")
    hand = fields.strings("hand")
    fields.done()
    if is_correction(move_json):
        raise Unprocessable("a correction needs a table's log: send it to "
                            "/v1/tables/{id}/moves", errors=[problem(
                                "/move/type", "correct is a table move, not a stateless check", "not-one-of")])
    rules = catalog.rules(entry)
    state = parse_state(rules, state_json)
    verdict = judge(rules, state, parse_move(rules, move_json, state.seats, side=state.side), hand=hand)
    lang = language()
    body = with_message(with_next(rules, verdict), state.players, rules, lang)
    body["ruleset"] = {"id": entry.id, "version": entry.version}
    return answer(body, lang=lang)
