"""What every view needs: the service's parts, the negotiated language, JSON answers."""
import functools
import json
import threading

import orjson
from flask import current_app, request
from werkzeug.datastructures import Headers, LanguageAccept
from werkzeug.http import parse_accept_header

from referee.engine.errors import problem
from referee.text import negotiate
from referee.text.catalogs import catalog_version
from referee.text.table import message, next_message

from referee.service import speech
from referee.service.current import current_flask_app, current_request, request_globals
from referee.service.problems import BadRequest
from referee.store.db import ORJSON_PASSTHROUGH

# The longest `lang` query parameter: a BCP 47 tag fits (the OpenAPI document says the
# same, from this constant); anything longer is refused, not negotiated.
MAX_LANG_TAG = 35


class Services:
    """The parts the views share, kept on app.extensions["referee"]."""

    def __init__(self, store, catalog):
        self.store = store
        self.catalog = catalog


def services() -> Services:
    return current_flask_app().extensions["referee"]


def language() -> str:
    """The answer's language: ?lang= first, then Accept-Language (then English).
    Remembered on `g`, so the response says Content-Language and Vary."""
    here = request_globals()
    lang = here.get("lang")
    if lang is None:
        # The header straight from the environ: request.headers.get raises and catches
        # a KeyError when it is missing, as it is from most API clients.
        asking = current_request()
        environ = asking.environ
        asked = asking.args.get("lang") if environ.get("QUERY_STRING") else None
        lang = here.lang = _negotiated(asked, environ.get("HTTP_ACCEPT_LANGUAGE"))
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


class SentenceCache:
    """Sentences as rendered, by what they are rendered from: the compiled ruleset, the
    language and the version of its catalog in service (an edited catalog is worded
    from on the next request, not after older sentences are pushed out), the players'
    names and the verdict (or `next`) without its state. The
    same few sentences come back all evening ("Bina played red 3 ...", "Chirag plays a
    card on ..."), and rendering one (card names, plural forms, lists) cost 45 us of a
    100 us check. A sentence never reads the state: what it says is in the verdict's
    code, details and effects (or in `next`), all part of the key.

    At most `size` sentences, the oldest dropped first (a hit takes no lock: keeping
    an LRU order cost more than the misses it saves). The ruleset is keyed by
    identity and held by the entry, so its id is never reused while the entry lives;
    compiled rulesets are themselves cached per version."""

    def __init__(self, size=4096):
        self.size = size
        self._entries = {}  # insertion-ordered: the oldest entry goes first
        self._lock = threading.Lock()

    def get(self, render, kind, said: dict, lang, players, rules):
        key = (kind, id(rules), lang, catalog_version(lang), tuple(players), _said_key(said))
        entry = self._entries.get(key)  # a dict read is atomic: no lock on a hit
        if entry is not None and entry[0] is rules:
            return entry[1]
        text = render()
        with self._lock:
            self._entries[key] = (rules, text)
            while len(self._entries) > self.size:  # first in, first out
                del self._entries[next(iter(self._entries))]
        return text


def _said_key(said: dict):
    """What a sentence is rendered from, as a key: orjson's compact JSON, exact for JSON
    values (1, 1.0, true and "1" all differ) at a fifth of repr's cost (repr was twice
    as fast as the standard json.dumps); the same values in another key order only
    miss. What orjson refuses (an integer past 64 bits) is keyed by its repr, a str
    that no bytes key equals."""
    try:
        return orjson.dumps(said)
    except TypeError:
        return repr(said)


_sentences = SentenceCache()
_NOT_SAID = ("state", "message")


def _said(verdict: dict) -> dict:
    """What a verdict's sentences are rendered from: all but its state and message, in
    order, `next` included (a copy with those removed: callgrind 3.8k instructions, a
    dict comprehension 8.3k)."""
    said = dict(verdict)
    for key in _NOT_SAID:
        said.pop(key, None)
    return said


def with_message(verdict: dict, players, rules, lang=None) -> dict:
    """A verdict as answered: its JSON plus the message in `lang` (else the request's
    language), worded for the table's compiled ruleset (a launcher penalty is presses,
    not cards), and `next` (when the verdict has it) with its sentence; each also with
    `spoken`, the words a phone says aloud (`spoken_text`). The sentences are kept
    under one key, the verdict with its `next`: one cache lookup a check, not one for
    each (a measurable share of a check's instructions)."""
    answer = dict(verdict)
    lang = lang or language()
    action = verdict.get("next")
    if not isinstance(action, dict):
        answer["message"], answer["spoken"] = _sentences.get(
            lambda: _verdict_sentences(verdict, lang, players, rules),
            "verdict", _said(verdict), lang, players, rules)
        return answer
    answer["message"], answer["spoken"], said_next, spoken_next = _sentences.get(
        lambda: (*_verdict_sentences(verdict, lang, players, rules),
                 *_next_sentences(action, lang, players, rules)),
        "verdict and next", _said(verdict), lang, players, rules)
    answer["next"] = dict(action, message=said_next, spoken=spoken_next)
    return answer


def spoken_text(text: str, lang: str) -> str:
    """A sentence written for the ear as a voice should get it: the same substitutions
    GET /v1/speech makes (UNO in the language's script, Nepali digits), so a phone's own
    voice hears what espeak-ng hears."""
    return speech.spoken(text, speech.voice_for(lang)) if text else text


def _verdict_sentences(verdict, lang, players, rules):
    return (message(verdict, lang, list(players), rules),
            spoken_text(message(verdict, lang, list(players), rules, spoken=True), lang))


def _next_sentences(action, lang, players, rules):
    return (next_message(action, lang, list(players), rules),
            spoken_text(next_message(action, lang, list(players), rules, spoken=True), lang))


def with_next_message(action: dict, players, rules, lang=None) -> dict:
    """`next` as answered: who acts, the moves open to them, the sentence (in `lang`,
    else the request's language) and its `spoken` form."""
    lang = lang or language()
    text, spoken = _sentences.get(lambda: _next_sentences(action, lang, players, rules),
                                  "next", action, lang, players, rules)
    return dict(action, message=text, spoken=spoken)


# Built once: json.dumps with options builds a new encoder on every call.
_ANSWER_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
# orjson writes the same compact UTF-8 JSON eight times faster (1 us instead of 8 for a
# check's verdict, more for a table's event page). What it would write differently, or
# refuse, is left to the standard encoder, as before: datetimes and dataclasses
# (orjson would write them; the standard encoder refuses them), subclasses of
# str/int/dict, integers past 64 bits, non-string keys and lone surrogates. NaN and
# the infinities (orjson: null; the standard encoder: NaN, which is not JSON) never get
# here: bodies refuse them (body.py) and the store cannot hold them (db.json_text).
# The options are the store's (db.ORJSON_PASSTHROUGH): the same cases go to the
# standard encoder in both.


def answer_bytes(body) -> bytes:
    """`body` as an answer's bytes: compact JSON, UTF-8 as is (Indic scripts stay
    readable)."""
    try:
        return orjson.dumps(body, option=ORJSON_PASSTHROUGH)
    except TypeError:  # orjson.JSONEncodeError: see ORJSON_PASSTHROUGH
        # backslashreplace: a lone surrogate that got this far is answered as its JSON
        # escape instead of failing the answer (HOSTILE.md 24).
        return _ANSWER_JSON.encode(body).encode("utf-8", "backslashreplace")


def _language_headers(lang) -> Headers:
    """Content-Language and Vary for an answer worded in `lang` (none without one),
    added one by one: werkzeug reads a list of pairs through abstract-class checks at
    twice the cost (callgrind, answer({"status": "ok"}, lang="en"): 63k instructions
    with a list, 50k this way, 40k without the two headers)."""
    headers = Headers()
    if lang:
        headers.add("Content-Language", lang)
        headers.add("Vary", "Accept-Language")
    return headers


def answer(body, status=200, headers=None, lang=None):
    """A JSON answer: compact, UTF-8 as is (Indic scripts stay readable). Worded in
    `lang`, the negotiated language, it says so and that it varies with
    Accept-Language from its start: added after the view (as _common_headers does when
    no `lang` is given), each of these headers costs werkzeug a search through the
    others, and a raised and caught KeyError when missing. The content type is given
    whole: a mimetype would be looked up for a charset to add (JSON takes none)."""
    response = current_app.response_class(answer_bytes(body), status=status,
                                          headers=_language_headers(lang),
                                          content_type="application/json")
    if lang and not headers:  # _common_headers need not look for the two headers
        response.worded_in = lang
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response
