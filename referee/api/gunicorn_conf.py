"""gunicorn settings for `make run` and the Docker image.

  PORT          port to listen on (8000)
  BIND          full bind address, overrides PORT (the image binds 0.0.0.0)
  WEB_WORKERS   worker processes (2)
  WEB_THREADS   threads per worker for requests that work (64)
  LONG_POLLS    phones that may wait for a move at once per worker (500): each gets
                a thread of its own on top of WEB_THREADS
  DATABASE_URL  read by the app itself; every worker shares the one database

Workers are gthread workers (threads). With sync workers a client that trickles its
header lines holds a whole worker until the 30 s timeout: two such clients froze
the service (HOSTILE.md 21). A gthread worker's main loop accepts connections and
waits on idle keep-alive ones without a thread; a thread is taken when a request's
first bytes arrive and held while it reads that request. So the threads of one
worker are the number of slow clients it can hold while still answering everybody
else: 64 per worker keeps 50 slow clients (tests/chaos) from starving the probes
even if one worker accepted all of them. Idle threads cost only their stacks'
address space; a request waiting for the database waits for one of the pool's
connections, not for a thread.

Waiting phones: a long poll (GET /v1/tables/{id}/events?wait=S) holds its thread
while it waits, asleep on a threading.Event (no CPU, no database connection; see
referee/store/live.py). So each worker gets LONG_POLLS threads on top of
WEB_THREADS, and the app lets at most LONG_POLLS requests wait at once per worker: one
more is answered at once with `Retry-After: 1` (the phone asks again a second later)
instead of taking a thread that checks and moves need. Measured with bench/live.py
(400 phones: 200 on one table and 4 on each of 50 more; checks with phones waiting /
with nobody waiting, the same moves recorded in both; medians of 3) on 2 cores shared
with other programs, load average 4-10, on 2026-12-01, main at fefd918 -> with one
page built for all the phones a move wakes, prepared reads, connections kept open and
cheaper limits and sentences: by wall clock 0.63 -> 0.73 (SQLite) and 0.56 -> 0.63 (PostgreSQL); by the workers'
CPU per check, which other programs leave alone, 0.43 -> 0.53 and 0.30 -> 0.43. Every
phone heard every move, within 0.26 s. Again on 2026-12-01 at load average 12-22, main
at 466592c -> with orjson answers, medians of 3: by wall clock 0.79 -> 0.75 (SQLite),
0.99 -> 0.92 (PostgreSQL); by the workers' CPU per check 0.43 -> 0.50 and 0.48 -> 0.58;
every phone heard every move, within 0.83 s (single runs swing by 0.2-0.5 around a
median). What waiting costs is the requests it makes (one per phone per move, 1 to
1.5 ms of a worker's CPU each on this machine), not threads.

So phones may instead keep one stream open (`Accept: text/event-stream` on the events,
Server-Sent Events; the table companion page uses it): a move then costs each phone a
socket write instead of a request, and the phones one move wakes share one read of
the table per process (a long poll that starts just after a move needs no read at
all, see referee/store/live.py). A stream holds its thread and one LONG_POLLS slot for
up to 300 s, as a long poll does for up to 25 s. gunicorn writes to a blocking socket
without a timeout, so the stream bounds its own writes (referee/api/tables.py,
STREAM_WRITE_TIMEOUT): a client that stops reading (a frozen phone, an attacker) would
otherwise hold the thread and the slot in a write forever once its buffers (64 KiB,
STREAM_SEND_BUFFER) are full; a write now gives up after waiting 15 s for them, the
connection is closed (gunicorn logs it as a socket error) and every stream ends
within 300 + 15 s. Measured on 2026-12-01 with
bench/live.py at full size (defaults; each figure the median of 3 B phases beside
the As around them), three rounds run back to back on 2 cores shared with other
programs, load average 6-23: main at ca25fcd (long polls) -> branch live at 36cffc5
with long polls / with streams. By the workers' CPU per check: SQLite 0.49, 0.59,
0.59 -> 0.62, 0.65, 0.52 / 0.86, 1.00, 0.93; PostgreSQL 0.47, 0.56, 0.49 -> 0.69,
0.66, 0.51 / 0.84, 0.92, 0.87. By wall clock (other programs swung the checks alone
2-4x between phases of one run): SQLite 0.51, 0.78, 0.77 -> 0.70, 0.96, 0.66 / 0.84,
1.34, 1.01; PostgreSQL 0.83, 0.87, 0.84 -> 0.91, 0.87, 0.84 / 0.90, 1.03, 1.04. So
streams meet 0.7 with margin; long polls gain little that shows through the noise
(their cost is the request itself). Every phone heard every move in every run; the
slowest hearing was 0.12-0.57 s on streams, 0.24-1.49 s on long polls (0.44-1.68 s
before).

Throughput (bench/service.py: wrk, 32 connections, req/s as a ratio to GET /v1/health
in the same run; targets check >= 0.8, moves >= 0.5, >= 0.4 on PostgreSQL), 2026-12-01,
load average 15-20 from other programs on 2 cores, two runs each of main at 466592c and
of this code (answers written by orjson), interleaved: check 0.61-0.62 -> 0.63-0.64
(SQLite), 0.46-0.62 -> 0.66-0.67 (PostgreSQL); moves 0.20-0.28 -> 0.24-0.28 (SQLite),
0.07-0.10 -> 0.12-0.13 (PostgreSQL): within the noise, and short of the targets.
Where a request's worker CPU goes (timed in-process, beside bench/service.py's worker
CPU per request): of health's ~350 us, the Flask app is ~85 and gunicorn's gthread loop
and the kernel's socket work ~270 (epoll, the hand-off to a pool thread and back, recv,
two sends: headers, then body). A check costs ~130 us more in the app: the parts timed
one by one are the body 9, the state 7, judging 5, `next` 3, sentences 7, the rate limit
9, the answer 5 (13 before orjson); the other ~85 us are spread over Flask's request and
response handling of a POST, not timed apart. In gunicorn and the kernel it costs ~60 us
more than health (a POST body, a 770-byte answer). For check >= 0.8 of health a check
could cost 1.25x health, ~440 us: its own ~190 us would have to fall to ~90. A move on
SQLite costs ~520 us in the app alone (the token check, the locked read, judging, insert,
update, commit, two pool check-outs) and 1350-1900 us of worker CPU under wrk: less
~270 us of gunicorn, the rest most likely lost to 16 requests per worker queuing on the
one write lock (each wake-up a thread switch and a GIL hand-off; not measured apart). On
PostgreSQL a move costs ~940 us in the app (five round trips, ~35 us of psycopg each).
Tried and dropped, measured: judging a move outside the lock and recording it only if
its seq was still free lost the race on 30-40% of tries with 32 clients on 16 tables
(each loss a second read and judgement); psycopg's pipeline mode (BEGIN with the locked
read, COMMIT with the record) cost more client CPU than the two round trips it saves;
sys.setswitchinterval(0.5 ms) and 4 workers did not help.

Moves, group commit (referee/store/group_commit.py), 2026-12-01, commit 1d5cbc7 against
main at ca25fcd, bench/service.py two rounds each, the two back to back, load average
11-14 from other programs: moves/health by req/s 0.23, 0.26 -> 0.36, 0.45 (SQLite) and
0.12, 0.19 -> 0.29, 0.45 (PostgreSQL); by the workers' CPU per request 0.26, 0.26 ->
0.35, 0.34 and 0.16, 0.24 -> 0.28, 0.37; worker CPU per move 1300-1930 -> 990-1080 us
(SQLite), 1990-2560 -> 980-1270 (PostgreSQL). A third round at f5b72f9, load average
13-20: 0.31 -> 0.27 (SQLite; by CPU 0.28 -> 0.27, a move 1269 -> 1081 us while health's
own CPU moved 357 -> 297) and 0.11 -> 0.42 (PostgreSQL; by CPU 0.17 -> 0.40, a move
1865 -> 962 us): single runs swing by more than SQLite's gain. Where it goes (SQLite,
timed per thread with time.thread_time() inside the workers under wrk, main then this
code back to back, load average 15-17): the app 878 -> 687 us a move (health 155 ->
149), of which the append 401 -> 317 and the token read 107 -> 4; gunicorn and the
kernel ~370 -> ~320; thread switches 13.9 -> 10.4 a move (health 4.7, 4.3). Each worker
now records the moves waiting at one moment in one transaction (about 4 to 8 moves a
batch in these runs: one lock, one read of the tables and their tokens, one commit;
PostgreSQL four round trips a batch), and a token the worker saw active before needs no
read (the batch checks it again); judging stays ~60 us a move. Measured and dropped
(wrk on moves alone, 8 s runs, alternated, load average 11-15): a dedicated writer
thread instead of the first waiting request leading the batch (three pairs per
database: less worker CPU per move in four of six, but fewer req/s in five of six and
p99 worse in all six: one more hand-off per move); yielding the interpreter before a
batch to let it grow (fewer req/s in all six pairs).

Why a move costs more above health under gunicorn (~500-850 us of worker CPU) than
in-process (~340 us, bench/move_cost.py), taken apart on 2026-12-01 (main at a1a870f,
SQLite, load average 10-15 from other programs): thread CPU (time.thread_time) inside
the workers under wrk put a move's Flask app at 430-640 us (health's 120-170), so its
move-specific part at 1.1-1.4x in-process, and the rest of the worker (gunicorn's loop
and pool threads) at 365-470 us a move against 195-315 for health: ~150 us more. The
difference is thread hand-offs, not other work: perf's sched_switch counted 10.6-13.8
context switches a move against 6.5 for health, of the same kinds (futex waits on the
interpreter lock's condition and mutex, and wake-ups on return from the calls that
release it); strace -c counted ~14 SQLite file reads and writes, 0.5 flock and 1.6
fcntl a move and the checkpoints' fdatasync (3 a second), nothing else beyond
health's. Every call into SQLite and every file lock releases the interpreter, and
under contention getting it back is a hand-off. In-process, with 4 other threads
running health probes, a move's own CPU rose by ~210 us and health's not at all (it
releases the interpreter nowhere in the app); a batch leader (4 moves, with 4 other
threads running Python) spent +50-67% CPU and 21-47 ms instead of 0.5-4 ms of wall
time on the same batch, holding the write lock (and so the other worker's leader)
meanwhile. Followers each pay a sleep and a wake-up (50-80 us of CPU a move under
wrk). Tried and dropped: a batch's events in one multi-row INSERT and its tables in
one UPDATE ... FROM (VALUES ...) (fewer calls into SQLite): 3% more instructions for a
batch of 8, and neither the context switches nor the contended batch's CPU and wall
time moved beyond the noise.

What a check costs above health, taken apart again on 2026-12-01 (main at ca25fcd ->
branch chk at 1d5179e) by instruction counts, which other programs leave alone
(bench/check_cost.py under valgrind's callgrind: in-process WSGI calls, per request;
health 549k before, 550k after): a check 1191k -> 1020k, above health 642k -> 470k
(-27%; by CPU time in the same script, above health 116-118 -> 91-96 us). The parts
below were counted one by one the same way, each called in a request context.
The ~85 us "not timed apart" above were mostly: a JSON decoder built for every body
and duplicate keys looked for in a Python loop (parse_json 111k -> 61k, now orjson
whenever json.loads could not read the body differently); the language negotiated
through werkzeug's header lookup, which raises and catches a KeyError for a missing
Accept-Language, and negotiated twice; Content-Language and Vary added after the view
by Flask-Compress and _common_headers (header searches and KeyErrors, ~50k in
_common_headers alone; a check's answer now carries them from its start: -24k in all); the sentence cache keyed by repr (23.6k for a
verdict, orjson 4.8k); limits' key formatting (limits.check 56k -> 39k). What is left
above health: the engine (state 95k, next 42k, judging 27k, move 25k), sentences 43k,
parsing the body 60k, reading it and its type 37k, the rate limit 39k, routing to the ruleset id
converter 24k, a larger answer 17k. PostgreSQL: a check touches no database (11,090
checks under wrk on a fresh gunicorn left no worker connection to port 5432; one POST
/v1/tables opened one), and strace -c of a worker under wrk counts the same system
calls for health and check, in the same proportions (per recvfrom, one a request:
the body comes with the headers, 2 sendto, 5 ioctl, 2 epoll_ctl). So what a check costs above health under load is
Python work, dearer under load than in a hot loop. bench/service.py, same day, load
average 6.7-22 from other programs, main and this code back to back, SQLite then
PostgreSQL, two rounds each, three times (6 runs a side): the workers' CPU per check
(medians) 628 -> 539 us on SQLite, 584 -> 530 us on PostgreSQL, health's unchanged
(~350 us); CPU ratio per run (medians) 0.58 -> 0.62 and 0.57 -> 0.67; req/s ratio
(medians) 0.57 -> 0.63 and 0.64 -> 0.67, single runs 0.34 to 1.58 (a run whose health
probes met a burst of other work). Short of 0.8: at ~350 us of health, a check may cost
~440 us, and half of what is still above health is the engine and the sentences.

The floor under these ratios (bench/service.py --floor: the same wrk runs against an
app that replays the referee's own answers and does no work, same configuration),
2026-12-01, main at 40d35e8, 3 rounds a database, load average 7-8: with no work in
the app a check reaches 86% of health's req/s on SQLite, 104% on PostgreSQL (rounds
65% to 129%: the floor's own runs swing most), a move 86% and 90%. The
referee at the same time: checks 74% and 72%, moves 38% and 34%. What the app's work
adds to a request's worker CPU above the floor (medians): health 108 and 121 us, a
check 188 and 198, a move 424 and 471. So a move's gap is nearly all the app's work,
and a check's mostly: the wire leaves it 86-104% of health (a margin of 6 to 24 points
over 80%), while its own work under load is ~80 us more than health's (in-process 35
us more: 98 us against 63); for 80% of health's req/s it would have to fall to ~40 us
more (from the SQLite medians: the floor's check costs 1/0.86 of its health).
Those 35 us in-process, by a copy of the check's view cut short after each step (same
day, best of 3,000 requests): routing, the rate limit and the ruleset's entry 3;
reading and checking the body 10; parsing the state and the move and judging 9
(4.6 when timed alone on a freshly parsed body); the language, `next`, the sentences
and the answer 10. No part is large enough that cutting it alone would do.

One worker instead of two (same day, idle machine, 8 s runs): health 2,292 req/s at
483 us of worker CPU each, against 7,605 at 228; a SQLite batch held the write lock
5.3 ms for 1.1 ms of its leader's CPU, with no other process wanting the lock (two
workers: 1.4-2.0 ms for 0.5-0.6). The threads of one process running Python at once
make each other's requests dearer, and a batch leader most likely waits for the
interpreter behind them after each call into SQLite while it holds the lock. Neither
fewer calls (the batch's writes as two statements over json_each) nor a 0.2 ms switch
interval shortened the hold; 4 threads a worker did (1.9x its CPU instead of 2.3-3.7x), but
the batches shrank and moves got no faster.

How far moves could go at all (bench/service.py --bounds: the same wrk runs against
the referee with its batch of moves doing less, bench/bounds_app.py), 2026-12-01, main
at f9a4710, 3 rounds a database, nothing else of this session running: moves/health by
req/s with no database (each move judged on its table's row and answered) 79% on SQLite
(rounds 70-80%) and 71% on PostgreSQL (68-77%); with the batch's transaction and
nothing in it but one small insert, 47% (45-54%) and 42% (37-45%); the referee 46%
(38-50%) and 30% (27-31%). So on SQLite the moves' own reads, judging and writes cost
nothing that shows: the transaction does, and an empty one already misses 50%. On
PostgreSQL they cost 12 points, and an empty transaction leaves 2 above the 40%
target. The SQLite figures taken apart with a scratch copy of bounds_app (8 s runs,
three of each, alternated): the write lock alone around judging (no SQLite call)
51-71%, a pooled connection with BEGIN IMMEDIATE and COMMIT and no lock 32-60%
(without the lock, SQLite's busy handler sleeps between tries), both with one insert
46-53%, no database 76-79%; the workers'
CPU a move above no database's in the same round: the lock +110-320 us, the
connection +320-430, both +420-580. Each is a place where the batch's leader blocks
(and, for the lock, where the other worker's leader waits); most likely each block is
paid as hand-offs of the interpreter among the worker's threads (not measured apart).
A prototype that made the batch's SQLite calls through ctypes.PyDLL, keeping the
interpreter throughout, shortened the lock's hold from 3.9-5.2 to 3.2-3.9 ms a batch,
but moves got no faster (37-41% against 41-55%): the hold is not what limits them.
A prototype with one writer process (the workers sent each batch over a Unix socket
to a process that recorded all the batches waiting at one moment in one transaction;
three 8 s runs alternated with the referee's) reached 51%, 34% and 48% against 41%, 37%
and 37%: perhaps ten points more, still short of 50%. In-process, a batch of 12 moves
costs 454k instructions a move (callgrind; inclusive figures, which overlap): SQLite's
statements 15%, orjson reading 15% (three of its five reads a move check that a stored
text reads back as its value; the comparison is another 5%), executemany 11%, the rows
read as tuples 9%, objects made by Python classes 8%, orjson writing 8%.

Workers: 2 stays the default (`make run`, bench/service.py --workers). 3 or 4 were
tried on this machine, but at load average 9-12 from other programs the req/s of
one run to the next differed more than the worker counts did, so nothing measured
here argues for changing it; measure on the machine that serves.
"""
import os

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_WORKERS", "2"))
long_polls = int(os.environ.get("LONG_POLLS", "500"))
threads = int(os.environ.get("WEB_THREADS", "64")) + long_polls
worker_class = "gthread"
timeout = 30
graceful_timeout = 10
# Phones send a move every few seconds on the same connection: an idle keep-alive
# connection costs a gthread worker no thread, only a socket in its poll loop.
keepalive = 20
# The master builds the app once and forks workers from it: a killed worker is
# replaced in milliseconds instead of a second or more of imports (many more on a
# loaded machine). Building the app opens no database connection, so nothing
# connected is shared across the fork, and the master starts while the database is
# away; post_fork still drops any pooled connection, in case one ever is.
preload_app = True


def post_fork(server, worker):
    app = server.app.wsgi()  # the preloaded app (a Flask app)
    services = getattr(app, "extensions", {}).get("referee")
    if services is not None:
        services.store.engine.dispose(close=False)
accesslog = os.environ.get("ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
# Headers and request lines stay small; bodies are capped by the app (256 KiB, 413).
limit_request_line = 8190
limit_request_fields = 100
