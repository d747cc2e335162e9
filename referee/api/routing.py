"""Routing that remembers its matches: a path matched once is matched again by one
dict lookup.

Phones send the same few paths all evening (a table's checks go to
/v1/rulesets/classic/check, its moves to /v1/tables/<id>/moves), and werkzeug's
state machine walks every part of a path anew for each request: for a part read by a
converter, a regex looked up, matched and its groups sorted (callgrind, in a request:
/v1/health 26k instructions, /v1/rulesets/classic/check 50k, a remembered match ~5k).
A match depends only on the domain part, path, method and the routes, which are all
registered before the first request (Flask refuses later ones; any change to the
routes clears what is remembered anyway). Only matches are kept: a 404, 405 or
redirect is worked out again each time, and at most MATCHES_KEPT paths are, the
oldest dropped first, so paths that hostile clients invent only cost the misses.
"""
import threading

from flask import Flask
from werkzeug.routing import Map
from werkzeug.routing.matcher import StateMachineMatcher

MATCHES_KEPT = 4096  # a few hundred tables' paths per worker, and the static ones


class RememberingMatcher(StateMachineMatcher):
    def __init__(self, merge_slashes, size=MATCHES_KEPT):
        super().__init__(merge_slashes)
        self.size = size
        self._matched = {}  # (domain, path, method, websocket) -> (rule, values)
        self._lock = threading.Lock()

    def update(self):
        """The routes changed: nothing remembered may stand."""
        super().update()
        with self._lock:
            self._matched.clear()

    def match(self, domain, path, method, websocket):
        key = (domain, path, method, websocket)
        kept = self._matched.get(key)  # a dict read is atomic: no lock on a hit
        if kept is not None:
            return kept[0], dict(kept[1])  # a copy: the request's view_args may change
        rule, values = super().match(domain, path, method, websocket)
        with self._lock:
            self._matched[key] = (rule, dict(values))
            while len(self._matched) > self.size:  # first in, first out
                del self._matched[next(iter(self._matched))]
        return rule, values


class RememberingMap(Map):
    def __init__(self, rules=None, **options):
        super().__init__(**options)
        self._matcher = RememberingMatcher(self._matcher.merge_slashes)
        for rule in rules or ():
            self.add(rule)


class RefereeFlask(Flask):
    url_map_class = RememberingMap
