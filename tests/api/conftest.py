import secrets

import pytest

from referee.api import create_app
from referee.store.testing import backends, scratch_database

PROBLEM_JSON = "application/problem+json"
OPENING = {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0,
           "first_card": "red-7"}


@pytest.fixture(scope="session", params=backends())
def database_url(request, tmp_path_factory):
    """SQLite always; PostgreSQL too when DATABASE_URL names it (a fresh schema)."""
    with scratch_database(request.param, tmp_path_factory.mktemp(request.param)) as url:
        yield url


@pytest.fixture(scope="session")
def app(database_url):
    app = create_app({"DATABASE_URL": database_url, "TESTING": True})
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


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def table(client):
    """A classic table, opened on red-7 with Bina (seat 1) to play: its JSON answer."""
    response = client.post("/v1/tables", json=OPENING)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def problem(response, status):
    """Assert an RFC 9457 answer with `status`; return its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM_JSON
    body = response.get_json()
    assert body["status"] == status
    assert body["type"].startswith("/docs#problem-")
    assert body["title"] and body["detail"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body


def unique_id(prefix="house"):
    return f"{prefix}-{secrets.token_hex(4)}"
