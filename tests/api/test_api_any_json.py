"""Any JSON value, lone surrogates (`"\\ud800"`) included, in any field of any
endpoint's body or query, on every database: never a 5xx (HOSTILE.md 24: a lone
surrogate gave 500s in eight fields, when an answer or a database write encoded it).

Each case takes a valid request, replaces one field (found by walking the valid
body: every key at every depth, and the query parameters) with a generated value,
and sends it."""
import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apitest import OPENING, bearer

SURROGATES = ["\ud800", "\udfff", "a\udc00b", "\udbff\ud800", "\\ud800"]
TEXT = st.one_of(st.text(max_size=12), st.sampled_from(SURROGATES),
                 st.builds(lambda a, s: a + s, st.text(max_size=4), st.sampled_from(SURROGATES)))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=False, allow_infinity=False), TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)), max_leaves=8)

RULESET = {"id": "any-json", "extends": "classic", "title": "Any JSON",
           "options": {"stacking": {"draw_two_on_draw_two": True}}}


def paths(value, prefix=()):
    """Every key path in a JSON value (lists by index), containers included."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, prefix + (index,))
    return found


def replaced(value, path, new):
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    target = copy
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = new
    return copy


def requests(table, state):
    """(method, path, valid body, query) of every endpoint that reads input."""
    move = {"move": {"type": "play", "player": 1, "cards": ["red-3"]}}
    return {
        "open": ("POST", "/v1/tables", OPENING, {"lang": "hi"}),
        "move": ("POST", f"/v1/tables/{table}/moves", dict(move, expect_seq=0), {"lang": "gu"}),
        "dry-run": ("POST", f"/v1/tables/{table}/moves", move, {"dry_run": "true"}),
        "check": ("POST", "/v1/rulesets/classic/check",
                  {"state": state, "move": move["move"], "hand": ["red-3"]}, {"version": "1"}),
        "validate": ("POST", "/v1/rulesets/validate", RULESET, None),
        "publish": ("POST", "/v1/rulesets", RULESET, None),
        "compare": ("POST", "/workshop/changes", RULESET, {"lang": "ne"}),
        "events": ("GET", f"/v1/tables/{table}/events", None, {"after": "0", "limit": "5"}),
        "rulesets": ("GET", "/v1/rulesets", None, {"after": "classic", "limit": "2"}),
        "text": ("GET", "/v1/rulesets/classic/text", None, {"lang": "te", "version": "1"}),
        "rulebook": ("GET", "/", None, {"ruleset": "classic", "after": "a", "lang": "hi"}),
    }


@pytest.fixture(scope="module")
def setting(app):
    client = app.test_client()
    table = client.post("/v1/tables", json=OPENING).get_json()
    token = app.extensions["referee"].store.create_token("any-json-organiser")
    return table["id"], table["state"], token


@pytest.mark.parametrize("name", ["open", "move", "dry-run", "check", "validate", "publish",
                                  "compare", "events", "rulesets", "text", "rulebook"])
def test_no_json_value_in_any_field_is_a_5xx(app, setting, name):
    table, state, token = setting
    method, path, body, query = requests(table, state)[name]
    client = app.test_client()
    targets = ([("body",) + p for p in paths(body)] if body is not None else []) + \
        [("query", key) for key in (query or {})]

    @settings(max_examples=100, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(target=st.sampled_from(targets), value=VALUES)
    def send(target, value):
        sent_body, sent_query = body, dict(query or {})
        if target[0] == "body":
            sent_body = replaced(body, target[1:], value)
        else:  # a query string holds text: the value's JSON text, surrogates and all
            sent_query[target[1]] = value if isinstance(value, str) else json.dumps(value)
        # Bytes as a client could send them: a surrogate as its (invalid) UTF-8 bytes.
        raw_query = "&".join(f"{quote(k)}={quote(v.encode('utf-8', 'surrogatepass'))}"
                         for k, v in sent_query.items())
        data = json.dumps(sent_body).encode() if sent_body is not None else None
        response = client.open(path, method=method, data=data, query_string=raw_query,
                               headers={"Content-Type": "application/json", **bearer(token)})
        assert response.status_code < 500, (target, value, response.get_data(as_text=True))
        response.get_data()  # the answer can be encoded

    send()
