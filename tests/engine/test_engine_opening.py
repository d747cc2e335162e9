"""Choosing the dealer (RULES.md 2): each player draws a card, the highest deals,
action and wild cards counting as the ruleset's action value (0)."""
import pytest

from referee.engine import choose_dealer


def cards(rules, *texts):
    return [rules.cards[t] for t in texts]


@pytest.mark.parametrize("drawn, dealer", [
    (("red-3", "blue-9", "green-5"), 1),
    (("wild", "red-1", "blue-skip"), 1),          # a wild and a Skip count as 0
    (("red-0", "wild-draw-four"), None),          # 0 against 0: a tie, draw again
    (("red-9", "blue-9", "green-2"), None),       # a tie for the highest
])
def test_the_highest_card_deals_and_action_cards_count_zero(compiled, drawn, dealer):
    rules = compiled["classic"]
    assert choose_dealer(rules, cards(rules, *drawn)) == dealer
