"""The SQLite database's disk fills up in the middle of a write burst (a small tmpfs,
filled with a file by the test): moves are answered 507 problem+json with
Retry-After, never 500; once the file is removed, moves are recorded again within
5 s, and no acknowledged move is lost."""
import os
import subprocess
import time

import pytest

from chaos_support import (RECOVERY_SECONDS, Burst, Service, check_log, open_test_table, request,
                           table_secret)
from referee.store.testing import migrated

pytestmark = pytest.mark.chaos

DISK_BYTES = 16 * 1024 * 1024


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={DISK_BYTES}", "tmpfs",
                           str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"mounting a tmpfs needs root: {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(directory):
    """A file taking every free byte of the disk."""
    filler = directory / "filler"
    with open(filler, "wb", buffering=0) as out:
        for size in (65536, 4096, 1):  # down to the last byte
            try:
                while out.write(b"\0" * size):
                    pass
            except OSError:
                pass
    return filler


def test_a_full_disk_is_507_and_heals_when_space_returns(small_disk, tmp_path):
    url = migrated(f"sqlite:///{small_disk / 'referee.db'}")
    service = Service(url, tmp_path / "gunicorn.log").start()
    try:
        service.wait_until("/v1/ready")
        table_id = open_test_table(service.port)
        with Burst(service.port, table_id) as burst:
            time.sleep(1.0)
            filler = fill(small_disk)
            deadline = time.monotonic() + 20
            while burst.count(507) + burst.count(503) < 5 and time.monotonic() < deadline:
                time.sleep(0.1)
            status, headers, body = request(service.port, "POST", f"/v1/tables/{table_id}/moves",
                                            {"move": {"type": "draw", "player": 1}},
                                            table_secret(table_id))
            assert status in (503, 507), body
            assert headers["Content-Type"] == "application/problem+json"
            assert int(headers["Retry-After"]) > 0
            os.remove(filler)
            ended = time.monotonic()
            written = burst.count(200)
            while burst.count(200) == written and time.monotonic() - ended < 10:
                time.sleep(0.05)
            assert time.monotonic() - ended < RECOVERY_SECONDS
        assert burst.count(507) > 0
        assert burst.count(500) == 0 and not burst.problems, (burst.statuses, burst.problems[:2])
        assert check_log(service.port, table_id, burst) >= len(burst.acknowledged) > 0
    finally:
        service.stop()
