"""Tables: a table is its log of moves. Open one, append moves, read it back.

Every move sent to a table is recorded with its verdict and the next seq, illegal
ones included: the log of disputed calls is what a referee is asked about later. An
illegal move leaves the state as it was. A dry run (?dry_run=true) is judged
against the current state and recorded nowhere. A correction (`"type": "correct"`)
is recorded the same way; its verdict is decided from the log itself (the state
after the seq it returns to), not by the judge. Every verdict carries `next`: who
acts now and which moves are open to them.
"""
import hashlib
import json
import secrets

from flask import Blueprint, request, url_for

from referee.engine import judge, open_table, parse_move, parse_state
from referee.engine.corrections import correct, is_correction, parse_correction
from referee.engine.next import next_action

from referee.store import StaleSeq

from .body import Fields, json_body
from .context import answer, services, with_message, with_next_message
from .problems import BadRequest, NotFound
from .rulesets import page_limit

bp = Blueprint("tables", __name__, url_prefix="/v1")

MAX_KEY_LENGTH = 200
EVENTS_PAGE = 500  # events per page of a log (HOSTILE.md 27: never a whole log at once)
TRUE_WORDS, FALSE_WORDS = ("true", "1", "yes"), ("false", "0", "no", "")


def _pinned(table):
    return {"id": table.ruleset_id, "version": table.ruleset_version}


def _table_or_404(table_id):
    table = services().store.get_table(table_id)
    if table is None:
        raise NotFound(f"no table {table_id!r}")
    return table


def _flag(name):
    if not request.query_string:  # the usual move: skip parsing an empty query
        return False
    raw = request.args.get(name, "false").strip().lower()
    if raw not in TRUE_WORDS + FALSE_WORDS:
        raise BadRequest(f"{name} must be true or false",
                         errors=[{"path": name, "message": "expected true or false"}])
    return raw in TRUE_WORDS


def _idempotency_key():
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 0 < len(key) <= MAX_KEY_LENGTH or not key.isascii() or not key.isprintable():
        raise BadRequest("Idempotency-Key must be 1 to 200 printable ASCII characters",
                         errors=[{"path": "Idempotency-Key", "message": "invalid header"}])
    return key


def _request_sha256(body):
    # Of the parsed body, so a retry that re-serialises the same JSON still matches.
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@bp.post("/tables")
def create_table():
    catalog = services().catalog
    fields = Fields(json_body(), allowed=("ruleset", "ruleset_version", "players",
                                          "dealer", "first_card", "color"))
    ruleset_id = fields.string("ruleset")
    version = fields.integer("ruleset_version", required=False, minimum=1)
    players = fields.strings("players", max_items=50, max_length=100)
    dealer = fields.integer("dealer", maximum=1000)
    first_card = fields.string_or_strings("first_card")
    color = fields.string("color", required=False, max_length=60)
    fields.done()
    entry = catalog.find(ruleset_id, version)
    rules = catalog.rules(entry)
    verdict = with_next(rules, open_table(rules, players, dealer, first_card, color))
    table_id = secrets.token_urlsafe(12)
    services().store.create_table(
        table_id=table_id, ruleset_id=entry.id, ruleset_version=entry.version,
        opening={"players": players, "dealer": dealer, "first_card": first_card,
                 "color": color},
        state=verdict["state"])
    ruleset = {"id": entry.id, "version": entry.version}
    return answer({"id": table_id, "seq": 0, "state": verdict["state"], "ruleset": ruleset,
                   "verdict": with_message(verdict, players, rules)},
                  status=201, headers={"Location": url_for("tables.get_table",
                                                           table_id=table_id)})


@bp.get("/tables/<table_id:table_id>")
def get_table(table_id):
    table = _table_or_404(table_id)
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    action = next_action(rules, parse_state(rules, table.state))
    return answer({"id": table.id, "seq": table.seq, "state": table.state,
                   "ruleset": _pinned(table), "opening": table.opening,
                   "next": with_next_message(action, table.state["players"], rules)})


def with_next(rules, verdict):
    """A verdict's JSON with `next` (who acts now, which moves are open), as stored."""
    body = verdict.to_json()
    body["next"] = next_action(rules, verdict.state)
    return body


@bp.post("/tables/<table_id:table_id>/moves")
def post_move(table_id):
    dry_run = _flag("dry_run")
    key = _idempotency_key()
    body = json_body()
    fields = Fields(body, allowed=("move", "expect_seq"))
    move_json = fields.obj("move")
    expect_seq = fields.integer("expect_seq", required=False)
    fields.done()
    decide = _correction(table_id, move_json) if is_correction(move_json) else _judged(move_json)
    if dry_run:
        return _dry_run(table_id, expect_seq, decide)
    appended = services().store.append(
        table_id, move_json, decide, expect_seq=expect_seq, idempotency_key=key,
        request_sha256=_request_sha256(body) if key else None)
    ruleset = {"id": appended.ruleset_id, "version": appended.ruleset_version}
    headers = {"Idempotent-Replayed": "true"} if appended.replayed else {}
    rules = services().catalog.rules_for(appended.ruleset_id, appended.ruleset_version)
    return answer(_move_answer(appended.verdict, appended.verdict["state"]["players"],
                               appended.seq, ruleset, table_id, rules), headers=headers)


def _judged(move_json):
    """decide(table) for a move the judge rules on."""
    catalog = services().catalog

    def decide(table):
        rules = catalog.rules_for(table.ruleset_id, table.ruleset_version)
        state = parse_state(rules, table.state)
        return with_next(rules, judge(rules, state, parse_move(rules, move_json, state.seats)))
    return decide


def _correction(table_id, move_json):
    """decide(table) for a correction. The state to return to and the entries taken
    back are read from the log first: entries never change once written, and if the
    table moves on before the correction is recorded, it is refused with 409 (the
    phone reads the table again and decides anew)."""
    table = _table_or_404(table_id)
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    correction = parse_correction(move_json, table.seq, len(table.opening["players"]))
    to_seq = correction.to_seq
    events = services().store.events(table_id, max(to_seq - 1, 0))
    if to_seq == 0:
        opening = table.opening
        target = open_table(rules, opening["players"], opening["dealer"],
                            opening["first_card"], opening.get("color")).state
    else:
        target = parse_state(rules, events[0].verdict["state"])
    taken_back = [(event.seq, event.verdict) for event in events if event.seq > to_seq]
    read_up_to = events[-1].seq if events else 0

    def decide(current_table):
        if current_table.seq != read_up_to:
            raise StaleSeq(read_up_to, current_table.seq)
        current = parse_state(rules, current_table.state)
        return with_next(rules, correct(target, current, correction, taken_back))
    return decide


def _dry_run(table_id, expect_seq, decide):
    table = _table_or_404(table_id)
    if expect_seq is not None and expect_seq != table.seq:
        raise StaleSeq(expect_seq, table.seq)
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    body = _move_answer(decide(table), table.state["players"], table.seq,
                        _pinned(table), table_id, rules)
    body["dry_run"] = True
    return answer(body)


def _move_answer(verdict, players, seq, ruleset, table_id, rules):
    body = with_message(verdict, players, rules)
    body.update(seq=seq, table=table_id, ruleset=ruleset, dry_run=False)
    return body


@bp.get("/tables/<table_id:table_id>/events")
def table_events(table_id):
    table = _table_or_404(table_id)
    after = request.args.get("after", "0")
    if not after.isascii() or not after.isdigit() or int(after) >= 2**31:
        raise BadRequest("after must be a seq (a non-negative integer)",
                         errors=[{"path": "after", "message": "expected an integer >= 0"}])
    limit = page_limit(EVENTS_PAGE)
    players = table.opening["players"]
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    events = [{"seq": event.seq, "move": event.move,
               "verdict": with_message(event.verdict, players, rules),
               "recorded_at": event.created_at.isoformat()}
              for event in services().store.events(table_id, int(after), limit)]
    last = events[-1]["seq"] if events else int(after)
    next_page = (url_for("tables.table_events", table_id=table_id, after=last, limit=limit)
                 if last < table.seq else None)
    return answer({"id": table.id, "ruleset": _pinned(table), "opening": table.opening,
                   "seq": table.seq, "events": events, "next": next_page})
