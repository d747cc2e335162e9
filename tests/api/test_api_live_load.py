"""Phones waiting on tables while checks run, against a real gunicorn (bench/live.py,
small here; the full figures come from running the script): every waiting phone hears
every move of its table, and the checks keep at least 70% of their throughput with
nobody waiting (the median of three alternations, the machine being shared).

Only timing may be measured again (up to ATTEMPTS times, on a machine whose other work
can take the cores from one phase): a phone that missed a move, or any error, fails at
once. `make test` runs this module after the parallel suite, on its own."""
import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.load
ATTEMPTS = 3

BENCH = Path(__file__).resolve().parents[2] / "bench" / "live.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_live", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_waiting_phones_hear_every_move_and_checks_keep_their_pace(database_url):
    bench = load_bench()
    for _ in range(ATTEMPTS):
        figures = bench.run(database_url, phones=40, tables=10, per_table=2, rounds=3,
                            seconds=2.0, checkers=4, workers=2, repeats=3)
        assert figures["phones_that_missed_a_move"] == 0, figures
        assert figures["check_failures"] == 0 and figures["poll_errors"] == 0, figures
        if figures["heard_after_s_max"] < 1.0 and figures["ratio_median"] >= 0.7:
            break
    assert figures["heard_after_s_max"] < 1.0, figures
    assert figures["ratio_median"] >= 0.7, figures
