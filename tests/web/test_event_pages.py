"""An evening of 16 players run from the organiser's page, the projector following it.

The tables are played by simulated phones through the API (the helpers of the API's
whole-evening test); the organiser only uses the page: the token kept in the browser,
Start, a swap, Close refused while tables play (its reason in Hindi), time called with
each hand's points, the final table. The projector's page (public, in Hindi) follows
the tables ending and names the correction made at a table after its round closed."""
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "api"))  # the evening's helpers

from apitest import bearer, unique_id  # noqa: E402
from event_support import SimulatedTable, create_event, publish_house  # noqa: E402
from test_api_events_evening import PLAYERS, POINTS, correct_the_last_score  # noqa: E402
from web_support import CLIPPED, PAGE_LANGUAGE_TEXT, PHONE, english_left, screenshot  # noqa: E402

from referee.text.catalogs import translator  # noqa: E402
from referee.text.events import event_message  # noqa: E402

LAPTOP = {"width": 1366, "height": 900}
PROJECTOR = {"width": 1920, "height": 1080}
TIME_AFTER = 30  # moves each table of round 2 plays before time is called
# Latin words a Hindi page may show: the names the organiser typed (players, the event).
TYPED_BY_ORGANISER = set(PLAYERS) | {"Friday", "heats"}
JOIN_CODE = re.compile(r"^[A-Z0-9]{4}-[A-Z0-9]{4}$")


class Evening:
    """The event, its tables played by phones (the API, as test_api_events_evening)."""

    def __init__(self, server):
        self.app, self.token = server["app"], server["token"]
        self.client = self.app.test_client()
        house = unique_id("pages")
        publish_house(self.client, self.token, house, target=100)
        self.event = create_event(self.client, self.token, name="Friday heats", ruleset=house,
                                  players=PLAYERS, seed=2026,
                                  format={"type": "heats", "rounds": 2, "final": {"top": 4}},
                                  scoring={"type": "placement", "points": POINTS})
        self.captain = self.client.post(f"/v1/events/{self.event['id']}/captains",
                                        json={"name": "phones"}, headers=bearer(self.token)).get_json()["token"]
        self.rules = self.app.extensions["referee"].catalog.rules_for(house, 1)
        self.tables = {}

    def read(self):
        return self.client.get(f"/v1/events/{self.event['id']}").get_json()

    def play_round(self, number, until=None):
        round_json = self.read()["rounds"][number - 1]
        for seat in round_json["tables"]:
            table = SimulatedTable(self.client, self.rules, len(seat["players"]),
                                   seed=number * 10 + seat["number"])
            table.open(self.event["id"], number, seat["number"], self.captain)
            table.play(until) if until else table.play()
            self.tables[(number, seat["number"])] = table

    def hand_points(self, table):
        return [sum(self.rules.cards[card].kind.score for card in hand) for hand in table.hands()]


def projector(browser, url, lang):
    context = browser.new_context(viewport=PROJECTOR, bypass_csp=True)
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    tab.goto(f"{url}?lang={lang}")
    return context, tab


def round_section(tab, number):
    return tab.locator(f'[data-round="{number}"]')


def wait_for_phases(tab, number, phases):
    tab.wait_for_function(
        """([number, phases]) => {
             const cards = document.querySelectorAll(`[data-round="${number}"] .event-table`);
             return cards.length > 0 && Array.from(cards).every((card) =>
               phases.some((phase) => card.classList.contains(phase)));
           }""", arg=[number, phases])


def test_an_evening_is_run_from_the_organisers_page_and_shown_on_the_projector(server, browser, page):
    evening = Evening(server)
    event_id = evening.event["id"]
    hi = translator("hi")
    page.set_viewport_size(LAPTOP)
    page.goto(f"{server['url']}/events/{event_id}?lang=en")
    page.fill("#token", server["token"])
    page.click("#token-form button[type=submit]")
    assert server["token"] not in page.url
    assert page.evaluate("localStorage.getItem('referee.organiser-token')") == server["token"]

    # Round 1: started from the page, every table with its code and the captains' link.
    page.click("text=Start round 1")
    round1 = round_section(page, 1)
    round1.locator(".event-table").nth(3).wait_for()
    codes = round1.locator(".event-table .code").all_inner_texts()
    assert len(codes) == 4 and all(JOIN_CODE.match(code) for code in codes)
    share = round1.locator(".event-table").first.locator("a.share").get_attribute("href")
    assert f"join={codes[0]}" in share and "mode=track" in share and "/table?" in share

    # A swap before the tables play: the first players of tables 1 and 2 change places.
    before = evening.read()["rounds"][0]["tables"]
    round1.locator("text=Swap two players").click()
    round1.locator(".swap-form button[type=submit]").click()
    page.wait_for_function("(name) => document.querySelector('[data-round=\"1\"] .event-table td').textContent === name",
                           arg=before[1]["players"][0])

    context, board = projector(browser, f"{server['url']}/events/{event_id}/standings", "hi")
    board.wait_for_function("(text) => document.getElementById('playing').textContent === text",
                            arg=hi.gettext("Tables still playing: {count}", count=4))

    evening.play_round(1)
    wait_for_phases(page, 1, ["game-over"])
    assert round1.locator(".winner").count() == 4
    assert round1.locator("text=Swap two players").count() == 0, "its tables have moves"
    screenshot(page, "event-organiser-round1-en")
    board.wait_for_function("(text) => document.getElementById('playing').textContent === text",
                            arg=hi.gettext("Every table has finished."))
    wins = sum(int(w) for w in board.locator("#rows .wins").all_inner_texts())
    assert wins == 4 and board.locator("#rows tr").count() == 16

    round1.locator("text=Close the round").click()
    round1.locator(".round-status.closed").wait_for()
    page.click("text=Start round 2")
    round_section(page, 2).locator(".event-table").nth(3).wait_for()
    evening.play_round(2, until=lambda sim: sim.state.phase == "game-over" or (
        sim.stats.moves >= TIME_AFTER and sim.state.phase == "play" and sim.state.pending is None))
    playing = [t for (n, k), t in sorted(evening.tables.items()) if n == 2 and t.sim.state.phase == "play"]
    assert playing, "time must find tables still playing"

    # Close while tables play: refused, the reason in the page's language (Hindi).
    page.goto(f"{server['url']}/events/{event_id}?lang=hi")
    round2 = round_section(page, 2)
    wait_for_phases(page, 2, ["play", "game-over"])
    round2.locator("button", has_text=hi.gettext("Close the round")).click()
    still = event_message("round-still-playing", "hi", round=2,
                          tables=", ".join(str(k) for (n, k), t in sorted(evening.tables.items())
                                           if n == 2 and t in playing))
    page.locator("#problem p", has_text=still).wait_for()
    shown = page.evaluate(PAGE_LANGUAGE_TEXT)
    assert set(english_left(shown)) <= TYPED_BY_ORGANISER
    assert page.evaluate(CLIPPED) == []
    screenshot(page, "event-organiser-refused-hi")

    # Time is called: the page asks each playing table's points, one field a seat.
    page.goto(f"{server['url']}/events/{event_id}?lang=en")
    round2 = round_section(page, 2)
    round2.locator("text=Call time").click()
    for table in playing:
        number = next(k for (n, k), t in evening.tables.items() if t is table)
        for seat, points in enumerate(evening.hand_points(table)):
            page.fill(f"#time-2-{number}-{seat}", str(points))
    screenshot(page, "event-organiser-time-en")
    round2.locator(".time-form button[type=submit]").click()
    round2.locator(".round-status.time-called").wait_for()
    wait_for_phases(page, 2, ["round-over", "game-over"])
    board.wait_for_function("(text) => document.getElementById('playing').textContent === text",
                            arg=hi.gettext("Every table has finished."))
    round2.locator("text=Close the round").click()
    round2.locator(".round-status.closed").wait_for()

    # The final table: the top four of the standings.
    top4 = [s["player"] for s in evening.client.get(f"/v1/events/{event_id}/standings").get_json()["standings"][:4]]
    page.click("text=Start the final table")
    final = round_section(page, 3)
    final.locator(".event-table").first.wait_for()
    assert final.locator("h3").inner_text().startswith("Final table")
    assert final.locator(".event-table td:first-child").all_inner_texts() == top4
    evening.play_round(3)
    wait_for_phases(page, 3, ["game-over"])
    final.locator("text=Close the round").click()
    final.locator(".round-status.closed").wait_for()
    assert page.locator("#start-round").is_hidden()
    assert page.locator("#all-played").inner_text() == "Every round has been played."

    # A correction at a round-1 table after its round closed: the projector says so.
    corrected = correct_the_last_score(evening.client, evening.tables[(1, 1)])
    changed = hi.gettext("Changed by a correction at table {table} of round {round} (move {seq} of its log).",
                         table=1, round=1, seq=corrected["correction"])
    board.locator("#change", has_text=changed).wait_for()
    assert board.locator("#rows .finalist").count() == 4
    shown = board.evaluate(PAGE_LANGUAGE_TEXT)
    assert set(english_left(shown)) <= TYPED_BY_ORGANISER
    assert board.evaluate(CLIPPED) == []
    assert board.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"], \
        "16 players fit the projector's screen"
    screenshot(board, "event-projector-hi", full_page=False)
    board.goto(f"{server['url']}/events/{event_id}/standings?lang=en")
    board.locator("#change", has_text="Changed by a correction at table 1 of round 1").wait_for()
    screenshot(board, "event-projector-en", full_page=False)
    screenshot(page, "event-organiser-final-en")
    context.close()


def test_the_organisers_page_lists_the_tokens_events_and_makes_a_captain_token_once(server, page):
    evening_token = server["token"]
    client = server["app"].test_client()
    house = unique_id("pages")
    publish_house(client, evening_token, house)
    event = create_event(client, evening_token, name="Saturday heats", ruleset=house,
                         players=PLAYERS[:8], format={"type": "heats", "rounds": 1})
    page.goto(f"{server['url']}/events?lang=en")
    page.fill("#token", evening_token)
    page.click("#token-form button[type=submit]")
    page.click("text=Saturday heats")
    assert page.url.endswith(f"/events/{event['id']}?lang=en")
    page.click("#captain")
    page.fill("#captain-name", "Captains")
    page.click("#captain-form button[type=submit]")
    token = page.locator("#captain-token code").inner_text()
    seated = client.post(f"/v1/events/{event['id']}/rounds", headers=bearer(token))
    assert seated.status_code == 403 and seated.get_json()["type"].endswith("captain-token")
    assert page.locator("#csv").get_attribute("href") == f"/v1/events/{event['id']}/export.csv"

    # Round 1 started and one table opened from the page, as its first card is turned.
    page.click("text=Start round 1")
    first = page.locator('[data-round="1"] .event-table').first
    dealer = first.locator("td").nth(3).inner_text()  # the second player's name
    first.locator("text=Open the table").click()
    page.select_option("#open-1-1-dealer", label=dealer)
    page.fill("#open-1-1-card", "red-7")
    page.click(".open-form button[type=submit]")
    first.locator(".phase", has_text="Playing").wait_for()
    opened = client.get(f"/v1/events/{event['id']}").get_json()["rounds"][0]["tables"][0]
    state = client.get(opened["href"]).get_json()["state"]
    assert state["top"] == "red-7" and state["dealer"] == 1
    assert page.locator('[data-round="1"] .event-table').nth(1).locator("text=Open the table").is_visible()

    # The same page on the organiser's phone: nothing cut off, nothing wider than the screen.
    assert page.locator("#all-played").is_hidden(), "its only round is still playing"

    # The referee out of reach (the page opened while it is): the page says so, reads
    # again slowly, and follows the event live again once the referee answers.
    assert page.locator("#updated").inner_text() == "Live"
    page.route("**/v1/events/**", lambda route: route.abort())
    page.reload()
    page.locator("#network", has_text="Cannot reach the referee").wait_for()
    page.unroute("**/v1/events/**")
    page.locator("#network").wait_for(state="hidden")  # the slow poll's next read
    page.locator('[data-round="1"] .event-table').first.locator(".phase", has_text="Playing").wait_for()
    assert page.locator("#updated").inner_text() == "Live"
    page.set_viewport_size(PHONE)
    assert page.evaluate(CLIPPED) == []
    screenshot(page, "event-organiser-phone-en")


def test_a_link_to_an_event_the_referee_does_not_have_says_so_in_the_readers_language(server, page):
    hi = translator("hi")
    for path in ("/events/NoSuchEvent0000", "/events/NoSuchEvent0000/standings"):
        response = page.goto(f"{server['url']}{path}?lang=hi")
        assert response.status == 404
        page.locator(".event-problem", has_text=hi.gettext(
            "No event has this link: check it, or open the event from the list below.")).wait_for()
