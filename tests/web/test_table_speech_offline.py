"""The table companion speaks and survives a dropped network (issue 28), on phones
(390x844, touch): each move said aloud on every phone whose speaker is on (the phone's
own voice, observed by a stub of speechSynthesis, else the service's audio, observed
as its request), the last verdict said again, the speaker remembered; a phone offline
for 20 seconds making two moves, then back: one recorded, one refused with its reason;
a reload mid-game back at the same table and seat; the page opening with no network
once it has been opened (the service worker)."""
import json

from test_table_game import PLAYERS, api, events, join_on_page, open_on_page, play, table_id, tap_card
from web_support import phone_tabs

# The phone's voice, replaced by one that records what it is given and ends at once
# (headless Chromium has no voices). VOICES is the list getVoices() answers.
SPEECH_STUB = """
window.__spoken = [];
class StubUtterance { constructor(text) { this.text = text; } }
window.SpeechSynthesisUtterance = StubUtterance;
const stubVoices = VOICES;
Object.defineProperty(window, "speechSynthesis", {value: {
  getVoices: () => stubVoices,
  speak(utterance) {
    window.__spoken.push({text: utterance.text, lang: utterance.lang});
    setTimeout(() => utterance.onend && utterance.onend(), 30);
  },
  cancel() {},
}});
"""


def wait_until(tab, script, timeout=15.0):
    """Polls `script` (an expression) in the page until it is true: wait_for_function
    builds its predicate from a string, which the page's policy (no 'unsafe-eval')
    refuses, and these phones keep the policy on."""
    import time
    deadline = time.monotonic() + timeout
    while not tab.evaluate(script):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {script}"
        tab.wait_for_timeout(50)


def moves_recorded(server, table):
    return [event["move"]["type"] for event in events(server, table) if event.get("move")]


def with_voices(voices):
    return SPEECH_STUB.replace("VOICES", json.dumps(voices))


def spoken(tab):
    return [said["text"] for said in tab.evaluate("window.__spoken")]


def test_every_phone_with_its_speaker_on_says_each_move_in_its_own_voice(server, browser):
    with phone_tabs(browser, 2, is_mobile=True) as (table_phone, bina):
        for tab in (table_phone, bina):
            tab.add_init_script(with_voices([{"lang": "en-GB", "name": "stub"}]))
        code = open_on_page(table_phone, server)
        join_on_page(bina, server, code, seat=1)
        for tab in (table_phone, bina):
            tab.locator("#speak-toggle").tap()
            assert tab.locator("#speak-toggle").get_attribute("aria-pressed") == "true"
        # Bina's phone records her move; the table phone hears it from the table.
        play(bina, "red-3", "Bina played red 3")
        said = "Bina played red 3. Now red. Chirag, your turn."
        wait_until(table_phone, f"window.__spoken.some((s) => s.text === {json.dumps(said)})")
        assert spoken(bina) == [said] and bina.evaluate("window.__spoken[0].lang") == "en-GB"
        # The table phone records Chirag's play: Bina's phone says it too, once.
        tap_card(table_phone, "red-5")
        table_phone.locator('[data-move="play"]').tap()
        wait_until(bina, "window.__spoken.length === 2")
        assert spoken(bina)[1] == "Chirag played red 5. Now red. Asha, your turn."
        bina.locator("#speak-again").tap()
        wait_until(bina, "window.__spoken.length === 3")
        assert spoken(bina)[2] == spoken(bina)[1]
        # The speaker stays on after a reload; off, nothing is said.
        bina.reload()
        bina.locator("#seats li").first.wait_for()
        assert bina.locator("#speak-toggle").get_attribute("aria-pressed") == "true"
        bina.locator("#speak-toggle").tap()
        tap_card(table_phone, "red-9")
        table_phone.locator('[data-move="play"]').tap()
        bina.locator("#verdict", has_text="Asha played red 9").wait_for()
        assert spoken(bina) == []


def test_a_phone_without_a_voice_for_the_language_plays_the_services_audio(server, browser):
    with phone_tabs(browser, 2, is_mobile=True) as (table_phone, asha):
        asha.add_init_script(with_voices([{"lang": "fr-FR", "name": "not this language"}]))
        asked = []
        asha.on("request", lambda request: "/v1/speech" in request.url and asked.append(request.url))
        code = open_on_page(table_phone, server)
        join_on_page(asha, server, code, seat=0)
        asha.locator("#speak-toggle").tap()
        play(table_phone, "red-3", "Bina played red 3")
        wait_until(asha, "performance.getEntriesByType('resource').some((e) => e.name.includes('/v1/speech'))")
        assert asha.evaluate("window.__spoken") == []
        from urllib.parse import parse_qs, urlsplit
        query = parse_qs(urlsplit(asked[0]).query)
        assert query["lang"] == ["en"]
        assert query["text"] == ["Bina played red 3. Now red. Chirag, your turn."]


def test_a_phone_offline_for_20_seconds_sends_its_moves_when_back_and_shows_the_refusal(server, browser):
    with phone_tabs(browser, 2, is_mobile=True) as (table_phone, bina):
        code = open_on_page(table_phone, server)
        join_on_page(bina, server, code, seat=1)
        table = table_id(table_phone)
        bina.context.set_offline(True)
        started = bina.evaluate("Date.now()")
        # Offline, Bina plays red 3 and then taps Draw: both wait on her phone.
        tap_card(bina, "red-3")
        bina.locator('[data-move="play"]').tap()
        bina.locator('[data-move="draw"]').tap()
        bina.locator("#history li.pending").nth(1).wait_for()
        assert bina.locator("#history li.pending").first.inner_text() == "Tapped offline: not yet judged."
        link = bina.locator("#network")
        wait_until(bina, "document.getElementById('network').dataset.link === 'offline'")
        assert link.get_attribute("data-waiting") == "2"
        assert "2 moves waiting to be sent" in link.inner_text() and "Offline" in link.inner_text()
        assert moves_recorded(server, table) == []
        held = []

        def hold_the_draw(route):
            if route.request.method == "POST" and '"draw"' in (route.request.post_data or ""):
                held.append(route)  # still on its way when the table moves on
            else:
                route.continue_()
        bina.route("**/moves*", hold_the_draw)
        bina.wait_for_timeout(max(0, 20_000 - (bina.evaluate("Date.now()") - started)))
        bina.context.set_offline(False)
        # The play is recorded (it was made at the table's seq); the draw is on its way.
        bina.locator("#verdict", has_text="Bina played red 3").wait_for()
        wait_until(bina, "document.getElementById('history').querySelectorAll('li.pending').length === 1")
        table_phone.locator("#verdict", has_text="Bina played red 3").wait_for()
        # Meanwhile the table phone records Chirag's move: Bina's draw is now stale.
        tap_card(table_phone, "red-5")
        table_phone.locator('[data-move="play"]').tap()
        table_phone.locator("#verdict", has_text="Chirag played red 5").wait_for()
        wait_until(bina, "() => true")
        for route in held:
            route.continue_()
        refused = ("A move tapped offline was not recorded: the table moved on meanwhile. "
                   "Look at the table and tap it again if it still stands.")
        bina.locator("#verdict", has_text=refused).wait_for()
        assert "bad" in bina.locator("#verdict").get_attribute("class")
        bina.locator("#history li.bad", has_text=refused).wait_for()
        assert bina.locator("#history li.pending").count() == 0
        wait_until(bina, "document.getElementById('network').dataset.waiting === '0'")
        assert bina.evaluate("localStorage.getItem('referee.outbox')") == "{}"
        assert moves_recorded(server, table) == ["play", "play"]  # the draw was never recorded


def test_a_move_waiting_offline_survives_a_reload_and_is_sent_after_it(server, browser):
    with phone_tabs(browser, 1, is_mobile=True) as (bina,):
        code = open_on_page(bina, server)
        table = table_id(bina)
        _register_worker(bina)
        bina.context.set_offline(True)
        tap_card(bina, "red-3")
        bina.locator('[data-move="play"]').tap()
        bina.locator("#history li.pending").wait_for()
        bina.reload()  # offline: the service worker answers
        bina.locator("#seats li").first.wait_for()
        assert table_id(bina) == table and bina.locator("#join-line .code").inner_text() == code
        bina.locator("#history li.pending").wait_for()
        bina.context.set_offline(False)
        bina.locator("#verdict", has_text="Bina played red 3").wait_for()
        assert moves_recorded(server, table) == ["play"]


def test_a_reload_mid_game_comes_back_to_the_same_table_and_seat(server, browser):
    with phone_tabs(browser, 2, is_mobile=True) as (table_phone, chirag):
        code = open_on_page(table_phone, server)
        join_on_page(chirag, server, code, seat=2)
        play(table_phone, "red-3", "Bina played red 3")
        chirag.locator("#your-turn:not([hidden])").wait_for()
        table = table_id(chirag)
        chirag.reload()
        chirag.locator("#your-turn:not([hidden])").wait_for()
        assert table_id(chirag) == table
        assert chirag.locator("#your-turn").inner_text() == "Your turn, Chirag!"
        assert chirag.locator("#seats li.mine .player-name").inner_text() == "Chirag"
        assert chirag.locator("#top-card").inner_text().lower() == "red 3"


def _register_worker(tab):
    """Waits until the service worker controls the page and has cached what it loaded."""
    wait_until(tab, "navigator.serviceWorker.controller !== null")
    wait_until(tab, """caches.keys().then((names) => ["table-page", "table-static", "table-rules",
                       "table-state"].every((name) => names.includes(name)))""")


def test_the_page_opens_with_no_network_once_it_has_been_opened(server, browser):
    with phone_tabs(browser, 1, is_mobile=True) as (tab,):
        code = open_on_page(tab, server)
        manifest = tab.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())")
        assert manifest["start_url"].startswith("/table") and manifest["display"] == "standalone"
        assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
        _register_worker(tab)
        tab.context.set_offline(True)
        tab.reload()
        tab.locator("#join-line .code").wait_for()
        assert tab.locator("#join-line .code").inner_text() == code
        assert tab.locator('[data-picker="hand"] [data-card]').count() > 0  # the deck's names
        wait_until(tab, "document.getElementById('network').dataset.link === 'offline'")
        tab.context.set_offline(False)


def test_the_worker_is_served_from_the_root_uncached_and_the_manifest_in_the_pages_language(server):
    import urllib.request
    with urllib.request.urlopen(f"{server['url']}/sw.js") as answer:
        worker = answer.read().decode()
        assert answer.headers["Content-Type"].startswith("text/javascript")
        assert answer.headers["Cache-Control"] == "no-cache"  # a new build is found at once
    assert "workbox" in worker
    for cache in ("table-page", "table-static", "table-rules", "table-state", "table-speech"):
        assert f'"{cache}"' in worker
    with urllib.request.urlopen(f"{server['url']}/table.webmanifest?lang=hi") as answer:
        assert answer.headers["Content-Type"].startswith("application/manifest+json")
        manifest = json.load(answer)
    assert manifest["lang"] == "hi" and manifest["start_url"] == "/table?lang=hi"
    assert "At the table" not in manifest["name"] and "UNO" in manifest["short_name"]
    for icon in manifest["icons"]:
        with urllib.request.urlopen(f"{server['url']}{icon['src']}") as answer:
            assert answer.read(8) == b"\x89PNG\r\n\x1a\n"
