"""Rule text and locales, in the reader's language."""
import pytest

from apitest import problem


@pytest.mark.parametrize("lang", ["en", "gu", "hi", "ne", "te"])
def test_rule_text_in_each_language(client, lang):
    response = client.get(f"/v1/rulesets/classic/text?lang={lang}")
    body = response.get_json()
    assert response.status_code == 200
    assert response.headers["Content-Language"] == lang == body["lang"]
    assert "Accept-Language" in response.headers["Vary"]
    assert body["sections"] and all({"id", "title", "paragraphs"} <= set(s) for s in body["sections"])


def test_accept_language_chooses_when_there_is_no_lang(client):
    response = client.get("/v1/rulesets/sonic/text", headers={"Accept-Language": "te-IN, en;q=0.5"})
    assert response.headers["Content-Language"] == "te"


def test_an_unserved_language_falls_back_to_english(client):
    response = client.get("/v1/rulesets/classic/text", headers={"Accept-Language": "fr"})
    assert response.headers["Content-Language"] == "en"


def test_unknown_ruleset_text(client):
    problem(client.get("/v1/rulesets/nope/text"), 404)


def test_locales_report_every_language(client):
    response = client.get("/v1/locales")
    langs = {entry["lang"] for entry in response.get_json()["locales"]}
    assert {"en", "gu", "hi", "ne", "te"} <= langs
    assert "\\u" not in response.get_data(as_text=True)  # endonyms stay readable


def test_health_and_common_headers(client):
    response = client.get("/v1/health")
    assert response.status_code == 200 and response.get_json() == {"status": "ok"}
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Cache-Control"] == "no-store"
