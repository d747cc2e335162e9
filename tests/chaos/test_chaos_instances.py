"""The deployment of docker-compose.yml started as processes: two instances sharing
PostgreSQL and Redis behind nginx with the repository's deploy/nginx.conf. Through
the proxy a table is opened, a phone joins by its code, moves are played and a phone
waiting for the next move hears it whichever instance records it; with one instance
killed, moves still go through; both instances' readiness and metrics answer."""
import shutil
import subprocess
import threading
import time

import pytest

from referee.store.testing import migrated, postgres_url_from_env, scratch_database

from chaos_support import OPENING, ROOT, Service, free_port, redis_url_from_env, request

pytestmark = pytest.mark.chaos


@pytest.fixture
def pieces(tmp_path):
    missing = [what for what, there in (
        ("PostgreSQL (DATABASE_URL)", postgres_url_from_env()),
        ("Redis (REDIS_URL)", redis_url_from_env()),
        ("nginx (apt-get install nginx-light)", shutil.which("nginx"))) if not there]
    if missing:
        pytest.skip("the load-balanced deployment needs " + ", ".join(missing))
    with scratch_database("postgresql", tmp_path) as url:
        yield migrated(url), redis_url_from_env()


def start_nginx(tmp_path, ports):
    """nginx with deploy/nginx.conf, its upstreams and port pointed at these processes."""
    port = free_port()
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    conf = conf.replace("server app1:8000", f"server 127.0.0.1:{ports[0]}")
    conf = conf.replace("server app2:8000", f"server 127.0.0.1:{ports[1]}")
    # These instances are WSGI only: the waits they are routed go to them too.
    conf = conf.replace("server app1:8001", f"server 127.0.0.1:{ports[0]}")
    conf = conf.replace("server app2:8001", f"server 127.0.0.1:{ports[1]}")
    conf = conf.replace("listen 8080;", f"listen 127.0.0.1:{port};")
    conf = conf.replace("pid /tmp/referee-nginx.pid;", f"pid {tmp_path}/nginx.pid;")
    temp = "".join(f"    {kind}_temp_path {tmp_path}/{kind};\n"
                   for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf = conf.replace("http {\n", "http {\n" + temp, 1)
    (tmp_path / "nginx.conf").write_text(conf)
    process = subprocess.Popen(["nginx", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path),
                                "-g", "daemon off;"], stderr=open(tmp_path / "nginx.log", "wb"))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            if request(port, "GET", "/v1/health", timeout=2)[0] == 200:
                return process, port
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError((tmp_path / "nginx.log").read_text())


def test_two_instances_behind_nginx_play_one_table(pieces, tmp_path):
    database_url, redis_url = pieces
    instances = [Service(database_url, tmp_path / f"app{n}.log", REDIS_URL=redis_url,
                         RATE_LIMITS="on", PER_ADDRESS_CONNECTIONS="0", PROXY_HOPS="1").start()
                 for n in (1, 2)]
    nginx = None
    try:
        for instance in instances:
            instance.wait_until("/v1/ready")
        nginx, port = start_nginx(tmp_path, [instance.port for instance in instances])
        assert request(port, "GET", "/v1/ready")[0] == 200
        status, _, table = request(port, "POST", "/v1/tables", OPENING)
        assert status == 201, table
        status, _, phone = request(port, "POST", "/v1/tables/join",
                                   {"code": table["join_code"], "seat": "table"})
        assert status == 200, phone
        moves = f"/v1/tables/{table['id']}/moves"
        token = {"Authorization": f"Bearer {phone['secret']}"}
        heard = {}

        def wait_for(seq):
            heard[seq] = request(port, "GET", f"/v1/tables/{table['id']}/events"
                                 f"?after={seq - 1}&wait=10", timeout=15)

        for seq in range(1, 7):  # each wait and each move may land on either instance
            waiting = threading.Thread(target=wait_for, args=(seq,))
            waiting.start()
            time.sleep(0.2)
            status, _, body = request(port, "POST", moves,
                                      {"move": {"type": "draw", "player": (seq - 1) % 3}}, token)
            assert status == 200 and body["seq"] == seq, body
            waiting.join(15)
            status, _, events = heard[seq]
            assert status == 200 and [e["seq"] for e in events["events"]] == [seq], events
        for instance in instances:  # each answered some of it, and says so
            status, _, text = request(instance.port, "GET", "/metrics")
            assert status == 200 and "referee_requests_total" in text
        instances[0].kill_master()
        for seq in range(7, 11):  # nginx sends everything to the instance that is left
            # A move sent to the instance as it died is a 502 (nginx never sends a POST
            # twice): the phone sends it again with its Idempotency-Key, as after any
            # lost answer, and it is recorded once.
            key = {"Idempotency-Key": f"move-{seq}", **token}
            for _attempt in range(3):
                status, _, body = request(port, "POST", moves,
                                          {"move": {"type": "draw", "player": (seq - 1) % 3}}, key)
                if status != 502:
                    break
            assert status == 200 and body["seq"] == seq, (status, body)
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(10)
        for instance in instances:
            instance.stop()
