"""Which rulesets the pages can show, and the workshop's comparison with a parent.

The pages read the service's own ruleset catalog (built-ins plus the organisers'
published versions, app.extensions["referee"].catalog), so a ruleset published in
the workshop appears in the rule book and on the practice board at once.
"""
from flask import current_app

from referee.service.catalog import UnknownRuleset
from referee.service.ids import is_ruleset_id
from referee.rules import RulesetError, load_document, resolve
from referee.text.problems import problem_json
from referee.text.ruletext import ruleset_title

DEFAULT_RULESET = "classic"


def _catalog():
    return current_app.extensions["referee"].catalog


def list_rulesets(lang="en", after=None, chosen=None):
    """A page of [{id, version, title, extends, builtin}] for the pickers (built-ins
    first), each titled in the reader's language when the ruleset carries a
    translation, with `chosen` added when it is on another page, and the id the next
    page starts after (None on the last)."""
    catalog = _catalog()
    listed, next_after = catalog.summaries(after if is_ruleset_id(after or "") else None)
    if chosen and all(entry["id"] != chosen for entry in listed):
        try:
            entry = catalog.find(chosen)
        except LookupError:
            pass
        else:
            listed.append(dict(id=entry.id, version=entry.version, title=entry.title,
                               extends=entry.extends, builtin=entry.builtin))
    return [catalog.titled(summary, lang) for summary in listed], next_after


def resolved_ruleset(ruleset_id, version=None):
    """The resolved data of a ruleset id: of `version`, or its latest version when
    published (a built-in has only version 1)."""
    try:
        return _catalog().find(ruleset_id, version).data
    except LookupError as missing:
        raise UnknownRuleset(ruleset_id, version) from missing


def page_version(raw):
    """A page's `version` parameter: None when absent, the number when it is a positive
    integer, else UnknownRuleset (no ruleset has such a version)."""
    if raw is None or raw == "":
        return None
    if not raw.isascii() or not raw.isdigit() or not 0 < int(raw) < 2**31:
        raise UnknownRuleset(raw)
    return int(raw)


def with_version(rulesets, chosen, version):
    """The picker's list, its `chosen` entry shown at the version the page reads."""
    if version is None:
        return rulesets
    return [dict(entry, version=version) if entry["id"] == chosen else entry for entry in rulesets]


def compare_with_parent(text, lang, describe):
    """{"parent": id|None, "changes": [sentence]} comparing an uploaded ruleset with
    the ruleset it extends; {"errors": [problem]} when it does not load (the
    workshop shows those from the API's validation instead)."""
    catalog = _catalog()
    try:
        document = load_document(text, source="<workshop>")
        child = resolve(document, catalog.parent_document)
    except RulesetError as error:
        return {"parent": None, "changes": [],
                "errors": [problem_json(problem, lang) for problem in error.problems]}
    parent_id = document.get("extends")
    if not parent_id:
        return {"parent": None, "changes": []}
    parent = resolved_ruleset(parent_id)
    return {"parent": parent_id, "parent_title": ruleset_title(parent, lang),
            "changes": describe(child.data, parent, lang)}
