"""GET /metrics (Prometheus text format) and the counting of every request; what is
counted is in referee/metrics.py."""
import time

from flask import Blueprint, Response, g, request

from referee import metrics

bp = Blueprint("metrics", __name__)


@bp.get("/metrics")
def scrape():
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)


def _started():
    g.metrics_started = time.perf_counter()


def _answered(response):
    rule = request.url_rule
    route = rule.rule if rule is not None else "unmatched"
    started = g.get("metrics_started")
    if started is not None:
        metrics.LATENCY.labels(route).observe(time.perf_counter() - started)
    metrics.REQUESTS.labels(route, request.method, str(response.status_code)).inc()
    return response


def install(app):
    """Before every other hook (a request the limits refuse is counted too)."""
    app.register_blueprint(bp)
    app.before_request_funcs.setdefault(None, []).insert(0, _started)
    app.after_request(_answered)
