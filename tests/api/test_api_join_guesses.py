"""Join codes cannot be guessed from many addresses: the codes that found no table are
counted for every client together (RATE_LIMIT_JOIN_GUESSES), and past that limit
every join is refused before its code is looked up, so the answers tell a guesser
nothing (issue 25: 200 guesses from 200 addresses were all answered 404)."""
import secrets

from referee.api import create_app
from referee.store.testing import migrated

from apitest import OPENING

GUESSES = 5


def client_for(database_url):
    # A prefix of its own: with REDIS_URL set the counters outlive the app.
    return create_app({"DATABASE_URL": migrated(database_url), "TESTING": True,
                       "RATE_LIMIT_JOIN_GUESSES": f"{GUESSES} per minute",
                       "RATELIMIT_KEY_PREFIX": f"test-{secrets.token_hex(4)}"}).test_client()


def join(client, code, address):
    return client.post("/v1/tables/join", json={"code": code, "seat": 1},
                       environ_base={"REMOTE_ADDR": address})


def test_guesses_from_many_addresses_share_one_limit(database_url):
    client = client_for(database_url)
    table = client.post("/v1/tables", json=OPENING).get_json()
    wrong = "2345-6789" if table["join_code"] != "2345-6789" else "2345-678A"
    answers = [join(client, wrong, f"10.0.{n}.1").status_code for n in range(GUESSES)]
    assert answers == [404] * GUESSES
    refused = join(client, wrong, "10.9.9.9")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json()["type"] == "/docs#problem-too-many-requests"
    assert "join codes that match no table" in refused.get_json()["detail"]
    # The right code is refused too while the limit is spent: otherwise a right guess
    # would stand out (200) among the refused wrong ones.
    assert join(client, table["join_code"], "10.9.9.10").status_code == 429


def test_joins_that_find_their_table_spend_nothing(database_url):
    client = client_for(database_url)
    table = client.post("/v1/tables", json=OPENING).get_json()
    for n in range(3 * GUESSES):
        assert join(client, table["join_code"], f"10.1.{n}.1").status_code == 200
