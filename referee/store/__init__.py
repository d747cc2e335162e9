"""Storage: SQLite by default, PostgreSQL when DATABASE_URL says so (SQLAlchemy 2 Core)."""
from .db import database_url, make_engine
from .errors import (EventConflict, IdempotencyKeyReused, NotOwner, OrganiserExists, StaleSeq, StoreError,
                     TokenRevoked, UnknownOrganiser, UnknownTable)
from .repository import (Appended, Event, Grant, RulesetSummary, Store, StoredRuleset, TableRow,
                         token_digest)

__all__ = [
    "Appended", "Event", "EventConflict", "Grant", "IdempotencyKeyReused", "NotOwner", "OrganiserExists",
    "RulesetSummary", "StaleSeq", "Store", "StoreError", "StoredRuleset", "TableRow",
    "TokenRevoked", "UnknownOrganiser", "UnknownTable", "database_url", "make_engine",
    "token_digest",
]
