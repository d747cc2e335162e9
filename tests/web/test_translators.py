"""The translators' page: completeness, problems and the messages still waiting."""
from web_support import TRANSLATED


def test_every_language_has_its_completeness_and_its_section(server, page):
    page.goto(f"{server['url']}/translators?lang=en")
    for lang in TRANSLATED:
        row = page.locator(f"#summary-{lang}")
        assert row.locator("meter").count() == 1
        assert page.locator(f"section#{lang}").count() == 1
        assert row.locator("a").get_attribute("lang") == lang


def test_untranslated_messages_are_listed_with_their_context(server, page, tmp_path, use_locales):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    # A catalog with one translated and one waiting message, read from a temp locales dir.
    locales = tmp_path / "locales"
    for lang in TRANSLATED:
        catalog = Catalog(locale=lang)
        catalog.add("Draw", string="x", locations=[("referee/web/templates/web/try.html", 3)])
        catalog.add("Hand shown", auto_comments=["On the practice board: the challenge form."],
                    locations=[("referee/web/templates/web/try.html", 9)])
        target = locales / lang / "LC_MESSAGES"
        target.mkdir(parents=True)
        with (target / "messages.po").open("wb") as po:
            write_po(po, catalog)
    use_locales(locales)  # the server runs in this process

    page.goto(f"{server['url']}/translators?lang=en")
    waiting = page.locator("section#gu table.untranslated tbody tr")
    page.locator("section#gu details summary").click()
    assert waiting.count() == 1
    assert "Hand shown" in waiting.locator("td").nth(0).inner_text()
    context = waiting.locator("td").nth(1).inner_text()
    assert "On the practice board: the challenge form." in context
    assert "try.html:9" in context


def test_a_translator_searches_without_a_script_and_sees_glossary_terms_marked(server, page):
    page.goto(f"{server['url']}/translators?lang=hi")
    page.fill("#search-q", "is not a card of this ruleset")
    page.select_option("#search-in", "hi")
    page.locator("#search button[type=submit]").click()
    page.locator("#found-count").wait_for()
    assert "?lang=hi&q=" in page.url  # a plain GET: the search can be bookmarked and shared
    first = page.locator("ol.found li.message").first
    assert "is not a card of this ruleset" in first.locator("p[lang=en]").first.inner_text()
    assert first.locator("p.translation mark.term", has_text="कार्ड").count() >= 1
    assert first.locator("ul.previews li").count() >= 1
