"""The glossary enforced: retired terms, required terms and forbidden constructions
(locales/glossary.yaml, the one source of these facts) checked in a language's catalog
and in every shipped ruleset's `translations:`, each violation with its file and line
(`referee i18n check` prints them; the translators' page lists them with the rest)."""
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from .checks import CatalogProblem, shown_msgid
from .render import PLAIN, Grammar

GLOSSARY_FILE = "glossary.yaml"


class GlossaryViolation(CatalogProblem):
    """A translation that breaks the glossary: it still reads, so compiling goes on,
    but `referee i18n check` fails until it is reworded."""
    blocking = False


@dataclass(frozen=True)
class Rules:
    retired: tuple[tuple[str, str, str], ...]            # (term, use instead, why)
    required: tuple[tuple[str, re.Pattern, tuple[str, ...]], ...]  # (concept, English, terms)
    forbidden: tuple[tuple[re.Pattern, str], ...]         # (pattern, why)

    def violations(self, text: str, english: str | None = None) -> list[str]:
        """What is wrong with one translation (its English source, if given, decides
        which concepts it must name)."""
        found = [f"retired term “{term}”: write “{use}” ({why})"
                 for term, use, why in self.retired if term in text]
        found += [f"“{match.group(0)}”: {why}"
                  for pattern, why in self.forbidden for match in [pattern.search(text)] if match]
        if english is not None:
            found += [f"the English names the {concept}: use the glossary's “{' / '.join(terms)}”"
                      for concept, source, terms in self.required
                      if source.search(english) and not any(term in text for term in terms)]
        return found


@lru_cache(maxsize=8)
def _rules_from(path: str, stamp: float) -> dict[str, Rules]:
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    return {lang: Rules(
        retired=tuple((item["term"], item["use"], item["why"]) for item in spec.get("retired") or ()),
        required=tuple((item["concept"], re.compile(item["english"], re.IGNORECASE), tuple(item["terms"]))
                       for item in spec.get("required") or ()),
        forbidden=tuple((re.compile(item["pattern"]), item["why"]) for item in spec.get("forbidden") or ()))
        for lang, spec in data.items()}


def _data(locales: Path) -> dict:
    try:
        return yaml.safe_load((Path(locales) / GLOSSARY_FILE).read_text(encoding="utf-8")) or {}
    except OSError:
        return {}


def grammar_for(lang: str, locales: Path) -> Grammar:
    """How templates of `lang` are filled (the glossary's `grammar:`); plain filling
    for a language it has none for."""
    spec = (_data(locales).get(lang) or {}).get("grammar")
    if not spec:
        return PLAIN
    return Grammar(
        postpositions=tuple(sorted(spec.get("postpositions") or (), key=len, reverse=True)),
        nouns=tuple(spec.get("nouns") or ()),
        endings=tuple((item["ending"], re.compile(item["after"]), item["write"]) for item in spec.get("endings") or ()))


def glossary_rules(lang: str, locales: Path) -> Rules | None:
    """The glossary's rules for `lang` (None: the glossary has none for it)."""
    path = Path(locales) / GLOSSARY_FILE
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return None
    return _rules_from(str(path), stamp).get(lang)


def catalog_violations(loaded, lang: str, locales: Path) -> list[CatalogProblem]:
    """Every glossary violation in a loaded catalog (fuzzy and untranslated entries are
    not read: they are reported as incomplete already)."""
    rules = glossary_rules(lang, locales)
    if rules is None or loaded.catalog is None:
        return []
    problems = []
    for message in loaded.catalog:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        english = " ".join(ids)
        for text in dict.fromkeys(string for string in strings if string):
            for what in rules.violations(text, english):
                problems.append(GlossaryViolation(str(loaded.path), message.lineno or 0, shown_msgid(message.id),
                                                  f"glossary: {what}"))
    return list(dict.fromkeys(problems))


def _texts(value, path=()):
    """(key path, text) of every string in a `translations:` entry."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _texts(item, (*path, index))


def ruleset_violations(lang: str, locales: Path, root=None) -> list[CatalogProblem]:
    """Every glossary violation in the `translations:` of the shipped rulesets."""
    from referee.rules.loading import builtin_files, load_file

    rules = glossary_rules(lang, locales)
    if rules is None:
        return []
    problems = []
    for path in builtin_files(root):
        document = load_file(path)
        positions = getattr(document, "positions", {})
        translations = (document.get("translations") or {}).get(lang)
        for keys, text in _texts(translations, ("translations", lang)):
            line = (positions.get(keys) or (0, 0))[0] or 0
            for what in rules.violations(text):
                problems.append(GlossaryViolation(str(path), line, ".".join(map(str, keys)), f"glossary: {what}"))
    return problems
