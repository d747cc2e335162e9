"""How complete and how healthy each translation is (GET /v1/locales)."""
import os
import threading

from babel import Locale

from .catalogs import LANGUAGES, SOURCE_LANGUAGE, po_path, pot_path
from .checks import Incomplete, check_catalog, load_catalog

_cache: dict[str, tuple[tuple, dict]] = {}
_lock = threading.Lock()


def _endonym(lang: str) -> str:
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:] if lang == SOURCE_LANGUAGE else name


def _language_report(lang: str) -> dict:
    entry = {"lang": lang, "name": _endonym(lang)}
    if lang == SOURCE_LANGUAGE:
        return {**entry, "translated_percent": 100.0, "fuzzy": 0, "untranslated": 0, "problems": []}
    path = po_path(lang)
    if not path.exists():
        return {**entry, "translated_percent": 0.0, "fuzzy": 0, "untranslated": 0,
                "problems": [f"{path}: missing catalog"]}
    loaded = load_catalog(path)
    messages = [message for message in (loaded.catalog or []) if message.id]
    fuzzy = sum(1 for message in messages if message.fuzzy)
    untranslated = sum(1 for message in messages if not message.fuzzy and not _complete(message.string))
    translated = len(messages) - fuzzy - untranslated
    found = check_catalog(path, template_path=pot_path())
    missing = sum(1 for problem in found if isinstance(problem, Incomplete) and problem.line == 0)
    untranslated += missing
    total = len(messages) + missing
    problems = [str(problem) for problem in found if not isinstance(problem, Incomplete)]
    percent = round(100.0 * translated / total, 1) if total else 0.0
    return {**entry, "translated_percent": percent, "fuzzy": fuzzy, "untranslated": untranslated,
            "problems": problems}


def _complete(string) -> bool:
    strings = string if isinstance(string, (tuple, list)) else (string,)
    return all(strings)


def _stamp(lang: str):
    try:
        status = os.stat(po_path(lang))
        return (str(po_path(lang)), status.st_mtime_ns, status.st_size)
    except OSError:
        return (str(po_path(lang)), None, None)


def locales_report() -> dict:
    """Every served language with its completeness and problems (recomputed only when
    its catalog changes, since the check runs msgfmt)."""
    reports = []
    for lang in LANGUAGES:
        stamp = _stamp(lang)
        with _lock:
            cached = _cache.get(lang)
        if cached is None or cached[0] != stamp:
            cached = (stamp, _language_report(lang))
            with _lock:
                _cache[lang] = cached
        reports.append(dict(cached[1]))
    return {"locales": reports}
