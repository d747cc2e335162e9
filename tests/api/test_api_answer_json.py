"""Answers are written by orjson, and by the standard encoder where orjson would write
something else or refuse: either way a client gets the same bytes as before."""
import json
from datetime import datetime, timezone

import pytest

from referee.api.context import answer_bytes


def as_before(body):
    text = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode(body)
    return text.encode("utf-8", "backslashreplace")


class Name(str):
    pass


@pytest.mark.parametrize("body", [
    {"legal": True, "message": "આશાએ લાલ 3 રમ્યું", "cards": ["red-3"], "seq": 7, "p": 0.25,
     "big": 1e16, "none": None, "nested": [{"हिन्दी": "ठीक"}, []]},
    {"name": "a\ud800b"},              # a lone surrogate: answered as its escape
    {"seq": 2**70},                    # past 64 bits
    {1: "non-string key"},
    {"name": Name("Asha")},            # a str subclass
], ids=["verdict", "lone-surrogate", "big-int", "int-key", "str-subclass"])
def test_an_answer_is_the_same_json_as_the_standard_encoder_writes(body):
    assert answer_bytes(body) == as_before(body)


def test_a_value_json_cannot_carry_is_still_refused():
    with pytest.raises(TypeError):
        answer_bytes({"at": datetime(2026, 12, 1, tzinfo=timezone.utc)})
