"""gunicorn settings for the waiting server: the same app (referee.api:create_app()) on
gevent's event loop, for the requests that wait (issue 25; figures: bench/results.md,
docs/performance.md). The reverse proxy sends it the waits and the WSGI instance
(gunicorn_conf.py) everything else (deploy/nginx.conf, docs/operations.md):

  GET /v1/tables/{id}/events?wait=S           a phone's long poll
  GET /v1/tables/{id}/events, Accept: text/event-stream   a phone's event stream
  GET /v1/events/{id}...?wait=S               an event page's long poll

A waiting request here is a greenlet asleep on the hub's event (referee/store/live.py,
the same Hub and the same notification channel, LISTEN/NOTIFY, Redis or SQLite's
data_version, as the WSGI workers), not a thread: a few kilobytes each. When it wakes
it reads and answers the table through the same views and the same store as the WSGI
app: this is that app, served by another worker class. A request that is not a wait
is answered here too (it is the same app), only it should not be sent here.

  WAIT_PORT / WAIT_BIND   where it listens (PORT + 1 / 127.0.0.1:WAIT_PORT)
  WAIT_WORKERS            gevent worker processes (1)
  WAIT_LONG_POLLS         waits one worker holds at once (10000); past it Retry-After: 1
  WAIT_CONNECTIONS        connections one worker holds at once (WAIT_LONG_POLLS + 1000)
  WAIT_DB_POOL_SIZE       its database connections per worker (DB_POOL_SIZE, 16)
  DATABASE_URL, REDIS_URL, RATE_LIMIT_FILE, PROMETHEUS_MULTIPROC_DIR: as gunicorn_conf.py
                          (set RATE_LIMIT_FILE and PROMETHEUS_MULTIPROC_DIR to the WSGI
                          instance's to share its limits and its /metrics; `make run` does)

Why gevent and not an ASGI server beside the app: the wait, the wake and the read after
it are the app's own code (Flask views, the store, the hub), which is synchronous;
gevent runs that very code on an event loop, where an ASGI server would need a second,
asynchronous copy of the waits or a thread per waiting request again. The app is
built after gevent has patched the standard library (preload_app off), so the hub's
threading.Events, the SQLAlchemy pool's locks and psycopg's waits (which detects the
patching) are all gevent's.
"""
import os

from referee.instance import exit_hooks, instance_directory, logs

_port = int(os.environ.get("PORT", "8000"))
bind = os.environ.get("WAIT_BIND", f"127.0.0.1:{os.environ.get('WAIT_PORT', _port + 1)}")
workers = int(os.environ.get("WAIT_WORKERS", "1"))
worker_class = "gevent"
_long_polls = int(os.environ.get("WAIT_LONG_POLLS", "10000"))
os.environ["LONG_POLLS"] = str(_long_polls)  # the app's waiting places (waiting.py)
worker_connections = int(os.environ.get("WAIT_CONNECTIONS", str(_long_polls + 1000)))
if os.environ.get("WAIT_DB_POOL_SIZE"):  # its database pool, else DB_POOL_SIZE's (16)
    os.environ["DB_POOL_SIZE"] = os.environ["WAIT_DB_POOL_SIZE"]
# A gevent worker answers its heartbeat from the loop, even with thousands waiting.
timeout = 30
graceful_timeout = 10
keepalive = 20
# The app must be built after gevent's monkey-patching in each worker (see above).
preload_app = False


_instance = instance_directory("referee-wait-")


child_exit, on_exit = exit_hooks(_instance)
accesslog, errorlog, loglevel = logs()
limit_request_line = 8190
limit_request_fields = 100
