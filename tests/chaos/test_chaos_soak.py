"""The hall soak, short (bench/soak.py; its long form, by hand, is in bench/results.md):
tables with phones listening on event streams (as the table page does) on the waiting
server (the app on gevent's event loop) while each table gets a move a second through
the WSGI instance. Every move is
answered, every phone hears every move of its table, quickly, with no error, and the
waiting server holds its phones without a thread each.

The bounds are several times what this machine measured (2 shared cores, load average
up to ~10): they catch a failure or a clear regression, not a slow minute."""
import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.load

BENCH = Path(__file__).resolve().parents[2] / "bench" / "soak.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_soak", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_small_hall_soaks_without_error_and_phones_hear_every_move(database_url):
    figures = load_bench().run(database_url, tables=40, phones=160, interval=1.0,
                               seconds=20.0, mode="split", sample=2.0, streams=True)
    print(figures)
    assert figures["phones_listening"] == 160, figures  # before the first move
    assert figures["errors"] == 0, figures
    assert figures["retry_after"] == 0, figures  # a place for every phone
    assert figures["phones_missed"] == 0, figures
    assert figures["moves_per_s"] >= 0.8 * figures["moves_intended_per_s"], figures
    assert figures["move_p99_ms"] < 1000, figures
    assert figures["hear_p99_ms"] < 1500, figures
    assert figures["health_p99_ms"] < 1000, figures
    waiting = [w for name, w in figures["workers"].items() if name.startswith("wait:")]
    assert waiting and all(w["threads_max"] < 20 for w in waiting), figures
