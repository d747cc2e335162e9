"""Events over HTTP: what an organiser, a table captain and a passer-by can do, and
the problem each bad request gets (a code, the request's language, nothing recorded)."""
import random

import pytest

from apitest import bearer, problem, unique_id
from event_support import SimulatedTable, create_event, publish_house
from referee.service import seating

PLAYERS = [f"Player {n}" for n in range(10)]
HEATS = {"type": "heats", "rounds": 2}


@pytest.fixture
def event(client, organiser):
    _, token = organiser
    return create_event(client, token, name="Tuesday", ruleset="classic", players=PLAYERS,
                        format=HEATS), token


def start(client, event_id, token, **body):
    return client.post(f"/v1/events/{event_id}/rounds", json=body, headers=bearer(token))


def captain_of(client, event_id, token):
    response = client.post(f"/v1/events/{event_id}/captains", json={"name": "Captain"},
                           headers=bearer(token))
    assert response.status_code == 201, response.get_json()
    return response.get_json()["token"]


def test_an_event_pins_the_latest_version_and_keeps_it(client, organiser):
    _, token = organiser
    house = unique_id("pinned")
    publish_house(client, token, house, target=150)
    publish_house(client, token, house, target=200)
    made = create_event(client, token, name="Pinned", ruleset=house, players=PLAYERS, format=HEATS)
    assert made["ruleset"] == {"id": house, "version": 2}
    publish_house(client, token, house, target=250)
    seated = start(client, made["id"], token).get_json()
    opened = client.post(f"/v1/events/{made['id']}/rounds/1/tables/1",
                         json={"dealer": 0, "first_card": "red-7"}, headers=bearer(token))
    assert opened.get_json()["ruleset"] == {"id": house, "version": 2}
    table = client.get(f"/v1/tables/{opened.get_json()['id']}").get_json()
    assert table["ruleset"] == {"id": house, "version": 2}
    assert table["state"]["players"] == seated["tables"][0]["players"]


def test_a_round_seats_everyone_once_at_tables_of_three_and_four_with_codes(client, event):
    made, token = event
    seated = start(client, made["id"], token)
    assert seated.status_code == 201
    tables = seated.get_json()["tables"]
    assert sorted(len(t["players"]) for t in tables) == [3, 3, 4]
    assert sorted(p for t in tables for p in t["players"]) == sorted(PLAYERS)
    assert all(len(t["join_code"]) == 9 and t["table_id"] is None for t in tables)
    public = client.get(f"/v1/events/{made['id']}").get_json()
    assert "join_code" not in public["rounds"][0]["tables"][0]
    private = client.get(f"/v1/events/{made['id']}", headers=bearer(token)).get_json()
    assert private["rounds"][0]["tables"][0]["join_code"] == tables[0]["join_code"]


def test_the_join_code_of_an_opened_table_joins_its_phones(client, event):
    made, token = event
    code = start(client, made["id"], token).get_json()["tables"][0]["join_code"]
    opened = client.post(f"/v1/events/{made['id']}/rounds/1/tables/1",
                         json={"dealer": 0, "first_card": "red-7"}, headers=bearer(token)).get_json()
    joined = client.post("/v1/tables/join", json={"code": code, "seat": 1})
    assert joined.status_code == 200 and joined.get_json()["id"] == opened["id"]


def test_the_same_seed_seats_the_same_way(client, organiser):
    _, token = organiser
    draws = []
    for _ in range(2):
        made = create_event(client, token, name="Seeded", ruleset="classic", players=PLAYERS,
                            format=HEATS, seed=77)
        draws.append([t["players"] for t in start(client, made["id"], token).get_json()["tables"]])
    assert draws[0] == draws[1]
    other = create_event(client, token, name="Seeded", ruleset="classic", players=PLAYERS,
                         format=HEATS, seed=78)
    assert [t["players"] for t in start(client, other["id"], token).get_json()["tables"]] != draws[0]


def test_a_round_started_twice_is_refused_and_seats_nobody_again(client, event):
    made, token = event
    assert start(client, made["id"], token).status_code == 201
    again = problem(start(client, made["id"], token, round=1), 409)
    assert again["type"] == "/docs#problem-round-already-started" and again["round"] == 1
    assert problem(start(client, made["id"], token), 409)["type"].endswith("round-already-started")
    log = client.get(f"/v1/events/{made['id']}/log").get_json()["entries"]
    assert [e["type"] for e in log] == ["created", "seated"]


def test_a_swap_with_an_unknown_player_is_refused_in_the_organisers_language(client, event):
    made, token = event
    start(client, made["id"], token)
    refused = problem(client.post(f"/v1/events/{made['id']}/rounds/1/swap?lang=hi",
                                  json={"players": ["Player 1", "Zoya"]}, headers=bearer(token)), 422)
    assert refused["type"].endswith("unknown-player") and refused["player"] == "Zoya"
    assert refused["detail"] == "Zoya इस राउंड का खिलाड़ी नहीं है।"


def test_an_events_action_without_a_token_or_with_a_wrong_one_says_so_in_the_organisers_language(client, event):
    """The organiser's page shows the API's detail as it is: a missing or mistyped token
    is told in Hindi when Hindi is asked, like the workshop's."""
    made, _ = event
    missing = problem(client.post(f"/v1/events/{made['id']}/rounds?lang=hi"), 401)
    assert "Authorization: Bearer <token>" in missing["detail"] and "टोकन" in missing["detail"]
    wrong = problem(client.post(f"/v1/events/{made['id']}/rounds/1/close?lang=hi",
                                headers=bearer("not-a-token")), 401)
    assert wrong["detail"] == "यह आयोजक टोकन पहचाना नहीं गया या रद्द हो चुका है; इसे फिर से जाँचें, या नया टोकन माँगें।"


def test_players_cannot_be_swapped_once_their_table_has_moved(client, event):
    made, token = event
    tables = start(client, made["id"], token).get_json()["tables"]
    opened = client.post(f"/v1/events/{made['id']}/rounds/1/tables/1",
                         json={"dealer": 0, "first_card": "red-7"}, headers=bearer(token)).get_json()
    one, other = tables[0]["players"][0], tables[1]["players"][0]
    swapped = client.post(f"/v1/events/{made['id']}/rounds/1/swap", json={"players": [one, other]},
                          headers=bearer(token))
    assert swapped.status_code == 200  # opened, no move yet: the table takes the new names
    assert client.get(f"/v1/tables/{opened['id']}").get_json()["state"]["players"][0] == other
    client.post(f"/v1/tables/{opened['id']}/moves", headers=bearer(opened["secret"]),
                json={"move": {"type": "draw", "player": 1}})
    refused = problem(client.post(f"/v1/events/{made['id']}/rounds/1/swap",
                                  json={"players": [one, other]}, headers=bearer(token)), 409)
    assert refused["type"].endswith("table-has-moves") and refused["table"] == 1


def test_a_round_still_playing_cannot_be_closed_and_time_on_a_closed_round_is_refused(app, client, event):
    made, token = event
    start(client, made["id"], token)
    rules = app.extensions["referee"].catalog.rules_for("classic", 1)
    sizes = [len(t["players"]) for t in client.get(f"/v1/events/{made['id']}").get_json()["rounds"][0]["tables"]]
    tables = []
    for number, size in enumerate(sizes, 1):
        table = SimulatedTable(client, rules, size, seed=number)
        table.open(made["id"], 1, number, token)
        tables.append(table)
    refused = problem(client.post(f"/v1/events/{made['id']}/rounds/1/close", headers=bearer(token)), 409)
    assert refused["type"].endswith("round-still-playing") and refused["tables"] == [1, 2, 3]
    no_counts = problem(client.post(f"/v1/events/{made['id']}/rounds/1/time", json={},
                                    headers=bearer(token)), 422)
    assert no_counts["type"].endswith("table-not-counted")
    wrong = {t.table_id: {"hands": [hand[:-1] for hand in t.hands()]} for t in tables}
    assert problem(client.post(f"/v1/events/{made['id']}/rounds/1/time", json={"counts": wrong},
                               headers=bearer(token)), 422)["type"].endswith("count-disagrees")
    too_many = {t.table_id: {"points": [999] * len(t.hands())} for t in tables}
    over = problem(client.post(f"/v1/events/{made['id']}/rounds/1/time", json={"counts": too_many},
                               headers=bearer(token)), 422)
    assert over["type"].endswith("points-over-hand") and over["points"] == 999
    counts = {t.table_id: {"hands": t.hands()} for t in tables}
    timed = client.post(f"/v1/events/{made['id']}/rounds/1/time", json={"counts": counts},
                        headers=bearer(token))
    assert timed.status_code == 200 and all(e["ended"] for e in timed.get_json()["ended"])
    assert client.post(f"/v1/events/{made['id']}/rounds/1/close", headers=bearer(token)).status_code == 200
    late = problem(client.post(f"/v1/events/{made['id']}/rounds/1/time", json={"counts": counts},
                               headers=bearer(token)), 409)
    assert late["type"].endswith("round-closed") and late["round"] == 1


def test_standings_follow_a_table_the_moment_its_game_ends(app, client, organiser):
    _, token = organiser
    house = unique_id("quick")
    publish_house(client, token, house, target=60)
    made = create_event(client, token, name="Live", ruleset=house, players=PLAYERS[:4],
                        format={"type": "heats", "rounds": 1})
    start(client, made["id"], token)
    table = SimulatedTable(client, app.extensions["referee"].catalog.rules_for(house, 1), 4, seed=5)
    table.open(made["id"], 1, 1, token)
    before = client.get(f"/v1/events/{made['id']}/standings").get_json()
    assert before["playing"][0]["table_id"] == table.table_id and before["tables"] == []
    table.play()
    after = client.get(f"/v1/events/{made['id']}/standings").get_json()
    assert after["playing"] == [] and after["tables"][0]["seq"] == table.seq
    assert after["standings"][0]["score"] == 5 and after["standings"][0]["wins"] == 1
    entry = after["standings"][0]["tables"][0]
    assert entry["table_id"] == table.table_id and entry["seq"] == table.seq


def test_a_captain_plays_its_events_tables_and_nothing_else(client, event, organiser):
    made, token = event
    captain = captain_of(client, made["id"], token)
    start(client, made["id"], token)
    opened = client.post(f"/v1/events/{made['id']}/rounds/1/tables/1",
                         json={"dealer": 0, "first_card": "red-7"}, headers=bearer(captain))
    assert opened.status_code == 201
    table_id = opened.get_json()["id"]
    moved = client.post(f"/v1/tables/{table_id}/moves", headers=bearer(captain),
                        json={"move": {"type": "draw", "player": 1}})
    assert moved.status_code == 200, moved.get_json()
    for refused in (
            client.post("/v1/rulesets", data="id: captains-own\nextends: classic\n",
                        headers={**bearer(captain), "Content-Type": "application/yaml"}),
            client.post("/v1/events", json={"name": "Mine", "ruleset": "classic",
                                            "players": PLAYERS, "format": HEATS},
                        headers=bearer(captain)),
            client.get("/v1/tables", headers=bearer(captain)),
            client.post(f"/v1/events/{made['id']}/rounds/1/close", headers=bearer(captain))):
        assert problem(refused, 403)["type"] == "/docs#problem-captain-token"
    other = create_event(client, token, name="Other", ruleset="classic", players=PLAYERS, format=HEATS)
    start(client, other["id"], token)
    elsewhere = client.post(f"/v1/events/{other['id']}/rounds/1/tables/1",
                            json={"dealer": 0, "first_card": "red-7"}, headers=bearer(captain))
    assert problem(elsewhere, 403)["type"] == "/docs#problem-other-event"
    other_table = client.post(f"/v1/events/{other['id']}/rounds/1/tables/1",
                              json={"dealer": 0, "first_card": "red-7"}, headers=bearer(token)).get_json()
    move = client.post(f"/v1/tables/{other_table['id']}/moves", headers=bearer(captain),
                       json={"move": {"type": "draw", "player": 1}})
    assert problem(move, 403)["type"] == "/docs#problem-other-event"
    lone = client.post("/v1/tables", json={"ruleset": "classic", "players": ["A", "B"], "dealer": 0,
                                           "first_card": "red-7"}).get_json()
    assert problem(client.post(f"/v1/tables/{lone['id']}/moves", headers=bearer(captain),
                               json={"move": {"type": "draw", "player": 1}}), 403)


def test_another_organiser_cannot_run_the_event(app, client, event):
    made, _ = event
    stranger = app.extensions["referee"].store.create_token(unique_id("stranger"))
    assert problem(start(client, made["id"], stranger), 403)["type"].endswith("not-your-event")
    assert problem(start(client, made["id"], "nonsense"), 401)


def test_a_format_that_cannot_seat_the_players_is_refused_at_its_line(client, organiser):
    _, token = organiser
    text = ("name: Fours only\nruleset: classic\nplayers: [A, B, C, D, E, F]\n"
            "format:\n  type: heats\n  rounds: 2\n  table_sizes: [4]\n  forced_sizes: []\n")
    refused = problem(client.post("/v1/events", data=text, headers={
        **bearer(token), "Content-Type": "application/yaml"}), 422)
    assert refused["type"] == "/docs#problem-invalid-event"
    [error] = refused["errors"]
    assert error["code"] == "event-cannot-seat" and error["path"] == "/players" and error["line"] == 3


def test_an_event_documents_problems_carry_codes_pointers_and_lines(client, organiser):
    _, token = organiser
    text = ("name: Typos\nruleset: classic\nplayers: [Asha, asha, Bina]\n"
            "format:\n  type: heats\n  rounds: 0\n  finale: {top: 2}\n"
            "scoring: {type: placement, points: {'3': [3, 1]}}\n")
    refused = problem(client.post("/v1/events?lang=gu", data=text, headers={
        **bearer(token), "Content-Type": "application/yaml"}), 422)
    codes = {(e["code"], e["path"], e.get("line")) for e in refused["errors"]}
    assert ("schema-minimum", "/format/rounds", 6) in codes
    assert ("event-unknown-key-suggest", "/format/finale", 7) in codes
    assert "ફાઇનલ" not in refused["detail"] and refused["errors"][0]["message"] != ""
    fixed = text.replace("rounds: 0", "rounds: 1").replace("finale", "final")
    refused = problem(client.post("/v1/events", data=fixed, headers={
        **bearer(token), "Content-Type": "application/yaml"}), 422)
    codes = {(e["code"], e["path"], e.get("line")) for e in refused["errors"]}
    assert ("event-player-twice", "/players/1", 3) in codes
    assert ("event-points-length", "/scoring/points/3", 8) in codes
    unknown = problem(client.post("/v1/events", headers=bearer(token), json={
        "name": "x", "ruleset": "no-such-rules", "players": PLAYERS, "format": HEATS}), 422)
    assert unknown["errors"][0]["code"] == "event-unknown-ruleset"


def test_the_event_schema_is_served_for_editors(client):
    schema = client.get("/v1/schema/event.json")
    assert schema.status_code == 200 and schema.get_json()["required"] == ["name", "ruleset", "players", "format"]


# --- seating --------------------------------------------------------------------------

def test_sizes_are_three_and_four_and_five_or_two_only_when_forced():
    for count in range(2, 60):
        sizes = seating.table_sizes(count, [4, 3], [5, 2])
        assert sum(sizes) == count
        if count >= 6 or count in (3, 4):
            assert set(sizes) <= {3, 4}, (count, sizes)
        else:
            assert sizes == [count], (count, sizes)
    with pytest.raises(seating.CannotSeat):
        seating.table_sizes(1, [4, 3], [5, 2])


def test_seating_meets_fewer_players_again_than_a_random_draw():
    players = [f"P{n}" for n in range(16)]
    sizes = seating.table_sizes(16, [4, 3], [5, 2])
    rounds, random_rounds, rng = [], [], random.Random(1)
    drawn_repeats = random_repeats = 0
    for number in range(1, 5):
        met = seating.met_pairs(rounds)
        tables = seating.draw(players, sizes, seed=9, round_number=number, met=met)
        drawn_repeats += seating.repeats(tables, met)
        rounds.append(tables)
        shuffled = players[:]
        rng.shuffle(shuffled)
        random_tables = [shuffled[i:i + 4] for i in range(0, 16, 4)]
        random_repeats += seating.repeats(random_tables, seating.met_pairs(random_rounds))
        random_rounds.append(random_tables)
    assert drawn_repeats < random_repeats
    assert seating.repeats(rounds[1], seating.met_pairs(rounds[:1])) == 0
    assert seating.draw(players, sizes, 9, 3, seating.met_pairs(rounds[:2])) == rounds[2]


def test_the_csv_export_keeps_a_name_that_looks_like_a_formula_as_text(client, organiser):
    _, token = organiser
    names = ["=SUM(A1:A9)", "Asha", "+Bina", "Chirag"]
    made = create_event(client, token, name="Export", ruleset="classic", players=names,
                        format={"type": "heats", "rounds": 1})
    exported = client.get(f"/v1/events/{made['id']}/export.csv")
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    rows = exported.get_data(as_text=True).splitlines()
    assert rows[0] == "place,player,score,wins,points,cards_left,tables,final_place"
    written = {row.split(",")[1] for row in rows[1:]}
    assert written == {"'=SUM(A1:A9)", "Asha", "'+Bina", "Chirag"}


def test_an_organiser_lists_their_own_events_newest_first(app, client, organiser):
    _, token = organiser
    first = create_event(client, token, name="First", ruleset="classic", players=PLAYERS, format=HEATS)
    second = create_event(client, token, name="Second", ruleset="classic", players=PLAYERS, format=HEATS)
    listed = client.get("/v1/events", headers=bearer(token)).get_json()["events"]
    assert [e["id"] for e in listed] == [second["id"], first["id"]]
    assert listed[0]["href"] == f"/v1/events/{second['id']}" and listed[0]["players"] == 10
    other = app.extensions["referee"].store.create_token(unique_id("other"))
    assert client.get("/v1/events", headers=bearer(other)).get_json()["events"] == []
    assert problem(client.get("/v1/events"), 401)


def test_game_points_scoring_ranks_players_by_the_points_their_table_gave(app, client, organiser):
    _, token = organiser
    house = unique_id("points")
    publish_house(client, token, house, target=60)
    made = create_event(client, token, name="Points", ruleset=house, players=PLAYERS[:3],
                        format={"type": "heats", "rounds": 1}, scoring={"type": "game-points"})
    start(client, made["id"], token)
    table = SimulatedTable(client, app.extensions["referee"].catalog.rules_for(house, 1), 3, seed=8)
    table.open(made["id"], 1, 1, token)
    table.play()
    state = client.get(f"/v1/tables/{table.table_id}").get_json()["state"]
    standings = client.get(f"/v1/events/{made['id']}/standings").get_json()["standings"]
    by_points = sorted(range(3), key=lambda seat: (-state["scores"][seat], state["hand_counts"][seat]))
    assert [s["player"] for s in standings][0] == state["players"][by_points[0]]
    assert {s["player"]: s["score"] for s in standings} == dict(zip(state["players"], state["scores"]))
    assert max(state["scores"]) >= 60
