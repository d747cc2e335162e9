"""What every view needs: the service's parts, the negotiated language, JSON answers."""
import functools
import json

from flask import current_app, g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee.text import negotiate
from referee.text.table import message, next_message


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


@functools.lru_cache(maxsize=1024)
def _negotiated(asked, accept_language):
    # A table's phones send the same few headers all evening: parse each once.
    return negotiate(asked, parse_accept_header(accept_language, LanguageAccept))


def with_message(verdict: dict, players) -> dict:
    """A verdict as answered: its JSON plus the message in the request's language, and
    `next` (when the verdict has it) with its sentence."""
    answer = dict(verdict)
    answer["message"] = message(verdict, language(), list(players))
    if isinstance(verdict.get("next"), dict):
        answer["next"] = with_next_message(verdict["next"], players)
    return answer


def with_next_message(action: dict, players) -> dict:
    """`next` as answered: who acts, the moves open to them, and the sentence."""
    return dict(action, message=next_message(action, language(), list(players)))


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
