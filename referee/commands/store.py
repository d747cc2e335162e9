"""`referee init-db` and `referee token create|revoke NAME`.

Both use DATABASE_URL (or the default SQLite file), like the service."""
import click

from referee.config import command_setting

from referee.store.db import POOL_SIZE
from referee.store.errors import StoreError
from referee.store.repository import Store


def _store():
    store = Store(command_setting("DATABASE_URL"), pool_size=command_setting("DB_POOL_SIZE", POOL_SIZE))
    store.migrate()
    return store


@click.command("init-db")
def init_db():
    """Run the schema migrations up to the newest (safe to run again)."""
    store = _store()
    click.echo(f"database ready ({store.dialect})")


@click.group()
def token():
    """Organisers' bearer tokens, needed to upload rulesets."""


def _organiser_name(_ctx, _param, value):
    if not 0 < len(value) <= 200 or not value.isprintable():
        raise click.BadParameter("1 to 200 printable characters")
    return value


@token.command("create")
@click.argument("name", callback=_organiser_name)
def create(name):
    """Create a token for organiser NAME and print it (it is shown only this once)."""
    try:
        click.echo(_store().create_token(name))
    except StoreError as exc:
        raise click.ClickException(str(exc)) from exc


@token.command("revoke")
@click.argument("name")
def revoke(name):
    """Revoke organiser NAME's token (their rulesets stay published)."""
    try:
        _store().revoke_token(name)
    except StoreError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"revoked the token of {name}")
