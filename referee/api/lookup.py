"""Finding what a request names, shared by the blueprints that read tables."""
from referee.service.problems import NotFound

from .context import services


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
