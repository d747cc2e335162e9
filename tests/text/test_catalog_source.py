"""The English source: messages.pot is current, every message is explained to translators
and uses named placeholders only; `update` creates and merges catalogs one language at a time."""
import re
import shutil

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from click.testing import CliRunner

from referee.cli import main
from referee.text import workflow
from referee.text.catalogs import TRANSLATED_LANGUAGES, po_path, pot_path
from referee.text.render import is_bare_name, placeholders

from text_support import LOCALES, template


def keys(catalog):
    return {(message.context, message.id if isinstance(message.id, str) else tuple(message.id))
            for message in catalog if message.id}


def test_messages_pot_matches_the_code(tmp_path):
    """Forgetting `referee i18n extract` after changing a message fails here."""
    fresh = workflow.extract(tmp_path)
    with open(fresh, "rb") as handle:
        assert keys(read_po(handle)) == keys(template())


@pytest.mark.parametrize("message", [m for m in template() if m.id], ids=lambda m: str(m.id)[:40])
def test_every_message_is_explained_and_uses_named_placeholders(message):
    assert message.auto_comments, "add a # TRANSLATORS: comment where the message is written"
    for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
        for field in placeholders(text):
            assert is_bare_name(field), f"{{{field}}}: name the placeholder"
    if any("{" in text for text in (message.id if isinstance(message.id, tuple) else (message.id,))):
        assert "python-brace-format" in message.flags


def test_no_message_glues_fragments():
    """Rule text and verdicts are whole sentences: each starts with a capital, a
    placeholder or a digit (names of colours and cards aside; page labels are the
    web pages' business)."""
    for message in template():
        if not message.id or message.context in ("color", "card color", "color before a postposition", "card color, before a postposition", "card kind", "card"):
            continue
        if not all(path.startswith("referee/text/") for path, _line in message.locations):
            continue
        first = message.id[0] if isinstance(message.id, tuple) else message.id
        assert re.match(r"[A-Z0-9{]", first), first


@pytest.fixture
def temp_locales(tmp_path, monkeypatch):
    base = tmp_path / "locales"
    shutil.copytree(LOCALES, base, ignore=shutil.ignore_patterns("*.mo", "glossary"))
    monkeypatch.setenv("REFEREE_LOCALES_DIR", str(base))
    return base


def test_update_creates_a_catalog_with_babels_plural_forms(temp_locales):
    shutil.rmtree(temp_locales / "te")
    result = CliRunner().invoke(main, ["i18n", "update", "--lang", "te"])
    assert result.exit_code == 0, result.output
    with open(po_path("te", temp_locales), "rb") as handle:
        catalog = read_po(handle)
    plural = get_plural("te")
    assert (catalog.num_plurals, catalog.plural_expr) == (plural.num_plurals, plural.plural_expr)
    assert keys(catalog) == keys(template())


def test_update_with_lang_merges_only_that_language(temp_locales):
    untouched = {lang: po_path(lang, temp_locales).read_bytes() for lang in TRANSLATED_LANGUAGES}
    pot = pot_path(temp_locales)
    pot.write_text(pot.read_text(encoding="utf-8") + '\n#. TRANSLATORS: test\nmsgid "A brand new sentence."\n'
                   'msgstr ""\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["i18n", "update", "--lang", "hi"])
    assert result.exit_code == 0, result.output
    with open(po_path("hi", temp_locales), "rb") as handle:
        assert (None, "A brand new sentence.") in keys(read_po(handle))
    for lang in set(TRANSLATED_LANGUAGES) - {"hi"}:
        assert po_path(lang, temp_locales).read_bytes() == untouched[lang]


def test_update_refuses_to_merge_into_an_unreadable_catalog(temp_locales):
    path = po_path("gu", temp_locales)
    path.write_text('msgid ""\nmsgstr ""\nthis is not gettext\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["i18n", "update", "--lang", "gu"])
    assert result.exit_code == 1
    assert "cannot merge" in result.output and "Traceback" not in result.output
    assert path.read_text(encoding="utf-8").endswith("this is not gettext\n")


def test_update_without_a_template_says_what_to_do(temp_locales):
    pot_path(temp_locales).unlink()
    result = CliRunner().invoke(main, ["i18n", "update", "--lang", "gu"])
    assert result.exit_code == 1 and "referee i18n extract" in result.output
