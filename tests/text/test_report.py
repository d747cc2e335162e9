"""GET /v1/locales reads locales_report(): completeness and problems per language."""
import math
import os
import time

from referee.text import locales_report
from referee.text.catalogs import LANGUAGES

from text_support import copy_fixture, template, write_catalog


def by_lang(report):
    return {entry["lang"]: entry for entry in report["locales"]}


def test_every_language_is_listed_with_its_own_name(locales):
    report = by_lang(locales_report())
    assert list(report) == list(LANGUAGES)
    assert report["en"] == {"lang": "en", "name": "English", "translated_percent": 100.0, "fuzzy": 0,
                            "untranslated": 0, "problems": [], "check_passes": True}
    assert report["hi"]["name"] == "हिन्दी"
    assert report["gu"]["name"] == "ગુજરાતી"


def test_completeness_counts_entries(locales):
    total = sum(1 for message in template() if message.id)
    write_catalog(locales, "hi", {"{player} ended their turn.": "{player} ने बारी पूरी की।",
                                  ("color", "red"): "लाल"})
    entry = by_lang(locales_report())["hi"]
    assert entry["untranslated"] == total - 2
    assert entry["fuzzy"] == 0
    assert entry["translated_percent"] == math.floor(2000 / total) / 10  # rounded down, never up to 100
    assert {problem["kind"] for problem in entry["problems"]} == {"untranslated"}
    assert len(entry["problems"]) == total - 2 and not entry["check_passes"]


def test_problems_are_listed_and_a_missing_catalog_is_said(locales):
    copy_fixture("foreign_placeholder.po", locales, "gu")
    copy_fixture("fuzzy.po", locales, "ne")
    report = by_lang(locales_report())
    assert report["gu"]["translated_percent"] == 100.0
    assert report["gu"]["problems"] == [{"line": 13, "msgid": "{player} ended their turn.", "kind": "placeholder",
                                         "detail": "placeholder {secret} is not in the msgid", "blocking": True}]
    assert str(locales) not in str(report)  # no server paths
    assert (report["ne"]["fuzzy"], report["ne"]["translated_percent"]) == (1, 0.0)
    assert report["te"]["translated_percent"] == 0.0
    assert report["ne"]["problems"][0]["kind"] == "fuzzy" and not report["ne"]["check_passes"]
    assert report["te"]["problems"] and "missing catalog" in report["te"]["problems"][0]["detail"]


def test_the_report_follows_an_edited_catalog(locales):
    path = copy_fixture("untranslated.po", locales, "hi")
    assert by_lang(locales_report())["hi"]["untranslated"] == 1
    copy_fixture("good.po", locales, "hi")
    later = time.time_ns() + 2_000_000_000
    os.utime(path, ns=(later, later))
    assert by_lang(locales_report())["hi"]["untranslated"] == 0
