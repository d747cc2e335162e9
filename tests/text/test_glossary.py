"""The glossary enforced (locales/glossary.yaml): `referee i18n check` fails, with the
file and the line, on a retired term or a forbidden construction in a catalog or in a
shipped ruleset's `translations:`; the shipped ones keep it."""
import shutil

import pytest
import yaml
from click.testing import CliRunner

from referee.cli import main
from referee.text.checks import load_catalog
from referee.text.glossary import catalog_violations, glossary_rules, ruleset_violations

from text_support import LOCALES, REPO, TRANSLATED, write_catalog

GLOSSARY = yaml.safe_load((LOCALES / "glossary.yaml").read_text(encoding="utf-8"))


def _with_glossary(locales):
    shutil.copy(LOCALES / "glossary.yaml", locales / "glossary.yaml")


def test_check_fails_on_a_retired_term_in_a_catalog(locales):
    _with_glossary(locales)
    write_catalog(locales, "hi", {"Revenge: a draw card played to answer a pending draw counts double.":
                                  "रिवेंज: बाकी ड्रा के जवाब में खेला गया ड्रा कार्ड दोगुना गिना जाता है।"})
    result = CliRunner().invoke(main, ["i18n", "check", "--lang", "hi"])
    assert result.exit_code == 1
    said = [line for line in result.stdout.splitlines() if ": glossary: " in line]
    assert len(said) == 1, said
    path, line, rest = said[0].split(":", 2)
    assert path == str(locales / "hi" / "LC_MESSAGES" / "messages.po")
    text = (locales / "hi" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8").splitlines()
    assert text[int(line) - 1].startswith("msgid") and "Revenge" in text[int(line) - 1]
    assert "retired term “बाकी ड्रा”" in rest and "खींचने बाकी कार्ड" in rest


def test_check_fails_on_a_retired_term_in_a_rulesets_translations(tmp_path, monkeypatch):
    rulesets = tmp_path / "rulesets"
    shutil.copytree(REPO / "rulesets", rulesets)
    path = rulesets / "examples" / "hand-limit.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("పెనాల్టీలు 20", "జరిమానాలు 20"), encoding="utf-8")
    monkeypatch.setenv("REFEREE_RULESETS_DIR", str(rulesets))
    result = CliRunner().invoke(main, ["i18n", "check", "--lang", "te"])
    assert result.exit_code == 1
    (said,) = [line for line in result.stdout.splitlines() if "glossary" in line]
    assert said.startswith(f"{path}:")
    line = int(said.split(":")[1])
    assert "జరిమానాలు" in path.read_text(encoding="utf-8").splitlines()[line - 1]
    assert "translations.te.description" in said and "పెనాల్టీ" in said


@pytest.mark.parametrize("lang, text, caught", [
    ("hi", "{player} एक और कार्ड खेल सकते हैं।", True),           # a masculine verb agreeing with a player
    ("hi", "{player} के पास दो रास्ते हैं: एक और कार्ड खेलें या बारी ख़त्म करें।", False),
    ("hi", "{targets} ने UNO नहीं बोला है और उन्हें अब भी पकड़ा जा सकता है।", False),  # passive: no gender of the player
    ("hi", "{player} इस राउंड में खेल पूरा कर चुके हैं।", True),
    ("ne", "{player} खेलबाट बाहिर हुनुहुन्छ।", True),                # the high honorific
    ("ne", "{player} खेलबाट बाहिर छन्।", False),
    ("ne", "अब {player}को पालो: {top} माथि कार्ड खेल्नुहोस्।", True),  # a postposition written apart
    ("te", "చివరికి మిగిలిన ఆటగాడు గెలుస్తాడు.", True),              # a masculine verb
    ("te", "చివరికి మిగిలినవారు గెలుస్తారు.", False),
    ("te", "ఎరుపు, పసుపు మరియు నీలం", True),                          # CLDR's "and"
    ("gu", "{color}થી શરૂ થાય છે", True),                              # a case ending glued to a colour
    ("te", "స్కోరులో {player}కు 2 పాయింట్లు ఇచ్చారు.", True),           # a case ending glued to a name
    ("te", "స్కోరులో {player} పేరిట 2 పాయింట్లు రాశారు.", False),
])
def test_forbidden_constructions_are_caught(lang, text, caught):
    assert bool(glossary_rules(lang, LOCALES).violations(text)) == caught


def test_a_translation_must_use_the_required_term_where_the_english_names_the_concept():
    rules = glossary_rules("te", LOCALES)
    assert rules.violations("పారేసిన కార్డుల మీద పెట్టండి.", "Put it on the discard pile.")
    assert not rules.violations("డిస్కార్డ్ పైల్ మీద పెట్టండి.", "Put it on the discard pile.")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_catalog_keeps_the_glossary(lang):
    loaded = load_catalog(LOCALES / lang / "LC_MESSAGES" / "messages.po")
    assert [str(problem) for problem in catalog_violations(loaded, lang, LOCALES)] == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_rulesets_keep_the_glossary(lang):
    assert [str(problem) for problem in ruleset_violations(lang, LOCALES)] == []


def test_every_language_has_retired_terms_and_the_prose_points_to_them():
    assert all(GLOSSARY[lang]["retired"] for lang in TRANSLATED)
    prose = (LOCALES / "GLOSSARY.md").read_text(encoding="utf-8")
    assert "locales/glossary.yaml" in prose
    # one source: the prose does not recommend a term the data retired
    for lang in TRANSLATED:
        for item in GLOSSARY[lang]["retired"]:
            recommended = [line for line in prose.splitlines()
                           if line.startswith("|") and f"| {item['term']} |" in line]
            assert recommended == [], (lang, item["term"], recommended)
