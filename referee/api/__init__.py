"""The HTTP service: `create_app()` builds the Flask app (gunicorn: 'referee.api:create_app()').

Configuration: a dict passed to create_app wins over the environment, read by
referee.config (each name also as REFEREE_<NAME>):
  DATABASE_URL     SQLite file var/referee.db when unset; postgres:// or postgresql://
                   for PostgreSQL
  DB_POOL_SIZE     database connections each worker keeps open (16)
  LOCALES_DIR      where the .po catalogs are read from (<repo>/locales)
  RULESETS_DIR     the built-in rulesets (<repo>/rulesets)
  MAX_BODY_BYTES   the request body cap (256 KiB); larger bodies get 413
  REDIS_URL        when set, live updates (and rate limits) go through this Redis;
                   else PostgreSQL's LISTEN/NOTIFY, or SQLite's data_version
  CORS_ORIGINS     web origins allowed to call /v1/ (comma-separated; none)
  LONG_POLLS       readers waiting (a table's next move, an event's next change) at
                   once per process (500), see waiting.py
  STREAM_SECONDS, STREAM_WRITE_TIMEOUT
                   an event stream's length (300 s) and how long one of its writes
                   may wait for a client that stopped reading (15 s), see tables.py
  RATE_LIMITS, RATE_LIMIT_*
                   per-client rate limits, see limits.py
  PROXY_HOPS       reverse proxies in front that set X-Forwarded-For and -Proto (0):
                   the client's address is then the one the nearest proxy saw
                   (werkzeug's ProxyFix), for the rate limits and the logs

The app never touches the database while it starts: the schema is the migrations'
business (`referee init-db`), so a worker boots while the database is away and its
data endpoints answer 503 until it is back.
"""
from flask import g

from referee.config import settings
from referee.store import Store
from referee.store.db import POOL_SIZE
from referee.text.catalogs import use_locales_dir

from referee.service import problems
from referee.service.catalog import Catalog
from referee.service.ids import RulesetIdConverter, TableIdConverter

from . import limits, mapping, metrics, transport
from .context import Services, check_lang_param
from .routing import RefereeFlask

MAX_BODY_BYTES = 256 * 1024


def create_app(config=None):
    app = RefereeFlask(__name__)  # a Flask whose routing remembers its matches
    app.config.update(MAX_BODY_BYTES=MAX_BODY_BYTES, DB_POOL_SIZE=POOL_SIZE)
    app.config.update(settings())
    app.config.update(config or {})
    # Werkzeug enforces the same cap on streamed (chunked) bodies as it reads them.
    app.config["MAX_CONTENT_LENGTH"] = app.config["MAX_BODY_BYTES"]
    app.json.ensure_ascii = False  # Gujarati, Hindi, Nepali and Telugu stay readable
    app.json.sort_keys = False
    app.url_map.strict_slashes = False

    if app.config.get("LOCALES_DIR"):
        # Sentences are rendered deep inside referee.text, outside any request: the
        # catalogs' directory is the process's, set here from the app's config.
        use_locales_dir(app.config["LOCALES_DIR"])
    store = Store(app.config["DATABASE_URL"], redis_url=app.config["REDIS_URL"] or None,
                  pool_size=app.config["DB_POOL_SIZE"])
    app.extensions["referee"] = Services(store, Catalog(store, app.config.get("RULESETS_DIR")))

    problems.install(app)
    mapping.install(app)
    # Path ids have a grammar: anything else is a 404 from routing, before any query.
    app.url_map.converters.update(ruleset_id=RulesetIdConverter, table_id=TableIdConverter)
    _register_blueprints(app)
    metrics.install(app)
    limits.install(app)
    app.before_request(check_lang_param)
    app.after_request(_common_headers)
    transport.install(app)  # compression; CORS when CORS_ORIGINS lists origins
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops:  # only when told: a client could otherwise claim any address it likes
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)
    return app


def _register_blueprints(app):
    from .check import bp as check
    from .docs import bp as docs
    from .events import bp as events
    from .health import bp as health
    from .hints import bp as hints
    from .rulesets import bp as rulesets
    from .speech import bp as speech
    from .tables import bp as tables
    from .text import bp as text

    for blueprint in (health, rulesets, check, tables, events, hints, text, speech, docs):
        app.register_blueprint(blueprint)
    try:
        from referee.web import bp as web
    except ModuleNotFoundError as exc:  # the web pages are optional for the API
        if exc.name not in ("referee.web",):
            raise
    else:
        app.register_blueprint(web)


# Pages load their scripts and styles from /web/static only: no inline script or
# style, no framing (the workshop takes a token), no plugins, forms post home.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
    "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"))


def _common_headers(response):
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers.setdefault("Cache-Control", "no-store")  # rule books: no-cache + ETag
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["X-Frame-Options"] = "DENY"  # frame-ancestors, for older browsers
    response.headers["Referrer-Policy"] = "no-referrer"
    lang = g.get("lang")
    # An answer worded in `lang` carries both headers from its start (context.answer).
    if lang is not None and getattr(response, "worded_in", None) != lang:
        headers = response.headers
        headers.setdefault("Content-Language", lang)
        vary = headers.get("Vary")
        if not vary:
            headers["Vary"] = "Accept-Language"
        elif "accept-language" not in vary.lower():
            headers["Vary"] = f"{vary}, Accept-Language"
    return response
