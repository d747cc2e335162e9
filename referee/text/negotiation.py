"""Choosing the reader's language: ?lang= first, then Accept-Language, else English."""
from functools import lru_cache

from babel.core import negotiate_locale
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from .catalogs import LANGUAGES, SOURCE_LANGUAGE


def _served(tag: str) -> str | None:
    """'ne-NP' or 'ne_np' or 'NE' -> 'ne' when we serve it."""
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


@lru_cache(maxsize=1024)
def _best(preferred: tuple[str, ...]) -> str:
    """The first preference we serve (exactly, or by its language without the region)."""
    return negotiate_locale(list(preferred), LANGUAGES, sep="-") or SOURCE_LANGUAGE


@lru_cache(maxsize=1024)
def _from_header(header: str) -> str:
    return _from_accept(parse_accept_header(header, LanguageAccept))


def _from_accept(accept: LanguageAccept) -> str:
    # LanguageAccept is sorted by q-value; q=0 means "not this one".
    return _best(tuple(tag.replace("_", "-") for tag, quality in accept if quality > 0 and tag != "*"))


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
        return _from_header(accept_languages[:4096])
    if isinstance(accept_languages, LanguageAccept):
        return _from_accept(accept_languages)
    return SOURCE_LANGUAGE
