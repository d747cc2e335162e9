"""The hall soak: N tables, M phones waiting on them, a move every T s per table, with a
health probe beside it, for --seconds; against the service started here on a
DATABASE_URL (a fresh schema of it, dropped after; a fresh SQLite file without one).

  --mode gthread  today's gunicorn gthread instance (gunicorn_conf.py) answers all, the
                  waits too (each holds a thread and one of LONG_POLLS places)
  --mode split    the same instance answers moves and health, the waiting server
                  (gunicorn_wait_conf.py: the same app on gevent's event loop) the
                  waits, sent to it as the reverse proxy sends them (deploy/nginx.conf)

Each table has one driver: it posts a draw (recorded, a disputed call when illegal, as
bench/service.py's moves) on its own keep-alive connection, then the next T s after the
previous was sent (at once if that time is past: moves/s then falls below N/T). Each
phone long-polls `GET /v1/tables/{id}/events?after=S&wait=25` on its own connection,
as the table page does. Prints:
  moves/s, move p50/p99/max (post to answer), hear p50/p99/max (a move's post to a phone
  answered with it), errors (any answer not 200, and client exceptions), Retry-After
  answers (a wait refused: no place), phones that missed a move, hear p99 for each 10 s
  of the run, when every phone was listening (they connect within 2 s before the moves
  start: the hall filling at once), health p50/p99 (one
  probe every 0.2 s, same run), and the workers' RSS and threads every --sample s:
  start, end and slope (MB a minute, least squares over the run's second half).

With --streams the phones listen on event streams (Accept: text/event-stream, as the
table page does) instead: one connection each, a move heard as a line of it.

Usage: PYTHONPATH=. .venv/bin/python bench/soak.py [--tables 200] [--phones 800]
       [--interval 4] [--seconds 120] [--mode split] [--workers 2] [--wait-workers 1]
       [--streams]
One asyncio process drives it all; its own CPU time is printed (on a 2-core machine it
competes with the service: say so beside the figures). `run()` is what tests/chaos's
short soak calls.
"""
import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WSGI_CONFIG = ROOT / "referee" / "api" / "gunicorn_conf.py"
WAIT_CONFIG = ROOT / "referee" / "api" / "gunicorn_wait_conf.py"
OPENING = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}
MOVE = json.dumps({"move": {"type": "draw", "player": 1}}).encode()
WAIT = 25
LIMIT = "100000000 per minute"  # raised, not off: every request still pays for counting
SETTINGS = {"RATE_LIMIT_DEFAULT": LIMIT, "RATE_LIMIT_WRITES": LIMIT,
            "RATE_LIMIT_RULESETS": LIMIT, "RATE_LIMIT_ADDRESS_WRITES": LIMIT, "PER_ADDRESS_CONNECTIONS": "0",
            "LOG_LEVEL": "warning"}


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base, method, path, body=None):
    request = urllib.request.Request(base + path, method=method,
                                     data=json.dumps(body).encode() if body else None,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def start(config, env, port, log):
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", str(config),
                                "referee.api:create_app()"], env=env, cwd=ROOT,
                               stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn ({config.name}) exited at start")
        try:
            call(base, "GET", "/v1/health")
            return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"gunicorn ({config.name}) did not start")


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def workers_of(master_pid):
    """{pid: (rss MB, threads, CPU s)} of the master's worker processes (Linux /proc)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
        except OSError:
            continue
        if int(fields.get("PPid", "0").strip()) == master_pid:
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    ticks = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            found[int(entry)] = (int(fields["VmRSS"].split()[0]) / 1024,
                                 int(fields["Threads"].strip()),
                                 (int(ticks[11]) + int(ticks[12])) / os.sysconf("SC_CLK_TCK"))
    return found


class Connection:
    """One keep-alive HTTP/1.1 connection (the answers are Content-Length'd JSON)."""

    def __init__(self, port):
        self.port = port
        self.reader = self.writer = None

    async def request(self, method, path, body=b"", headers=""):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        try:
            self.writer.write(head + body)
            status_line = await self.reader.readline()
            if not status_line:
                raise ConnectionError("closed")
            status = int(status_line.split()[1])
            length, retry, closing = 0, False, False
            while True:
                line = await self.reader.readline()
                if line in (b"\r\n", b""):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                name = name.strip().lower()
                if name == "content-length":
                    length = int(value)
                elif name == "retry-after":
                    retry = True
                elif name == "connection" and value.strip().lower() == "close":
                    closing = True
            data = await self.reader.readexactly(length)
        except BaseException:
            self.close()
            raise
        if closing:
            self.close()
        return status, retry, data

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def percentile(values, share):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ms(value):
    return None if value is None else round(value * 1000, 1)


def slope(samples):
    """MB a minute over the second half of [(t, MB)] (least squares)."""
    half = samples[len(samples) // 2:]
    if len(half) < 2:
        return None
    ts, ys = [t for t, _ in half], [y for _, y in half]
    mt, my = statistics.mean(ts), statistics.mean(ys)
    den = sum((t - mt) ** 2 for t in ts)
    return round(60 * sum((t - mt) * (y - my) for t, y in zip(ts, ys)) / den, 2) if den else None


async def drive(tables, phones, interval, seconds, move_port, wait_port, masters, sample,
                streams=False):
    figures = {"moves": [], "hear": [], "hear_at": [], "health": [], "errors": 0,
               "retry_after": 0, "error_kinds": {}}
    posted = {t["id"]: {} for t in tables}  # table id -> {seq: post time}
    last_seq = {t["id"]: t["seq"] for t in tables}
    heard_last = {}  # phone -> seq heard last
    # The phones connect first (each within 2 s, as a hall filling up at once); the
    # moves start once every one is listening (a stream's answer begun; a long poll
    # sent), and the run's seconds count from then.
    connecting = time.monotonic()
    listening, listeners = asyncio.Event(), [0]
    started, end = connecting, connecting + 3600
    samples = {}  # master pid -> [(t, {pid: (rss, threads)})]

    def error(kind):
        figures["errors"] += 1
        figures["error_kinds"][kind] = figures["error_kinds"].get(kind, 0) + 1

    def listens():
        listeners[0] += 1
        if listeners[0] == phones:
            listening.set()

    def heard(at, now):
        figures["hear"].append(now - at)
        figures["hear_at"].append(at - started)

    async def driver(table):
        conn = Connection(move_port)
        auth = f"Authorization: Bearer {table['secret']}\r\nContent-Type: application/json\r\n"
        path = f"/v1/tables/{table['id']}/moves"
        scheduled = time.monotonic() + random.uniform(0, interval)
        while True:
            delay = min(scheduled, end) - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            if time.monotonic() >= end:
                break
            sent = time.monotonic()
            posted[table["id"]][last_seq[table["id"]] + 1] = sent
            try:
                status, _retry, data = await conn.request("POST", path, MOVE, auth)
            except Exception as exc:  # noqa: BLE001 - counted
                error(type(exc).__name__)
                scheduled = max(scheduled + interval, time.monotonic())
                continue
            took = time.monotonic() - sent
            if status in (200, 201):
                last_seq[table["id"]] = json.loads(data)["seq"]
                figures["moves"].append(took)
            else:
                error(f"move {status}")
            scheduled = max(scheduled + interval, time.monotonic())
        conn.close()

    async def phone(number, table):
        conn = Connection(wait_port)
        after = heard_last[number] = table["seq"]
        path = f"/v1/tables/{table['id']}/events?wait={WAIT}&after="
        await asyncio.sleep(random.uniform(0, 2))
        listens()  # its first wait is on its way
        while time.monotonic() < end:
            try:
                status, retry, data = await conn.request("GET", path + str(after))
            except Exception as exc:  # noqa: BLE001 - counted
                if time.monotonic() < end:
                    error(type(exc).__name__)
                    await asyncio.sleep(0.5)
                continue
            now = time.monotonic()
            if status != 200:
                error(f"wait {status}")
                await asyncio.sleep(1)
                continue
            if retry:
                figures["retry_after"] += 1
            page = json.loads(data)
            for event in page["events"]:
                at = posted[table["id"]].get(event["seq"])
                if at is not None and at >= started + 1:  # the last poll sent is parked by then
                    heard(at, now)
            after = max(after, page["seq"])
            heard_last[number] = after
            if retry:
                await asyncio.sleep(1)
        conn.close()

    async def stream_phone(number, table):
        """A phone on an event stream: one connection, the moves as they come."""
        after = heard_last[number] = table["seq"]
        await asyncio.sleep(random.uniform(0, 2))
        first = True
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", wait_port)
            except Exception as exc:  # noqa: BLE001 - counted
                error(type(exc).__name__)
                await asyncio.sleep(0.5)
                continue
            try:
                writer.write((f"GET /v1/tables/{table['id']}/events?after={after} HTTP/1.1\r\n"
                              "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n").encode())
                status = int((await reader.readline()).split()[1])
                if status != 200:
                    error(f"stream {status}")
                    await asyncio.sleep(1)
                    continue
                if first:
                    first = False
                    listens()
                while True:
                    line = await reader.readline()
                    if not line or line == b"0\r\n":
                        break  # the stream's end: ask again after the last heard
                    if line.startswith(b"id: "):
                        seq, now = int(line[4:]), time.monotonic()
                        at = posted[table["id"]].get(seq)
                        if at is not None and at >= started + 1:
                            heard(at, now)
                        after = max(after, seq)
                        heard_last[number] = after
            except Exception as exc:  # noqa: BLE001 - counted
                if time.monotonic() < end:
                    error(type(exc).__name__)
            finally:
                writer.close()

    async def prober():
        conn = Connection(move_port)
        while time.monotonic() < end:
            sent = time.monotonic()
            try:
                status, _r, _d = await conn.request("GET", "/v1/health")
                if status == 200:
                    figures["health"].append(time.monotonic() - sent)
                else:
                    error(f"health {status}")
            except Exception as exc:  # noqa: BLE001
                error(f"health {type(exc).__name__}")
            await asyncio.sleep(0.2)
        conn.close()

    async def sampler():
        while True:
            now = time.monotonic() - started
            for master in masters:
                samples.setdefault(master, []).append((now, workers_of(master)))
            if time.monotonic() >= end:
                return
            await asyncio.sleep(min(sample, max(end - time.monotonic(), 0.01)))

    cut = {}

    async def snapshot():
        await asyncio.sleep(max(end - 3 - time.monotonic(), 0))
        cut.update(last_seq)

    listen = stream_phone if streams else phone
    phone_tasks = [asyncio.create_task(listen(n, tables[n % len(tables)])) for n in range(phones)]
    try:
        await asyncio.wait_for(listening.wait(), 60)
    except asyncio.TimeoutError:
        pass  # the phones not listening by now show as misses and errors
    started = time.monotonic()
    end = started + seconds
    figures["listening_s"] = started - connecting
    figures["listening"] = listeners[0]
    tasks = [asyncio.create_task(driver(t)) for t in tables]
    tasks += [asyncio.create_task(prober()), asyncio.create_task(sampler()),
              asyncio.create_task(snapshot())]
    await asyncio.gather(*tasks)
    figures["elapsed"] = time.monotonic() - started
    await asyncio.sleep(0.5)  # the last moves' phones answer
    for task in phone_tasks:
        task.cancel()
    await asyncio.gather(*phone_tasks, return_exceptions=True)
    figures["samples"] = samples
    # A phone missed a move when, at the end, it had not heard its table's seq as it
    # was 3 s before the end.
    figures["missed"] = sum(1 for n in range(phones)
                            if heard_last.get(n, -1) < cut[tables[n % len(tables)]["id"]])
    return figures


def hear_by_window(hear, hear_at, window):
    """Hear p99 for the moves posted in each `window` s of the run: a start-up burst
    and a steady state are told apart."""
    windows = {}
    for took, at in zip(hear, hear_at):
        windows.setdefault(int(at // window), []).append(took)
    return [ms(percentile(windows[w], 0.99)) for w in sorted(windows)]


def summary(figures, tables, phones, interval, mode, masters_named):
    moves, hear, health = figures["moves"], figures["hear"], figures["health"]
    out = {"mode": mode, "tables": tables, "phones": phones, "interval_s": interval,
           "seconds": round(figures["elapsed"], 1),
           "moves_per_s": round(len(moves) / figures["elapsed"], 1),
           "moves_intended_per_s": round(tables / interval, 1),
           "move_p50_ms": ms(percentile(moves, 0.5)), "move_p99_ms": ms(percentile(moves, 0.99)),
           "move_max_ms": ms(max(moves) if moves else None),
           "hear_p50_ms": ms(percentile(hear, 0.5)), "hear_p99_ms": ms(percentile(hear, 0.99)),
           "hear_max_ms": ms(max(hear) if hear else None), "heard": len(hear),
           "hear_p99_ms_by_10s": hear_by_window(hear, figures["hear_at"], 10),
           "phones_listening": figures["listening"],
           "phones_listening_after_s": round(figures["listening_s"], 1),
           "errors": figures["errors"], "error_kinds": figures["error_kinds"],
           "retry_after": figures["retry_after"], "phones_missed": figures["missed"],
           "health_p50_ms": ms(percentile(health, 0.5)),
           "health_p99_ms": ms(percentile(health, 0.99)), "workers": {}}
    for name, master in masters_named.items():
        series = figures["samples"].get(master, [])
        if not series:
            continue
        pids = sorted(series[0][1])
        for pid in pids:
            rss = [(t, w[pid][0]) for t, w in series if pid in w]
            threads = [w[pid][1] for _t, w in series if pid in w]
            cpu = [w[pid][2] for _t, w in series if pid in w]
            out["workers"][f"{name}:{pid}"] = {
                "rss_start_mb": round(rss[0][1], 1), "rss_end_mb": round(rss[-1][1], 1),
                "rss_max_mb": round(max(r for _, r in rss), 1),
                "rss_slope_mb_per_min": slope(rss), "threads_max": max(threads),
                "cpu_s": round(cpu[-1] - cpu[0], 1)}
    return out


def run(database_url, tables=200, phones=800, interval=4.0, seconds=60.0, mode="split",
        workers=2, wait_workers=1, sample=5.0, log_path=None, streams=False):
    """Start the service on `database_url` (migrated here), soak it, stop it; the figures."""
    from referee.store import Store

    store = Store(database_url)
    store.migrate()
    store.dispose()
    move_port, wait_port = free_port(), free_port()
    shared = tempfile.mkdtemp(prefix="referee-soak-")
    os.makedirs(os.path.join(shared, "metrics"))
    env = dict(os.environ, DATABASE_URL=database_url, WEB_WORKERS=str(workers),
               PORT=str(move_port), WAIT_PORT=str(wait_port), WAIT_WORKERS=str(wait_workers),
               RATE_LIMIT_FILE=os.path.join(shared, "limits.db"),
               PROMETHEUS_MULTIPROC_DIR=os.path.join(shared, "metrics"), **SETTINGS)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    log = open(log_path or os.devnull, "ab")
    processes = {}
    try:
        processes["wsgi"], base = start(WSGI_CONFIG, env, move_port, log)
        if mode == "split":
            processes["wait"], _ = start(WAIT_CONFIG, env, wait_port, log)
        else:
            wait_port = move_port
        def opened_table(_):
            table = call(base, "POST", "/v1/tables", OPENING)
            table["seq"] = call(base, "GET", f"/v1/tables/{table['id']}/events?after=0")["seq"]
            return table
        with ThreadPoolExecutor(8) as pool:
            opened = list(pool.map(opened_table, range(tables)))
        cpu = resource.getrusage(resource.RUSAGE_SELF)
        figures = asyncio.run(drive(opened, phones, interval, seconds, move_port, wait_port,
                                    [p.pid for p in processes.values()], sample, streams))
        after = resource.getrusage(resource.RUSAGE_SELF)
        result = summary(figures, tables, phones, interval, mode,
                         {name: p.pid for name, p in processes.items()})
        result["phones_listen"] = "stream" if streams else "long poll"
        result["client_cpu_s"] = round(after.ru_utime + after.ru_stime
                                       - cpu.ru_utime - cpu.ru_stime, 1)
        result["load_average"] = os.getloadavg()
        return result
    finally:
        for process in processes.values():
            stop(process)
        log.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--phones", type=int, default=800)
    parser.add_argument("--interval", type=float, default=4.0)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--mode", choices=("gthread", "split"), default="split")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--wait-workers", type=int, default=1)
    parser.add_argument("--sample", type=float, default=5.0)
    parser.add_argument("--streams", action="store_true",
                        help="phones listen on event streams instead of long polls")
    parser.add_argument("--log", help="the servers' log file (default: none kept)")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    from referee.store.testing import postgres_url_from_env, scratch_database

    backend = "postgresql" if postgres_url_from_env() else "sqlite"
    with tempfile.TemporaryDirectory(prefix="referee-soak-") as directory, \
            scratch_database(backend, Path(directory)) as database_url:
        result = run(database_url, args.tables, args.phones, args.interval, args.seconds,
                     args.mode, args.workers, args.wait_workers, args.sample, args.log,
                     args.streams)
    result["database"] = backend
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
