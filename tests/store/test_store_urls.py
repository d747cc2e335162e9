"""DATABASE_URL as operators write it, mapped to the driver the service uses."""
import pytest

from referee.store import database_url


@pytest.mark.parametrize("given, expected", [
    ("postgres://u@h:5432/db", "postgresql+psycopg://u@h:5432/db"),
    ("postgresql://u:p@h/db?sslmode=require", "postgresql+psycopg://u:p@h/db?sslmode=require"),
    ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
    ("sqlite:////tmp/x.db", "sqlite:////tmp/x.db"),
])
def test_database_url_maps_postgres_schemes_to_psycopg(given, expected):
    assert database_url(given) == expected


def test_default_is_a_sqlite_file_under_var(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert database_url() == "sqlite:///var/referee.db"
    assert (tmp_path / "var").is_dir()
