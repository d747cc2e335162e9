"""Request bodies: bounded reading, strict JSON, and fast hand-written field checks.

Moves are on the hot path, so they are not checked with jsonschema (HOSTILE.md 10;
bench/bodies.py measures a validator compiled once from the same schemas at a hundred
times or more the cost of these checks per move body): the shape is checked here, with
the fields and limits read from the OpenAPI request schema (Fields), the content by the
engine's parse_move/parse_state.
"""
import json
import re
from urllib.parse import parse_qs

import orjson

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.sansio.utils import get_content_length

from referee.engine.errors import problem
from referee.problem import child

from .current import current_flask_app, current_request
from .problems import MAX_ERRORS, BadRequest, PayloadTooLarge, Unprocessable, UnsupportedMediaType

MAX_DEPTH = 32
JSON_TYPES = ("application/json",)
YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
_READ_SIZE = 64 * 1024


def read_body() -> bytes:
    """The whole body, or 413 once it passes the cap, whether it came with a
    Content-Length or chunked (HOSTILE.md 15: never a silently truncated body)."""
    cap = current_flask_app().config["MAX_BODY_BYTES"]
    environ = current_request().environ
    # request.content_length, from the environ: request.headers.get raises and catches a
    # KeyError for the Transfer-Encoding header most requests do not send. Plain digits
    # without a Transfer-Encoding, nearly every body, are read here as werkzeug would.
    length = environ.get("CONTENT_LENGTH")
    if (length is not None and length.isdigit() and length.isascii()
            and "HTTP_TRANSFER_ENCODING" not in environ):
        length = int(length)
    else:
        length = get_content_length(length, environ.get("HTTP_TRANSFER_ENCODING"))
    if length is not None:
        if length > cap:
            raise PayloadTooLarge(f"the body is {length} bytes; the limit is {cap}")
        # The server stops the stream at Content-Length: one read, no wrapping.
        try:
            data = environ["wsgi.input"].read(length)
        except Exception as exc:  # noqa: BLE001 - as for chunked bodies below
            raise BadRequest(f"the body could not be read: {type(exc).__name__}") from None
        if len(data) != length:
            raise BadRequest(f"the body ended after {len(data)} of {length} bytes")
        return data
    chunks, size = [], 0
    try:
        stream = request.stream
        while size <= cap:
            chunk = stream.read(min(_READ_SIZE, cap + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except RequestEntityTooLarge:
        size = cap + 1
    except Exception as exc:  # noqa: BLE001 - whatever the server's decoder raises
        # The server's chunked decoder refused the framing (a chunk size of "zz", a
        # missing terminator; gunicorn raises its own ParseException classes for
        # those): the client's mistake, not ours.
        raise BadRequest(f"the chunked body is malformed: {type(exc).__name__}") from None
    if size > cap:
        raise PayloadTooLarge(f"the body is larger than the limit of {cap} bytes")
    return b"".join(chunks)


def media_type() -> str:
    # The header's first part, without parameters (charset): a cheap request.mimetype.
    # (request.headers.get("Content-Type") reads the same environ key, at a cost.)
    return current_request().environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()


def require_json_type():
    mimetype = media_type()
    if mimetype not in JSON_TYPES and not mimetype.endswith("+json"):
        raise UnsupportedMediaType(
            f"send the body as application/json, not {mimetype or 'no Content-Type'}")


def _reject_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicate_keys(pairs):
    result = dict(pairs)
    if len(result) < len(pairs):  # a key came twice: name the first one repeated
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {key!r}")
            seen.add(key)
    return result


# Built once: json.loads with hooks builds a new decoder (and its scanner) on every
# call, a sixth of parsing a check's body.
_STRICT_DECODER = json.JSONDecoder(parse_constant=_reject_constant,
                                   object_pairs_hook=_no_duplicate_keys)


def _fast_loads(raw: bytes):
    """The body as orjson reads it, straight from its bytes (orjson checks the UTF-8
    itself, as strictly as Python's decoder: no surrogates), or None when json.loads
    might read it differently; whatever orjson refuses (NaN, 1e400, a byte order mark,
    bad UTF-8 or JSON) is left to json.loads for its own answer, and so is a body with
    an escape (strings might then be read differently) or:
    - a key sent twice: orjson keeps the last one, where a body must be refused.
      Without escapes every string is written back as it was sent, so each colon of
      the body is in what orjson writes back, except those of the keys it dropped;
    - an integer past 64 bits, which orjson reads as a float where json.loads keeps an
      integer: a float that large (9.2e18 and more) is written back with an exponent,
      "e+", as is any float from 1e16 up. A string holding "e+" or such a float only
      sends its body the slower way.
    The parse costs a third of json.loads's instructions. These checks look at bytes,
    with no decoded text and no scan for long runs of digits (callgrind, parse_json of
    a check's body: 57k -> 51k instructions, of which orjson's parse 21k, writing back
    9k, each scan of the bytes 3-4k)."""
    if b"\\" in raw:
        return None
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    written = orjson.dumps(body)
    if written.count(b":") != raw.count(b":") or b"e+" in written:
        return None
    return body


def _strict_loads(text: str):
    if text.startswith("\ufeff"):  # json.loads's own answer to a byte order mark
        return json.loads(text, parse_constant=_reject_constant,
                          object_pairs_hook=_no_duplicate_keys)
    return _STRICT_DECODER.decode(text)


def _utf8(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadRequest(f"the body is not UTF-8 (byte {exc.start})") from None


def parse_json(raw: bytes):
    """JSON with no NaN/Infinity, no duplicate keys and at most MAX_DEPTH levels."""
    if not raw.strip():
        raise BadRequest("the request body is empty; a JSON document is required")
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH:  # else too few brackets to be too deep
        _check_depth(_utf8(raw))
    body = _fast_loads(raw)
    return body if body is not None else _slow_parse(raw)


def _slow_parse(raw: bytes):
    """parse_json's answer when orjson might read the body differently: json.loads's."""
    text = _utf8(raw)
    try:
        body = _strict_loads(text)
    except json.JSONDecodeError as exc:
        raise BadRequest(f"the body is not valid JSON: {exc.msg} "
                         f"(line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise BadRequest(f"the body is not acceptable JSON: {exc}") from None
    if _SURROGATE_ESCAPE.search(text):  # only escapes can make one: UTF-8 cannot
        paths = lone_surrogate_paths(body)
        if paths:
            raise BadRequest("the body holds a lone surrogate (an escape such as \\ud800 "
                             "that is half of a character): it cannot be stored or answered",
                             errors=[problem(path, "contains a lone surrogate", "lone-surrogate")
                                     for path in paths])
    return body


# A JSON escape of a UTF-16 surrogate: json.loads joins a valid pair into one
# character and leaves a lone one in the string (HOSTILE.md 24).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _has_lone_surrogate(text):
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def lone_surrogate_paths(value, most=MAX_ERRORS):
    """JSON Pointers of the strings (or keys) in a JSON value that hold a lone
    surrogate: the first `most` of them (no more are answered; a body of 29,000 took
    half a second to name them all)."""
    found = []
    _find_lone_surrogates(value, "", found, most)
    # A path is answered: its own lone surrogates are written as escapes.
    return [p.encode("utf-8", "backslashreplace").decode("utf-8") for p in found]


def _find_lone_surrogates(value, path, found, most):
    if isinstance(value, str):
        if _has_lone_surrogate(value):
            found.append(path)
        return
    items = (value.items() if isinstance(value, dict)
             else enumerate(value) if isinstance(value, list) else ())
    for key, item in items:
        if len(found) >= most:
            return
        if isinstance(key, str) and _has_lone_surrogate(key):
            found.append(child(path, key))
        if isinstance(item, (dict, list)) or isinstance(item, str) and _has_lone_surrogate(item):
            _find_lone_surrogates(item, child(path, key), found, most)


# One token at a time: a whole string (escapes included; an unterminated one runs to the
# end of the text) or a bracket. Each alternative starts on a different character and a
# string cannot stop before its closing quote or the end, so the scan never backtracks:
# linear in the text's length (HOSTILE.md 20: a regex that retried every unterminated
# string from each of its quotes was quadratic, 4.6 s for 32 KB).
_TOKEN = re.compile(r'"(?:[^"\\]|\\[\s\S]|\\\Z)*(?:"|\Z)|[\[\]{}]')


def _check_depth(text):
    """Refuse nesting deeper than MAX_DEPTH before the parser recurses into it.
    Strings are skipped, so brackets in a name cannot fool it."""
    depth = 0
    for token in _TOKEN.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise BadRequest(f"the JSON is nested more than {MAX_DEPTH} levels deep")
        elif bracket in ("]", "}"):
            depth -= 1


MAX_FORM_FIELDS = 20


def form_body() -> dict:
    """An HTML form's fields (application/x-www-form-urlencoded), read through the same
    bounded reader as every API body: 413 past the cap, 400 for a body that is not a
    form, never werkzeug's own reader (which answered 500 to a chunk size of zz)."""
    text = read_body().decode("utf-8", "replace")
    try:
        fields = parse_qs(text, keep_blank_values=True, max_num_fields=MAX_FORM_FIELDS)
    except ValueError:
        raise BadRequest(f"a form has at most {MAX_FORM_FIELDS} fields") from None
    return {key: values[0] for key, values in fields.items()}


def json_body() -> dict:
    require_json_type()
    body = parse_json(read_body())
    if not isinstance(body, dict):
        raise Unprocessable("the body must be a JSON object",
                            errors=[problem("", "expected an object", "not-an-object")])
    return body


class Fields:
    """Fast hand-written checks of a JSON object's fields, collecting every problem with
    its path before answering 422 once. The rules (required, unknown fields, types,
    lengths, counts, ranges) are read from `schema`, the request's component schema in
    the OpenAPI document, so the document and the checks cannot disagree; `resolve`
    follows its $refs. The engine checks what needs the ruleset and the state."""

    def __init__(self, data: dict, schema: dict, resolve=lambda spec: spec, prefix: str = ""):
        self.data = data
        self.prefix = prefix
        self.properties = schema["properties"]
        self.required = schema.get("required", ())  # a few names: a list is searched fast
        self.resolve = resolve
        self.problems = []
        # A set test first: the loop only to name the unknown fields there are.
        if schema.get("additionalProperties") is False and not data.keys() <= self.properties.keys():
            for key in data:
                if key not in self.properties:
                    self.fail(key, f"unknown field {key!r}", "unknown-field")
                    if len(self.problems) == MAX_ERRORS:  # no more are answered
                        break

    def path(self, key, *more):
        return child(self.prefix, key, *more)

    def fail(self, key, message, code):
        self.problems.append(problem(self.path(key), message, code))

    def spec(self, key):
        return self.resolve(self.properties[key])

    def _get(self, key, kinds, kind_name):
        if key not in self.data:
            if key in self.required:
                self.fail(key, "required", "required")
            return None
        value = self.data[key]
        if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
            self.fail(key, f"expected {kind_name}", "wrong-type")
            return None
        return value

    def obj(self, key):
        return self._get(key, (dict,), "an object")

    def boolean(self, key):
        return self._get(key, (bool,), "true or false")

    def string(self, key, spec=None):
        spec = spec or self.spec(key)
        value = self._get(key, (str,), "a string")
        low, high = spec.get("minLength", 0), spec["maxLength"]
        if value is not None and not low <= len(value) <= high:
            self.fail(key, f"expected {low} to {high} characters", "out-of-range")
            return None
        return value

    def integer(self, key):
        spec = self.spec(key)
        value = self._get(key, (int,), "an integer")
        low, high = spec["minimum"], spec["maximum"]
        if value is not None and not low <= value <= high:
            self.fail(key, f"expected an integer from {low} to {high}", "out-of-range")
            return None
        return value

    def strings(self, key, spec=None):
        value = self._get(key, (list,), "a list of strings")
        if value is None:
            return None
        spec = spec or self.spec(key)
        low, high = spec.get("minItems", 0), spec["maxItems"]
        if not low <= len(value) <= high:
            self.fail(key, f"expected {low} to {high} items", "out-of-range")
            return None
        item = self.resolve(spec["items"])
        shortest, longest = item.get("minLength", 0), item["maxLength"]
        for index, text in enumerate(value):
            if not isinstance(text, str) or not shortest <= len(text) <= longest:
                self.problems.append(problem(
                    self.path(key, index), f"expected a string of {shortest} to {longest} characters",
                    "wrong-type" if not isinstance(text, str) else "out-of-range"))
        return value

    def string_or_strings(self, key):
        """A field whose schema is oneOf a string and a list of strings (first_card)."""
        one, many = (self.resolve(branch) for branch in self.spec(key)["oneOf"])
        if one.get("type") == "array":
            one, many = many, one
        if isinstance(self.data.get(key), list):
            return self.strings(key, many)
        return self.string(key, one)

    def done(self):
        if self.problems:
            raise Unprocessable("some fields are missing or wrong", errors=self.problems)
