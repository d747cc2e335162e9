"""The rule book links to the referee's rulings (docs/rulings.md), which the site serves."""
import re
from pathlib import Path

import pytest

from referee.api import create_app
from referee.store.testing import migrated

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    database = tmp_path_factory.mktemp("web-rulings") / "referee.db"
    return create_app({"DATABASE_URL": migrated(f"sqlite:///{database}"), "TESTING": True,
                       "RATE_LIMITS": "off"}).test_client()


@pytest.mark.parametrize("lang", ["en", "gu", "hi", "ne", "te"])
def test_every_rule_book_links_to_the_rulings(client, lang):
    page = client.get("/", query_string={"ruleset": "attack", "lang": lang}).get_data(as_text=True)
    assert 'href="/rulings"' in page


def test_the_rulings_are_served_as_written(client):
    answer = client.get("/rulings")
    assert answer.status_code == 200
    assert answer.get_data(as_text=True) == (REPO / "docs/rulings.md").read_text(encoding="utf-8")


def test_every_ruling_says_where_it_comes_from_or_that_it_is_the_projects_own_choice():
    """Each ruling names its basis: a seed text or RULES.md, or, where the sources are
    silent, says it is the project's own choice (with its reason beside it)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md").read_text(encoding="utf-8")
    rulings = re.split(r"^### ", text, flags=re.M)[1:]
    assert len(rulings) >= 24
    for ruling in rulings:
        basis = re.search(r"\*\*Seeds:\*\*(.*?)(?=\n- \*\*|\Z)", ruling, re.S)
        assert basis, ruling.splitlines()[0]
        said = " ".join(basis.group(1).split())
        cited = re.search(r"\(0\d\d|RULES\.md \d|\b0\d\d\b", said)
        assert cited or "own choice" in said, (ruling.splitlines()[0], said)
