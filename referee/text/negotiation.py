"""Choosing the reader's language: ?lang= first, then Accept-Language, else English."""
from babel.core import negotiate_locale
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from .catalogs import LANGUAGES, SOURCE_LANGUAGE


def _served(tag: str) -> str | None:
    """'ne-NP' or 'ne_np' or 'NE' -> 'ne' when we serve it."""
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


def negotiate(lang_param: str | None, accept_languages) -> str:
    """The language to answer in.

    `accept_languages` is Werkzeug's LanguageAccept (request.accept_languages) or the
    raw header. Preferences are taken in q-value order; a region (hi-IN) falls back to
    its language; a preference we do not serve is skipped.
    """
    if isinstance(lang_param, str) and lang_param.strip():
        served = _served(lang_param)
        if served:
            return served
    if isinstance(accept_languages, str):
        accept_languages = parse_accept_header(accept_languages, LanguageAccept)
    if not isinstance(accept_languages, LanguageAccept):
        return SOURCE_LANGUAGE
    preferred = [tag.replace("_", "-") for tag, quality in accept_languages if quality > 0 and tag != "*"]
    chosen = negotiate_locale(preferred, LANGUAGES, sep="-")
    return chosen or SOURCE_LANGUAGE
