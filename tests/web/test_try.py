"""The practice board: a table opened and moves judged through the public API."""
import pytest
from playwright.sync_api import expect

from web_support import PAGE_LANGUAGE_TEXT, english_left, screenshot


PLAYERS = ["Asha", "Bina", "Chirag"]


def open_table(page, server, lang="en", ruleset="classic", first_card="red-7"):
    page.goto(f"{server['url']}/try?lang={lang}")
    page.select_option("#ruleset", ruleset)
    page.fill("#players", ", ".join(PLAYERS))
    page.fill("#dealer", "0")
    page.fill("#first-card", first_card)
    page.click("#open button[type=submit]")
    page.locator("#board:not([hidden])").wait_for()
    # The opening's verdict is written after its effects are worded (a request of its
    # own): wait for it, so that counting verdicts afterwards counts only moves.
    page.locator("#verdicts li").first.wait_for()


def play(page, player, cards, color=None):
    form = page.locator("form.move[data-type=play]")
    form.locator("select[name=player]").select_option(str(player))
    form.locator("input[name=cards]").fill(cards)
    form.locator("select[name=color]").select_option(color or "")
    before = page.locator("#verdicts li").count()
    form.locator("button").click()
    # A locator wait, not wait_for_function: the page's CSP forbids evaluating strings.
    page.locator("#verdicts li").nth(before).wait_for()
    return page.locator("#verdicts li").first


def test_opening_a_table_shows_the_public_state(server, page):
    open_table(page, server)
    assert page.locator("#state-top code").inner_text() == "red-7"
    assert page.locator("#state-color").inner_text() == "red"
    assert page.locator("#state-current").inner_text().startswith("1")  # left of the dealer
    counts = page.locator("#seats tr td:nth-child(3)").all_inner_texts()
    assert counts == ["7", "7", "7"]


@pytest.mark.parametrize("lang", ["en", "te"])
def test_a_legal_and_an_illegal_move_get_explained_verdicts(server, page, lang):
    open_table(page, server, lang)
    legal = play(page, 1, "red-5")
    assert "legal" in legal.get_attribute("class").split()
    assert legal.locator(".message").inner_text().strip()
    assert legal.locator(".code").inner_text() == "played"
    assert page.locator("#state-top code").inner_text() == "red-5"
    assert page.locator("#seats tr td:nth-child(3)").all_inner_texts() == ["7", "6", "7"]
    assert page.locator("#state-current").inner_text().startswith("2")

    illegal = play(page, 2, "blue-3")
    assert "illegal" in illegal.get_attribute("class").split()
    assert illegal.locator(".code").inner_text() == "card-does-not-match"
    assert illegal.locator(".rule").inner_text().strip()
    assert illegal.locator(".message").inner_text().strip()
    assert page.locator("#state-top code").inner_text() == "red-5"  # nothing changed
    assert page.locator("#seats tr td:nth-child(3)").all_inner_texts() == ["7", "6", "7"]
    if lang != "en":  # the board's labels, badges and state in the visitor's language
        left = set(english_left(page.evaluate(PAGE_LANGUAGE_TEXT))) - set(PLAYERS)
        assert not left, left
    screenshot(page, f"try-moves-{lang}")


def test_effects_of_an_action_card_are_listed(server, page):
    open_table(page, server)
    verdict = play(page, 1, "red-draw-two")
    effects = verdict.locator(".effects").inner_text()
    assert "Chirag draws 2 cards." in effects and "Chirag loses their turn." in effects
    assert page.locator("#state-current").inner_text().startswith("2")  # Chirag must answer
    # The pending draw is worded by a request of its own after the verdict is shown.
    expect(page.locator("#state-pending")).to_contain_text("2")
    form = page.locator("form.move[data-type=accept]")
    form.locator("select[name=player]").select_option("2")
    form.locator("button").click()
    page.locator("#verdicts li:nth-child(3)").wait_for()
    assert page.locator("#verdicts li").first.locator(".code").inner_text() == "draw-accepted"
    assert page.locator("#state-current").inner_text().startswith("0")  # Chirag lost the turn
    assert page.locator("#seats tr td:nth-child(3)").all_inner_texts() == ["7", "6", "9"]


def test_a_wild_names_a_colour_from_the_rulesets_colours(server, page):
    open_table(page, server)
    colours = page.locator("form.move[data-type=play] select[name=color] option").all_inner_texts()
    assert colours[1:] == ["red", "yellow", "green", "blue"]  # after "no colour"
    verdict = play(page, 1, "wild", color="blue")
    assert "legal" in verdict.get_attribute("class").split()
    assert page.locator("#state-color").inner_text() == "blue"


def test_a_card_the_deck_lacks_is_reported_as_bad_input(server, page):
    open_table(page, server)
    verdicts = page.locator("#verdicts li").count()
    form = page.locator("form.move[data-type=play]")
    form.locator("select[name=player]").select_option("1")
    form.locator("input[name=cards]").fill("purple-12")
    form.locator("button").click()
    page.locator("#problem:not([hidden])").wait_for()
    assert "cards" in page.locator("#problem").inner_text()
    assert page.locator("#verdicts li").count() == verdicts  # no verdict for bad input


def test_a_flip_asks_for_its_turned_up_card_and_the_board_turns_to_the_dark_side(server, page):
    open_table(page, server, ruleset="flip")
    form = page.locator("form.move[data-type=play]")
    colours = form.locator("select[name=color] option")
    assert page.locator("#state-side").inner_text() == "Light side up"
    assert colours.all_inner_texts()[1:] == ["red", "yellow", "green", "blue"]
    form.locator("input[name=cards]").fill("red-3")
    assert form.locator("#turned-up-field").is_hidden()

    form.locator("select[name=player]").select_option("1")
    form.locator("input[name=cards]").fill("red-flip")
    form.locator("input[name=turned_up]").fill("teal-7")  # shown only for a Flip
    form.locator("button").click()
    page.locator("#state-side", has_text="Dark side up").wait_for()
    verdict = page.locator("#verdicts li").first
    assert "legal" in verdict.get_attribute("class").split()
    assert page.locator("#state-top code").inner_text() == "teal-7"
    assert page.locator("#state-color").inner_text() == "teal"
    assert colours.all_inner_texts()[1:] == ["pink", "teal", "orange", "purple"]

    assert "legal" in play(page, 2, "teal-3").get_attribute("class").split()
    assert "legal" in play(page, 0, "wild", color="purple").get_attribute("class").split()
    assert page.locator("#state-color").inner_text() == "purple"
    screenshot(page, "try-flip-dark-side")
