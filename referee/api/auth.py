"""Organisers' bearer tokens. Only SHA-256 digests of the token's bytes are compared,
so a header with non-ASCII or control bytes is simply a token nobody holds: 401,
never a TypeError (HOSTILE.md 16)."""
from flask import request

from .context import services
from .problems import Unauthorized


def _header_bytes(value: str) -> bytes:
    # WSGI hands headers over as latin-1 decoded text: this gives back the bytes sent.
    try:
        return value.encode("latin-1")
    except UnicodeEncodeError:  # test clients may pass any text
        return value.encode("utf-8", "surrogatepass")


def organiser() -> str:
    """The organiser named by the request's bearer token, or 401."""
    raw = _header_bytes(request.headers.get("Authorization", ""))
    scheme, _, token = raw.strip().partition(b" ")
    token = token.strip()
    if scheme.lower() != b"bearer" or not token:
        raise Unauthorized("send `Authorization: Bearer <token>`; organisers get a token "
                           "from `referee token create NAME`")
    name = services().store.organiser_for(token)
    if name is None:
        raise Unauthorized("this token is unknown or has been revoked")
    return name
