"""The mistakes a non-programmer makes writing house rules, each answered with what to
write instead: at the line to change, in English and in every translated language (the
cases: fixtures/organiser-mistakes.yaml, tried by an organiser in the review)."""
import pytest

from referee.rules import RulesetError, load_ruleset
from referee.text.catalogs import TRANSLATED_LANGUAGES, use_locales_dir
from referee.text.problems import problem_message

from rules_support import REPO, read_cases

CASES = read_cases("organiser-mistakes.yaml")
HEAD = "id: friday\ntitle: Friday\nextends: classic\n"


@pytest.fixture(autouse=True)
def repository_catalogs():
    previous = use_locales_dir(REPO / "locales")
    yield
    use_locales_dir(previous)


def answer_to(case):
    text = case.get("whole") or HEAD + case["document"]
    with pytest.raises(RulesetError) as raised:
        load_ruleset(text)
    found = [p for p in raised.value.problems if p.code == case["code"]]
    assert found, [(p.code, p.line, p.message) for p in raised.value.problems]
    return found[0], raised.value.problems


def test_the_review_s_twenty_seven_mistakes_are_all_here():
    assert len(CASES) >= 27 and len({case["name"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_each_mistake_gets_the_advice_at_its_line(case):
    problem, every = answer_to(case)
    english = problem_message(problem.code, problem.params, "en")
    assert problem.line == case["line"], (problem.line, english)
    assert case["advice"] in english, english
    if "not" in case:  # advice that would be wrong must not be given beside it
        assert not any(case["not"] in problem_message(p.code, p.params, "en") for p in every)


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_each_mistake_s_advice_is_translated(case, lang):
    problem, _ = answer_to(case)
    english = problem_message(problem.code, problem.params, "en")
    translated = problem_message(problem.code, problem.params, lang)
    assert translated and translated != english and "{" not in translated.replace("{enabled", ""), translated
    assert case.get("copy", "") in translated, translated  # what to type stays as it is typed


@pytest.mark.parametrize("lang, joined", [("en", "number, action, or wild"), ("hi", "number, action या wild"),
                                          ("gu", "number, action અથવા wild")])
def test_the_categories_to_choose_from_are_joined_with_or(lang, joined):
    with pytest.raises(RulesetError) as raised:
        load_ruleset(HEAD + "house:\n  no_going_out_on: [zzzz]\n")
    problem = raised.value.problems[0]
    assert problem.code == "no-going-out-unknown"
    assert joined in problem_message(problem.code, problem.params, lang)
