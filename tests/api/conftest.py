import secrets

import pytest

from apitest import OPENING
from referee.api import create_app
from referee.store.testing import backends, migrated, scratch_database


@pytest.fixture(scope="session", params=backends())
def database_url(request, tmp_path_factory):
    """SQLite always; PostgreSQL too when DATABASE_URL names it (a fresh schema)."""
    with scratch_database(request.param, tmp_path_factory.mktemp(request.param)) as url:
        yield url


@pytest.fixture(scope="session")
def app(database_url):
    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True,
                      "RATE_LIMITS": "off"})
    yield app
    app.extensions["referee"].store.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def organiser(app):
    """(name, token) of a fresh organiser."""
    name = f"org-{secrets.token_hex(4)}"
    return name, app.extensions["referee"].store.create_token(name)


@pytest.fixture
def table(client):
    """A classic table, opened on red-7 with Bina (seat 1) to play: its JSON answer."""
    response = client.post("/v1/tables", json=OPENING)
    assert response.status_code == 201, response.get_json()
    return response.get_json()
