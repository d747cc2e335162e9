"""Every problem path is a JSON Pointer (RFC 6901) into what the client sent, whichever
part found the problem: the ruleset loader, the engine or the API's body checks. A
client finds the offending value by following the pointer (issue 13, part 3)."""
import pytest
import yaml

from referee.engine import InputError, compile_rules, parse_move, parse_state
from referee.problem import InputProblem, pointer, tokens
from referee.rules import RulesetError, builtin_rulesets, load_ruleset

from apitest import problem

HOUSE = "id: h\ntitle: H\nextends: classic\n"


def follow(document, path):
    """The value a pointer names in a JSON document (KeyError/IndexError if none)."""
    value = document
    for token in tokens(path):
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


def test_a_pointer_escapes_slash_and_tilde_and_reads_back():
    assert pointer("cards", "a/b~c", 0) == "/cards/a~1b~0c/0"
    assert tokens("/cards/a~1b~0c/0") == ["cards", "a/b~c", "0"]
    assert pointer() == "" and tokens("") == []


@pytest.mark.parametrize("text, path, bad", [
    (HOUSE + "house:\n  no_going_out_on: [wild, bogus]\n", "/house/no_going_out_on/1", "bogus"),
    (HOUSE + "scoring:\n  target: lots\n", "/scoring/target", "lots"),
    (HOUSE + "cards:\n  a/b~c: {per_color: 1, score: 1}\n", "/cards/a~1b~0c", {"per_color": 1, "score": 1}),
])
def test_the_loader_points_at_the_value_in_the_ruleset(text, path, bad):
    with pytest.raises(RulesetError) as caught:
        load_ruleset(text)
    found = caught.value.problems
    assert all(isinstance(p, InputProblem) for p in found)
    assert path in [p.path for p in found]
    assert follow(yaml.safe_load(text), path) == bad


@pytest.mark.parametrize("move, path", [
    ({"type": "play", "player": 0, "cards": ["red-3", "red-99"]}, "/move/cards/1"),
    ({"type": "play", "player": 0, "card": "red-3", "a/b": 1}, "/move/a~1b"),
    ({"type": "score", "hands": [[], ["blue-1", "nope"], []]}, "/move/hands/1/1"),
    ({"type": "draw", "player": 9}, "/move/player"),
])
def test_the_engine_points_at_the_value_in_the_move(move, path):
    rules = compile_rules(builtin_rulesets()["classic"].data)
    with pytest.raises(InputError) as caught:
        parse_move(rules, move, 3)
    assert [p.path for p in caught.value.problems] == [path]
    assert all(isinstance(p, InputProblem) and p.code for p in caught.value.problems)
    follow({"move": move}, path)


STATE = {"players": ["Asha", "Bina", "Chirag"], "current": 0, "top": "red-5",
         "color": "red", "hand_counts": [3, 3, 3]}


@pytest.mark.parametrize("part, path", [
    ({"debts": [{"player": 0, "count": 1, "until_cards": False}, 7]}, "/state/debts/1"),
    ({"debts": [{"player": 9, "count": 1, "until_cards": False}]}, "/state/debts/0/player"),
    ({"uno": {"called": [], "catchable": ["Bina"]}}, "/state/uno/catchable"),
    ({"pending": "draw two"}, "/state/pending"),
    ({"pending": {"kind": "draw", "count": 2, "player": 1, "card": "red-99"}}, "/state/pending/card"),
])
def test_the_engine_points_at_the_value_in_a_nested_part_of_the_state(part, path):
    rules = compile_rules(builtin_rulesets()["classic"].data)
    state = {**STATE, **part}
    with pytest.raises(InputError) as caught:
        parse_state(rules, state)
    assert [p.path for p in caught.value.problems] == [path]
    follow({"state": state}, path)


@pytest.mark.parametrize("body, path", [
    ({"move": {"type": "play", "player": 1, "cards": ["red-3", "red-99"]}}, "/move/cards/1"),
    ({"move": {"type": "draw", "player": 1}, "x~y": 1}, "/x~0y"),
    ({"move": {"type": "draw", "player": 1, "colour/x": "red"}}, "/move/colour~1x"),
])
def test_the_api_points_at_the_value_in_the_body(client, table, body, path):
    answer = problem(client.post(f"/v1/tables/{table['id']}/moves", json=body), 422)
    assert [error["path"] for error in answer["errors"]] == [path]
    follow(body, path)


def test_the_api_points_into_a_stateless_check(client, table):
    body = {"state": {**table["state"], "pending": {"kind": "draw", "count": 2, "player": 1}},
            "move": {"type": "draw", "player": 1}}
    answer = problem(client.post("/v1/rulesets/classic/check", json=body), 422)
    assert all(error["path"].startswith("/state/") for error in answer["errors"]), answer
    follow(body, answer["errors"][0]["path"].rsplit("/", 1)[0])


def test_a_ruleset_upload_is_answered_with_pointers(client):
    text = HOUSE + "house:\n  no_going_out_on: [wild, bogus]\n"
    answer = problem(client.post("/v1/rulesets/validate", data=text,
                                 headers={"Content-Type": "application/yaml"}), 422)
    assert [(e["path"], e["code"], e["line"]) for e in answer["errors"]] == [
        ("/house/no_going_out_on/1", "no-going-out-unknown", 5)]
