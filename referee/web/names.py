"""Card and colour names in the visitor's language, for the practice board.

The API speaks in ids (`red-5`, `blue`); the board shows the name beside the id, the
same names the verdict messages use (referee.text's card catalog).
"""
from referee.engine.rules import compiled
from referee.text.cards import card_name, color_name
from referee.text.catalogs import translator


def deck_names(rules, lang):
    """{"colors": [{id, name}] in the ruleset's order, "cards": {card: name}} for
    every card of a ruleset's deck (compiled, or its resolved data)."""
    tr, rules = translator(lang), compiled(rules)
    return {"colors": [{"id": color, "name": color_name(color, tr)} for color in rules.colors],
            "cards": {card: card_name(card, tr, rules) for card in rules.cards}}
