#!/bin/sh
# The service as `make run` and the Docker image start it (docs/operations.md): the
# schema's migrations, then the waiting server (referee/api/gunicorn_wait_conf.py, the
# app on gevent's event loop, on WAIT_PORT: PORT + 1) in the background and the WSGI
# instance (referee/api/gunicorn_conf.py, on PORT) in the foreground; the reverse proxy
# sends the waits to the first and everything else to the second (deploy/nginx.conf).
# Both count rate limits in one file and keep metrics in one directory (without Redis),
# so the limits and /metrics are the instance's, whichever server answered.
# Stopping this script (Ctrl-C, SIGTERM) stops both.
set -e
BIN=${BIN:-}
${BIN}referee init-db
shared=$(mktemp -d "${TMPDIR:-/tmp}/referee-serve-XXXXXX")
mkdir "$shared/metrics"
: "${RATE_LIMIT_FILE:=$shared/limits.db}"
: "${PROMETHEUS_MULTIPROC_DIR:=$shared/metrics}"
export RATE_LIMIT_FILE PROMETHEUS_MULTIPROC_DIR
${BIN}gunicorn --config referee/api/gunicorn_wait_conf.py 'referee.api:create_app()' &
waiter=$!
${BIN}gunicorn --config referee/api/gunicorn_conf.py 'referee.api:create_app()' &
server=$!
# A signal to this script goes to both; when either stops, the other is stopped too.
trap 'kill -TERM $server $waiter 2>/dev/null' INT TERM
while kill -0 $server 2>/dev/null && kill -0 $waiter 2>/dev/null; do
    sleep 1
done
kill -TERM $server $waiter 2>/dev/null || true
status=0
wait $server || status=$?
wait $waiter || true
rm -rf "$shared"
exit $status
