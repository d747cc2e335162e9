"""A real gunicorn serving the app, for what only a real server shows: chunked
bodies, raw header bytes, and several worker processes writing at once."""
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from referee.store import Store

CONFIG = Path(__file__).resolve().parents[2] / "referee" / "api" / "gunicorn_conf.py"
# The waiting server: the same app on gevent's event loop (docs/operations.md).
WAIT_CONFIG = CONFIG.with_name("gunicorn_wait_conf.py")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def gunicorn(database_url, workers, log_path, config=CONFIG, **settings):
    """gunicorn on a free port; `settings` go to its environment (the rate limits are
    off unless they say otherwise: most of these tests send bursts on purpose).
    `config`: CONFIG (the WSGI instance) or WAIT_CONFIG (the waiting server)."""
    store = Store(database_url)
    store.migrate()  # as `make run` does with `referee init-db`
    store.dispose()
    port = free_port()
    env = dict(os.environ, DATABASE_URL=database_url, PORT=str(port), WEB_WORKERS=str(workers),
               WAIT_PORT=str(port), WAIT_WORKERS=str(workers), RATE_LIMITS="off")
    env.update(settings)
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", str(config), "referee.api:create_app()"],
            env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_until_up(port, process)
            yield port
        finally:
            process.send_signal(signal.SIGINT)  # quick shutdown: nothing to drain in a test
            process.wait(timeout=20)


def _wait_until_up(port, process, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("gunicorn exited at start")
        try:
            if request(port, "GET", "/v1/health")[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer in time")


def request(port, method, path, body=None, headers=None):
    """(status, headers, parsed JSON body) over a fresh connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        data = json.dumps(body).encode() if body is not None else None
        all_headers = {"Content-Type": "application/json"} if data else {}
        all_headers.update(headers or {})
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        raw = response.read()
        return response.status, dict(response.getheaders()), json.loads(raw) if raw else None
    finally:
        connection.close()


def raw_exchange(port, head: bytes, chunks=()):
    """Send a hand-made request (head, then body chunks) and return the status and the
    answer's head and body. The server may answer and close before reading it all."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        try:
            sock.sendall(head)
            for chunk in chunks:
                sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # it answered early (413) and closed: read what it said
        answer = b""
        try:
            while part := sock.recv(65536):
                answer += part
        except ConnectionResetError:
            pass
    head_bytes, _, body = answer.partition(b"\r\n\r\n")
    status = int(head_bytes.split(b" ", 2)[1])
    return status, head_bytes.decode("latin-1"), body


def chunked(data: bytes, size=8192):
    for start in range(0, len(data), size):
        piece = data[start:start + size]
        yield b"%x\r\n%s\r\n" % (len(piece), piece)
    yield b"0\r\n\r\n"
