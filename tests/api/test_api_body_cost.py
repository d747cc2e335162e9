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


# The quadratic scans these tests keep out cost 50-1000x a plain body; a linear check
# of these bodies costs 0.3-2x, and a loaded two-core CI machine once measured 7.6x
# (one worker's best of three against the other's): hence 20, with best of five.
FACTOR = 20


def _cost(body, repeat=5):
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
    assert hostile <= FACTOR * plain + 0.02, (name, hostile, plain)


def _answer_cost(client, body, repeat=5):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        response = client.post("/v1/rulesets/classic/check", data=body,
                               headers={"Content-Type": "application/json"})
        best = min(best, time.perf_counter() - start)
    return best, response


# Bodies whose every part is a problem: each used to build a problem per part before
# 20 were kept (29,000 lone surrogates: half a second, 50-300x a plain body).
MANY_PROBLEMS = {
    "lone surrogates": _fit('{"state": {}, "move": {"type": "pass", "note": [', '"\\ud800",', '"x"]}}'),
    "unknown keys of the body": _fit('{"state": {}, "move": {"type": "pass"}', ', "k%06d": 1  ', "}"),
    "unknown keys of a move": _fit('{"state": {}, "move": {"type": "pass"', ', "k%06d": 1  ', "}}"),
}


@pytest.mark.parametrize("name", MANY_PROBLEMS)
def test_a_body_of_problems_costs_like_a_plain_one_and_names_at_most_twenty(client, name):
    body = MANY_PROBLEMS[name]
    if b"%06d" in body:  # distinct keys: duplicates are refused before anything else
        parts = body.split(b"%06d")
        # "%06d" and the two spaces after the 1 become six digits: the same size
        body = parts[0] + b"".join(b"%06d" % n + part.replace(b": 1  ", b": 1", 1)
                                   for n, part in enumerate(parts[1:]))
    plain, _ = _answer_cost(client, PLAIN)
    with deadline(10):
        hostile, response = _answer_cost(client, body)
    assert response.status_code in (400, 422), response.get_data()[:200]
    assert len(response.get_json().get("errors", [])) <= 20
    assert hostile <= FACTOR * plain + 0.02, (name, hostile, plain)
