"""gunicorn settings for `make run` and the Docker image.

  PORT          port to listen on (8000)
  BIND          full bind address, overrides PORT (the image binds 0.0.0.0)
  WEB_WORKERS   worker processes (2)
  WEB_THREADS   threads per worker for requests that work (64)
  LONG_POLLS    phones and event pages that may wait at once per worker (500): each gets
                a thread of its own on top of WEB_THREADS
  DATABASE_URL  read by the app itself; every worker shares the one database
  PER_ADDRESS_CONNECTIONS  connections one client address may hold per worker (64;
                0: no cap); past it 429 and closed (referee/api/worker.py)
  READ_DEADLINE seconds a request's head and body may take to arrive (10)
  RATE_LIMIT_FILE  without REDIS_URL: the file every worker counts rate limits in
  PROMETHEUS_MULTIPROC_DIR  where the workers keep their metrics for /metrics
                (both fresh in a private temporary directory, removed on exit)

Why these settings, one reason each (figures: docs/performance.md, bench/results.md):
- gthread workers: with sync workers a client that trickles its header lines holds a
  whole worker until the 30 s timeout (two such clients froze the service, HOSTILE.md
  21); a gthread worker waits on idle keep-alive connections without a thread and
  takes one only while it reads and answers a request.
- referee/api/worker.py's GuardedThreadWorker, gthread with three bounds: a cap on
  one address's connections (PER_ADDRESS_CONNECTIONS), a read deadline per request
  (READ_DEADLINE), and half a second, not 5 s, of a thread for a connection that sends
  nothing (issue 25; tests/chaos/test_chaos_connections.py holds it to its bound).
- WEB_THREADS 64: the threads of one worker are the slow clients it can hold while
  still answering everybody else; 64 keeps 50 slow clients (tests/chaos) from starving
  the probes even if one worker accepted all of them. Idle threads cost only their
  stacks' address space; a request waiting for the database waits for a pool
  connection, not a thread.
- LONG_POLLS 500 on top of WEB_THREADS: a long poll (up to 25 s: a table's, or an event
  page's) or an event stream (300-360 s, its writes bounded by STREAM_WRITE_TIMEOUT in
  referee/api/tables.py) holds its thread asleep (no CPU, no database connection,
  referee/store/live.py); a wait past LONG_POLLS is answered at once with
  `Retry-After: 1` instead of taking a thread that checks and moves need.
- WEB_WORKERS 2: 3 or 4 measured no better on the 2-core development machine (the noise
  was larger than the difference); measure on the machine that serves.
- timeout 30, graceful_timeout 10: a worker silent for 30 s is killed and replaced (a
  fork, see preload_app); on a restart a worker has 10 s to finish what it is answering.
"""
import os

from referee.instance import exit_hooks, instance_directory, logs

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_WORKERS", "2"))
long_polls = int(os.environ.get("LONG_POLLS", "500"))
threads = int(os.environ.get("WEB_THREADS", "64")) + long_polls
worker_class = "referee.api.worker.GuardedThreadWorker"
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


_instance = instance_directory("referee-")


def _guard_workers():
    """The bounds against idle and trickling clients (referee/api/worker.py); imported
    after instance_directory, which must come before prometheus_client's import."""
    from referee.api.worker import GuardedThreadWorker

    GuardedThreadWorker.per_address_connections = int(
        os.environ.get("PER_ADDRESS_CONNECTIONS", "64"))
    GuardedThreadWorker.read_deadline_seconds = float(os.environ.get("READ_DEADLINE", "10"))


_guard_workers()


child_exit, on_exit = exit_hooks(_instance)
accesslog, errorlog, loglevel = logs()
# Headers and request lines stay small; bodies are capped by the app (256 KiB, 413).
limit_request_line = 8190
limit_request_fields = 100
