"""Body checks are linear: an adversarial body at the size cap costs about what a
plain body of the same size costs (HOSTILE.md 20: a quadratic pre-scan let two
120 KB bodies stop both workers for 30 s)."""
import signal
import time
from contextlib import contextmanager

import pytest

from referee.api import MAX_BODY_BYTES
from referee.service.body import parse_json
from referee.service.problems import BadRequest

CAP = MAX_BODY_BYTES
# Enough sibling brackets to pass the pre-scan's "too few brackets" shortcut.
SIBLINGS = "[" + "[]," * 40


def _fit(head, unit, tail=""):
    return (head + unit * ((CAP - len(head) - len(tail)) // len(unit)) + tail).encode()


PLAIN = _fit(SIBLINGS, '"xxxxxxxxxx",', '"x"]')
ADVERSARIAL = {
    "unterminated escaped quotes": _fit(SIBLINGS + '"', '\\"'),
    "quote then backslash": _fit(SIBLINGS, '"\\'),
    "escaped quotes, trailing backslash": _fit(SIBLINGS, '"\\"', "\\"),
    "strings full of brackets": _fit(SIBLINGS, '"[[[[{{{{",'),
    "deep then unterminated": _fit("[" * 32 + '"', '\\"'),
}


@contextmanager
def deadline(seconds):
    """Fail (rather than hang the suite) when a check goes quadratic again."""
    def expired(*_):
        raise TimeoutError(f"took over {seconds} s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _cost(body, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            parse_json(body)
        except BadRequest:
            pass
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("name", ADVERSARIAL)
def test_adversarial_body_costs_like_a_plain_one(name):
    body = ADVERSARIAL[name]
    assert CAP - 16 <= len(body) <= CAP
    plain = _cost(PLAIN)
    with deadline(10):
        hostile = _cost(body)
    # A generous factor for a noisy machine; the quadratic scan was >1000x.
    assert hostile <= 5 * plain + 0.02, (name, hostile, plain)
