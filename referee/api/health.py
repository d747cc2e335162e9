"""GET /v1/health: liveness, deliberately trivial (it is the benchmark's baseline).
GET /v1/ready: readiness, whether the database answers with the code's schema."""
from flask import Blueprint

from referee.service.problems import ServiceUnavailable, outage_problem

from .context import answer, services

bp = Blueprint("health", __name__, url_prefix="/v1")


@bp.get("/health")
def health():
    return answer({"status": "ok"})


@bp.get("/ready")
def ready():
    store = services().store
    try:
        migrated = store.ready()
    except Exception as exc:
        problem = outage_problem(exc)
        if problem is None:
            raise
        raise problem from None
    if not migrated:
        raise ServiceUnavailable("the database schema is not the code's: run `referee init-db`")
    return answer({"status": "ready", "database": store.dialect})
