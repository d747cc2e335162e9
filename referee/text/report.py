"""How complete and how healthy each translation is (GET /v1/locales)."""
import math
import os
import threading

from babel import Locale

from .catalogs import LANGUAGES, SOURCE_LANGUAGE, catalog_problems, po_path, pot_path
from .checks import BadPlaceholder, Incomplete, MsgfmtProblem, Unusable, load_catalog
from .glossary import GlossaryViolation

_cache: dict[str, tuple[tuple, dict]] = {}
_lock = threading.Lock()


def _endonym(lang: str) -> str:
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:] if lang == SOURCE_LANGUAGE else name


def problem_kind(problem) -> str:
    """What kind of problem it is, for a page that explains each kind in its reader's words."""
    if isinstance(problem, Unusable):
        return "unusable"
    if isinstance(problem, GlossaryViolation):
        return "glossary"
    if isinstance(problem, MsgfmtProblem):
        return "msgfmt"
    if isinstance(problem, BadPlaceholder):
        return "placeholder"
    if problem.problem.startswith("fuzzy"):
        return "fuzzy"
    if problem.problem.startswith("missing"):
        return "missing"
    return "untranslated"


def _language_report(lang: str) -> dict:
    """Completeness and every problem `referee i18n check` reports (the same function,
    catalog_problems), without the server's file paths."""
    entry = {"lang": lang, "name": _endonym(lang)}
    if lang == SOURCE_LANGUAGE:
        return {**entry, "translated_percent": 100.0, "fuzzy": 0, "untranslated": 0, "problems": [],
                "check_passes": True}
    path = po_path(lang)
    if not path.exists():
        return {**entry, "translated_percent": 0.0, "fuzzy": 0, "untranslated": 0, "check_passes": False,
                "problems": [{"line": 0, "msgid": "", "kind": "unusable", "detail": "missing catalog",
                              "blocking": True}]}
    loaded = load_catalog(path)
    messages = [message for message in (loaded.catalog or []) if message.id]
    fuzzy = sum(1 for message in messages if message.fuzzy)
    untranslated = sum(1 for message in messages if not message.fuzzy and not _complete(message.string))
    translated = len(messages) - fuzzy - untranslated
    found = catalog_problems(lang)
    missing = sum(1 for problem in found if isinstance(problem, Incomplete) and problem.line == 0)
    untranslated += missing
    total = len(messages) + missing
    # Rounded down: a catalog the check refuses is never shown as 100%.
    percent = math.floor(1000.0 * translated / total) / 10 if total and loaded.catalog is not None else 0.0
    problems = [{"line": problem.line, "msgid": problem.msgid, "kind": problem_kind(problem),
                 "detail": problem.problem, "blocking": problem.blocking} for problem in found]
    return {**entry, "translated_percent": percent, "fuzzy": fuzzy, "untranslated": untranslated,
            "problems": problems, "check_passes": not problems}


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
