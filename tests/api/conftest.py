import re
import secrets

import pytest
from flask.testing import FlaskClient

from apitest import OPENING
from referee.api import create_app
from referee.store.testing import backends, migrated, scratch_database


@pytest.fixture(scope="session", params=backends())
def database_url(request, tmp_path_factory):
    """SQLite always; PostgreSQL too when DATABASE_URL names it (a fresh schema)."""
    with scratch_database(request.param, tmp_path_factory.mktemp(request.param)) as url:
        yield url


TABLE_WRITE = re.compile(r"^/v1/tables/([A-Za-z0-9_-]+)/(moves|secret)(\?|$)")


class PhoneClient(FlaskClient):
    """The test client as a phone app uses the API: it keeps the secret of every table
    it opens (or joins) and sends it with that table's moves, unless the test sends an
    Authorization header of its own. Tests of access itself use `anonymous`."""

    table_secrets = {}

    def open(self, *args, **kwargs):
        path = args[0] if args and isinstance(args[0], str) else None
        found = TABLE_WRITE.match(path) if path else None
        headers = dict(kwargs.get("headers") or {})
        if found and found.group(1) in self.table_secrets and "Authorization" not in headers:
            headers["Authorization"] = f"Bearer {self.table_secrets[found.group(1)]}"
            kwargs["headers"] = headers
        response = super().open(*args, **kwargs)
        if (path and path.split("?")[0] in ("/v1/tables", "/v1/tables/join")
                and response.status_code in (200, 201) and response.is_json):
            body = response.get_json()
            if isinstance(body, dict) and body.get("secret"):
                self.table_secrets[body["id"]] = body["secret"]
        return response


@pytest.fixture(scope="session")
def app(database_url):
    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True,
                      "RATE_LIMITS": "off"})
    app.test_client_class = PhoneClient
    yield app
    app.extensions["referee"].store.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def anonymous(app):
    """A client that sends only the headers a test gives it (no table secrets)."""
    return FlaskClient(app, app.response_class)


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
