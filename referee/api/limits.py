"""Per-client rate limits, so that one client cannot fill a table's log at 800 moves a
second or keep the workers busy validating rulesets (HOSTILE.md 27).

Counted per client with the `limits` library (fixed windows), in Redis when
REDIS_URL is set (every worker and machine shares the counters), else in the SQLite
file RATE_LIMIT_FILE names (every worker of the instance shares it: gunicorn_conf.py
names one for `make run` and the image; limit_file.py), else in the process's memory
(one process, as the tests run the app), and in memory while the shared storage is
away. A refused request is a 429
problem+json with Retry-After. Configuration (app config, else the environment;
limits in the library's notation, "120 per minute;10 per second"):

  RATE_LIMITS          "off" turns every limit off (tests do)           on
  RATE_LIMIT_DEFAULT   every endpoint but health, ready and static      600 per minute
                       (each endpoint counts on its own)
  RATE_LIMIT_WRITES    opening or joining a table, a new table secret,  120 per minute
                       sending a move (one count shared by all four)
  RATE_LIMIT_ADDRESS_WRITES  the same writes from one address, all     1200 per minute
                       clients behind it together

A client is its address, except for the writes that carry a table's token (moves, a
new secret): there it is the token, so each phone has a count of its own and the
phones of a café or a tournament hall behind one address (NAT) do not share one;
RATE_LIMIT_ADDRESS_WRITES still bounds what one address sends with any number of
tokens.
  RATE_LIMIT_RULESETS  uploading, validating and comparing a ruleset    30 per minute
  RATE_LIMIT_JOIN_GUESSES  join codes that found no table, from every  300 per minute
                       address together (a guesser with many addresses
                       counts once); past it every join is 429 until the
                       window ends (join_guesses_left, guessed)
  RATE_LIMIT_SPEECH    sentences synthesised for one address (GET       30 per minute
                       /v1/speech; charged by the view: an answer from
                       the cache or a 304 is not counted here)
  REDIS_URL            where the counters live (redis://host:port/db)   memory
  RATE_LIMIT_FILE      without Redis: the file the workers count in     memory

Why not Flask-Limiter, which this module used before: it resolves every request's
limits anew (decorators, blueprints, exemptions, meta limits, a context object) and
cost 45 us on an exempt health probe and 100 us on a check (in-process, measured with
bench/service.py's requests), a third of a check. Here the limits of each endpoint
are resolved once; a request costs a dict lookup and one counter increment. The
counters are the same keys Flask-Limiter kept (LIMITER/prefix/client/scope/...), so
a Redis shared with older workers keeps one count.

Behind a reverse proxy every client has the proxy's address: let the proxy limit, or
trust its X-Forwarded-For with werkzeug's ProxyFix.
"""
import hashlib
import logging
import threading
import time

from limits import parse_many
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from referee.api.limit_file import FileStorage
from referee.service.current import current_request
from referee.service.problems import TooManyRequests

from .details import detail

log = logging.getLogger(__name__)

DEFAULTS = {
    "RATE_LIMITS": "on",
    "RATE_LIMIT_DEFAULT": "600 per minute",
    "RATE_LIMIT_WRITES": "120 per minute",
    "RATE_LIMIT_RULESETS": "30 per minute",
    "RATE_LIMIT_ADDRESS_WRITES": "1200 per minute",
    "RATE_LIMIT_SPEECH": "30 per minute",
    "RATE_LIMIT_JOIN_GUESSES": "300 per minute",
    "REDIS_URL": "",
    "RATE_LIMIT_FILE": "",
    "RATELIMIT_KEY_PREFIX": "referee",
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
# The writes counted per table token (the bearer token they carry), not per address;
# and the setting that bounds every write of one address whatever its tokens.
PER_TOKEN = frozenset({"tables.post_move", "tables.replace_secret"})
ADDRESS_WRITES = "RATE_LIMIT_ADDRESS_WRITES"
# Limits a view charges itself (charge()), for costly work a request may not need.
CHARGED = ("RATE_LIMIT_SPEECH",)
# Counted for everybody at once, not per client: the key's client is this.
EVERYONE = "*"
# Probes, metrics and static files are never limited: an orchestrator must always see
# the truth.
EXEMPT = ("health.health", "health.ready", "metrics.scrape", "web.static", "docs.static",
          "static")
# Stands for the client in a counter's key while the rest of it is built once.
_CLIENT = "\x00client\x00"
# While Redis does not answer, counters live in memory; Redis is tried again after this.
RETRY_STORAGE_SECONDS = 5.0
# Redis beside the service answers in under a millisecond: one that does not answer
# costs a request this long before its counters move to memory for a while.
STORAGE_TIMEOUT_SECONDS = 0.25


class LazyMemoryStorage(MemoryStorage):
    """limits' memory storage without its expiry timer: that one starts a new thread
    every 10 ms under load, which cost 2.5 ms per request here (measured: a check
    took 3.4 ms instead of 0.9). A fixed-window counter already expires when it is
    read; the keys of clients that went away are swept at most once a second.

    count() is incr() in one step: the same counters and windows (limits' readers,
    get_window_stats, see them as before), but one lock and one clock read instead of
    incr's get(), its per-key lock from a defaultdict and two layers of error wrapping
    (callgrind: 23k instructions a limited request, 10k with count())."""

    STORAGE_SCHEME = ["lazy-memory"]
    SWEEP_SECONDS = 1.0

    def __init__(self, uri=None, wrap_exceptions=False, **options):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.timer.cancel()
        self._swept = time.time()
        self._counting = threading.Lock()

    def count(self, key, expiry) -> int:
        """incr(key, expiry): a hit counted in the key's window, which starts at the first
        hit and lasts `expiry` seconds; the count so far in the window."""
        now = time.time()
        with self._counting:
            if self.expirations.get(key, 0) <= now:  # no window, or it is over
                self.expirations[key] = now + expiry
                count = 1
            else:
                count = self.storage[key] + 1
            self.storage[key] = count
        if now - self._swept >= self.SWEEP_SECONDS:
            self._sweep(now)
        return count

    def _sweep(self, now):
        with self._counting:
            self._swept = now
            for key in [key for key, end in self.expirations.items() if end <= now]:
                del self.expirations[key]
                self.storage.pop(key, None)
                self.locks.pop(key, None)

    def _MemoryStorage__schedule_expiry(self):  # incr()'s: replaces the timer thread's start
        now = time.time()
        if now - self._swept >= self.SWEEP_SECONDS:
            self._sweep(now)


class ClientLimits:
    """The limits of each endpoint, resolved once, and the counters they hit."""

    def __init__(self, config, endpoints):
        self.prefix = str(config["RATELIMIT_KEY_PREFIX"])
        self.default = tuple(parse_many(config["RATE_LIMIT_DEFAULT"]))
        self.shared_limits = {setting: tuple(parse_many(config[setting]))
                              for setting in set(ENDPOINT_LIMITS.values())}
        self.address_writes = tuple(parse_many(config[ADDRESS_WRITES]))
        # endpoint -> ((limit item, counter scope), ...); empty when exempt
        self.by_endpoint = {endpoint: self._resolve(endpoint) for endpoint in endpoints}
        self.charged = {setting: tuple(self._counted(item, setting.lower(), False)
                                       for item in parse_many(config[setting]))
                        for setting in CHARGED}
        self.join_guesses = tuple(self._counted(item, "rate_limit_join_guesses", False)
                                  for item in parse_many(config["RATE_LIMIT_JOIN_GUESSES"]))
        self.memory = FixedWindowRateLimiter(LazyMemoryStorage())
        self.shared = _shared_counters(config)
        self._shared_dead_until = 0.0
        self._lock = threading.Lock()

    def _resolve(self, endpoint):
        if endpoint in EXEMPT or endpoint.rsplit(".", 1)[-1] == "static":
            return ()
        if endpoint in ENDPOINT_LIMITS:
            setting = ENDPOINT_LIMITS[endpoint]
            by_token = endpoint in PER_TOKEN
            counted = tuple(self._counted(item, setting.lower(), by_token)
                            for item in self.shared_limits[setting])
            if setting == "RATE_LIMIT_WRITES":
                counted += tuple(self._counted(item, ADDRESS_WRITES.lower(), False)
                                 for item in self.address_writes)
            return counted
        return tuple(self._counted(item, endpoint, False) for item in self.default)  # each its own

    def _counted(self, item, scope, by_token):
        """A limit and its counter's key as limits' hit() would write it for any client
        (item.key_for(prefix, client, scope)), split around the client: a request
        then joins three strings instead of formatting seven."""
        head, tail = item.key_for(self.prefix, _CLIENT, scope).split(_CLIENT)
        return item, scope, head, tail, item.get_expiry(), by_token

    def check(self):
        """Count this request against its endpoint's limits; 429 past one of them."""
        asking = current_request()
        endpoint = asking.endpoint
        if endpoint is None:
            return  # no such route: a 404 or 405 counts nothing
        limits = self.by_endpoint.get(endpoint)
        if limits is None:  # a view added after the app was built
            limits = self.by_endpoint[endpoint] = self._resolve(endpoint)
        if not limits:
            return
        self._count(asking, limits)

    def charge(self, setting):
        """Count one costly piece of work of this request's client against `setting`
        (one of CHARGED); 429 past it."""
        self._count(current_request(), self.charged[setting])

    def check_join_guesses(self):
        """429 while the join codes that found no table, from everyone together, are
        past their limit: then every join is refused before its code is looked up, so
        a guesser learns nothing from the answers (a found code answering 200 while
        the misses answer 429 would tell it which guess was right)."""
        for item, scope, head, tail, expiry, _ in self.join_guesses:
            key = head + EVERYONE + tail
            counters = self._counters()
            try:
                spent = counters.storage.get(key)
            except Exception:  # noqa: BLE001 - Redis or the file went away: memory's
                self._shared_failed()
                counters = self.memory
                spent = counters.storage.get(key)
            if spent >= item.amount:
                raise self._refusal(counters, item, (self.prefix, EVERYONE, scope),
                                    "too-many-join-guesses")

    def guessed(self):
        """Count one join code that found no table against RATE_LIMIT_JOIN_GUESSES."""
        for item, scope, head, tail, expiry, _ in self.join_guesses:
            key = head + EVERYONE + tail
            counters = self._counters()
            if counters is self.memory:
                self.memory.storage.count(key, expiry)
                continue
            try:
                counters.storage.incr(key, expiry)
            except Exception:  # noqa: BLE001
                self._shared_failed()
                self.memory.storage.count(key, expiry)

    def _count(self, asking, limits):
        address = asking.remote_addr or "127.0.0.1"
        for item, scope, head, tail, expiry, by_token in limits:
            client = (_token_client(asking) or address) if by_token else address
            key = head + client + tail
            counters = self._counters()
            if counters is self.memory:
                allowed = self.memory.storage.count(key, expiry) <= item.amount
            else:
                try:  # what counters.hit(item, prefix, client, scope) does, key built
                    allowed = counters.storage.incr(key, expiry) <= item.amount
                except Exception:  # noqa: BLE001 - Redis or the file went away: count in memory
                    self._shared_failed()
                    counters = self.memory
                    allowed = counters.storage.count(key, expiry) <= item.amount
            if not allowed:
                raise self._refusal(counters, item, (self.prefix, client, scope))

    def _counters(self):
        if self.shared is None:
            return self.memory
        if self._shared_dead_until and time.monotonic() < self._shared_dead_until:
            return self.memory
        return self.shared

    def _shared_failed(self):
        with self._lock:
            if not self._shared_dead_until or time.monotonic() >= self._shared_dead_until:
                log.warning("rate limit storage unreachable: counting in memory for %g s",
                            RETRY_STORAGE_SECONDS)
            self._shared_dead_until = time.monotonic() + RETRY_STORAGE_SECONDS

    @staticmethod
    def _refusal(counters, item, identifiers, code="too-many-requests"):
        """429, with the seconds to wait said in the asker's language (`code`: the
        sentence of referee/api/details.py that says why)."""
        try:
            reset_at = counters.get_window_stats(item, *identifiers).reset_time
        except Exception:  # noqa: BLE001 - the storage just failed: a second is a guess
            reset_at = time.time() + 1
        wait = max(int(reset_at - time.time()), 1)
        problem = TooManyRequests(detail(code, count=wait))
        problem.retry_after = wait
        return problem


def _shared_counters(config):
    """The counters every worker shares (Redis, else the instance's file), or None."""
    if config["REDIS_URL"]:
        return FixedWindowRateLimiter(storage_from_string(
            config["REDIS_URL"], socket_timeout=STORAGE_TIMEOUT_SECONDS,
            socket_connect_timeout=STORAGE_TIMEOUT_SECONDS))
    if config["RATE_LIMIT_FILE"]:
        return FixedWindowRateLimiter(FileStorage(str(config["RATE_LIMIT_FILE"])))
    return None


def _token_client(asking):
    """The counter's client for a request with a bearer token: a digest of the token
    (never the token itself in a key), or None without one."""
    header = asking.headers.get("Authorization")
    if not header or not header[:7].lower() == "bearer ":
        return None
    return "token:" + hashlib.sha256(header[7:].strip().encode("utf-8", "surrogatepass")).hexdigest()[:32]


def charge(app, setting):
    """ClientLimits.charge on `app`'s limits; nothing when limits are off."""
    limits = app.extensions.get("referee.limits")
    if limits is not None:
        limits.charge(setting)


def join_guesses(app):
    """The app's limits when they are on (join_table checks and counts guesses), else
    None."""
    return app.extensions.get("referee.limits")


def configure(app):
    """The settings, with their defaults (create_app read the environment's)."""
    for key, default in DEFAULTS.items():
        app.config.setdefault(key, default)
    return str(app.config["RATE_LIMITS"]).strip().lower() not in ("off", "0", "false", "no")


def install(app):
    """The limits, after the blueprints are registered (they are resolved per endpoint
    from the app's views)."""
    if not configure(app):
        return None
    limits = ClientLimits(app.config, list(app.view_functions))
    app.extensions["referee.limits"] = limits
    app.before_request(limits.check)
    return limits
