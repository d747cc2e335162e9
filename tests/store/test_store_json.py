"""What the store writes is JSON a reader of the database can trust: compact UTF-8,
never NaN or an infinity, and it reads back as what was written."""
import math

import pytest

from referee.store.db import json_text, json_value
from test_store_tables import new_table


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_nan_and_the_infinities_are_refused_wherever_they_hide(bad):
    for value in (bad, [1, bad], {"state": {"scores": [0, bad]}}):
        with pytest.raises(ValueError):
            json_text(value)


def test_documents_are_written_compact_with_their_text_as_is():
    value = {"players": ["Asha", "ભાવિન", "निशा", 'say "uno"\n'], "pending": None,
             "drawn": True, "pile": 85, "ratio": 0.5}
    text = json_text(value)
    assert text == ('{"players":["Asha","ભાવિન","निशा","say \\"uno\\"\\n"],'
                    '"pending":null,"drawn":true,"pile":85,"ratio":0.5}')
    assert json_value(text) == value


@pytest.mark.parametrize("value", [
    {"big": 10**30, "small": -(10**25)},   # integers past 64 bits stay integers
    {"cards": ("red-1", "blue-2")},          # a tuple is written as a list
    {"seat": 1e300},
])
def test_what_the_fast_encoder_would_write_otherwise_is_written_as_before(value):
    text = json_text(value)
    assert json_value(text) == json_value(text.encode("utf-8"))
    assert json_value(text) == {key: list(item) if isinstance(item, tuple) else item
                                for key, item in value.items()}


def test_a_table_keeps_large_numbers_exactly(store):
    table_id = new_table(store)
    store.append(table_id, {"note": 2**70}, lambda row: {"legal": True,
                                                        "state": {"n": 2**70}})
    assert store.get_table(table_id).state == {"n": 2**70}
    assert store.events(table_id)[-1].move == {"note": 2**70}
