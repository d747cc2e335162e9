"""A whole evening of UNO run as an event, over HTTP, from the organiser's first call to
the results' export: 16 players, 3 rounds of heats on a house ruleset pinned to its
first version, every table played by its phone from a real shuffled deck, a swap
before a round, one correction at a table after its round closed, time called on the
last round of heats, a final table of the top 4. The standings must equal what a
count of the tables' own logs gives, and say which table's correction changed them."""
import csv
import io

from apitest import bearer, problem, unique_id
from event_support import SimulatedTable, create_event, publish_house, table_log

PLAYERS = ["Asha", "Bina", "Chirag", "Devika", "Esha", "Farhan", "Gita", "Hari", "Indu",
           "Jai", "Kavya", "Lalit", "Mira", "Nikhil", "Om", "Priya"]
POINTS = {"2": [2, 0], "3": [4, 2, 1], "4": [5, 3, 2, 1], "5": [6, 4, 3, 2, 1]}
TIME_AFTER = 40  # moves a table of the time-called round plays before time is called


def test_a_whole_evening_is_run_as_an_event_and_its_standings_are_the_logs(app, client, organiser):
    _, token = organiser
    house = unique_id("evening")
    publish_house(client, token, house, target=100)
    event = create_event(client, token, name="Friday heats", ruleset=house, players=PLAYERS,
                         seed=2026, format={"type": "heats", "rounds": 3, "final": {"top": 4}},
                         scoring={"type": "placement", "points": POINTS})
    assert event["ruleset"] == {"id": house, "version": 1}
    publish_house(client, token, house, target=300)  # v2, mid-evening: the event keeps v1
    captain = client.post(f"/v1/events/{event['id']}/captains", json={"name": "Table captains"},
                          headers=bearer(token)).get_json()["token"]
    rules = app.extensions["referee"].catalog.rules_for(house, 1)
    tables = {}

    def play_round(number, until=None):
        seated = client.post(f"/v1/events/{event['id']}/rounds", json={"round": number},
                             headers=bearer(token))
        assert seated.status_code == 201, seated.get_json()
        round_json = seated.get_json()
        if number == 2:  # the organiser swaps two players before the tables open
            first, second = round_json["tables"][0]["players"][0], round_json["tables"][1]["players"][0]
            swapped = client.post(f"/v1/events/{event['id']}/rounds/2/swap",
                                  json={"players": [first, second]}, headers=bearer(token))
            assert swapped.status_code == 200, swapped.get_json()
            round_json = swapped.get_json()
            assert round_json["tables"][0]["players"][0] == second
        for seat in round_json["tables"]:
            table = SimulatedTable(client, rules, len(seat["players"]), seed=number * 10 + seat["number"])
            opened = table.open(event["id"], number, seat["number"], captain)
            assert opened["ruleset"] == {"id": house, "version": 1}
            assert opened["state"]["players"] == seat["players"]
            table.play(until(seat["number"])) if until else table.play()
            tables[(number, seat["number"])] = table
        return round_json

    for number in (1, 2):
        play_round(number)
        closed = client.post(f"/v1/events/{event['id']}/rounds/{number}/close", headers=bearer(token))
        assert closed.status_code == 200, closed.get_json()

    corrected = correct_the_last_score(client, tables[(1, 1)])

    def stop_at_time(table_number):
        if table_number == 4:  # this table's game ends before time is called
            return lambda sim: sim.state.phase == "game-over"
        return lambda sim: sim.state.phase == "game-over" or (
            sim.stats.moves >= TIME_AFTER and sim.state.phase == "play" and sim.state.pending is None)
    play_round(3, until=stop_at_time)
    counts = {t.table_id: {"hands": t.hands()} for (n, _), t in tables.items()
              if n == 3 and t.sim.state.phase == "play"}
    assert counts, "time must find tables still playing"
    timed = client.post(f"/v1/events/{event['id']}/rounds/3/time", json={"counts": counts},
                        headers=bearer(token))
    assert timed.status_code == 200, timed.get_json()
    assert {e["table_id"] for e in timed.get_json()["ended"] if e["ended"]} == set(counts)
    for table_id in counts:
        state = client.get(f"/v1/tables/{table_id}").get_json()["state"]
        assert state["phase"] in ("round-over", "game-over") and state["scores"] != [0] * 4
        log = table_log(client, table_id)
        assert log[-1]["move"]["type"] == "score" and log[-1]["verdict"]["legal"]
    a_timed_table = tables[next((n, k) for (n, k), t in tables.items() if t.table_id in counts)]
    refused = client.post(f"/v1/tables/{a_timed_table.table_id}/moves",
                          json={"move": {"type": "deal", "first_card": "red-3"}},
                          headers=bearer(a_timed_table.secret))
    assert problem(refused, 409)["type"].endswith("time-called")
    assert client.post(f"/v1/events/{event['id']}/rounds/3/close", headers=bearer(token)).status_code == 200

    heats = client.get(f"/v1/events/{event['id']}/standings").get_json()
    top4 = [entry["player"] for entry in heats["standings"][:4]]
    final = play_round(4)
    assert final["kind"] == "final" and final["tables"][0]["players"] == top4
    assert client.post(f"/v1/events/{event['id']}/rounds/4/close", headers=bearer(token)).status_code == 200
    assert problem(client.post(f"/v1/events/{event['id']}/rounds", headers=bearer(token)), 409)[
        "type"].endswith("event-over")

    page = client.get(f"/v1/events/{event['id']}").get_json()
    standings = client.get(f"/v1/events/{event['id']}/standings").get_json()
    assert_standings_are_the_logs(client, page, standings)
    assert_the_correction_is_named(standings, tables[(1, 1)], corrected)
    assert_the_final_decides_the_top(standings, tables[(4, 1)], top4)
    assert_every_action_is_logged(client, event["id"])
    assert_the_exports_parse(client, event["id"], standings)
    assert all(t["seq"] and t["phase"] for r in page["rounds"] for t in r["tables"])


def correct_the_last_score(client, table):
    """At a table whose round is closed: take back the game's last score and score it
    again, the cards left counted otherwise (a Wild was counted as a number card)."""
    log = table_log(client, table.table_id)
    score = next(e for e in reversed(log) if e["move"]["type"] == "score" and e["verdict"]["legal"])
    hands = [list(hand) for hand in score["move"]["hands"]]
    loser = next(seat for seat, hand in enumerate(hands) if hand)
    hands[loser][0] = "wild"
    undone = table.send({"type": "correct", "takes_back": score["seq"], "reason": "a Wild was miscounted"})
    assert undone["code"] == "corrected", undone
    again = table.send({"type": "score", "hands": hands})
    assert again["legal"], again
    return {"correction": undone["seq"], "score": score["seq"], "rescored": again["seq"]}


def places(state):
    over = state["phase"] == "game-over"

    def key(seat):
        return (over and seat != state["winner"], -state["scores"][seat], state["hand_counts"][seat])
    return [1 + sum(key(o) < key(s) for o in range(len(state["players"]))) for s in range(len(state["players"]))]


def assert_standings_are_the_logs(client, page, standings):
    """A hand count of every heat table's log: its last entry's state (the state the
    log comes to), places by score then cards left, the event's placement points."""
    counted = {name: {"score": 0, "wins": 0, "points": 0, "cards_left": 0} for name in PLAYERS}
    for event_round in page["rounds"]:
        if event_round["kind"] != "heat":
            continue
        for table in event_round["tables"]:
            state = table_log(client, table["table_id"])[-1]["verdict"]["state"]
            for seat, place in enumerate(places(state)):
                mine = counted[state["players"][seat]]
                mine["score"] += POINTS[str(len(state["players"]))][place - 1]
                mine["wins"] += place == 1
                mine["points"] += state["scores"][seat]
                mine["cards_left"] += state["hand_counts"][seat]
    order = sorted(PLAYERS, key=lambda n: (-counted[n]["score"], -counted[n]["wins"],
                                           -counted[n]["points"], counted[n]["cards_left"], n))
    assert [s["player"] for s in standings["standings"]] == order
    for entry in standings["standings"]:
        assert {k: entry[k] for k in counted[entry["player"]]} == counted[entry["player"]]
        assert len(entry["tables"]) == 3 and all(t["seq"] >= 1 for t in entry["tables"])
    assert standings["playing"] == []


def assert_the_correction_is_named(standings, table, corrected):
    change = next(c for c in standings["changes"] if c["table_id"] == table.table_id)
    assert change["round"] == 1 and change["closed"]["seq"] == corrected["score"]
    assert change["now"]["seq"] == corrected["rescored"]
    assert change["corrections"] == [corrected["correction"]]
    assert change["now"]["scores"] != change["closed"]["scores"]
    assert [c["table_id"] for c in standings["changes"]] == [table.table_id]


def assert_the_final_decides_the_top(standings, final_table, top4):
    assert standings["final"]["table_id"] == final_table.table_id
    final_places = standings["final"]["places"]
    winners = [standings["final"]["players"][seat] for seat, place in enumerate(final_places) if place == 1]
    assert standings["places"][0]["player"] in winners
    assert {p["player"] for p in standings["places"][:4]} == set(top4)
    assert [p["place"] for p in standings["places"]] == list(range(1, 17))


def assert_every_action_is_logged(client, event_id):
    entries = client.get(f"/v1/events/{event_id}/log").get_json()["entries"]
    types = [e["type"] for e in entries]
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    assert types[0] == "created" and types.count("seated") == 4 and types.count("swapped") == 1
    assert types.count("table-opened") == 13 and types.count("time-called") == 1
    assert types.count("round-closed") == 4 and types.count("captain-added") == 1


def assert_the_exports_parse(client, event_id, standings):
    exported = client.get(f"/v1/events/{event_id}/export.csv")
    assert exported.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(exported.get_data(as_text=True))))
    assert [row["player"] for row in rows] == [s["player"] for s in standings["standings"]]
    assert [int(row["score"]) for row in rows] == [s["score"] for s in standings["standings"]]
    assert sum(bool(row["final_place"]) for row in rows) == 4
    body = client.get(f"/v1/events/{event_id}/export.json").get_json()
    assert body["standings"] == standings["standings"] and len(body["rounds"]) == 4
