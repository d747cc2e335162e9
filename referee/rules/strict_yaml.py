"""Strict, bounded YAML loading for rulesets written by people we do not trust.

`yaml.safe_load` is not enough for uploads (hostile inputs: docs/security.md): aliases make a
432-byte document expand to gigabytes at the first walk, the pure-Python composer
recurses once per nesting level, and YAML 1.1 quietly turns `no` into False, `012`
into 10 and `1:30` into 90. So the document is never composed by PyYAML: we read the
parser's *events* (libyaml when available) and build plain dicts, lists and scalars
ourselves, checking each event as it arrives. Anything hostile stops the stream at the
event where it appears, before a single shared or deep object exists.

Scalars follow YAML 1.2's core schema, with two refusals (a number with a leading
zero, an integer longer than 18 digits) where guessing would silently change what the
organiser meant. Every failure, whatever the bytes, is one `RulesetError` with a line
and column.
"""
from __future__ import annotations

import re

import yaml

from referee.problem import pointer

from .errors import Coded, RulesetError, RulesetProblem, RulesetTooLarge, coded

MAX_BYTES = 256 * 1024
MAX_DEPTH = 32
MAX_NODES = 20_000
MAX_INT_DIGITS = 18

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# What YAML itself allows in a stream, minus the byte-order mark anywhere.
_FORBIDDEN_CHAR = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd"
                             "\U00010000-\U0010ffff]")
_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?([0-9]+)")
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+(?=[eE]))(?:[eE][-+]?[0-9]+)?")


class LoadedDocument(dict):
    """A ruleset document as written, remembering where each value was.

    `positions` maps a path tuple (keys and list indexes) to the 1-based (line, column)
    of its key (for a mapping value) or of the item (for a list item); the path of a
    mapping value followed by "<value>" maps to where the value itself starts.
    """

    def __init__(self, data: dict, positions: dict, source: str):
        super().__init__(data)
        self.positions = positions
        self.source = source
        self.schema_checked = False


def position_of(index: int, text: str) -> tuple[int, int]:
    """1-based line and column of character `index` in `text`."""
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def decode(data: str | bytes) -> str:
    """The document as text, or a RulesetError for oversized, non-UTF-8 or control bytes."""
    if isinstance(data, str):
        if len(data) > MAX_BYTES or len(data.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            raise too_large()
        text = data
    else:
        if len(data) > MAX_BYTES:
            raise too_large()
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise RulesetError.single(coded("yaml-utf16"), "", 1, 1)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            line_start = data.rfind(b"\n", 0, exc.start) + 1
            column = len(data[line_start:exc.start].decode("utf-8", "replace")) + 1
            raise RulesetError.single(
                coded("yaml-not-utf8", byte=f"0x{data[exc.start]:02x}"),
                "", line, column) from None
    bad = _FORBIDDEN_CHAR.search(text)
    if bad:
        char = bad.group()
        raise RulesetError.single(
            coded("yaml-control-character", char=f"U+{ord(char):04X}"),
            "", *position_of(bad.start(), text))
    return text


def too_large() -> RulesetTooLarge:
    return RulesetTooLarge.single(
        coded("ruleset-too-large", limit=MAX_BYTES // 1024))


def resolve_scalar(value: str, plain: bool):
    """The Python value of a scalar, YAML 1.2 style. Returns (value, problem message or None)."""
    if not plain:
        return value, None
    if value in _NULL:
        return None, None
    if value in _BOOL:
        return _BOOL[value], None
    match = _INT.fullmatch(value)
    if match:
        digits = match.group(1)
        if len(digits) > MAX_INT_DIGITS:
            return value, coded("yaml-integer-too-long", limit=MAX_INT_DIGITS)
        if len(digits) > 1 and digits.startswith("0"):
            return value, coded("yaml-leading-zero", value=value, number=int(digits))
        return int(value), None
    if _FLOAT.fullmatch(value):
        number = float(value)
        if number in (float("inf"), float("-inf")):
            return value, coded("yaml-number-too-large")
        return number, None
    return value, None


class _Frame:
    """An open mapping or list while events are being read."""

    __slots__ = ("container", "path", "key", "is_mapping", "key_lines")

    def __init__(self, container, path):
        self.container = container
        self.path = path
        self.is_mapping = isinstance(container, dict)
        self.key = None  # mapping: the key whose value comes next (None: a key comes next)
        self.key_lines = {}


_DROP = object()  # the value of a refused key: read, then thrown away


class _Builder:
    """Builds the document from parser events, refusing anything hostile as it arrives."""

    def __init__(self, source: str):
        self.source = source
        self.stack: list[_Frame] = []
        self.root = None
        self.positions: dict[tuple, tuple[int, int]] = {}
        self.problems: list[RulesetProblem] = []
        self.nodes = 0
        self.documents = 0

    def feed(self, event) -> None:
        handler = getattr(self, "on_" + type(event).__name__, None)
        if handler:
            handler(event)

    # --- refusals that stop reading at once ---------------------------------------
    @staticmethod
    def refuse(event, message):
        mark = event.start_mark
        raise RulesetError.single(message, "", mark.line + 1, mark.column + 1)

    def check_node(self, event):
        if getattr(event, "anchor", None) is not None:
            self.refuse(event, coded("yaml-anchor"))
        if event.tag is not None:
            tag = event.tag.replace("tag:yaml.org,2002:", "!!")
            self.refuse(event, coded("yaml-tag", tag=tag))
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self.refuse(event, coded("yaml-too-many-values", limit=MAX_NODES))

    # --- event handlers ---------------------------------------------------------------
    def on_DocumentStartEvent(self, event):
        self.documents += 1
        if self.documents > 1:
            self.refuse(event, coded("yaml-several-documents"))
        if event.version or event.tags:
            self.refuse(event, coded("yaml-directive"))

    def on_AliasEvent(self, event):
        self.refuse(event, coded("yaml-anchor"))

    def on_ScalarEvent(self, event):
        self.check_node(event)
        plain = event.style in (None, "")
        value, problem = resolve_scalar(event.value, plain)
        if problem:
            self.problems.append(self.problem_at(event, problem))
        self.add(event, value)

    def on_MappingStartEvent(self, event):
        self.open(event, {})

    def on_SequenceStartEvent(self, event):
        self.open(event, [])

    def on_MappingEndEvent(self, event):
        self.stack.pop()

    on_SequenceEndEvent = on_MappingEndEvent

    # --- building -----------------------------------------------------------------------
    def open(self, event, container):
        self.check_node(event)
        if len(self.stack) >= MAX_DEPTH:
            self.refuse(event, coded("yaml-too-deep", limit=MAX_DEPTH))
        path = self.add(event, container)
        self.stack.append(_Frame(container, path))

    def add(self, event, value):
        """Place a finished scalar or a new container; return its path."""
        if not self.stack:
            self.root = value
            self.positions[()] = (event.start_mark.line + 1, event.start_mark.column + 1)
            return ()
        frame = self.stack[-1]
        if not frame.is_mapping:
            path = frame.path + (len(frame.container),)
            frame.container.append(value)
            self.positions[path] = (event.start_mark.line + 1, event.start_mark.column + 1)
            return path
        if frame.key is None:
            frame.key = self.accept_key(frame, event, value)
            return frame.path + ("<key>",)
        key, frame.key = frame.key, None
        if key is _DROP:
            return frame.path + ("<dropped>",)
        frame.container[key] = value
        # Where the value itself starts: `target:200` is one word on the line below its key.
        self.positions[frame.path + (key, "<value>")] = (event.start_mark.line + 1, event.start_mark.column + 1)
        return frame.path + (key,)

    def accept_key(self, frame, event, key):
        """The key as a string, or _DROP (with a problem recorded) when it cannot be one."""
        if isinstance(key, (dict, list)):
            self.refuse(event, coded("yaml-key-not-name"))
        if not isinstance(key, str):
            self.problems.append(self.problem_at(event, _key_message(key, event.value), frame.path))
            return _DROP
        line = event.start_mark.line + 1
        if key in frame.key_lines:
            self.problems.append(self.problem_at(
                event, coded("yaml-duplicate-key", key=key, line=frame.key_lines[key]),
                frame.path + (key,)))
            return _DROP
        frame.key_lines[key] = line
        self.positions[frame.path + (key,)] = (line, event.start_mark.column + 1)
        return key

    def problem_at(self, event, message, path=None):
        return RulesetProblem(pointer(*(self.next_path() if path is None else path)), message,
                       event.start_mark.line + 1, event.start_mark.column + 1)

    def next_path(self) -> tuple:
        """The path the next value will have (a mapping's own path while it expects a key)."""
        if not self.stack:
            return ()
        frame = self.stack[-1]
        if not frame.is_mapping:
            return frame.path + (len(frame.container),)
        return frame.path + ((frame.key,) if isinstance(frame.key, str) else ())


def _syntax_error(exc: yaml.MarkedYAMLError, text: str) -> RulesetError:
    """PyYAML's complaint in plain words. PyYAML often notices an indentation slip a line
    or more after it happened, so the first line whose indentation fits no open block
    is reported instead when there is one before the place PyYAML names."""
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    message = " ".join(part for part in (exc.context, exc.problem) if part)
    if "nesting depth" in message:  # libyaml's own cap on flow brackets, met before ours
        return RulesetError.single(coded("yaml-too-deep", limit=MAX_DEPTH), "", line, column)
    if mark and text[mark.index:mark.index + 1] == "\t":
        return RulesetError.single(coded("yaml-tab"), "", line, column)
    slip = first_indentation_slip(text, line)
    if slip is not None:
        return RulesetError.single(coded(slip[2]), "", slip[0], slip[1])
    if "mapping values are not allowed" in message:
        return RulesetError.single(coded("yaml-colon"), "", line, column)
    return RulesetError.single(coded("yaml-syntax"), "", line, column)


_BLOCK_SCALAR = re.compile(r":\s*[|>][-+0-9]*\s*(#.*)?$")


def first_indentation_slip(text: str, before_line: int):
    """(line, column, code) of the first line, up to `before_line`, indented deeper than a
    line that opens no block, or lined up with no open block; None if every line fits."""
    levels, opens, scalar_indent = [0], False, None
    for number, raw in enumerate(text.splitlines()[:before_line], 1):
        content = raw.strip()
        indent = len(raw) - len(raw.lstrip(" "))
        if scalar_indent is not None:
            if not content or indent > scalar_indent:
                continue  # a line of a block scalar (description: >-)
            scalar_indent = None
        if not content or content.startswith("#") or raw.lstrip(" ").startswith("\t"):
            continue
        if indent > levels[-1]:
            if not opens:
                return number, indent + 1, "yaml-indent-deeper"
            levels.append(indent)
        elif indent < levels[-1]:
            while levels[-1] > indent:
                levels.pop()
            if levels[-1] != indent:
                return number, indent + 1, "yaml-indent-misaligned"
        code = content.split(" #")[0].rstrip()
        if code.startswith("- "):
            levels.append(indent + 2)  # the keys of a list item line up after its dash
            code = code[2:].strip()
        opens = code.endswith(":") or code == "-"
        if _BLOCK_SCALAR.search(code):
            scalar_indent = indent
    return None


def _key_message(key, written: str) -> Coded:
    if key is None:
        return coded("yaml-key-empty")
    return coded("yaml-key-not-text", key=written)


def load_yaml(data: str | bytes, source: str = "<upload>") -> LoadedDocument:
    """Strictly load one YAML mapping; raise RulesetError (never anything else) on any failure."""
    text = decode(data)
    builder = _Builder(source)
    last = None
    try:
        for event in yaml.parse(text, Loader=Loader):
            last = event
            builder.feed(event)
    except RulesetError:
        raise
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, text) from None
    except Exception as exc:  # libyaml reader errors, MemoryError: one clear error all the same
        mark = last.start_mark if last is not None else None
        raise RulesetError.single(coded("yaml-syntax"), "",
                                  mark.line + 1 if mark else 1,
                                  mark.column + 1 if mark else 1) from None
    if builder.problems:
        raise RulesetError(builder.problems)
    if builder.root is None:
        raise RulesetError.single(coded("yaml-empty"), "", 1, 1)
    if not isinstance(builder.root, dict):
        raise RulesetError.single(coded("yaml-not-mapping"), "", *builder.positions[()])
    return LoadedDocument(builder.root, builder.positions, source)
