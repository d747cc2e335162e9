"""The hub of waiting phones keeps the newest row of each table: the phones one move
wakes share one read, a phone asking again right after needs none, and nothing kept
is trusted once a move may have been missed (a wake, the channel down)."""
import threading
import time
from collections import namedtuple

from referee.store import live
from referee.store.live import Hub, Live

Row = namedtuple("Row", "id seq")


class Table:
    """A table in the database: its seq, and the reads made of it."""

    def __init__(self, seq=0, slow=0.0):
        self.seq, self.slow, self.reads = seq, slow, 0

    def read(self, table_id):
        self.reads += 1
        time.sleep(self.slow)
        return Row(table_id, self.seq)


def listening_hub():
    hub = Hub()
    hub.listening(True)
    return hub


def test_a_row_read_since_the_last_wake_is_trusted_and_a_wake_makes_the_next_look_read():
    hub, table = listening_hub(), Table(seq=3)
    assert hub.fresh("t") is None
    assert hub.latest("t", table.read) == Row("t", 3)
    assert hub.latest("t", table.read) == Row("t", 3) == hub.fresh("t")
    assert table.reads == 1
    table.seq = 4
    hub.wake("t")
    assert hub.fresh("t") is None
    assert hub.latest("t", table.read) == Row("t", 4)
    assert table.reads == 2


def test_nothing_kept_is_trusted_while_the_channel_is_down():
    hub, table = listening_hub(), Table(seq=3)
    hub.latest("t", table.read)
    hub.listening(False)
    assert hub.fresh("t") is None
    assert hub.latest("t", table.read) == Row("t", 3) and table.reads == 2
    assert hub.fresh("t") is None  # read again, but moves elsewhere go unheard


def test_the_phones_woken_together_share_one_read():
    hub, table = listening_hub(), Table(seq=1, slow=0.2)
    rows = []
    phones = [threading.Thread(target=lambda: rows.append(hub.latest("t", table.read)))
              for _ in range(30)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(5)
    assert rows == [Row("t", 1)] * 30 and table.reads == 1


def test_a_read_begun_before_a_wake_does_not_answer_those_it_woke():
    hub, table = listening_hub(), Table(seq=1, slow=0.3)
    first = threading.Thread(target=hub.latest, args=("t", table.read))
    first.start()
    time.sleep(0.1)  # the read of seq 1 is under way
    table.seq = 2
    hub.wake("t")
    assert hub.latest("t", table.read) == Row("t", 2)
    first.join(5)
    assert table.reads == 2 and hub.fresh("t") == Row("t", 2)


def test_the_echo_of_a_move_this_process_woke_for_wakes_nobody_and_a_newer_one_does():
    hub, table = listening_hub(), Table(seq=5)
    event = hub.watch("t")
    hub.wake("t", 5)  # this process recorded seq 5 and woke its waiters
    assert event.is_set()
    event = hub.watch("t")
    hub.latest("t", table.read)
    hub.heard("t", 5)  # the channel's echo of it
    assert not event.is_set()
    hub.heard("t", 6)
    assert event.is_set()
    event = hub.watch("t")
    hub.latest("t", table.read)
    hub.heard("t", None)  # a notice without its seq
    assert event.is_set()


def test_a_move_heard_from_elsewhere_wakes_the_waiters_though_another_request_read_it_first():
    # A phone waits on seq 4; the move to 5 commits in another process; a request
    # here (a phone asking again, a stream starting) reads the table at 5 before the
    # notice arrives. The waiting phone must still be woken by the notice.
    hub, table = listening_hub(), Table(seq=4)
    hub.latest("t", table.read)
    event = hub.watch("t")
    table.seq = 5
    hub.stale("t")  # the other request's read is a fresh one
    assert hub.latest("t", table.read).seq == 5
    hub.heard("t", 5)
    assert event.is_set()


def test_when_the_reader_fails_the_others_read_themselves():
    hub = listening_hub()
    tries = []

    def read(table_id):
        tries.append(1)
        if len(tries) == 1:
            time.sleep(0.2)
            raise RuntimeError("the database went away")
        return Row(table_id, 1)
    answers, errors = [], []

    def phone():
        try:
            answers.append(hub.latest("t", read))
        except RuntimeError as exc:
            errors.append(exc)
    phones = [threading.Thread(target=phone) for _ in range(10)]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join(5)
    assert len(errors) == 1 and answers == [Row("t", 1)] * 9


def test_a_follower_of_several_tables_is_woken_by_any_and_told_which():
    hub = listening_hub()
    follower = hub.follow(["event:e", "t1", "t2"])
    assert not follower.event.is_set()
    hub.wake("t2")
    hub.wake("t2")
    assert follower.event.is_set() and hub.taken(follower) == {"t2"}
    assert not follower.event.is_set() and hub.taken(follower) == set()
    hub.wake("t3")  # a table it does not follow
    assert not follower.event.is_set()
    hub.wake("event:e")
    hub.wake("t1")
    assert hub.taken(follower) == {"event:e", "t1"}
    phone = hub.watch("t1")  # a phone at one of its tables waits beside it
    hub.wake("t1")
    assert phone.is_set() and hub.taken(follower) == {"t1"}
    hub.unfollow(follower)
    hub.wake("t2")
    assert not follower.event.is_set() and hub.taken(follower) == set()
    hub.unwatch("t1")
    assert hub.watched() == ["event:e", "t1", "t2"]  # kept until the sweep's turn
    hub._swept -= 10  # the sweep's turn comes (ROW_SECONDS later)
    hub.unwatch("t3")
    assert hub.watched() == []


def test_the_seq_a_table_was_woken_for_is_known_until_a_wake_does_not_say_it_or_the_channel_drops():
    hub = listening_hub()
    assert hub.heard_seq("t") is None  # not followed
    hub.watch("t")
    assert hub.heard_seq("t") is None  # nothing heard yet: a waiter reads
    hub.heard("t", 5)
    hub.heard("t", 4)  # an older notice never takes it back
    assert hub.heard_seq("t") == 5
    hub.wake("t")  # a move whose seq was not said
    assert hub.heard_seq("t") is None
    hub.wake("t", 6)
    hub.listening(False)
    assert hub.heard_seq("t") is None  # notices may be lost meanwhile
    hub.listening(True)
    assert hub.heard_seq("t") is None  # and nothing heard before is trusted after
    hub.heard("t", 7)
    assert hub.heard_seq("t") == 7


class QuietLive(Live):
    """A channel that comes up and says nothing: waits end only on rechecks."""

    def listen(self):
        self.hub.listening(True)
        threading.Event().wait()


def test_a_wait_is_told_the_seq_heard_and_reads_on_a_recheck(monkeypatch):
    monkeypatch.setattr(live, "RECHECK_SECONDS", 0.2)
    channel, told = QuietLive(), []

    def has_news(heard):
        told.append(heard)
        return len(told) == 3
    channel._ensure_listening()
    time.sleep(0.1)
    channel.hub.watch("t")
    channel.hub.heard("t", 8)
    assert channel.wait("t", has_news, 5)
    assert told == [8, None, None]  # the seq heard; then two silent rechecks read
