"""Claims of docs/api.md's prose that no single Request/Answer example shows, each
sent to the service (the examples themselves: test_api_doc_examples.py)."""
import re
from pathlib import Path

import pytest

from apitest import OPENING, problem

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def section(title):
    """The text of the doc's section (any level) headed `title`, to the next heading."""
    found = re.search(rf"^#+ {re.escape(title)}\n(.*?)(?=^#+ |\Z)", DOC, re.S | re.M)
    assert found, f"docs/api.md has no section {title!r}"
    return found.group(1)


def kinds(cell):
    """`0` to `9`, `skip` -> ["0", ..., "9", "skip"]; "none" -> []."""
    named = []
    for ranged in re.finditer(r"`(\d+)` to `(\d+)`|`([^`]+)`", cell):
        if ranged.group(3):
            named.append(ranged.group(3))
        else:
            named += [str(n) for n in range(int(ranged.group(1)), int(ranged.group(2)) + 1)]
    return named


def edition_rows():
    rows = []
    for line in section("Cards by edition").splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`"):
            rows.append(cells)
    return rows


def in_deck(cards):
    """The kinds of a ruleset's `cards` with copies: (coloured, wild)."""
    coloured = [kind for kind, card in cards.items() if card["per_color"]]
    wild = [kind for kind, card in cards.items() if card["count"]]
    return coloured, wild


def test_the_cards_by_edition_are_each_built_in_rulesets_deck(client):
    rows = edition_rows()
    assert len(rows) == 7
    seen = set()
    for name, colours, coloured, wild in rows:
        ruleset_id = kinds(name)[0]
        seen.add(ruleset_id)
        ruleset = client.get(f"/v1/rulesets/{ruleset_id}").get_json()
        side = ruleset
        if "dark side" in name:
            side = ruleset["other_side"]
            assert ruleset["other_side"]["sides"] == ["light", "dark"]
        elif ruleset_id == "flip":
            assert "light side" in name
        deck_coloured, deck_wild = in_deck(side["cards"])
        assert sorted(kinds(coloured)) == sorted(deck_coloured), name
        assert sorted(kinds(wild)) == sorted(deck_wild), name
        if deck_coloured:
            assert kinds(colours) == side["colors"], name
        else:
            assert colours == "none" and coloured == "none", name
    assert seen == {"classic", "sonic", "attack", "flip", "no-mercy", "all-wild"}


def test_a_card_of_the_side_not_up_is_unknown(client):
    opened = client.post("/v1/tables", json={**OPENING, "ruleset": "flip", "first_card": "red-5"})
    table = opened.get_json()
    assert table["state"]["side"] == "light"
    body = problem(client.post(f"/v1/tables/{table['id']}/moves",
                               json={"move": {"type": "play", "player": 1, "cards": ["pink-5"]}}), 422)
    assert body["errors"][0]["path"] == "/move/cards/0"
    assert body["errors"][0]["code"] == "unknown-card"


def test_a_kind_with_no_copies_is_not_a_card(client):
    cards = client.get("/v1/rulesets/attack").get_json()["cards"]
    assert cards["trade-hands"]["per_color"] == 0 and cards["wild-hit-fire"]["count"] == 0
    table = client.post("/v1/tables", json={**OPENING, "ruleset": "attack"}).get_json()
    for card, extra in (("red-trade-hands", {"target": 2}), ("wild-hit-fire", {"color": "red"})):
        body = problem(client.post(f"/v1/tables/{table['id']}/moves", json={
            "move": {"type": "play", "player": 1, "cards": [card], **extra}}), 422)
        assert body["errors"][0]["code"] == "unknown-card", card


def test_all_wild_names_no_colour(client):
    table = client.post("/v1/tables", json={**OPENING, "ruleset": "all-wild",
                                            "first_card": "wild"}).get_json()
    assert table["state"]["color"] is None
    path = f"/v1/tables/{table['id']}/moves"
    named = client.post(path, json={"move": {"type": "play", "player": 1, "cards": ["wild"],
                                             "color": "red"}}).get_json()
    assert (named["legal"], named["code"]) == (False, "color-not-allowed")
    played = client.post(path, json={"move": {"type": "play", "player": 1,
                                              "cards": ["wild-skip"]}}).get_json()
    assert played["legal"] and played["state"]["color"] is None


# Opening a table: what each built-in ruleset does with the first card, as the doc's
# table says it (sent back, stays with a colour named, stays), by example cards.
NUMBER, ACTION = "red-5", "red-skip"
FIRST_CARDS = {
    "classic": {"redraw": ["wild", "wild-draw-four"], "choose-color": [], "apply": [NUMBER, ACTION]},
    "sonic": {"redraw": [ACTION, "wild", "wild-draw-four"], "choose-color": [], "apply": [NUMBER]},
    "attack": {"redraw": [], "choose-color": ["wild", "wild-hit-four"], "apply": [NUMBER, ACTION]},
    "flip": {"redraw": ["wild", "wild-draw-two", "red-flip"], "choose-color": [],
             "apply": [NUMBER, ACTION, "red-draw-one"]},
    "no-mercy": {"redraw": [ACTION, "wild-draw-six"], "choose-color": [], "apply": [NUMBER]},
    "all-wild": {"redraw": [], "choose-color": [], "apply": ["wild", "wild-draw-two"]},
}


def test_the_first_card_table_is_what_each_ruleset_does(client):
    table = section("Opening a table")
    for ruleset_id, handling in FIRST_CARDS.items():
        assert re.search(rf"^\| `{ruleset_id}` \|", table, re.M), ruleset_id
        opening = client.get(f"/v1/rulesets/{ruleset_id}").get_json()["opening"]["first_card"]
        for card in handling["redraw"]:
            body = problem(client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                           "first_card": card}), 422)
            assert body["errors"][0]["code"] == "first-card-order", (ruleset_id, card)
            opened = client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                     "first_card": [card, "blue-2"]})
            assert opened.status_code == 201, (ruleset_id, card, opened.get_json())
            assert opened.get_json()["state"]["top"] == "blue-2"
        for card in handling["choose-color"]:
            problem(client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                    "first_card": card}), 422)
            opened = client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                     "first_card": card, "color": "blue"})
            assert opened.status_code == 201, (ruleset_id, card)
            assert opened.get_json()["state"]["color"] == "blue"
        for card in handling["apply"]:
            opened = client.post("/v1/tables", json={**OPENING, "ruleset": ruleset_id,
                                                     "first_card": card})
            assert opened.status_code == 201, (ruleset_id, card, opened.get_json())
            assert opened.get_json()["state"]["top"] == card
        # and the ruleset says so where the doc sends a client to read it
        wild = next(how for how, cards in handling.items()
                    if any(card.startswith("wild") for card in cards))
        assert opening["wild"] == wild, ruleset_id
    assert client.get("/v1/rulesets/flip").get_json()["opening"]["first_card"]["by_kind"] == {
        "flip": "redraw"}
