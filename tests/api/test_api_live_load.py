"""Phones waiting on tables while checks run, against a real gunicorn (bench/live.py,
small here; the full figures come from running the script): every waiting phone hears
every move of its table, within a second, with no error while checks run, whether the
phones long-poll or listen on event streams.

The wall-clock ratios are printed; the CPU ratio with streams is asserted (see the
test). `make test` runs this module after the parallel suite, on its own."""
import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.load

BENCH = Path(__file__).resolve().parents[2] / "bench" / "live.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_live", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("mode", ["poll", "sse"])
def test_waiting_phones_hear_every_move_while_checks_run(database_url, mode):
    figures = load_bench().run(database_url, phones=40, tables=10, per_table=2, rounds=3,
                               seconds=2.0, checkers=4, workers=2, repeats=3, mode=mode)
    assert figures["phones_that_missed_a_move"] == 0, figures
    assert figures["check_failures"] == 0 and figures["poll_errors"] == 0, figures
    assert figures["heard_after_s_max"] < 1.0, figures
    # The wall-clock ratio is printed, not asserted: other programs on the machine swing
    # it (0.64-1.45 over 24 runs of this test on 2 shared cores, load average 9-14).
    # The CPU-normalised one (checks per second of the workers' CPU, see bench/live.py)
    # is steadier: over the same 6 runs per mode and database it was 0.81-1.18 with
    # streams and 0.81-1.00 with long polls. Streams are how phones are meant to wait,
    # so theirs is asserted, with margin; long polls' is only printed.
    print(f"{figures['database']} {mode}: checks with phones waiting / without: "
          f"wall {figures['wall_ratio_median']}, cpu {figures['cpu_ratio_median']}")
    if mode == "sse":
        assert figures["cpu_ratio_median"] >= 0.7, figures
