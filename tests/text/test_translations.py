"""Acceptance: the translators' catalogs in the repository (locales/*/LC_MESSAGES).

These pass once the translations are finished: the full rule text of every edition
reads entirely in each language, and plural forms follow the language's rule.
"""
import re

import pytest
from babel import Locale
from babel.messages.plurals import get_plural

from referee.text import rule_text, verdict_message
from referee.text.cards import COLORS, KINDS, card_name, color_name
from referee.text.catalogs import TRANSLATED_LANGUAGES, po_path, translator, use_locales_dir
from referee.text.checks import load_catalog

from text_support import LOCALES

EDITIONS = ("classic", "sonic", "attack", "flip")
BRAND_WORDS = {"UNO"}  # written in Latin letters in every language
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(autouse=True)
def repository_catalogs():
    previous = use_locales_dir(LOCALES)
    yield
    use_locales_dir(previous)


def english_left(text: str) -> list[str]:
    return [word for word in ENGLISH_WORD.findall(text) if word not in BRAND_WORDS]


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_plural_forms_header_is_babels(lang):
    catalog = load_catalog(po_path(lang)).catalog
    expected = get_plural(lang)
    assert (catalog.num_plurals, catalog.plural_expr) == (expected.num_plurals, expected.plural_expr)


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_rule_text_is_fully_translated(rulesets, lang, ruleset_id):
    text = rule_text(rulesets[ruleset_id], lang)
    for section in text["sections"]:
        for paragraph in [section["title"], *section["paragraphs"]]:
            assert "{" not in paragraph and "}" not in paragraph, paragraph
            assert english_left(paragraph) == [], paragraph


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_every_card_and_colour_has_a_name(lang):
    tr = translator(lang)
    for form, names in COLORS.items():
        for color in names:
            assert english_left(color_name(color, tr, form)) == [], (form, color)
    for kind in KINDS:
        assert english_left(card_name(kind, tr)) == [], kind
    assert english_left(card_name("red-skip", tr)) == []


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_plural_cases_use_the_languages_form(rulesets, lang, count):
    catalog = load_catalog(po_path(lang)).catalog
    message = catalog.get(("{player} drew {count} card.", "{player} drew {count} cards."))
    index = 0 if Locale.parse(lang).plural_form(count) == "one" else 1
    expected = message.string[index].format(player="Asha", count=count)
    assert expected and verdict_message({"code": "drew", "details": {"player": 0, "count": count}},
                                        lang, ["Asha"], rulesets["classic"]) == expected


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
def test_every_verdict_message_is_translated(lang):
    from referee.text.render import placeholders
    from referee.text.verdicts import MESSAGES

    tr = translator(lang)
    for key, sentences in MESSAGES.items():
        for sentence in sentences:
            for n in (1, 5):
                values = {name: "Q" for text in sentence.texts() for name in placeholders(text)}
                if sentence.n:
                    values[sentence.n] = n
                rendered = sentence.render(tr, values)
                assert english_left(rendered) == [], (key, rendered)
