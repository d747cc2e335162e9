"""Where the catalogs live and how a process keeps the current one for each language.

The service reads the translators' `.po` files directly (compiled in memory with
Babel), so an edited catalog is picked up without a restart: every lookup of a
language costs one `os.stat`, and a changed file is parsed again. An entry the reader
refuses (a plural entry with more forms than the header allows) is left out, so only
it shows in English. A catalog that is broken beyond use (unreadable, an unclosed
string, or a Plural-Forms header that fails) is refused and the last good one stays
in service: the one this process loaded, or, in a process that has loaded none (a
restart), the last one `referee i18n compile` accepted (its `.mo`, which compiling
never replaces with a refused catalog).
"""
import io
import logging
import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.support import Translations

from referee.languages import LANGUAGES, SOURCE_LANGUAGE, TRANSLATED_LANGUAGES

from .checks import CatalogProblem, check_catalog, load_catalog
from .render import Translator

DOMAIN = "messages"

log = logging.getLogger(__name__)


DEFAULT_LOCALES_DIR = Path(__file__).resolve().parents[2] / "locales"
# The process's locales directory: its LOCALES_DIR setting, which the app factory and
# the CLI hand over (use_locales_dir). Sentences are rendered far from any app or
# request, so the directory is the process's, not passed down every call.
_locales = {"dir": str(DEFAULT_LOCALES_DIR)}


def use_locales_dir(path) -> str:
    """Read the catalogs from `path` from now on; returns the directory used before."""
    previous, _locales["dir"] = _locales["dir"], str(path)
    return previous


def locales_dir() -> Path:
    """The locales directory in use (<repo>/locales unless configured)."""
    return Path(_locales["dir"])


def po_path(lang: str, base: Path | None = None) -> Path:
    return (base or locales_dir()) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str, base: Path | None = None) -> Path:
    return po_path(lang, base).with_suffix(".mo")


def pot_path(base: Path | None = None) -> Path:
    return (base or locales_dir()) / f"{DOMAIN}.pot"


def translations_from_catalog(catalog) -> Translations:
    """Compile a Babel catalog in memory (fuzzy entries left out, as msgfmt does)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer, domain=DOMAIN)


@dataclass
class _Entry:
    stamp: tuple
    translator: Translator


_cache: dict[tuple[str, str], _Entry] = {}
_lock = threading.Lock()
ENGLISH = Translator(SOURCE_LANGUAGE, None)


@lru_cache(maxsize=64)
def _po_file(base: str, lang: str) -> str:
    """po_path as a plain string, built once: the hot path stats it on every lookup."""
    return str(po_path(lang, Path(base)))


def _stamp(path):
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_size, status.st_ino)


def translator(lang: str) -> Translator:
    """The translator for a served language; English for the source or anything else."""
    if lang not in TRANSLATED_LANGUAGES:
        return ENGLISH
    path = _po_file(_locales["dir"], lang)
    key = (path, lang)
    stamp = _stamp(path)
    entry = _cache.get(key)
    if entry is not None and entry.stamp == stamp:
        return entry.translator
    with _lock:
        entry = _cache.get(key)
        if entry is not None and entry.stamp == stamp:
            return entry.translator
        fresh = _load(path, lang) if stamp is not None else None
        if fresh is None:  # missing or broken: keep what we had (or the last compiled)
            kept = entry.translator if entry is not None else _last_compiled(path, lang)
            _cache[key] = _Entry(stamp, kept)
            return kept
        _cache[key] = _Entry(stamp, fresh)
        return fresh


def catalog_version(lang: str):
    """What a sentence rendered in `lang` was worded from: the language's catalog in
    service now (an opaque object, equal only to itself, that changes whenever the
    catalog is loaded again). A cache of rendered text keys on it, so an edited
    catalog is never answered with the wording of the one before."""
    return translator(lang)


def _load(path, lang: str) -> Translator | None:
    loaded = load_catalog(path)
    if loaded.fatal:
        for problem in loaded.fatal:
            log.warning("catalog refused, keeping the last good one: %s", problem)
        return None
    return Translator(lang, translations_from_catalog(loaded.catalog), _grammar(lang))


def _last_compiled(po_file: str, lang: str) -> Translator:
    """The catalog `referee i18n compile` last accepted (the .mo beside the .po), or
    English when there is none or it cannot be read."""
    mo_file = Path(po_file).with_suffix(".mo")
    try:
        with open(mo_file, "rb") as handle:
            compiled = Translations(fp=handle, domain=DOMAIN)
    except (OSError, ValueError, IndexError, UnicodeDecodeError) as exc:
        log.warning("no last good catalog for %s (%s): English is served", lang, exc)
        return ENGLISH
    log.warning("serving %s from %s, the last catalog compiled", lang, mo_file)
    return Translator(lang, compiled, _grammar(lang))


def _grammar(lang: str):
    """How `lang`'s templates are filled (read with its catalog: locales/glossary.yaml)."""
    from .glossary import grammar_for

    return grammar_for(lang, locales_dir())


def forget_loaded_catalogs() -> None:
    """Drop every cached catalog (tests switch locales directories)."""
    with _lock:
        _cache.clear()


def catalog_problems(lang: str, use_msgfmt: bool = True) -> list[CatalogProblem]:
    """Every problem of a language's catalog, against messages.pot: what `referee i18n
    check` prints and what the translators' page shows (one code path for both)."""
    from .glossary import catalog_violations

    problems = check_catalog(po_path(lang), use_msgfmt=use_msgfmt, template_path=pot_path())
    violations = catalog_violations(load_catalog(po_path(lang)), lang, locales_dir())
    return sorted(problems + violations, key=lambda problem: problem.line)
