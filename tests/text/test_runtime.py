"""The service's view of the catalogs: plural forms, hostile translations, hot reload
and keeping the last good catalog."""
import os
import time

import pytest
from babel import Locale

from referee.text import verdict_message
from referee.text.catalogs import TRANSLATED_LANGUAGES

from text_support import copy_fixture, write_catalog

DREW = "{player} drew {count} card."
ENDED = "{player} ended their turn."
PLAYERS = ["Asha"]


def drew(count, lang):
    return verdict_message({"code": "drew", "details": {"player": 0, "count": count}}, lang, PLAYERS)


def ended(lang):
    return verdict_message({"code": "passed", "details": {"player": 0}}, lang, PLAYERS)


def touch_later(path):
    """An edit made a little later (file times may be coarser than two quick writes)."""
    later = time.time_ns() + 2_000_000_000
    os.utime(path, ns=(later, later))


@pytest.mark.parametrize("lang", TRANSLATED_LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_babel_plural_rule_picks_the_form(locales, lang, count):
    write_catalog(locales, lang, {DREW: ("ONE {player} {count}", "MANY {player} {count}")})
    form = "ONE" if Locale.parse(lang).plural_form(count) == "one" else "MANY"
    assert drew(count, lang) == f"{form} Asha {count}"


def test_attribute_access_in_a_translation_leaks_nothing(locales):
    write_catalog(locales, "hi", {ENDED: "{player.__class__.__init__.__globals__}"})
    assert ended("hi") == "Asha ended their turn."


def test_a_huge_format_spec_is_not_obeyed(locales):
    write_catalog(locales, "hi", {DREW: ("{count:>999999999}", "{count:>999999999}")})
    started = time.perf_counter()
    assert drew(3, "hi") == "Asha drew 3 cards."
    assert time.perf_counter() - started < 0.5


def test_a_placeholder_the_message_does_not_have_falls_back_to_english(locales):
    write_catalog(locales, "hi", {ENDED: "{secret} {player}"})
    assert ended("hi") == "Asha ended their turn."


def test_an_edited_catalog_is_seen_on_the_next_call(locales):
    path = write_catalog(locales, "hi", {ENDED: "{player} ने बारी पूरी की।"})
    assert ended("hi") == "Asha ने बारी पूरी की।"
    write_catalog(locales, "hi", {ENDED: "{player} ने अपनी बारी समाप्त की।"})
    touch_later(path)
    assert ended("hi") == "Asha ने अपनी बारी समाप्त की।"


@pytest.mark.parametrize("breakage", ["plural_division_by_zero.po", "plural_index_out_of_range.po",
                                      "plural_syntax.po", "stray_line.po"])
def test_a_broken_catalog_keeps_the_last_good_one(locales, breakage):
    path = write_catalog(locales, "hi", {ENDED: "{player} ने बारी पूरी की।"})
    assert ended("hi") == "Asha ने बारी पूरी की।"
    copy_fixture(breakage, locales, "hi")
    touch_later(path)
    assert ended("hi") == "Asha ने बारी पूरी की।"
    # Once fixed, the new catalog is taken.
    write_catalog(locales, "hi", {ENDED: "{player} ने अपनी बारी समाप्त की।"})
    later = time.time_ns() + 4_000_000_000
    os.utime(path, ns=(later, later))
    assert ended("hi") == "Asha ने अपनी बारी समाप्त की।"


def test_a_broken_catalog_at_start_gives_english(locales):
    copy_fixture("plural_division_by_zero.po", locales, "hi")
    assert drew(2, "hi") == "Asha drew 2 cards."


def test_a_missing_catalog_gives_english(locales):
    assert ended("te") == "Asha ended their turn."


def test_an_untranslated_entry_shows_in_english(locales):
    write_catalog(locales, "gu", {})
    assert ended("gu") == "Asha ended their turn."


def test_card_and_colour_names_are_translated(locales):
    write_catalog(locales, "hi", {
        ("color", "red"): "लाल", ("card kind", "Skip"): "स्किप", ("card", "{color} {kind}"): "{color} {kind}",
        "{card} matches neither the colour in play, {color}, nor the top card, {top}.":
            "{card} न चल रहे रंग {color} से मेल खाता है, न ऊपर के पत्ते {top} से।",
        ("card kind", "3"): "३",
    })
    verdict = {"code": "card-does-not-match", "details": {"card": "red-skip", "top": "red-3", "color": "red"}}
    assert verdict_message(verdict, "hi") == "लाल स्किप न चल रहे रंग लाल से मेल खाता है, न ऊपर के पत्ते लाल ३ से।"
