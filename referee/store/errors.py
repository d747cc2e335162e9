"""What the store refuses. The API turns each into its HTTP answer."""


class StoreError(Exception):
    """Base of everything the store refuses."""


class UnknownTable(StoreError):
    def __init__(self, table_id):
        super().__init__(f"no table {table_id!r}")
        self.table_id = table_id


class StaleSeq(StoreError):
    """expect_seq named a seq the table has moved past (or not reached)."""

    def __init__(self, expected, current):
        super().__init__(f"expected seq {expected}, the table is at seq {current}")
        self.expected = expected
        self.current = current


class IdempotencyKeyReused(StoreError):
    """The same Idempotency-Key came with a different request body."""

    def __init__(self, key, seq):
        super().__init__(f"Idempotency-Key {key!r} was already used, for seq {seq}, "
                         "with a different request")
        self.key = key
        self.seq = seq


class TokenRevoked(StoreError):
    """The token a move came with was no longer one of the table's when the move was
    to be recorded (a new secret replaced it): nothing was recorded."""

    def __init__(self, table_id):
        super().__init__(f"the token is no longer one of table {table_id!r}'s")
        self.table_id = table_id


class NotOwner(StoreError):
    """Only the organiser who first published a ruleset id may publish its next version."""

    def __init__(self, ruleset_id, owner):
        super().__init__(f"ruleset {ruleset_id!r} belongs to another organiser")
        self.ruleset_id = ruleset_id
        self.owner = owner


class OrganiserExists(StoreError):
    def __init__(self, name):
        super().__init__(f"organiser {name!r} already has an active token; revoke it first")
        self.name = name


class UnknownOrganiser(StoreError):
    def __init__(self, name):
        super().__init__(f"no active token for organiser {name!r}")
        self.name = name


class DatabaseUnavailable(StoreError):
    """The database did not answer (down, unreachable, out of connections, locked for
    longer than the busy timeout). Nothing was recorded; the same request may be sent
    again once it is back."""

    def __init__(self, reason):
        super().__init__(f"the database is unavailable ({reason})")


class StorageFull(StoreError):
    """The database's disk is full: nothing was recorded."""

    def __init__(self, reason):
        super().__init__(f"the database's storage is full ({reason})")


# How the drivers say "no space left": SQLite's SQLITE_FULL message, PostgreSQL's
# SQLSTATE 53100 (disk_full), and the operating system's ENOSPC.
_FULL_MESSAGES = ("database or disk is full", "no space left on device")
_DISK_FULL_SQLSTATE = "53100"


def outage(exc: BaseException) -> StoreError | None:
    """The outage an exception from SQLAlchemy, a driver or the OS means, or None
    when it is something else (a bug: a 500 with its traceback in the log)."""
    chain = list(_chain(exc))
    for link in chain:  # the store's own verdict (a move that waited out its bound)
        if isinstance(link, (DatabaseUnavailable, StorageFull)):
            return link
    for link in chain:
        if _is_full(link):
            return StorageFull(_first_line(link))
    for link in chain:
        if _is_unavailable(link):
            return DatabaseUnavailable(_first_line(link))
    return None


def _chain(exc):
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = getattr(exc, "orig", None) or exc.__cause__ or exc.__context__


def _is_full(exc):
    import errno

    text = str(exc).lower()
    return (any(message in text for message in _FULL_MESSAGES)
            or getattr(exc, "sqlstate", None) == _DISK_FULL_SQLSTATE
            or isinstance(exc, OSError) and exc.errno == errno.ENOSPC)


def _is_unavailable(exc):
    # SQLAlchemy's wrappers (and its pool timeout), and the drivers' own classes by
    # name (sqlite3.OperationalError, psycopg.OperationalError), without importing
    # a driver the deployment may not have.
    from sqlalchemy import exc as sa

    if isinstance(exc, (sa.OperationalError, sa.InterfaceError, sa.TimeoutError,
                        sa.DisconnectionError)):
        return True
    # By class and base class: psycopg raises subclasses (ConnectionTimeout when a
    # black-holed server lets connect() wait out its timeout).
    return any(cls.__name__ in ("OperationalError", "InterfaceError")
               and cls.__module__.split(".")[0] in ("sqlite3", "psycopg")
               for cls in type(exc).__mro__)


def _first_line(exc):
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]


class EventConflict(StoreError):
    """An event action the event's state refuses (a round started twice, time called
    on a closed round, a table opened twice): nothing was recorded. `code` says which;
    `params` what the answer names."""

    def __init__(self, code, **params):
        super().__init__(f"{code}: {params}")
        self.code = code
        self.params = params
