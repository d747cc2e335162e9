"""What the chaos tests share: a real gunicorn they can kill, a TCP proxy they can cut
between it and PostgreSQL, a write burst that remembers every acknowledged move, and
the check that the log kept them all, contiguous and replayable."""
import http.client
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from referee.service.catalog import Catalog
from referee.engine import judge, open_table, parse_move, parse_state

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "referee" / "api" / "gunicorn_conf.py"
OPENING = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}
RECOVERY_SECONDS = 5  # the service answers again within this long after a fault ends


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def request(port, method, path, body=None, headers=None, timeout=10):
    """(status, headers, parsed body) over a fresh connection."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = json.dumps(body).encode() if body is not None else None
        all_headers = {"Content-Type": "application/json"} if data else {}
        all_headers.update(headers or {})
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        raw = response.read()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw.decode("utf-8", "replace")
        return response.status, dict(response.getheaders()), parsed
    finally:
        connection.close()


class Service:
    """gunicorn serving the app as `make run` does (its config file, 2 workers)."""

    def __init__(self, database_url, log_path, workers=2, **env):
        self.port = free_port()
        self.log_path = log_path
        self.env = dict(os.environ, DATABASE_URL=database_url, PORT=str(self.port),
                        WEB_WORKERS=str(workers), RATE_LIMITS="off", LOG_LEVEL="warning")
        self.env.update(env)
        self.process = None
        self.orphans = set()

    def start(self):
        self._log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", str(CONFIG),
             "referee.api:create_app()"],
            env=self.env, stdout=self._log, stderr=subprocess.STDOUT, cwd=ROOT)
        return self

    def workers(self):
        pid = self.process.pid
        try:
            text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        except OSError:
            return []
        return [int(child) for child in text.split()]

    def wait_until(self, path="/v1/health", status=200, timeout=60):
        """Seconds until `path` answers `status`; fails after `timeout`."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            try:
                if request(self.port, "GET", path, timeout=2)[0] == status:
                    return time.monotonic() - start
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.05)
        raise AssertionError(f"{path} did not answer {status} within {timeout} s; "
                             f"log: {Path(self.log_path).read_text()[-2000:]}")

    def wait_for_workers(self, count, timeout=30):
        deadline = time.monotonic() + timeout
        while len(self.workers()) < count and time.monotonic() < deadline:
            time.sleep(0.05)

    def kill_worker(self):
        victim = random.choice(self.workers())
        os.kill(victim, signal.SIGKILL)
        return victim

    def kill_master(self):
        """kill -9 of the master. Its workers would notice and exit within a second or
        two; a supervisor (Docker, systemd's control group) kills what is left of the
        service before it restarts it, and so does this."""
        orphans = self.workers()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        for pid in orphans:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.orphans.update(self.workers())
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for pid in self.orphans:  # workers of a killed master that are still alive
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self._log.close()


class Burst:
    """Threads appending moves to a table as fast as they are answered, each with an
    Idempotency-Key, until stopped. Remembers every acknowledged (200) move and counts
    every other answer by status (and connection failures as 0)."""

    def __init__(self, port, table_id, threads=6):
        self.port, self.table_id = port, table_id
        self.acknowledged = {}  # seq -> (key, move)
        self.statuses = {}
        self.problems = []      # answers that were not problem+json, or had no Retry-After
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._run, args=(n,), daemon=True)
                         for n in range(threads)]

    def __enter__(self):
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=30)

    def _run(self, n):
        rng = random.Random(n)
        path = f"/v1/tables/{self.table_id}/moves"
        while not self._stop.is_set():
            key = secrets.token_hex(8)
            move = {"type": "draw", "player": rng.randrange(3)}
            try:
                status, headers, body = request(self.port, "POST", path, {"move": move},
                                                {"Idempotency-Key": key,
                                                 **table_secret(self.table_id)}, timeout=10)
            except (OSError, http.client.HTTPException):  # killed mid-answer, refused
                status, headers, body = 0, {}, None
                time.sleep(0.02)
            with self._lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1
                if status == 200:
                    assert body["seq"] not in self.acknowledged, body
                    self.acknowledged[body["seq"]] = (key, move)
                elif status >= 500:
                    if headers.get("Content-Type") != "application/problem+json" or \
                            "Retry-After" not in headers:
                        self.problems.append((status, headers, body))
                    time.sleep(0.05)

    def count(self, status):
        with self._lock:
            return self.statuses.get(status, 0)


# table id -> its secret (moves need it as a bearer token)
TABLE_SECRETS = {}


def table_secret(table_id):
    """The Authorization header for a table's moves."""
    return {"Authorization": f"Bearer {TABLE_SECRETS[table_id]}"}


def open_test_table(port):
    status, _, table = request(port, "POST", "/v1/tables", OPENING)
    assert status == 201, table
    TABLE_SECRETS[table["id"]] = table["secret"]
    return table["id"]


def read_log(port, table_id):
    """The whole event log, page after page by its `next` links."""
    status, _, first = request(port, "GET", f"/v1/tables/{table_id}/events")
    assert status == 200, first
    events, page = list(first["events"]), first
    while page["next"]:
        status, _, page = request(port, "GET", page["next"])
        assert status == 200, page
        events += page["events"]
    return first, events


_RULES = {}


def _classic():
    if "classic" not in _RULES:
        catalog = Catalog(store=None)
        _RULES["classic"] = catalog.rules(catalog.find("classic"))
    return _RULES["classic"]


def check_log(port, table_id, burst):
    """Every acknowledged move is in the log at its seq; the seqs run 1..seq without
    a gap; replaying the moves from the opening through the judge gives every
    recorded state again. Returns the number of events."""
    table, events = read_log(port, table_id)
    seqs = [event["seq"] for event in events]
    assert seqs == list(range(1, table["seq"] + 1)), "the log has a gap or a duplicate"
    by_seq = {event["seq"]: event for event in events}
    for seq, (_key, move) in burst.acknowledged.items():
        assert seq in by_seq, f"acknowledged move {seq} is missing"
        assert by_seq[seq]["move"] == move, f"seq {seq} holds another move"
    rules = _classic()
    opening = table["opening"]
    state = open_table(rules, opening["players"], opening["dealer"], opening["first_card"],
                       opening.get("color")).to_json()["state"]
    for event in events:
        parsed = parse_state(rules, state)
        verdict = judge(rules, parsed, parse_move(rules, event["move"], parsed.seats, side=parsed.side)).to_json()
        assert verdict["code"] == event["verdict"]["code"], event["seq"]
        assert verdict["state"] == event["verdict"]["state"], event["seq"]
        state = verdict["state"]
    status, _, now = request(port, "GET", f"/v1/tables/{table_id}")
    assert status == 200 and now["state"] == state
    return len(events)


class Proxy:
    """A TCP proxy on 127.0.0.1 that the test can cut (every connection closed, new
    ones refused) and restore, between the service and its database; or hold (a black
    hole: nothing is forwarded either way and new connections are never answered, but
    nothing is refused or closed either) and heal (what was held goes through, as TCP
    retransmits once a path comes back).

    A black hole made in user space is kinder than dropped packets: the proxy's kernel
    acknowledges what the service sends, so the service's TCP_USER_TIMEOUT never fires
    and a statement already sent waits for the heal; the statement, connect and
    group-commit deadlines are what answers meanwhile."""

    def __init__(self, target_port, target_host="127.0.0.1"):
        self.target = (target_host, target_port)
        self.port = free_port()
        self._sockets = set()
        self._lock = threading.Lock()
        self._listener = None
        self._flowing = threading.Event()
        self._flowing.set()
        self.restore()

    def hold(self):
        self._flowing.clear()

    def heal(self):
        self._flowing.set()

    def restore(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self):
        with self._lock:
            listener, self._listener = self._listener, None
            sockets, self._sockets = self._sockets, set()
        listener.close()
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            self._flowing.wait()  # held: the connection is taken, never answered
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                # A connection accepted just before a cut would otherwise outlive it
                # (cut() had already taken the set): the database stayed reachable
                # through it and the test saw 200 where the outage means 503.
                if self._listener is not listener:
                    client.close()
                    upstream.close()
                    continue
                self._sockets.update((client, upstream))
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source, sink):
        try:
            while data := source.recv(65536):
                self._flowing.wait()
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self):
        if self._listener is not None:
            self.cut()


class PacketDrop:
    """The kernel drops every packet to and from `port` on loopback: the black hole of a
    network, where Proxy.hold is a peer that stops answering. Nothing is acknowledged,
    so the service's TCP retransmits and TCP_USER_TIMEOUT are what answer. With tc
    (iproute2) as root: lo's queue becomes htb, the port's packets are sent to a class
    whose queue holds none (pfifo limit 0: each is dropped), the rest to one that is
    never full (this kernel has no netem, prio or drop action); heal() puts lo's own
    queue back."""

    def __init__(self, port):
        self.port = port
        self.dropping = False

    @staticmethod
    def _tc(*args):
        done = subprocess.run(["tc", *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"tc {' '.join(args)}: {done.stderr.strip()}")

    def drop(self):
        self._tc("qdisc", "add", "dev", "lo", "root", "handle", "1:", "htb", "default", "10",
                 "r2q", "1000000")
        self.dropping = True
        for leaf in ("10", "20"):
            self._tc("class", "add", "dev", "lo", "parent", "1:", "classid", f"1:{leaf}",
                     "htb", "rate", "40gbit")
        self._tc("qdisc", "add", "dev", "lo", "parent", "1:20", "handle", "20:", "pfifo",
                 "limit", "0")
        for way in ("dport", "sport"):
            self._tc("filter", "add", "dev", "lo", "parent", "1:", "protocol", "ip", "prio", "1",
                     "u32", "match", "ip", way, str(self.port), "0xffff", "flowid", "1:20")

    def heal(self):
        if self.dropping:
            self.dropping = False
            self._tc("qdisc", "del", "dev", "lo", "root")


# CI's machine has Redis here (the developers' guide); CI (CI=true, set by .ci/run) uses it
# when REDIS_URL is not set, so the Redis tests run there rather than skip. It is not
# exported to the whole suite: test apps would then share Redis counters across tests.
CI_REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_url_from_env():
    """REDIS_URL, else CI's Redis on CI, else None (the Redis tests skip, saying so)."""
    return os.environ.get("REDIS_URL") or (CI_REDIS_URL if os.environ.get("CI") == "true" else None)
