"""The translators' page finds a message by its English text, its translation or its
number (a plain GET form, no script), marks the glossary's terms in the translation,
flags the words the glossary retired, and shows each message where it is read."""
import html
import re
import shutil

import pytest
from babel.messages.pofile import read_po, write_po

from referee.text.catalogs import DEFAULT_LOCALES_DIR

RETIRED_NE = "खारेज थाक"  # retired in locales/GLOSSARY.md for फालेका कार्डको थुप्रो


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from referee.api import create_app
    from referee.store.testing import migrated

    database = tmp_path_factory.mktemp("search-db") / "referee.db"
    app = create_app({"DATABASE_URL": migrated(f"sqlite:///{database}"), "TESTING": True,
                      "RATE_LIMITS": "off"})
    return app.test_client()


@pytest.fixture
def locales_with_a_retired_word(tmp_path, use_locales):
    """The shipped catalogs, with one Nepali translation using a retired word."""
    locales = tmp_path / "locales"
    shutil.copytree(DEFAULT_LOCALES_DIR, locales, ignore=shutil.ignore_patterns("*.mo"))
    path = locales / "ne" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ne")
    catalog.get("Find a message").string = f"{RETIRED_NE}मा सन्देश खोज्नुहोस्"
    with path.open("wb") as handle:
        write_po(handle, catalog)
    use_locales(locales)


def search(client, query, lang):
    response = client.get("/translators", query_string={"lang": "en", "q": query, "in": lang})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def found(page):
    """[(number, English, the translation's text, the translation's html)] of the results."""
    items = re.findall(r'<li class="message" id="message-(\d+)">(.*?)</li>\s*(?=<li class="message"|</ol>)', page, re.S)
    results = []
    for number, body in items:
        english = re.search(r'<p lang="en"><small class="code">#\d+</small> (.*?)</p>', body, re.S).group(1)
        marked = re.search(r'<p class="translation"[^>]*>(.*?)</p>', body, re.S).group(1)
        results.append((number, html.unescape(re.sub(r"<[^>]+>", "", english)),
                        html.unescape(re.sub(r"<[^>]+>", "", marked)), marked, body))
    return results


def test_a_search_by_english_finds_the_messages_with_their_translation(client):
    results = found(search(client, "did you mean", "gu"))
    assert len(results) >= 4
    assert all("did you mean" in english for _n, english, *_ in results)
    assert all("લખવા માગતા હતા" in translation for _n, _e, translation, *_ in results)


def test_a_search_by_translation_finds_the_message(client):
    results = found(search(client, "రాయాలనుకున్నారా", "te"))
    assert results and all("did you mean" in english for _n, english, *_ in results)


def test_a_search_by_number_finds_that_message(client):
    number, english, *_ = found(search(client, "There is no ruleset {parent} to extend;", "hi"))[0]
    assert any(n == number and e == english for n, e, *_ in found(search(client, number, "hi")))


def test_nothing_is_listed_before_a_search(client):
    assert 'id="found-count"' not in search(client, "", "gu")


def test_glossary_terms_are_marked_in_the_translation(client):
    _n, _e, translation, marked, _b = found(search(client, "{kind} is not a card of this ruleset.", "hi"))[0]
    assert "कार्ड" in translation
    assert '<mark class="term" title="card">कार्ड</mark>' in marked


def test_a_retired_word_is_flagged_inline_with_the_word_to_write(client, locales_with_a_retired_word):
    _n, _e, _t, marked, body = found(search(client, "Find a message", "ne"))[0]
    assert f'<mark class="retired" title="फालेका कार्डको थुप्रो">{RETIRED_NE}</mark>' in marked
    assert "glossary-violation" in body and "फालेका कार्डको थुप्रो" in body


def test_an_organiser_error_is_shown_as_the_workshop_shows_it(client):
    from referee.text.catalogs import translator

    body = found(search(client, "needs a space after the colon", "gu"))[0][4]
    example = re.search(r'<ul class="previews"><li lang="gu">(.*?)</li>', body).group(1)
    assert example.startswith(translator("gu").gettext("Line {line}, column {column}:", line=5, column=3))
    assert "target: 200" in example and "target:200" in example and "{" not in example


def test_a_rule_book_sentence_is_shown_in_its_rule_book(client):
    body = found(search(client, "Mercy rule: a player who holds", "hi"))
    assert body and "<ul class=\"previews\">" in body[0][4]


def test_a_page_label_links_to_its_page(client):
    results = found(search(client, "Write house rules as YAML", "te"))
    assert results and 'href="/workshop?lang=te"' in results[0][4]  # the page in the language searched


def test_a_result_opens_the_preview_with_its_message_picked(client):
    number, *_ = found(search(client, "{kind} is not a card of this ruleset.", "ne"))[0]
    page = client.get(f"/translators?lang=en&message={number}&preview_lang=ne").get_data(as_text=True)
    assert f'<option value="{number}" selected>' in page
    assert '<option value="ne" lang="ne" selected>' in page


def test_a_rule_book_sentence_is_shown_in_gujarati_as_its_rule_book_reads_it(client):
    from referee.rules import builtin_rulesets
    from referee.text.ruletext import build_sections

    body = found(search(client, "The coloured cards come in {colors}.", "gu"))[0][4]
    example = html.unescape(re.search(r'<ul class="previews"><li lang="gu">(.*?)</li>', body).group(1))
    setup = next(section for section in build_sections(builtin_rulesets()["classic"].data, "gu")
                 if section.id == "setup")
    sentence = dict(setup.facts)["colors"]
    assert example == f"{setup.title}: {sentence}"   # the section's title, then the sentence as players read it
    assert "{" not in example and "લાલ" in example


def test_a_page_label_is_shown_with_example_values_in_the_pages_language(client):
    body = found(search(client, "Open your language's catalog, {file}", "hi"))[0][4]
    example = html.unescape(re.search(r'<ul class="previews"><li lang="hi">(.*?)</li>', body).group(1))
    assert "{" not in example and "3" not in example   # an example file name, not a number
