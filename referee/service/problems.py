"""Errors as application/problem+json (RFC 9457), for every 4xx and 5xx.

Each class carries its status, its title and what it adds to the body, so a view
only raises; `install(app)` turns these, Werkzeug's HTTP errors (400 bad JSON, 404,
405 with Allow, 413, 415) and anything unexpected into the same shape.
"""
import logging

from flask import current_app, json, request
from werkzeug.exceptions import HTTPException, InternalServerError

from referee.problem import InputProblem

PROBLEM_JSON = "application/problem+json"
MAX_ERRORS = 20        # HOSTILE.md 8: a bounded list of short messages
MAX_MESSAGE = 200

log = logging.getLogger(__name__)


def problem_type(slug):
    """A problem's type: an anchor on the /docs page that explains it."""
    return f"/docs#problem-{slug}"


def _short(text):
    text = str(text)
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 1] + "…"


def clean_errors(errors):
    """At most MAX_ERRORS {path, message, code, line?, column?, severity?} entries, in
    the order given (the ruleset loader already orders them by position in the text),
    from referee.problem.InputProblem objects or their JSON form."""
    cleaned = []
    for error in errors:
        if isinstance(error, InputProblem):
            error = error.to_json()
        entry = {"path": str(error.get("path", "")), "message": _short(error.get("message", ""))}
        for key in ("line", "column", "code", "severity"):
            if error.get(key) is not None:
                entry[key] = error[key]
        cleaned.append(entry)
    return cleaned[:MAX_ERRORS]


class HTTPProblem(Exception):
    """The service's exception: raised by a view, answered as problem+json with its
    status, the slug of its type and its title (install)."""

    status = 500
    slug = "internal-error"
    title = "Internal server error"

    def __init__(self, detail=None, errors=None, **extra):
        super().__init__(detail or self.title)
        self.detail = detail or self.title
        self.errors = clean_errors(errors) if errors else None
        self.extra = extra

    def body(self):
        body = {"type": problem_type(self.slug), "title": self.title,
                "status": self.status, "detail": _short(self.detail)}
        if self.errors is not None:
            body["errors"] = self.errors
        body.update(self.extra)
        return body

    def headers(self):
        return {}

    def response(self):
        return problem_response(self.body(), self.status, self.headers())


class BadRequest(HTTPProblem):
    status, slug, title = 400, "bad-request", "Bad request"


class Unauthorized(HTTPProblem):
    status, slug, title = 401, "unauthorized", "A valid organiser token is required"

    def headers(self):
        return {"WWW-Authenticate": 'Bearer realm="referee"'}


class TableSecretRequired(Unauthorized):
    slug, title = "table-secret-required", "This table's secret is required"

    def headers(self):
        return {"WWW-Authenticate": 'Bearer realm="referee-table"'}


class Forbidden(HTTPProblem):
    status, slug, title = 403, "forbidden", "Not allowed"


class WrongTableSecret(Forbidden):
    slug, title = "wrong-table-secret", "Not this table's secret"


class NotYourSeat(Forbidden):
    slug, title = "not-your-seat", "This phone moves for another seat"


class NotFound(HTTPProblem):
    status, slug, title = 404, "not-found", "Not found"


class Conflict(HTTPProblem):
    status, slug, title = 409, "stale-seq", "The table has moved on"


class PayloadTooLarge(HTTPProblem):
    status, slug, title = 413, "payload-too-large", "Request body too large"


class UnsupportedMediaType(HTTPProblem):
    status, slug, title = 415, "unsupported-media-type", "Unsupported media type"


class Unprocessable(HTTPProblem):
    status, slug, title = 422, "invalid-input", "The request cannot be processed"


class RetryLater(HTTPProblem):
    """A problem that passes: the answer says, in Retry-After, when to try again."""
    retry_after = 2  # seconds

    def headers(self):
        return {"Retry-After": str(self.retry_after)}


class TooManyRequests(RetryLater):
    """A client past its rate limit (see limits.py, which sets retry_after)."""
    status, slug, title = 429, "too-many-requests", "Too many requests"
    retry_after = 1


class ServiceUnavailable(RetryLater):
    status, slug, title = 503, "database-unavailable", "The database is unavailable"


class InsufficientStorage(RetryLater):
    status, slug, title = 507, "storage-full", "The database's storage is full"
    retry_after = 10


# Werkzeug's own errors, by status: the slug and title we give them.
HTTP_SLUGS = {
    400: "bad-request", 401: "unauthorized", 403: "forbidden", 404: "not-found",
    405: "method-not-allowed", 406: "not-acceptable", 408: "request-timeout",
    409: "conflict", 411: "length-required", 413: "payload-too-large",
    414: "uri-too-long", 415: "unsupported-media-type", 429: "too-many-requests",
    431: "headers-too-large", 500: "internal-error", 501: "not-implemented",
    503: "service-unavailable", 507: "storage-full",
}

# Every problem the service can answer (for the OpenAPI document and /docs).
ALL_PROBLEMS = [BadRequest, Unauthorized, TableSecretRequired, Forbidden, WrongTableSecret,
                NotYourSeat,
                NotFound, Conflict, PayloadTooLarge,
                UnsupportedMediaType, Unprocessable, TooManyRequests, ServiceUnavailable,
                InsufficientStorage, HTTPProblem]


def problem_response(body, status, headers=None):
    # A lone surrogate quoted from the input is written as its JSON escape (\ud800),
    # never a UnicodeEncodeError (HOSTILE.md 24).
    text = json.dumps(body).encode("utf-8", "backslashreplace")
    response = current_app.response_class(text, status=status, mimetype=PROBLEM_JSON)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def from_http_exception(exc: HTTPException):
    """Werkzeug's error as a problem, keeping its headers (405's Allow)."""
    status = exc.code or 500
    slug = HTTP_SLUGS.get(status, "http-error")
    body = {"type": problem_type(slug), "title": exc.name, "status": status,
            "detail": _short(exc.description or exc.name)}
    original = exc.get_response()
    headers = {k: v for k, v in original.headers.items()
               if k.lower() not in ("content-type", "content-length")}
    return problem_response(body, status, headers)


def install(app):
    app.register_error_handler(HTTPProblem, lambda exc: exc.response())
    app.register_error_handler(HTTPException, from_http_exception)

    @app.errorhandler(Exception)
    def unexpected(exc):
        known = outage_problem(exc)
        if known is not None:
            log.warning("%s on %s %s", known.detail, request.method, request.path)
            return known.response()
        # Logged with its traceback for the operator; the client gets no trace.
        log.exception("unhandled error on %s %s", request.method, request.path)
        return from_http_exception(InternalServerError())


def outage_problem(exc):
    """503 while the database is away, 507 when its disk is full (both: nothing was
    recorded, try again later); None for anything else."""
    from referee.store.errors import StorageFull, outage

    from referee import metrics

    found = outage(exc)
    if found is None:
        return None
    full = isinstance(found, StorageFull)
    metrics.DATABASE_ERRORS.labels("full" if full else "unavailable").inc()
    return (InsufficientStorage if full else ServiceUnavailable)(str(found))
