"""`referee validate` and `referee show`: the organiser's view of the ruleset checks."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
import yaml

from referee.config import command_setting

from referee.rules.errors import RulesetError, RulesetProblem
from referee.rules.loading import builtin_documents, builtin_files, load_file
from referee.rules.resolve import Resolved, resolve


LANGUAGE_OPTION = click.option("--lang", default="en", show_default=True,
                               type=click.Choice(["en", "gu", "hi", "ne", "te"]),
                               help="The language of the problem messages.")


def _format(source: str, problem: RulesetProblem, lang: str = "en") -> str:
    """FILE:LINE:COL: [warning:] path: message [code], the message in `lang`."""
    from referee.text.catalogs import translator
    from referee.text.problems import problem_message

    where = f"{source}:{problem.line}:{problem.column}" if problem.line else source
    # TRANSLATORS: before a ruleset remark that is not an error (the CLI and the workshop).
    severity = f"{translator(lang).gettext('Warning:')} " if problem.severity == "warning" else ""
    path = f"{problem.path}: " if problem.path else ""
    message = problem_message(problem.code, problem.params, lang) or problem.message
    return f"{where}: {severity}{path}{message} [{problem.code}]"


def _valid_line(path: str, ruleset_id: str, warnings: int, lang: str) -> str:
    """The line that says a file passed, in `lang` (stderr: stdout lists only problems)."""
    from referee.text.catalogs import translator

    # TRANSLATORS: `referee validate` (the organisers' command line): the file passed every check; {file} is its name, {id} the ruleset id, {count} the warnings printed above.
    return translator(lang).ngettext("{file}: the ruleset {id} is valid, with {count} warning.",
                                     "{file}: the ruleset {id} is valid, with {count} warnings.",
                                     warnings, file=path, id=ruleset_id, count=warnings)


def _builtin_documents_leniently() -> dict:
    """The built-in documents that load; a broken one must not stop checking the others."""
    try:
        return dict(builtin_documents(command_setting("RULESETS_DIR")))
    except RulesetError:
        documents = {}
        for path in builtin_files(command_setting("RULESETS_DIR")):
            try:
                document = load_file(path)
            except RulesetError:
                continue
            documents.setdefault(document["id"], document)
        return documents


def file_lookup(path: str, also=(), builtins: dict | None = None):
    """The parents a ruleset file may extend: the files given with it (`also`), a file
    named after the parent's id beside it (`<id>.yaml` or `.yml`), then the built-ins."""
    given = {}
    for other in also:
        document = load_file(other)
        given[document["id"]] = document
    builtins = _builtin_documents_leniently() if builtins is None else builtins
    folder = Path(path).parent

    def lookup(ruleset_id):
        if ruleset_id in given:
            return given[ruleset_id]
        for suffix in (".yaml", ".yml"):
            beside = folder / f"{ruleset_id}{suffix}"
            if beside.is_file() and beside.resolve() != Path(path).resolve():
                return load_file(str(beside))
        return builtins.get(ruleset_id)
    return lookup


def _check(path: str, lookup) -> tuple[list[RulesetProblem], Resolved | None]:
    try:
        resolved = resolve(load_file(path), lookup)
    except RulesetError as exc:
        return exc.problems, None
    return resolved.warnings, resolved


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@LANGUAGE_OPTION
def validate(files, lang):
    """Check ruleset FILES: strict YAML, the schema, extends and the semantic checks.

    Prints each problem as FILE:LINE:COL: path: message [code] (the message in
    --lang) and exits 1 if any is an
    error (warnings are printed but do not fail). A file may extend a built-in
    ruleset or another file given on the same command line.
    """
    documents = _builtin_documents_leniently()
    for path in files:  # files named together may extend one another
        try:
            document = load_file(path)
        except RulesetError:
            continue
        documents[document["id"]] = document
    failed = False
    for path in files:
        problems, resolved = _check(path, documents.get)
        for problem in problems:
            click.echo(_format(path, problem, lang))
        failed = failed or resolved is None
        if resolved is not None:
            click.echo(_valid_line(path, resolved.id, len(problems), lang), err=True)
    sys.exit(1 if failed else 0)


@click.command()
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of YAML.")
@click.option("--with", "also", multiple=True, type=click.Path(dir_okay=False, exists=True),
              help="A parent ruleset file (repeatable); a parent file named <id>.yaml beside "
                   "RULESET is found without it.")
def show(ruleset, as_json, also):
    """Print the resolved RULESET (a built-in id or a file): every option, defaults filled."""
    documents = _builtin_documents_leniently()
    try:
        if Path(ruleset).is_file():
            document = load_file(ruleset)
            lookup = file_lookup(ruleset, also, documents)
        elif ruleset in documents:
            document = documents[ruleset]
            lookup = documents.get
        else:
            known = ", ".join(sorted(documents))
            raise click.BadParameter(f"no file and no built-in ruleset {ruleset!r} "
                                     f"(built-in: {known})", param_hint="RULESET")
        resolved = resolve(document, lookup)
    except RulesetError as exc:
        for problem in exc.problems:
            click.echo(_format(exc.source or ruleset, problem), err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(resolved.data, indent=2, ensure_ascii=False))
    else:
        click.echo(yaml.safe_dump(resolved.data, sort_keys=False, allow_unicode=True, width=100),
                   nl=False)
