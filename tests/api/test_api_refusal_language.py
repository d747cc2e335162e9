"""The service's own refusals (a token, an owner, a built-in id, a rate limit) are said
in the language the request asks for, as the workshop shows them: a Gujarati or Hindi
organiser never reads an English sentence inside their page."""
import re

import pytest

from referee.store.testing import migrated

from apitest import bearer, problem, unique_id
from test_api_bounds import limited_app

LATIN_WORDS = re.compile(r"[A-Za-z]{4,}")


def upload(client, token, text, lang):
    return client.post(f"/v1/rulesets?lang={lang}", data=text.encode("utf-8"),
                       content_type="application/yaml", headers=bearer(token))


def in_the_language(detail, english, allowed=()):
    """Not the English sentence, and no English word but the ids and keys it quotes."""
    return detail != english and set(LATIN_WORDS.findall(detail)) <= set(allowed)


@pytest.mark.parametrize("lang", ["gu", "hi", "ne", "te"])
def test_an_unknown_token_is_refused_in_the_page_s_language(client, lang):
    english = problem(upload(client, "not-a-token", "id: x\n", "en"), 401)["detail"]
    detail = problem(upload(client, "not-a-token", "id: x\n", lang), 401)["detail"]
    assert "revoked" in english and in_the_language(detail, english)


@pytest.mark.parametrize("lang", ["en", "gu", "hi"])
def test_overwriting_a_built_in_says_which_line_to_write_instead(client, organiser, lang):
    text = "id: classic\ntitle: Ours\nextends: sonic\n"
    detail = problem(upload(client, organiser[1], text, lang), 403)["detail"]
    assert "{" not in detail and "extends: classic" in detail
    if lang != "en":
        assert in_the_language(detail, "", {"classic", "extends"})


@pytest.mark.parametrize("lang", ["gu", "hi"])
def test_another_organiser_s_ruleset_is_refused_in_the_page_s_language(app, client, organiser, lang):
    rid = unique_id()
    text = f"id: {rid}\ntitle: Ours\nextends: classic\n"
    upload(client, organiser[1], text, "en")
    rival = app.extensions["referee"].store.create_token(unique_id("rival"))
    detail = problem(upload(client, rival, text, lang), 403)["detail"]
    assert rid in detail and in_the_language(detail, "", set(LATIN_WORDS.findall(rid)))


@pytest.mark.parametrize("lang", ["gu", "hi"])
def test_a_rate_limit_is_said_in_the_page_s_language(database_url, lang):
    client = limited_app(migrated(database_url)).test_client()
    for _ in range(5):
        client.get("/v1/rulesets")
    response = client.get(f"/v1/rulesets?lang={lang}")
    detail = problem(response, 429)["detail"]
    # the seconds are written as the language writes a number (3,599 in an hour's window)
    assert response.headers["Retry-After"] in detail.replace(",", "") and in_the_language(detail, "")
