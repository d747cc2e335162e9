"""Moves waiting in one process at the same moment are recorded together, and each
request still gets its own outcome: its seq and verdict, or its own refusal."""
import secrets
import threading
import time

import pytest

from referee.store import StaleSeq, TokenRevoked, token_digest
from referee.store.errors import DatabaseUnavailable
from referee.store.group_commit import GroupCommit

from test_store_tables import count_up, new_table


def test_requests_arriving_while_a_batch_is_written_form_the_next_batch():
    batches, first_started, release_first = [], threading.Event(), threading.Event()

    def record(batch):
        batches.append([pending.work for pending in batch])
        if len(batches) == 1:
            first_started.set()
            release_first.wait(10)
        for pending in batch:
            if pending.work == "refused":
                pending.error = ValueError(pending.work)
            else:
                pending.result = pending.work.upper()

    group = GroupCommit(record)
    outcomes = {}

    def submit(work):
        try:
            outcomes[work] = group.submit(work)
        except ValueError as exc:
            outcomes[work] = exc

    leader = threading.Thread(target=submit, args=("first",))
    leader.start()
    assert first_started.wait(10)
    followers = [threading.Thread(target=submit, args=(work,))
                 for work in ("second", "refused", "third")]
    for thread in followers:
        thread.start()
    while len(group._queue) < 3:  # all three queued behind the busy batch
        threading.Event().wait(0.001)
    release_first.set()
    for thread in [leader, *followers]:
        thread.join(10)
    assert batches[0] == ["first"]
    assert sorted(batches[1]) == ["refused", "second", "third"] and len(batches) == 2
    assert outcomes["first"] == "FIRST" and outcomes["third"] == "THIRD"
    assert isinstance(outcomes["refused"], ValueError)


def test_a_batch_that_fails_fails_each_of_its_requests_and_not_the_next():
    calls = []

    def record(batch):
        calls.append(len(batch))
        if len(calls) == 1:
            raise OSError("disk gone")
        for pending in batch:
            pending.result = "ok"

    group = GroupCommit(record)
    with pytest.raises(OSError):
        group.submit("a")
    assert group.submit("b") == "ok"


def test_moves_from_many_threads_keep_each_table_contiguous_and_refusals_apart(store):
    tables = [new_table(store) for _ in range(3)]
    outcomes, lock = [], threading.Lock()

    def refuse(row):
        raise ValueError("illegal input")

    def send(table_id, decide, expect_seq=None):
        try:
            outcome = store.append(table_id, {}, decide, expect_seq=expect_seq)
        except (ValueError, StaleSeq) as exc:
            outcome = exc
        with lock:
            outcomes.append((table_id, outcome))

    threads = [threading.Thread(target=send, args=(tables[i % 3], count_up)) for i in range(30)]
    threads += [threading.Thread(target=send, args=(tables[0], refuse)),
                threading.Thread(target=send, args=(tables[1], count_up, 10**6))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    for table_id in tables:
        seqs = sorted(o.seq for t, o in outcomes if t == table_id and hasattr(o, "seq"))
        assert seqs == list(range(1, 11))
        assert [e.seq for e in store.events(table_id)] == seqs
        assert store.get_table(table_id).state == {"n": 10}
    refusals = [type(o) for t, o in outcomes if isinstance(o, Exception)]
    assert sorted(refusals, key=lambda kind: kind.__name__) == [StaleSeq, ValueError]


def test_a_move_whose_token_was_revoked_before_its_write_records_nothing(store):
    table_id = new_table(store)
    old, new = secrets.token_urlsafe(8), secrets.token_urlsafe(8)
    old_sha256, new_sha256 = token_digest(old.encode()), token_digest(new.encode())
    store.replace_secret(table_id, old_sha256, secrets.token_hex(8))
    assert store.table_token(table_id, old_sha256, checked_at_write=True)
    assert store.append(table_id, {}, count_up, token_sha256=old_sha256).seq == 1
    store.replace_secret(table_id, new_sha256, secrets.token_hex(8))
    # This process saw the old token active: it passes the check before the move ...
    assert store.table_token(table_id, old_sha256, checked_at_write=True)
    with pytest.raises(TokenRevoked):  # ... but the move's transaction refuses it
        store.append(table_id, {}, count_up, token_sha256=old_sha256)
    assert store.get_table(table_id).seq == 1
    assert not store.table_token(table_id, old_sha256, checked_at_write=True)
    assert store.append(table_id, {}, count_up, token_sha256=new_sha256).seq == 2


def test_moves_with_tokens_on_many_tables_at_once_each_checked_against_its_own_table(store):
    tables = {}
    for _ in range(5):
        table_id, secret = new_table(store), token_digest(secrets.token_bytes(8))
        store.replace_secret(table_id, secret, secrets.token_hex(8))
        tables[table_id] = secret
    ids = list(tables)
    outcomes, lock = [], threading.Lock()

    def send(table_id, token_sha256):
        try:
            outcome = store.append(table_id, {}, count_up, token_sha256=token_sha256)
        except TokenRevoked as exc:
            outcome = exc
        with lock:
            outcomes.append((table_id, outcome))

    threads = [threading.Thread(target=send, args=(ids[i % 5], tables[ids[i % 5]]))
               for i in range(25)]
    # Another table's secret is no token of this one.
    threads.append(threading.Thread(target=send, args=(ids[0], tables[ids[1]])))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sum(isinstance(o, TokenRevoked) for _, o in outcomes) == 1
    for table_id in ids:
        assert store.get_table(table_id).seq == 5


def test_forty_moves_waiting_at_once_on_four_tables_are_all_recorded_in_order(store):
    """The first move's batch is held until forty more wait behind it: they form the
    next batch, ten moves on each of four tables."""
    tables = [new_table(store) for _ in range(4)]
    held, release = threading.Event(), threading.Event()
    group = store._appends
    record = group._record

    def hold_first(batch):
        if not held.is_set():
            held.set()
            release.wait(10)
        record(batch)

    group._record = hold_first
    try:
        first = threading.Thread(target=store.append, args=(tables[0], {"i": -1}, count_up))
        first.start()
        assert held.wait(10)
        senders = [threading.Thread(target=store.append,
                                    args=(tables[i % 4], {"i": i}, count_up))
                   for i in range(40)]
        for thread in senders:
            thread.start()
        while len(group._queue) < 40:
            threading.Event().wait(0.001)
        release.set()
        for thread in [first, *senders]:
            thread.join(30)
    finally:
        group._record = record
    for n, table_id in enumerate(tables):
        events = store.events(table_id)
        expected = 11 if n == 0 else 10
        assert [event.seq for event in events] == list(range(1, expected + 1))
        assert [event.verdict["state"]["n"] for event in events] == list(range(1, expected + 1))
        table = store.get_table(table_id)
        assert table.seq == expected and table.state == {"n": expected}
        # Each table's moves in the order they were judged, each with its own move.
        assert sorted(event.move["i"] for event in events) == sorted(
            [-1] * (n == 0) + [i for i in range(40) if i % 4 == n])


def test_a_move_behind_a_stuck_batch_gives_up_after_the_bound_and_is_never_recorded():
    """A batch stuck on a database that stopped answering: the moves queued behind it
    are answered DatabaseUnavailable (503) within the bound instead of waiting with it,
    nothing of them is recorded when the stuck batch ends, and later moves flow."""
    recorded, stuck, release = [], threading.Event(), threading.Event()

    def record(batch):
        if not stuck.is_set():
            stuck.set()
            release.wait(30)
        for pending in batch:
            recorded.append(pending.work)
            pending.result = pending.work

    group = GroupCommit(record, wait_seconds=0.3)
    leader = threading.Thread(target=group.submit, args=("stuck",))
    leader.start()
    assert stuck.wait(10)
    outcomes = {}

    def submit(work):
        start = time.monotonic()
        try:
            outcomes[work] = group.submit(work)
        except DatabaseUnavailable as exc:
            outcomes[work] = exc
        outcomes[work, "seconds"] = time.monotonic() - start

    waiting = [threading.Thread(target=submit, args=(f"behind-{n}",)) for n in range(3)]
    for thread in waiting:
        thread.start()
    for thread in waiting:
        thread.join(10)
    for n in range(3):
        assert isinstance(outcomes[f"behind-{n}"], DatabaseUnavailable), outcomes
        assert outcomes[f"behind-{n}", "seconds"] < 2
    release.set()
    leader.join(10)
    assert recorded == ["stuck"]  # none of those that gave up
    assert group.submit("after") == "after" and recorded == ["stuck", "after"]


def test_a_move_chosen_to_lead_as_its_wait_ends_leads_instead_of_giving_up():
    """The hand-over and the bound meeting: a request chosen to lead the next batch
    just as its wait ran out records its batch; nobody is left waiting forever."""
    for _ in range(50):
        recorded = []

        def record(batch):
            time.sleep(0.01)
            for pending in batch:
                recorded.append(pending.work)
                pending.result = pending.work

        group = GroupCommit(record, wait_seconds=0.01)
        outcomes = []

        def submit(work):
            try:
                outcomes.append(group.submit(work))
            except DatabaseUnavailable:
                outcomes.append(None)

        threads = [threading.Thread(target=submit, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
            assert not thread.is_alive()
        answered = [work for work in outcomes if work is not None]
        assert set(answered) <= set(recorded) and len(recorded) == len(set(recorded))
        assert len(outcomes) == 8
        assert group.submit("next") == "next"


def test_a_move_that_waited_out_the_bound_is_a_503_with_retry_after():
    from referee.service.problems import outage_problem

    problem = outage_problem(DatabaseUnavailable("a move waited 5 s"))
    assert problem is not None and problem.status == 503
    assert int(problem.headers()["Retry-After"]) > 0
