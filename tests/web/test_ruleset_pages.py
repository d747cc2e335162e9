"""Which rules and which titles the pages show, without a browser: the rule book reads
the version it is asked for (a table pinned to version 2 reads version 2's rules, not
the latest), and the /table picker titles every ruleset in the page's language."""
import html
import re

import pytest

from referee.api import create_app
from referee.rules import builtin_rulesets
from referee.store.testing import migrated
from referee.text.ruletext import ruleset_title

LANGS = ("en", "gu", "hi", "ne", "te")
HOUSE = "id: friday-night\ntitle: Friday night\nextends: classic\nscoring:\n  target: {target}\n"
TARGETS = {1: 350, 2: 450, 3: 550}  # one version each, published in this order


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    database = tmp_path_factory.mktemp("web-ruleset-pages") / "referee.db"
    app = create_app({"DATABASE_URL": migrated(f"sqlite:///{database}"), "TESTING": True,
                      "RATE_LIMITS": "off"})
    token = app.extensions["referee"].store.create_token("web-ruleset-pages")
    client = app.test_client()
    for version, target in TARGETS.items():
        published = client.post("/v1/rulesets", data=HOUSE.format(target=target).encode(),
                                content_type="application/yaml",
                                headers={"Authorization": f"Bearer {token}"})
        assert published.status_code == 201, published.get_data(as_text=True)
        assert published.get_json()["version"] == version
    return client


def book(client, lang, **query):
    answer = client.get("/", query_string={"ruleset": "friday-night", "lang": lang, **query})
    return answer.status_code, answer.get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("version", sorted(TARGETS))
def test_the_rule_book_reads_the_version_asked_for(client, lang, version):
    status, page = book(client, lang, version=str(version))
    assert status == 200
    shown = {target for target in TARGETS.values() if str(target) in page}
    assert shown == {TARGETS[version]}, (version, shown)
    assert f"(v{version})" in page and all(f"(v{other})" not in page for other in TARGETS if other != version)
    # the same rules as the API's text of that version
    text = client.get(f"/v1/rulesets/friday-night/text?version={version}&lang={lang}").get_json()
    assert str(TARGETS[version]) in str(text)


@pytest.mark.parametrize("lang", LANGS)
def test_without_a_version_the_rule_book_reads_the_latest(client, lang):
    status, page = book(client, lang)
    assert status == 200 and str(TARGETS[3]) in page and str(TARGETS[1]) not in page


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("version", ["4", "0", "-1", "two", "१", "9" * 40])
def test_a_version_the_ruleset_does_not_have_gets_a_page_saying_so(client, lang, version):
    status, page = book(client, lang, version=version)
    assert status == 404 and 'role="alert"' in page and f'<html lang="{lang}"' in page
    assert html.escape(version) in page
    assert not any(str(target) in page for target in TARGETS.values())


def table_titles(client, lang):
    page = client.get("/table", query_string={"lang": lang}).get_data(as_text=True)
    picker = page[page.index("<select"):]
    return {value: html.unescape(title) for value, title in
            re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', picker)}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_page_titles_the_rulesets_in_its_language(client, lang):
    titles = table_titles(client, lang)
    shown = {ruleset_id: titles[ruleset_id] for ruleset_id in builtin_rulesets() if ruleset_id in titles}
    assert {"classic", "attack", "flip", "no-mercy"} <= set(shown)
    for ruleset_id, title in shown.items():
        assert title.strip() == ruleset_title(builtin_rulesets()[ruleset_id].data, lang)
    if lang != "en":
        english = table_titles(client, "en")
        assert titles["attack"] != english["attack"] and titles["no-mercy"] != english["no-mercy"]
