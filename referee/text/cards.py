"""Names of colours, card kinds and cards, in the reader's language.

The names are marked here with `N_` so that they are extracted; a kind the catalog
does not know (a house ruleset's own kind) is named by its `title` in the ruleset,
or else by its id. Rulesets are read compiled (referee.engine.rules).
"""
from referee.engine.rules import Rules

from .render import Inflected, Translator


def NP_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with its context for extraction; it is translated where it is used."""
    return context, message


# Colour names. One English word does three grammatical jobs that many languages tell
# apart (Gujarati લીલો રંગ / લીલું કાર્ડ / લીલા રંગનું), so each job is its own message:
# the colour as a word ("the colour in play is green"), as the colour of a card
# ("green 3"), and before a postposition ("matches green", "cards of green"); a card's
# colour before a postposition is a fourth ("on green 3": Gujarati લીલા 3 પર). A name
# comes back Inflected: the template it fills picks the form before a postposition
# where one follows (render.Grammar), so no sentence has to declare it.
COLOR_FORMS = ("word", "card", "postposition", "card postposition")
COLORS = {
    "word": {
        # TRANSLATORS: a colour named on its own, as a word: "the colour in play is red".
        "red": NP_("color", "red"),
        # TRANSLATORS: a colour named on its own, as a word: "the colour in play is yellow".
        "yellow": NP_("color", "yellow"),
        # TRANSLATORS: a colour named on its own, as a word: "the colour in play is green".
        "green": NP_("color", "green"),
        # TRANSLATORS: a colour named on its own, as a word: "the colour in play is blue".
        "blue": NP_("color", "blue"),
        # TRANSLATORS: (UNO Flip, dark side) a colour named on its own, as a word: "the colour in play is pink".
        "pink": NP_("color", "pink"),
        # TRANSLATORS: (UNO Flip, dark side) a colour named on its own, as a word: "the colour in play is teal".
        "teal": NP_("color", "teal"),
        # TRANSLATORS: (UNO Flip, dark side) a colour named on its own, as a word: "the colour in play is orange".
        "orange": NP_("color", "orange"),
        # TRANSLATORS: (UNO Flip, dark side) a colour named on its own, as a word: "the colour in play is purple".
        "purple": NP_("color", "purple"),
    },
    "card": {
        # TRANSLATORS: the colour of a card, in a card's name: "red 3", "red Skip" (agree with your word for "card").
        "red": NP_("card color", "red"),
        # TRANSLATORS: the colour of a card, in a card's name: "yellow 3", "yellow Skip" (agree with your word for "card").
        "yellow": NP_("card color", "yellow"),
        # TRANSLATORS: the colour of a card, in a card's name: "green 3", "green Skip" (agree with your word for "card").
        "green": NP_("card color", "green"),
        # TRANSLATORS: the colour of a card, in a card's name: "blue 3", "blue Skip" (agree with your word for "card").
        "blue": NP_("card color", "blue"),
        # TRANSLATORS: (UNO Flip, dark side) the colour of a card, in a card's name: "pink 3", "pink Skip" (agree with your word for "card").
        "pink": NP_("card color", "pink"),
        # TRANSLATORS: (UNO Flip, dark side) the colour of a card, in a card's name: "teal 3", "teal Skip" (agree with your word for "card").
        "teal": NP_("card color", "teal"),
        # TRANSLATORS: (UNO Flip, dark side) the colour of a card, in a card's name: "orange 3", "orange Skip" (agree with your word for "card").
        "orange": NP_("card color", "orange"),
        # TRANSLATORS: (UNO Flip, dark side) the colour of a card, in a card's name: "purple 3", "purple Skip" (agree with your word for "card").
        "purple": NP_("card color", "purple"),
    },
    "postposition": {
        # TRANSLATORS: a colour in the form it takes before a word for "colour" and a postposition: "matches the colour red", "cards of the colour red".
        "red": NP_("color before a postposition", "red"),
        # TRANSLATORS: a colour in the form it takes before a word for "colour" and a postposition: "matches the colour yellow", "cards of the colour yellow".
        "yellow": NP_("color before a postposition", "yellow"),
        # TRANSLATORS: a colour in the form it takes before a word for "colour" and a postposition: "matches the colour green", "cards of the colour green".
        "green": NP_("color before a postposition", "green"),
        # TRANSLATORS: a colour in the form it takes before a word for "colour" and a postposition: "matches the colour blue", "cards of the colour blue".
        "blue": NP_("color before a postposition", "blue"),
        # TRANSLATORS: (UNO Flip, dark side) a colour in the form it takes before a word for "colour" and a postposition: "matches the colour pink", "cards of the colour pink".
        "pink": NP_("color before a postposition", "pink"),
        # TRANSLATORS: (UNO Flip, dark side) a colour in the form it takes before a word for "colour" and a postposition: "matches the colour teal", "cards of the colour teal".
        "teal": NP_("color before a postposition", "teal"),
        # TRANSLATORS: (UNO Flip, dark side) a colour in the form it takes before a word for "colour" and a postposition: "matches the colour orange", "cards of the colour orange".
        "orange": NP_("color before a postposition", "orange"),
        # TRANSLATORS: (UNO Flip, dark side) a colour in the form it takes before a word for "colour" and a postposition: "matches the colour purple", "cards of the colour purple".
        "purple": NP_("color before a postposition", "purple"),
    },
    "card postposition": {
        # TRANSLATORS: the colour of a card in a card's name that a postposition follows: "on red 3", "because of red Draw Two" (Gujarati: yellow 3 on top is "પીળું 3", on it "પીળા 3 પર"; Hindi: "हरा ड्रा टू", because of it "हरे ड्रा टू की वजह से"). Where your language does not change it, write the "card color" form.
        "red": NP_("card color, before a postposition", "red"),
        # TRANSLATORS: the colour of a card in a card's name that a postposition follows: "on yellow 3", "because of yellow Draw Two" (Gujarati: yellow 3 on top is "પીળું 3", on it "પીળા 3 પર"; Hindi: "हरा ड्रा टू", because of it "हरे ड्रा टू की वजह से"). Where your language does not change it, write the "card color" form.
        "yellow": NP_("card color, before a postposition", "yellow"),
        # TRANSLATORS: the colour of a card in a card's name that a postposition follows: "on green 3", "because of green Draw Two" (Gujarati: yellow 3 on top is "પીળું 3", on it "પીળા 3 પર"; Hindi: "हरा ड्रा टू", because of it "हरे ड्रा टू की वजह से"). Where your language does not change it, write the "card color" form.
        "green": NP_("card color, before a postposition", "green"),
        # TRANSLATORS: the colour of a card in a card's name that a postposition follows: "on blue 3", "because of blue Draw Two" (Gujarati: yellow 3 on top is "પીળું 3", on it "પીળા 3 પર"; Hindi: "हरा ड्रा टू", because of it "हरे ड्रा टू की वजह से"). Where your language does not change it, write the "card color" form.
        "blue": NP_("card color, before a postposition", "blue"),
        # TRANSLATORS: (UNO Flip, dark side) the colour of a card in a card's name that a postposition follows: "on pink 3", "because of pink Draw Two" (Gujarati: yellow 3 on top is "પીળું 3", on it "પીળા 3 પર"; Hindi: "हरा ड्रा टू", because of it "हरे ड्रा टू की वजह से"). Where your language does not change it, write the "card color" form.
        "pink": NP_("card color, before a postposition", "pink"),
        # TRANSLATORS: (UNO Flip, dark side) the colour of a card in a card's name that a postposition follows: "on teal 3", "because of teal Draw Two" (Gujarati: yellow 3 on top is "પીળું 3", on it "પીળા 3 પર"; Hindi: "हरा ड्रा टू", because of it "हरे ड्रा टू की वजह से"). Where your language does not change it, write the "card color" form.
        "teal": NP_("card color, before a postposition", "teal"),
        # TRANSLATORS: (UNO Flip, dark side) the colour of a card in a card's name that a postposition follows: "on orange 3", "because of orange Draw Two" (Gujarati: yellow 3 on top is "પીળું 3", on it "પીળા 3 પર"; Hindi: "हरा ड्रा टू", because of it "हरे ड्रा टू की वजह से"). Where your language does not change it, write the "card color" form.
        "orange": NP_("card color, before a postposition", "orange"),
        # TRANSLATORS: (UNO Flip, dark side) the colour of a card in a card's name that a postposition follows: "on purple 3", "because of purple Draw Two" (Gujarati: yellow 3 on top is "પીળું 3", on it "પીળા 3 પર"; Hindi: "हरा ड्रा टू", because of it "हरे ड्रा टू की वजह से"). Where your language does not change it, write the "card color" form.
        "purple": NP_("card color, before a postposition", "purple"),
    },
}

# Card kinds of the shipped rulesets.
KINDS = {
    # TRANSLATORS: the number card 0 (as printed on the card; use the numerals your readers expect).
    "0": NP_("card kind", "0"),
    # TRANSLATORS: the number card 1 (as printed on the card; use the numerals your readers expect).
    "1": NP_("card kind", "1"),
    # TRANSLATORS: the number card 2 (as printed on the card; use the numerals your readers expect).
    "2": NP_("card kind", "2"),
    # TRANSLATORS: the number card 3 (as printed on the card; use the numerals your readers expect).
    "3": NP_("card kind", "3"),
    # TRANSLATORS: the number card 4 (as printed on the card; use the numerals your readers expect).
    "4": NP_("card kind", "4"),
    # TRANSLATORS: the number card 5 (as printed on the card; use the numerals your readers expect).
    "5": NP_("card kind", "5"),
    # TRANSLATORS: the number card 6 (as printed on the card; use the numerals your readers expect).
    "6": NP_("card kind", "6"),
    # TRANSLATORS: the number card 7 (as printed on the card; use the numerals your readers expect).
    "7": NP_("card kind", "7"),
    # TRANSLATORS: the number card 8 (as printed on the card; use the numerals your readers expect).
    "8": NP_("card kind", "8"),
    # TRANSLATORS: the number card 9 (as printed on the card; use the numerals your readers expect).
    "9": NP_("card kind", "9"),
    # TRANSLATORS: card name: the next player loses their turn. Used alone and as "red Skip".
    "skip": NP_("card kind", "Skip"),
    # TRANSLATORS: card name: the direction of play changes. Used alone and as "red Reverse".
    "reverse": NP_("card kind", "Reverse"),
    # TRANSLATORS: card name: the next player draws two cards. Used alone and as "red Draw Two".
    "draw-two": NP_("card kind", "Draw Two"),
    # TRANSLATORS: card name (UNO Attack): the next player presses the launcher twice. Used alone and as "red Hit 2".
    "hit-two": NP_("card kind", "Hit 2"),
    # TRANSLATORS: card name (UNO Attack): play all cards of one colour together. Used alone and as "red Discard All".
    "discard-all": NP_("card kind", "Discard All"),
    # TRANSLATORS: card name (UNO Attack): swap hands with another player. Used alone and as "red Trade Hands".
    "trade-hands": NP_("card kind", "Trade Hands"),
    # TRANSLATORS: card name: the plain wild card; its player names a colour.
    "wild": NP_("card kind", "Wild"),
    # TRANSLATORS: card name: wild card that makes the next player draw four cards.
    "wild-draw-four": NP_("card kind", "Wild Draw Four"),
    # TRANSLATORS: card name (UNO Sonic): wild card that makes every other player draw a card.
    "wild-victory-lap": NP_("card kind", "Wild Victory Lap"),
    # TRANSLATORS: card name (UNO Attack): wild card; the next player presses the launcher four times.
    "wild-hit-four": NP_("card kind", "Wild Hit 4"),
    # TRANSLATORS: card name (UNO Attack): wild card; a chosen player presses the launcher twice.
    "wild-attack-attack": NP_("card kind", "Wild Attack-Attack"),
    # TRANSLATORS: card name (UNO Attack): wild card; the next player presses the launcher until it fires.
    "wild-hit-fire": NP_("card kind", "Wild Hit Fire"),
    # TRANSLATORS: card name (UNO Attack): wild card; every player presses the launcher once.
    "wild-all-hit": NP_("card kind", "Wild All Hit"),
    # TRANSLATORS: card name (UNO Attack): wild card whose action the players write themselves.
    "wild-customizable": NP_("card kind", "Wild Customizable"),
    # TRANSLATORS: card name (UNO No Mercy): every other player loses their turn. Used alone and as "red Skip Everyone".
    "skip-everyone": NP_("card kind", "Skip Everyone"),
    # TRANSLATORS: card name (UNO No Mercy): a coloured card; the next player draws four. Used alone and as "red Draw Four".
    "draw-four": NP_("card kind", "Draw Four"),
    # TRANSLATORS: card name (UNO No Mercy): wild card; the direction reverses and the new next player draws four.
    "wild-reverse-draw-four": NP_("card kind", "Wild Reverse Draw Four"),
    # TRANSLATORS: card name (UNO No Mercy): wild card; the next player draws six.
    "wild-draw-six": NP_("card kind", "Wild Draw Six"),
    # TRANSLATORS: card name (UNO No Mercy): wild card; the next player draws ten.
    "wild-draw-ten": NP_("card kind", "Wild Draw Ten"),
    # TRANSLATORS: card name (UNO No Mercy): wild card; the next player draws until a card of the named colour comes.
    "wild-color-roulette": NP_("card kind", "Wild Color Roulette"),
    # TRANSLATORS: card name (UNO Flip, light side): the next player draws one card. Used alone and as "red Draw One".
    "draw-one": NP_("card kind", "Draw One"),
    # TRANSLATORS: card name (UNO Flip): every card turns over, the other side of the deck is played. Used alone and as "red Flip".
    "flip": NP_("card kind", "Flip"),
    # TRANSLATORS: card name (UNO Flip, dark side): the next player draws five cards. Used alone and as "pink Draw Five".
    "draw-five": NP_("card kind", "Draw Five"),
    # TRANSLATORS: card name (UNO Flip, dark side): wild card; the next player draws until a card of the named colour comes.
    "wild-draw-color": NP_("card kind", "Wild Draw Color"),
    # TRANSLATORS: card name (UNO All Wild): wild card that reverses the direction of play.
    "wild-reverse": NP_("card kind", "Wild Reverse"),
    # TRANSLATORS: card name (UNO All Wild): wild card; the next player loses their turn.
    "wild-skip": NP_("card kind", "Wild Skip"),
    # TRANSLATORS: card name (UNO All Wild): wild card; the next two players lose their turns.
    "wild-skip-two": NP_("card kind", "Wild Skip Two"),
    # TRANSLATORS: card name (UNO All Wild): wild card; the next player draws two.
    "wild-draw-two": NP_("card kind", "Wild Draw Two"),
    # TRANSLATORS: card name (UNO All Wild): wild card; a player chosen by its player draws two.
    "wild-targeted-draw-two": NP_("card kind", "Wild Targeted Draw Two"),
    # TRANSLATORS: card name (UNO All Wild): wild card; its player must swap hands with a chosen player.
    "wild-forced-swap": NP_("card kind", "Wild Forced Swap"),
}

DEFAULT_COLORS = tuple(COLORS["word"])   # both sides' colours


def color_name(color: str, tr: Translator, form: str = "word") -> str:
    """A colour in words, in the grammatical `form` the sentence needs (COLOR_FORMS);
    the word form also carries its form before a postposition."""
    names = COLORS[form]
    if color not in names:
        return str(color)
    if form == "word":
        return Inflected(tr.translate(*names[color]), tr.translate(*COLORS["postposition"][color]))
    return tr.translate(*names[color])


def _sides(rules: Rules | None) -> tuple[Rules, ...]:
    """The ruleset's sides, the given one first (a two-sided deck names cards of both)."""
    if rules is None:
        return ()
    return (rules,) if rules.other_side is None else (rules, rules.other_side)


def kind_name(kind: str, tr: Translator, rules: Rules | None = None) -> str:
    if kind in KINDS:
        return tr.translate(*KINDS[kind])
    spec = next((side.kinds[kind] for side in _sides(rules) if kind in side.kinds), None)
    return str(spec.title) if spec is not None else str(kind)


def split_card(card: str, rules: Rules | None = None) -> tuple[str | None, str]:
    """'red-draw-two' -> ('red', 'draw-two'); 'wild' -> (None, 'wild')."""
    known = next((side.cards[card] for side in _sides(rules) if card in side.cards), None)
    if known is not None:
        return known.color, known.kind.id
    for color in rules.colors if rules is not None else DEFAULT_COLORS:
        if card.startswith(f"{color}-"):
            return color, card[len(color) + 1:]
    return None, card


def card_name(card: str, tr: Translator, rules: Rules | None = None) -> str:
    """A card string in words: 'red-3' -> 'red 3', 'wild-draw-four' -> 'Wild Draw Four'."""
    color, kind = split_card(str(card), rules)
    name = kind_name(kind, tr, rules)
    if color is None:
        return name
    return Inflected(_coloured(tr, color_name(color, tr, "card"), name),
                     _coloured(tr, color_name(color, tr, "card postposition"), name))


def _coloured(tr: Translator, color: str, kind: str) -> str:
    # TRANSLATORS: a coloured card, e.g. "red 3" or "blue Skip"; {color} is the card's colour (its "card color" form, or before a postposition its "card color, before a postposition" form); reorder if your language puts the colour after.
    return tr.pgettext("card", "{color} {kind}", color=color, kind=kind)
