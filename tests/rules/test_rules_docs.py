"""docs/rulesets.md covers every option of the schema, and its examples are valid."""
import re

import pytest

from referee.rules import builtin_lookup, load_document, resolve
from referee.rules.kinds import EFFECT_FIELDS
from referee.rules.schema import INLINED_SCHEMA

from rules_support import REPO

DOC = (REPO / "docs" / "rulesets.md").read_text(encoding="utf-8")


def option_paths(schema, prefix=""):
    for name, sub in schema.get("properties", {}).items():
        yield prefix + name
        yield from option_paths(sub, f"{prefix}{name}.")
        extra = sub.get("additionalProperties")
        if isinstance(extra, dict) and name == "cards":
            yield from option_paths(extra, f"{prefix}{name}.<kind>.")


@pytest.mark.parametrize("path", list(option_paths(INLINED_SCHEMA)))
def test_every_option_is_in_the_reference(path):
    assert f"| `{path}` |" in DOC or f"### `{path}`" in DOC


@pytest.mark.parametrize("primitive", sorted(EFFECT_FIELDS))
def test_every_effect_primitive_is_documented(primitive):
    assert f"| `{primitive}` |" in DOC


EXAMPLES = [block for block in re.findall(r"```yaml\n(.*?)```", DOC, re.S)
            if re.search(r"^id: ", block, re.M)]


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_examples_are_valid_rulesets(example):
    resolved = resolve(load_document(example), builtin_lookup)
    assert resolved.data["extends"] and not resolved.warnings


def test_the_guide_has_its_examples():
    assert len(EXAMPLES) >= 6
