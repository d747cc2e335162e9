"""Hostile bodies only a real server shows: a chunk size that is not hexadecimal, and a
chunked body past the cap sent to the workshop's comparison (it read the first
256 KiB and compared those)."""
import json

import pytest

from apitest import OPENING
from liveserver import chunked, gunicorn, raw_exchange


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    directory = tmp_path_factory.mktemp("live-hostile")
    with gunicorn(f"sqlite:///{directory / 'referee.db'}", 1, directory / "log") as port:
        yield port


def head(path, content_type):
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode()


@pytest.mark.parametrize("path", ["/v1/tables", "/v1/rulesets/validate", "/workshop/changes"])
def test_a_chunk_size_that_is_not_hexadecimal_is_a_400(port, path):
    body = json.dumps(OPENING).encode()
    status, answer_head, answer = raw_exchange(
        port, head(path, "application/json"), [b"zz\r\n" + body + b"\r\n0\r\n\r\n"])
    assert status == 400, answer
    assert "application/problem+json" in answer_head
    assert json.loads(answer)["status"] == 400


def test_the_workshop_refuses_a_chunked_body_past_the_cap(port):
    body = b"id: big\nextends: classic\ntitle: Big\n" + b"# padding padding padding\n" * 12_000
    status, answer_head, answer = raw_exchange(
        port, head("/workshop/changes", "application/yaml"), chunked(body))
    assert status == 413, answer
    assert "application/problem+json" in answer_head
