"""Tables: a table is its log of moves. Open one, append moves, read it back.

Opening a table answers its `secret` and a short `join_code`: moves need
`Authorization: Bearer <secret>` (or the token a phone gets by joining with the code,
or the token of the organiser who opened it). Reading a table stays open to anyone
who has its id: the state is what everybody at the table sees anyway, and an id is
96 random bits, so knowing it means someone shared it (a spectator screen). Readers
may wait for the next move (`?wait=S` on the events) or keep a stream of them open
(`Accept: text/event-stream`): see referee/store/live.py.

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
import random
import re
import secrets
import socket
import threading
import time
from collections import OrderedDict

from flask import Blueprint, current_app, request, stream_with_context, url_for

from referee.engine import judge, open_table, parse_move, parse_state
from referee.engine.corrections import correct, is_correction, parse_correction
from referee.engine.errors import InputError, problem
from referee.engine.next import next_action

from referee.store import StaleSeq, TokenRevoked, token_digest
from referee.store.rows import at_seq

from referee.service.body import json_body
from referee.service.ids import TABLE_ID_PATTERN
from referee.service.problems import BadRequest, Forbidden, NotFound, NotYourSeat, Unprocessable

from .auth import optional_organiser, organiser, table_writer, wrong_table_secret
from .details import detail
from .context import answer, catalog_version, language, services, with_message, with_next_message
from .events import check_deal
from .fields import request_fields
from .openapi import EVENTS_PAGE, SEAT, TABLE_PHONE, TABLES_PAGE
from .rulesets import page_limit
from . import limits, standing
from .tablekit import (JOIN_ALPHABET, JOIN_LENGTH, check_owner, join_code_sha256, new_join_code,
                       new_secret, pinned, table_or_404, with_next)
from .states import ParsedStates
from .waiting import long_poll_slots, wait_seconds

bp = Blueprint("tables", __name__, url_prefix="/v1")

MAX_KEY_LENGTH = 200
TRUE_WORDS, FALSE_WORDS = ("true", "1", "yes"), ("false", "0", "no", "")
# A stream of events (Accept: text/event-stream) holds a waiting slot and its thread
# for this long at most, then ends and EventSource reconnects with Last-Event-ID; a
# comment goes out after HEARTBEAT_SECONDS without a move (proxies cut idle ones).
STREAM_SECONDS = 300
# ... or up to this much longer, drawn for each stream: phones that connected together
# (a hall filling up, a server restarted) would otherwise all reconnect together every
# STREAM_SECONDS (measured: 4,000 streams reconnecting within 2 s made a phone hear a
# move 5 s late in those seconds, bench/results.md entry 27).
STREAM_SPREAD = 0.2
HEARTBEAT_SECONDS = 15
RETRY_MS = 1000  # EventSource reconnects after this (the stream's `retry:` field)
# gunicorn writes a stream to a blocking socket without a timeout: a client that keeps
# the connection but stops reading (a phone that froze, an attacker) would hold the
# thread and the slot in that write forever once the buffers are full. So a write
# the kernel has not taken whole within STREAM_WRITE_TIMEOUT seconds gives up (the
# connection is closed, the slot and thread come back) and none outlasts the
# stream's end by more: a phone cut while alive reconnects with Last-Event-ID after
# the last whole event it heard and misses nothing, while every second of waiting
# holds a slot other phones could use. 15 s is longer than a phone's usual loss of
# coverage and than one heartbeat interval; a backlog page of 500 events (~450 KB)
# needs the phone to read ~25 KB/s, or it hears the page over several connections.
STREAM_WRITE_TIMEOUT = 15
# A stream's kernel send buffer (bytes; Linux doubles it for its bookkeeping). Left
# to itself the kernel grew one non-reading stream's buffer to 4 MiB, tcp_wmem's most
# (measured on loopback, 2026-12-01: 3.9 MB held for it with an 8,330-event backlog,
# its thread asleep in the write), so a write only began to wait after ~4 MB unread,
# and 1,000 slots could pin ~4 GB. 64 KiB holds ~70 events of ~0.9 KB, minutes of
# moves at a table; a reading phone's larger backlog page goes out as it reads it.
STREAM_SEND_BUFFER = 64 * 1024
_TABLE_ID = re.compile(TABLE_ID_PATTERN)


def _flag(name):
    if not request.query_string:  # the usual move: skip parsing an empty query
        return False
    raw = request.args.get(name, "false").strip().lower()
    if raw not in TRUE_WORDS + FALSE_WORDS:
        raise BadRequest(f"{name} must be true or false",
                         errors=[problem(name, "expected true or false", "bad-query-parameter")])
    return raw in TRUE_WORDS


def _idempotency_key():
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 0 < len(key) <= MAX_KEY_LENGTH or not key.isascii() or not key.isprintable():
        raise BadRequest("Idempotency-Key must be 1 to 200 printable ASCII characters",
                         errors=[problem("Idempotency-Key", "invalid header", "bad-query-parameter")])
    return key


def _request_sha256(body):
    # Of the parsed body, so a retry that re-serialises the same JSON still matches.
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()








def _normalised_join_code(value):
    """The 8 characters of a code as typed (any case, dashes and spaces ignored)."""
    raw = re.sub(r"[\s-]", "", value).upper() if isinstance(value, str) else ""
    if len(raw) != JOIN_LENGTH or any(ch not in JOIN_ALPHABET for ch in raw):
        raise Unprocessable("a join code is 8 letters and digits, like K7QM-2XPA",
                         errors=[problem("/code", "expected a join code", "not-a-join-code")])
    return raw


def _table_name(fields):
    name = fields.string("name")
    if name is not None:
        name = name.strip()
        if not name or not name.isprintable():
            fields.fail("name", "expected printable text", "wrong-type")
    return name




@bp.post("/tables")
def create_table():
    catalog = services().catalog
    owner = optional_organiser()  # authenticate before reading a body
    fields = request_fields("OpenTableRequest", json_body())
    name = _table_name(fields)
    ruleset_id = fields.string("ruleset")
    version = fields.integer("ruleset_version")
    players = fields.strings("players")
    dealer = fields.integer("dealer")
    first_card = fields.string_or_strings("first_card")
    color = fields.string("color")
    fields.done()
    entry = catalog.find(ruleset_id, version)
    check_owner(owner, entry)
    rules = catalog.rules(entry)
    verdict = with_next(rules, open_table(rules, players, dealer, first_card, color))
    table_id = secrets.token_urlsafe(12)
    secret, secret_sha256 = new_secret()
    join_code, join_code_sha256 = new_join_code()
    services().store.create_table(
        table_id=table_id, ruleset_id=entry.id, ruleset_version=entry.version,
        opening={"players": players, "dealer": dealer, "first_card": first_card,
                 "color": color},
        state=verdict["state"], name=name, owner=owner, secret_sha256=secret_sha256,
        join_code_sha256=join_code_sha256)
    ruleset = {"id": entry.id, "version": entry.version}
    return answer({"id": table_id, "name": name, "secret": secret, "join_code": join_code,
                   "seq": 0, "state": verdict["state"], "ruleset": ruleset,
                   "verdict": with_message(verdict, players, rules)},
                  status=201, headers={"Location": url_for("tables.get_table",
                                                           table_id=table_id)})


@bp.post("/tables/join")
def join_table():
    """A phone at the table types the join code and says whose phone it is: it gets
    the table and a token of its own for moves, bound to that seat (revoked with the
    rest when the table gets a new secret). Without a seat nothing is recorded and
    the answer lists the players, so the phone can ask "which one are you?"."""
    fields = request_fields("JoinRequest", json_body())
    code = fields.string("code")
    seat = _seat_field(fields)
    fields.done()
    raw = _normalised_join_code(code)
    guesses = limits.join_guesses(current_app)
    if guesses is not None:
        guesses.check_join_guesses()
    token, token_sha256 = new_secret()
    table = services().store.join_table(join_code_sha256(raw), token_sha256,
                                        lambda found: _joining_seat(found, seat))
    if table is None:
        if guesses is not None:
            guesses.guessed()
        raise NotFound("no table has this join code (a new secret replaces the code)")
    return answer({"id": table.id, "name": table.name, "secret": token, "seq": table.seq,
                   "seat": seat, "players": table.opening["players"],
                   "ruleset": pinned(table)},
                  headers={"Location": url_for("tables.get_table", table_id=table.id)})


_NO_SEAT = object()
# Moves any phone at the table may record, whoever's it is: a catch and a challenge
# are called across the table, and the score (and a past round scored again), the deal
# and a correction are the table's, not one player's.
OPEN_TO_EVERY_PHONE = frozenset({"catch-uno", "challenge", "score", "rescore", "deal", "correct"})


def _seat_field(fields):
    """The join's `seat` as sent (_NO_SEAT when left out), its type and range checked;
    whether the table has that seat is known once the code has found the table."""
    seat = fields.data.get("seat", _NO_SEAT)
    if seat is _NO_SEAT or seat == TABLE_PHONE:
        return seat
    if type(seat) is not int:
        fields.fail("seat", f'expected a seat number, or "{TABLE_PHONE}"', "wrong-type")
    elif not SEAT["minimum"] <= seat <= SEAT["maximum"]:
        fields.fail("seat", f"expected a seat from {SEAT['minimum']} to {SEAT['maximum']}",
                    "out-of-range")
    return seat


def _joining_seat(table, seat):
    """The seat a joining phone is bound to (None: the table's shared phone), or 422
    with the players to choose from."""
    players = table.opening["players"]
    if seat == TABLE_PHONE:
        return None
    if type(seat) is int and 0 <= seat < len(players):
        return seat
    choices = f"a seat from 0 to {len(players) - 1}, or \"{TABLE_PHONE}\" for one phone shared by the table"
    if seat is _NO_SEAT:
        raise Unprocessable("say whose phone this is", players=players, errors=[
            problem("/seat", f"required: {choices}", "seat-required")])
    raise Unprocessable("no such seat at this table", players=players, errors=[
        problem("/seat", f"expected {choices}", "not-a-seat")])


def _check_seat(writer, move_json):
    """403 when a phone bound to one seat sends another seat's move."""
    if (writer.seat is None or not isinstance(move_json, dict)
            or move_json.get("type") in OPEN_TO_EVERY_PHONE
            or move_json.get("player") == writer.seat):
        return
    seat = writer.seat
    raise NotYourSeat(
        f"this phone is seat {seat}'s: it records that seat's moves only "
        "(catches, challenges, scores, deals and corrections are open to every phone)",
        errors=[problem("/move/player", f"expected {seat}, this phone's seat", "not-your-seat")])


@bp.post("/tables/<table_id:table_id>/secret")
def replace_secret(table_id):
    """A new secret and join code; every earlier secret, phone token and code stops
    working (a phone was lost, a code was overheard)."""
    table_writer(table_id)
    secret, secret_sha256 = new_secret()
    join_code, join_code_sha256 = new_join_code()
    services().store.replace_secret(table_id, secret_sha256, join_code_sha256)
    return answer({"id": table_id, "secret": secret, "join_code": join_code})


@bp.get("/tables")
def list_tables():
    """The tables opened with the requesting organiser's token, newest first."""
    owner = organiser()
    after = request.args.get("after") if request.query_string else None
    if after is not None and not _TABLE_ID.fullmatch(after):
        raise BadRequest("after must be a table id",
                         errors=[problem("after", "expected a table id", "bad-query-parameter")])
    limit = page_limit(TABLES_PAGE)
    found = services().store.tables_of(owner, after, limit + 1)
    page = found[:limit]
    next_page = (url_for("tables.list_tables", after=page[-1].id, limit=limit)
                 if len(found) > limit else None)
    return answer({"tables": [
        {"id": t.id, "name": t.name, "ruleset": {"id": t.ruleset_id,
                                                 "version": t.ruleset_version},
         "players": t.players, "seq": t.seq, "opened_at": t.created_at.isoformat(),
         "href": url_for("tables.get_table", table_id=t.id)} for t in page],
        "next": next_page})


@bp.get("/tables/<table_id:table_id>")
def get_table(table_id):
    table = table_or_404(table_id)
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    action = next_action(rules, parse_state(rules, table.state))
    return answer({"id": table.id, "name": table.name, "seq": table.seq,
                   "state": table.state, "ruleset": pinned(table), "opening": table.opening,
                   "next": with_next_message(action, table.state["players"], rules),
                   "last_move": _last_move(table, rules)})




@bp.post("/tables/<table_id:table_id>/moves")
def post_move(table_id):
    # Before reading a body, as for organisers' uploads. The append checks the token
    # again in its transaction (a token replaced meanwhile records nothing), so a
    # token seen before needs no read here; a dry run (the only query parameter)
    # records nothing and is checked by a read.
    writer = table_writer(table_id, checked_at_write=not request.query_string)
    dry_run = _flag("dry_run")
    key = _idempotency_key()
    body = json_body()
    fields = request_fields("MoveRequest", body)
    move_json = fields.obj("move")
    expect_seq = fields.integer("expect_seq")
    fields.done()
    _check_seat(writer, move_json)
    if isinstance(move_json, dict) and move_json.get("type") == "deal":
        check_deal(table_id)  # an event's table whose time was called deals no more
    if is_correction(move_json) and expect_seq is None:
        raise Unprocessable("a correction is sent with expect_seq", errors=[problem(
            "/expect_seq", "required with a correction: the seq this phone last saw, so it "
            "takes back only moves the phone has seen", "required")])
    decide = _correction(table_id, move_json) if is_correction(move_json) else _judged(move_json)
    if dry_run:
        return _dry_run(table_id, expect_seq, decide)
    try:
        appended = services().store.append(
            table_id, move_json, decide, expect_seq=expect_seq, idempotency_key=key,
            request_sha256=_request_sha256(body) if key else None,
            token_sha256=writer.token_sha256)
    except TokenRevoked:
        raise wrong_table_secret() from None
    ruleset = {"id": appended.ruleset_id, "version": appended.ruleset_version}
    headers = {"Idempotent-Replayed": "true"} if appended.replayed else {}
    rules = services().catalog.rules_for(appended.ruleset_id, appended.ruleset_version)
    return answer(_move_answer(appended.verdict, appended.verdict["state"]["players"],
                               appended.seq, ruleset, table_id, rules), headers=headers)


_states = ParsedStates()


def _judged(move_json):
    """decide(table) for a move the judge rules on."""
    catalog = services().catalog

    def decide(table):
        rules = catalog.rules_for(table.ruleset_id, table.ruleset_version)
        state = _states.parsed(rules, table.state)
        verdict = judge(rules, state, parse_move(rules, move_json, state.seats, side=state.side))
        body = with_next(rules, verdict)
        _states.keep(rules, body["state"], verdict.state)  # the table's next move starts here
        return body
    return decide


def _correction(table_id, move_json):
    """decide(table) for a correction. The state to return to and the moves taken
    back are read from the log first (standing.py): entries never change once
    written, and if the table moves on before the correction is recorded, it is
    refused with 409 (the phone reads the table again and decides anew). What the
    log refuses (a move that does not stand) is said only once the store has
    checked the retry's key and the phone's seq: a retry hears its first answer, a
    phone that is behind hears that it is."""
    table = table_or_404(table_id)
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    correction = parse_correction(move_json, table.seq, len(table.opening["players"]))
    log = standing.LogReader(services().store, table_id, table.seq)
    try:
        moves = standing.taken_back(log, correction)
        target = log.state_after(correction.to_seq, rules, lambda: _opening_state(rules, table))
    except InputError as refused:
        return _refusal(refused)
    except standing.OutOfReach:
        return _refusal(standing.out_of_reach(correction))

    def decide(current_table):
        if current_table.seq != table.seq:
            raise StaleSeq(table.seq, current_table.seq)
        current = _states.parsed(rules, current_table.state)
        return with_next(rules, correct(target, current, correction, moves))
    return decide


def _refusal(problem):
    def decide(current_table):
        raise problem
    return decide


def _opening_state(rules, table):
    opening = table.opening
    return open_table(rules, opening["players"], opening["dealer"], opening["first_card"],
                      opening.get("color")).state


def _last_move(table, rules):
    """The last move of the table that a correction can take back, as the Undo of a
    phone names it: {seq, player, message}, or None."""
    log = standing.LogReader(services().store, table.id, table.seq)
    found = standing.last_move(log, rules, lambda: _opening_state(rules, table),
                               _states.parsed(rules, table.state))
    if found is None:
        return None
    seq, event = found
    said = with_message(event.verdict, table.opening["players"], rules)
    return {"seq": seq, "player": event.move.get("player"), "message": said["message"]}


def _dry_run(table_id, expect_seq, decide):
    table = table_or_404(table_id)
    if expect_seq is not None and expect_seq != table.seq:
        raise StaleSeq(expect_seq, table.seq)
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    body = _move_answer(decide(table), table.state["players"], table.seq,
                        pinned(table), table_id, rules)
    body["dry_run"] = True
    return answer(body)


def _move_answer(verdict, players, seq, ruleset, table_id, rules):
    body = with_message(verdict, players, rules)
    body.update(seq=seq, table=table_id, ruleset=ruleset, dry_run=False)
    return body


def _wait_for_move(table, after, seconds):
    """The table once it has a move after `after`, or as it is after `seconds`. None
    when every waiting slot of this process is taken: answer now, and the phone asks
    again after Retry-After (waiting must never take the threads that answer checks
    and moves)."""
    slots = long_poll_slots()
    if not slots.acquire(blocking=False):
        return None
    try:
        return _next_move(table, after, seconds)
    finally:
        slots.release()


def _next_move(table, after, seconds):
    """The table once it has a move after `after`, or as it is after `seconds` (the
    caller holds a waiting slot), for a page of its events: what a page carries of
    the row (its id, ruleset and opening) never changes, only its seq.

    When the channel has said which seq the table reached, that answers without a
    read: a notice is sent once its move is recorded, and one still on its way wakes
    the wait. The row answered is then the one the phone had, at that seq, its state
    left out (measured: with 4,000 streams the waiting server spent a third less CPU,
    bench/results.md entry 27). Otherwise the row is read, once for all the phones
    asking at the same moment (Store.latest_table)."""
    store = services().store
    latest = [table]

    def has_news(heard):
        if heard is not None:
            if heard > latest[0].seq:
                latest[0] = at_seq(latest[0], heard)
            return heard > after
        latest[0] = store.latest_table(table.id) or latest[0]
        return latest[0].seq > after
    store.live.wait(table.id, has_news, seconds)
    return latest[0]


class _PageCache:
    """Pages of events as answered (JSON text), by (table, after, limit, language,
    table's seq). A move wakes every phone waiting on its table at once, and they all
    ask for the same page: it is read, rendered and serialised once per process, not
    once per phone. Events never change once written, and the key pins the table's
    seq, so a page is never stale.

    The phones ask at the same moment, before any of them has built the page, so the
    first one builds it and the others wait for it (measured: 200 phones woken
    together built the page up to 200 times, a tenth of a worker's time)."""

    WAIT_FOR_BUILDER = 10.0  # seconds; then a reader builds the page itself

    def __init__(self, size=256):
        self.size = size
        self._pages = OrderedDict()
        self._building = {}  # key -> threading.Event set when its builder is done
        self._lock = threading.Lock()

    def get(self, key, build):
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
                return page
            building = self._building.get(key)
            if building is None:
                self._building[key] = threading.Event()
        if building is not None:
            building.wait(self.WAIT_FOR_BUILDER)
            with self._lock:
                page = self._pages.get(key)
            return page if page is not None else build()  # the builder failed
        try:
            page = build()
            with self._lock:
                self._pages[key] = page
                while len(self._pages) > self.size:
                    self._pages.popitem(last=False)
            return page
        finally:
            with self._lock:
                self._building.pop(key).set()


_pages = _PageCache()


def _events_of(table, after, limit):
    """The events after `after` as a page carries them, up to the seq read with the
    table (a move recorded since is the next page's)."""
    if after >= table.seq:
        return []
    players = table.opening["players"]
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    return [{"seq": event.seq, "move": event.move,
             "verdict": with_message(event.verdict, players, rules),
             "recorded_at": event.created_at.isoformat()}
            for event in services().store.events(table.id, after, limit, table_read=True)
            if event.seq <= table.seq]


def _dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _event_page_text(table, after, limit):
    def build():
        events = _events_of(table, after, limit)
        last = events[-1]["seq"] if events else after
        next_page = (url_for("tables.table_events", table_id=table.id, after=last, limit=limit)
                     if last < table.seq else None)
        return _dumps({"id": table.id, "ruleset": pinned(table), "opening": table.opening,
                       "seq": table.seq, "events": events, "next": next_page})
    return _pages.get((table.id, after, limit, language(), catalog_version(language()), table.seq), build)


def _stream_text(table, after, limit):
    """(text, last seq) of the events after `after` as Server-Sent Events: one event
    each, `id` its seq (what EventSource sends back as Last-Event-ID), `data` its
    JSON as a page carries it. Built once per process for every stream of the table."""
    def build():
        events = _events_of(table, after, limit)
        text = "".join(f"id: {event['seq']}\ndata: {_dumps(event)}\n\n" for event in events)
        return text, (events[-1]["seq"] if events else table.seq)
    return _pages.get((table.id, after, limit, language(), catalog_version(language()), table.seq, "stream"),
                      build)


def _after():
    """The seq to answer after: `after`, or the Last-Event-ID a reconnecting
    EventSource sends (the last event it heard), which takes precedence."""
    name, raw = "after", request.args.get("after", "0")
    resumed = request.headers.get("Last-Event-ID")
    if resumed is not None and _wants_stream():
        name, raw = "Last-Event-ID", resumed.strip()
    if not raw.isascii() or not raw.isdigit() or int(raw) >= 2**31:
        raise BadRequest(f"{name} must be a seq (a non-negative integer)",
                         errors=[problem(name, "expected an integer >= 0", "bad-query-parameter")])
    return int(raw)


def _wants_stream():
    return "text/event-stream" in request.headers.get("Accept", "")


@bp.get("/tables/<table_id:table_id>/events")
def table_events(table_id):
    after = _after()
    limit = page_limit(EVENTS_PAGE)
    wait = wait_seconds()
    if _wants_stream():  # a stream also starts from what this process knows of the table
        return _event_stream(table_or_404(table_id, services().store.page_table), after, limit)
    # A long poll may start from what this process already knows of the table (the
    # phone asks again just after hearing a move): it is woken if that is stale.
    table = table_or_404(table_id, services().store.page_table if wait > 0 else None)
    response = current_app.response_class(mimetype="application/json")
    if wait > 0 and table.seq <= after:
        waited = _wait_for_move(table, after, wait)
        if waited is None:
            response.headers["Retry-After"] = "1"
        else:
            table = waited
    response.set_data(_event_page_text(table, after, limit))
    return response


def _event_stream(table, after, limit):
    """The events after `after`, then each move as it is recorded, for STREAM_SECONDS
    and up to STREAM_SPREAD more (EventSource then reconnects with Last-Event-ID). A
    stream takes one of the process's waiting slots; when none is free it carries the
    events there are and ends, and the browser reconnects after RETRY_MS (Retry-After
    says the same)."""
    slots = long_poll_slots()
    response = current_app.response_class(mimetype="text/event-stream")
    response.headers["X-Accel-Buffering"] = "no"  # proxies pass each event at once
    if not slots.acquire(blocking=False):
        response.headers["Retry-After"] = str(RETRY_MS // 1000)
        response.set_data(f"retry: {RETRY_MS}\n\n" + _stream_text(table, after, limit)[0])
        return response
    response.call_on_close(slots.release)
    deadline = time.monotonic() + (_seconds("STREAM_SECONDS", STREAM_SECONDS)
                                   * random.uniform(1, 1 + STREAM_SPREAD))
    connection = _StreamConnection(request.environ.get("gunicorn.socket"), deadline,
                                   _seconds("STREAM_WRITE_TIMEOUT", STREAM_WRITE_TIMEOUT))
    response.call_on_close(connection.restore)
    events = _stream_events(table, after, limit, deadline)
    response.response = stream_with_context(connection.bounded(events))
    return response


def _seconds(name, default):
    """A stream's length or bound: the app's setting (tests shorten them), else the
    default."""
    return float(current_app.config.get(name) or default)


class _StreamConnection:
    """The socket a stream is written to (gunicorn's; None under other servers), its
    writes bounded: each may wait `write_timeout` for the client to make room, and
    none past `deadline` plus that. The socket's own timeout comes back when the
    stream closes, for the next request on the connection."""

    def __init__(self, sock, deadline, write_timeout):
        self.sock, self.write_timeout = sock, write_timeout
        self.end = deadline + write_timeout
        if sock is not None:
            self.previous_timeout = sock.gettimeout()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_SEND_BUFFER)

    def bounded(self, texts):
        """`texts`, each written within the bounds (the server writes a text after
        it is yielded, and its closing chunk after the last)."""
        for text in texts:
            self._bound_next_write()
            yield text
        self._bound_next_write()

    def _bound_next_write(self):
        if self.sock is not None:
            left = self.end - time.monotonic()
            self.sock.settimeout(max(min(self.write_timeout, left), 0.001))

    def restore(self):
        if self.sock is not None:
            try:
                self.sock.settimeout(self.previous_timeout)
            except OSError:  # closed already: nothing follows on it
                pass


def _stream_events(table, after, limit, deadline):
    yield f"retry: {RETRY_MS}\n\n"
    while True:
        if table.seq > after:
            text, after = _stream_text(table, after, limit)
            yield text
            continue
        left = deadline - time.monotonic()
        if left <= 0:
            return
        table = _next_move(table, after, min(left, HEARTBEAT_SECONDS))
        if table.seq <= after:
            yield ": still here\n\n"  # a comment: keeps idle proxies from cutting it
