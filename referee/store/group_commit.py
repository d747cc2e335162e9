"""Group commit: the appends waiting in a process at one moment are recorded in one
transaction.

Under load a worker holds many requests that want to append a move, and only one of
them can write at a time (SQLite's write lock, a PostgreSQL row lock). Each taking
its turn paid for its own lock, transaction, commit and pool check-out, and every
hand-off of the lock woke one more thread. Here the first request to arrive while
nobody is writing becomes the leader: it takes every request waiting at that moment
(its own among them) and records them all in one transaction through `record`; the
others sleep until their outcome is set. Requests that arrive meanwhile queue for
the next batch, whose leader is the first of them, woken when this batch is done:
no thread does anything but its own requests and the ones queued beside it.

A request waits for its batch WAIT_SECONDS at most (a database that stopped answering
held every later move of the worker behind one stuck batch, issue 25): then it is
answered DatabaseUnavailable (503 with Retry-After). One still queued is taken out of
the queue first, so nothing of it is ever recorded; one whose batch is already being
written may yet be recorded, as any request cut off mid-answer may: the same request
sent again with its Idempotency-Key answers what was recorded. The leader itself waits
for nobody: its statements are bounded by the database's own deadlines (db.py).
"""
import threading

from referee import metrics

from .errors import DatabaseUnavailable

# Longer than a healthy batch ever takes (milliseconds), shorter than a phone's patience.
WAIT_SECONDS = 5.0


class Pending:
    """One request's work, and then its outcome: a result, or the exception to raise."""

    __slots__ = ("work", "result", "error", "_asleep", "leads")

    def __init__(self, work):
        self.work = work
        self.result = None
        self.error = None
        # Held until the request is woken: a bare lock, not a threading.Event, whose
        # Condition costs several times as much for the one wake-up needed here.
        self._asleep = threading.Lock()
        self._asleep.acquire()
        self.leads = False  # woken to lead the next batch rather than with an outcome

    def wait(self, timeout):
        """True once woken; False after `timeout` seconds asleep (-1: no limit)."""
        return self._asleep.acquire(timeout=timeout)

    def wake(self):
        """Ends the wait. Every request of a batch is woken when it is done; the one
        that led it never waited, and the lock it releases is simply free again."""
        self._asleep.release()

    def outcome(self):
        if self.error is not None:
            raise self.error
        return self.result


class GroupCommit:
    """Runs `record(batch)` for the requests queued at one moment, one batch at a time.

    `record` sets each Pending's result or error itself (a move the judge refuses
    fails alone); an exception out of `record` fails every request of the batch that
    has no outcome yet (the transaction was rolled back: nothing of it was recorded).
    """

    def __init__(self, record, wait_seconds=WAIT_SECONDS):
        self._record = record
        self._wait_seconds = wait_seconds
        self._lock = threading.Lock()
        self._queue = []
        self._leading = False

    def submit(self, work):
        pending = Pending(work)
        with self._lock:
            self._queue.append(pending)
            follows = self._leading
            self._leading = True
        if follows:
            if not pending.wait(self._wait_seconds):
                self._give_up(pending)
            if not pending.leads:
                return pending.outcome()
        self._lead()
        return pending.outcome()

    def _give_up(self, pending):
        """The wait is over: out of the queue and DatabaseUnavailable, unless it was
        chosen to lead the next batch or got its outcome meanwhile (then it goes on)."""
        with self._lock:
            if pending.leads or pending.result is not None or pending.error is not None:
                woken = True
            elif pending in self._queue:
                self._queue.remove(pending)
                woken = False
            else:  # in the batch being written: its outcome is not known yet
                woken = False
        if woken:
            pending.wait(-1)  # its wake-up is on its way (or already given)
            return
        raise DatabaseUnavailable(f"a move waited {self._wait_seconds:g} s for the "
                                  "database to record the moves before it")

    def _lead(self):
        with self._lock:
            batch, self._queue = self._queue, []
        metrics.BATCH.observe(len(batch))
        try:
            self._record(batch)
        except Exception as exc:
            for pending in batch:
                if pending.result is None and pending.error is None:
                    pending.error = exc
        finally:
            for pending in batch:
                if pending.result is None and pending.error is None:
                    # `record` was cut short (a BaseException): fail rather than hang.
                    pending.error = RuntimeError("the batch was interrupted")
            self._hand_over()
            for pending in batch:
                pending.wake()

    def _hand_over(self):
        """Wake the first request queued meanwhile to lead the next batch."""
        with self._lock:
            if not self._queue:
                self._leading = False
                return
            successor = self._queue[0]
            successor.leads = True  # under the lock: a request giving up sees it
        successor.wake()
