"""What an operator watches, in Prometheus text format at GET /metrics (prometheus_client).

  referee_requests_total{route,method,status}  requests answered, by route template
  referee_request_seconds{route}                time to answer (until the headers)
  referee_waiting_phones                        long polls and event streams waiting now
  referee_batch_moves                           moves recorded per group-commit batch
  referee_database_errors_total{kind}           requests the database failed: unavailable
                                                (503) or full (507)

Under gunicorn every worker counts on its own and /metrics answers their sum:
prometheus_client's multiprocess mode, which keeps each worker's values in files of
PROMETHEUS_MULTIPROC_DIR. gunicorn_conf.py makes a fresh directory before anything
imports prometheus_client (the mode is chosen at import) and tells it when a worker
dies (mark_process_dead: its waiting phones stop counting). Without that directory
(one process, as the tests run the app) the values are the process's own.

Route labels are the routes' templates (/v1/tables/<table_id>/moves), never the paths
asked for, so a client cannot make the series grow; every path no route matches is
"unmatched".
"""
import os

from prometheus_client import (CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter,
                               Gauge, Histogram, generate_latest, multiprocess)

MULTIPROCESS_DIR = "PROMETHEUS_MULTIPROC_DIR"

REQUESTS = Counter("referee_requests", "Requests answered, by route template, method and status",
                   ["route", "method", "status"])
LATENCY = Histogram("referee_request_seconds", "Seconds to answer a request, by route template",
                    ["route"], buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
WAITING = Gauge("referee_waiting_phones", "Long polls and event streams waiting for a move",
                multiprocess_mode="livesum")
BATCH = Histogram("referee_batch_moves", "Moves recorded in one group-commit batch",
                  buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256))
DATABASE_ERRORS = Counter("referee_database_errors",
                          "Requests the database failed, by kind (unavailable, full)", ["kind"])
for _kind in ("unavailable", "full"):  # both series from the start: a dashboard sees 0
    DATABASE_ERRORS.labels(_kind)


def exposition():
    """(body, content type) of every metric: the workers' sum under gunicorn."""
    if os.environ.get(MULTIPROCESS_DIR):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    return generate_latest(registry), CONTENT_TYPE_LATEST


def worker_exited(pid):
    """A gunicorn worker is gone: its live gauges stop counting."""
    if os.environ.get(MULTIPROCESS_DIR):
        multiprocess.mark_process_dead(pid)
