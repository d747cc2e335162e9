#!/usr/bin/env python3
"""Writes the house-option table of docs/rulesets.md ("Option reference", `house`) from
the ruleset schema (each option's title, value, default and description) and the house
options' declarations (referee/engine/house.py), between the markers in that file, so
the table cannot drift from what the referee validates, fills in and judges.

Every house option of the schema must be declared (it fills a field of the compiled
Rules and has a rule-book sentence), and every declaration must name an option of the
schema: the script fails otherwise.

Usage: .venv/bin/python scripts/ruleset_docs.py [--check]
  --check   exit 1 if docs/rulesets.md is not what this script would write
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.engine.house import HOUSE_OPTIONS, option_schema  # noqa: E402

DOC = ROOT / "docs" / "rulesets.md"
BEGIN = "<!-- house options: written by scripts/ruleset_docs.py from the schema and referee/engine/house.py -->"
END = "<!-- end of the house options -->"


def _value(schema: dict) -> str:
    if "enum" in schema:
        return " \\| ".join(f"`{value}`" for value in schema["enum"])
    kind = schema.get("type")
    if kind == "object":
        return "mapping" if "properties" in schema else "mapping by kind id"
    if kind == "array":
        return "list of card kind id"
    names = kind if isinstance(kind, list) else [kind]
    text = " or ".join(str(name) for name in names)
    if "minimum" in schema and "maximum" in schema:
        text += f" {schema['minimum']}–{schema['maximum']}"
    return text


def _default(schema: dict) -> str:
    if "properties" in schema:
        return ""   # a mapping's defaults are its fields'
    if "default" not in schema:
        return "—"
    return f"`{json.dumps(schema['default'], ensure_ascii=False)}`"


def option_paths(path: str = "house"):
    """The house options of the schema, in its order: mappings, then their fields."""
    for name, sub in option_schema(path).get("properties", {}).items():
        yield f"{path}.{name}"
        if "properties" in sub:
            yield from option_paths(f"{path}.{name}")


def undeclared() -> list[str]:
    """Schema options no declaration covers (itself, a mapping holding it, or a field of
    it), and declarations naming no option of the schema."""
    declared = {option.path for option in HOUSE_OPTIONS}
    paths = list(option_paths())
    missing = [path for path in paths
               if not any(path == d or path.startswith(d + ".") or d.startswith(path + ".") for d in declared)]
    return missing + sorted(declared - set(paths))


def house_table() -> str:
    house = option_schema("house")
    lines = [BEGIN, "", "### `house`", "", house["description"], "",
             "| key | value | default | what it does |", "|---|---|---|---|"]
    for path in option_paths():
        schema = option_schema(path)
        default = _default(schema)
        lines.append(f"| `{path}` | {_value(schema)} | {default}{' ' if default else ''}| {schema['description']} |")
    return "\n".join([*lines, "", END])


def written(text: str) -> str:
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + house_table() + text[end:]


def main() -> int:
    problems = undeclared()
    if problems:
        print("house options not declared in referee/engine/house.py, or declared but not in the schema:",
              ", ".join(problems))
        return 1
    text = DOC.read_text(encoding="utf-8")
    new = written(text)
    if "--check" in sys.argv[1:]:
        if new != text:
            print("docs/rulesets.md is stale: run scripts/ruleset_docs.py")
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
