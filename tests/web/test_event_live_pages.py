"""The event's pages live: the projector shows a table's ending within 2 s, carried by
the wait it had open before the table scored (no poll); a round's time limit counts
down on both pages on the server's clock, whatever the browser's clock says, and
says when time is up; and both pages, with an evening loaded, in every language of
the site, keep no English outside the names the organiser typed."""
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import update

sys.path.insert(0, str(Path(__file__).parents[1] / "api"))  # the evening's helpers

from apitest import bearer, unique_id  # noqa: E402
from event_support import SimulatedTable, create_event, publish_house  # noqa: E402
from test_api_events_evening import PLAYERS, correct_the_last_score  # noqa: E402
from web_support import CLIPPED, PAGE_LANGUAGE_TEXT, TRANSLATED, english_left, screenshot  # noqa: E402

from referee.store import db  # noqa: E402
from referee.text.catalogs import translator  # noqa: E402

LAPTOP = {"width": 1366, "height": 900}
PROJECTOR = {"width": 1920, "height": 1080}
SHOWN_WITHIN = 2.0  # seconds from a table's score to the projector showing it
TYPED_BY_ORGANISER = set(PLAYERS) | {"Friday", "heats"}
# The page's reads of the API, each with when it began and when it was answered
# (performance.now(), ms), recorded before the page's own scripts run.
RECORD_READS = """
window.reads = [];
const fetched = window.fetch;
window.fetch = function (input, init) {
  const read = {url: String(input.url || input), started: performance.now(), ended: null};
  window.reads.push(read);
  const done = (value) => { read.ended = performance.now(); return value; };
  return fetched.call(this, input, init).then(done, (error) => { done(); throw error; });
};
"""
# A browser whose clock is two hours fast: the countdown must still go by the server's.
CLOCK_WRONG_BY_MS = 2 * 3600 * 1000
WRONG_CLOCK = f"""
const realNow = Date.now;
Date.now = () => realNow() + {CLOCK_WRONG_BY_MS};
"""


def tab_for(browser, viewport, *scripts):
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    for script in scripts:
        context.add_init_script(script)
    tab = context.new_page()
    errors = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.set_default_timeout(15_000)
    return context, tab, errors


def with_token(tab, url, token):
    """The organiser's page at `url`, the token kept in the browser as the page keeps it."""
    tab.goto(url)
    tab.evaluate("(token) => localStorage.setItem('referee.organiser-token', token)", token)
    tab.goto(url)


def seated_ago(app, event_id, round_number, ago):
    """Move a round's `seated` entry `ago` into the past (a round that began earlier)."""
    store = app.extensions["referee"].store
    started = store.event_rounds(event_id)[round_number - 1].started_seq
    with store.engine.begin() as conn:
        conn.execute(update(db.event_log).where(db.event_log.c.event_id == event_id,
                                                db.event_log.c.seq == started)
                     .values(created_at=datetime.now(timezone.utc) - ago))


def test_the_projector_shows_a_tables_end_within_two_seconds_from_the_wait_it_had_open(server, browser):
    app, token = server["app"], server["token"]
    client = app.test_client()
    house = unique_id("live")
    publish_house(client, token, house, target=1)  # the first hand scored ends the game
    event = create_event(client, token, name="Friday heats", ruleset=house, players=PLAYERS[:4],
                         format={"type": "heats", "rounds": 1})
    client.post(f"/v1/events/{event['id']}/rounds", headers=bearer(token))
    table = SimulatedTable(client, app.extensions["referee"].catalog.rules_for(house, 1), 4, seed=3)
    table.open(event["id"], 1, 1, token)
    table.play(until=lambda sim: sim.state.phase == "round-over")  # out: the score is next
    context, board, errors = tab_for(browser, PROJECTOR, RECORD_READS)
    board.goto(f"{server['url']}/events/{event['id']}/standings?lang=en")
    board.locator("#playing", has_text="Tables still playing: 1").wait_for()
    board.wait_for_function("() => window.reads.some((r) => r.url.includes('wait=') && r.ended === null)")
    time.sleep(0.5)  # the wait is with the server

    before = board.evaluate("performance.now()")
    scored = time.monotonic()
    table.play()  # the phone records the score: game over
    shown_at = board.wait_for_function(
        "() => document.getElementById('playing').textContent === 'Every table has finished.'"
        " && performance.now()", timeout=SHOWN_WITHIN * 1000).json_value()
    took = time.monotonic() - scored
    assert took < SHOWN_WITHIN, took
    reads = board.evaluate("window.reads")
    carried = [r for r in reads if r["ended"] is not None and before <= r["ended"] <= shown_at]
    assert len(carried) == 1, reads
    assert carried[0]["started"] < before and "wait=" in carried[0]["url"], \
        "the change came as the answer of the wait open before the score, not of a poll"
    assert board.locator("#rows .wins", has_text="1").count() == 1
    assert board.locator("#updated").inner_text() == "Live"
    print(f"projector showed the score {took * 1000:.0f} ms after the phone sent it")
    context.close()
    assert not errors


def test_a_rounds_time_limit_counts_down_on_the_servers_clock_then_says_time_is_up(server, browser):
    app, token = server["app"], server["token"]
    client = app.test_client()
    event = create_event(client, token, name="Friday heats", ruleset="classic", players=PLAYERS[:8],
                         format={"type": "heats", "rounds": 1, "time_limit_minutes": 1})
    client.post(f"/v1/events/{event['id']}/rounds", headers=bearer(token))
    opened = [client.post(f"/v1/events/{event['id']}/rounds/1/tables/{number}", headers=bearer(token),
                          json={"dealer": 0, "first_card": "red-7"}).get_json()["id"] for number in (1, 2)]
    seated_ago(app, event["id"], 1, timedelta(seconds=52))  # 8 s of the minute left
    organiser_context, organiser, organiser_errors = tab_for(browser, LAPTOP, WRONG_CLOCK)
    board_context, board, board_errors = tab_for(browser, PROJECTOR, WRONG_CLOCK)
    with_token(organiser, f"{server['url']}/events/{event['id']}?lang=en", token)
    board.goto(f"{server['url']}/events/{event['id']}/standings?lang=en")

    clock = organiser.locator('[data-round="1"] .round-clock')
    clock.wait_for()
    left = clock.inner_text()
    assert left.startswith("Time left: 0:0"), left
    assert 1 <= int(left.rsplit(":", 1)[1]) <= 8, "the server's clock, not the browser's (2 h fast)"
    shown = board.locator("#clock").inner_text()
    assert shown.startswith("Round 1 · Time left: 0:0"), shown
    screenshot(organiser, "event-clock-organiser-en")
    organiser.locator('[data-round="1"] .round-clock.up', has_text="Time is up: call time.").wait_for(timeout=12_000)
    board.locator("#clock.up", has_text="Round 1 · Time is up: the organiser will call time.").wait_for(timeout=5_000)
    screenshot(organiser, "event-clock-up-organiser-en")
    screenshot(board, "event-clock-up-projector-en", full_page=False)

    # Time called: the round is no longer counted down, on either page.
    assert client.post(f"/v1/events/{event['id']}/rounds/1/time", json={"counts": {
        table_id: {"points": [5, 10, 15, 20]} for table_id in opened}},
        headers=bearer(token)).status_code == 200
    organiser.locator('[data-round="1"] .round-status.time-called').wait_for()
    assert organiser.locator(".round-clock").count() == 0
    board.locator("#clock").wait_for(state="hidden")
    for context in (organiser_context, board_context):
        context.close()
    assert not organiser_errors and not board_errors


@pytest.fixture(scope="module")
def evening(server):
    """An evening half played: round 1 played, closed and corrected at one table;
    round 2 (a 30-minute limit) with one table playing and one not opened yet."""
    app, token = server["app"], server["token"]
    client = app.test_client()
    house = unique_id("walk")
    publish_house(client, token, house, target=50)
    event = create_event(client, token, name="Friday heats", ruleset=house, players=PLAYERS[:8],
                         seed=2026, format={"type": "heats", "rounds": 2, "final": {"top": 4},
                                            "time_limit_minutes": 30})
    rules = app.extensions["referee"].catalog.rules_for(house, 1)
    client.post(f"/v1/events/{event['id']}/captains", json={"name": "Captains"}, headers=bearer(token))
    client.post(f"/v1/events/{event['id']}/rounds", headers=bearer(token))
    tables = []
    for number in (1, 2):
        table = SimulatedTable(client, rules, 4, seed=40 + number)
        table.open(event["id"], 1, number, token)
        table.play()
        tables.append(table)
    assert client.post(f"/v1/events/{event['id']}/rounds/1/close", headers=bearer(token)).status_code == 200
    correct_the_last_score(client, tables[0])
    client.post(f"/v1/events/{event['id']}/rounds", headers=bearer(token))
    playing = SimulatedTable(client, rules, 4, seed=50)
    playing.open(event["id"], 2, 1, token)
    playing.play(until=lambda sim: sim.stats.moves >= 12 and sim.state.phase == "play")
    return {"id": event["id"], "app": app, "token": token}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_both_pages_of_an_evening_keep_no_english_in_each_language(server, browser, evening, lang):
    ui = translator(lang)
    event_id = evening["id"]
    seated_ago(evening["app"], event_id, 2, timedelta(minutes=12))
    organiser_context, organiser, organiser_errors = tab_for(browser, LAPTOP)
    board_context, board, board_errors = tab_for(browser, PROJECTOR)
    with_token(organiser, f"{server['url']}/events/{event_id}?lang={lang}", evening["token"])
    board.goto(f"{server['url']}/events/{event_id}/standings?lang={lang}")

    round2 = organiser.locator('[data-round="2"]')
    round2.locator(".event-table").nth(1).locator("button").wait_for()  # not opened: its button
    organiser.locator("#updated", has_text=ui.gettext("Live")).wait_for()
    left = ui.gettext("Time left: {time}", time="")
    assert round2.locator(".round-clock").inner_text().startswith(left)
    round2.locator(".actions button", has_text=ui.gettext("Call time")).click()  # its form, with its words
    round2.locator(".time-form fieldset").wait_for()
    board.locator("#change").wait_for()
    board.locator("#clock", has_text=left).wait_for()
    for tab in (organiser, board):
        shown = tab.evaluate(PAGE_LANGUAGE_TEXT)
        assert set(english_left(shown)) <= TYPED_BY_ORGANISER, (tab.url, english_left(shown))
        assert tab.evaluate(CLIPPED) == []
    assert board.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
    screenshot(organiser, f"event-organiser-{lang}")
    screenshot(board, f"event-projector-{lang}", full_page=False)

    # Past the round's limit: the prompt to call time, in the page's language too.
    seated_ago(evening["app"], event_id, 2, timedelta(minutes=31))
    organiser.reload()
    board.reload()
    round2.locator(".round-clock.up", has_text=ui.gettext("Time is up: call time.")).wait_for()
    board.locator("#clock.up", has_text=ui.gettext("Time is up: the organiser will call time.")).wait_for()
    for tab in (organiser, board):
        assert set(english_left(tab.evaluate(PAGE_LANGUAGE_TEXT))) <= TYPED_BY_ORGANISER
    screenshot(organiser, f"event-organiser-time-up-{lang}", full_page=False)
    for context in (organiser_context, board_context):
        context.close()
    assert not organiser_errors and not board_errors
