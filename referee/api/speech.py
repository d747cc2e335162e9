"""GET /v1/speech?lang=xx&text=...: a verdict's sentence said aloud, as Ogg Opus
(referee/service/speech.py synthesises; docs/speech.md).

GET, not POST: a phone plays the URL itself (`new Audio(url)`, `<audio src>`), and
its HTTP cache (and any cache on the way) keeps a GET by its URL; the URL is the
whole request, so the answer is `immutable` with the content key as its ETag. 300
characters percent-encode to at most 3.6 KB of URL (12 bytes a Devanagari
character with its marks, 9 without), well under the 8 KB gunicorn reads.

The language is the `lang` parameter only, never Accept-Language: the audio of a URL
must not depend on a header (no Vary), and a language without a voice is a 422,
not English. A sentence synthesised is charged to the client's RATE_LIMIT_SPEECH;
one answered from the cache, or a 304, is not (it costs a dictionary lookup).

Settings (app config): SPEECH_CACHE_BYTES (8 MiB), SPEECH_CACHE_ENTRIES (1000).
"""
from flask import Blueprint, current_app, request

from referee.service import speech
from referee.service.problems import HTTPProblem, Unprocessable, RetryLater

from . import limits

bp = Blueprint("speech", __name__, url_prefix="/v1")

AUDIO = "audio/ogg; codecs=opus"
# A month: the audio of a URL changes only when the voice or its settings do (its
# ETag with them), and a phone's cache drops it long before.
CACHE_CONTROL = "public, max-age=2592000, immutable"


class NoVoice(HTTPProblem):
    status, slug, title = 422, "no-voice", "No voice for this language"
    text = "GET /v1/speech: the service speaks en, gu, hi, ne and te only (docs/speech.md)."


class SpeechUnavailable(RetryLater):
    status, slug, title = 503, "speech-unavailable", "Speech is unavailable"
    text = ("GET /v1/speech: espeak-ng or opusenc is missing, failed or took more than 5 s, "
            "or every synthesis slot was busy; retry after Retry-After.")
    retry_after = 1


PROBLEMS = [NoVoice, SpeechUnavailable]


def speech_cache():
    cache = current_app.extensions.get("referee.speech")
    if cache is None:
        config = current_app.config
        cache = current_app.extensions["referee.speech"] = speech.SpeechCache(
            max_bytes=int(config.get("SPEECH_CACHE_BYTES", 8 * 1024 * 1024)),
            max_entries=int(config.get("SPEECH_CACHE_ENTRIES", 1000)))
    return cache


def _refused(exc):
    if any(p.code == "no-voice" for p in exc.problems):
        return NoVoice(exc.problems[0].message, errors=exc.problems)
    return Unprocessable(exc.problems[0].message, errors=exc.problems)


@bp.get("/speech")
def say():
    args = request.args
    text = args.get("text")
    try:
        lang = speech.voice_for(args.get("lang"))
        problems = speech.refusals(text)
        if problems:
            raise speech.SpeechRefused(problems)
        said = speech.spoken(text, lang)
        voice = speech.VOICES[lang]
        key = speech.key_of(voice, said)
        etag = f'"{key[:32]}"'
        if key[:32] in request.if_none_match:  # the phone has it: nothing to make
            response = current_app.response_class(status=304)
        else:
            audio = speech_cache().get(
                key, lambda: speech.synthesise(voice, said),
                before_making=lambda: limits.charge(current_app, "RATE_LIMIT_SPEECH"))
            response = current_app.response_class(audio, content_type=AUDIO)
    except speech.SpeechRefused as exc:
        raise _refused(exc) from None
    except speech.SpeechUnavailable as exc:
        raise SpeechUnavailable(str(exc)) from None
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = CACHE_CONTROL
    response.headers["Content-Language"] = lang
    if response.status_code == 200:
        # Range requests (Safari's audio asks for bytes=0-1 first) from werkzeug.
        response = response.make_conditional(request, accept_ranges=True,
                                             complete_length=len(audio))
    return response
