"""gunicorn settings for `make run` and the Docker image.

  PORT          port to listen on (8000)
  BIND          full bind address, overrides PORT (the image binds 0.0.0.0)
  WEB_WORKERS   worker processes (2)
  WEB_THREADS   threads per worker (64)
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

Waiting connections: long polling on the events endpoint (to come) will hold a
thread per waiting client in this model. Size WEB_THREADS for the waiting clients
plus the working ones, or serve the long polls from an async worker (gevent, or an
ASGI route) when they outnumber what threads can hold.
"""
import os

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_WORKERS", "2"))
threads = int(os.environ.get("WEB_THREADS", "64"))
worker_class = "gthread"
timeout = 30
graceful_timeout = 10
keepalive = 5
# Each worker builds its own app, engine and connection pool: nothing is shared
# across a fork, so no preloading. Building the app touches no database, so a worker
# (re)starts while the database is away and answers 503 until it is back.
preload_app = False
accesslog = os.environ.get("ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
# Headers and request lines stay small; bodies are capped by the app (256 KiB, 413).
limit_request_line = 8190
limit_request_fields = 100
