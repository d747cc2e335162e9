"""Bearer tokens: organisers' tokens, and the secrets and phone tokens of tables. Only SHA-256 digests of the token's bytes are compared,
so a header with non-ASCII or control bytes is simply a token nobody holds: 401,
never a TypeError (HOSTILE.md 16)."""
from flask import request

from referee.store import token_digest

from referee.service.problems import NotFound, TableSecretRequired, Unauthorized, WrongTableSecret

from .context import services
from .details import detail
from .event_problems import event_problem


def _header_bytes(value: str) -> bytes:
    # WSGI hands headers over as latin-1 decoded text: this gives back the bytes sent.
    try:
        return value.encode("latin-1")
    except UnicodeEncodeError:  # test clients may pass any text
        return value.encode("utf-8", "surrogatepass")


def bearer_token() -> bytes | None:
    """The bytes of the request's `Authorization: Bearer` token, None without one."""
    raw = _header_bytes(request.headers.get("Authorization", ""))
    scheme, _, token = raw.strip().partition(b" ")
    token = token.strip()
    if scheme.lower() != b"bearer" or not token:
        return None
    return token


def optional_organiser() -> str | None:
    """The organiser of the bearer token when one is sent (401 if it is not theirs)."""
    if not request.headers.get("Authorization"):
        return None
    return organiser()


class Writer:
    """Who posts to a table: the digest of the table token that passed (None for the
    organiser who opened it) and the seat that token moves for (None: any seat)."""
    __slots__ = ("token_sha256", "seat")

    def __init__(self, token_sha256=None, seat=None):
        self.token_sha256, self.seat = token_sha256, seat


def table_writer(table_id, checked_at_write=False) -> Writer:
    """Pass when the request carries this table's secret, a phone token of it, or the
    token of the organiser who opened it: 401 without a token, 403 with another one,
    404 when there is no such table (before saying anything about tokens).

    checked_at_write: the caller's write checks the token's digest again
    (Store.append's token_sha256), so a token seen active before passes without a
    read."""
    store = services().store
    token = bearer_token()
    if token is not None:
        digest = token_digest(token)
        grant = store.table_token(table_id, digest, checked_at_write)
        if grant is not None:
            return Writer(digest, grant.seat)  # the usual move: no read, or one indexed read
    table = store.get_table(table_id)
    if table is None:
        raise NotFound(f"no table {table_id!r}")
    if token is None:
        raise TableSecretRequired(
            "send `Authorization: Bearer <secret>` with the secret answered when the "
            "table was opened, or the token answered when this phone joined by code")
    if table.owner is not None and store.organiser_for(token) == table.owner:
        return Writer()
    if captain_may_play(table_id, token):
        return Writer()
    raise wrong_table_secret()


def captain_may_play(table_id, token) -> bool:
    """Whether `token` is the captain's token of the event this table was opened for;
    a captain's token of another event is refused (403 other-event)."""
    store = services().store
    event_id = store.captain_event(token_digest(token))
    if event_id is None:
        return False
    seated = store.event_of_table(table_id)
    if seated is None or seated[0] != event_id:
        raise event_problem("other-event")
    return True


def wrong_table_secret() -> WrongTableSecret:
    return WrongTableSecret("this token is not one of this table's, or it was replaced "
                            "by a new secret")


def organiser() -> str:
    """The organiser named by the request's bearer token, or 401."""
    token = bearer_token()
    if token is None:
        raise Unauthorized(detail("token-missing", header="Authorization: Bearer <token>",
                                  command="referee token create NAME"))
    store = services().store
    name = store.organiser_for(token)
    if name is None:
        if store.captain_event(token_digest(token)) is not None:
            raise event_problem("captain-token")
        raise Unauthorized(detail("token-unknown"))
    return name
