"""The service's settings, read from the environment in this one place.

The app factory (`referee.api.create_app`) and the `referee` command both build their
configuration here, so a setting means the same to the service and the CLI, and no
module deeper down reads the environment on its own (issue 13).

Every setting may be given as REFEREE_<NAME> (Flask's `from_prefixed_env`: the prefix
is dropped, a value that parses as JSON is taken as JSON). The unprefixed names the
deployments already use (DATABASE_URL, REDIS_URL, ...) are read too; a REFEREE_ one
wins over its unprefixed twin.
"""
import os
from pathlib import Path

from flask import Config

PREFIX = "REFEREE"
# The names deployments set without the prefix (Dockerfile, gunicorn, the benches).
UNPREFIXED = ("DATABASE_URL", "DB_POOL_SIZE", "REDIS_URL", "CORS_ORIGINS", "LONG_POLLS",
              "RATE_LIMITS", "RATE_LIMIT_DEFAULT", "RATE_LIMIT_WRITES", "RATE_LIMIT_RULESETS",
              "RATE_LIMIT_ADDRESS_WRITES", "RATE_LIMIT_SPEECH", "RATE_LIMIT_JOIN_GUESSES", "RATE_LIMIT_FILE",
              "PROXY_HOPS",
              "RATELIMIT_KEY_PREFIX")
REPOSITORY = Path(__file__).resolve().parents[1]
# The rest default in the module that uses them (LOCALES_DIR: <repo>/locales,
# RULESETS_DIR: <repo>/rulesets, DB_POOL_SIZE: 16, the rate limits: referee.api.limits).
DEFAULTS = {
    "DATABASE_URL": "",  # the SQLite file var/referee.db
    "REDIS_URL": "",
}


def settings() -> Config:
    """The settings as a Flask Config: the defaults, then the environment."""
    config = Config(str(REPOSITORY), DEFAULTS)
    config.update({name: os.environ[name] for name in UNPREFIXED if name in os.environ})
    config.from_prefixed_env(PREFIX)
    return config


def command_setting(name, default=None):
    """A setting of the running `referee` command (its group reads them into ctx.obj),
    else of the environment when a subcommand runs on its own."""
    import click

    context = click.get_current_context(silent=True)
    config = context.find_object(dict) if context is not None else None
    return (config if config is not None else settings()).get(name, default)
