"""Helpers for the text tests (a module name no other test directory uses, so they can
be imported by name whatever other conftest.py pytest loaded last)."""
import shutil
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from referee.text import catalogs
from referee.text.workflow import _new_catalog

REPO = Path(__file__).resolve().parents[2]
LOCALES = REPO / "locales"
FIXTURES = Path(__file__).parent / "fixtures"
CASES = Path(__file__).parent / "cases"
TRANSLATED = catalogs.TRANSLATED_LANGUAGES


@cache
def template():
    with open(LOCALES / "messages.pot", "rb") as handle:
        return read_po(handle)


def write_catalog(base: Path, lang: str, translations: dict | None = None, header: str | None = None) -> Path:
    """A catalog for `lang` made from the real template, with some entries translated:
    {msgid: string}, {(context, msgid): string}, or a tuple of strings for plurals."""
    catalog = _new_catalog(template(), lang)
    for key, string in (translations or {}).items():
        context, msgid = key if isinstance(key, tuple) else (None, key)
        message = next(m for m in catalog if m.context == context and
                       (m.id == msgid or (isinstance(m.id, tuple) and m.id[0] == msgid)))
        message.string = string
    path = catalogs.po_path(lang, base)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=100)
    if header is not None:  # replace the Plural-Forms header verbatim
        text = path.read_text(encoding="utf-8")
        start = text.index('"Plural-Forms:')
        end = text.index("\n", start)
        path.write_text(text[:start] + header + text[end:], encoding="utf-8")
    return path


def copy_fixture(name: str, base: Path, lang: str = "gu") -> Path:
    path = catalogs.po_path(lang, base)
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURES / name, path)
    return path
