"""An event's pages wait for what they show to change (`?wait=S&version=V`), on one
instance: a phone's move at one of the event's tables wakes the organiser's wait at
once; the standings' wait sleeps through moves that change no standing and wakes when
a table's game ends; an event action wakes both. Each answer carries the server's
`now` and each round its clock (seated at, time limit, time up at). The same waits
across two instances: test_api_long_poll.py."""
import threading
import time
from datetime import datetime, timedelta

import pytest

from apitest import bearer, problem, unique_id
from event_support import SimulatedTable, create_event, publish_house

PLAYERS = ["Asha", "Bina", "Chirag", "Devika"]
WAKES_WITHIN = 1.0  # seconds from the move to the waiting answer


def waiting(client, path):
    """A GET in a thread; (thread, result) with the answer and when it came."""
    result = {}

    def run():
        response = client.get(path)
        result.update(status=response.status_code, body=response.get_json(),
                      headers=dict(response.headers), at=time.monotonic())
    thread = threading.Thread(target=run)
    thread.start()
    return thread, result


def steps(count):
    """`until` for SimulatedTable.play: after `count` more simulated steps."""
    left = [count]

    def until(sim):
        left[0] -= 1
        return left[0] < 0
    return until


@pytest.fixture
def evening(app, client, organiser):
    """(event id, organiser token, the event's one table, opened and dealt)."""
    _, token = organiser
    house = unique_id("waits")
    publish_house(client, token, house, target=1)  # the first hand scored ends the game
    made = create_event(client, token, name="Waiting", ruleset=house, players=PLAYERS,
                        format={"type": "heats", "rounds": 1, "time_limit_minutes": 15})
    assert client.post(f"/v1/events/{made['id']}/rounds", headers=bearer(token)).status_code == 201
    rules = app.extensions["referee"].catalog.rules_for(house, 1)
    table = SimulatedTable(client, rules, len(PLAYERS), seed=5)
    table.open(made["id"], 1, 1, token)
    return made["id"], token, table


def test_a_phones_move_wakes_the_organisers_wait_and_only_a_games_end_wakes_the_standings(client, evening):
    event_id, token, table = evening
    organiser_path, standings_path = f"/v1/events/{event_id}", f"/v1/events/{event_id}/standings"
    seen = client.get(organiser_path).get_json()["version"]
    standing = client.get(standings_path).get_json()["version"]
    organisers, organiser_answer = waiting(client, f"{organiser_path}?wait=10&version={seen}")
    projectors, projector_answer = waiting(client, f"{standings_path}?wait=10&version={standing}")
    time.sleep(0.5)
    assert not organiser_answer and not projector_answer, "both wait"

    moved = time.monotonic()
    table.play(until=steps(1))  # one move of the simulated phone
    organisers.join(timeout=12)
    assert organiser_answer["status"] == 200
    assert organiser_answer["at"] - moved < WAKES_WITHIN, organiser_answer["at"] - moved
    woken = organiser_answer["body"]
    assert woken["version"] != seen and woken["rounds"][0]["tables"][0]["seq"] == table.seq

    # Moves that end no game leave the standings as they were: their wait goes on.
    table.play(until=lambda sim: sim.state.phase == "round-over")
    time.sleep(0.3)
    assert not projector_answer, "no standing changed"
    ended = time.monotonic()
    table.play()  # the score: the game is over (target 1)
    projectors.join(timeout=12)
    assert projector_answer["status"] == 200
    assert projector_answer["at"] - ended < WAKES_WITHIN, projector_answer["at"] - ended
    standings = projector_answer["body"]
    assert standings["version"] != standing and standings["playing"] == []
    assert sum(s["wins"] for s in standings["standings"]) == 1


def test_an_event_action_wakes_both_pages(client, evening):
    event_id, token, _ = evening
    waits = []
    for path in (f"/v1/events/{event_id}", f"/v1/events/{event_id}/standings"):
        seen = client.get(path).get_json()["version"]
        waits.append((seen, *waiting(client, f"{path}?wait=10&version={seen}")))
    time.sleep(0.5)
    acted = time.monotonic()
    assert client.post(f"/v1/events/{event_id}/captains", json={"name": "Captains"},
                       headers=bearer(token)).status_code == 201
    for seen, thread, result in waits:
        thread.join(timeout=12)
        assert result["at"] - acted < WAKES_WITHIN
        assert result["body"]["version"] != seen and result["body"]["seq"] == 4


def test_a_wait_with_nothing_new_answers_as_it_was_with_the_servers_new_now(client, evening):
    event_id, _, _ = evening
    first = client.get(f"/v1/events/{event_id}/standings").get_json()
    started = time.monotonic()
    again = client.get(f"/v1/events/{event_id}/standings?wait=0.6&version={first['version']}")
    assert 0.6 <= time.monotonic() - started < 2.0
    body = again.get_json()
    assert body["version"] == first["version"] and body["standings"] == first["standings"]
    assert datetime.fromisoformat(body["now"]) - datetime.fromisoformat(first["now"]) >= timedelta(seconds=0.6)


def test_a_version_the_page_does_not_have_is_answered_at_once(client, evening):
    event_id, _, _ = evening
    for path in (f"/v1/events/{event_id}", f"/v1/events/{event_id}/standings"):
        started = time.monotonic()
        body = client.get(f"{path}?wait=20&version=0000").get_json()
        assert time.monotonic() - started < 1.0 and body["version"] != "0000"
        assert client.get(f"{path}?wait=20").status_code == 200  # no version: at once too


@pytest.mark.parametrize("query", ["wait=26", "wait=soon", "version=%E0%A5%A7", "version=" + "a" * 65,
                                   "version=ab-cd"])
def test_a_bad_wait_or_version_is_400(client, evening, query):
    event_id, _, _ = evening
    for path in (f"/v1/events/{event_id}", f"/v1/events/{event_id}/standings"):
        body = problem(client.get(f"{path}?{query}"), 400)
        assert body["errors"][0]["path"] == query.split("=")[0]


def test_each_round_carries_its_clock_and_each_answer_the_servers_now(client, evening):
    event_id, token, _ = evening
    before = datetime.now().astimezone()
    event = client.get(f"/v1/events/{event_id}").get_json()
    standings = client.get(f"/v1/events/{event_id}/standings").get_json()
    round_one = event["rounds"][0]
    seated_at = datetime.fromisoformat(round_one["started_at"])
    log = client.get(f"/v1/events/{event_id}/log").get_json()["entries"]
    seated = next(e for e in log if e["type"] == "seated")
    assert abs(datetime.fromisoformat(seated["recorded_at"]) - seated_at) < timedelta(milliseconds=1)
    assert round_one["time_limit_minutes"] == 15
    assert datetime.fromisoformat(round_one["ends_at"]) - seated_at == timedelta(minutes=15)
    assert abs(datetime.fromisoformat(event["now"]) - before) < timedelta(seconds=5)
    assert standings["current_round"] == {key: round_one[key] for key in (
        "number", "kind", "status", "started_at", "time_limit_minutes", "ends_at")}


def test_a_round_without_a_time_limit_has_no_end(client, organiser):
    _, token = organiser
    made = create_event(client, token, name="Open-ended", ruleset="classic", players=PLAYERS,
                        format={"type": "heats", "rounds": 1})
    assert client.get(f"/v1/events/{made['id']}/standings").get_json()["current_round"] is None
    seated = client.post(f"/v1/events/{made['id']}/rounds", headers=bearer(token)).get_json()
    assert seated["time_limit_minutes"] is None and seated["ends_at"] is None
    assert client.get(f"/v1/events/{made['id']}/standings").get_json()["current_round"]["ends_at"] is None


def test_when_every_waiting_place_is_taken_an_event_wait_is_answered_at_once(database_url):
    from referee.api import create_app
    from referee.store.testing import migrated

    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True,
                      "RATE_LIMITS": "off", "LONG_POLLS": 1})
    client = app.test_client()
    token = app.extensions["referee"].store.create_token(unique_id("org"))
    made = create_event(client, token, name="Full", ruleset="classic", players=PLAYERS,
                        format={"type": "heats", "rounds": 1})
    path = f"/v1/events/{made['id']}/standings"
    seen = client.get(path).get_json()["version"]
    thread, result = waiting(client, f"{path}?wait=3&version={seen}")
    time.sleep(0.3)
    started = time.monotonic()
    response = client.get(f"{path}?wait=3&version={seen}")
    assert time.monotonic() - started < 1.0
    assert response.status_code == 200 and response.headers["Retry-After"] == "1"
    thread.join(timeout=5)
    assert result["status"] == 200 and "Retry-After" not in result["headers"]
    app.extensions["referee"].store.dispose()
