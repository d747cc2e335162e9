"""A table's log: ordered, gap-free seqs; stale expectations and reused keys refused."""
import multiprocessing
import secrets

import pytest

from referee.store import IdempotencyKeyReused, StaleSeq, Store, UnknownTable


def count_up(row):
    """A stand-in judge: each move adds one to a counter in the state."""
    return {"legal": True, "state": {"n": row.state["n"] + 1}}


def new_table(store):
    table_id = secrets.token_hex(6)
    store.create_table(table_id=table_id, ruleset_id="classic", ruleset_version=1,
                       opening={"players": ["a", "b"]}, state={"n": 0})
    return table_id


def test_appends_get_consecutive_seqs_and_the_table_keeps_the_last_state(store):
    table_id = new_table(store)
    seqs = [store.append(table_id, {"i": i}, count_up).seq for i in range(5)]
    assert seqs == [1, 2, 3, 4, 5]
    table = store.get_table(table_id)
    assert table.seq == 5 and table.state == {"n": 5}
    events = store.events(table_id)
    assert [e.seq for e in events] == seqs
    assert [e.move["i"] for e in events] == list(range(5))
    assert [e.verdict["state"]["n"] for e in events] == [1, 2, 3, 4, 5]
    assert [e.seq for e in store.events(table_id, after=3)] == [4, 5]


def test_a_stale_expect_seq_is_refused_with_the_current_seq(store):
    table_id = new_table(store)
    store.append(table_id, {}, count_up, expect_seq=0)
    with pytest.raises(StaleSeq) as caught:
        store.append(table_id, {}, count_up, expect_seq=0)
    assert caught.value.current == 1
    assert store.get_table(table_id).seq == 1


def test_a_retried_key_returns_the_first_answer_and_records_nothing(store):
    table_id = new_table(store)
    first = store.append(table_id, {"m": 1}, count_up, idempotency_key="k", request_sha256="h1")
    again = store.append(table_id, {"m": 1}, count_up, idempotency_key="k", request_sha256="h1",
                         expect_seq=0)  # a retry's expect_seq is stale by then: still the answer
    assert again.replayed and (again.seq, again.verdict) == (first.seq, first.verdict)
    assert store.get_table(table_id).seq == 1
    with pytest.raises(IdempotencyKeyReused):
        store.append(table_id, {"m": 2}, count_up, idempotency_key="k", request_sha256="h2")


def test_a_judge_that_refuses_input_records_nothing(store):
    table_id = new_table(store)

    def refuse(row):
        raise ValueError("bad input")

    with pytest.raises(ValueError):
        store.append(table_id, {}, refuse)
    assert store.get_table(table_id).seq == 0 and store.events(table_id) == []


def test_unknown_tables(store):
    with pytest.raises(UnknownTable):
        store.append("nope", {}, count_up)
    with pytest.raises(UnknownTable):
        store.events("nope")
    assert store.get_table("nope") is None


def _append_many(url, table_id, count, results):
    store = Store(url)
    for _ in range(count):
        results.put(store.append(table_id, {}, count_up).seq)
    store.dispose()


def test_concurrent_processes_never_share_or_skip_a_seq(store, database_url):
    """HOSTILE.md 17-18: several processes appending to one table at once."""
    table_id = new_table(store)
    workers, each = 4, 40
    results = multiprocessing.get_context("spawn").Queue()
    processes = [multiprocessing.get_context("spawn").Process(
        target=_append_many, args=(database_url, table_id, each, results))
        for _ in range(workers)]
    for process in processes:
        process.start()
    seqs = [results.get(timeout=60) for _ in range(workers * each)]
    for process in processes:
        process.join(timeout=60)
    assert sorted(seqs) == list(range(1, workers * each + 1))
    assert [e.seq for e in store.events(table_id)] == sorted(seqs)
    assert store.get_table(table_id).state == {"n": workers * each}
