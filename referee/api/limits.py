"""Per-client rate limits (Flask-Limiter), so that one client cannot fill a table's log
at 800 moves a second or keep the workers busy validating rulesets (HOSTILE.md 27).

Counted per client address, in Redis when REDIS_URL is set (every worker and machine
shares the counters), in each worker's memory otherwise (and when Redis fails). A
refused request is a 429 problem+json with Retry-After. Configuration (app config,
else the environment; limits in Flask-Limiter's notation, "120 per minute;10 per
second"):

  RATE_LIMITS          "off" turns every limit off (tests do)          on
  RATE_LIMIT_DEFAULT   every endpoint but health, ready and static     600 per minute
  RATE_LIMIT_WRITES    opening, joining a table and sending a move      120 per minute
  RATE_LIMIT_RULESETS  uploading, validating and comparing a ruleset   30 per minute
  REDIS_URL            where the counters live (redis://host:port/db)   memory

Behind a reverse proxy every client has the proxy's address: let the proxy limit, or
trust its X-Forwarded-For with werkzeug's ProxyFix.
"""
import os

from flask import current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

DEFAULTS = {
    "RATE_LIMITS": "on",
    "RATE_LIMIT_DEFAULT": "600 per minute",
    "RATE_LIMIT_WRITES": "120 per minute",
    "RATE_LIMIT_RULESETS": "30 per minute",
    "REDIS_URL": "",
}
# The limits per endpoint that are not the default.
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


def configure(app):
    """Read the settings (config given to create_app wins over the environment)."""
    for key, default in DEFAULTS.items():
        app.config.setdefault(key, os.environ.get(key, default))
    enabled = str(app.config["RATE_LIMITS"]).strip().lower() not in ("off", "0", "false", "no")
    app.config.setdefault("RATELIMIT_ENABLED", enabled)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config["REDIS_URL"] or "memory://")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)  # Retry-After on every 429
    # Redis away: count in memory rather than refuse or fail every request.
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "referee")


def install(app):
    """The limiter, after the blueprints are registered (it limits their views)."""
    configure(app)
    limiter = Limiter(get_remote_address, app=app,
                      default_limits=[lambda: current_app.config["RATE_LIMIT_DEFAULT"]])

    @limiter.request_filter
    def exempt():
        return request.endpoint in EXEMPT

    for endpoint, setting in ENDPOINT_LIMITS.items():
        view = app.view_functions.get(endpoint)
        if view is not None:
            app.view_functions[endpoint] = limiter.limit(
                lambda setting=setting: current_app.config[setting])(view)
    app.extensions["referee.limiter"] = limiter  # the views hold it only weakly
    return limiter
