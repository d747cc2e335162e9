"""`referee i18n`: the translators' workflow (extract, update, compile, check)."""
import sys

import click

from referee.config import command_setting
from referee.text.catalogs import TRANSLATED_LANGUAGES, catalog_problems, locales_dir, po_path, pot_path
from referee.text.glossary import ruleset_violations
from referee.text import workflow

LANG_OPTION = click.option("--lang", "langs", multiple=True, type=click.Choice(TRANSLATED_LANGUAGES),
                           help="Only this language (repeatable); default: all of them.")


@click.group()
def i18n():
    """Translation catalogs: extract, update, compile, check."""


@i18n.command()
def extract():
    """Write locales/messages.pot from the code."""
    try:
        path = workflow.extract()
    except workflow.ExtractionError as exc:
        raise click.ClickException(f"{exc} (messages.pot unchanged)") from None
    click.echo(f"wrote {path}")


@i18n.command()
@LANG_OPTION
def update(langs):
    """Create a language's catalog, or merge messages.pot into it.

    Merge only your own language while others are translating: --lang gu."""
    if not pot_path().exists():
        raise click.ClickException(f"{pot_path()} does not exist: run `referee i18n extract` first")
    for lang in langs or TRANSLATED_LANGUAGES:
        try:
            (_lang, action), = workflow.update([lang])
        except Exception as exc:  # noqa: BLE001 - an unreadable catalog is left as it is
            raise click.ClickException(f"{po_path(lang)}: cannot merge ({exc}); fix the file and run again") from None
        click.echo(f"{action} {po_path(lang)}")


@i18n.command(name="compile")
@LANG_OPTION
def compile_(langs):
    """Build the .mo files; a catalog with a blocking problem keeps its old .mo."""
    refused = False
    for lang, compiled, problems in workflow.compile_catalogs(langs or TRANSLATED_LANGUAGES):
        if compiled:
            incomplete = len(problems)
            note = f" ({incomplete} entries still untranslated or fuzzy: English shows for them)" if incomplete else ""
            click.echo(f"compiled {lang}{note}")
        else:
            refused = True
            for problem in problems:
                click.echo(str(problem), err=True)
            click.echo(f"refused {lang}: fix the problems above; the previous .mo stays", err=True)
    sys.exit(1 if refused else 0)


@i18n.command()
@LANG_OPTION
def check(langs):
    """Report every problem, one per line (FILE:LINE: msgid: problem); exit 1 if any.

    Checked: each catalog (entries, placeholders, msgfmt, the glossary) and the shipped
    rulesets' `translations:` (the glossary)."""
    count = 0
    for lang in langs or TRANSLATED_LANGUAGES:
        for problem in [*catalog_problems(lang), *ruleset_violations(lang, locales_dir(), command_setting("RULESETS_DIR"))]:
            click.echo(str(problem))
            count += 1
    if count:
        click.echo(f"{count} problem{'' if count == 1 else 's'}", err=True)
    sys.exit(1 if count else 0)
