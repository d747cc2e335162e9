"""The `referee` command. Each domain contributes its own click group or command,
so that rules, engine, store and text stay independent of one another."""
import importlib

import click

# (module, attribute) pairs; each attribute is a click command or group.
SUBCOMMANDS = [
    ("referee.rules.cli", "validate"),
    ("referee.rules.cli", "show"),
    ("referee.engine.cli", "simulate"),
    ("referee.store.cli", "token"),
    ("referee.store.cli", "init_db"),
    ("referee.text.cli", "i18n"),
]


@click.group()
def main():
    """Referee for the UNO family of card games."""


def _register():
    for module_name, attribute in SUBCOMMANDS:
        main.add_command(getattr(importlib.import_module(module_name), attribute))


_register()
