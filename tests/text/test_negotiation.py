"""Language choice: ?lang= first, then Accept-Language by q-value and region, else English."""
import json

import pytest
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee.text import LANGUAGES, negotiate

from text_support import CASES

NEGOTIATION = json.loads((CASES / "negotiation.json").read_text(encoding="utf-8"))


def test_languages_served():
    assert LANGUAGES == ("en", "gu", "hi", "ne", "te")


@pytest.mark.parametrize("case", NEGOTIATION, ids=[case["why"] for case in NEGOTIATION])
def test_negotiation_from_a_header_string(case):
    assert negotiate(case["lang"], case["accept"]) == case["expected"]


@pytest.mark.parametrize("case", [c for c in NEGOTIATION if c["accept"] is not None],
                         ids=[c["why"] for c in NEGOTIATION if c["accept"] is not None])
def test_negotiation_from_werkzeugs_parsed_header(case):
    parsed = parse_accept_header(case["accept"], LanguageAccept)
    assert negotiate(case["lang"], parsed) == case["expected"]
