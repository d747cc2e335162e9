"""Card and colour names in the visitor's language, for the practice board.

The API speaks in ids (`red-5`, `blue`); the board shows the name beside the id, the
same names the verdict messages use (referee.text's card catalog).
"""
from referee.rules import in_deck, is_wild
from referee.text.cards import card_name, color_name
from referee.text.catalogs import translator


def deck_names(rules, lang):
    """{"colors": [{id, name}] in the ruleset's order, "cards": {card: name}} for
    every card of a resolved ruleset's deck."""
    tr = translator(lang)
    colors = rules["colors"]
    cards = {}
    for kind, spec in rules["cards"].items():
        if not in_deck(spec):
            continue
        for card in ([kind] if is_wild(spec) else [f"{color}-{kind}" for color in colors]):
            cards[card] = card_name(card, tr, rules)
    return {"colors": [{"id": color, "name": color_name(color, tr)} for color in colors],
            "cards": cards}
