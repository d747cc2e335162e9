import pytest

from referee.store.testing import backends, migrated, scratch_database


@pytest.fixture(params=backends())
def database_url(request, tmp_path):
    """A migrated scratch database per backend, as `referee init-db` leaves it."""
    with scratch_database(request.param, tmp_path) as url:
        yield migrated(url)
