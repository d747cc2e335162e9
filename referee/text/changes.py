"""What a house ruleset changes, in words, for the organisers' workshop page.

Both rulesets are turned into rule text; since every sentence carries the key of the
rule it states, the differences are exactly the sentences whose rule differs.
"""
from .catalogs import translator
from .ruletext import build_sections, ruleset_title


def _is_placeholder_fact(key: str) -> bool:
    """"No house rules are in effect" and the like: they only fill an empty section."""
    return key.endswith(".none")


def describe_changes(child_resolved: dict, parent_resolved: dict, lang: str) -> list[str]:
    tr = translator(lang)
    parent_title = ruleset_title(parent_resolved, lang)
    changes = []
    for child, parent in zip(build_sections(child_resolved, lang), build_sections(parent_resolved, lang)):
        now = {key: text for key, text in child.facts if not _is_placeholder_fact(key)}
        before = {key: text for key, text in parent.facts if not _is_placeholder_fact(key)}
        for key, text in now.items():
            if key not in before:
                # TRANSLATORS: workshop page, before a rule the house ruleset adds; {section} is a section title of the rule book, {parent} the title of the ruleset it extends. The rule follows as its own sentence.
                label = tr.gettext("New in “{section}” (not in {parent}):", section=child.title, parent=parent_title)
                changes.append(f"{label} {text}")
            elif before[key] != text:
                # TRANSLATORS: workshop page, before a rule the house ruleset changes; {section} is a section title of the rule book. The new rule follows as its own sentence.
                label = tr.gettext("Changed in “{section}”:", section=child.title)
                # TRANSLATORS: workshop page, before the rule as the parent ruleset {parent} has it (a whole sentence follows).
                was = tr.gettext("In {parent} it was:", parent=parent_title)
                changes.append(f"{label} {text} {was} {before[key]}")
        for key, text in before.items():
            if key not in now:
                # TRANSLATORS: workshop page, before a rule of the parent ruleset {parent} that the house ruleset drops; {section} is a section title. The dropped rule follows as its own sentence.
                label = tr.gettext("Dropped from “{section}” (a rule of {parent}):", section=child.title,
                                   parent=parent_title)
                changes.append(f"{label} {text}")
    return changes
