"""The legal-move enumerator (referee.engine.legal) against the judge.

On every position of random full-information games, under every shipped ruleset and
random house rules, with 2 to 10 players: every move the enumerator lists is legal,
and no single-card play it leaves out is (Table.check_enumerator). The deck's plays for
a hand not shown (deck_plays) are each legal and hold every card the hand could play.
"""

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.engine import compile_rules, parse_state
from referee.engine.legal import deck_plays, legal_moves
from referee.engine.simulate import simulate
from referee.rules import builtin_lookup, builtin_rulesets, resolve

from test_engine_properties import house_options

SHIPPED = sorted(builtin_rulesets())
CHECKED = settings(max_examples=8, deadline=None, phases=[Phase.generate],
                   suppress_health_check=list(HealthCheck))


def described(options):
    """Each move in a few words: "play wild red", "draw 1"."""
    return sorted(" ".join(filter(None, (
        o.move.type, " ".join(c.text for c in o.move.cards), o.move.color,
        "uno" if o.move.uno else None, str(o.move.count) if o.move.type == "draw" else None)))
        for o in options)


def test_a_hand_on_its_turn_lists_each_play_and_the_draw(compiled):
    rules = compiled["classic"]
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 1, "top": "red-5",
                                "hand_counts": [7, 3, 7]})
    options = legal_moves(rules, state, ["red-3", "wild", "blue-7"])
    assert all(o.verdict.legal for o in options)
    assert described(options) == sorted([
        "play red-3", "play wild red", "play wild yellow", "play wild green", "play wild blue",
        "draw 1"])


def test_a_flip_card_is_listed_with_each_card_it_may_turn_up_and_reads_the_side_up(compiled):
    rules = compiled["flip"]
    state = parse_state(rules, {"players": ["A", "B"], "current": 0, "top": "red-5", "hand_counts": [2, 7]})
    flips = [o for o in legal_moves(rules, state, ["red-flip", "blue-9"]) if o.move.type == "play"]
    turned = {o.move.turned_up.text for o in flips}
    assert turned == set(rules.other_side.cards) and all(o.verdict.legal for o in flips)
    dark = parse_state(rules, {"players": ["A", "B"], "current": 0, "side": "dark", "top": "pink-5",
                               "hand_counts": [2, 7]})
    assert described(legal_moves(rules, dark, ["pink-9", "teal-2"])) == ["draw 1", "play pink-9", "play pink-9 uno"]


def test_a_pending_draw_lists_taking_it_challenging_it_and_the_stacks(compiled):
    rules = compiled["stacking-tournament"]
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 2, "top": "red-draw-two",
                                "hand_counts": [7, 6, 2], "phase": "respond",
                                "pending": {"kind": "draw", "count": 2, "player": 2, "card": "red-draw-two"}})
    options = legal_moves(rules, state, ["blue-draw-two", "red-3"])
    assert described(options) == sorted(["accept", "draw 2", "play blue-draw-two", "play blue-draw-two uno"])



def test_no_stack_is_listed_on_or_with_a_launcher_pressed_until_it_fires():
    """A house ruleset may list Wild Hit Fire in house.stacking, but a launcher pressed
    until it fires adds up to no total: the judge refuses the stack (it used to add None
    to the count and fail) and the enumerator lists none."""
    document = {"id": "stack-hit-fire", "title": "Stacking written for Wild Hit Fire",
                "extends": "attack-all-cards",
                "house": {"stacking": {"wild-hit-fire": ["wild-hit-four", "wild-hit-fire"],
                                       "wild-hit-four": ["wild-hit-fire", "wild-hit-four"]}}}
    rules = compile_rules(resolve(document, builtin_lookup).data)
    hand = ["wild-hit-four", "wild-hit-fire", "red-3"]
    on_fire = parse_state(rules, {
        "players": ["Asha", "Bina", "Chirag"], "current": 2, "top": "wild-hit-fire", "color": "red",
        "hand_counts": [7, 6, 3], "phase": "respond",
        "pending": {"kind": "launcher", "count": None, "until_cards": True, "player": 2, "card": "wild-hit-fire"}})
    assert [o.move.type for o in legal_moves(rules, on_fire, hand)] == ["draw"]
    on_four = parse_state(rules, {
        "players": ["Asha", "Bina", "Chirag"], "current": 2, "top": "wild-hit-four", "color": "red",
        "hand_counts": [7, 6, 3], "phase": "respond",
        "pending": {"kind": "launcher", "count": 4, "player": 2, "card": "wild-hit-four"}})
    stacks = [o for o in legal_moves(rules, on_four, hand) if o.move.type == "play"]
    assert stacks and all(o.verdict.legal for o in stacks)
    assert {c.text for o in stacks for c in o.move.cards} == {"wild-hit-four"}

def test_only_the_moves_of_who_may_act_are_listed(compiled):
    rules = compiled["attack"]
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 0, "top": "red-5",
                                "hand_counts": [5, 1, 5], "uno": {"catchable": [1]},
                                "debts": [{"player": 2, "count": 2}]})
    options = legal_moves(rules, state, {0: ["red-1", "red-2", "blue-3", "blue-4", "wild"], 1: ["blue-9"],
                                         2: ["red-5", "green-1", "green-2", "green-3", "green-4"]})
    players = sorted({(o.move.type, o.move.player) for o in options})
    assert ("draw", 2) in players                 # the presses owed
    assert ("catch-uno", 0) in players and ("catch-uno", 2) in players and ("call-uno", 1) in players
    assert not any(o.move.type == "play" and o.move.player == 2 for o in options)   # owes presses first
    assert all(o.verdict.legal for o in options)


@CHECKED
@given(ruleset=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32), players=st.integers(2, 10))
def test_the_enumerator_agrees_with_the_judge_on_every_move(compiled, ruleset, seed, players):
    stats = simulate(compiled[ruleset], games=1, seed=seed, players=players, check_legal=True,
                     max_moves=3000)
    assert stats.games + stats.capped == 1 and stats.moves > 0


@CHECKED
@given(document=st.sampled_from(["classic", "sonic", "attack"]).flatmap(house_options),
       seed=st.integers(0, 2**32), players=st.integers(2, 10))
def test_the_enumerator_agrees_with_the_judge_under_random_house_rules(document, seed, players):
    rules = compile_rules(resolve(document, builtin_lookup).data)
    stats = simulate(rules, games=1, seed=seed, players=players, check_legal=True, max_moves=3000)
    assert stats.games + stats.capped == 1 and stats.moves > 0


def test_a_player_owing_a_pending_launcher_draw_and_presses_is_offered_the_pending_first():
    """Found by the random house rules: with a Wild Hit 4 pending and a missed-UNO fine
    owed, the enumerator offered the fine's presses, which the judge (rightly) counts
    against the pending card first and refused, for ever."""
    document = {"id": "fines", "title": "Fines", "extends": "attack",
                "uno": {"penalty": {"type": "launcher", "presses": 3}}}
    rules = compile_rules(resolve(document, builtin_lookup).data)
    state = parse_state(rules, {
        "players": ["P0", "P1"], "current": 1, "top": "wild-hit-four", "color": "green",
        "hand_counts": [5, 6], "phase": "respond",
        "pending": {"kind": "launcher", "count": 1, "player": 1, "card": "wild-hit-four", "lose_turn": True},
        "debts": [{"player": 1, "count": 3}]})
    options = legal_moves(rules, state)
    draws = [o for o in options if o.move.type == "draw"]
    assert draws and all(o.verdict.legal for o in draws)
    assert [o.move.presses for o in draws] == [1]


# The mechanisms of issue 24, each with the verdict codes that show a game used it.
NEW_MECHANISMS = [
    ("no-mercy", {"stacked", "played-several", "went-out"}),   # stacking by value, Discard All whole
    ("flip", {"challenge-failed"}),   # Wild Draw Color challenged too (a guilty play: the test below)
    ("color-roulette", {"draw-accepted"}),                        # a last card's draw until a colour
    ("no-mercy-player-names", {"stacked", "draw-accepted"}),
]


@pytest.mark.parametrize("ruleset, codes", NEW_MECHANISMS)
def test_the_enumerator_agrees_with_the_judge_on_the_new_mechanisms(compiled, ruleset, codes):
    """Fixed seeds and several tables, so that each mechanism is exercised (the codes
    show it was): every listed move legal, no single-card play left out."""
    seen = set()
    for players in (2, 3, 6):
        stats = simulate(compiled[ruleset], games=2, seed=24 + players, players=players,
                         check_legal=True, max_moves=3000)
        assert stats.games + stats.capped == 2
        seen |= set(stats.codes)
    assert codes <= seen, codes - seen


def test_a_wild_draw_color_challenge_is_listed_and_its_draws_are_owed(compiled):
    rules = compiled["flip"]
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 1, "side": "dark",
                                "top": "wild-draw-color", "color": "orange", "hand_counts": [6, 7, 7],
                                "pending": {"kind": "draw", "count": None, "player": 1,
                                            "card": "wild-draw-color", "lose_turn": True, "by": 0,
                                            "prev_color": "pink", "prev_top": "pink-5",
                                            "until_color": True}})
    hands = {0: ["pink-9", "teal-1", "teal-2", "teal-3", "teal-4", "teal-5"], 1: ["teal-7"] * 7}
    options = legal_moves(rules, state, hands)
    assert sorted(o.move.type for o in options) == ["challenge", "draw"]
    assert all(o.verdict.legal for o in options)
    guilty = next(o for o in options if o.move.type == "challenge").verdict.state
    assert [o.move.type for o in legal_moves(rules, guilty, hands)] == ["draw"]


def _deck_holds_the_hands_plays(rules, state, hand):
    """Checked on a position whose mover's hand is known: deck_plays (no hand) are legal,
    and every one-card play the enumerator lists for that hand is among them (card and
    UNO call). Returns how many plays it checked."""
    listed = deck_plays(rules, state)
    assert all(o.verdict.legal for o in listed)
    deck = {(o.move.cards[0].text, o.move.uno) for o in listed}
    acting = state.pending.player if state.phase == "respond" and state.pending else state.current
    held = [card if isinstance(card, str) else card.text for card in hand]
    checked = 0
    for option in legal_moves(rules, state, {acting: held}):
        move = option.move
        if move.type == "play" and len(move.cards) == 1 and move.player == acting:
            assert (move.cards[0].text, move.uno) in deck, (move.cards[0].text, state.phase)
            checked += 1
    return checked


@CHECKED
@given(ruleset=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_the_deck_plays_hold_every_play_a_hand_could_make(compiled, ruleset, seed, players):
    # The positions of a whole game, each with its mover's real hand (record=True): read
    # back rather than hooked into the simulator, whose compiled methods cannot be patched.
    rules = compiled[ruleset]
    stats = simulate(rules, games=1, seed=seed, players=players, record=True, max_moves=400)
    checked = 0
    for state, move, hand in stats.recorded:
        acting = state.pending.player if state.phase == "respond" and state.pending else state.current
        if hand is not None and move.player == acting and state.phase in ("play", "respond"):
            checked += _deck_holds_the_hands_plays(rules, state, hand)
    assert stats.moves > 0 and checked > 0


def test_the_deck_plays_of_a_turn_and_of_a_pending_draw(compiled):
    rules = compiled["stacking-tournament"]
    state = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 1, "top": "red-5",
                                "hand_counts": [7, 7, 7]})
    cards = [o.move.cards[0].text for o in deck_plays(rules, state)]
    assert "wild-draw-four" in cards and "blue-5" in cards and "blue-6" not in cards
    pending = parse_state(rules, {"players": ["Asha", "Bina", "Chirag"], "current": 2, "top": "red-draw-two",
                                  "hand_counts": [7, 6, 2], "phase": "respond",
                                  "pending": {"kind": "draw", "count": 2, "player": 2, "card": "red-draw-two"}})
    assert described(deck_plays(rules, pending)) == sorted(   # with and without the UNO call
        f"play {color}-draw-two{uno}" for color in ("red", "yellow", "green", "blue") for uno in ("", " uno"))
    over = parse_state(rules, {"players": ["Asha", "Bina"], "current": 1, "top": "red-5",
                               "hand_counts": [0, 3], "phase": "round-over", "winner": 0})
    assert deck_plays(rules, over) == []
