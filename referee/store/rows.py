"""A table as a read answers it, shared by the tables' store and the events' store."""
from __future__ import annotations

from dataclasses import dataclass, replace

from . import db


@dataclass(frozen=True)
class TableRow:
    id: str
    ruleset_id: str
    ruleset_version: int
    opening: dict
    seq: int
    state: dict
    name: str | None = None
    owner: str | None = None


def at_seq(row: TableRow, seq: int) -> TableRow:
    """The row as a page of its events needs it once the table reached `seq`: what
    never changes of a table (id, ruleset, opening) as it was, the seq raised, the
    state (not known at that seq) left out."""
    return replace(row, seq=max(seq, row.seq), state=None)


_T = db.game_tables
TABLE_COLUMNS = (_T.c.id, _T.c.ruleset_id, _T.c.ruleset_version, _T.c.opening, _T.c.seq,
                 _T.c.state, _T.c.name, _T.c.owner)  # in TableRow's order
