"""PostgreSQL made unreachable (a proxy between the service and it is cut) in the
middle of a write burst, with a worker killed during the outage: the workers boot
without the database, data endpoints answer 503 problem+json with Retry-After,
/v1/health stays 200 and /v1/ready says 503; when the database is back everything
answers again within 5 s, by itself, and no acknowledged move is lost."""
import time

import pytest
from sqlalchemy.engine import make_url

from chaos_support import (RECOVERY_SECONDS, Burst, Proxy, Service, check_log,
                           open_test_table, request)

pytestmark = pytest.mark.chaos


@pytest.fixture
def proxied(database_url):
    url = make_url(database_url)
    if url.get_backend_name() != "postgresql":
        pytest.skip("the database outage is a PostgreSQL server going away")
    proxy = Proxy(url.port or 5432, url.host or "127.0.0.1")
    yield proxy, url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    proxy.close()


def test_a_database_outage_is_503_and_heals_by_itself(proxied, tmp_path):
    proxy, url = proxied
    service = Service(url, tmp_path / "gunicorn.log").start()
    try:
        service.wait_until("/v1/ready")
        service.wait_for_workers(2)
        table_id = open_test_table(service.port)
        with Burst(service.port, table_id) as burst:
            time.sleep(1.0)
            proxy.cut()
            time.sleep(1.0)
            service.kill_worker()  # a worker restarted while the database is away
            time.sleep(1.5)
            assert len(service.workers()) == 2 and service.process.poll() is None
            status, headers, body = request(service.port, "GET", f"/v1/tables/{table_id}")
            assert status == 503 and headers["Content-Type"] == "application/problem+json"
            assert int(headers["Retry-After"]) > 0 and body["status"] == 503
            assert request(service.port, "GET", "/v1/health")[0] == 200
            assert request(service.port, "GET", "/v1/ready")[0] == 503
            during = burst.count(503)
            proxy.restore()
            assert service.wait_until(f"/v1/tables/{table_id}") < RECOVERY_SECONDS
            assert service.wait_until("/v1/ready") < RECOVERY_SECONDS
            written = burst.count(200)
            time.sleep(0.5)
            assert burst.count(200) > written
        assert during > 0
        assert burst.count(500) == 0 and not burst.problems, (burst.statuses, burst.problems[:2])
        assert check_log(service.port, table_id, burst) >= len(burst.acknowledged) > 0
    finally:
        service.stop()
