"""Readers that wait for news: `?wait=S` on a table's events (the next move) and on an
event's pages (the next change), and the process's waiting places they share.

A waiting request holds a thread and one of LONG_POLLS places; when none is free it
is answered at once with Retry-After: 1 (waiting must never take the threads that
answer checks and moves). How the news reaches a waiting request, from any worker or
machine: referee/store/live.py.
"""
import threading

from flask import current_app, request

from referee import metrics
from referee.engine.errors import problem
from referee.service.problems import BadRequest

MAX_WAIT = 25  # seconds a reader may wait (below proxies' 30 s idle cut)
# Readers waiting at once in one process; more are answered at once (see gunicorn_conf).
DEFAULT_LONG_POLLS = 500


def wait_seconds():
    """The request's `wait` (0 when absent): 400 unless a number from 0 to MAX_WAIT."""
    raw = request.args.get("wait") if request.query_string else None
    if raw is None:
        return 0.0
    try:
        seconds = float(raw) if raw.isascii() else -1.0
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= MAX_WAIT:  # NaN fails this too
        raise BadRequest(f"wait must be a number of seconds from 0 to {MAX_WAIT}",
                         errors=[problem("wait", f"expected a number from 0 to {MAX_WAIT}", "bad-query-parameter")])
    return seconds


class _WaitingSlots(threading.BoundedSemaphore):
    """The process's waiting places; the ones taken are the waiting phones' gauge."""

    def acquire(self, blocking=True, timeout=None):
        taken = super().acquire(blocking, timeout)
        if taken:
            metrics.WAITING.inc()
        return taken

    def release(self, n=1):
        super().release(n)
        metrics.WAITING.dec(n)


def long_poll_slots():
    slots = current_app.extensions.get("referee.long_polls")
    if slots is None:
        count = int(current_app.config.get("LONG_POLLS") or DEFAULT_LONG_POLLS)
        slots = current_app.extensions.setdefault("referee.long_polls", _WaitingSlots(count))
    return slots
