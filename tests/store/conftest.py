import pytest

from referee.store import Store
from referee.store.testing import backends, scratch_database


@pytest.fixture(scope="session", params=backends())
def database_url(request, tmp_path_factory):
    """An empty database per backend (SQLite always; PostgreSQL when DATABASE_URL is set)."""
    with scratch_database(request.param, tmp_path_factory.mktemp(request.param)) as url:
        yield url


@pytest.fixture(scope="session")
def store(database_url):
    store = Store(database_url)
    store.migrate()
    yield store
    store.dispose()
