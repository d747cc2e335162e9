"""Property tests: random games through the judge, checked against the physical cards.

The simulator (referee.engine.simulate) plays with every hand shown to the judge and
every draw listing its true cards, and raises InvariantBroken when the judge loses or
invents a card, miscounts a hand or the pile, leaves a player on 0 cards in a live
round, lets a player play before settling what they owe, lets scores go down, lets an
illegal move change the state, or refuses to score a finished round. A game must end
(a generous move cap here; `referee simulate` reports capped games instead). Examples
are few and shrinking is off: each example is a whole game.
"""
import json

import pytest

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from referee.engine import compile_rules, judge, parse_state
from referee.engine.simulate import simulate
from referee.rules import builtin_lookup, builtin_rulesets, resolve

GAME_SETTINGS = settings(max_examples=4, deadline=None, phases=[Phase.generate],
                         suppress_health_check=list(HealthCheck))

SHIPPED = sorted(builtin_rulesets())
GAME_CAP = 30000   # moves: far beyond any game seen, so reaching it means a game that does not end


@GAME_SETTINGS
@given(ruleset=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32), players=st.integers(2, 10))
def test_shipped_rulesets_play_to_the_end_without_breaking_an_invariant(compiled, ruleset, seed, players):
    stats = simulate(compiled[ruleset], games=1, seed=seed, players=players, max_moves=GAME_CAP)
    assert stats.games == 1


def house_options(parent):
    """A random house ruleset on top of `parent`, built only from valid option values."""
    launcher = parent == "attack"
    draw_kinds = ["hit-two", "wild-hit-four"] if launcher else ["draw-two", "wild-draw-four"]
    stacking = st.dictionaries(st.sampled_from(draw_kinds),
                               st.lists(st.sampled_from(draw_kinds), min_size=1, unique=True),
                               max_size=2)
    draw = st.fixed_dictionaries({}, optional={
        "when_playable": st.sampled_from(["allowed", "forbidden"]),
        "after": st.sampled_from(["end-turn"] if launcher else ["may-play", "end-turn", "must-play"]),
        "play_after_draw": st.sampled_from(["drawn-only", "any"]),
        "until_playable": st.just(False) if launcher else st.booleans(),
    })
    penalty = (st.builds(lambda n: {"type": "launcher", "presses": n}, st.integers(1, 3)) if launcher
               else st.builds(lambda n: {"type": "draw", "count": n}, st.integers(0, 4)))
    return st.fixed_dictionaries({
        "id": st.just("random-house"),
        "title": st.just("Random house rules"),
        "extends": st.just(parent),
        "house": st.fixed_dictionaries({}, optional={
            "doubles": st.builds(lambda on, most: {"enabled": on, "max_cards": most},
                                 st.booleans(), st.integers(2, 3)),
            "stacking": stacking,
            "stacking_cap": st.one_of(st.none(), st.integers(2, 12)),
            "jump_in": st.builds(lambda on: {"enabled": on}, st.booleans()),
            "no_going_out_on": st.lists(st.sampled_from(["action", "wild"]), unique=True),
        }),
        "turn": st.fixed_dictionaries({"draw": draw}, optional={
            "two_player_reverse": st.sampled_from(["skip", "reverse"])}),
        "uno": st.fixed_dictionaries({}, optional={
            "window": st.sampled_from(["until-next-player-acts", "until-offender-plays-again"]),
            "false_catch_penalty": penalty,
            "penalty": penalty,
        }),
        "scoring": st.fixed_dictionaries({"target": st.integers(50, 300)},
                                         optional={"single_round": st.booleans()}),
    }, optional={
        "cards": st.sampled_from([
            {"7": {"effects": [{"type": "trade-hands", "target": "chosen"}]},
             "0": {"effects": [{"type": "pass-hands"}]}},
            {"wild": {"effects": [{"type": "choose-color"}, {"type": "skip"}]}},
        ]) if not launcher else st.just({}),
    })


@settings(max_examples=25, deadline=None, phases=[Phase.generate],
          suppress_health_check=list(HealthCheck))
@given(document=st.sampled_from(["classic", "sonic", "attack"]).flatmap(house_options),
       seed=st.integers(0, 2**32), players=st.integers(2, 10))
def test_random_house_rules_play_to_the_end_without_breaking_an_invariant(document, seed, players):
    rules = compile_rules(resolve(document, builtin_lookup).data)
    stats = simulate(rules, games=1, seed=seed, players=players, max_moves=GAME_CAP)
    assert stats.games == 1


@GAME_SETTINGS
@given(ruleset=st.sampled_from(SHIPPED), seed=st.integers(0, 2**32))
def test_a_state_sent_back_by_a_client_is_judged_the_same(compiled, ruleset, seed):
    """The stateless check receives the state as JSON: every recorded move, judged on
    the state read back from its JSON, must get the very same verdict."""
    rules = compiled[ruleset]
    stats = simulate(rules, games=1, seed=seed, players=3, record=True)
    for state, move, hand in stats.recorded[:400]:
        direct = judge(rules, state, move, hand).to_json()
        read_back = parse_state(rules, json.loads(json.dumps(state.to_json())))
        assert judge(rules, read_back, move, hand).to_json() == direct


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_state_the_engine_answers_reads_back(compiled, ruleset):
    """A table sends back the state it was answered (the next `/check`, a table's GET):
    every state of whole simulated games, each position and the verdict on every move,
    must pass parse_state and read back as it was (a round ended by the mercy rule
    once left the turn with a player who was out, a state parse_state refuses)."""
    rules = compiled[ruleset]
    for players in (2, 4):
        stats = simulate(rules, games=1, seed=players, players=players, record=True)
        for state, move, hand in stats.recorded:
            for answered in (state, judge(rules, state, move, hand).state):
                sent = json.loads(json.dumps(answered.to_json()))
                assert parse_state(rules, sent).to_json() == sent, (ruleset, move.type)

