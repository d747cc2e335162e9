"""Loading ruleset documents: text or files in, schema-checked documents out, and the
built-in rulesets shipped in rulesets/ (the editions and the examples)."""
from __future__ import annotations

import functools
from pathlib import Path

from .builtin_files import DEFAULT_RULESETS_DIR, builtin_files, rulesets_dir
from .errors import RulesetError, RulesetProblem, coded
from .resolve import Resolved, check_document, resolve
from .strict_yaml import MAX_BYTES, LoadedDocument, too_large, load_yaml


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
            error = too_large()
            error.source = str(path)
            raise error
        data = path.read_bytes()
    except OSError as exc:
        raise RulesetError([RulesetProblem("", coded("file-unreadable", reason=str(exc.strerror or exc)))],
                           str(path)) from None
    return load_document(data, str(path))


# Where the built-in rulesets live unless the RULESETS_DIR setting (referee.config)
# says otherwise: the app and the CLI pass that directory in.
def builtin_documents(root=None) -> dict[str, LoadedDocument]:
    """The built-in documents in `root` (default: rulesets/) by id, as written. Two
    files with one id is an error."""
    return _documents_in(rulesets_dir(root))


def builtin_rulesets(root=None) -> dict[str, Resolved]:
    """Every built-in ruleset in `root` (default: rulesets/), resolved once per
    directory: the editions and the examples."""
    return _rulesets_in(rulesets_dir(root))


@functools.cache
def _documents_in(root: Path) -> dict[str, LoadedDocument]:
    documents: dict[str, LoadedDocument] = {}
    for path in builtin_files(root):
        document = load_file(path)
        other = documents.get(document["id"])
        if other is not None:
            line, column = document.positions.get(("id",), (None, None))
            raise RulesetError([RulesetProblem("/id", coded("id-taken", id=document["id"], other=str(other.source)),
                                        line, column)], str(path))
        documents[document["id"]] = document
    return documents


@functools.cache
def _rulesets_in(root: Path) -> dict[str, Resolved]:
    documents = _documents_in(root)
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
