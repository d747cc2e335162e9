"""The score keeper corrects any round's score (/table, phones at 390x844, touch): the
score sheet shows every round, each with "correct this round", which opens the same
scoring form (cards left or points) with the reason and sends a `rescore` with the
seq the phone saw; round 1 corrected after round 2 was scored and round 3 dealt, the
totals follow, in English and in Hindi."""
import pytest
from playwright.sync_api import expect

from test_table_game import api, events, house_ruleset
from test_table_keeper import (PLAYERS, deal, fits_a_phone, open_keeper, score_by_cards, score_by_points,
                               sheet, wait_rows, went_out)
from web_support import PAGE_LANGUAGE_TEXT, english_left, phone_tabs, screenshot


@pytest.fixture
def phone(browser):
    with phone_tabs(browser, 1, is_mobile=True) as tabs:
        yield tabs[0]


# The reason as the table types it, in its own language (it is shown in the verdict).
REASONS = {"en": "Asha held red 5; the wild was Chirag's", "hi": "आशा के पास लाल 5 था; वाइल्ड चिराग का था"}


def totals(tab, expected):
    expect(tab.locator("#sheet tfoot td")).to_have_text([str(total) for total in expected])


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_round_one_is_corrected_after_round_two_and_the_totals_follow(server, phone, lang):
    ruleset = house_ruleset(server, 500)
    table = open_keeper(phone, server, ruleset, lang)
    went_out(phone, 1)  # round 1: Bina went out; Asha counts 12 points, Chirag 30
    score_by_points(phone, {0: 12, 2: 30})
    wait_rows(phone, 1)
    deal(phone, 2)
    went_out(phone, 2)  # round 2: Chirag went out; 10 and 5 points
    score_by_points(phone, {0: 10, 1: 5})
    wait_rows(phone, 2)
    deal(phone, 3)
    totals(phone, [0, 42, 15])
    seq = api(server, "GET", f"/v1/tables/{table}")[1]["seq"]

    # Round 1 was miscounted: Asha held red 5, Chirag a Wild (55, not 42).
    phone.locator('#sheet [data-rescore="1"]').tap()
    phone.locator("#score:not([hidden])").wait_for()
    assert "1" in phone.locator("#score-title").inner_text()
    assert phone.locator("#keeper-out").is_hidden()
    score_by_cards(phone, {0: ["red-5"], 2: ["wild"]}, send=False)
    phone.locator("#score-send").tap()   # without a reason nothing is sent
    expect(phone.locator("#rescore-reason")).to_be_focused()
    assert api(server, "GET", f"/v1/tables/{table}")[1]["seq"] == seq
    phone.locator("#rescore-reason").fill(REASONS[lang])
    fits_a_phone(phone)
    screenshot(phone, f"rescore-{lang}-1-correcting", full_page=False)
    with phone.expect_request(lambda r: "/moves" in r.url and r.method == "POST") as sent:
        phone.locator("#score-send").tap()
    assert sent.value.post_data_json["expect_seq"] == seq
    totals(phone, [0, 55, 15])
    assert sheet(phone) == ([["1", "0", "55", "0"], ["2", "0", "0", "15"]], [0, 55, 15])
    phone.locator("#score").wait_for(state="hidden")
    phone.locator('#keeper-out-title:has-text("3")').wait_for()
    screenshot(phone, f"rescore-{lang}-2-corrected", full_page=False)

    last = events(server, table)[-1]
    assert last["move"] == {"type": "rescore", "round": 1, "reason": REASONS[lang],
                            "hands": [["red-5"], [], ["wild"]], "player": 0}
    assert last["verdict"]["legal"] and last["seq"] == seq + 1
    state = api(server, "GET", f"/v1/tables/{table}")[1]["state"]
    assert state["round"] == 3 and state["scores"] == [0, 55, 15]
    if lang != "en":
        text = phone.evaluate(PAGE_LANGUAGE_TEXT)
        for name in PLAYERS:
            text = text.replace(name, "")
        assert english_left(text) == [], text
