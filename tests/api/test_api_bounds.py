"""Nothing unbounded (HOSTILE.md 27): every list comes a page at a time, an `extends`
chain has a depth cap, and each client has rate limits, answered 429 problem+json
with Retry-After; probes are never limited. And the service says when its database
is away (503 + Retry-After) instead of a 500."""
import os
import secrets
import time

import pytest
import redis

from apitest import OPENING, bearer, problem, unique_id
from referee.api import create_app
from referee.api import tables as tables_api
from referee.rules.resolve import MAX_EXTENDS_DEPTH
from referee.store.testing import migrated


def draws(client, table_id, count):
    for n in range(count):
        assert client.post(f"/v1/tables/{table_id}/moves",
                           json={"move": {"type": "draw", "player": n % 3}}).status_code == 200


def test_the_event_log_comes_in_pages_that_link_to_the_next(client, table):
    draws(client, table["id"], 7)
    page = client.get(f"/v1/tables/{table['id']}/events?limit=3").get_json()
    seqs = [event["seq"] for event in page["events"]]
    while page["next"]:
        page = client.get(page["next"]).get_json()
        seqs += [event["seq"] for event in page["events"]]
    assert seqs == list(range(1, 8))
    last = client.get(f"/v1/tables/{table['id']}/events?after=7").get_json()
    assert last["events"] == [] and last["next"] is None


def test_without_a_limit_the_log_stops_at_the_largest_page(client, table, monkeypatch):
    monkeypatch.setattr(tables_api, "EVENTS_PAGE", 4)
    draws(client, table["id"], 5)
    page = client.get(f"/v1/tables/{table['id']}/events").get_json()
    assert [event["seq"] for event in page["events"]] == [1, 2, 3, 4]
    assert page["next"].endswith("after=4&limit=4")
    problem(client.get(f"/v1/tables/{table['id']}/events?limit=5"), 400)


@pytest.mark.parametrize("query", ["limit=0", "limit=zz", "limit=100000", "after=..%2F"])
def test_a_bad_page_request_is_a_400(client, query):
    body = problem(client.get(f"/v1/rulesets?{query}"), 400)
    assert body["errors"][0]["path"] in ("limit", "after")


def test_the_ruleset_list_comes_in_pages(client, organiser):
    _, token = organiser
    prefix = unique_id("zz-page")
    for n in range(3):
        text = f"id: {prefix}-{n}\ntitle: Page {n}\nextends: classic\n"
        assert client.post("/v1/rulesets", data=text, headers={
            **bearer(token), "Content-Type": "application/yaml"}).status_code == 201
    seen, page = [], client.get("/v1/rulesets?limit=2").get_json()
    while True:
        assert len(page["rulesets"]) <= 2
        seen += [entry["id"] for entry in page["rulesets"]]
        if not page["next"]:
            break
        page = client.get(page["next"]).get_json()
    kinds = [client.get(f"/v1/rulesets/{i}").get_json()["builtin"] for i in seen]
    assert kinds == sorted(kinds, reverse=True)  # built-ins first
    assert [f"{prefix}-{n}" for n in range(3)] == [i for i in seen if i.startswith(prefix)]
    assert len(seen) == len(set(seen))


def test_an_extends_chain_deeper_than_the_cap_is_refused(client, organiser):
    _, token = organiser
    parent = "classic"
    for level in range(MAX_EXTENDS_DEPTH):
        child = unique_id(f"chain{level}")
        assert client.post("/v1/rulesets", data=f"id: {child}\ntitle: C\nextends: {parent}\n",
                           headers={**bearer(token), "Content-Type": "application/yaml"}
                           ).status_code == 201
        parent = child
    body = problem(client.post("/v1/rulesets/validate",
                               data=f"id: too-deep\ntitle: C\nextends: {parent}\n",
                               headers={"Content-Type": "application/yaml"}), 422)
    assert body["errors"][0]["path"] == "/extends"
    assert f"more than {MAX_EXTENDS_DEPTH}" in body["errors"][0]["message"]


def limited_app(database_url, **config):
    # Hourly windows: limits are fixed windows, and a minute's could turn over in the
    # middle of a test on a slow machine, letting a request through that must be refused.
    return create_app({"DATABASE_URL": database_url, "TESTING": True,
                       "RATE_LIMIT_WRITES": "3 per hour", "RATE_LIMIT_DEFAULT": "5 per hour",
                       "RATELIMIT_KEY_PREFIX": f"test-{secrets.token_hex(4)}", **config})


def test_phones_behind_one_address_share_only_the_addresss_ceiling(database_url):
    """A tournament hall behind one NAT: each table's phones count on their own tokens,
    and one address is bounded by RATE_LIMIT_ADDRESS_WRITES whatever its tokens."""
    client = limited_app(migrated(database_url), RATE_LIMIT_WRITES="100 per hour",
                         RATE_LIMIT_ADDRESS_WRITES="12 per hour").test_client()
    tables = [client.post("/v1/tables", json=OPENING).get_json() for _ in range(3)]
    codes = []
    for _ in range(4):
        for table in tables:
            codes.append(client.post(f"/v1/tables/{table['id']}/moves",
                                     json={"move": {"type": "draw", "player": 1}},
                                     headers={"Authorization": f"Bearer {table['secret']}"}
                                     ).status_code)
    assert codes.count(200) == 9 and codes[-3:] == [429, 429, 429], codes  # 3 opens + 9 moves


def test_a_client_over_its_limit_gets_a_429_with_retry_after(database_url):
    client = limited_app(migrated(database_url)).test_client()
    opened = client.post("/v1/tables", json=OPENING).get_json()
    path = f"/v1/tables/{opened['id']}/moves"
    move = {"move": {"type": "draw", "player": 1}}
    secret = {"Authorization": f"Bearer {opened['secret']}"}
    # Moves count per table token: three, then the fourth is refused.
    assert [client.post(path, json=move, headers=secret).status_code
            for _ in range(3)] == [200, 200, 200]
    response = client.post(path, json=move, headers=secret)
    body = problem(response, 429)
    assert body["type"] == "/docs#problem-too-many-requests"
    assert int(response.headers["Retry-After"]) > 0
    # the seconds are written as a number of the language (3,599 in an hour's window)
    assert f"wait {response.headers['Retry-After']} second" in body["detail"].replace(",", "")
    # Another phone of the table, at the same address, has a count of its own.
    joined = client.post("/v1/tables/join", json={"code": opened["join_code"], "seat": "table"})
    other = {"Authorization": f"Bearer {joined.get_json()['secret']}"}
    assert client.post(path, json=move, headers=other).status_code == 200
    assert all(client.get("/v1/health").status_code == 200 for _ in range(10))
    assert all(client.get("/v1/ready").status_code == 200 for _ in range(10))
    assert [client.get("/v1/rulesets").status_code for _ in range(6)][-1] == 429


def test_a_client_is_served_again_once_its_window_is_over(database_url):
    client = limited_app(migrated(database_url), REDIS_URL="",
                         RATE_LIMIT_DEFAULT="2 per second").test_client()
    assert [client.get("/v1/rulesets").status_code for _ in range(3)] == [200, 200, 429]
    time.sleep(1.05)  # the window opened with the first request and lasts a second
    assert [client.get("/v1/rulesets").status_code for _ in range(3)] == [200, 200, 429]


def test_workers_share_their_counters_in_redis(database_url):
    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/10"
    try:
        redis.Redis.from_url(url, socket_timeout=2).ping()
    except redis.RedisError as err:
        if os.environ.get("CI") == "true":  # CI has Redis: its absence is a failure there
            pytest.fail(f"no Redis at {url}: {err}")
        pytest.skip(f"no Redis at {url}")
    prefix = f"test-{secrets.token_hex(4)}"
    workers = [limited_app(migrated(database_url), REDIS_URL=url,
                           RATELIMIT_KEY_PREFIX=prefix).test_client() for _ in range(2)]
    statuses = [workers[n % 2].get("/v1/rulesets").status_code for n in range(6)]
    assert statuses == [200] * 5 + [429]


def test_a_count_is_kept_under_the_key_the_limits_library_reads(database_url):
    # Workers of older code (Flask-Limiter, then limits' own hit()) share the counters
    # in Redis: a client's requests must land on the key they count under.
    from limits import parse
    from limits.strategies import FixedWindowRateLimiter

    app = limited_app(migrated(database_url), REDIS_URL="")  # the key is the same in memory
    client = app.test_client()
    assert [client.get("/v1/rulesets").status_code for _ in range(2)] == [200, 200]
    limits = app.extensions["referee.limits"]
    stats = FixedWindowRateLimiter(limits.memory.storage).get_window_stats(
        parse("5 per hour"), limits.prefix, "127.0.0.1", "rulesets.list_rulesets")
    assert stats.remaining == 3


def test_while_redis_is_away_the_limits_are_counted_in_memory(database_url):
    # Nothing listens on port 1: every Redis call is refused at once.
    client = limited_app(migrated(database_url),
                         REDIS_URL="redis://127.0.0.1:1/0").test_client()
    statuses = [client.get("/v1/rulesets").status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    assert client.get("/v1/health").status_code == 200


def test_a_database_that_does_not_answer_is_a_503_and_not_ready(tmp_path):
    directory = tmp_path / "gone"
    client = create_app({"DATABASE_URL": f"sqlite:///{directory}/referee.db",
                         "RATE_LIMITS": "off"}).test_client()
    directory.rmdir()  # the app opened nothing: its directory can go away under it
    assert client.get("/v1/health").status_code == 200
    for path in ("/v1/ready", "/v1/tables/abcdefghijklmnop", "/v1/rulesets/house-x"):
        response = client.get(path)
        body = problem(response, 503)
        assert body["type"] == "/docs#problem-database-unavailable"
        assert int(response.headers["Retry-After"]) > 0


def test_a_database_without_its_schema_is_not_ready(tmp_path):
    client = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'empty.db'}",
                         "RATE_LIMITS": "off"}).test_client()
    problem(client.get("/v1/ready"), 503)


def test_the_rule_book_lists_a_page_of_rulesets_and_links_the_next(client, monkeypatch):
    from referee.service import catalog

    monkeypatch.setattr(catalog, "SUMMARY_PAGE", 2)
    first = client.get("/?lang=hi&ruleset=classic").get_data(as_text=True)
    # Five options are the languages; two rulesets, and the chosen one from a later page.
    assert first.count("<option") == 5 + 2 + 1 and 'value="classic"' in first
    assert "और नियमावलियाँ" in first and "after=" in first
