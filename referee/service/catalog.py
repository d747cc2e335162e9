"""Rulesets as the service sees them: the built-ins (read-only, loaded at start) and
the organisers' uploads (immutable versions in the store), with the compiled form of
each (id, version) cached, since a version never changes."""
import hashlib
import json
import logging
import threading
from dataclasses import dataclass

from referee.engine import InputError, compile_rules
from referee.problem import child
from referee.rules import RulesetError, RulesetProblem, builtin_rulesets, load_document, resolve
from referee.rules.errors import coded
from referee.text.ruletext import ruleset_title

from .ids import is_ruleset_id

log = logging.getLogger(__name__)

BUILTIN_VERSION = 1  # a built-in ships with the code: one version per release
COMPILED_CACHE_SIZE = 512
SUMMARY_PAGE = 100  # rulesets per page of a list (the API's and the pages' pickers)


class UnknownRuleset(LookupError):
    def __init__(self, ruleset_id, version=None):
        what = f"{ruleset_id!r}" + (f" version {version}" if version is not None else "")
        super().__init__(f"no ruleset {what}")
        self.ruleset_id = ruleset_id
        self.version = version


class BuiltinId(Exception):
    """An upload tried to publish under the id of a built-in ruleset."""

    def __init__(self, ruleset_id):
        super().__init__(f"{ruleset_id!r} is a built-in ruleset and cannot be overwritten; "
                         f"publish under another id (`extends: {ruleset_id}` inherits from it)")
        self.ruleset_id = ruleset_id


class UncompilableRuleset(RulesetError):
    """Valid by schema and semantics, yet the engine cannot use it."""


@dataclass(frozen=True)
class Entry:
    id: str
    version: int
    title: str
    extends: str | None
    builtin: bool
    sha256: str
    data: dict  # the resolved ruleset


@dataclass(frozen=True)
class Checked:
    """An uploaded text that passed every check, ready to publish."""
    id: str
    document: dict
    resolved: dict
    warnings: list  # of referee.rules.RulesetProblem


def _canonical_sha256(data):
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _entry_from_builtin(ruleset_id, resolved):
    data = resolved.data
    return Entry(id=ruleset_id, version=BUILTIN_VERSION, title=data.get("title", ruleset_id),
                 extends=data.get("extends"), builtin=True,
                 sha256=_canonical_sha256(data), data=data)


def _nul_paths(value, path=""):
    """JSON Pointers of strings (or keys) holding a NUL character: PostgreSQL cannot store them."""
    if isinstance(value, str):
        return [path] if "\x00" in value else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    found = []
    for key, item in items:
        below = child(path, key)
        if isinstance(key, str) and "\x00" in key:
            found.append(below)
        found += _nul_paths(item, below)
    return found


def _refuse_nul_characters(document):
    paths = _nul_paths(document)
    if paths:
        raise RulesetError([RulesetProblem(path, coded("nul-character")) for path in paths])


class Catalog:
    def __init__(self, store, rulesets_dir=None):
        self.store = store
        self._builtin_resolved = builtin_rulesets(rulesets_dir)
        self.builtins = {ruleset_id: _entry_from_builtin(ruleset_id, resolved)
                         for ruleset_id, resolved in self._builtin_resolved.items()}
        self._compiled = {}
        self._lock = threading.Lock()

    # --- finding -------------------------------------------------------------------

    def find(self, ruleset_id: str, version: int | None = None) -> Entry:
        # A built-in id is a possible one: looked up first, without the grammar's regex.
        builtin = self.builtins.get(ruleset_id) if type(ruleset_id) is str else None
        if builtin is not None:
            if version not in (None, BUILTIN_VERSION):
                raise UnknownRuleset(ruleset_id, version)
            return builtin
        if not is_ruleset_id(ruleset_id):  # not even a possible id: ask no database
            raise UnknownRuleset(ruleset_id, version)
        stored = self.store.get_ruleset(ruleset_id, version)
        if stored is None:
            raise UnknownRuleset(ruleset_id, version)
        return Entry(id=stored.id, version=stored.version, title=stored.title,
                     extends=stored.extends, builtin=False, sha256=stored.sha256,
                     data=stored.resolved)

    def summaries(self, after: str | None = None,
                  limit: int | None = None) -> tuple[list[dict], str | None]:
        """A page of at most `limit` (SUMMARY_PAGE) rulesets, built-ins first, then by
        id, listed after the id `after`; and the id the next page starts after (None
        on the last)."""
        limit = limit or SUMMARY_PAGE
        builtins = sorted(self.builtins.values(), key=lambda e: e.id)
        stored_after = None
        if after is None:
            pending = builtins
        elif after in self.builtins:
            pending = [e for e in builtins if e.id > after]
        else:  # a published id: the built-ins are all behind
            pending, stored_after = [], after
        listed = [dict(id=e.id, version=e.version, title=e.title, extends=e.extends,
                       builtin=True) for e in pending[:limit + 1]]
        wanted = limit + 1 - len(listed)  # one more than the page: is there a next page?
        if wanted > 0:
            listed += [dict(id=s.id, version=s.version, title=s.title, extends=s.extends,
                            builtin=False)
                       for s in self.store.latest_versions(stored_after, wanted)]
        if len(listed) > limit:
            return listed[:limit], listed[limit - 1]["id"]
        return listed, None

    def titled(self, summary: dict, lang: str) -> dict:
        """A list entry titled in the reader's language, when its ruleset carries a
        translation (its `translations` block); a published one is read to know. A
        ruleset's own title is already the English one."""
        if lang == "en":
            return summary
        try:
            data = self.find(summary["id"], summary["version"]).data
        except LookupError:
            return summary
        return {**summary, "title": ruleset_title(data, lang)}

    def rules(self, entry: Entry):
        """The compiled ruleset of an entry (cached: a version is immutable)."""
        key = (entry.id, entry.version)
        compiled = self._compiled.get(key)
        if compiled is None:
            compiled = compile_rules(entry.data)
            with self._lock:
                if len(self._compiled) >= COMPILED_CACHE_SIZE:
                    self._compiled.clear()
                self._compiled[key] = compiled
        return compiled

    def rules_for(self, ruleset_id, version):
        return self.rules(self.find(ruleset_id, version))

    # --- uploading -------------------------------------------------------------------

    def parent_document(self, parent_id):
        """`extends:` may name a built-in (complete, as resolved at start) or an uploaded
        id (its latest version's document, followed further up its own `extends`)."""
        builtin = self._builtin_resolved.get(parent_id)
        if builtin is not None:
            return builtin
        stored = self.store.get_ruleset(parent_id) if is_ruleset_id(parent_id) else None
        return stored.document if stored else None

    def check(self, text: bytes, publishing=False) -> Checked:
        """Every check an upload goes through; raises RulesetError with the problems."""
        document = load_document(text, source="<upload>")
        _refuse_nul_characters(document)
        if publishing and document["id"] in self.builtins:
            raise BuiltinId(document["id"])
        resolved = resolve(document, self.parent_document)
        try:
            compile_rules(resolved.data)
        except (RulesetError, InputError):
            raise
        except Exception as exc:  # user input must never become a 500
            log.warning("an uploaded ruleset did not compile: %r", exc)
            raise UncompilableRuleset.single(coded("ruleset-unusable")) from None
        return Checked(id=document["id"], document=document, resolved=resolved.data,
                       warnings=list(resolved.warnings))

    def publish(self, text: bytes, media_type: str, owner: str):
        checked = self.check(text, publishing=True)
        version = self.store.publish_ruleset(
            ruleset_id=checked.id, owner=owner,
            title=checked.resolved.get("title", checked.id),
            extends=checked.document.get("extends"), media_type=media_type,
            text=text.decode("utf-8", "replace"), sha256=hashlib.sha256(text).hexdigest(),
            document=checked.document, resolved=checked.resolved)
        return checked, version
