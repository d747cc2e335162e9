"""Events: an organiser's evening of tables (docs/events.md).

An event is a validated document (referee/rules/event.schema.json): its players, a
ruleset pinned to one version, the format (heats, a final table) and its scoring.
Each round seats the players (a seeded draw, avoiding players who met) at tables,
each with a join code; a table's referee table is opened when its first card is
turned (by the organiser or a table captain), pinned to the event's version, its
players as seated. Standings are computed on every read from the tables' states,
so a move or a correction at a table shows at once. Every event action is an entry
of the event's log, in order, like a table's moves.

The event's pages wait for what they show to change (`?wait=S&version=V` on the event
and on its standings): the answer carries its `version`, and a wait ends when the
version differs from the page's, woken by the event's own channel (its actions) or
its tables' (their moves), from any worker or machine (referee/store/live.py).
"""
import csv
import hashlib
import io
import json
import secrets
from datetime import datetime, timedelta, timezone

from flask import Blueprint, current_app, request, url_for

from referee.engine import judge, open_table, parse_move, parse_state
from referee.engine.errors import problem
from referee.rules.errors import coded
from referee.rules.events import EVENT_SCHEMA, EventError, load_event
from referee.rules.schema import locate
from referee.service.body import JSON_TYPES, YAML_TYPES, json_body, media_type, read_body
from referee.service.catalog import UnknownRuleset
from referee.service.problems import (BadRequest, NotFound, Unauthorized, Unprocessable,
                                      UnsupportedMediaType)
from referee.service import seating, standings as scoring
from referee.store import EventConflict, StaleSeq, token_digest
from referee.store.live import event_channel
from referee.store.repository import insert_table

from .auth import bearer_token, organiser
from .context import answer, services, with_message
from .details import detail
from .event_problems import event_problem
from .fields import request_fields
from .tablekit import check_owner, join_code_sha256, new_join_code, new_secret, with_next
from .waiting import long_poll_slots, wait_seconds

bp = Blueprint("events", __name__, url_prefix="/v1")

EVENT_TYPES = JSON_TYPES + YAML_TYPES
EVENT_LOG_PAGE = 500
DEFAULT_POINTS = EVENT_SCHEMA["properties"]["scoring"]["default"]["points"]
PLAYING = ("play", "respond")


# --- who may act -------------------------------------------------------------------

def _event_or_404(event_id):
    event = services().store.get_event(event_id)
    if event is None:
        raise NotFound(f"no event {event_id!r}")
    return event


def _token():
    token = bearer_token()
    if token is None:
        raise Unauthorized(detail("token-missing", header="Authorization: Bearer <token>",
                                  command="referee token create NAME"))
    return token


def _organiser_of(event):
    """The event's organiser (401 without a token, 403 with a captain's or another's)."""
    token = _token()
    store = services().store
    name = store.organiser_for(token)
    if name is None:
        captain = store.captain_event(token_digest(token))
        if captain is not None:
            raise event_problem("captain-token" if captain == event.id else "other-event")
        raise Unauthorized(detail("token-unknown"))
    if name != event.owner:
        raise event_problem("not-your-event")
    return name


def _organiser_or_captain(event):
    token = _token()
    captain = services().store.captain_event(token_digest(token))
    if captain == event.id:
        return
    if captain is not None:
        raise event_problem("other-event")
    _organiser_of(event)


def _may_see_codes(event):
    """Join codes are shown to the event's organiser and captains only."""
    token = bearer_token()
    if token is None:
        return False
    store = services().store
    return (store.captain_event(token_digest(token)) == event.id
            or store.organiser_for(token) == event.owner)


# --- creating an event ----------------------------------------------------------------

def _event_text() -> bytes:
    if media_type() not in EVENT_TYPES:
        raise UnsupportedMediaType("send an event as application/json or application/yaml, "
                                   f"not {media_type() or 'no Content-Type'}")
    return read_body()


@bp.post("/events")
def create_event():
    owner = organiser()  # before reading a body
    document = load_event(_event_text())
    catalog = services().catalog
    try:
        entry = catalog.find(document["ruleset"], document.get("ruleset_version"))
    except UnknownRuleset:
        message = (coded("event-unknown-version", ruleset=document["ruleset"],
                         version=document["ruleset_version"])
                   if "ruleset_version" in document and _catalog_has(document["ruleset"])
                   else coded("event-unknown-ruleset", ruleset=document["ruleset"]))
        key = "ruleset_version" if message.code == "event-unknown-version" else "ruleset"
        raise EventError([document.problem((key,), message)]) from None
    check_owner(owner, entry)
    rules = catalog.rules(entry)
    _check_event(document, rules)
    document["ruleset_version"] = entry.version
    document.setdefault("seed", secrets.randbelow(2**31))
    if document["scoring"]["type"] == "placement":
        document["scoring"].setdefault("points", DEFAULT_POINTS)
    event_id = secrets.token_urlsafe(12)
    body = dict(document)
    services().store.create_event(
        event_id=event_id, owner=owner, name=document["name"], ruleset_id=entry.id,
        ruleset_version=entry.version, document=body,
        entry={"type": "created", "by": owner, "name": document["name"],
               "ruleset": {"id": entry.id, "version": entry.version},
               "players": document["players"], "seed": document["seed"]})
    event = services().store.get_event(event_id)
    return answer(_event_json(event, True), status=201,
                  headers={"Location": url_for("events.get_event", event_id=event_id)})


def _catalog_has(ruleset_id):
    try:
        services().catalog.find(ruleset_id)
    except UnknownRuleset:
        return False
    return True


def _check_event(document, rules):
    """What the schema cannot say: names alike, seating, points, the final's size."""
    problems = []
    seen = {}
    for index, name in enumerate(document["players"]):
        folded = " ".join(name.split()).casefold()
        if folded in seen:
            line = locate(("players", seen[folded]), document.positions)[0]
            problems.append(document.problem(("players", index), coded(
                "event-player-twice", name=name, line=line or seen[folded] + 1)))
        seen.setdefault(folded, index)
    fmt = document["format"]
    allowed = range(rules.min_players, rules.max_players + 1)
    try:
        sizes = seating.table_sizes(len(document["players"]), fmt["table_sizes"],
                                    fmt["forced_sizes"], allowed)
    except seating.CannotSeat as exc:
        problems.append(document.problem(("players",), coded(
            "event-cannot-seat", count=exc.count, sizes=[str(s) for s in exc.sizes])))
        sizes = []
    final = fmt.get("final")
    if final is not None:
        most = min(len(document["players"]), rules.max_players)
        if final["top"] > most:
            problems.append(document.problem(("format", "final", "top"), coded(
                "event-final-too-big", top=final["top"], most=most)))
        else:
            sizes = [*sizes, final["top"]]
    problems += _points_problems(document, sizes)
    if problems:
        raise EventError(problems)


def _points_problems(document, sizes):
    scoring_doc = document["scoring"]
    if scoring_doc["type"] != "placement":
        return []
    points = scoring_doc.get("points", DEFAULT_POINTS)
    where = ("scoring", "points") if "points" in scoring_doc else ("scoring",)
    problems = []
    for size in sorted(set(sizes)):
        given = points.get(str(size))
        if given is None:
            problems.append(document.problem(where, coded("event-points-missing", size=size)))
        elif len(given) != size:
            problems.append(document.problem((*where, str(size)), coded(
                "event-points-length", size=size, count=len(given))))
    return problems


# --- reading an event ---------------------------------------------------------------

EVENTS_LISTED = 100


@bp.get("/events")
def list_events():
    """The requesting organiser's events, newest first (the last EVENTS_LISTED)."""
    owner = organiser()
    return answer({"events": [
        {"id": e.id, "name": e.name, "ruleset": {"id": e.ruleset_id, "version": e.ruleset_version},
         "players": len(e.document["players"]), "seq": e.seq,
         "created_at": e.created_at.isoformat(),
         "href": url_for("events.get_event", event_id=e.id)}
        for e in services().store.events_of(owner, EVENTS_LISTED)]})


@bp.get("/events/<table_id:event_id>")
def get_event(event_id):
    event = _event_or_404(event_id)
    with_codes = _may_see_codes(event)
    return _when_changed(event, lambda current: _event_json(current, with_codes), _table_seq)


def _event_json(event, with_codes):
    document = event.document
    store = services().store
    rounds = store.event_rounds(event.id)
    tables = store.tables_by_id([seat.table_id for r in rounds for seat in r.tables if seat.table_id])
    return {
        "id": event.id, "name": event.name, "now": _instant(_now()),
        "version": _version(event.seq, {table_id: _table_seq(row, None)
                                        for table_id, row in tables.items()}),
        "ruleset": {"id": event.ruleset_id, "version": event.ruleset_version},
        "players": document["players"], "format": document["format"],
        "scoring": document["scoring"], "tie_breaks": document["tie_breaks"],
        "seed": document["seed"], "seq": event.seq,
        "created_at": event.created_at.isoformat(),
        "rounds": [_round_json(event, r, with_codes, tables) for r in rounds],
        "next_round": _next_round(document, rounds),
        "links": {"standings": url_for("events.get_standings", event_id=event.id),
                  "log": url_for("events.event_log", event_id=event.id),
                  "csv": url_for("events.export_csv", event_id=event.id),
                  "json": url_for("events.export_json", event_id=event.id)}}


def _round_status(event_round):
    if event_round.closed_seq is not None:
        return "closed"
    return "time-called" if event_round.time_called_seq is not None else "playing"


def _round_json(event, event_round, with_codes, tables=None):
    """A round as the pages show it; `tables`: its tables' rows when read already."""
    if tables is None:
        tables = services().store.tables_by_id(
            [seat.table_id for seat in event_round.tables if seat.table_id])
    return {"number": event_round.number, "kind": event_round.kind,
            "status": _round_status(event_round), "started_seq": event_round.started_seq,
            "time_called_seq": event_round.time_called_seq,
            "closed_seq": event_round.closed_seq, **_round_clock(event, event_round),
            "tables": [_table_json(event, seat, with_codes, tables.get(seat.table_id))
                       for seat in event_round.tables]}


def _round_clock(event, event_round):
    """When the round was seated and, with the format's time limit, when its time is
    up (the pages count down to it against the answer's `now`: the server's clock)."""
    limit = event.document["format"].get("time_limit_minutes")
    started = event_round.started_at
    return {"started_at": _instant(started), "time_limit_minutes": limit,
            "ends_at": _instant(started + timedelta(minutes=limit)) if limit else None}


def _table_json(event, seat, with_codes, table):
    body = {"number": seat.number, "name": _table_name(event, seat.round, seat.number),
            "players": seat.players, "table_id": seat.table_id, "opened": bool(seat.table_id),
            "seq": None, "phase": None, "scores": None, "winner": None, "round": None,
            "hand_counts": None, "href": None}
    if with_codes:
        body["join_code"] = seat.join_code
    if table is not None:
        state = table.state
        body.update(seq=table.seq, phase=state["phase"], scores=state["scores"],
                    hand_counts=state["hand_counts"], round=state["round"],
                    players=state["players"],
                    winner=state["winner"] if state["phase"] == "game-over" else None,
                    href=url_for("tables.get_table", table_id=table.id))
    return body


def _table_name(event, round_number, table_number):
    return f"{event.name[:80]} {round_number}.{table_number}"


def _next_round(document, rounds):
    """The number and kind of the round to start next, or None when all are played."""
    heats = document["format"]["rounds"]
    number = len(rounds) + 1
    if number <= heats:
        return {"number": number, "kind": "heat"}
    if number == heats + 1 and document["format"].get("final"):
        return {"number": number, "kind": "final"}
    return None


# --- rounds ---------------------------------------------------------------------------

def _optional_body():
    return json_body() if request.content_length else {}


@bp.post("/events/<table_id:event_id>/rounds")
def start_round(event_id):
    event = _event_or_404(event_id)
    _organiser_of(event)
    fields = request_fields("StartRoundRequest", _optional_body())
    named = fields.integer("round")
    fields.done()
    # The standings a final seats from are read before the round's transaction.
    results = _results(event, services().store.event_rounds(event.id))[0]

    def act(actions, event, rounds):
        upcoming = _next_round(event.document, rounds)
        if rounds and rounds[-1].closed_seq is None:
            raise EventConflict("round-already-started", round=rounds[-1].number)
        if named is not None and named != len(rounds) + 1:
            raise EventConflict("round-already-started" if named <= len(rounds) else "no-such-round",
                                round=named)
        if upcoming is None:
            raise EventConflict("event-over")
        tables = _seat(event, rounds, upcoming, results)
        codes = [new_join_code()[0] for _ in tables]
        actions.start_round(upcoming["number"], upcoming["kind"], list(zip(tables, codes)))
        entry = {"type": "seated", "round": upcoming["number"], "kind": upcoming["kind"],
                 "tables": [{"table": index, "players": players}
                            for index, players in enumerate(tables, 1)]}
        return entry, upcoming["number"]
    _, number = _act(event.id, act)
    event = services().store.get_event(event.id)
    rounds = services().store.event_rounds(event.id)
    return answer(_round_json(event, rounds[number - 1], True), status=201)


def _seat(event, rounds, upcoming, results):
    document = event.document
    if upcoming["kind"] == "final":
        heats = scoring.standings(document, _own_hands(event), results)
        return [[s.player for s in heats[:document["format"]["final"]["top"]]]]
    rules = _rules(event)
    fmt = document["format"]
    sizes = seating.table_sizes(len(document["players"]), fmt["table_sizes"],
                                fmt["forced_sizes"], range(rules.min_players, rules.max_players + 1))
    met = seating.met_pairs([[seat.players for seat in r.tables] for r in rounds if r.kind == "heat"])
    return seating.draw(document["players"], sizes, document["seed"], upcoming["number"], met)


def _act(event_id, act):
    try:
        return services().store.act_on_event(event_id, act)
    except EventConflict as conflict:
        raise _conflict_problem(conflict) from None


def _conflict_problem(conflict):
    if conflict.code == "unknown-event":
        return NotFound(f"no event {conflict.params['event']!r}")
    return event_problem(conflict.code, **conflict.params)


def _round_of(rounds, number):
    if not 0 < number <= len(rounds):
        raise EventConflict("no-such-round", round=number)
    return rounds[number - 1]


def _open_round(rounds, number):
    event_round = _round_of(rounds, number)
    if event_round.closed_seq is not None:
        raise EventConflict("round-closed", round=number)
    return event_round


@bp.post("/events/<table_id:event_id>/rounds/<int:number>/swap")
def swap_players(event_id, number):
    event = _event_or_404(event_id)
    _organiser_of(event)
    fields = request_fields("SwapRequest", json_body())
    names = fields.strings("players")
    fields.done()

    def act(actions, event, rounds):
        event_round = _open_round(rounds, number)
        seats = {}
        for index, name in enumerate(names):
            seats[index] = next(((seat, position) for seat in event_round.tables
                                 for position, player in enumerate(seat.players)
                                 if player == name), None)
            if seats[index] is None:
                raise EventConflict("unknown-player", player=name)
        (first, at_first), (second, at_second) = seats[0], seats[1]
        tables = {seat.number: list(seat.players) for seat in (first, second)}
        tables[first.number][at_first], tables[second.number][at_second] = names[1], names[0]
        for seat in {first.number: first, second.number: second}.values():
            if seat.table_id is not None:
                actions.rename_players_at_table(seat.table_id, tables[seat.number], seat.number)
            actions.seat_players(number, seat.number, tables[seat.number])
        entry = {"type": "swapped", "round": number, "players": names,
                 "tables": [first.number, second.number]}
        return entry, None
    _act(event.id, act)
    rounds = services().store.event_rounds(event.id)
    return answer(_round_json(event, rounds[number - 1], True))


@bp.post("/events/<table_id:event_id>/rounds/<int:number>/tables/<int:table_number>")
def open_event_table(event_id, number, table_number):
    """Open the referee table of one table of a round, as its first card is turned."""
    event = _event_or_404(event_id)
    _organiser_or_captain(event)
    fields = request_fields("OpenEventTableRequest", json_body())
    dealer = fields.integer("dealer")
    first_card = fields.string_or_strings("first_card")
    color = fields.string("color")
    fields.done()
    rules = _rules(event)
    secret, secret_sha256 = new_secret()
    opened = {}

    def act(actions, event, rounds):
        event_round = _open_round(rounds, number)
        if not 0 < table_number <= len(event_round.tables):
            raise EventConflict("no-such-table", round=number, table=table_number)
        seat = event_round.tables[table_number - 1]
        if seat.table_id is not None:
            raise EventConflict("table-already-opened", round=number, table=table_number)
        verdict = with_next(rules, open_table(rules, seat.players, dealer, first_card, color))
        table_id = secrets.token_urlsafe(12)
        raw = seat.join_code.replace("-", "")

        def create(conn):
            insert_table(conn, table_id=table_id, ruleset_id=event.ruleset_id,
                         ruleset_version=event.ruleset_version,
                         opening={"players": seat.players, "dealer": dealer,
                                  "first_card": first_card, "color": color},
                         state=verdict["state"], name=_table_name(event, number, table_number),
                         owner=event.owner, secret_sha256=secret_sha256,
                         join_code_sha256=join_code_sha256(raw))
            return table_id
        actions.open_table(number, table_number, create)
        opened.update(id=table_id, verdict=verdict, seat=seat)
        return {"type": "table-opened", "round": number, "table": table_number,
                "table_id": table_id}, None
    _act(event.id, act)
    seat, verdict = opened["seat"], opened["verdict"]
    return answer({"id": opened["id"], "name": _table_name(event, number, table_number),
                   "secret": secret, "join_code": seat.join_code, "seq": 0,
                   "state": verdict["state"],
                   "ruleset": {"id": event.ruleset_id, "version": event.ruleset_version},
                   "verdict": with_message(verdict, seat.players, rules)},
                  status=201, headers={"Location": url_for("tables.get_table",
                                                           table_id=opened["id"])})


# --- time -------------------------------------------------------------------------------

@bp.post("/events/<table_id:event_id>/rounds/<int:number>/time")
def call_time(event_id, number):
    """Every table of the round still playing ends its hand now: the seat with the
    fewest points left (then fewest cards, then the earliest seat) is its winner, and
    the hand is scored by the ruleset from the cards left that the table counted
    (`counts`), recorded as a `score` move in its log. Its game then ends there."""
    event = _event_or_404(event_id)
    _organiser_of(event)
    fields = request_fields("CallTimeRequest", _optional_body())
    counts = fields.obj("counts") or {}
    fields.done()
    store = services().store
    rounds = store.event_rounds(event.id)
    try:
        event_round = _open_round(rounds, number)
    except EventConflict as conflict:
        raise _conflict_problem(conflict) from None
    rules = _rules(event)
    endings = []
    for seat in event_round.tables:
        if seat.table_id is None:
            raise event_problem("table-not-opened", table=seat.number)
        table = store.get_table(seat.table_id)
        if table.state["phase"] not in PLAYING:
            continue
        given = counts.get(seat.table_id)
        if not isinstance(given, dict):
            raise event_problem("table-not-counted", table=seat.number,
                                errors=[problem(f"/counts/{seat.table_id}",
                                                "required: this table is still playing",
                                                "required")])
        endings.append((seat, table, _ending_move(rules, seat, table, given)))

    def act(actions, event, rounds):
        _open_round(rounds, number)
        actions.mark_round(number, "time_called_seq")
        return {"type": "time-called", "round": number,
                "tables": [{"table": seat.number, "table_id": table.id, "seq": table.seq,
                            "move": move} for seat, table, move in endings]}, None
    seq, _ = _act(event.id, act)
    ended = []
    for seat, table, move in endings:
        ended.append(_record_ending(seat, table, move))
    return answer({"event": event.id, "round": number, "seq": seq, "ended": ended})


def _ending_move(rules, seat, table, given):
    """The `score` move that ends a table's hand at time, judged before anything is
    recorded (422 with the referee's reasons when the counts cannot be right)."""
    state = table.state
    seats = len(state["players"])
    side_rules = rules.on_side(state.get("side"))
    if "hands" in given:
        hands = given["hands"]
        if not isinstance(hands, list) or len(hands) != seats:
            raise _bad_count(seat, "hands", f"must list {seats} hands, one per seat")
        for index, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != state["hand_counts"][index]:
                raise event_problem("count-disagrees", table=seat.number,
                                    player=state["players"][index],
                                    count=len(hand) if isinstance(hand, list) else 0,
                                    expected=state["hand_counts"][index])
        worth = [sum(_score_of(side_rules, card) for card in hand) for hand in hands]
    else:
        worth = given.get("points")
        if (not isinstance(worth, list) or len(worth) != seats
                or not all(type(p) is int and p >= 0 for p in worth)):
            raise _bad_count(seat, "points", f"must list {seats} whole numbers, one per seat")
        hands = None
    out = set(state.get("out") or ())
    playing = [s for s in range(seats) if s not in out]
    order = [(state["current"] + step) % seats for step in range(seats)]
    winner = min(playing, key=lambda s: (worth[s], state["hand_counts"][s], order.index(s)))
    move = {"type": "score", "winner": winner}
    if hands is not None:
        move["hands"] = [[] if s == winner else hands[s] for s in range(seats)]
    else:
        move["points"] = [0 if s == winner else worth[s] for s in range(seats)]
    verdict = _judge(rules, table.state, move)
    if verdict["legal"]:
        return move
    details = verdict["details"]
    if verdict["code"] == "points-over-hand":  # points no hand of that size could be worth
        raise event_problem("points-over-hand", table=seat.number,
                            player=state["players"][details["player"]],
                            points=details["points"], most=details["max"])
    raise Unprocessable(f"table {seat.number}: the referee refuses this ending ({verdict['code']})",
                        errors=[problem(f"/counts/{seat.table_id}",
                                        f"refused: {verdict['code']}", "contradicts-table")])


def _score_of(rules, card):
    found = rules.cards.get(card) if isinstance(card, str) else None
    return found.kind.score if found is not None else 0


def _bad_count(seat, key, message):
    return Unprocessable(f"table {seat.number}: {key} {message}",
                         errors=[problem(f"/counts/{seat.table_id}/{key}", message, "wrong-count")])


def _judge(rules, state_json, move):
    state = parse_state(rules, state_json)
    return with_next(rules, judge(rules, state, parse_move(rules, move, state.seats, side=state.side)))


def _record_ending(seat, table, move):
    rules = _rules_for(table)

    def decide(current):
        return _judge(rules, current.state, move)
    try:
        appended = services().store.append(table.id, move, decide, expect_seq=table.seq)
    except StaleSeq as stale:
        return {"table": seat.number, "table_id": table.id, "ended": False,
                "seq": stale.current}
    return {"table": seat.number, "table_id": table.id, "ended": True, "seq": appended.seq,
            "move": move, "code": appended.verdict["code"]}


def check_deal(table_id):
    """A table of an event whose round has had time called, or been closed, deals no
    more rounds: its game ended with the hand just scored (409 time-called)."""
    store = services().store
    found = store.event_of_table(table_id)
    if found is None:
        return
    event_id, seat = found
    rounds = store.event_rounds(event_id)
    event_round = rounds[seat.round - 1]
    if event_round.time_called_seq is not None or event_round.closed_seq is not None:
        raise event_problem("time-called")


# --- closing -----------------------------------------------------------------------------

@bp.post("/events/<table_id:event_id>/rounds/<int:number>/close")
def close_round(event_id, number):
    event = _event_or_404(event_id)
    _organiser_of(event)
    rounds = services().store.event_rounds(event.id)
    try:
        event_round = _open_round(rounds, number)
    except EventConflict as conflict:
        raise _conflict_problem(conflict) from None
    results, playing = _results(event, [event_round])
    if playing:
        raise event_problem("round-still-playing", round=number,
                            tables=[item["table"] for item in playing])

    def act(actions, event, rounds):
        _open_round(rounds, number)
        actions.mark_round(number, "closed_seq")
        return {"type": "round-closed", "round": number,
                "results": [table.json() for table in results]}, None
    seq, _ = _act(event.id, act)
    return answer({"event": event.id, "round": number, "seq": seq,
                   "results": [table.json() for table in results]})


# --- standings ---------------------------------------------------------------------------

def _rules(event):
    return services().catalog.rules_for(event.ruleset_id, event.ruleset_version)


def _rules_for(table):
    return services().catalog.rules_for(table.ruleset_id, table.ruleset_version)


def _own_hands(event):
    return _rules(event).own_hands


def _time_called(rounds):
    """{table id: whether time was called on its round} of the tables opened."""
    return {seat.table_id: r.time_called_seq is not None
            for r in rounds for seat in r.tables if seat.table_id}


def _results(event, rounds, tables=None):
    """([TableResult] of the finished tables of `rounds`, [tables still playing]);
    `tables`: their rows when read already."""
    store = services().store
    own_hands = _own_hands(event)
    time_called = _time_called(rounds)
    if tables is None:
        tables = store.tables_by_id(list(time_called))
    finished = {table_id: table for table_id, table in tables.items()
                if scoring.finished(table.state, time_called[table_id])}
    sources = _source_seqs(list(finished.values()))
    results, playing = [], []
    for event_round in rounds:
        for seat in event_round.tables:
            table = finished.get(seat.table_id)
            if table is None:
                playing.append({"round": event_round.number, "table": seat.number,
                                "table_id": seat.table_id})
                continue
            results.append(scoring.result(event_round.number, event_round.kind, seat.number,
                                          table.id, sources[table.id], table.state, own_hands))
    return results, playing


# Entries read back from a table's end to find the one its result comes from: the
# last one first (nearly always the game's last score), then more. Each entry read
# is a state decoded, the largest part of a standings read (bench/results.md entry 16).
SOURCE_LOOKBACKS = (1, 50)


def _source_seqs(tables):
    """{table id: the seq of its last entry that stands (a legal move or a
    correction)}: the state a result is read from is the one that entry left
    (refused taps after it changed nothing)."""
    found, left = {}, list(tables)
    for lookback in SOURCE_LOOKBACKS:
        entries = services().store.last_entries([t.id for t in left], lookback)
        for table in left:
            found[table.id] = next((seq for seq, verdict in reversed(entries[table.id])
                                    if verdict.get("legal") and verdict.get("state") == table.state),
                                   None)
        left = [table for table in left if found[table.id] is None]
    for table in left:
        found[table.id] = table.seq
    return found


def _standings_json(event):
    store = services().store
    rounds = store.event_rounds(event.id)
    time_called = _time_called(rounds)
    tables = store.tables_by_id(list(time_called))
    results, playing = _results(event, rounds, tables)
    heats = scoring.standings(event.document, _own_hands(event), results)
    final = next((r for r in results if r.kind == "final"), None)
    current = {r.table_id: r for r in results}
    closed = {}
    for item in _log(event.id):
        if item.entry.get("type") == "round-closed":
            for then in item.entry["results"]:
                closed[then["table_id"]] = then
    changes = scoring.changes(closed, current)
    for change in changes:
        change["corrections"] = [e.seq for e in store.events(change["table_id"],
                                                             change["closed"]["seq"])
                                 if e.verdict.get("code") == "corrected"]
        change["rescores"] = [e.seq for e in store.events(change["table_id"], change["closed"]["seq"])
                              if e.verdict.get("code") == "rescored" and e.verdict.get("legal")]
    current_round = rounds[-1] if rounds else None
    return {"event": event.id, "name": event.name, "seq": event.seq,
            "now": _instant(_now()),
            "version": _version(event.seq, {table_id: _standing_key(row, time_called[table_id])
                                            for table_id, row in tables.items()}),
            "current_round": current_round and {
                "number": current_round.number, "kind": current_round.kind,
                "status": _round_status(current_round), **_round_clock(event, current_round)},
            "ruleset": {"id": event.ruleset_id, "version": event.ruleset_version},
            "scoring": event.document["scoring"]["type"],
            "tie_breaks": event.document["tie_breaks"],
            "standings": [s.json() for s in heats],
            "final": final.json() if final else None,
            "places": scoring.final_places(final, heats),
            "changes": changes, "playing": playing,
            "tables": [r.json() for r in results]}


def _log(event_id):
    store, after, entries = services().store, 0, []
    while True:
        page = store.event_log(event_id, after, EVENT_LOG_PAGE)
        entries += page
        if len(page) < EVENT_LOG_PAGE:
            return entries
        after = page[-1].seq


@bp.get("/events/<table_id:event_id>/standings")
def get_standings(event_id):
    return _when_changed(_event_or_404(event_id), _standings_json, _standing_key)


# --- live pages ----------------------------------------------------------------------------

VERSION_LENGTH = 16  # hex digits of a page's version


def _now():
    return datetime.now(timezone.utc)


def _instant(moment):
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds")


def _version(event_seq, keys):
    """A page's version: a digest of the event's seq and each table's key (what of
    the table the page shows), so it changes exactly when the page would."""
    text = json.dumps([event_seq, sorted(keys.items())], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:VERSION_LENGTH]


def _table_seq(row, time_called):
    """The organiser's page shows every table as its last move left it."""
    return row.seq


def _standing_key(row, time_called):
    """The standings read a table only once its game counts (then, every entry of its
    log, corrections included); before that it is just "still playing"."""
    return row.seq if scoring.finished(row.state, time_called) else None


def _seen_version():
    raw = request.args.get("version") if request.query_string else None
    if raw is not None and not (raw.isascii() and raw.isalnum() and len(raw) <= 64):
        raise BadRequest("version must be the `version` of an earlier answer",
                         errors=[problem("version", "expected the version of an earlier answer",
                                         "bad-query-parameter")])
    return raw


def _when_changed(event, build, key):
    """The page's answer, `build(event)`: at once, or with `?version=V&wait=S` when
    its version is no longer V (within S seconds; else as it is, with the new `now`).
    Every waiting place of the process taken: at once, with Retry-After: 1."""
    seconds, seen = wait_seconds(), _seen_version()
    body = build(event)
    if seconds <= 0 or seen is None or body["version"] != seen:
        return answer(body)
    slots = long_poll_slots()
    if not slots.acquire(blocking=False):
        return answer(body, headers={"Retry-After": "1"})
    try:
        changed = _wait_for_change(event, seen, key, seconds)
    finally:
        slots.release()
    if changed:
        return answer(build(_event_or_404(event.id)))
    body["now"] = _instant(_now())
    return answer(body)


def _wait_for_change(event, seen, key, seconds):
    """Whether the page's version moved from `seen` within `seconds`: the wait follows
    the event's channel and each of its tables' (a move wakes it like a phone at that
    table: the woken table is read once for every waiter of the process)."""
    store = services().store
    time_called = _time_called(store.event_rounds(event.id))
    channel = event_channel(event.id)
    now = {"seq": event.seq, "keys": {}}

    def has_news(woken):
        if woken is None or channel in woken:
            current = store.get_event(event.id)
            now["seq"] = current.seq if current is not None else None
        if woken is None:
            rows = store.tables_by_id(list(time_called))
        else:
            rows = {table_id: store.latest_table(table_id)
                    for table_id in woken if table_id in time_called}
        for table_id, row in rows.items():
            if row is not None:
                now["keys"][table_id] = key(row, time_called[table_id])
        return _version(now["seq"], now["keys"]) != seen
    return store.live.wait_any([channel, *time_called], has_news, seconds)


@bp.get("/events/<table_id:event_id>/log")
def event_log(event_id):
    _event_or_404(event_id)
    raw = request.args.get("after", "0") if request.query_string else "0"
    if not raw.isascii() or not raw.isdigit() or int(raw) >= 2**31:
        raise BadRequest("after must be a seq (a non-negative integer)",
                         errors=[problem("after", "expected an integer >= 0", "bad-query-parameter")])
    after = int(raw)
    page = services().store.event_log(event_id, after, EVENT_LOG_PAGE)
    last = page[-1].seq if page else after
    next_page = (url_for("events.event_log", event_id=event_id, after=last)
                 if len(page) == EVENT_LOG_PAGE else None)
    return answer({"event": event_id,
                   "entries": [{"seq": e.seq, **e.entry, "recorded_at": e.created_at.isoformat()}
                               for e in page], "next": next_page})


@bp.get("/events/<table_id:event_id>/export.json")
def export_json(event_id):
    event = _event_or_404(event_id)
    body = _standings_json(event)
    body["rounds"] = [_round_json(event, r, False) for r in services().store.event_rounds(event.id)]
    return answer(body, headers={
        "Content-Disposition": f'attachment; filename="event-{event.id}.json"'})


CSV_COLUMNS = ("place", "player", "score", "wins", "points", "cards_left", "tables", "final_place")


@bp.get("/events/<table_id:event_id>/export.csv")
def export_csv(event_id):
    body = _standings_json(_event_or_404(event_id))
    final = {item["player"]: item["place"] for item in body["places"] if item["from"] == "final"}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for s in body["standings"]:
        writer.writerow([s["place"], _csv_text(s["player"]), s["score"], s["wins"], s["points"],
                         s["cards_left"], len(s["tables"]), final.get(s["player"], "")])
    return current_app.response_class(
        out.getvalue().encode("utf-8"), mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id}.csv"'})


def _csv_text(value):
    """A name as a spreadsheet reads it as text: a leading =, +, - or @ would start a
    formula (CSV injection), so it is quoted with an apostrophe."""
    return f"'{value}" if value[:1] in ("=", "+", "-", "@") else value


@bp.get("/schema/event.json")
def event_schema():
    return answer(EVENT_SCHEMA, headers={"Content-Type": "application/schema+json"})


# --- captains ----------------------------------------------------------------------------

@bp.post("/events/<table_id:event_id>/captains")
def add_captain(event_id):
    event = _event_or_404(event_id)
    _organiser_of(event)
    fields = request_fields("CaptainRequest", json_body())
    name = (fields.string("name") or "").strip()
    if not name or not name.isprintable():
        fields.fail("name", "expected printable text", "wrong-type")
    fields.done()
    token, digest = new_secret()

    def act(actions, event, rounds):
        actions.add_captain(name, digest)
        return {"type": "captain-added", "name": name}, None
    seq, _ = _act(event.id, act)
    return answer({"event": event.id, "name": name, "token": token, "seq": seq}, status=201)
