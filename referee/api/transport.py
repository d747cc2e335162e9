"""HTTP for phones on a table's Wi-Fi: compressed answers, cheap revalidation, and
CORS for web clients served from elsewhere.

- Compression (Flask-Compress): JSON, HTML, CSS and JS answers of 500 bytes or more
  are sent with br, zstd or gzip, whichever the client accepts (an event log or a
  rule book shrinks five- to tenfold). A strong ETag gets the encoding appended
  ("...:gzip"), as RFC 9110 asks of a different representation.
- Revalidation: rule books and rulesets answer with an ETag and `Cache-Control:
  no-cache`; a phone that sends it back as If-None-Match gets 304 with no body.
- Keep-alive is gunicorn's (referee/api/gunicorn_conf.py).
- CORS (Flask-CORS) on /v1/ only, for the origins listed in CORS_ORIGINS (app config,
  else the environment; comma-separated, `*` for any); none by default. Tokens travel
  in the Authorization header, never cookies, so no credentials mode is needed.
"""

from flask import request
from flask_compress import Compress
from flask_cors import CORS

ALLOWED_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "If-None-Match",
                   "Accept-Language"]
EXPOSED_HEADERS = ["ETag", "Location", "Retry-After", "Idempotent-Replayed",
                   "Content-Language", "WWW-Authenticate"]


def install(app):
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    app.config.setdefault("COMPRESS_MIMETYPES", [
        "application/json", "application/problem+json", "application/schema+json",
        "text/html", "text/css", "text/javascript", "application/javascript"])
    Compress(app)
    origins = app.config.get("CORS_ORIGINS", "")
    listed = [origin.strip() for origin in str(origins).split(",") if origin.strip()]
    if listed:
        CORS(app, resources={r"/v1/*": {"origins": "*" if "*" in listed else listed}},
             allow_headers=ALLOWED_HEADERS, expose_headers=EXPOSED_HEADERS,
             methods=["GET", "POST", "OPTIONS"], max_age=600)


def revalidated(response, etag=None):
    """`response` with a strong ETag (its body's hash unless given), `no-cache`, and
    304 when the request's If-None-Match names it."""
    if etag is None:
        response.add_etag()
    else:
        response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)
