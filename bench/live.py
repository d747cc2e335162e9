"""Phones waiting on tables while checks run: does every waiting phone hear each move,
and what do the waiting phones cost the checks?

Starts gunicorn (referee/api/gunicorn_conf.py, WEB_WORKERS workers) on a scratch
database, opens one busy table and TABLES more, and measures:

  1. checks per second (POST /v1/rulesets/classic/check from CHECKERS client threads)
     while ROUNDS rounds of moves are recorded (one on every table per round) and
     nobody waits: the reference (A);
  2. the same checks and moves while PHONES phones wait on the busy table and
     PER_TABLE phones on each other table (B), each long polling (wait=20, `--mode
     poll`) or on a stream of Server-Sent Events (`--mode sse`); by default the run
     is made once in each mode and both are printed;
  3. whether every phone heard every move of its table, and how long after the move's
     answer the phones of the busy table heard it.

The machine is shared (2 cores, other programs come and go), so the phases alternate
A B A B ... A and each B is compared with the mean of the A just before and just
after it (a drifting load cancels out), and two ratios are reported, each the median
over REPEATS:
  - wall: checks per second, B over A: what a client saw on this machine;
  - cpu: checks per second of the gunicorn workers' own CPU time, B over A: the share
    of the server's capacity the waiting phones leave to the checks. Other programs
    taking the cores slow A and B alike and leave it alone; it is the ratio the
    server would show saturated on a machine of its own, and the one the load test
    asserts (tests/api/test_api_live_load.py).

    .venv/bin/python bench/live.py [--database postgresql://...] [--phones 200]
        [--tables 50] [--per-table 4] [--rounds 10] [--seconds 10] [--checkers 8]
        [--mode poll|sse|both]

Nothing leaves 127.0.0.1; the run stops by itself (every wait is bounded).
"""
import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # also when a test loads this file
from procstat import workers_cpu_seconds  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "referee" / "api" / "gunicorn_conf.py"
OPENING = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}
CHECK = {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1,
                   "direction": "clockwise", "top": "red-7", "color": "red",
                   "hand_counts": [7, 7, 7]},
         "move": {"type": "play", "player": 1, "cards": ["red-3"]}}
WAIT = 20
HEAR_DEADLINE = 30.0


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(conn, method, path, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    all_headers = {"Content-Type": "application/json"} if data else {}
    all_headers.update(headers or {})
    conn.request(method, path, body=data, headers=all_headers)
    response = conn.getresponse()
    raw = response.read()
    return response.status, dict(response.getheaders()), (json.loads(raw) if raw else None)


@contextmanager
def gunicorn(database_url, workers, env=None, log_path=os.devnull):
    sys.path.insert(0, str(ROOT))
    from referee.store import Store

    store = Store(database_url)
    store.migrate()
    store.dispose()
    port = free_port()
    # Every phone comes from 127.0.0.1: no cap on one address's connections (the
    # service's default would refuse the phones past 64 per worker).
    environment = dict(os.environ, DATABASE_URL=database_url, PORT=str(port),
                       WEB_WORKERS=str(workers), RATE_LIMITS="off", PER_ADDRESS_CONNECTIONS="0",
                       **(env or {}))
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", str(CONFIG),
             "referee.api:create_app()"], cwd=ROOT, env=environment, stdout=log,
            stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if process.poll() is not None:
                    raise RuntimeError("gunicorn exited at start")
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                    if call(conn, "GET", "/v1/health")[0] == 200:
                        break
                except OSError:
                    time.sleep(0.2)
            yield port, process.pid
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)


class Phone(threading.Thread):
    """Long-polls one table's events and notes when it heard each seq."""

    def __init__(self, port, table_id, stop, after):
        super().__init__(daemon=True)
        self.port, self.table_id, self.stop, self.after = port, table_id, stop, after
        self.heard = {}   # seq -> monotonic time heard
        self.polls = 0
        self.retry_afters = 0
        self.errors = 0
        self.started = threading.Event()

    def run(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT + 15)
        after = self.after
        while not self.stop.is_set():
            path = f"/v1/tables/{self.table_id}/events?after={after}&wait={WAIT}"
            self.started.set()
            try:
                status, headers, body = call(conn, "GET", path)
            except (OSError, http.client.HTTPException):
                self.errors += 1
                conn.close()
                time.sleep(0.5)
                continue
            self.polls += 1
            now = time.monotonic()
            if status != 200:
                self.errors += 1
                time.sleep(1)
                continue
            for event in body["events"]:
                self.heard.setdefault(event["seq"], now)
                after = max(after, event["seq"])
            if not body["events"] and "Retry-After" in headers:
                self.retry_afters += 1
                time.sleep(float(headers["Retry-After"]))
        conn.close()


class StreamPhone(Phone):
    """Listens to one table's events as Server-Sent Events, and reconnects with
    Last-Event-ID when a stream ends, as a browser's EventSource does. `polls` counts
    its connections."""

    def run(self):
        after = self.after
        while not self.stop.is_set():
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT + 15)
            self.started.set()
            try:
                after = self.listen(conn, after)
            except (OSError, http.client.HTTPException, ValueError):
                self.errors += 1
                time.sleep(0.5)
            finally:
                conn.close()

    def listen(self, conn, after):
        """Reads one stream to its end; the last seq heard."""
        conn.request("GET", f"/v1/tables/{self.table_id}/events?after={after}",
                     headers={"Accept": "text/event-stream", "Last-Event-ID": str(after)})
        response = conn.getresponse()
        self.polls += 1
        if response.status != 200:
            self.errors += 1
            response.read()
            time.sleep(1)
            return after
        seq = None
        while not self.stop.is_set():
            line = response.readline()
            if not line:
                break
            if line.startswith(b"id: "):
                seq = int(line[4:])
            elif line.startswith(b"data: ") and seq is not None:
                self.heard.setdefault(seq, time.monotonic())
                after = max(after, seq)
        if response.getheader("Retry-After"):
            self.retry_afters += 1
            time.sleep(float(response.getheader("Retry-After")))
        return after


PHONES = {"poll": Phone, "sse": StreamPhone}


def check_load(port, threads, seconds):
    """Checks answered per second by `threads` clients hammering for `seconds`."""
    counts = [0] * threads
    failures = [0] * threads
    stop_at = time.monotonic() + seconds

    def work(index):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < stop_at:
            status, _, _ = call(conn, "POST", "/v1/rulesets/classic/check", CHECK)
            if status == 200:
                counts[index] += 1
            else:
                failures[index] += 1
        conn.close()
    workers = [threading.Thread(target=work, args=(n,)) for n in range(threads)]
    started = time.monotonic()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(counts) / (time.monotonic() - started), sum(failures)


def run(database_url, phones=200, tables=50, per_table=4, rounds=10, seconds=10.0,
        checkers=8, workers=2, env=None, repeats=3, mode="poll"):
    """Phases A B A B ... A (`repeats` Bs): checks and moves with nobody waiting (A),
    then the same with the phones waiting (B). Each B is compared with the mean of
    the As around it; the medians of those ratios are reported (see the module)."""
    with gunicorn(database_url, workers, env) as (port, master_pid):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        opened = [call(conn, "POST", "/v1/tables", OPENING)[2] for _ in range(tables + 1)]
        busy = opened[0]
        seq = [0]  # every table is at the same seq: each round moves them all
        for _ in range(200):  # warm up every worker's catalog and pool
            call(conn, "POST", "/v1/rulesets/classic/check", CHECK)

        def move_round(mover_conn, posted):
            seq[0] += 1
            for table in opened:
                move = {"move": {"type": "draw", "player": seq[0] % 3}}
                status, _, answer = call(mover_conn, "POST", f"/v1/tables/{table['id']}/moves",
                                         move, {"Authorization": f"Bearer {table['secret']}"})
                assert status == 200 and answer["seq"] == seq[0], answer
                if table is busy:
                    posted[answer["seq"]] = time.monotonic()

        def with_moves(posted):
            """(checks per second, failures, checks per worker CPU second) while
            `rounds` rounds of moves are recorded."""
            def mover():
                mover_conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                for _ in range(rounds):
                    move_round(mover_conn, posted)
                    time.sleep(max(seconds / rounds - 0.05, 0))
            moving = threading.Thread(target=mover)
            cpu_before = workers_cpu_seconds(master_pid)
            moving.start()
            rate, failed = check_load(port, checkers, seconds)
            moving.join()
            cpu = workers_cpu_seconds(master_pid) - cpu_before
            return rate, failed, rate * seconds / max(cpu, 1e-6)

        def with_phones_waiting():
            """with_moves while the phones wait, and what the phones heard."""
            # The phones live in a process of their own: in this one their threads
            # would take the GIL from the threads that count the checks.
            phones_process = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "--phones-process"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            plan = {"port": port, "after": seq[0], "mode": mode,
                    "tables": [[busy["id"], phones]] + [[t["id"], per_table] for t in opened[1:]]}
            phones_process.stdin.write(json.dumps(plan) + "\n")
            phones_process.stdin.flush()
            assert phones_process.stdout.readline().strip() == "ready"
            time.sleep(1.0)  # every phone's first poll is waiting
            posted = {}  # seq -> monotonic time the busy table's move was answered
            expected = list(range(seq[0] + 1, seq[0] + rounds + 1))
            measured = with_moves(posted)
            phones_process.stdin.write(json.dumps({"expected": expected}) + "\n")
            phones_process.stdin.flush()
            heard = json.loads(phones_process.stdout.readline())
            # One more move wakes every phone, which sees it must stop and leaves (on a
            # fresh connection: the server closes one idle past its keep-alive).
            move_round(http.client.HTTPConnection("127.0.0.1", port, timeout=30), {})
            phones_process.stdin.close()
            phones_process.wait(WAIT + 20)
            heard["delays"] = [at - posted[s] for s, at in heard["busy"] if s in posted]
            return measured, heard

        alone = [with_moves({})]
        waiting, heard = [], []
        for _ in range(repeats):
            measured, phones_heard = with_phones_waiting()
            waiting.append(measured)
            heard.append(phones_heard)
            alone.append(with_moves({}))
        return _figures(database_url, phones + tables * per_table, tables + 1, rounds,
                        alone, waiting, heard, mode)


def _figures(database_url, phones_waiting, tables, rounds, alone, waiting, heard, mode):
    """The run's figures: each B beside the mean of the As around it."""
    def ratios(index):
        return [round(b[index] / ((before[index] + after[index]) / 2), 3)
                for b, before, after in zip(waiting, alone, alone[1:])]
    wall, cpu = ratios(0), ratios(2)
    delays = sorted(delay for phones in heard for delay in phones["delays"])
    return {
        "database": database_url.split(":", 1)[0], "mode": mode,
        "phones_waiting": phones_waiting, "tables": tables,
        "rounds_per_phase": rounds, "repeats": len(waiting),
        "checks_per_s_alone (A)": [round(a[0], 1) for a in alone],
        "checks_per_s_with_phones_waiting (B)": [round(b[0], 1) for b in waiting],
        "checks_per_worker_cpu_s_alone (A)": [round(a[2], 1) for a in alone],
        "checks_per_worker_cpu_s_waiting (B)": [round(b[2], 1) for b in waiting],
        "wall_ratio_B_over_A": wall,
        "wall_ratio_median": statistics.median(wall),
        "cpu_ratio_B_over_A": cpu,
        "cpu_ratio_median": statistics.median(cpu),
        "check_failures": sum(a[1] for a in alone) + sum(b[1] for b in waiting),
        "phones_that_missed_a_move": sum(phones["deaf"] for phones in heard),
        "polls (sse: connections)": sum(phones["polls"] for phones in heard),
        "answered_at_once_with_retry_after": sum(phones["retry_afters"] for phones in heard),
        "poll_errors": sum(phones["errors"] for phones in heard),
        "heard_after_s_median": round(statistics.median(delays), 3) if delays else None,
        "heard_after_s_p95": round(delays[int(len(delays) * 0.95)], 3) if delays else None,
        "heard_after_s_max": round(max(delays), 3) if delays else None,
    }


def phones_process():
    """The phones' side (run by `run` as a process of its own): reads its plan on
    stdin, says "ready", reads the seqs to expect, answers what each phone heard."""
    plan = json.loads(sys.stdin.readline())
    stop = threading.Event()
    phone = PHONES[plan["mode"]]
    waiting = [(table_id, phone(plan["port"], table_id, stop, plan["after"]))
               for table_id, count in plan["tables"] for _ in range(count)]
    for _, phone in waiting:
        phone.start()
    for _, phone in waiting:
        phone.started.wait(10)
    print("ready", flush=True)
    expected = set(json.loads(sys.stdin.readline())["expected"])
    deadline = time.monotonic() + HEAR_DEADLINE
    while time.monotonic() < deadline and any(not expected <= set(p.heard) for _, p in waiting):
        time.sleep(0.1)
    busy = plan["tables"][0][0]
    print(json.dumps({
        "deaf": sum(1 for _, p in waiting if not expected <= set(p.heard)),
        "busy": [[seq, at] for table_id, p in waiting if table_id == busy
                 for seq, at in p.heard.items() if seq in expected],
        "polls": sum(p.polls for _, p in waiting),
        "retry_afters": sum(p.retry_afters for _, p in waiting),
        "errors": sum(p.errors for _, p in waiting)}), flush=True)
    stop.set()
    sys.stdin.read()  # until the parent has woken every phone with one more move
    for _, phone in waiting:
        phone.join(WAIT + 15)


def main():
    if sys.argv[1:] == ["--phones-process"]:
        return phones_process()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="", help="postgresql://... (default: SQLite)")
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--per-table", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--checkers", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--redis", default="", help="REDIS_URL for the live updates")
    parser.add_argument("--mode", choices=["poll", "sse", "both"], default="both",
                        help="phones long-polling, on event streams, or a run of each")
    args = parser.parse_args()
    modes = ["poll", "sse"] if args.mode == "both" else [args.mode]
    for mode in modes:
        figures = _run_on_scratch(args, mode)
        for key, value in figures.items():
            print(f"{key:40} {value}")
        print(flush=True)


def _run_on_scratch(args, mode):
    with tempfile.TemporaryDirectory() as scratch:
        sys.path.insert(0, str(ROOT))
        from referee.store.testing import scratch_database

        backend = "postgresql" if args.database else "sqlite"
        if args.database:
            os.environ["DATABASE_URL"] = args.database
        with scratch_database(backend, Path(scratch)) as url:
            env = {"REDIS_URL": args.redis} if args.redis else {}
            figures = run(url, args.phones, args.tables, args.per_table, args.rounds,
                          args.seconds, args.checkers, args.workers, env, args.repeats, mode)
    figures["database"] = backend + (" + redis" if args.redis else "")
    return figures


if __name__ == "__main__":
    main()
