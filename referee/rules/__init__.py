"""Rulesets: the YAML format, its JSON Schema, strict loading, `extends`, semantic checks.

    doc = load_document(text)               # strict YAML + JSON Schema, raw document
    ruleset = resolve(doc, builtin_lookup)  # extends, defaults, semantic checks
    ruleset.data["cards"]["skip"]["effects"]

Every failure is a RulesetError whose `.problems` carry path, message, line, column.
"""
from .errors import RulesetError, RulesetProblem, RulesetTooLarge
from .kinds import CATEGORIES, category, in_deck, is_wild
from .loading import (DEFAULT_RULESETS_DIR, builtin_documents, builtin_lookup, builtin_rulesets,
                      load_document, load_file, load_ruleset)
from .resolve import Resolved, check_document, resolve
from .schema import SCHEMA

__all__ = [
    "CATEGORIES", "DEFAULT_RULESETS_DIR", "Resolved", "RulesetError", "RulesetProblem", "RulesetTooLarge", "SCHEMA",
    "builtin_documents", "builtin_lookup", "builtin_rulesets", "category", "check_document",
    "in_deck", "is_wild", "load_document", "load_file", "load_ruleset", "resolve",
]
