"""The rule book links to the referee's rulings (docs/rulings.md), which the site serves."""
from pathlib import Path

import pytest

from referee.api import create_app

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    database = tmp_path_factory.mktemp("web-rulings") / "referee.db"
    return create_app({"DATABASE_URL": f"sqlite:///{database}", "TESTING": True}).test_client()


@pytest.mark.parametrize("lang", ["en", "gu", "hi", "ne", "te"])
def test_every_rule_book_links_to_the_rulings(client, lang):
    page = client.get("/", query_string={"ruleset": "attack", "lang": lang}).get_data(as_text=True)
    assert 'href="/rulings"' in page


def test_the_rulings_are_served_as_written(client):
    answer = client.get("/rulings")
    assert answer.status_code == 200
    assert answer.get_data(as_text=True) == (REPO / "docs/rulings.md").read_text(encoding="utf-8")
