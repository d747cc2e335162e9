"""Ruleset problems in the organiser's language.

Every problem of a ruleset (referee.rules) carries a stable code and its parameters;
the English sentence for each code is written in referee/rules/errors.py (marked for
extraction there) and translated here, so the CLI, the API and the workshop say the
same thing in the same words.
"""
from referee.rules.errors import CHOICES, MAX_MESSAGE, PROBLEM_MESSAGES, clip

from .catalogs import translator
from .render import Translator



def _values(code: str, params: dict, tr: Translator) -> dict:
    """Parameters as the message shows them: lists joined as the language joins them."""
    return {name: tr.join([str(item) for item in value], style="or" if (code, name) in CHOICES else "standard")
            if isinstance(value, (list, tuple)) else value
            for name, value in (params or {}).items()}


def problem_message(code: str, params: dict | None, lang: str) -> str:
    """The problem's sentence in `lang` (English for the source or an unknown language)."""
    tr = translator(lang)
    template = PROBLEM_MESSAGES.get(code)
    if template is None:
        return ""
    values = _values(code, params or {}, tr)
    if isinstance(template, tuple):
        count = (params or {}).get("count", 0)
        return clip(tr.ngettext(template[0], template[1], int(count), **values), MAX_MESSAGE)
    return clip(tr.gettext(template, **values), MAX_MESSAGE)


def problem_json(problem, lang: str) -> dict:
    """A problem as the API answers it: its code, and its message in `lang`."""
    answer = problem.to_json()
    answer["message"] = problem_message(problem.code, problem.params, lang) or problem.message
    return answer


def problem_line(problem, lang: str) -> str:
    """`line L, column C: path: message` (with a warning mark), in `lang`, for the CLI."""
    tr = translator(lang)
    parts = []
    if problem.line:
        # TRANSLATORS: where a ruleset problem is, before its message: {line} and {column} are numbers.
        parts.append(tr.gettext("Line {line}, column {column}:", line=problem.line, column=problem.column or 1))
    if problem.severity == "warning":
        # TRANSLATORS: before a ruleset remark that is not an error (the CLI and the workshop).
        parts.append(tr.gettext("Warning:"))
    if problem.path:
        parts.append(f"{problem.path}:")
    parts.append(problem_message(problem.code, problem.params, lang) or problem.message)
    return " ".join(parts)
