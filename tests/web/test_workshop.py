"""The organisers' workshop: problems shown beside their lines, the comparison with
the parent ruleset, publishing with a token."""
import uuid
from pathlib import Path

import pytest
import yaml

from web_support import TRANSLATED, screenshot

CASES = yaml.safe_load((Path(__file__).parent / "cases" / "workshop_problems.yaml").read_text())

HOUSE_RULES = """\
id: {id}
title: Friday stacking night
extends: classic
house:
  stacking:
    draw-two: [draw-two]
scoring:
  target: 250
"""

# The id of the source line a note is shown under (other notes may sit between).
LINE_ABOVE = """note => {
  let row = note.previousElementSibling;
  while (row && row.classList.contains("note")) row = row.previousElementSibling;
  return row ? row.id : null;
}"""


def open_workshop(page, server, lang="en"):
    page.goto(f"{server['url']}/workshop?lang={lang}")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_an_uploaded_file_shows_each_problem_under_its_line(server, page, tmp_path, case):
    upload = tmp_path / "house.yaml"
    upload.write_text(case["ruleset"], encoding="utf-8")
    open_workshop(page, server)
    page.set_input_files("#file", str(upload))
    kind = "warning" if case.get("warning") else "error"
    note = page.locator(f"#lines .note.{kind}[data-line='{case['line']}']").first
    note.wait_for()
    assert case["says"] in note.inner_text()
    assert note.evaluate(LINE_ABOVE) == f"line-{case['line']}"
    assert "flagged" in page.locator(f"#line-{case['line']}").get_attribute("class")
    # a warning does not stop a ruleset from being valid
    assert page.locator("#status.good" if case.get("warning") else "#status.bad").is_visible()
    screenshot(page, "workshop-problem-" + "-".join(case["name"].split()[:4]))


def test_a_valid_house_ruleset_is_compared_with_its_parent(server, page):
    open_workshop(page, server)
    page.fill("#yaml", HOUSE_RULES.format(id="compare-me"))
    page.click("#check")
    page.locator("#status.good").wait_for()
    assert "Classic UNO" in page.locator("#parent").inner_text()
    changes = page.locator("#changes li")
    changes.first.wait_for()
    assert changes.count() >= 2  # stacking and the target score
    assert page.locator("#lines .note.error").count() == 0


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_comparison_is_in_the_visitors_language(server, page, lang):
    open_workshop(page, server, lang)
    page.fill("#yaml", HOUSE_RULES.format(id="compare-me"))
    page.click("#check")
    page.locator("#changes li").first.wait_for()
    english = page.evaluate("""() => fetch('/workshop/changes?lang=en', {method: 'POST',
        headers: {'Content-Type': 'application/yaml'}, body: document.getElementById('yaml').value})
        .then(r => r.json())""")
    shown = page.locator("#changes li").all_inner_texts()
    assert len(shown) == len(english["changes"])
    assert shown != english["changes"]
    screenshot(page, f"workshop-compare-{lang}")


def test_publishing_needs_a_valid_token(server, page):
    open_workshop(page, server)
    page.fill("#yaml", HOUSE_RULES.format(id=f"no-token-{uuid.uuid4().hex[:8]}"))
    page.fill("#token", "not-a-token")
    page.click("#publish-button")
    page.locator("#published.bad").wait_for()
    assert page.locator("#published").inner_text().strip()


def test_a_published_ruleset_gets_a_version_and_a_rule_book_in_every_language(server, page):
    ruleset_id = f"friday-{uuid.uuid4().hex[:8]}"
    open_workshop(page, server)
    page.fill("#yaml", HOUSE_RULES.format(id=ruleset_id))
    page.fill("#token", server["token"])
    page.click("#publish-button")
    page.locator("#published.good").wait_for()
    assert ruleset_id in page.locator("#published").inner_text()
    assert "1" in page.locator("#published").inner_text()
    screenshot(page, "workshop-published")

    page.click("#published-book")
    assert page.locator("#ruleset option:checked").get_attribute("value") == ruleset_id

    books = {}
    for lang in ("en", *TRANSLATED):
        response = page.goto(f"{server['url']}/?ruleset={ruleset_id}&lang={lang}")
        assert response.status == 200
        book = page.locator("article.book")
        assert book.get_attribute("lang") == lang
        assert page.locator(f"#ruleset option[value='{ruleset_id}']").get_attribute("selected") is not None
        books[lang] = book.inner_text()
        screenshot(page, f"rulebook-{ruleset_id.split('-')[0]}-{lang}")
    assert len(set(books.values())) == len(books)  # five different languages
    assert "250" in books["en"]
    assert "500 points" not in books["en"]  # not the inherited description of classic


@pytest.mark.parametrize("lang", ["gu", "hi"])
def test_a_refused_token_and_a_built_in_id_are_said_in_the_page_s_language(server, page, lang):
    """The server's refusals reach the page in its language (they were English inside a
    Gujarati or Hindi sentence), and the built-in id is filled in, not {ruleset_id}."""
    open_workshop(page, server, lang)
    page.fill("#yaml", HOUSE_RULES.format(id=f"no-token-{uuid.uuid4().hex[:8]}"))
    page.fill("#token", "not-a-token")
    page.click("#publish-button")
    page.locator("#published.bad").wait_for()
    refused = page.locator("#published").inner_text()
    assert "token" not in refused.lower() and "revoked" not in refused
    page.fill("#yaml", "id: classic\ntitle: Ours\nextends: sonic\n")
    page.fill("#token", server["token"])
    page.click("#publish-button")
    page.locator("#published.bad").wait_for()
    page.wait_for_function("old => document.querySelector('#published').innerText !== old", arg=refused)
    builtin = page.locator("#published").inner_text()
    assert "extends: classic" in builtin and "{" not in builtin and "built-in" not in builtin


def test_a_key_at_the_wrong_level_is_shown_with_the_key_it_belongs_under(server, page):
    open_workshop(page, server, "gu")
    page.fill("#yaml", "id: dedented\ntitle: Dedented\nextends: classic\njump_in:\n  enabled: true\n")
    page.click("#check")
    note = page.locator("#lines .note.error").first
    note.wait_for()
    assert page.evaluate(LINE_ABOVE, note.element_handle()) == "line-4"
    assert "house:" in note.inner_text() and "jump_in" in note.inner_text()
