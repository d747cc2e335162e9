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
