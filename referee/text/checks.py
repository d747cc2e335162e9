"""Checking a translator's catalog: what `referee i18n check` reports.

Each problem is data (file, line, msgid, what is wrong) and knows how serious it is:
an unfinished entry is only incomplete; a bad placeholder or a failing msgfmt check
blocks compiling; an unreadable file or a broken Plural-Forms header makes the whole
catalog unusable, so the service keeps its last good one (HOSTILE.md 11-13).
"""
import gettext
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, PoFileParser, read_po

from .render import is_bare_name, placeholders

PLURAL_SAMPLE = range(0, 1001)


@dataclass(frozen=True)
class CatalogProblem:
    """One thing wrong in a translator's catalog (a .po file), where it is and what."""

    file: str
    line: int
    msgid: str
    problem: str

    blocking = True  # compiling refuses a catalog with this problem
    fatal = False    # the catalog cannot be used at all

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.msgid}: {self.problem}"


class Incomplete(CatalogProblem):
    """An entry that still needs a translator (untranslated or fuzzy): English shows."""
    blocking = False


class BadPlaceholder(CatalogProblem):
    """A translation placeholder the runtime refuses to fill."""


class BrokenEntry(BadPlaceholder):
    """An entry the .po reader refuses (more plural forms than the header allows, an
    unknown keyword): left out of the catalog the service uses, so English shows for
    it and every other entry stays translated."""


class MsgfmtProblem(CatalogProblem):
    """What GNU msgfmt --check reports."""


class Unusable(CatalogProblem):
    """The catalog cannot be loaded: unreadable, or its Plural-Forms header fails."""
    fatal = True


@dataclass
class LoadedCatalog:
    path: Path
    catalog: object | None
    problems: list[CatalogProblem] = field(default_factory=list)

    @property
    def fatal(self) -> list[CatalogProblem]:
        return [problem for problem in self.problems if problem.fatal]


def _header_line(path: Path, name: str) -> int:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for number, line in enumerate(handle, 1):
                if line.startswith(f'"{name}:'):
                    return number
    except OSError:
        pass
    return 1


def plural_forms_problem(num_plurals, expression: str) -> str | None:
    """Why a Plural-Forms header is broken, or None: it must parse and give an index
    in range for every n in 0..1000."""
    if not isinstance(num_plurals, int) or num_plurals < 1:
        return f"Plural-Forms: nplurals={num_plurals!r} is not a positive number"
    try:
        choose = gettext.c2py(expression)
    except (ValueError, SyntaxError, RecursionError) as exc:
        return f"Plural-Forms: plural={expression!r} does not parse ({exc})"
    for n in PLURAL_SAMPLE:
        try:
            index = choose(n)
        except ArithmeticError as exc:
            return f"Plural-Forms: plural={expression!r} fails for n={n} ({exc})"
        if not 0 <= index < num_plurals:
            return f"Plural-Forms: plural={expression!r} gives index {index} for n={n}, but nplurals={num_plurals}"
    return None


# A line of a .po file: a comment, blank, or a keyword and/or one quoted string that
# is closed on the same line (Babel's reader silently cuts the last character of an
# unclosed string; msgfmt refuses it).
_PO_LINE = re.compile(r'^\s*(?:#.*|(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"\s*)?$')


def unclosed_string_line(path: Path) -> int | None:
    """The first line whose quoted string is not closed (or that is no .po line at all)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for number, line in enumerate(handle, 1):
                if not _PO_LINE.match(line.rstrip("\r\n")):
                    return number
    except OSError:
        return None
    return None


class _EntryRecordingParser(PoFileParser):
    """Babel's .po reader, reading on past a bad entry: it records what is wrong
    (line, message) and leaves the entry out of the catalog."""

    def __init__(self, catalog):
        super().__init__(catalog, abort_invalid=False)
        self.broken = []        # [(line (1-based), msgid, what is wrong)]
        self._faults = []       # what is wrong with the entry being read

    def _invalid_pofile(self, line, lineno, msg) -> None:
        self._faults.append((lineno + 1, msg))

    def _add_message(self) -> None:
        msgid = (tuple(m.denormalize() for m in self.messages) if len(self.messages) > 1
                 else self.messages[0].denormalize())
        context = self.context.denormalize() if self.context else None
        obsolete = self.obsolete
        super()._add_message()  # may report (more plural forms than the header has)
        if self._faults:  # what went wrong since the last entry belongs to this one
            if not obsolete:
                self.catalog.delete(msgid, context=context)
            self.broken.extend((line, msgid, what) for line, what in self._faults)
            self._faults = []


def _read_leaving_out_broken_entries(path: Path):
    """(catalog, [(line, msgid, what is wrong)]) with every broken entry left out."""
    catalog = Catalog()
    parser = _EntryRecordingParser(catalog)
    with open(path, "rb") as handle:
        parser.parse(handle)
    if parser._faults:  # after the last entry: tied to no entry
        parser.broken.extend((line, "", what) for line, what in parser._faults)
    return catalog, parser.broken


def load_catalog(path: Path) -> LoadedCatalog:
    """The catalog of a .po file as the service uses it, with what is wrong with it. An
    entry Babel's reader refuses is left out (a BrokenEntry: English shows for it);
    the file is Unusable only when it cannot be read at all, its header is broken, or
    a quoted string is not closed (what follows it cannot be trusted)."""
    path = Path(path)
    broken_line = unclosed_string_line(path)
    unclosed = [] if broken_line is None else [Unusable(str(path), broken_line, '""', (
        "a quoted string is not closed on this line (or the line is not .po syntax); "
        "the service keeps the last good catalog"))]
    problems = list(unclosed)
    try:
        with open(path, "rb") as handle:
            catalog = read_po(handle, abort_invalid=True)
    except PoFileError as refused:
        if unclosed:  # the lines after an unclosed string cannot be told apart
            return LoadedCatalog(path, None, [*problems, Unusable(str(path), refused.lineno + 1, '""',
                                                                  f"cannot be read: {refused}")])
        try:
            catalog, broken = _read_leaving_out_broken_entries(path)
        except Exception as exc:  # noqa: BLE001 - any failure to read means "unusable"
            return LoadedCatalog(path, None, [*problems, Unusable(str(path), 1, '""', f"cannot be read: {exc}")])
        for line, msgid, what in broken:
            if not msgid:  # the header, or no entry at all: nothing can be trusted
                problems.append(Unusable(str(path), line, '""', f"cannot be read: {what}"))
            else:
                problems.append(BrokenEntry(str(path), line, shown_msgid(msgid), (
                    f"cannot be read: {what}; the service leaves this entry out (English shows "
                    "for it) until it is fixed")))
        if any(problem.fatal for problem in problems):
            return LoadedCatalog(path, None, problems)
    except Exception as exc:  # noqa: BLE001 - any failure to read means "unusable"
        line = getattr(exc, "lineno", None)
        line = line + 1 if isinstance(line, int) else 1
        return LoadedCatalog(path, None, [*problems, Unusable(str(path), line, '""', f"cannot be read: {exc}")])
    loaded = LoadedCatalog(path, catalog, problems)
    broken = plural_forms_problem(catalog.num_plurals, catalog.plural_expr)
    if broken:
        loaded.problems.append(Unusable(str(path), _header_line(path, "Plural-Forms"), '""', broken))
    return loaded


def shown_msgid(msgid) -> str:
    text = msgid[0] if isinstance(msgid, (tuple, list)) else msgid
    text = str(text).replace("\n", "\\n")
    if not text:
        return '""'  # the header, or a line msgfmt does not tie to an entry
    return text if len(text) <= 80 else text[:77] + "..."


def entry_problems(loaded: LoadedCatalog) -> list[CatalogProblem]:
    catalog, file = loaded.catalog, str(loaded.path)
    problems: list[CatalogProblem] = []
    for message in catalog:
        if not message.id:
            continue  # the header
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        where = dict(file=file, line=message.lineno or 0, msgid=shown_msgid(message.id))
        if message.fuzzy:
            problems.append(Incomplete(**where, problem="fuzzy: a translator must review it"))
        elif not all(strings):
            problems.append(Incomplete(**where, problem="untranslated"))
        if message.fuzzy:
            continue  # never used until reviewed (msgfmt and the service leave it out)
        if message.pluralizable and any(strings) and len(strings) != catalog.num_plurals:
            problems.append(BadPlaceholder(**where, problem=(
                f"has {len(strings)} plural forms, but the Plural-Forms header says {catalog.num_plurals}")))
        problems.extend(placeholder_problems(ids, strings, where))
    return problems


def placeholder_problems(ids, strings, where) -> list[CatalogProblem]:
    allowed = set()
    for source in ids:
        try:
            allowed.update(name for name in placeholders(source) if is_bare_name(name))
        except ValueError:
            pass
    problems = []
    for text in dict.fromkeys(strings):  # each distinct form once
        if not text:
            continue
        try:
            fields = placeholders(text)
        except ValueError as exc:
            problems.append(BadPlaceholder(**where, problem=f"unbalanced braces in the translation ({exc})"))
            continue
        for name in fields:
            if not is_bare_name(name):
                problems.append(BadPlaceholder(**where, problem=(
                    f"placeholder {{{name}}} {_what_is_wrong(name)}; write it as a bare name, as in the msgid")))
            elif name not in allowed:
                problems.append(BadPlaceholder(**where, problem=f"placeholder {{{name}}} is not in the msgid"))
    return list(dict.fromkeys(problems))


_FIELD = re.compile(r"^(?P<name>[^!:]*)(?:!(?P<conversion>[^:]*))?(?::(?P<spec>.*))?$", re.DOTALL)


def _what_is_wrong(field: str) -> str:
    """Why a placeholder is refused, in the translator's terms."""
    parts = _FIELD.match(field)
    name = parts["name"] if parts else field
    if "." in name or "[" in name:
        return "uses attribute or index access"
    if parts and parts["conversion"] is not None:
        return "uses a conversion (!r, !s, !a)"
    if parts and parts["spec"] is not None:
        return "uses a format spec (:...)"
    if not name or name.isdigit():
        return "is positional"
    return "is not a valid name"


_MSGFMT_LINE = re.compile(r"^(?P<file>.*?):(?P<line>\d+)(?::\d+)?: (?P<text>.*)$")
_MSGFMT_SUMMARY = re.compile(r"found \d+ fatal errors?$")


def msgfmt_problems(path: Path, loaded: LoadedCatalog | None = None) -> list[CatalogProblem]:
    """What `msgfmt --check` says about the file, one problem per reported line."""
    if shutil.which("msgfmt") is None:
        return [MsgfmtProblem(str(path), 0, '""', "msgfmt is not installed (scripts/system-deps.sh installs gettext)")]
    try:
        result = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True,
                                text=True, errors="replace", env={**os.environ, "LC_ALL": "C"}, timeout=60)
    except subprocess.TimeoutExpired:
        return [MsgfmtProblem(str(path), 0, '""', "msgfmt --check did not finish within 60 seconds")]
    if result.returncode == 0:
        return []
    problems = []
    for raw in result.stderr.splitlines():
        text = raw.strip()
        if not text or _MSGFMT_SUMMARY.search(text) or ": warning: " in text:
            continue  # a warning alone does not fail msgfmt; the summary repeats the count
        match = _MSGFMT_LINE.match(text)
        if match:
            line = int(match["line"])
            problems.append(MsgfmtProblem(str(path), line, _msgid_at(loaded, line), f"msgfmt: {match['text']}"))
        else:
            problems.append(MsgfmtProblem(str(path), 0, '""', text))
    if not problems:
        problems.append(MsgfmtProblem(str(path), 0, '""', f"msgfmt --check failed (exit {result.returncode})"))
    return problems


def _msgid_at(loaded: LoadedCatalog | None, line: int) -> str:
    """The msgid of the entry that holds a line of the file (best effort)."""
    if loaded is None or loaded.catalog is None:
        return '""'
    best = None
    for message in loaded.catalog:
        if message.id and message.lineno and message.lineno <= line + 1:
            if best is None or message.lineno > best.lineno:
                best = message
    return shown_msgid(best.id) if best is not None else '""'


def missing_problems(loaded: LoadedCatalog, template_path: Path) -> list[CatalogProblem]:
    """Messages of the template the catalog does not have yet (English shows for them)."""
    try:
        with open(template_path, "rb") as handle:
            template = read_po(handle)
    except Exception:  # noqa: BLE001 - no readable template: nothing to compare with
        return []
    have = {(message.context, _key(message.id)) for message in loaded.catalog if message.id}
    lang = loaded.catalog.locale_identifier or "LANG"
    return [Incomplete(str(loaded.path), 0, shown_msgid(message.id),
                       f"missing: merge messages.pot with `referee i18n update --lang {lang}`")
            for message in template
            if message.id and (message.context, _key(message.id)) not in have]


def _key(msgid):
    return msgid if isinstance(msgid, str) else msgid[0]


def check_catalog(path: Path, use_msgfmt: bool = True, template_path: Path | None = None) -> list[CatalogProblem]:
    """Every problem of one .po file, in file order (entries missing from it when
    compared with `template_path`, if given, come first, on line 0)."""
    loaded = load_catalog(path)
    problems = list(loaded.problems)
    if loaded.catalog is not None:
        problems.extend(entry_problems(loaded))
        if template_path is not None:
            problems.extend(missing_problems(loaded, template_path))
    if use_msgfmt:
        problems.extend(msgfmt_problems(Path(path), loaded))
    return sorted(problems, key=lambda problem: problem.line)
