"""A round scored by points under every shipped ruleset (rulesets/*.yaml and
rulesets/examples/*.yaml), in every language, through HTTP: the score move, its
stateless check, and the table's event log afterwards all answer, worded in the
language asked. (Under Attack, Flip, No Mercy and any ruleset with three or more
card-value groups, gu, hi, ne and te used to answer 500, and the table's log kept
answering 500 in those languages from then on.)"""
import pytest

from referee.engine.rules import compile_rules
from referee.rules import builtin_rulesets

LANGS = ("en", "gu", "hi", "ne", "te")
RULESETS = {rid: compile_rules(ruleset.data) for rid, ruleset in sorted(builtin_rulesets().items())}
# The English words of a points score's sentences, which a translated answer never shows.
ENGLISH = ("Card values", "points", "Number cards")


def plain_cards(rules):
    """Cards that do nothing when played (number cards; plain wilds under All Wild)."""
    return ([card.text for card in rules.cards.values()
             if not card.kind.effects and not card.kind.choose_color and card.kind.restriction == "none"]
            or [card.text for card in rules.cards.values()
                if not card.kind.effects and card.kind.restriction == "none"])


def play_to_round_end(client, ruleset_id):
    """Open a table of two and play plain cards of the colour in play (calling UNO
    with the second-to-last card) until someone goes out. Returns (table, state)."""
    rules = RULESETS[ruleset_id]
    cards = plain_cards(rules)
    players = [f"P{seat}" for seat in range(max(2, rules.min_players))]
    opened = client.post("/v1/tables", json={"ruleset": ruleset_id, "players": players,
                                             "dealer": 0, "first_card": cards[0]})
    assert opened.status_code == 201, opened.get_json()
    table = opened.get_json()["id"]
    played = {}
    for _turn in range(100):
        now = client.get(f"/v1/tables/{table}").get_json()
        state, situation = now["state"], now["next"]["situation"]
        if situation == "score":
            return table, state
        assert situation == "play", now["next"]
        seat = now["next"]["player"]
        fitting = [card for card in cards if state["color"] is None or rules.cards[card].color == state["color"]]
        card = fitting[played.get(seat, 0) % len(fitting)]
        played[seat] = played.get(seat, 0) + 1
        move = {"type": "play", "player": seat, "cards": [card]}
        if state["hand_counts"][seat] == 2:
            move["uno"] = True
        verdict = client.post(f"/v1/tables/{table}/moves", json={"move": move}).get_json()
        assert verdict["legal"], (move, verdict["code"], verdict["message"])
    raise AssertionError("the round did not end")


def points_for(state):
    return [0 if seat == state["winner"] else 17 + 40 * seat for seat in range(len(state["players"]))]


def assert_worded(lang, text):
    assert text
    if lang != "en":
        assert not any(word in text for word in ENGLISH), (lang, text)
    if lang == "te":
        assert "మరియు" not in text, text  # lists are the translators' own, not CLDR's


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_a_points_score_is_worded_in_every_language_and_the_log_stays_readable(client, ruleset_id):
    table, state = play_to_round_end(client, ruleset_id)
    score = {"type": "score", "points": points_for(state)}
    for lang in LANGS:
        checked = client.post(f"/v1/rulesets/{ruleset_id}/check?lang={lang}",
                              json={"state": state, "move": score})
        assert checked.status_code == 200, (lang, checked.get_data(as_text=True)[:300])
        body = checked.get_json()
        assert body["legal"] and body["details"]["values"], body
        assert_worded(lang, body["message"])
        tried = client.post(f"/v1/tables/{table}/moves?lang={lang}&dry_run=true", json={"move": score})
        assert tried.status_code == 200, (lang, tried.get_data(as_text=True)[:300])
        assert tried.get_json()["message"] == body["message"]
    scored = client.post(f"/v1/tables/{table}/moves?lang=te", json={"move": score})
    assert scored.status_code == 200, scored.get_data(as_text=True)[:300]
    seq = scored.get_json()["seq"]
    for lang in LANGS:
        events = client.get(f"/v1/tables/{table}/events?lang={lang}")
        assert events.status_code == 200, (lang, events.get_data(as_text=True)[:300])
        last = events.get_json()["events"][-1]
        assert last["seq"] == seq and last["verdict"]["code"] in ("round-scored", "game-won")
        assert_worded(lang, last["verdict"]["message"])
