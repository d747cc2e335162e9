"""No English is left on a translated page once it is in use: the rule book of every
shipped ruleset, the workshop showing a ruleset's mistakes, the translators' page with
a preview, and the practice table after moves. Text marked lang="en" (card ids, YAML,
rule paths, the English messages translators work from) is English on purpose."""
import pytest

from referee.rules import SCHEMA, builtin_rulesets
from web_support import PAGE_LANGUAGE_TEXT, TRANSLATED, english_left, screenshot

SCHEMA_KEYS = [key.replace("_", " ") for key in SCHEMA["properties"]]

BROKEN_RULESET = """\
id: broken-night
title: Broken night
extends: classic
hand_size: seven
scoring:
  target: 300
   single_round: true
"""
MISTAKES = """\
id: mistakes
title: Mistakes
extends: classic
deck_size: 100
hand_size: seven
house:
  jump_inn: {enabled: true}
players: {min: 2, max: 10}
"""


def english_on(page):
    return english_left(page.evaluate(PAGE_LANGUAGE_TEXT))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("ruleset", ["classic", "sonic", "attack", "hindi-table", "telugu-table"])
def test_the_rule_book_names_the_ruleset_in_the_readers_language(server, page, lang, ruleset):
    page.goto(f"{server['url']}/?ruleset={ruleset}&lang={lang}")
    title = page.locator(".book-title").inner_text()
    assert english_left(title) == [], title
    assert "seed" not in page.content()  # internal names never reach a page
    assert english_on(page) == []
    # The built-ins' titles, translated; an organiser's ruleset (another test may have
    # published one on the shared server) keeps the title its organiser typed.
    builtins = set(builtin_rulesets())
    options = [option.inner_text() for option in page.locator("#ruleset option").all()
               if option.get_attribute("value") in builtins]
    assert options and all(english_left(option) == [] for option in options), options


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("text, lines", [(MISTAKES, {5, 7}), (BROKEN_RULESET, {7})], ids=["schema", "yaml"])
def test_the_workshop_explains_mistakes_in_the_organisers_language(server, page, lang, text, lines):
    page.goto(f"{server['url']}/workshop?lang={lang}")
    page.fill("#yaml", text)
    page.click("#check")
    page.locator("#status.bad").wait_for()
    notes = page.locator("#lines .note.error")
    notes.first.wait_for()
    assert {int(line) for line in notes.evaluate_all("notes => notes.map(n => n.dataset.line)")} == lines
    own_words = set(english_left(text)) | set(english_left(" ".join(SCHEMA_KEYS)))  # the organiser's keys
    for message in page.locator("#lines .note .message").all_inner_texts():
        assert message.strip() and set(english_left(message)) <= own_words, message
    assert page.locator("#lines .note .code").count() == notes.count()  # the stable code beside it
    screenshot(page, f"workshop-mistakes-{lang}-{len(lines)}")
    assert set(english_on(page)) <= own_words


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_translators_page_and_its_preview_are_in_the_translators_language(server, page, lang):
    page.goto(f"{server['url']}/translators?lang={lang}")
    page.select_option("#preview-lang", lang)
    page.select_option("#preview-message", label="{player} called UNO.")
    page.fill("#preview-text", "{player} UNO!")
    page.click("#preview button[type=submit]")
    preview = page.locator("#preview .previews li")
    preview.first.wait_for()
    assert preview.first.inner_text() == {"gu": "આશા UNO!", "hi": "आशा UNO!", "ne": "आशा UNO!", "te": "ఆశ UNO!"}[lang]
    screenshot(page, f"translators-preview-{lang}", full_page=False)
    assert english_on(page) == []
    assert "/work/" not in page.content() and "/LC_MESSAGES/messages.po:" not in page.content()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_practice_table_speaks_the_visitors_language(server, page, lang):
    page.goto(f"{server['url']}/try?lang={lang}")
    page.select_option("#ruleset", "attack")
    page.fill("#players", "Asha, Bina, Chirag")
    page.fill("#first-card", "red-7")
    page.click("#open button[type=submit]")
    page.locator("#board:not([hidden])").wait_for()
    form = page.locator("form.move[data-type=play]")
    form.locator("select[name=player]").select_option("1")
    form.locator("input[name=cards]").fill("blue-3")
    form.locator("button").click()
    page.locator("#verdicts li").first.wait_for()
    message = page.locator("#verdicts li .message").first.inner_text()
    assert set(english_left(message)) <= {"Bina"}, message
    screenshot(page, f"try-attack-{lang}")
    assert set(english_on(page)) <= {"Asha", "Bina", "Chirag"}
