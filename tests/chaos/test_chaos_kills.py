"""kill -9 of gunicorn's workers, and of its master, in the middle of a write burst:
no acknowledged move is lost, the log stays contiguous and replayable, and the
service answers again within 5 s (the master's own restart is its supervisor's job:
Docker's restart policy, systemd; here the test restarts it at once)."""
import time

import pytest

from chaos_support import (RECOVERY_SECONDS, Burst, Service, check_log, open_test_table,
                           request)

pytestmark = pytest.mark.chaos


def test_killing_workers_mid_burst_loses_no_acknowledged_move(database_url, tmp_path):
    service = Service(database_url, tmp_path / "gunicorn.log").start()
    try:
        service.wait_until()
        service.wait_for_workers(2)
        table_id = open_test_table(service.port)
        with Burst(service.port, table_id) as burst:
            for _ in range(3):
                time.sleep(1.0)
                before = burst.count(200)
                service.kill_worker()
                recovered = service.wait_until(f"/v1/tables/{table_id}")
                assert recovered < RECOVERY_SECONDS
                service.wait_for_workers(2)
            time.sleep(0.5)
            assert burst.count(200) > before  # writes went on after the last kill
        assert burst.count(500) == 0, burst.statuses
        assert check_log(service.port, table_id, burst) >= len(burst.acknowledged) > 0
    finally:
        service.stop()


def test_killing_the_master_mid_burst_loses_no_acknowledged_move(database_url, tmp_path):
    service = Service(database_url, tmp_path / "gunicorn.log").start()
    try:
        service.wait_until()
        table_id = open_test_table(service.port)
        with Burst(service.port, table_id) as burst:
            time.sleep(1.5)
            service.kill_master()
            service.start()  # the supervisor's restart, at once
            recovered = service.wait_until(f"/v1/tables/{table_id}")
            assert recovered < RECOVERY_SECONDS
            acknowledged = burst.count(200)
            time.sleep(0.5)
            assert burst.count(200) > acknowledged
        assert burst.count(500) == 0, burst.statuses
        assert check_log(service.port, table_id, burst) >= len(burst.acknowledged) > 0
        assert request(service.port, "GET", "/v1/ready")[0] == 200
    finally:
        service.stop()
