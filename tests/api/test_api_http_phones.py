"""HTTP for phones: compressed answers, ETag revalidation, CORS when configured."""
import gzip
import json

from apitest import OPENING
from referee.api import create_app
from referee.store.testing import migrated

GZIP = {"Accept-Encoding": "gzip"}


def test_a_long_event_log_is_sent_gzipped_to_a_client_that_accepts_it(client, table):
    for _ in range(20):
        client.post(f"/v1/tables/{table['id']}/moves", json={"move": {"type": "draw", "player": 1}})
    path = f"/v1/tables/{table['id']}/events"
    plain = client.get(path)
    zipped = client.get(path, headers=GZIP)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert "Accept-Language" in zipped.headers["Vary"]
    body = gzip.decompress(zipped.get_data())
    assert json.loads(body) == plain.get_json()
    assert len(zipped.get_data()) * 5 < len(body)
    assert "Content-Encoding" not in plain.headers


def test_small_answers_are_sent_as_they_are(client):
    response = client.get("/v1/health", headers=GZIP)
    assert "Content-Encoding" not in response.headers


def test_a_rule_book_answers_304_to_its_etag(client):
    path = "/v1/rulesets/classic/text?lang=hi"
    first = client.get(path)
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    other_language = client.get("/v1/rulesets/classic/text?lang=te",
                                headers={"If-None-Match": etag})
    assert other_language.status_code == 200  # another representation, another tag


def test_a_gzipped_rule_book_revalidates_with_the_etag_it_was_sent(client):
    path = "/v1/rulesets/classic/text"
    first = client.get(path, headers=GZIP)
    assert first.headers["Content-Encoding"] == "gzip"
    assert first.headers["ETag"].endswith(':gzip"')
    again = client.get(path, headers={**GZIP, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_a_ruleset_answers_304_to_its_etag(client):
    first = client.get("/v1/rulesets/classic")
    again = client.get("/v1/rulesets/classic", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    changed = client.get("/v1/rulesets/classic", headers={"If-None-Match": '"something-else"'})
    assert changed.status_code == 200


def test_table_answers_are_never_cached(client, table):
    assert client.get(f"/v1/tables/{table['id']}").headers["Cache-Control"] == "no-store"


def test_no_cors_unless_configured(client):
    response = client.get("/v1/health", headers={"Origin": "https://app.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_cors_for_the_configured_origins(database_url):
    app = create_app({"DATABASE_URL": migrated(database_url), "TESTING": True, "RATE_LIMITS": "off",
                      "CORS_ORIGINS": "https://app.example, https://other.example"})
    client = app.test_client()
    preflight = client.options("/v1/tables/abc/moves", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, idempotency-key, content-type"})
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://app.example"
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed and "idempotency-key" in allowed
    opened = client.post("/v1/tables", json=OPENING, headers={"Origin": "https://app.example"})
    assert opened.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "Location" in opened.headers["Access-Control-Expose-Headers"]
    stranger = client.get("/v1/health", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in stranger.headers
    app.extensions["referee"].store.dispose()
