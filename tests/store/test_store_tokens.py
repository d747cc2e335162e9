"""Organiser tokens: shown once, stored as a digest, revocable."""
import secrets

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from referee.store import OrganiserExists, UnknownOrganiser, db, token_digest
from referee.commands.store import init_db, token


def unique(name):
    return f"{name}-{secrets.token_hex(4)}"


def test_a_token_names_its_organiser_and_only_its_digest_is_stored(store):
    name = unique("asha")
    value = store.create_token(name)
    assert store.organiser_for(value.encode()) == name
    with store.engine.connect() as conn:
        stored = conn.execute(select(db.organisers.c.token_sha256)
                              .where(db.organisers.c.name == name)).scalar()
    assert stored == token_digest(value.encode()) and value not in stored


@pytest.mark.parametrize("odd", [b"", b"\xff\xfe", "नमस्ते".encode(), b"a\x00b", b"\r\n", b"x" * 10000])
def test_odd_bytes_match_nobody(store, odd):
    assert store.organiser_for(odd) is None


def test_an_organiser_has_one_active_token(store):
    name = unique("bina")
    store.create_token(name)
    with pytest.raises(OrganiserExists):
        store.create_token(name)


def test_a_revoked_token_stops_working_and_a_new_one_can_be_issued(store):
    name = unique("chirag")
    old = store.create_token(name)
    store.revoke_token(name)
    assert store.organiser_for(old.encode()) is None
    with pytest.raises(UnknownOrganiser):
        store.revoke_token(name)
    new = store.create_token(name)
    assert store.organiser_for(new.encode()) == name
    assert store.organiser_for(old.encode()) is None


def test_cli_creates_prints_once_and_revokes(database_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", database_url)
    runner = CliRunner()
    assert runner.invoke(init_db).exit_code == 0
    name = unique("dev")
    created = runner.invoke(token, ["create", name])
    assert created.exit_code == 0
    printed = created.output.strip()
    assert len(printed) >= 40
    again = runner.invoke(token, ["create", name])
    assert again.exit_code != 0 and "revoke" in again.output
    revoked = runner.invoke(token, ["revoke", name])
    assert revoked.exit_code == 0
    assert runner.invoke(token, ["revoke", name]).exit_code != 0


@pytest.mark.parametrize("name", ["", "x" * 201, "tab\there"])
def test_cli_refuses_unusable_names(database_url, monkeypatch, name):
    monkeypatch.setenv("DATABASE_URL", database_url)
    result = CliRunner().invoke(token, ["create", name])
    assert result.exit_code == 2 and "printable" in result.output
