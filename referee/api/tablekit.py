"""What opening a table takes, shared by the tables and the events blueprints: its
secret and join code (only their SHA-256 digests are stored), a verdict as stored
(with `next`), and the check that an organiser opens tables on their own rulesets."""
import hashlib
import secrets

from referee.engine.next import next_action
from referee.store import token_digest

from referee.service.problems import Forbidden

from .context import services

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
        raise Forbidden(f"ruleset {entry.id!r} belongs to another organiser: open the "
                        "table without your token, or on one of your rulesets")
