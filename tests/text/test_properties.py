"""Property tests (bounded): any ruleset the schema allows reads without error or a
stray placeholder, and any verdict details give a message instead of an exception."""
import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.codes import CODES
from referee.text import describe_changes, rule_text, verdict_message

TARGETS = st.sampled_from(["next", "others", "all", "chosen"])
EFFECT = st.one_of(
    st.sampled_from([{"type": t} for t in ("choose-color", "skip", "reverse", "extra-play", "discard-all", "pass-hands")]),
    st.builds(lambda target: {"type": "trade-hands", "target": target}, st.sampled_from(["chosen", "next"])),
    st.builds(lambda count, target: {"type": "draw", "count": count, "target": target}, st.integers(0, 20), TARGETS),
    st.builds(lambda presses, target: {"type": "launcher", "presses": presses, "until_cards": False, "target": target},
              st.integers(0, 9), TARGETS),
    st.builds(lambda target: {"type": "launcher", "presses": None, "until_cards": True, "target": target}, TARGETS),
)
HANDLING = st.sampled_from(["apply", "redraw", "choose-color"])
PENALTY = st.one_of(st.builds(lambda n: {"type": "draw", "count": n}, st.integers(0, 9)),
                    st.builds(lambda n: {"type": "launcher", "presses": n}, st.integers(0, 9)))

BOUNDED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@st.composite
def house_rulesets(draw, base):
    rules = copy.deepcopy(base)
    rules["cards"]["custom"] = {
        "title": draw(st.sampled_from([None, "Custom Card"])), "number": None,
        "per_color": draw(st.sampled_from([None, 0, 1, 3])), "count": None, "score": draw(st.integers(0, 1000)),
        "effects": draw(st.lists(EFFECT, max_size=4)),
        "restriction": {"type": draw(st.sampled_from(["none", "no-color-match", "no-playable-card"])),
                        "counts_as_match": draw(st.lists(st.sampled_from(["wild", "custom", "skip"]), max_size=2))},
        "challenge": draw(st.sampled_from([None, {"guilty_draw": 4, "failed_extra_draw": 2}])),
    }
    if rules["cards"]["custom"]["per_color"] is None:
        rules["cards"]["custom"]["count"] = draw(st.integers(0, 8))
    rules["hand_size"] = draw(st.integers(1, 20))
    rules["draw_source"] = draw(st.sampled_from(["pile", "launcher"]))
    rules["opening"]["first_card"] = {"number": draw(HANDLING), "action": draw(HANDLING), "wild": draw(HANDLING),
                                      "by_kind": draw(st.dictionaries(st.sampled_from(["skip", "custom"]), HANDLING))}
    rules["turn"]["draw"].update(
        when_playable=draw(st.sampled_from(["allowed", "forbidden"])), count=draw(st.integers(1, 5)),
        until_playable=draw(st.booleans()), after=draw(st.sampled_from(["may-play", "end-turn", "must-play"])),
        play_after_draw=draw(st.sampled_from(["drawn-only", "any"])))
    rules["turn"]["two_player_reverse"] = draw(st.sampled_from(["skip", "reverse"]))
    rules["uno"].update(call=draw(st.sampled_from(["one-card-left", "second-to-last-card"])), penalty=draw(PENALTY),
                        window=draw(st.sampled_from(["until-next-player-acts", "until-offender-plays-again"])),
                        false_catch_penalty=draw(PENALTY))
    rules["scoring"].update(target=draw(st.integers(1, 10_000)), single_round=draw(st.booleans()))
    rules["house"] = {"doubles": {"enabled": draw(st.booleans()), "max_cards": draw(st.integers(2, 4))},
                      "stacking": draw(st.dictionaries(st.sampled_from(["draw-two", "custom"]),
                                                       st.lists(st.sampled_from(["draw-two", "wild-draw-four", "custom"]),
                                                                max_size=2))),
                      "jump_in": {"enabled": draw(st.booleans())},
                      "no_going_out_on": draw(st.lists(st.sampled_from(["action", "wild", "number", "custom"]),
                                                       max_size=3, unique=True))}
    return rules


@BOUNDED
@given(data=st.data())
def test_any_house_ruleset_reads_cleanly(rulesets, data):
    classic = rulesets["classic"]
    rules = data.draw(house_rulesets(classic))
    text = rule_text(rules, "en")
    for section in text["sections"]:
        assert section["paragraphs"]
        for paragraph in section["paragraphs"]:
            assert "{" not in paragraph and "None" not in paragraph, paragraph
    assert all(isinstance(change, str) for change in describe_changes(rules, classic, "en"))


DETAIL = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.text(max_size=12),
                   st.lists(st.sampled_from(["red-3", "wild", "blue-skip", "green-custom", "??"]), max_size=3),
                   st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@BOUNDED
@given(code=st.sampled_from(sorted(CODES) + ["no-such-code"]), lang=st.sampled_from(["en", "hi", "zz"]),
       details=st.dictionaries(st.sampled_from(["player", "target", "card", "cards", "color", "count", "total",
                                                "holding", "top", "max", "held", "points"]), DETAIL, max_size=6),
       players=st.one_of(st.none(), st.lists(st.text(max_size=8), max_size=4)))
def test_any_details_give_a_message(rulesets, code, lang, details, players):
    message = verdict_message({"code": code, "details": details}, lang, players, rulesets["attack"])
    assert isinstance(message, str) and message
