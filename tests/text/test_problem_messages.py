"""Every ruleset problem code has a plain message in all five languages, and the API,
the CLI and the workshop all read it from the same table."""
import re

import pytest

from referee.rules.errors import PROBLEM_MESSAGES, coded
from referee.text.catalogs import LANGUAGES
from referee.text.problems import problem_message
from referee.text.render import placeholders

from text_support import LOCALES

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(autouse=True)
def repository_catalogs(monkeypatch):
    monkeypatch.setenv("REFEREE_LOCALES_DIR", str(LOCALES))


def sample_params(template):
    texts = template if isinstance(template, tuple) else (template,)
    return {name: 2 for text in texts for name in placeholders(text)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("code", sorted(PROBLEM_MESSAGES))
def test_every_problem_code_has_a_message_in_every_language(code, lang):
    template = PROBLEM_MESSAGES[code]
    params = sample_params(template)
    message = problem_message(code, params, lang)
    english = problem_message(code, params, "en")
    assert message and "{" not in message
    if lang != "en":
        assert message != english, (code, lang)
        # only the ruleset's own keys and values (written in Latin letters in the file) stay English
        keys = set(LATIN_WORD.findall(" ".join(template if isinstance(template, tuple) else (template,))))
        assert set(LATIN_WORD.findall(message)) <= keys | {"UNO", "YAML", "KiB", "NUL", "UTF", "extends", "extend", "fuzzy"}, (code, message)


def test_a_problem_keeps_its_code_and_parameters():
    problem_code = coded("schema-enum", allowed=["pile", "launcher"])
    assert problem_message(problem_code.code, dict(problem_code.params), "hi") == "यहाँ इनमें से एक चाहिए: pile या launcher।"
