"""The table companion's score keeper (/table, the default way to open a table) on
phones (390x844, touch): a whole game to its target with the rounds scored by points
and by cards left, an earlier round's score corrected with its reason, the winner and
the totals at game over, in English and in Hindi; the share link and its QR code
joining a second phone in the same mode; the opener's phone bound to a seat; the rules
link to the table's pinned rule book; the taps the common score keeper actions take;
and a full-tracking round of UNO Flip through its end."""
import pytest
import zxingcpp
from playwright.sync_api import expect

from test_table import TAP_TARGETS
from test_table_game import api, events, house_ruleset, table_id, tap_card
from web_support import (COUNT_TAPS, CLIPPED, PAGE_LANGUAGE_TEXT, english_left, phone_tabs, screenshot,
                         taps)

PLAYERS = ["Asha", "Bina", "Chirag"]


@pytest.fixture
def phones(browser):
    with phone_tabs(browser, 2, is_mobile=True) as tabs:
        yield tabs


def open_keeper(tab, server, ruleset, lang, seat="0"):
    """Opens a table the default way (keeping the scores) with this phone as `seat`'s."""
    tab.goto(f"{server['url']}/table?lang={lang}&ruleset={ruleset}")
    tab.fill("#players", ", ".join(PLAYERS))
    tab.select_option("#opener-seat", seat)
    assert tab.locator('#open [name="mode"][value="scores"]').is_checked()
    tab.locator("#opener-seat").scroll_into_view_if_needed()
    screenshot(tab, f"keeper-{lang}-0-open-form", full_page=False)
    tab.locator("#open button[type=submit]").click()
    tab.locator("#sheet").wait_for()
    return table_id(tab)


def sheet(tab):
    """The score sheet as shown: each round's row, then the totals."""
    rows = tab.locator("#sheet tbody tr").evaluate_all(
        "(rows) => rows.map((row) => Array.from(row.cells, (cell) => cell.firstChild.textContent.trim()))")
    totals = tab.locator("#sheet tfoot td").evaluate_all("(cells) => cells.map((cell) => cell.textContent)")
    return rows, [int(total) for total in totals]


def wait_rows(tab, count):
    expect(tab.locator("#sheet tbody tr")).to_have_count(count)


def went_out(tab, seat):
    tab.locator(f'#keeper-winners [data-out="{seat}"]').tap()
    tab.locator("#score:not([hidden])").wait_for()


def tap_unless_pressed(tab, selector):
    if tab.locator(selector).get_attribute("aria-pressed") != "true":
        tab.locator(selector).tap()


def score_by_points(tab, points):
    """Points typed for each seat that did not go out ({seat: points})."""
    tap_unless_pressed(tab, '[data-score-mode="points"]')
    for seat, value in points.items():
        tab.locator(f"#points-{seat}").fill(str(value))
    tab.locator("#score-send").tap()


def score_by_cards(tab, hands, send=True):
    """The cards left tapped for each seat that did not go out ({seat: [cards]})."""
    tap_unless_pressed(tab, '[data-score-mode="hands"]')
    for seat, cards in hands.items():
        tap_unless_pressed(tab, f'[data-score-seat="{seat}"]')
        for card in cards:
            tap_card(tab, card, picker="score")
    if send:
        tab.locator("#score-send").tap()


def deal(tab, round_number):
    tab.locator("#deal:not([hidden])").wait_for()
    tab.locator("#deal-send").tap()
    tab.locator(f'#keeper-out-title:has-text("{round_number}")').wait_for()


def fits_a_phone(tab):
    """Nothing clipped, and every control a finger uses is 44 px at least."""
    assert tab.evaluate(CLIPPED) == []
    small = [target for target in tab.evaluate(TAP_TARGETS) if target["width"] < 44 or target["height"] < 44]
    assert small == []


def correct(tab, round_number, reason, lang):
    tab.locator("#fix-open").wait_for()
    assert str(round_number) in tab.locator("#fix-open").inner_text()
    tab.locator("#fix-open").tap()
    tab.locator("#fix-reason").fill(reason)
    fits_a_phone(tab)
    screenshot(tab, f"keeper-{lang}-4-correcting", full_page=False)
    tab.locator("#fix-send").tap()


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_score_keeper_game_is_played_to_its_target_with_a_correction(server, phones, lang):
    """Three rounds of a game to 100 on the score keeper, two phones: Asha's opens it,
    Bina's joins by the share link. Round 1 by points, round 2 by cards left, round 2's
    score corrected (with its reason) after round 3 was dealt, and scored again; round 3
    ends the game. Both phones show each round's row, the totals and the winner."""
    asha, bina = phones
    ruleset = house_ruleset(server, 100)
    table = open_keeper(asha, server, ruleset, lang)
    entry = asha.evaluate("JSON.parse(localStorage.getItem('referee.tables'))")[table]
    assert entry["seat"] == 0 and entry["mode"] == "scores"
    # The opener's phone is Asha's: it cannot record a move for Bina.
    status, problem = api(server, "POST", f"/v1/tables/{table}/moves",
                          {"move": {"type": "draw", "player": 1}}, entry["secret"])
    assert status == 403 and problem["type"].endswith("not-your-seat")
    # Joining by the share link: the same table, kept the same way, on Bina's phone.
    link = asha.locator("#share-link").get_attribute("href")
    assert "join=" in link and "mode=scores" in link
    bina.goto(link)
    bina.locator(f'#who-seats [data-seat="1"]').tap()
    bina.locator("#sheet").wait_for()
    assert table_id(bina) == table
    for tab in (asha, bina):
        assert tab.locator("#seats").is_hidden() and tab.locator(".move-buttons").is_hidden()
        assert tab.locator("#judge-open").is_visible()
    screenshot(asha, f"keeper-{lang}-1-opened", full_page=False)

    asha.evaluate(COUNT_TAPS)
    went_out(asha, 1)  # round 1: Bina went out; Asha counts 12 points, Chirag 30
    score_by_points(asha, {0: 12, 2: 30})
    wait_rows(asha, 1)
    points_taps = taps(asha)
    wait_rows(bina, 1)
    assert sheet(bina) == ([["1", "0", "42", "0"]], [0, 42, 0])
    screenshot(asha, f"keeper-{lang}-2-round-1-scored", full_page=False)
    deal(asha, 2)
    deal_taps = taps(asha)

    bina.evaluate(COUNT_TAPS)
    went_out(bina, 2)  # round 2: Chirag went out; Asha holds red 5 and a Wild, Bina a blue Skip
    score_by_cards(bina, {0: ["red-5", "wild"], 1: ["blue-skip"]}, send=False)
    fits_a_phone(bina)
    screenshot(bina, f"keeper-{lang}-3-cards-left", full_page=False)
    bina.locator("#score-send").tap()
    wait_rows(bina, 2)
    cards_taps = taps(bina)
    assert sheet(bina) == ([["1", "0", "42", "0"], ["2", "0", "0", "75"]], [0, 42, 75])
    deal(bina, 3)

    # Round 2 was miscounted (Asha's red card was a 3): corrected from Asha's phone
    # after round 3 was dealt, with the reason, then scored again.
    asha.evaluate(COUNT_TAPS)
    correct(asha, 2, "Asha held red 3, not red 5", lang)
    asha.locator('#keeper-out-title:has-text("2")').wait_for()
    wait_rows(asha, 1)
    fix_taps = taps(asha)
    screenshot(asha, f"keeper-{lang}-5-corrected", full_page=False)
    went_out(asha, 2)
    score_by_cards(asha, {0: ["red-3", "wild"], 1: ["blue-skip"]})
    wait_rows(asha, 2)
    deal(asha, 3)

    went_out(bina, 1)  # round 3: Bina went out, 60 points: 102, the game
    score_by_points(bina, {0: 40, 2: 20})
    for tab in (asha, bina):
        tab.locator("#sheet tfoot td.winner").wait_for()
        assert sheet(tab) == ([["1", "0", "42", "0"], ["2", "0", "0", "73"], ["3", "0", "60", "0"]],
                              [0, 102, 73])
        assert tab.locator("#sheet tfoot td.winner").get_attribute("data-total") == "1"
        assert "Bina" in tab.locator("#next").inner_text() and "102" in tab.locator("#next").inner_text()
        assert tab.locator("#keeper-out").is_hidden() and tab.locator("#deal").is_hidden()
    bina.locator("#sheet").scroll_into_view_if_needed()
    fits_a_phone(bina)
    screenshot(bina, f"keeper-{lang}-6-game-over", full_page=False)

    log = events(server, table)
    scores = [event["move"] for event in log if event["move"]["type"] == "score"]
    assert [move["winner"] for move in scores] == [1, 2, 2, 1]
    corrections = [event for event in log if event["move"]["type"] == "correct"]
    assert [event["move"]["reason"] for event in corrections] == ["Asha held red 3, not red 5"] * 2
    assert all(event["verdict"]["legal"] for event in log)
    assert api(server, "GET", f"/v1/tables/{table}")[1]["state"]["phase"] == "game-over"
    if lang != "en":
        text = asha.evaluate(PAGE_LANGUAGE_TEXT)
        for name in PLAYERS:
            text = text.replace(name, "")
        assert english_left(text) == [], text
    # Taps of the common score keeper actions (typing is not counted): a round by
    # points: who went out, Record; a deal: Deal; a round by cards left (Asha's red 5
    # and Wild, Bina's blue Skip): who went out, the tab, red 5, Wild, Bina, the blue
    # tab, blue Skip, Record; a correction: open it, Take back.
    print(f"taps ({lang}): round by points {points_taps}, deal {deal_taps}, "
          f"round by 3 cards left {cards_taps}, correction {fix_taps}")
    assert (points_taps, deal_taps, cards_taps, fix_taps) == (2, 1, 8, 2)


def test_the_share_link_and_its_qr_code_join_a_second_phone(server, phones):
    """The join line offers the link and its QR code; the link opens the table on
    another phone, which asks whose phone it is and keeps the table the same way. The
    rules link opens the table's own rule book (its ruleset, at its version)."""
    opener, other = phones
    table = open_keeper(opener, server, "classic", "en", seat="table")
    assert opener.evaluate("JSON.parse(localStorage.getItem('referee.tables'))")[table]["seat"] == "table"
    opener.locator("#qr-toggle").tap()
    qr = opener.locator("#qr")
    qr.wait_for()
    link = opener.locator("#share-link").get_attribute("href")
    assert qr.get_attribute("data-link") == link
    # What a phone's camera would read: the canvas's pixels, decoded by a QR reader.
    width, height, grey = qr.evaluate("""(canvas) => {
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const grey = [];
      for (let i = 0; i < pixels.length; i += 4) grey.push(pixels[i]);
      return [canvas.width, canvas.height, grey];
    }""")
    image = memoryview(bytes(grey)).cast("B", (height, width))
    assert [found.text for found in zxingcpp.read_barcodes(image)] == [link]
    screenshot(opener, "keeper-share-qr")
    other.goto(link)
    other.locator("#who:not([hidden])").wait_for()
    other.locator("#who-table").tap()
    other.locator("#sheet").wait_for()
    assert table_id(other) == table
    assert other.locator("#keeper").is_visible()
    rules = opener.locator("#rules-link").get_attribute("href")
    assert "ruleset=classic" in rules and "version=1" in rules
    opener.locator("#rules-link").click()
    opener.wait_for_url("**/?ruleset=classic*")
    assert opener.locator("h1, h2").first.inner_text()


def test_a_score_keeper_phone_can_switch_to_tracking_and_back(server, phones):
    """The way a table is kept is each phone's choice: a phone that joined by the code
    alone keeps the scores on a table with no moves, and tracks once a play is heard."""
    asha, bina = phones
    table = open_keeper(asha, server, "classic", "en", seat="table")
    code = asha.locator("#join-line .code").inner_text().strip()
    asha.locator("#mode-switch").tap()
    asha.locator(".move-buttons").wait_for()
    bina.goto(f"{server['url']}/table?lang=en&code={code}")
    bina.locator("#who-table").tap()
    bina.locator("#sheet").wait_for()
    tap_card(asha, "red-3")
    asha.locator('[data-move="play"]').tap()
    bina.locator(".move-buttons").wait_for()  # the log has a play now: Bina's phone tracks
    assert bina.locator("#keeper").is_hidden()
    assert asha.evaluate("JSON.parse(localStorage.getItem('referee.tables'))")[table]["mode"] == "track"


def test_a_flip_round_is_tracked_to_its_end_and_scored(server, phones):
    """A full-tracking round of UNO Flip on the page: light-side plays, a Flip with the
    card it turned up, dark-side plays and a draw, the last card (with UNO! before it),
    then the round scored by the dark side's cards left."""
    tab = phones[0]
    tab.goto(f"{server['url']}/table?lang=en")
    tab.select_option("#ruleset", "flip")
    tab.locator('[data-picker="first"] [data-card="red-flip"]').wait_for()
    tab.fill("#players", "Asha, Bina")
    tab.locator('[data-picker="first"] [data-card="red-7"]').click()
    tab.check('#open [name="mode"][value="track"]')
    tab.locator("#open button[type=submit]").click()
    tab.locator(".move-buttons").wait_for()
    table = table_id(tab)

    def play(card, text, turned_up=None):
        tap_card(tab, card)
        if turned_up:
            tap_card(tab, turned_up, picker="turned-up")
        tab.locator('[data-move="play"]').tap()
        tab.locator("#verdict", has_text=text).wait_for()

    # Bina plays first (left of Asha, the dealer); seven cards each.
    play("red-3", "Bina played red 3")
    play("red-4", "Asha played red 4")
    play("red-flip", "Bina played", turned_up="teal-5")
    tab.locator("#side-line", has_text="Dark side up").wait_for()
    play("teal-2", "Asha played teal 2")
    tab.locator('[data-move="draw"]').tap()  # Bina draws one and keeps it
    tab.locator("#verdict", has_text="Bina drew").wait_for()
    tab.locator('[data-move="pass"]').tap()
    tab.locator("#verdict", has_text="Bina ended").wait_for()
    for number, player in ((6, "Asha"), (7, "Bina"), (8, "Asha"), (9, "Bina"), (1, "Asha"),
                           (3, "Bina"), (4, "Asha"), (5, "Bina")):
        if player == "Asha" and number == 4:  # Asha's last but one: UNO! first, then the card
            tab.locator('[data-move="call-uno"]').tap()
        play(f"teal-{number}", f"{player} played teal {number}")
    play("teal-6", "won the round")
    tab.locator("#score:not([hidden])").wait_for()
    screenshot(tab, "flip-round-over", full_page=False)
    # Bina holds two cards (7 + 1 drawn - 6 played): counted on the dark side.
    tab.locator('[data-score-mode="hands"]').tap()
    tap_card(tab, "pink-skip-everyone", picker="score")
    tap_card(tab, "orange-3", picker="score")
    tab.locator("#score-send").tap()
    tab.locator("#verdict", has_text="Asha wins the round").wait_for()
    log = events(server, table)
    assert all(event["verdict"]["legal"] for event in log), [e["verdict"] for e in log if not e["verdict"]["legal"]]
    assert log[2]["move"]["turned_up"] == "teal-5"
    assert {"type": "play", "player": 0, "cards": ["teal-4"], "uno": True} in [e["move"] for e in log]
    assert log[-1]["move"]["hands"] == [[], ["pink-skip-everyone", "orange-3"]]
    assert api(server, "GET", f"/v1/tables/{table}")[1]["state"]["scored"]
    tab.locator("#deal:not([hidden])").wait_for()
    screenshot(tab, "flip-round-scored", full_page=False)


def test_a_score_keeper_phone_that_is_behind_cannot_score_the_next_round(server, phones):
    """Bina's phone hears nothing new (its live link hangs) while Asha's scores round 1
    and deals round 2: Bina's score of "round 1" is refused as stale (409), never taken
    as round 2's, and the phone looks again."""
    asha, bina = phones
    table = open_keeper(asha, server, "classic", "en", seat="table")
    link = asha.locator("#share-link").get_attribute("href")
    bina.route("**/events*", lambda route: None)
    bina.goto(link)
    bina.locator("#who-table").tap()
    bina.locator("#keeper-out-title").wait_for()
    went_out(asha, 1)
    score_by_points(asha, {0: 10, 2: 5})
    deal(asha, 2)
    went_out(bina, 2)
    score_by_points(bina, {0: 3, 1: 4})
    bina.locator("#verdict", has_text="The table moved on: look again.").wait_for()
    assert [event["move"]["type"] for event in events(server, table)] == ["score", "deal"]
    bina.locator('#keeper-out-title:has-text("Round 2")').wait_for()
