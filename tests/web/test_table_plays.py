"""One tap for a one-card play (/table, full tracking, phones at 390x844 with touch):
on the phone of the player whose turn it is, the cards the referee would take now
(the table's hints with `deck: true`) are big buttons, the likeliest first; a tap on a
coloured card records its play, a wild asks its colour (a second tap), a Flip the card
it turned up, and after a Flip the buttons are the dark side's cards. Every button
shown is a play the referee accepts. A Classic round to its end in English and Hindi,
and UNO Flip, with the taps counted."""
import json
import time
import urllib.request

import pytest

from test_table_game import api, events
from web_support import COUNT_TAPS, PHONE, phone_tabs, screenshot, taps

PLAYERS = ["Asha", "Bina"]


@pytest.fixture
def phones(browser):
    with phone_tabs(browser, 2, is_mobile=True) as tabs:
        yield tabs


def table_of(tab):
    return tab.evaluate("new URLSearchParams(location.search).get('t')")


def open_as_asha(tab, server, lang, ruleset, first):
    """Asha's phone opens a table that tracks every move, on `first` turned up."""
    tab.goto(f"{server['url']}/table?lang={lang}&ruleset={ruleset}")
    tab.wait_for_timeout(300)  # the ruleset's deck names
    tab.fill("#players", ", ".join(PLAYERS))
    tab.select_option("#opener-seat", "0")
    tab.check('#open [name="mode"][value="track"]')
    holder = tab.locator('[data-picker="first"]')
    if holder.locator(f'[data-color="{first.split("-")[0]}"]').count():
        holder.locator(f'[data-color="{first.split("-")[0]}"]').click()
    holder.locator(f'[data-card="{first}"]').click()
    tab.locator("#open button[type=submit]").click()
    tab.locator("#join-line .code").wait_for()
    return tab.locator("#join-line .code").inner_text().strip()


def join_as_bina(tab, server, lang, code):
    tab.goto(f"{server['url']}/table?lang={lang}&code={code}&mode=track")
    tab.locator("#who:not([hidden])").wait_for()
    tab.locator('#who-seats [data-seat="1"]').tap()
    tab.locator("#seats li.mine").wait_for()


def table_now(server, table):
    return api(server, "GET", f"/v1/tables/{table}")[1]


def wait_seq(server, table, seq):
    deadline = time.time() + 10
    while time.time() < deadline:
        body = table_now(server, table)
        if body["seq"] >= seq:
            return body
        time.sleep(0.05)
    raise AssertionError(f"the table did not reach seq {seq}")


def chips(tab):
    """The cards offered as one-tap buttons, in their order; none has a name wider than
    its button (a long word takes two columns), each is a finger's size."""
    tab.locator("#plays:not([hidden]) [data-play]").first.wait_for()
    sizes = tab.locator("#play-chips [data-play]").evaluate_all(
        "(chips) => chips.map((chip) => [chip.dataset.play, chip.scrollWidth - chip.clientWidth,"
        " chip.getBoundingClientRect().height])")
    assert [card for card, overflow, height in sizes if overflow > 1 or height < 48] == []
    return [card for card, _overflow, _height in sizes]


def chips_are_the_referees(server, tab, table, ruleset):
    """The buttons are the table's deck hints, in their order, and the referee accepts
    each of them now (a wild with a colour it may name, an aimed card with a player, a
    Flip with a card turned up)."""
    shown = chips(tab)
    body = table_now(server, table)
    status, hints = api(server, "POST", f"/v1/tables/{table}/hints", {"deck": True})
    assert status == 200
    plays = [hint for hint in hints["moves"] if hint["move"]["type"] == "play"]
    assert shown == [hint["move"]["cards"][0] for hint in plays]
    turned = "red-5" if body["state"].get("side") == "dark" else "pink-5"  # the other side's
    for hint in plays:
        move = dict(hint["move"])
        if "colors" in hint:
            move["color"] = hint["colors"][0]
        if "targets" in hint:
            move["target"] = hint["targets"][0]
        if move["cards"][0].endswith("-flip"):
            move["turned_up"] = turned
        status, verdict = api(server, "POST", f"/v1/rulesets/{ruleset}/check",
                              {"state": body["state"], "move": move})
        assert status == 200 and verdict["legal"], (move, verdict)
    return shown


def visible(tab, *selectors):
    """Each element (the first of each selector) is on the screen, below the verdict line."""
    status = tab.locator("#status").bounding_box()
    for selector in selectors:
        box = tab.locator(selector).first.bounding_box()
        assert box["y"] >= status["y"] + status["height"] - 1 and box["y"] + box["height"] <= PHONE["height"], (
            selector, box, status)


def play_chip(tab, card):
    tab.locator(f'#play-chips [data-play="{card}"]').tap()


# Bina goes out in seven plays, Asha answering; (seat, card, colour named) each turn.
CLASSIC_ROUND = [
    (1, "red-3", None), (0, "wild", "green"), (1, "green-5", None), (0, "green-2", None),
    (1, "yellow-2", None), (0, "yellow-9", None), (1, "yellow-4", None), (0, "blue-4", None),
    (1, "blue-6", None), (0, "blue-1", None), (1, "blue-8", None), (0, "blue-0", None),
    (1, "blue-7", None),
]


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_classic_round_one_tap_a_card_two_a_wild_every_button_accepted(server, phones, lang):
    asha, bina = phones
    code = open_as_asha(asha, server, lang, "classic", "red-7")
    join_as_bina(bina, server, lang, code)
    table = table_of(asha)
    by_seat = {0: asha, 1: bina}
    for tab in phones:
        tab.evaluate(COUNT_TAPS)

    # Bina's turn on red 7: the reds first, then the other 7s, then the wilds.
    first = chips_are_the_referees(server, bina, table, "classic")
    assert first == ([f"red-{kind}" for kind in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
                                               "skip", "reverse", "draw-two")]
                     + ["yellow-7", "green-7", "blue-7", "wild", "wild-draw-four"])
    assert asha.locator("#plays").is_hidden()  # not Asha's turn: no card to tap
    box = bina.locator("#play-chips [data-play]").first.bounding_box()
    assert box["height"] >= 48 and box["y"] + box["height"] <= PHONE["height"], box
    assert bina.locator('[data-picker="hand"]').is_visible()  # the full picker stays, below
    screenshot(bina, f"plays-{lang}-1-bina-chips", full_page=False)

    counted = []
    for turn, (seat, card, color) in enumerate(CLASSIC_ROUND):
        tab = by_seat[seat]
        seq = table_now(server, table)["seq"]
        if turn:
            chips_are_the_referees(server, tab, table, "classic")
        if turn == 1:  # Asha's turn began: the page brought the cue and the cards up
            tab.locator("#your-turn:not([hidden])").wait_for()
            tab.wait_for_timeout(200)
            visible(tab, "#your-turn", '[data-move="draw"]', "#play-chips [data-play]")
            screenshot(tab, f"plays-{lang}-2-asha-turn", full_page=False)
        taps(tab)
        uno = turn == 10  # Bina down to two cards: UNO! first, then the card
        if uno:
            tab.locator('[data-move="call-uno"]').tap()
        play_chip(tab, card)
        if color:
            tab.locator("#play-choice:not([hidden])").wait_for()
            screenshot(tab, f"plays-{lang}-2-wild-colour", full_page=False)
            tab.locator(f'#play-choice [data-play-color="{color}"]').tap()
        wait_seq(server, table, seq + 1)
        counted.append(taps(tab))
        last = events(server, table)[-1]
        assert last["verdict"]["legal"], last
        expected = {"type": "play", "player": seat, "cards": [card]}
        if color:
            expected["color"] = color
        if uno:
            expected["uno"] = True
        assert last["move"] == expected
    # A coloured card: 1 tap; the wild and its colour: 2; UNO! and the card: 2.
    assert counted == [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1]
    state = table_now(server, table)["state"]
    assert state["phase"] == "round-over" and state["winner"] == 1
    bina.locator("#score:not([hidden])").wait_for()
    assert bina.locator("#plays").is_hidden()
    print(f"taps ({lang}): {counted}")


def bina_to_play(server, phones):
    """(Bina's phone, the table): Asha opened Classic on red 7, Bina joined, her cards shown."""
    asha, bina = phones
    code = open_as_asha(asha, server, "en", "classic", "red-7")
    join_as_bina(bina, server, "en", code)
    chips(bina)
    return bina, table_of(asha)


def undo_takes_back(server, bina, table, named):
    """Undo on Bina's phone names `named` and, confirmed, takes it back to red 7."""
    bina.locator('[data-move="undo"]').tap()
    bina.locator("#undo-question", has_text=named).wait_for()
    bina.locator("#undo-yes").tap()
    bina.locator("#verdict", has_text="took back 1 move").wait_for()
    assert table_now(server, table)["state"]["top"] == "red-7"


def test_a_mis_tapped_card_is_taken_back_with_undo(server, phones):
    bina, table = bina_to_play(server, phones)
    play_chip(bina, "red-9")  # meant red 3
    bina.locator("#verdict", has_text="Bina played red 9").wait_for()
    undo_takes_back(server, bina, table, "Bina played red 9")
    assert "red-3" in chips(bina)
    play_chip(bina, "red-3")
    bina.locator("#verdict", has_text="Bina played red 3").wait_for()
    assert [event["move"].get("cards") for event in events(server, table)
            if event["move"]["type"] == "play"] == [["red-9"], ["red-3"]]


def test_undo_names_the_move_it_takes_back_when_the_read_after_that_move_was_lost(server, phones):
    # The page reads the table after each move it hears, to know what Undo takes back;
    # on a flaky network that read fails, or is still on its way when Undo is tapped.
    bina, table = bina_to_play(server, phones)
    # The first read of the table from now on is lost, as a dropped network loses it
    # (in the page: its service worker is in the way of a route set by the test).
    bina.evaluate("""(path) => {
      const fetched = window.fetch;
      window.lostReads = 0;
      window.fetch = (url, init) => {
        const read = new URL(url, location.origin).pathname === path
          && !(init && init.method && init.method !== "GET");
        if (read && window.lostReads === 0) {
          window.lostReads += 1;
          return Promise.reject(new TypeError("network error"));
        }
        return fetched(url, init);
      };
    }""", f"/v1/tables/{table}")
    play_chip(bina, "red-9")
    bina.locator("#verdict", has_text="Bina played red 9").wait_for()
    bina.wait_for_function("window.lostReads === 1", timeout=10000)
    undo_takes_back(server, bina, table, "Bina played red 9")


def dark_cards(server):
    with urllib.request.urlopen(f"{server['url']}/try/names?ruleset=flip") as answer:
        sides = json.load(answer)["sides"]
    return set(sides["dark"]["cards"]), set(sides["light"]["cards"])


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_after_a_flip_the_buttons_are_the_dark_sides_cards(server, phones, lang):
    asha, bina = phones
    code = open_as_asha(asha, server, lang, "flip", "red-5")
    join_as_bina(bina, server, lang, code)
    table = table_of(asha)
    light_chips = chips_are_the_referees(server, bina, table, "flip")
    assert "red-flip" in light_chips and "pink-3" not in light_chips
    bina.evaluate(COUNT_TAPS)
    play_chip(bina, "red-flip")  # the Flip asks which dark card it turned up
    bina.locator('#play-choice [data-picker="play-turned-up"]:not([hidden])').wait_for()
    screenshot(bina, f"plays-{lang}-3-flip-turned-up", full_page=False)
    bina.locator('#play-choice [data-card="pink-3"]').tap()  # the dark side's first colour shows first
    wait_seq(server, table, 1)
    assert taps(bina) == 2
    last = events(server, table)[-1]
    assert last["verdict"]["legal"] and last["move"] == {
        "type": "play", "player": 1, "cards": ["red-flip"], "turned_up": "pink-3"}

    # Asha's turn on the dark side: every button is a dark card, pink first.
    dark, light = dark_cards(server)
    asha.locator("#side-line:not([hidden])").wait_for()
    shown = chips_are_the_referees(server, asha, table, "flip")
    assert shown and set(shown) <= dark and not set(shown) & (light - dark)
    assert shown[:9] == [f"pink-{number}" for number in range(1, 10)]
    assert all("card-pink" in asha.locator(f'#play-chips [data-play="{card}"]').get_attribute("class")
               for card in shown[:9])
    screenshot(asha, f"plays-{lang}-4-dark-chips", full_page=False)
    asha.evaluate(COUNT_TAPS)
    play_chip(asha, "pink-7")
    wait_seq(server, table, 2)
    assert taps(asha) == 1
    last = events(server, table)[-1]
    assert last["verdict"]["legal"] and last["move"] == {"type": "play", "player": 0, "cards": ["pink-7"]}
    chips_are_the_referees(server, bina, table, "flip")


def test_a_card_aimed_at_a_player_asks_whom_then_plays(server, phones):
    """UNO All Wild: the targeted Draw Two names its victim, a second tap."""
    asha, bina = phones
    code = open_as_asha(asha, server, "en", "all-wild", "wild")
    join_as_bina(bina, server, "en", code)
    table = table_of(asha)
    shown = chips_are_the_referees(server, bina, table, "all-wild")
    assert "wild-targeted-draw-two" in shown and "wild-forced-swap" in shown
    bina.evaluate(COUNT_TAPS)
    play_chip(bina, "wild-targeted-draw-two")
    bina.locator("#play-choice-label", has_text="Which player is the card for?").wait_for()
    assert bina.locator("#play-choice [data-play-target]").evaluate_all(
        "(buttons) => buttons.map((button) => button.textContent)") == ["Asha"]
    bina.locator('#play-choice [data-play-target="0"]').tap()
    wait_seq(server, table, 1)
    assert taps(bina) == 2
    last = events(server, table)[-1]
    assert last["verdict"]["legal"] and last["move"] == {
        "type": "play", "player": 1, "cards": ["wild-targeted-draw-two"], "target": 0}


# UNO Attack: Bina goes out in seven plays; after each, what Asha's launcher fired (None:
# not Asha's turn). Hit 2 and Hit 4 make her press it 2 and 4 times: one count for all.
# Attack's Skip gives Bina one more card at once, and then Asha loses her turn.
ATTACK_ROUND = [
    ("red-3", None, 0), ("red-hit-two", None, 3), ("wild-hit-four", "green", 1),
    ("green-5", None, 0), ("green-skip", None, None), ("green-2", None, None), ("green-9", None, None),
]


def test_an_attack_round_one_tap_a_card_and_one_for_the_launcher(server, phones):
    """UNO Attack in full tracking: the cards are buttons as in Classic (every one the
    referee takes), and a player told to press the launcher N times gets the launcher's
    count instead of cards: one tap for what it fired, whatever N."""
    asha, bina = phones
    code = open_as_asha(asha, server, "en", "attack", "red-7")
    join_as_bina(bina, server, "en", code)
    table = table_of(asha)
    counted = []
    for turn, (card, color, fired) in enumerate(ATTACK_ROUND):
        seq = table_now(server, table)["seq"]
        chips_are_the_referees(server, bina, table, "attack")
        bina.evaluate(COUNT_TAPS)
        uno = turn == 5  # two cards left: UNO! first
        if uno:
            bina.locator('[data-move="call-uno"]').tap()
        play_chip(bina, card)
        if color:
            bina.locator(f'#play-choice [data-play-color="{color}"]').tap()
        body = wait_seq(server, table, seq + 1)
        counted.append(taps(bina))
        assert events(server, table)[-1]["verdict"]["legal"]
        if fired is None:
            continue
        presses = body["next"].get("count")
        if presses:  # Hit 2, Hit 4: the launcher's count, not cards
            asha.locator("#verdict", has_text=f"Asha presses the launcher {presses} times").wait_for()
            assert asha.locator("#plays").is_hidden()
        asha.evaluate(COUNT_TAPS)
        asha.locator(f'#fired [data-fired="{fired}"]').tap()
        wait_seq(server, table, seq + 2)
        assert taps(asha) == 1
        last = events(server, table)[-1]
        assert last["verdict"]["legal"] and last["move"] == {"type": "draw", "player": 0, "count": fired}
    assert counted == [1, 1, 2, 1, 1, 2, 1]
    state = table_now(server, table)["state"]
    assert state["phase"] == "round-over" and state["winner"] == 1
    assert state["hand_counts"][0] == 7 + 0 + 3 + 1 + 0
    bina.locator("#score:not([hidden])").wait_for()
