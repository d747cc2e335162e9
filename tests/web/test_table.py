"""The table companion (/table) on two phones at one table: joining by code, moves
seen live on the other phone without a reload, undo on both, every language, big
tap targets, and a move sent again after the network dropped."""
import json
import time
import urllib.request

import pytest

from web_support import PHONE, phone_tabs, PAGE_LANGUAGE_TEXT, TRANSLATED, english_left, screenshot

PLAYERS = ["Asha", "Bina", "Chirag"]
LIVE_SECONDS = 1.0

# Every control a finger uses, with its size (tap targets: 44 px at least).
TAP_TARGETS = """() => Array.from(document.querySelectorAll(
    "main button, main input, main select, main a"))
  .filter((element) => element.getClientRects().length > 0)
  .map((element) => {
    const box = element.getBoundingClientRect();
    return {what: element.outerHTML.slice(0, 80), width: box.width, height: box.height};
  })"""


@pytest.fixture
def phones(browser):
    """Two phones (browser contexts at 390x844) that fail the test on script errors."""
    with phone_tabs(browser, 2) as tabs:
        yield tabs


def open_table(tab, server, lang="en", name="Kitchen table"):
    tab.goto(f"{server['url']}/table?lang={lang}")
    tab.fill("#name", name)
    tab.fill("#players", ", ".join(PLAYERS))
    tab.locator('[data-picker="first"] [data-card="red-7"]').click()
    tab.check('#open [name="mode"][value="track"]')
    tab.locator("#open button[type=submit]").click()
    tab.locator("#join-line .code").wait_for()
    return tab.locator("#join-line .code").inner_text().strip()


def join_table(tab, server, code, lang="en", seat="table"):
    """Joins by the `?code=` link of a table that tracks every move; the page asks whose
    phone this is: a seat's (its player's name tapped) or the table's."""
    tab.goto(f"{server['url']}/table?lang={lang}&code={code}&mode=track")
    tab.locator("#who:not([hidden])").wait_for()
    if seat == "table":
        tab.locator("#who-table").click()
    else:
        tab.locator(f'#who-seats [data-seat="{seat}"]').click()
    tab.locator("#seats li").first.wait_for()


def events(server, table_id):
    with urllib.request.urlopen(f"{server['url']}/v1/tables/{table_id}/events") as answer:
        return json.load(answer)["events"]


def table_id(tab):
    return tab.evaluate("new URLSearchParams(location.search).get('t')")


def test_two_phones_see_each_others_moves_live_and_undo_on_both(server, phones):
    first, second = phones
    code = open_table(first, server)
    join_table(second, server, code)
    assert second.locator("#table-name").inner_text() == "Kitchen table"
    # Bina (seat 1) is to play: the buttons act for her without choosing anyone.
    assert second.locator("#seats li[aria-current] .player-name").inner_text() == "Bina"

    first.locator('[data-picker="hand"] [data-card="red-3"]').click()
    first.locator('[data-move="play"]').click()
    played = "Bina played red 3"
    first.locator("#verdict", has_text=played).wait_for()
    recorded = time.monotonic()
    second.locator("#verdict", has_text=played).wait_for(timeout=LIVE_SECONDS * 1000)
    assert time.monotonic() - recorded < LIVE_SECONDS
    assert "Chirag" in second.locator("#next").inner_text()
    assert second.locator("#seats li[aria-current] .player-name").inner_text() == "Chirag"
    screenshot(second, "table-phone-after-move", full_page=False)

    # Undo names the move it would take back, and takes back that one only when told.
    second.locator('[data-move="undo"]').click()
    second.locator("#undo-question", has_text="Take back: Bina played red 3").wait_for()
    second.locator("#undo-yes").click()
    second.locator("#verdict", has_text="1 move was taken back").wait_for()
    first.locator("#verdict", has_text="1 move was taken back").wait_for(timeout=LIVE_SECONDS * 1000)
    for tab in phones:
        assert tab.locator("#seats li[aria-current] .player-name").inner_text() == "Bina"
    assert [event["move"]["type"] for event in events(server, table_id(first))] == [
        "play", "correct"]
    screenshot(first, "table-phone-after-undo", full_page=False)


def play_red_3_and_wait_for_the_other_phone(first, second):
    """Plays Bina's red 3 on `first`; seconds until `second` shows it."""
    first.locator('[data-picker="hand"] [data-card="red-3"]').click()
    first.locator('[data-move="play"]').click()
    first.locator("#verdict", has_text="Bina played red 3").wait_for()
    recorded = time.monotonic()
    second.locator("#verdict", has_text="Bina played red 3").wait_for(
        timeout=LIVE_SECONDS * 1000)
    return time.monotonic() - recorded


def test_a_phone_hears_moves_on_one_stream_without_asking_again(server, phones):
    first, second = phones
    asked = []
    second.on("request", lambda request: asked.append(
        (request.url, request.headers.get("accept", "")))
        if "/events" in request.url else None)
    join_table(second, server, open_table(first, server))
    assert play_red_3_and_wait_for_the_other_phone(first, second) < LIVE_SECONDS
    assert len(asked) == 1 and "text/event-stream" in asked[0][1], asked
    assert "wait=" not in asked[0][0]


def test_a_phone_whose_stream_is_refused_long_polls_instead(server, phones):
    first, second = phones

    def refuse_streams(route):
        if "text/event-stream" in route.request.headers.get("accept", ""):
            route.fulfill(status=503, content_type="application/problem+json",
                          body='{"status": 503}')
        else:
            route.continue_()
    second.route("**/events*", refuse_streams)
    join_table(second, server, open_table(first, server))
    assert play_red_3_and_wait_for_the_other_phone(first, second) < LIVE_SECONDS


def test_every_control_is_a_44_px_tap_target(server, phones):
    first, _ = phones
    first.goto(f"{server['url']}/table?lang=en")
    start = first.evaluate(TAP_TARGETS)
    open_table(first, server)
    playing = first.evaluate(TAP_TARGETS)
    assert len(playing) > 20
    small = [target for target in start + playing
             if target["width"] < 44 or target["height"] < 44]
    assert small == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_table_page_has_no_english_left(server, phones, lang):
    first, second = phones
    code = open_table(first, server, lang=lang, name="Asha")
    join_table(second, server, code, lang=lang)
    second.locator('[data-picker="hand"] [data-card="red-3"]').click()
    second.locator('[data-move="play"]').click()
    first.locator("#verdict:not(:empty)").wait_for()
    second.locator('[data-picker="hand"] [data-card="wild"]').click()  # the colour choice
    for tab in phones:
        text = tab.evaluate(PAGE_LANGUAGE_TEXT)
        for name in PLAYERS:  # what people wrote stays as they wrote it
            text = text.replace(name, "")
        assert english_left(text) == [], text
        assert tab.locator("#verdict").inner_text().strip()
        assert tab.locator("#next").inner_text().strip()
    screenshot(second, f"table-phone-{lang}", full_page=False)


def test_a_move_is_sent_again_with_the_same_key_when_the_network_drops(server, phones):
    first, _ = phones
    open_table(first, server)
    keys = []

    def drop_first(route):
        keys.append(route.request.headers.get("idempotency-key"))
        if len(keys) == 1:
            route.abort("internetdisconnected")
        else:
            route.continue_()
    first.route("**/moves*", drop_first)
    first.locator('[data-picker="hand"] [data-card="red-3"]').click()
    first.locator('[data-move="play"]').click()
    first.locator("#verdict", has_text="Bina played red 3").wait_for()
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0]
    assert len(events(server, table_id(first))) == 1


def test_a_phone_that_reloads_finds_its_table_again(server, phones):
    first, _ = phones
    open_table(first, server)
    first.reload()
    first.locator("#seats li").first.wait_for()
    assert first.locator("#start").is_hidden()
    assert first.locator("#join-line .code").inner_text().strip()


def open_flip_table(page, server, lang):
    """Opens a UNO Flip table on red 7 from the phone's page in `lang`."""
    page.goto(f"{server['url']}/table?lang={lang}")
    page.select_option("#ruleset", "flip")
    page.locator('[data-picker="first"] [data-card="red-flip"]').wait_for()
    page.fill("#players", ", ".join(PLAYERS))
    page.locator('[data-picker="first"] [data-card="red-7"]').click()
    page.check('#open [name="mode"][value="track"]')
    page.locator("#open button[type=submit]").click()


def test_a_flip_table_plays_a_flip_with_its_turned_up_card_then_the_dark_side(server, phones):
    """UNO Flip: a Flip asks for the other side's card it turned up; the table is then
    on the dark side, and the phone offers the dark side's cards and colours."""
    first, _ = phones
    open_flip_table(first, server, "en")
    first.locator("#side-line", has_text="Light side up").wait_for()
    assert first.locator('[data-picker="hand"] [data-color="teal"]').count() == 0
    assert first.locator("#turned-up").is_hidden()

    first.locator('[data-picker="hand"] [data-card="red-flip"]').click()
    picker = first.locator('[data-picker="turned-up"]')
    picker.wait_for()
    assert first.locator("#turned-up").is_visible()
    assert picker.locator("[data-color]").evaluate_all(
        "(tabs) => tabs.map((tab) => tab.dataset.color)") == ["pink", "teal", "orange", "purple"]
    picker.locator('[data-color="teal"]').click()
    picker.locator('[data-card="teal-7"]').click()
    small = [target for target in first.evaluate(TAP_TARGETS)
             if target["width"] < 44 or target["height"] < 44]
    assert small == []
    first.locator('[data-move="play"]').click()
    first.locator("#side-line", has_text="Dark side up").wait_for()
    assert first.locator("#verdict").get_attribute("class").endswith("good")
    assert "card-teal" in first.locator("#top-card").get_attribute("class").split()
    assert first.locator("#turned-up").is_hidden()
    played = events(server, table_id(first))[-1]["move"]
    assert played["cards"] == ["red-flip"] and played["turned_up"] == "teal-7"

    # The dark side's cards and colours are offered now, and a dark card is played.
    hand = first.locator('[data-picker="hand"]')
    assert hand.locator("[data-color]").evaluate_all(
        "(tabs) => tabs.map((tab) => tab.dataset.color)") == ["pink", "teal", "orange", "purple"]
    assert hand.locator('[data-card="red-3"]').count() == 0
    hand.locator('[data-card="wild"]').click()
    assert first.locator("#wild-colors button").evaluate_all(
        "(buttons) => buttons.map((button) => button.className)") == [
        f"tab card-{color}" for color in ("pink", "teal", "orange", "purple")]
    first.locator("#clear").click()
    hand.locator('[data-color="teal"]').click()
    hand.locator('[data-card="teal-3"]').click()
    first.locator('[data-move="play"]').click()
    first.locator("#verdict", has_text="Chirag played teal 3").wait_for()
    assert first.locator("#top-card").inner_text() == "teal 3"
    screenshot(first, "table-phone-flip-dark-side", full_page=False)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_flip_table_names_the_side_and_the_turned_up_question(server, phones, lang):
    first, _ = phones
    open_flip_table(first, server, lang)
    first.locator("#side-line:not([hidden])").wait_for()
    first.locator('[data-picker="hand"] [data-card="red-flip"]').click()
    first.locator('#turned-up:not([hidden])').wait_for()
    text = first.evaluate(PAGE_LANGUAGE_TEXT)
    for name in PLAYERS:
        text = text.replace(name, "")
    assert english_left(text) == [], text
    assert first.locator("#side-line").inner_text() not in ("Light side up", "")
