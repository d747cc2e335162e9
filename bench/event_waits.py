#!/usr/bin/env python3
"""What an event's waiting pages cost the moves of its tables.

Starts gunicorn (referee/api/gunicorn_conf.py, 2 workers) on a scratch database, creates
an event of PLAYERS players (a built-in ruleset, heats), starts its first round and
opens every table. One thread per table then records a move every INTERVAL seconds
(the player whose turn it is draws, then ends the turn: always legal), and:

  A. nobody waits on the event: the reference;
  B. PAGES organiser pages wait on `GET /v1/events/{id}?wait=20&version=V` and PAGES
     projector pages on its standings, each asking again with the version it was
     answered (what event.js and standings.js do).

An organiser's page shows every table as its last move left it, so each move wakes
every organiser page once (and each woken page reads the event again); the standings
wake only when a game ends, which a draw and a pass never do. The phases alternate
A B A B A, each B compared with the mean of the A beside it (a drifting machine
load cancels out). Printed, per phase: moves, move latency p50/p99, the gunicorn
workers' CPU per move (user + system, /proc), and the pages' answers per move; then
the medians of the B/A ratios and the waiting cost per move and per page.

    .venv/bin/python bench/event_waits.py [--players 16] [--pages 20] [--interval 0.25]
        [--seconds 8] [--repeats 2] [--database postgresql://...]

Nothing leaves 127.0.0.1; every wait is bounded.
"""
import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from procstat import workers_cpu_seconds  # noqa: E402
from service import free_port, start_gunicorn, stop_gunicorn  # noqa: E402

from referee.store import Store  # noqa: E402

WAIT = 20
NAMES = ["Asha", "Bina", "Chirag", "Devika", "Esha", "Farhan", "Gita", "Hari", "Ira",
         "Jai", "Kavya", "Lata", "Mohan", "Nisha", "Om", "Pooja", "Ravi", "Sita", "Tara",
         "Uma", "Varun", "Yash", "Zoya", "Anil"]


def player_names(count):
    """`count` names: the list, then the list again with a number."""
    return [NAMES[i % len(NAMES)] + (str(i // len(NAMES)) if i >= len(NAMES) else "")
            for i in range(count)]


class Client:
    """One keep-alive connection to the service."""

    def __init__(self, port, token=None):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT + 10)
        self.token = token

    def call(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token or self.token:
            headers["Authorization"] = f"Bearer {token or self.token}"
        self.connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        answer = self.connection.getresponse()
        data = answer.read()
        return answer.status, (json.loads(data) if data else None)

    def close(self):
        self.connection.close()


def made(status, body, wanted=(200, 201)):
    if status not in wanted:
        raise SystemExit(f"unexpected answer {status}: {body}")
    return body


def open_event(port, token, players):
    client = Client(port, token)
    event = made(*client.call("POST", "/v1/events", {
        "name": "Bench evening", "ruleset": "classic", "players": player_names(players),
        "format": {"type": "heats", "rounds": 1}}))
    seated = made(*client.call("POST", f"/v1/events/{event['id']}/rounds", {"round": 1}))
    tables = []
    for table in seated["tables"]:
        opened = made(*client.call(
            "POST", f"/v1/events/{event['id']}/rounds/1/tables/{table['number']}",
            {"dealer": 0, "first_card": "red-7"}))
        tables.append((opened["id"], opened["secret"], opened["verdict"]["next"]["player"]))
    client.close()
    return event["id"], tables


class Mover(threading.Thread):
    """One table's phone: a draw and a pass by the player whose turn it is, a move
    every `interval` seconds, each move's latency kept under the phase it began in."""

    def __init__(self, port, table, interval, phase, stop):
        super().__init__(daemon=True)
        self.client = Client(port)
        self.table_id, self.secret, self.player = table
        self.interval, self.phase, self.stop = interval, phase, stop
        self.latencies = {}
        self.drawn = False
        self.errors = 0

    def run(self):
        due = time.monotonic()
        while not self.stop.is_set():
            move = {"type": "pass" if self.drawn else "draw", "player": self.player}
            phase = self.phase[0]
            began = time.perf_counter()
            status, body = self.client.call("POST", f"/v1/tables/{self.table_id}/moves",
                                            {"move": move}, token=self.secret)
            took = time.perf_counter() - began
            if status != 200 or not body.get("legal"):
                self.errors += 1
                status, body = self.client.call("GET", f"/v1/tables/{self.table_id}")
                self.player = body["next"]["player"]
                self.drawn = "pass" in body["next"]["moves"]
            else:
                self.latencies.setdefault(phase, []).append(took)
                self.player = body["next"]["player"]
                self.drawn = "pass" in body["next"]["moves"]
            due += self.interval
            time.sleep(max(0.0, due - time.monotonic()))


class Page(threading.Thread):
    """An event page waiting for its next change, again and again, until told to stop."""

    def __init__(self, port, path, phase, stop):
        super().__init__(daemon=True)
        self.client, self.path, self.phase, self.stop = Client(port), path, phase, stop
        self.answers = {}

    def run(self):
        status, body = self.client.call("GET", self.path)
        version = body["version"]
        while not self.stop.is_set():
            try:
                status, body = self.client.call("GET", f"{self.path}?wait={WAIT}&version={version}")
            except OSError:  # the server stopped under a page still waiting
                break
            if status == 200:
                version = body["version"]
                self.answers[self.phase[0]] = self.answers.get(self.phase[0], 0) + 1
            else:
                time.sleep(1)
        self.client.close()


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def run(args, database_url):
    store = Store(database_url)
    store.migrate()
    token = store.create_token("bench organiser")
    store.dispose()
    port = free_port()
    process, _base = start_gunicorn(database_url, port, 2)
    try:
        event_id, tables = open_event(port, token, args.players)
        phase, stop_moves = ["warm"], threading.Event()
        movers = [Mover(port, table, args.interval, phase, stop_moves) for table in tables]
        for mover in movers:
            mover.start()
        time.sleep(2)
        results, pages = [], []
        for index in range(2 * args.repeats + 1):
            waiting = index % 2 == 1
            name = f"{'B' if waiting else 'A'}{index}"
            stop_pages = threading.Event()
            if waiting:
                pages = [Page(port, path, phase, stop_pages)
                         for _ in range(args.pages)
                         for path in (f"/v1/events/{event_id}", f"/v1/events/{event_id}/standings")]
                for page in pages:
                    page.start()
                time.sleep(1)  # every page has read the event and waits
            phase[0] = name
            cpu, began = workers_cpu_seconds(process.pid), time.monotonic()
            time.sleep(args.seconds)
            phase[0] = "between"
            cpu, took = workers_cpu_seconds(process.pid) - cpu, time.monotonic() - began
            latencies = [value for mover in movers for value in mover.latencies.get(name, [])]
            organiser = sum(page.answers.get(name, 0) for page in pages if "standings" not in page.path)
            standings = sum(page.answers.get(name, 0) for page in pages if "standings" in page.path)
            results.append({"name": name, "waiting": waiting, "moves": len(latencies),
                            "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99),
                            "cpu_per_move": cpu / max(1, len(latencies)), "seconds": took,
                            "organiser_answers": organiser, "standings_answers": standings})
            stop_pages.set()
            if waiting:  # each page ends at its next answer: a move wakes the organisers',
                time.sleep(args.interval * 4)  # the standings' at their 20 s
        stop_moves.set()
        errors = sum(mover.errors for mover in movers)
    finally:
        stop_gunicorn(process)
    return tables, results, errors


def report(args, tables, results, errors):
    print(f"\nevent of {args.players} players, {len(tables)} tables, a move every "
          f"{args.interval} s per table; B: {args.pages} organiser and {args.pages} "
          f"standings pages waiting")
    print(f"{'phase':<6} {'moves':>6} {'p50 ms':>8} {'p99 ms':>8} {'cpu ms/move':>12} "
          f"{'organiser answers/move':>23} {'standings answers':>18}")
    for r in results:
        print(f"{r['name']:<6} {r['moves']:>6} {r['p50'] * 1000:>8.1f} {r['p99'] * 1000:>8.1f} "
              f"{r['cpu_per_move'] * 1000:>12.2f} {r['organiser_answers'] / max(1, r['moves']):>23.2f} "
              f"{r['standings_answers']:>18}")
    cpu_ratios, p99_ratios, extra = [], [], []
    for index in range(1, len(results), 2):
        before, during, after = results[index - 1], results[index], results[index + 1]
        reference_cpu = (before["cpu_per_move"] + after["cpu_per_move"]) / 2
        reference_p99 = (before["p99"] + after["p99"]) / 2
        cpu_ratios.append(during["cpu_per_move"] / reference_cpu)
        p99_ratios.append(during["p99"] / reference_p99)
        extra.append(during["cpu_per_move"] - reference_cpu)
    cost = statistics.median(extra)
    print(f"median B/A: cpu per move {statistics.median(cpu_ratios):.2f}x, "
          f"move p99 {statistics.median(p99_ratios):.2f}x; waiting pages cost "
          f"{cost * 1000:.2f} ms of worker CPU per move ({cost * 1000 / args.pages:.3f} ms "
          f"per organiser page woken); moves refused or failed: {errors}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--interval", type=float, default=0.25)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--database", help="a PostgreSQL URL (default: a scratch SQLite file)")
    args = parser.parse_args()
    if args.database:
        database_url = args.database
    else:
        directory = tempfile.mkdtemp(prefix="event-waits-")
        database_url = f"sqlite:///{directory}/referee.db"
    report(args, *run(args, database_url))


if __name__ == "__main__":
    main()
