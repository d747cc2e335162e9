"""What every view needs: the service's parts, the negotiated language, JSON answers."""
import functools
import json

from flask import current_app, g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee.engine.errors import problem
from referee.text import negotiate
from referee.text.table import message, next_message

from .problems import BadRequest

# The longest `lang` query parameter: a BCP 47 tag fits (the OpenAPI document says the
# same, from this constant); anything longer is refused, not negotiated.
MAX_LANG_TAG = 35


class Services:
    """The parts the views share, kept on app.extensions["referee"]."""

    def __init__(self, store, catalog):
        self.store = store
        self.catalog = catalog


def services() -> Services:
    return current_app.extensions["referee"]


def language() -> str:
    """The answer's language: ?lang= first, then Accept-Language (then English).
    Remembered on `g`, so the response says Content-Language and Vary."""
    lang = g.get("lang")
    if lang is None:
        asked = request.args.get("lang") if request.query_string else None
        lang = g.lang = _negotiated(asked, request.headers.get("Accept-Language"))
    return lang


def check_lang_param():
    """Before a request: a `lang` longer than a language tag can be is a bad request
    (a shorter unknown one is negotiated: the answer falls back to English)."""
    asked = request.args.get("lang") if request.query_string else None
    if asked is not None and len(asked) > MAX_LANG_TAG:
        message = f"lang must be a language tag of at most {MAX_LANG_TAG} characters"
        raise BadRequest(message, errors=[problem("lang", message, "bad-query-parameter")])


@functools.lru_cache(maxsize=1024)
def _negotiated(asked, accept_language):
    # A table's phones send the same few headers all evening: parse each once.
    return negotiate(asked, parse_accept_header(accept_language, LanguageAccept))


def with_message(verdict: dict, players, rules) -> dict:
    """A verdict as answered: its JSON plus the message in the request's language,
    worded for the table's compiled ruleset (a launcher penalty is presses, not cards),
    and `next` (when the verdict has it) with its sentence."""
    answer = dict(verdict)
    answer["message"] = message(verdict, language(), list(players), rules)
    if isinstance(verdict.get("next"), dict):
        answer["next"] = with_next_message(verdict["next"], players, rules)
    return answer


def with_next_message(action: dict, players, rules) -> dict:
    """`next` as answered: who acts, the moves open to them, and the sentence."""
    return dict(action, message=next_message(action, language(), list(players), rules))


def answer(body, status=200, headers=None):
    """A JSON answer: compact, UTF-8 as is (Indic scripts stay readable)."""
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    # backslashreplace: a lone surrogate that got this far is answered as its JSON
    # escape instead of failing the answer (HOSTILE.md 24).
    response = current_app.response_class(text.encode("utf-8", "backslashreplace"),
                                          status=status, mimetype="application/json")
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response
