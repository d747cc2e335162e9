"""What a house ruleset changes, in words, for the organisers' workshop page.

Both rulesets are turned into rule text; since every sentence carries the key of the
rule it states, the differences are exactly the sentences whose rule differs.
"""
from .catalogs import translator
from .ruletext import build_sections


def _is_placeholder_fact(key: str) -> bool:
    """"No house rules are in effect" and the like: they only fill an empty section."""
    return key.endswith(".none")


def describe_changes(child_resolved: dict, parent_resolved: dict, lang: str) -> list[str]:
    tr = translator(lang)
    parent_title = str(parent_resolved.get("title") or parent_resolved.get("id") or "")
    changes = []
    for child, parent in zip(build_sections(child_resolved, lang), build_sections(parent_resolved, lang)):
        now = {key: text for key, text in child.facts if not _is_placeholder_fact(key)}
        before = {key: text for key, text in parent.facts if not _is_placeholder_fact(key)}
        for key, text in now.items():
            if key not in before:
                # TRANSLATORS: workshop page: a rule the house ruleset adds; {section} is a section title, {parent} a ruleset title.
                changes.append(tr.gettext("{section}: {rule} (not in {parent})",
                                          section=child.title, rule=text, parent=parent_title))
            elif before[key] != text:
                # TRANSLATORS: workshop page: a rule the house ruleset changes; {before} is how {parent} has it.
                changes.append(tr.gettext("{section}: {rule} ({parent}: {before})",
                                          section=child.title, rule=text, parent=parent_title, before=before[key]))
        for key, text in before.items():
            if key not in now:
                # TRANSLATORS: workshop page: a rule of {parent} that the house ruleset drops.
                changes.append(tr.gettext("{section}: no longer applies: {rule} (as in {parent})",
                                          section=child.title, rule=text, parent=parent_title))
    return changes
