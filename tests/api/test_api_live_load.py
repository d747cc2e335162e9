"""Phones waiting on tables while checks run, against a real gunicorn (bench/live.py,
small here; the full figures come from running the script): every waiting phone hears
every move of its table, and the checks keep at least 70% of their throughput with
nobody waiting (the median of three alternations, the machine being shared)."""
import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "live.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_live", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_waiting_phones_hear_every_move_and_checks_keep_their_pace(database_url):
    figures = load_bench().run(database_url, phones=40, tables=10, per_table=2, rounds=3,
                               seconds=2.0, checkers=4, workers=2, repeats=3)
    assert figures["phones_that_missed_a_move"] == 0, figures
    assert figures["check_failures"] == 0 and figures["poll_errors"] == 0, figures
    assert figures["heard_after_s_max"] < 1.0, figures
    assert figures["ratio_median"] >= 0.7, figures
