"""The glossary's terms for one language, and a translation marked with them.

`glossary_terms` is the one place the page reads the glossary: the terms to mark from
each language's "| English | term | note |" table of locales/GLOSSARY.md (the prose),
the retired words from locales/glossary.yaml, through the same rules `referee i18n
check` enforces (referee.text.glossary), so the page flags what the check refuses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from referee.text.catalogs import locales_dir
from referee.text.glossary import glossary_rules

ROW = re.compile(r"^\|(.+)\|\s*$")
SECTION = re.compile(r"^## .*\((?P<lang>[a-z]{2})\) glossary\s*$")


@dataclass(frozen=True)
class Term:
    text: str      # the words as a translation writes them
    english: str   # the concept, in English
    retired: bool  # a word the glossary replaced: a violation wherever it appears
    use: str = ""  # for a retired word, the words to write instead


def glossary_terms(lang: str) -> tuple[Term, ...]:
    """Every term and retired word of `lang`, longest first (so a phrase wins over a
    word inside it). Read again when a glossary file changes."""
    path = locales_dir() / "GLOSSARY.md"
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        terms = ()
    else:
        terms = _terms_of(str(path), stamp, lang)
    rules = glossary_rules(lang, locales_dir())
    retired = [Term(term, "", True, use) for term, use, _why in (rules.retired if rules else ())]
    unique = {term.text: term for term in (*terms, *retired)}  # a retired word wins
    return tuple(sorted(unique.values(), key=lambda term: -len(term.text)))


@lru_cache(maxsize=16)
def _terms_of(path: str, _stamp: int, lang: str) -> tuple[Term, ...]:
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    terms, section = [], None
    for line in lines:
        heading = SECTION.match(line)
        if heading or line.startswith("## "):
            section = heading["lang"] if heading else None
        row = ROW.match(line)
        if not row:
            continue
        cells = [cell.strip() for cell in row[1].split("|")]
        if section == lang and len(cells) == 3 and not set(cells[0]) <= {"-"} and cells[0] != "English":
            terms += [Term(word, cells[0], False) for word in _words(cells[1])]
    return tuple(terms)


def _words(cell: str) -> list[str]:
    """`લાલ / પીળો` and `વાઇલ્ડ (કાર્ડ)` as the words a sentence would contain."""
    plain = re.sub(r"\([^)]*\)|`[^`]*`|\"[^\"]*\"", "", cell)
    words = [word.strip(" .;=") for word in re.split(r"/|,|;|=", plain)]
    return [word for word in words if len(word) >= 2 and not re.search(r"[A-Za-z]", word)]


def marked(text: str, lang: str) -> list[tuple[str, Term | None]]:
    """`text` cut into pieces, each with the glossary term it is (or None)."""
    terms = glossary_terms(lang)
    if not terms or not text:
        return [(text, None)]
    by_text = {term.text: term for term in terms}
    pattern = re.compile("|".join(re.escape(term.text) for term in terms))
    pieces, at = [], 0
    for found in pattern.finditer(text):
        if found.start() > at:
            pieces.append((text[at:found.start()], None))
        pieces.append((found.group(), by_text[found.group()]))
        at = found.end()
    if at < len(text):
        pieces.append((text[at:], None))
    return pieces


def violations(text: str, lang: str) -> list[Term]:
    """The retired words `text` uses."""
    return [term for _piece, term in marked(text, lang) if term is not None and term.retired]
