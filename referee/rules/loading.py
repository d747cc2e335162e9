"""Loading ruleset documents: text or files in, schema-checked documents out, and the
built-in rulesets shipped in rulesets/ (the editions and the examples)."""
from __future__ import annotations

import functools
import os
from pathlib import Path

from .errors import Problem, RulesetError, coded
from .resolve import Resolved, check_document, resolve
from .strict_yaml import MAX_BYTES, LoadedDocument, _too_large, load_yaml


def load_document(text: str | bytes, source: str = "<upload>") -> dict:
    """Strictly load and schema-validate one ruleset document (not resolved yet)."""
    try:
        return check_document(load_yaml(text, source))
    except RulesetError as exc:
        exc.source = exc.source or source
        raise


def load_file(path) -> dict:
    """`load_document` on a file; an unreadable or oversized file is a RulesetError too."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            error = _too_large()
            error.source = str(path)
            raise error
        data = path.read_bytes()
    except OSError as exc:
        raise RulesetError([Problem("", coded("file-unreadable", reason=str(exc.strerror or exc)))],
                           str(path)) from None
    return load_document(data, str(path))


def rulesets_dir() -> Path:
    """Where the built-in rulesets live: $REFEREE_RULESETS_DIR, else the repository's rulesets/."""
    configured = os.environ.get("REFEREE_RULESETS_DIR")
    return Path(configured) if configured else Path(__file__).resolve().parents[2] / "rulesets"


def builtin_files() -> list[Path]:
    root = rulesets_dir()
    return sorted(root.glob("*.yaml")) + sorted((root / "examples").glob("*.yaml"))


@functools.cache
def builtin_documents() -> dict[str, LoadedDocument]:
    """The built-in documents by id, as written. Two files with one id is an error."""
    documents: dict[str, LoadedDocument] = {}
    for path in builtin_files():
        document = load_file(path)
        other = documents.get(document["id"])
        if other is not None:
            line, column = document.positions.get(("id",), (None, None))
            raise RulesetError([Problem("id", coded("id-taken", id=document["id"], other=str(other.source)),
                                        line, column)], str(path))
        documents[document["id"]] = document
    return documents


@functools.cache
def builtin_rulesets() -> dict[str, Resolved]:
    """Every built-in ruleset, resolved once: the editions and the examples."""
    documents = builtin_documents()
    resolved: dict[str, Resolved] = {}

    def lookup(ruleset_id: str):
        if ruleset_id in resolved:
            return resolved[ruleset_id]
        return documents.get(ruleset_id)

    for ruleset_id, document in documents.items():
        resolved[ruleset_id] = resolve(document, lookup)
    return resolved


def builtin_lookup(ruleset_id: str) -> Resolved | None:
    """A `lookup` for `resolve` that knows the built-in rulesets."""
    return builtin_rulesets().get(ruleset_id)


def load_ruleset(text: str | bytes, source: str = "<upload>", lookup=builtin_lookup) -> Resolved:
    """Load, validate and resolve an uploaded ruleset in one step."""
    return resolve(load_document(text, source), lookup)
