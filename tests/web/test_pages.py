"""Every page, in every language: it loads, says its language, offers the others,
uses the right fonts and hides no text."""
import pytest

from web_support import (CLIPPED, LANGUAGES, PAGE_LANGUAGE_TEXT, PAGES, TRANSLATED,
                         english_left, screenshot)

SCRIPT_FONTS = {"gu": "Noto Sans Gujarati", "hi": "Noto Sans Devanagari",
                "ne": "Noto Sans Devanagari", "te": "Noto Sans Telugu"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_page_is_served_in_the_chosen_language_and_fits_a_phone(server, page, name, lang):
    """In a translated language this fails while any of the page's text is still
    English: the acceptance test of the translations (pages and rule text)."""
    response = page.goto(f"{server['url']}{PAGES[name]}?lang={lang}")
    screenshot(page, f"{name}-{lang}")
    assert response.status == 200
    assert response.headers["content-language"] == lang
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("h1").inner_text().strip()
    assert page.evaluate(CLIPPED) == []
    page.set_viewport_size({"width": 390, "height": 800})
    screenshot(page, f"phone-{name}-{lang}", full_page=False)
    assert page.evaluate(CLIPPED) == []
    if lang != "en":
        assert english_left(page.evaluate(PAGE_LANGUAGE_TEXT)) == []


@pytest.mark.parametrize("name", PAGES)
def test_accept_language_chooses_the_language_without_a_query(browser, server, name):
    context = browser.new_context(locale="ne-NP", extra_http_headers={"Accept-Language": "ne-NP,ne;q=0.9,en;q=0.5"})
    try:
        tab = context.new_page()
        tab.goto(f"{server['url']}{PAGES[name]}")
        assert tab.locator("html").get_attribute("lang") == "ne"
    finally:
        context.close()


@pytest.mark.parametrize("name", PAGES)
def test_language_switcher_keeps_the_page_and_its_query(server, page, name):
    page.goto(f"{server['url']}{PAGES[name]}?lang=en&ruleset=sonic")
    switcher = page.locator("nav.languages a[hreflang=te]")
    assert switcher.get_attribute("lang") == "te"
    switcher.click()
    assert page.locator("html").get_attribute("lang") == "te"
    path, _, query = page.url.removeprefix(server["url"]).partition("?")
    assert path == PAGES[name]
    assert "ruleset=sonic" in query and "lang=te" in query


@pytest.mark.parametrize("lang", TRANSLATED)
def test_text_uses_the_font_for_its_script(server, page, lang):
    page.goto(f"{server['url']}/?lang={lang}")
    family = page.locator("article.book section p").first.evaluate("p => getComputedStyle(p).fontFamily")
    assert SCRIPT_FONTS[lang] in family


def test_the_english_check_sees_english(server, page):
    page.goto(f"{server['url']}/try?lang=en")
    assert {"Open", "table", "Ruleset"} <= set(english_left(page.evaluate(PAGE_LANGUAGE_TEXT)))


def test_the_rule_book_form_chooses_a_ruleset_and_a_language(server, page):
    page.goto(f"{server['url']}/?lang=en")
    page.select_option("#ruleset", "attack")
    page.select_option("#book-lang", "gu")
    page.click("form.picker button")
    assert page.locator("html").get_attribute("lang") == "gu"
    assert page.locator("article.book").get_attribute("lang") == "gu"
    assert page.locator("#ruleset option:checked").get_attribute("value") == "attack"
