"""GET /v1/health: liveness, deliberately trivial (it is the benchmark's baseline)."""
from flask import Blueprint

from .context import answer

bp = Blueprint("health", __name__, url_prefix="/v1")


@bp.get("/health")
def health():
    return answer({"status": "ok"})
