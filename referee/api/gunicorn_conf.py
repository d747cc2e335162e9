"""gunicorn settings for `make run` and the Docker image.

  PORT          port to listen on (8000)
  BIND          full bind address, overrides PORT (the image binds 0.0.0.0)
  WEB_WORKERS   worker processes (2)
  WEB_THREADS   threads per worker (1: sync workers; more: gthread workers)
  DATABASE_URL  read by the app itself; every worker shares the one database
"""
import os

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_WORKERS", "2"))
threads = int(os.environ.get("WEB_THREADS", "1"))
worker_class = "gthread" if threads > 1 else "sync"
timeout = 30
graceful_timeout = 10
# Each worker builds its own app, engine and connection pool: nothing is shared
# across a fork, so no preloading.
preload_app = False
accesslog = os.environ.get("ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
# Headers and request lines stay small; bodies are capped by the app (256 KiB, 413).
limit_request_line = 8190
limit_request_fields = 100
