"""Per-client rate limits (Flask-Limiter), so that one client cannot fill a table's log
at 800 moves a second or keep the workers busy validating rulesets (HOSTILE.md 27).

Counted per client address, in Redis when REDIS_URL is set (every worker and machine
shares the counters), in each worker's memory otherwise (and when Redis fails). A
refused request is a 429 problem+json with Retry-After. Configuration (app config,
else the environment; limits in Flask-Limiter's notation, "120 per minute;10 per
second"):

  RATE_LIMITS          "off" turns every limit off (tests do)           on
  RATE_LIMIT_DEFAULT   every endpoint but health, ready and static      600 per minute
  RATE_LIMIT_WRITES    opening or joining a table, a new table secret,  120 per minute
                       sending a move (one count)
  RATE_LIMIT_RULESETS  uploading, validating and comparing a ruleset    30 per minute
  REDIS_URL            where the counters live (redis://host:port/db)   memory

Behind a reverse proxy every client has the proxy's address: let the proxy limit, or
trust its X-Forwarded-For with werkzeug's ProxyFix.
"""
import os
import time

from flask import request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_limiter.errors import RateLimitExceeded
from limits.storage import MemoryStorage

from .problems import TooManyRequests

DEFAULTS = {
    "RATE_LIMITS": "on",
    "RATE_LIMIT_DEFAULT": "600 per minute",
    "RATE_LIMIT_WRITES": "120 per minute",
    "RATE_LIMIT_RULESETS": "30 per minute",
    "REDIS_URL": "",
}
# The limits that are not the default: the endpoints of one setting share its counter.
ENDPOINT_LIMITS = {
    "tables.post_move": "RATE_LIMIT_WRITES",
    "tables.create_table": "RATE_LIMIT_WRITES",
    # A join code is 31**8 guesses: at this rate a guesser gets nowhere.
    "tables.join_table": "RATE_LIMIT_WRITES",
    "tables.replace_secret": "RATE_LIMIT_WRITES",
    "rulesets.upload_ruleset": "RATE_LIMIT_RULESETS",
    "rulesets.validate_ruleset": "RATE_LIMIT_RULESETS",
    "web.workshop_changes": "RATE_LIMIT_RULESETS",
}
# Probes and static files are never limited: an orchestrator must always see the truth.
EXEMPT = ("health.health", "health.ready", "web.static", "docs.static", "static")


class LazyMemoryStorage(MemoryStorage):
    """limits' memory storage without its expiry timer: that one starts a new thread
    every 10 ms under load, which cost 2.5 ms per request here (measured: a check
    took 3.4 ms instead of 0.9). A fixed-window counter already expires when it is
    read; the keys of clients that went away are swept at most once a second."""

    STORAGE_SCHEME = ["lazy-memory"]
    SWEEP_SECONDS = 1.0

    def __init__(self, uri=None, wrap_exceptions=False, **options):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.timer.cancel()
        self._swept = time.monotonic()

    def _MemoryStorage__schedule_expiry(self):  # replaces the timer thread's start
        now = time.monotonic()
        if now - self._swept >= self.SWEEP_SECONDS:
            self._swept = now
            self._MemoryStorage__expire_events()


def configure(app):
    """Read the settings (config given to create_app wins over the environment)."""
    for key, default in DEFAULTS.items():
        app.config.setdefault(key, os.environ.get(key, default))
    enabled = str(app.config["RATE_LIMITS"]).strip().lower() not in ("off", "0", "false", "no")
    app.config.setdefault("RATELIMIT_ENABLED", enabled)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config["REDIS_URL"] or "lazy-memory://")
    # No X-RateLimit-* headers on every answer (they cost a third of the limiter's
    # time per request); a 429 gets its Retry-After from refused() below.
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", False)
    # Redis away: count in memory rather than refuse or fail every request.
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "referee")


def install(app):
    """The limiter, after the blueprints are registered (it limits their views)."""
    configure(app)
    # The limits are read once, here, as strings: a callable would be parsed again
    # on every request.
    limiter = Limiter(get_remote_address, app=app,
                      default_limits=[app.config["RATE_LIMIT_DEFAULT"]])

    @limiter.request_filter
    def exempt():
        return request.endpoint in EXEMPT

    shared = {setting: limiter.shared_limit(app.config[setting], scope=setting.lower())
              for setting in set(ENDPOINT_LIMITS.values())}
    for endpoint, setting in ENDPOINT_LIMITS.items():
        view = app.view_functions.get(endpoint)
        if view is not None:
            app.view_functions[endpoint] = shared[setting](view)
    app.extensions["referee.limiter"] = limiter  # the views hold it only weakly

    @app.errorhandler(RateLimitExceeded)
    def refused(exc):
        problem = TooManyRequests(f"more than {exc.description} from this client; "
                                  "wait before sending again")
        response = problem.response()
        limit = limiter.current_limit
        wait = int(limit.reset_at - time.time()) if limit is not None else 1
        response.headers["Retry-After"] = str(max(wait, 1))
        return response

    return limiter
