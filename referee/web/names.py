"""Card and colour names in the visitor's language, for the practice board and the
table companion.

The API speaks in ids (`red-5`, `blue`); the pages show the name beside the id, the
same names the verdict messages use (referee.text's card catalog).
"""
from referee.engine.rules import compiled
from referee.text.cards import card_name, color_name
from referee.text.catalogs import translator


def deck_names(rules, lang):
    """{"colors": [{id, name}] in the ruleset's order, "cards": {card: name}, "flips":
    [card]} for every card of the side a round starts on (compiled ruleset, or its
    resolved data). A two-sided deck (UNO Flip) adds "sides": the same for each side,
    keyed by the side's id (what the public state's `side` says), and "first_side"."""
    tr = translator(lang)
    first = compiled(rules).on_side(None)
    names = _side_names(first, tr)
    if first.other_side is not None:
        names["first_side"] = first.side
        names["sides"] = {side.side: _side_names(side, tr) for side in (first, first.other_side)}
    return names


def _side_names(rules, tr):
    """One side's colours and cards, and the cards whose play turns the deck over (a
    play of one says which card of the other side it turned up)."""
    return {"colors": [{"id": color, "name": color_name(color, tr)} for color in rules.colors],
            "cards": {card: card_name(card, tr, rules) for card in rules.cards},
            "flips": [card for card, spec in rules.cards.items() if spec.kind.flips]}
