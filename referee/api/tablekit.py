"""What the blueprints that read and open tables share (tables, hints, events): a
table's secret and join code (only their SHA-256 digests are stored), a verdict as
stored (with `next`), the check that an organiser opens tables on their own rulesets,
a table or 404, and the ruleset version a table is pinned to."""
import hashlib
import secrets

from referee.engine.next import next_action
from referee.store import token_digest

from referee.service.problems import Forbidden, NotFound

from .context import services
from .details import detail

SECRET_BYTES = 24
# Join codes: 8 characters people read aloud and type on a phone, without the ones
# that look alike (0/O, 1/I/L); 31**8 codes, tried at the join rate limit.
JOIN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
JOIN_LENGTH = 8


def new_secret():
    """(secret, its digest): a table's secret, or a phone's or captain's token."""
    secret = secrets.token_urlsafe(SECRET_BYTES)
    return secret, token_digest(secret.encode("ascii"))


def new_join_code():
    """(code as shown, like K7QM-2XPA; the digest a table keeps)."""
    raw = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))
    return f"{raw[:4]}-{raw[4:]}", join_code_sha256(raw)


def join_code_sha256(raw):
    """The digest of a code's 8 characters (no dash)."""
    return hashlib.sha256(f"join:{raw}".encode("ascii")).hexdigest()


def with_next(rules, verdict):
    """A verdict's JSON with `next` (who acts now, which moves are open), as stored."""
    body = verdict.to_json()
    body["next"] = next_action(rules, verdict.state)
    return body


def check_owner(owner, entry):
    """An organiser opens tables on built-in rulesets and on their own."""
    if owner is None or entry.builtin:
        return
    stored = services().store.get_ruleset(entry.id, entry.version)
    if stored is not None and stored.owner != owner:
        raise Forbidden(detail("not-your-ruleset-table", ruleset_id=entry.id))


def pinned(table):
    """The ruleset version a table is judged by, as the API writes it."""
    return {"id": table.ruleset_id, "version": table.ruleset_version}


def table_or_404(table_id, read=None):
    """The stored table, or 404; `read` replaces the store's get_table (a long poll
    reads it with Store.current_table: no read when the live hub knows the newest row)."""
    table = (read or services().store.get_table)(table_id)
    if table is None:
        raise NotFound(f"no table {table_id!r}")
    return table
