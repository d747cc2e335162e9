"""The translators' workflow: extract the English source, create or merge the
language catalogs, compile them safely. `referee i18n` calls these."""
import io
import os
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .catalogs import TRANSLATED_LANGUAGES, mo_path, po_path, pot_path
from .checks import check_catalog, load_catalog

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "referee"
MAPPING = REPO / "babel.cfg"
COMMENT_TAGS = ("TRANSLATORS:", "NOTE:")
# Our markers beside the gettext names: N_/NP_ mark a message (with a context) that is
# translated elsewhere; M_/MN_ mark verdict sentences (MN_ has plural forms); _code is
# the pages' gettext for sentences that show file names or commands as code.
# S_/SN_ are M_/MN_ with a msgctxt first ("spoken": a sentence written to be said aloud).
KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2), "M_": None, "MN_": (1, 2), "_code": None,
            "S_": ((1, "c"), 2), "SN_": ((1, "c"), 2, 3)}
WIDTH = 100


class ExtractionError(Exception):
    """A source file the extractor cannot read; messages.pot is left as it was."""


def _atomic_write(path: Path, write) -> None:
    """Write through a temporary file in the same directory, then swap it in."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=f".{path.name}.", delete=False)
    try:
        with handle:
            write(handle)
        os.chmod(handle.name, 0o644)
        os.replace(handle.name, path)
    except BaseException:
        os.unlink(handle.name)
        raise


def _brace_flags(message_id) -> set[str]:
    ids = message_id if isinstance(message_id, (tuple, list)) else (message_id,)
    return {"python-brace-format"} if any("{" in text for text in ids) else set()


def extract(base: Path | None = None) -> Path:
    """Write messages.pot from the code (translator comments included)."""
    with open(MAPPING, encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    template = Catalog(project="referee", version="0.1.0", charset="utf-8", fuzzy=False,
                       msgid_bugs_address="https://github.com/referee/referee/issues")
    current = []  # the file being read, to name it if it cannot be parsed
    found = extract_from_dir(str(REPO), method_map, options_map, keywords=KEYWORDS,
                             comment_tags=COMMENT_TAGS, strip_comment_tags=False,
                             callback=lambda filename, method, options: current.append(filename))
    try:
        found = list(found)
    except Exception as exc:  # noqa: BLE001 - any extractor failure names its file
        where = current[-1] if current else "?"
        line = getattr(exc, "lineno", None)
        raise ExtractionError(f"{where}{f':{line}' if line else ''}: cannot extract messages: {exc}") from None
    for filename, lineno, message, comments, context in found:
        location = (filename, lineno)
        flags = _brace_flags(message)
        template.add(message, None, [location], auto_comments=comments, flags=flags, context=context)
    path = pot_path(base)
    buffer = io.BytesIO()
    write_po(buffer, template, width=WIDTH, include_lineno=False, sort_output=False)
    if _without_date(buffer.getvalue()) == _without_date(_read_bytes(path)):
        return path  # keep the file (and its date): nothing for translators to merge
    _atomic_write(path, lambda out: out.write(buffer.getvalue()))
    return path


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _without_date(content: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", content)


def update(langs=TRANSLATED_LANGUAGES, base: Path | None = None) -> list[tuple[str, str]]:
    """Create a language's catalog from the template, or merge the template into it."""
    with open(pot_path(base), "rb") as handle:
        template = read_po(handle)
    done = []
    for lang in langs:
        path = po_path(lang, base)
        if path.exists():
            with open(path, "rb") as handle:
                catalog = read_po(handle, locale=lang, abort_invalid=True)  # never rewrite what we cannot read
            catalog.update(template)
            action = "updated"
        else:
            catalog = _new_catalog(template, lang)
            action = "created"
        _atomic_write(path, lambda out, catalog=catalog: write_po(
            out, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=False))
        done.append((lang, action))
    return done


def _new_catalog(template: Catalog, lang: str) -> Catalog:
    """Babel's `init`: the template with the language's own Plural-Forms header."""
    locale = Locale.parse(lang)
    catalog = Catalog(locale=locale, project=template.project, version=template.version,
                      msgid_bugs_address=template.msgid_bugs_address, charset="utf-8", fuzzy=False,
                      creation_date=template.creation_date, revision_date=datetime.now(timezone.utc),
                      language_team=f"{locale.english_name} <referee-{lang}@localhost>",
                      last_translator=f"{locale.english_name} translator <referee-{lang}@localhost>")
    for message in template:
        if message.id:
            catalog.add(message.id, None, list(message.locations), flags=message.flags,
                        auto_comments=message.auto_comments, context=message.context)
    return catalog


def compile_catalogs(langs=TRANSLATED_LANGUAGES, base: Path | None = None, use_msgfmt: bool = True):
    """Compile each catalog that passes the check; a catalog with a blocking problem
    keeps its previous .mo. Returns [(lang, compiled?, problems)]."""
    results = []
    for lang in langs:
        path = po_path(lang, base)
        problems = check_catalog(path, use_msgfmt=use_msgfmt)
        blocking = [problem for problem in problems if problem.blocking]
        if blocking:
            results.append((lang, False, blocking))
            continue
        catalog = load_catalog(path).catalog
        _atomic_write(mo_path(lang, base), lambda out, catalog=catalog: write_mo(out, catalog, use_fuzzy=False))
        results.append((lang, True, problems))
    return results

