"""Names in the form the sentence needs: a card or colour name before a postposition
takes its oblique form (Gujarati પીળા 3 પર, Hindi हरे ड्रा टू की वजह से), and the
Gujarati ergative of a player's name follows its last letter (ચિરાગે, આશાએ)."""
import re

import pytest

from referee.engine.rules import compiled
from referee.text.cards import COLORS, KINDS, card_name, color_name
from referee.text.catalogs import translator
from referee.text.render import placeholders
from referee.text.table import next_message
from referee.text.verdicts import verdict_message

from text_support import LOCALES
from babel.messages.pofile import read_po

# What a native speaker says, written here independently of the catalogs.
OBLIQUE = {
    "gu": {"red": "લાલ", "yellow": "પીળા", "green": "લીલા", "blue": "વાદળી"},
    "hi": {"red": "लाल", "yellow": "पीले", "green": "हरे", "blue": "नीले"},
}
DIRECT = {
    "gu": {"yellow": "પીળું", "green": "લીલું"},
    "hi": {"yellow": "पीला", "green": "हरा", "blue": "नीला"},
}
CARD_PLACEHOLDERS = ("top", "card", "pending_card", "drawn")
COLOURED_KINDS = [kind for kind in KINDS if not kind.startswith("wild")]


def _catalog(lang):
    with open(LOCALES / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle)


def _before_postposition(lang):
    """(msgid, context, placeholder, translation) of every catalog message whose
    translation puts a card or colour placeholder right before a postposition."""
    grammar = translator(lang).grammar
    found = []
    for message in _catalog(lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for name in (*CARD_PLACEHOLDERS, "color"):
                for match in re.finditer(r"\{" + name + r"\}", text):
                    if grammar.before_postposition(text[match.end():]):
                        found.append((ids, message.context, name, text))
    return found


@pytest.mark.parametrize("lang", sorted(OBLIQUE))
def test_every_card_before_a_postposition_takes_its_oblique_form(lang):
    tr = translator(lang)
    cases = [case for case in _before_postposition(lang) if case[2] != "color"]
    assert len(cases) >= 10, cases   # the next sentences, the pending draws, the challenges ...
    for ids, context, name, text in cases:
        for color, oblique in OBLIQUE[lang].items():
            for kind in COLOURED_KINDS:
                card = card_name(f"{color}-{kind}", tr)
                values = {field: "x" for field in placeholders(text)}
                values[name] = card
                said = _fill(tr, ids, context, values)
                expected = f"{oblique} {tr.translate(*KINDS[kind])}"
                assert expected in said, (text, said)
                for direct in DIRECT[lang].values():
                    assert f"{direct} {tr.translate(*KINDS[kind])}" not in said, said


def _fill(tr, ids, context, values):
    if len(ids) == 1:
        return tr.pgettext(context, ids[0], **values) if context else tr.gettext(ids[0], **values)
    return tr.ngettext(ids[0], ids[1], 2, **values)


@pytest.mark.parametrize("lang", sorted(OBLIQUE))
def test_every_colour_before_colour_and_a_postposition_takes_its_oblique_form(lang):
    tr = translator(lang)
    cases = [case for case in _before_postposition(lang) if case[2] == "color"]
    assert cases
    for ids, context, name, text in cases:
        for color, oblique in OBLIQUE[lang].items():
            values = {field: "x" for field in placeholders(text)}
            values[name] = color_name(color, tr)
            said = _fill(tr, ids, context, values)
            assert oblique in said, (text, said)


def test_a_card_name_is_plain_where_no_postposition_follows(rulesets):
    tr = translator("gu")
    said = verdict_message({"code": "played", "details": {"player": 0, "card": "yellow-3", "color": "yellow"}},
                           "gu", ["આશા"], rulesets["classic"])
    assert "પીળું 3 રમ્યું" in said and "ચાલુ રંગ પીળો" in said
    assert str(card_name("green-skip", tr)) == "લીલું સ્કીપ"


@pytest.mark.parametrize("lang, top, expected", [
    ("gu", "yellow-3", "પીળા 3 પર"),
    ("gu", "green-draw-two", "લીલા ડ્રો ટુ પર"),
    ("hi", "green-7", "ऊपर हरा 7 है"),   # no postposition after it: the plain form
])
def test_the_most_frequent_sentence_uses_the_form_its_place_needs(lang, top, expected, rulesets):
    action = {"situation": "play", "player": 0, "top": top, "color": top.split("-")[0], "moves": ["play", "draw"]}
    assert expected in next_message(action, lang, ["આશા", "બીના"], rulesets["classic"])


def test_hindi_draw_two_before_ki_vajah_se(rulesets):
    said = verdict_message({"code": "pending-draw", "details": {"player": 1, "count": 2, "card": "green-draw-two"}},
                           "hi", ["आशा", "बीना"], rulesets["classic"])
    assert said.startswith("हरे ड्रा टू की वजह से बीना को")


@pytest.mark.parametrize("lang, expected", [("gu", "લીલા રંગનું કાર્ડ"), ("hi", "हरे रंग का कार्ड")])
def test_the_colour_roulette_sentence_puts_the_colour_before_its_postposition(lang, expected, rulesets):
    action = {"situation": "answer-draw", "player": 0, "until_color": True, "color": "green", "count": None}
    assert expected in next_message(action, lang, ["Asha"], rulesets["no-mercy"])


# --- the ergative of a name ------------------------------------------------------

@pytest.mark.parametrize("name, ergative", [
    ("ચિરાગ", "ચિરાગે"), ("અમિત", "અમિતે"), ("કિરણ", "કિરણે"), ("ગૌરવ", "ગૌરવે"), ("હાર્દિક", "હાર્દિકે"),
    ("આશા", "આશાએ"), ("બીના", "બીનાએ"), ("દીપ્તિ", "દીપ્તિએ"), ("મનુ", "મનુએ"), ("જય", "જયે"),
    ("Chirag", "Chiragએ"),   # a name in Latin letters keeps the ending apart-looking, as typed
])
def test_the_gujarati_ergative_follows_the_names_last_letter(name, ergative, rulesets):
    said = verdict_message({"code": "played", "details": {"player": 0, "card": "yellow-3", "color": "yellow"}},
                           "gu", [name], rulesets["classic"])
    assert said.startswith(f"{ergative} પીળું 3 રમ્યું"), said


def test_the_ergative_rule_touches_only_the_ending_it_is_for(rulesets):
    said = verdict_message({"code": "not-your-turn", "details": {"player": 0, "current": 1}}, "gu",
                           ["ચિરાગ", "અમિત"], rulesets["classic"])
    assert "ચિરાગ" in said and "અમિત" in said and "ચિરાગે" not in said


@pytest.mark.parametrize("lang, names, expected", [
    ("hi", ["चिराग", "आशा"], ["चिराग ने", "आशा ने"]),        # ने is a word of its own
    ("ne", ["चिराग", "आशा"], ["चिरागले", "आशाले"]),          # ले joins any name
    ("te", ["చిరాగ్", "ఆశ"], ["చిరాగ్ ", "ఆశ "]),             # Telugu keeps the name bare
])
def test_names_in_the_other_scripts_stand_as_typed(lang, names, expected, rulesets):
    for name, form in zip(names, expected):
        said = verdict_message({"code": "played", "details": {"player": 0, "card": "red-3", "color": "red"}},
                               lang, [name], rulesets["classic"])
        assert said.startswith(form), said


def test_the_translators_preview_shows_the_oblique_form_too():
    from referee.text.preview import preview
    msgid = "{card} cannot be challenged."
    shown = preview("hi", None, msgid, ["{card} को चुनौती नहीं दी जा सकती।"])
    assert shown["problems"] == [] and any("लाल ड्रा टू को" in text for text in shown["previews"]), shown
    shown = preview("gu", None, msgid, ["{card}ને ચેલેન્જ કરી શકાતું નથી."])
    assert any("લાલ ડ્રો ટુને" in text for text in shown["previews"]), shown
    msgid = "{card} may not be stacked on {pending_card}."
    shown = preview("hi", None, msgid, ["{pending_card} पर {card} नहीं डाला जा सकता।"])
    assert any(text.startswith("नीले ड्रा टू पर लाल ड्रा टू") for text in shown["previews"]), shown
