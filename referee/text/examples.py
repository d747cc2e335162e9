"""Example parameters for every message: what a message needs to be read in context
when no real game is at hand (the translators' page, tests/text/test_every_message.py).

Data, not code. A placeholder takes the value of its message's own entry (MESSAGES,
by (msgctxt, msgid)) if there is one, else its name's value (BY_NAME). Players, cards,
colours and counts are not here: they come from the table's ruleset and language
(every card kind and colour of the ruleset, names ending in a vowel and in a consonant,
counts 1 and many), so one message is read in all of them.

Values here are what an organiser or a program would type (a YAML key, a file name, a
code): they stay in Latin letters in every language, and a check of "no English left"
sets them aside (TYPED).
"""

# Players' names as a table of that language types them: one ending in a vowel, one in
# a consonant (the Gujarati ergative differs: આશાએ, ચિરાગે), and a third for lists.
PLAYERS = {
    "en": ("Asha", "Chirag", "Bina"),
    "gu": ("આશા", "ચિરાગ", "બીના"),
    "hi": ("आशा", "चिराग", "बीना"),
    "ne": ("आशा", "चिराग", "बीना"),
    "te": ("ఆశ", "చిరాగ్", "బీనా"),
}

# Counts: one, and many (the plural forms differ).
COUNTS = (1, 5)

# Placeholders that name a player, a list of players, a card, a list of cards, a colour,
# a card kind: filled from the ruleset and the language, not from this table.
PLAYER = frozenset({"player", "target", "current", "first_player", "winner", "targets", "other", "name"})
PLAYER_LIST = frozenset({"players", "eliminated", "places"})
CARD = frozenset({"card", "top", "pending_card", "drawn"})
CARD_LIST = frozenset({"cards", "holding", "hand", "held"})
COLOR = frozenset({"color"})
COLOR_LIST = frozenset({"colors"})
KIND = frozenset({"kind"})

# What an organiser or a program typed: kept as written in every language.
TYPED = {
    "key": "stackin", "suggestion": "stacking", "value": "Friday Night", "parent": "clasic",
    "child": "friday", "example": "target: 200", "written": "target:200", "parents": "house:",
    "examples": "type: draw", "language": "gujarati", "codes": "gu, hi, ne, te", "field": "target",
    "file": "friday.yaml", "ruleset_id": "friday", "ruleset": "friday", "id": "friday",
    "table": "t-4f2a", "tables": "t-4f2a, t-9c1b", "command": "referee i18n check", "code": "not-your-turn",
    "verdict": "not-your-turn", "effect": "draw", "type": "draw", "flag": "--lang", "token": "friday-night",
    "tag": "v2", "version": "3", "section": "house", "header": "Idempotency-Key", "rule": "house.stacking",
    "move": "play", "char": "“", "byte": "0xe2", "word": "draw-2", "foreign": "jump_in", "known": "jump_in",
    "allowed": "enabled, rule", "use": "{enabled: true}", "cycle": "a -> b -> a", "chain": "a -> b -> c -> ...",
    "doc": "docs/rulesets.md", "detail": "stacking", "reason": "draw-two", "categories": "hands, points",
    "side": "dark", "item": "stacking", "available": "classic, attack", "needed": "enabled",
    "expected": "a number", "wanted": "a list", "values": "0, 1", "sizes": "7, 8",
}

# Numbers that are not counts of cards (a target, a round, a limit, a line).
NUMBERS = {
    "total": 120, "round": 2, "points": 20, "max": 12, "limit": 8, "to_seq": 14, "number": 200,
    "size": 7, "line": 5, "column": 3, "place": 2, "min": 2, "presses": 2, "next_round": 3,
    "most": 9, "least": 1, "deck_size": 108, "seconds": 30, "time": 15, "seq": 14, "decks": 2,
}

BY_NAME = {**TYPED, **NUMBERS}

# A message whose placeholders need values of their own (msgctxt or None, msgid): {name: value}.
MESSAGES = {
    (None, "The referee ruled: {code}."): {"code": "new-code"},
}

# A verdict's details by code where the code's own parameters are not enough
# (render_verdict reads seats and card strings; the rest is filled by name as above).
VERDICT_DETAILS = {
    "game-won": {"target": 500},
}


def value_of(context, msgid, name):
    """The example value of one placeholder (None: the ruleset and language fill it)."""
    own = MESSAGES.get((context, msgid), {})
    if name in own:
        return own[name]
    return BY_NAME.get(name)
