"""The service under load: gunicorn (2 workers) driven by wrk.

Three runs of the same length at the same concurrency:
  health  GET  /v1/health                  the trivial baseline
  check   POST /v1/rulesets/classic/check  a stateless verdict
  moves   POST /v1/tables/{id}/moves       appends to tables (a Lua script spreads them)
and prints req/s, p50 and p99 of each, and the ratios to the baseline with the targets
(check >= 80% of health's req/s with p99 <= 2x; moves >= 50%, 40% on PostgreSQL).
Figures, not assertions. The per-client rate limits are raised (see RATE_LIMITS).

The three runs are repeated --rounds times (3 by default), after a short warm-up of each
(the workers' first requests fill caches and import lazily). Each round prints its own
table and ratios; the last lines give the median of each ratio over the rounds. On a
shared machine one round's health run and the next run can meet different loads (a
ratio swung from 44% to 54% between two runs of the same code): the rounds show the
spread, and the median is the figure to quote.

Beside them, the gunicorn workers' own CPU time per request (user + system, from
/proc, Linux) and the same ratios computed from it (health's CPU per request over
the endpoint's): on a machine shared with other programs req/s follows whatever
else runs, while the CPU a request costs the workers moves much less. On PostgreSQL
the last column is the CPU of the server's backends connected to the run's database
(found by its name in their process titles; the shared WAL writer and checkpointer
left out) per request: on one machine the server takes the same cores.

With --floor, each round also runs the same three against bench/floor_app.py under the
same gunicorn configuration: an app that answers each request with the bytes the
referee answered it (captured from it at the start of the run) and does no work. Its
ratios are what gunicorn, the kernel and wrk alone allow (a check's request and answer
are larger than a health probe's); the last lines give the worker CPU per request the
referee's own work adds to the floor's, for each endpoint. A target that the floor
itself barely meets leaves the app's work no room.

With --bounds, each round also runs health and moves against two copies of the referee
(bench/bounds_app.py, same configuration) whose batches of moves do less: one judges
each move and answers without touching the database ("no database"), the other does
that with the batch's transaction run as the referee runs it, holding one small insert
in place of the moves' reads and writes ("empty transaction"). Their moves/health is
what moves could reach if the batch's reads and writes cost nothing, or its transaction
too: a moves target above the empty transaction's cannot be met by making the batch's
own work cheaper.

Usage: .venv/bin/python bench/service.py [--seconds 10] [--rounds 3] [--warmup 2] [--connections 32]
       [--tables 16] [--workers 2] [--floor] [--bounds]
The database is a fresh SQLite file, or, when DATABASE_URL names PostgreSQL, a fresh
schema in that database (dropped afterwards).
wrk is installed with apt-get when missing.
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from procstat import database_cpu_seconds, workers_cpu_seconds
from sqlalchemy.engine import make_url

from referee.store import Store
from referee.store.testing import postgres_url_from_env, scratch_database

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "referee" / "api" / "gunicorn_conf.py"
OPENING = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}
TARGETS = {"check": (0.80, 2.0), "moves": (0.50, None)}
TARGETS_POSTGRESQL = {"check": (0.80, 2.0), "moves": (0.40, None)}
ENDPOINTS = ("health", "check", "moves")
# One wrk client would hit the per-client rate limits at once: they are raised, not
# turned off, so every request still pays for the limiter's counting.
BENCH_LIMIT = "100000000 per minute"
# RATE_LIMIT_ADDRESS_WRITES too: every wrk connection has one address, and left at 1,200
# a minute nearly every move past the first 1,200 was a 429 (the runs' non-2xx column).
RATE_LIMITS = {"RATE_LIMIT_DEFAULT": BENCH_LIMIT, "RATE_LIMIT_WRITES": BENCH_LIMIT,
               "RATE_LIMIT_ADDRESS_WRITES": BENCH_LIMIT,
               "RATE_LIMIT_RULESETS": BENCH_LIMIT}

# wrk reports its figures through this `done` hook as one JSON line.
REPORT_LUA = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, ' ..
    '"socket_errors": %d, "non_2xx": %d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
"""


def ensure_wrk():
    if shutil.which("wrk"):
        return
    print("wrk is missing: installing the Debian package", flush=True)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "wrk"], check=True,
                   env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def start_gunicorn(database_url, port, workers, app="referee.api:create_app()", env=None,
                   pythonpath=()):
    """gunicorn serving `app` with the service's configuration; `pythonpath`: folders
    put first on the workers' sys.path (bench/ for floor_app, the referee needs none)."""
    # wrk's connections all come from 127.0.0.1: no cap on one address's connections.
    env = dict(os.environ, PORT=str(port), WEB_WORKERS=str(workers), DATABASE_URL=database_url,
               PER_ADDRESS_CONNECTIONS="0", **RATE_LIMITS, **(env or {}))
    store = Store(database_url)  # what `referee init-db` does before `make run` serves
    store.migrate()
    store.dispose()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", str(CONFIG),
         *(f"--pythonpath={folder}" for folder in pythonpath), app],
        env=dict(env, LOG_LEVEL="warning"), cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            call(base, "GET", "/v1/health")
            return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("gunicorn did not start")


def stop_gunicorn(process):
    process.send_signal(signal.SIGINT)
    process.wait(timeout=30)


MOVE_BODY = {"move": {"type": "draw", "player": 1}}


def lua_scripts(directory, base, tables):
    """{endpoint: wrk script file}, {endpoint: path}, and the check's body."""
    check_body = {"state": call(base, "POST", "/v1/tables", OPENING)["state"],
                  "move": {"type": "play", "player": 1, "cards": ["red-3"]}}
    opened = [call(base, "POST", "/v1/tables", OPENING) for _ in range(tables)]
    scripts = {
        "health": REPORT_LUA,
        "check": f"""
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = {json.dumps(json.dumps(check_body))}
""" + REPORT_LUA,
        # Every append is recorded (an illegal draw too: it is a disputed call).
        "moves": f"""
local tables = {{{", ".join(json.dumps(t["id"]) for t in opened)}}}
local secrets = {{{", ".join(json.dumps("Bearer " + t["secret"]) for t in opened)}}}
local body = {json.dumps(json.dumps(MOVE_BODY))}
request = function()
  local n = math.random(#tables)
  local headers = {{["Content-Type"] = "application/json", ["Authorization"] = secrets[n]}}
  return wrk.format("POST", "/v1/tables/" .. tables[n] .. "/moves", headers, body)
end
""" + REPORT_LUA,
    }
    paths = {"health": "/v1/health", "check": "/v1/rulesets/classic/check", "moves": "/"}
    files = {}
    for name, text in scripts.items():
        files[name] = Path(directory) / f"{name}.lua"
        files[name].write_text(text)
    return files, paths, check_body


# Headers gunicorn writes itself, whatever the app answers.
HOP_BY_HOP = {"date", "server", "connection", "keep-alive", "transfer-encoding"}


def captured(base, method, path, body=None, headers=None):
    """One answer of the service as bench/floor_app.py replays it."""
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode() if body is not None else None,
        method=method, headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=30) as response:
        return {"status": f"{response.status} {response.reason}",
                "headers": [[name, value] for name, value in response.getheaders()
                            if name.lower() not in HOP_BY_HOP],
                "body": response.read().decode("utf-8")}


def capture_answers(base, check_body, path):
    """The three endpoints' answers, as wrk's requests get them, written to `path`: a
    move's is the second draw on a table of its own (wrk's moves are mostly such
    draws, recorded as disputed calls)."""
    table = call(base, "POST", "/v1/tables", OPENING)
    secret = {"Authorization": "Bearer " + table["secret"]}
    moves = f"/v1/tables/{table['id']}/moves"
    captured(base, "POST", moves, MOVE_BODY, secret)
    answers = {"health": captured(base, "GET", "/v1/health"),
               "check": captured(base, "POST", "/v1/rulesets/classic/check", check_body),
               "moves": captured(base, "POST", moves, MOVE_BODY, secret)}
    path.write_text(json.dumps(answers), encoding="utf-8")
    return path


# The PostgreSQL database the run's backends connect to (their CPU is read by its name),
# or None on SQLite: set by main().
DATABASE_NAME = [None]


def run_wrk(base, path, script, seconds, connections, master_pid):
    cpu_before = workers_cpu_seconds(master_pid)
    database_before = database_cpu_seconds(DATABASE_NAME[0])
    output = subprocess.run(
        ["wrk", "-t", "2", "-c", str(connections), "-d", f"{seconds}s", "-s", str(script),
         base + path], capture_output=True, text=True, check=True).stdout
    line = next(l for l in output.splitlines() if l.startswith("RESULT "))
    result = json.loads(line[len("RESULT "):])
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    cpu = workers_cpu_seconds(master_pid) - cpu_before
    result["cpu_us"] = cpu * 1e6 / max(result["requests"], 1)
    database = database_cpu_seconds(DATABASE_NAME[0]) - database_before
    result["db_cpu_us"] = database * 1e6 / max(result["requests"], 1)
    return result


def header(database, workers):
    threads = os.environ.get("WEB_THREADS", "the config's")
    print(f"\nreferee service, gunicorn {workers} gthread workers ({threads} threads), "
          f"database: {database}")
    print(f"rate limits raised to {BENCH_LIMIT} (counted, never reached); "
          f"REDIS_URL={os.environ.get('REDIS_URL') or 'unset: counters in memory'}")


def ratios(results, database):
    """{endpoint: (req/s ratio, p99 ratio, CPU-per-request ratio)} against health, for
    the targets' endpoints that were run."""
    base = results["health"]
    return {name: (results[name]["rps"] / base["rps"],
                   results[name]["p99_us"] / max(base["p99_us"], 1),
                   base["cpu_us"] / max(results[name]["cpu_us"], 1e-9))
            for name in targets_for(database) if name in results}


def targets_for(database):
    return TARGETS_POSTGRESQL if database == "postgresql" else TARGETS


def verdict_line(name, database, rps_ratio, p99_ratio, cpu_ratio, label, judged=True):
    if not judged:  # the floor and the bounds: no target applies to them
        return (f"{label}{name}/health: req/s {rps_ratio:.0%}, p99 {p99_ratio:.2f}x; "
                f"by worker CPU per request {cpu_ratio:.0%}")
    rps_target, p99_target = targets_for(database)[name]
    meets = rps_ratio >= rps_target and (p99_target is None or p99_ratio <= p99_target)
    goal = f">= {rps_target:.0%}" + (f", p99 <= {p99_target:g}x" if p99_target else "")
    return (f"{label}{name}/health: req/s {rps_ratio:.0%}, p99 {p99_ratio:.2f}x  "
            f"(target {goal}: {'meets' if meets else 'misses'}); "
            f"by worker CPU per request {cpu_ratio:.0%}")


def beside(server):
    """What a heading adds for a server other than the referee: its label."""
    return "" if server == "referee" else f", {SERVER_LABELS[server]}"


def report_round(number, results, database, server="referee"):
    print(f"\nround {number}{beside(server)}")
    print(f"{'endpoint':<8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'non-2xx':>8} "
          f"{'worker CPU us/req':>18} {'PostgreSQL CPU us/req':>22}")
    for name, r in results.items():
        print(f"{name:<8} {r['rps']:>9.0f} {r['p50_us'] / 1000:>8.2f} {r['p99_us'] / 1000:>8.2f} "
              f"{r['socket_errors']:>7} {r['non_2xx']:>8} {r['cpu_us']:>18.0f} "
              f"{r['db_cpu_us']:>22.0f}")
    for name, figures in ratios(results, database).items():
        print(verdict_line(name, database, *figures, label="", judged=server == "referee"))


def report_medians(rounds, database, server="referee"):
    print(f"\nmedian over {len(rounds)} rounds{beside(server)}")
    per_round = [ratios(results, database) for results in rounds]
    for name in per_round[0]:
        medians = [statistics.median(r[name][i] for r in per_round) for i in range(3)]
        spread = ", ".join(f"{r[name][0]:.0%}" for r in per_round)
        print(verdict_line(name, database, *medians, label="", judged=server == "referee")
              + f"  [req/s ratios: {spread}]")


def report_app_work(rounds):
    """The app's own work: the referee's worker CPU per request above the floor's."""
    print("\nthe app's own work, worker CPU per request above the floor's (median over rounds)")
    for name in ENDPOINTS:
        above = statistics.median(referee[name]["cpu_us"] - floor[name]["cpu_us"]
                                  for referee, floor in zip(rounds["referee"], rounds["floor"]))
        print(f"{name:<8} {above:>6.0f} us")


SERVER_LABELS = {
    "floor": "the floor: the same answers replayed with no work (bench/floor_app.py)",
    "no-database": "bound: moves judged and answered, no database (bench/bounds_app.py)",
    "empty-transaction": "bound: an empty transaction a batch (bench/bounds_app.py)",
}
BOUNDS = ("no-database", "empty-transaction")


def endpoints_of(server):
    """The bounds change only what a move does: they run health and moves."""
    return ("health", "moves") if server in BOUNDS else ENDPOINTS


def start_servers(args, directory, database_url):
    """{"referee": (process, base)}, with "floor" beside it when --floor asks and the
    BOUNDS when --bounds does (all on the one database); the wrk scripts and paths."""
    servers = {"referee": start_gunicorn(database_url, free_port(), args.workers)}
    try:
        base = servers["referee"][1]
        scripts, paths, check_body = lua_scripts(directory, base, args.tables)
        if args.floor:
            answers = capture_answers(base, check_body, Path(directory) / "answers.json")
            servers["floor"] = start_gunicorn(database_url, free_port(), args.workers,
                                              app="floor_app:app",
                                              env={"FLOOR_ANSWERS": str(answers)},
                                              pythonpath=[ROOT / "bench"])
        for bound in BOUNDS if args.bounds else ():
            servers[bound] = start_gunicorn(database_url, free_port(), args.workers,
                                            app="bounds_app:app", env={"BOUND": bound},
                                            pythonpath=[ROOT / "bench"])
    except BaseException:
        stop_servers(servers)
        raise
    return servers, scripts, paths


def stop_servers(servers):
    for process, _base in servers.values():
        stop_gunicorn(process)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=2, help="seconds of each endpoint first")
    parser.add_argument("--floor", action="store_true",
                        help="each round also against bench/floor_app.py (see above)")
    parser.add_argument("--bounds", action="store_true",
                        help="each round also against bench/bounds_app.py (see above)")
    args = parser.parse_args()
    ensure_wrk()
    backend = "postgresql" if postgres_url_from_env() else "sqlite"
    if backend == "postgresql":
        DATABASE_NAME[0] = make_url(postgres_url_from_env()).database
    rounds = {}
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as directory, \
            scratch_database(backend, Path(directory)) as database_url:
        servers, scripts, paths = start_servers(args, directory, database_url)
        try:
            header(backend, args.workers)
            for server, (process, base) in servers.items():
                for name in endpoints_of(server) if args.warmup > 0 else ():
                    run_wrk(base, paths[name], scripts[name], args.warmup, args.connections,
                            process.pid)
            for number in range(1, args.rounds + 1):
                for server, (process, base) in servers.items():
                    results = {name: run_wrk(base, paths[name], scripts[name], args.seconds,
                                             args.connections, process.pid)
                               for name in endpoints_of(server)}
                    rounds.setdefault(server, []).append(results)
                    report_round(number, results, backend, server)
        finally:
            stop_servers(servers)
    for server, results in rounds.items():
        report_medians(results, backend, server)
    if "floor" in rounds:
        report_app_work(rounds)


if __name__ == "__main__":
    main()
