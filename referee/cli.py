"""The `referee` command. Each domain has its own click group or command in
referee.commands, so that rules, engine, store and text stay independent of one another."""
import importlib

import click

from referee.config import settings
from referee.text.catalogs import use_locales_dir

# (module, attribute) pairs; each attribute is a click command or group.
SUBCOMMANDS = [
    ("referee.commands.rules", "validate"),
    ("referee.commands.rules", "show"),
    ("referee.commands.engine", "simulate"),
    ("referee.commands.store", "token"),
    ("referee.commands.store", "init_db"),
    ("referee.commands.text", "i18n"),
]


@click.group()
@click.pass_context
def main(ctx):
    """Referee for the UNO family of card games."""
    # The same settings as the service's (referee.config); a subcommand reads them from
    # ctx.obj. The catalogs' directory is the process's: restored when the command ends,
    # since tests run the command inside their own process.
    ctx.obj = settings()
    if ctx.obj.get("LOCALES_DIR"):
        previous = use_locales_dir(ctx.obj["LOCALES_DIR"])
        ctx.call_on_close(lambda: use_locales_dir(previous))


def _register():
    for module_name, attribute in SUBCOMMANDS:
        main.add_command(getattr(importlib.import_module(module_name), attribute))


_register()
