"""What every view needs: the service's parts, the negotiated language, JSON answers."""
from flask import current_app, g, request

from referee.text import negotiate, verdict_message


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
        lang = g.lang = negotiate(request.args.get("lang"), request.accept_languages)
    return lang


def with_message(verdict: dict, players) -> dict:
    """A verdict as answered: its JSON plus the message in the request's language."""
    answer = dict(verdict)
    answer["message"] = verdict_message(verdict, language(), list(players))
    return answer


def answer(body, status=200, headers=None):
    response = current_app.json.response(body)
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response
