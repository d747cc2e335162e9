"""Two organisers start the same round at the same moment: one round, one seating,
one log entry, and the other hears 409 round-already-started; 50 times over. On
SQLite writers queue on the file's write lock; on PostgreSQL the event's row is
locked (SELECT ... FOR UPDATE) and the rounds' primary key backs it up."""
import secrets
import threading

import pytest
from flask.testing import FlaskClient

from apitest import bearer
from referee.api import create_app
from referee.store.testing import migrated, postgres_url_from_env, scratch_database

TRIES = 50
PLAYERS = [f"Player {n}" for n in range(12)]


def starts_at_once(app, token, event_id):
    barrier = threading.Barrier(2)
    answers = []

    def start():
        client = FlaskClient(app, app.response_class)
        barrier.wait()
        response = client.post(f"/v1/events/{event_id}/rounds", json={"round": 1},
                               headers=bearer(token))
        answers.append((response.status_code, response.get_json()))
    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def one_round_each_time(app):
    store = app.extensions["referee"].store
    token = store.create_token(f"racer-{secrets.token_hex(4)}")
    client = FlaskClient(app, app.response_class)
    for attempt in range(TRIES):
        created = client.post("/v1/events", headers=bearer(token), json={
            "name": f"Race {attempt}", "ruleset": "classic", "players": PLAYERS,
            "format": {"type": "heats", "rounds": 2}})
        assert created.status_code == 201, created.get_json()
        event_id = created.get_json()["id"]
        answers = starts_at_once(app, token, event_id)
        statuses = sorted(status for status, _ in answers)
        assert statuses == [201, 409], (attempt, answers)
        refused = next(body for status, body in answers if status == 409)
        assert refused["type"] == "/docs#problem-round-already-started"
        rounds = store.event_rounds(event_id)
        assert [r.number for r in rounds] == [1] and len(rounds[0].tables) == 3
        log = [e.entry["type"] for e in store.event_log(event_id)]
        assert log == ["created", "seated"], (attempt, log)


def test_two_organisers_starting_the_same_round_get_one_round(app):
    one_round_each_time(app)


@pytest.fixture(scope="module")
def postgresql_app(tmp_path_factory):
    if postgres_url_from_env() is None:
        pytest.skip("DATABASE_URL does not name PostgreSQL: the row-lock race needs a "
                    "PostgreSQL server (set DATABASE_URL=postgresql://...)")
    with scratch_database("postgresql", tmp_path_factory.mktemp("race")) as url:
        app = create_app({"DATABASE_URL": migrated(url), "TESTING": True, "RATE_LIMITS": "off"})
        yield app
        app.extensions["referee"].store.dispose()


def test_on_postgresql_two_concurrent_starts_give_one_round_50_times(postgresql_app):
    one_round_each_time(postgresql_app)
