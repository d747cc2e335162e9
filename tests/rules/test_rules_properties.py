"""Property tests: whatever comes in, the answer is a ruleset or one RulesetError.

Bounded (max_examples) so that `make test` stays fast; the loader is linear, so a few
hundred examples of each kind cover the shapes that matter.
"""
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules import RulesetError, RulesetTooLarge, builtin_documents, load_document, resolve

from rules_support import REPO

CLASSIC = (REPO / "rulesets" / "classic.yaml").read_text()
BOUNDED = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Each of these loads, validates and resolves a full ruleset: fewer examples.
BOUNDED_FULL = settings(BOUNDED, max_examples=120)
YAML_ALPHABET = string.ascii_letters[:8] + "0179 \t\n\r:-[]{},&*!|>'\"#%@`?~.\\\x00\u00e9\ufeff\u0a97"


def outcome(data):
    """Load and resolve; return the problems (empty when the ruleset is fine)."""
    try:
        resolve(load_document(data, "fuzz.yaml"), builtin_documents().get)
    except RulesetTooLarge:
        return []
    except RulesetError as exc:
        return exc.problems
    return []


def assert_located(problems):
    for problem in problems:
        assert problem.message
        assert (problem.line is None) == (problem.column is None)
        assert problem.line is None or (problem.line >= 1 and problem.column >= 1)


@BOUNDED
@given(st.binary(max_size=400))
def test_random_bytes_end_in_a_ruleset_error_with_a_position(data):
    problems = outcome(data)
    assert_located(problems)
    if problems and not problems[0].path:  # refused while reading: always a position
        assert problems[0].line is not None


@BOUNDED
@given(st.text(alphabet=YAML_ALPHABET, max_size=300))
def test_near_yaml_text_ends_in_a_ruleset_error(text):
    assert_located(outcome(text))


@BOUNDED_FULL
@given(st.integers(0, len(CLASSIC)), st.integers(0, 40), st.text(alphabet=YAML_ALPHABET, max_size=12))
def test_a_damaged_classic_ruleset_ends_in_a_ruleset_error(start, cut, insert):
    damaged = CLASSIC[:start] + insert + CLASSIC[start + cut:]
    assert_located(outcome(damaged))


KIND_IDS = st.sampled_from(["0", "7", "skip", "reverse", "draw-two", "wild", "wild-draw-four",
                            "new-kind", "red-thing", "action"])
EFFECTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["choose-color", "skip", "reverse", "extra-play", "discard-all",
                              "pass-hands", "trade-hands", "draw", "launcher"])},
    optional={"count": st.integers(1, 5), "presses": st.integers(1, 5) | st.none(),
              "until_cards": st.booleans(),
              "target": st.sampled_from(["next", "others", "all", "chosen"])})
KINDS = st.fixed_dictionaries({}, optional={
    "per_color": st.integers(0, 3) | st.none(), "count": st.integers(0, 5) | st.none(),
    "number": st.integers(0, 9) | st.none(), "score": st.integers(0, 60),
    "effects": st.lists(EFFECTS, max_size=3),
    "restriction": st.fixed_dictionaries({"type": st.sampled_from(["none", "no-color-match"])},
                                         optional={"counts_as_match": st.lists(KIND_IDS, max_size=2)}),
    "challenge": st.none() | st.fixed_dictionaries({}, optional={"guilty_draw": st.integers(0, 6)})})
HOUSE_RULESETS = st.fixed_dictionaries(
    {"id": st.just("fuzzed"), "title": st.just("Fuzzed"),
     "extends": st.sampled_from(["classic", "sonic", "attack", "hindi-table"])},
    optional={
        "deck_size": st.integers(1, 130),
        "hand_size": st.integers(1, 15),
        "colors": st.lists(st.sampled_from(["red", "yellow", "green", "blue"]), min_size=2,
                           max_size=4, unique=True),
        "draw_source": st.sampled_from(["pile", "launcher"]),
        "players": st.fixed_dictionaries({}, optional={"min": st.integers(2, 12),
                                                       "max": st.integers(2, 12)}),
        "remove_cards": st.lists(KIND_IDS, max_size=3, unique=True),
        "cards": st.dictionaries(KIND_IDS, KINDS, max_size=3),
        "uno": st.fixed_dictionaries({}, optional={"penalty": st.sampled_from(
            [{"type": "draw", "count": 2}, {"type": "launcher", "presses": 2},
             {"type": "draw", "count": 1, "presses": 1}])}),
        "turn": st.fixed_dictionaries({}, optional={"draw": st.fixed_dictionaries({}, optional={
            "until_playable": st.booleans(), "count": st.integers(1, 3), "max": st.integers(1, 3)})}),
        "house": st.fixed_dictionaries({}, optional={
            "stacking": st.dictionaries(KIND_IDS, st.lists(KIND_IDS, max_size=3), max_size=2),
            "no_going_out_on": st.lists(KIND_IDS | st.sampled_from(["number", "wild"]), max_size=3)}),
    })


@BOUNDED_FULL
@given(HOUSE_RULESETS)
def test_any_house_ruleset_resolves_or_says_why(document):
    try:
        resolved = resolve(document, builtin_documents().get)
    except RulesetError as exc:
        assert any(p.severity == "error" for p in exc.problems)
        return
    data = resolved.data
    assert sum((k["per_color"] or 0) * len(data["colors"]) + (k["count"] or 0)
               for k in data["cards"].values()) == data["deck_size"]
    assert data["hand_size"] * data["players"]["max"] < data["deck_size"]
