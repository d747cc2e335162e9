"""Who may post a table's moves: its secret, the phones that joined by code, the
organiser who opened it. Everybody else is refused: missing, wrong and revoked."""
import secrets

import pytest
from sqlalchemy import select

from apitest import OPENING, bearer, problem
from referee.store import db

PLAY = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}}
DRAW = {"move": {"type": "draw", "player": 1}}


def opened(anonymous, headers=None, **extra):
    response = anonymous.post("/v1/tables", json=dict(OPENING, **extra), headers=headers or {})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def moves(table):
    return f"/v1/tables/{table['id']}/moves"


def test_opening_answers_a_secret_and_a_join_code_and_keeps_only_their_hashes(app, anonymous):
    table = opened(anonymous, name="Table 4 (back room)")
    assert len(table["secret"]) >= 32 and table["name"] == "Table 4 (back room)"
    code = table["join_code"]
    assert len(code) == 9 and code[4] == "-"
    assert anonymous.get(f"/v1/tables/{table['id']}").get_json()["name"] == "Table 4 (back room)"
    store = app.extensions["referee"].store
    with store.engine.connect() as conn:
        rows = [tuple(map(str, row)) for row in conn.execute(select(db.table_tokens))]
        rows += [tuple(map(str, row)) for row in conn.execute(select(db.game_tables))]
    dumped = repr(rows)
    assert table["secret"] not in dumped and code.replace("-", "") not in dumped
    assert code not in dumped


def test_a_move_without_the_secret_is_401_and_nothing_is_recorded(anonymous):
    table = opened(anonymous)
    body = problem(anonymous.post(moves(table), json=PLAY), 401)
    assert body["type"].endswith("table-secret-required")
    assert anonymous.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 0


@pytest.mark.parametrize("header", [
    "Bearer not-the-secret", "Bearer " + "x" * 500, "Basic abc", "Bearer \u0928\u092e"])
def test_a_move_with_a_wrong_secret_is_refused(anonymous, header):
    table = opened(anonymous)
    response = anonymous.post(moves(table), json=PLAY, headers={"Authorization": header})
    body = problem(response, 401 if not header.startswith("Bearer") else 403)
    assert anonymous.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 0
    if response.status_code == 403:
        assert body["type"].endswith("wrong-table-secret")


def test_another_tables_secret_is_refused(anonymous):
    mine, other = opened(anonymous), opened(anonymous)
    problem(anonymous.post(moves(mine), json=PLAY, headers=bearer(other["secret"])), 403)


def test_the_secret_posts_moves_and_dry_runs(anonymous):
    table = opened(anonymous)
    problem(anonymous.post(moves(table) + "?dry_run=true", json=PLAY), 401)
    response = anonymous.post(moves(table), json=PLAY, headers=bearer(table["secret"]))
    assert response.status_code == 200 and response.get_json()["seq"] == 1


def test_an_unknown_table_is_404_whatever_the_token(anonymous):
    problem(anonymous.post("/v1/tables/nosuchtable/moves", json=PLAY), 404)
    problem(anonymous.post("/v1/tables/nosuchtable/moves", json=PLAY,
                           headers=bearer("whatever")), 404)


def joined(anonymous, code, seat="table"):
    response = anonymous.post("/v1/tables/join", json={"code": code, "seat": seat})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_joining_by_code_gives_a_phone_its_own_token(anonymous):
    table = opened(anonymous)
    typed = table["join_code"].lower().replace("-", " ")
    phone = joined(anonymous, typed, seat=1)
    assert phone["id"] == table["id"] and phone["secret"] != table["secret"]
    assert phone["seat"] == 1 and phone["players"] == OPENING["players"]
    response = anonymous.post(moves(table), json=PLAY, headers=bearer(phone["secret"]))
    assert response.status_code == 200


def test_a_phone_joining_without_saying_whose_it_is_is_told_the_players_to_choose_from(
        app, anonymous):
    table = opened(anonymous)
    body = problem(anonymous.post("/v1/tables/join", json={"code": table["join_code"]}), 422)
    assert body["players"] == OPENING["players"]
    assert [(e["path"], e["code"]) for e in body["errors"]] == [("/seat", "seat-required")]
    for wrong in (len(OPENING["players"]), -1, "Bina", True, None):
        body = problem(anonymous.post("/v1/tables/join",
                                      json={"code": table["join_code"], "seat": wrong}), 422)
        assert body["errors"][0]["path"] == "/seat", wrong
    with app.extensions["referee"].store.engine.connect() as conn:
        kinds = [row.kind for row in conn.execute(
            select(db.table_tokens).where(db.table_tokens.c.table_id == table["id"]))]
    assert kinds == ["secret"]  # the refused joins recorded no token


def test_a_phone_bound_to_a_seat_moves_for_that_seat_only(anonymous):
    """Asha's phone tapping Draw while it is Bina's turn must not record Bina's draw;
    catches, challenges, scores, deals and corrections stay open to every phone."""
    table = opened(anonymous)
    asha = bearer(joined(anonymous, table["join_code"], seat=0)["secret"])
    bina = bearer(joined(anonymous, table["join_code"], seat=1)["secret"])
    for move in ({"type": "draw", "player": 1}, {"type": "draw"}):
        body = problem(anonymous.post(moves(table), json={"move": move}, headers=asha), 403)
        assert body["type"].endswith("not-your-seat")
        assert body["errors"][0]["code"] == "not-your-seat"
        problem(anonymous.post(moves(table) + "?dry_run=true", json={"move": move},
                               headers=asha), 403)
    assert anonymous.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 0
    assert anonymous.post(moves(table), json=PLAY, headers=bina).status_code == 200
    refused = anonymous.post(moves(table), json={"move": {"type": "draw", "player": 0}},
                             headers=asha).get_json()  # out of turn: judged, and refused
    assert refused["seq"] == 2 and not refused["legal"]
    catch = {"move": {"type": "catch-uno", "player": 2, "target": 1}}
    assert anonymous.post(moves(table), json=catch, headers=asha).status_code == 200
    undo = {"move": {"type": "correct", "to_seq": 0}, "expect_seq": 3}
    assert anonymous.post(moves(table), json=undo, headers=asha).status_code == 200


def test_a_table_phone_and_the_secret_move_for_anyone(anonymous):
    table = opened(anonymous)
    shared = bearer(joined(anonymous, table["join_code"], seat="table")["secret"])
    assert anonymous.post(moves(table), json=PLAY, headers=shared).status_code == 200
    assert anonymous.post(moves(table), json={"move": {"type": "draw", "player": 2}},
                          headers=bearer(table["secret"])).status_code == 200


@pytest.mark.parametrize("code", ["", "ABCD", "0000-0000", "ABCD-EFGH-JKMN", "IIII-IIII"])
def test_a_malformed_join_code_is_422(anonymous, code):
    problem(anonymous.post("/v1/tables/join", json={"code": code}), 422)


def test_an_unknown_join_code_is_404(anonymous):
    problem(anonymous.post("/v1/tables/join", json={"code": "2345-6789"}), 404)


def test_a_new_secret_revokes_the_old_one_the_phones_and_the_code(anonymous):
    table = opened(anonymous)
    phone = joined(anonymous, table["join_code"])
    problem(anonymous.post(f"/v1/tables/{table['id']}/secret"), 401)
    replaced = anonymous.post(f"/v1/tables/{table['id']}/secret", headers=bearer(phone["secret"]))
    assert replaced.status_code == 200
    fresh = replaced.get_json()
    assert fresh["secret"] != table["secret"] and fresh["join_code"] != table["join_code"]
    for revoked in (table["secret"], phone["secret"]):
        body = problem(anonymous.post(moves(table), json=PLAY, headers=bearer(revoked)), 403)
        assert "replaced" in body["detail"]
    problem(anonymous.post("/v1/tables/join", json={"code": table["join_code"], "seat": 0}),
            404)
    assert anonymous.post(moves(table), json=PLAY,
                          headers=bearer(fresh["secret"])).status_code == 200
    joined(anonymous, fresh["join_code"])


def test_a_secret_that_posted_moves_before_it_was_replaced_posts_no_more(anonymous):
    """The worker remembers a secret it has seen posting moves; the move's own
    transaction still refuses it once replaced, and a dry run reads it afresh."""
    table = opened(anonymous)
    for _ in range(2):
        assert anonymous.post(moves(table), json=DRAW,
                              headers=bearer(table["secret"])).status_code == 200
    replaced = anonymous.post(f"/v1/tables/{table['id']}/secret", headers=bearer(table["secret"]))
    assert replaced.status_code == 200
    for query in ("", "?dry_run=true"):
        body = problem(anonymous.post(moves(table) + query, json=DRAW,
                                      headers=bearer(table["secret"])), 403)
        assert "replaced" in body["detail"]
    assert anonymous.get(f"/v1/tables/{table['id']}").get_json()["seq"] == 2


def test_an_organisers_tables_are_listed_newest_first_a_page_at_a_time(anonymous, organiser):
    name, token = organiser
    ids = [opened(anonymous, name=f"Table {n}", headers=bearer(token))["id"] for n in range(3)]
    opened(anonymous)  # nobody's
    first = anonymous.get("/v1/tables?limit=2", headers=bearer(token)).get_json()
    assert [t["id"] for t in first["tables"]] == ids[::-1][:2]
    assert first["tables"][0]["name"] == "Table 2"
    assert first["tables"][0]["players"] == OPENING["players"]
    assert first["next"]
    second = anonymous.get(first["next"], headers=bearer(token)).get_json()
    assert [t["id"] for t in second["tables"]] == [ids[0]] and second["next"] is None


def test_listing_tables_needs_an_organiser_token(anonymous, organiser):
    problem(anonymous.get("/v1/tables"), 401)
    problem(anonymous.get("/v1/tables", headers=bearer("nobody's")), 401)
    problem(anonymous.get("/v1/tables?after=%00", headers=bearer(organiser[1])), 400)
    problem(anonymous.get("/v1/tables?limit=101", headers=bearer(organiser[1])), 400)


def test_the_owner_may_post_moves_and_replace_the_secret_other_organisers_may_not(
        app, anonymous, organiser):
    table = opened(anonymous, headers=bearer(organiser[1]))
    stranger = app.extensions["referee"].store.create_token(f"org-{secrets.token_hex(4)}")
    problem(anonymous.post(moves(table), json=PLAY, headers=bearer(stranger)), 403)
    assert anonymous.post(moves(table), json=PLAY,
                          headers=bearer(organiser[1])).status_code == 200
    assert anonymous.post(f"/v1/tables/{table['id']}/secret",
                          headers=bearer(organiser[1])).status_code == 200


def test_an_organiser_opens_tables_on_their_own_rulesets_not_anothers(app, anonymous, organiser):
    ruleset_id = f"house-{secrets.token_hex(4)}"
    upload = anonymous.post("/v1/rulesets", data=f"id: {ruleset_id}\ntitle: House\nextends: classic\n",
                            content_type="application/yaml", headers=bearer(organiser[1]))
    assert upload.status_code == 201, upload.get_json()
    opened(anonymous, ruleset=ruleset_id, headers=bearer(organiser[1]))
    stranger = app.extensions["referee"].store.create_token(f"org-{secrets.token_hex(4)}")
    problem(anonymous.post("/v1/tables", json=dict(OPENING, ruleset=ruleset_id),
                           headers=bearer(stranger)), 403)
    problem(anonymous.post("/v1/tables", json=OPENING, headers=bearer("not a token")), 401)


@pytest.mark.parametrize("name", ["", "   ", "x" * 101, "tab\x07le", 7])
def test_a_bad_table_name_is_422(anonymous, name):
    problem(anonymous.post("/v1/tables", json=dict(OPENING, name=name)), 422)


def test_guessing_join_codes_is_rate_limited(database_url):
    from referee.api import create_app
    from referee.store.testing import migrated

    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True,
                      "RATE_LIMIT_WRITES": "3 per hour",
                      # counted in this app's memory: with REDIS_URL set, both database
                      # parameters (and any earlier run this hour) share one count
                      "REDIS_URL": ""})
    client = app.test_client()
    answers = [client.post("/v1/tables/join", json={"code": f"2345-678{n}"}).status_code
               for n in range(2, 6)]
    assert answers == [404, 404, 404, 429]
    app.extensions["referee"].store.dispose()
