"""A Redis that stops answering (a black hole: the connection is taken, nothing comes
back) must not slow the moves: each is published after its commit by a thread of
its own, behind a breaker, and waiters elsewhere look again by themselves."""
import socket
import time

import pytest

from referee.store import Store

from test_store_tables import count_up, new_table


@pytest.fixture
def black_hole():
    """A port that accepts connections (the kernel's backlog) and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(128)
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    server.close()


def test_moves_keep_their_pace_while_redis_answers_nothing(tmp_path, black_hole):
    plain = Store(f"sqlite:///{tmp_path / 'plain.db'}")
    holed = Store(f"sqlite:///{tmp_path / 'holed.db'}", redis_url=black_hole)
    timings = {}
    for name, store in (("plain", plain), ("black hole", holed)):
        store.migrate()
        table_id = new_table(store)
        started = time.perf_counter()
        for _ in range(20):
            store.append(table_id, {}, count_up)
        timings[name] = time.perf_counter() - started
        assert store.get_table(table_id).seq == 20
        store.dispose()
    # Each publish used to wait out a 2 s socket timeout inside the batch.
    assert timings["black hole"] < 2 * timings["plain"] + 0.5, timings
