"""A verdict's effects (what the table must now do) in the reader's language: one whole
sentence per effect type the engine declares (referee/engine/effects.py), its
placeholders filled from the fields declared there. The practice board lists them all;
a verdict's message says those its own sentences do not (referee/text/table.py)."""
from referee.engine.effects import COLOR, EFFECTS as EFFECT_TYPES, SEAT

from .cards import color_name
from .catalogs import translator
from .verdicts import M_, MN_, POSTPOSITION, Sentence, as_int, player_name

EFFECTS: dict[str, Sentence] = {
    # TRANSLATORS: practice board, an effect of a move: {player} plays next.
    "turn": M_("{player} plays next."),
    # TRANSLATORS: practice board, an effect of a move: {player} is skipped.
    "skip": M_("{player} loses their turn."),
    # TRANSLATORS: practice board, an effect of a move: {player} draws {count} cards.
    "draw": MN_("{player} draws {count} card.", "{player} draws {count} cards."),
    # TRANSLATORS: an effect of a move: {player} draws cards one by one until a card of the colour in play comes.
    "draw/until-color": M_("{player} draws until a card of the colour in play comes."),
    # TRANSLATORS: practice board, an effect of a move (UNO Attack): {player} must press the launcher {presses} times.
    "launcher": MN_("{player} presses the launcher once.", "{player} presses the launcher {presses} times.", n="presses"),
    # TRANSLATORS: practice board, an effect of a move (UNO Attack): {player} presses until a card comes out.
    "launcher-until": M_("{player} presses the launcher until a card comes out."),
    # TRANSLATORS: practice board, an effect of a move (UNO Attack): the launcher gave {player} {count} cards.
    "launcher-fired": MN_("The launcher gave {player} {count} card.", "The launcher gave {player} {count} cards."),
    # TRANSLATORS: practice board, an effect of a move (UNO Attack): the launcher gave {player} nothing.
    "launcher-fired-empty": M_("The launcher gave {player} no card."),
    # TRANSLATORS: practice board, an effect of Discard All: {player} puts down {count} cards of the colour {color} (before a postposition).
    "discard-all": MN_("{player} puts down {count} card of the colour {color}.",
                       "{player} puts down {count} cards of the colour {color}.", color_form=POSTPOSITION),
    # TRANSLATORS: practice board, an effect of a move: {color} (a word) is the colour to match now.
    "color": M_("The colour in play is now {color}."),
    # TRANSLATORS: practice board, an effect of a move (UNO Attack): {player} may play one more card.
    "extra-play": M_("{player} may play one more card."),
    # TRANSLATORS: practice board, an effect of a move: {player} called UNO and cannot be caught.
    "uno": M_("{player} called UNO and is safe."),
    # TRANSLATORS: practice board, an effect of a move: {player} has one card and did not call UNO.
    "catchable": M_("{player} did not call UNO and can be caught."),
    # TRANSLATORS: practice board, an effect of a move: {player} and {target} swap the cards in their hands.
    "trade-hands": M_("{player} and {target} swap hands."),
    # TRANSLATORS: practice board, an effect of a move (UNO Flip): the discard pile, the draw pile and every hand turn over; play goes on with the other side of the cards.
    "flip": M_("Every card turns over: the discard pile, the draw pile and every hand. Play goes on with the other side."),
    # TRANSLATORS: practice board, an effect of a move: every hand passes on, in the clockwise direction.
    "pass-hands/clockwise": M_("Every player passes their hand on, clockwise."),
    # TRANSLATORS: practice board, an effect of a move: every hand passes on, in the counter-clockwise direction.
    "pass-hands/counterclockwise": M_("Every player passes their hand on, counter-clockwise."),
    # TRANSLATORS: practice board, an effect of a move: play goes clockwise from now on.
    "direction/clockwise": M_("Play now goes clockwise."),
    # TRANSLATORS: practice board, an effect of a move: play goes counter-clockwise from now on.
    "direction/counterclockwise": M_("Play now goes counter-clockwise."),
    # TRANSLATORS: an effect of a move: the round is over and {player} has won it (by going out, or as the last player left in under the mercy rule).
    "round-over": M_("The round is over: {player} wins it."),
    # TRANSLATORS: practice board, an effect of scoring: {player} gets {points} points.
    "score": MN_("{player} scores {points} point.", "{player} scores {points} points.", n="points"),
    # TRANSLATORS: an effect of scoring a past round again: {player}'s score for round number {round} is now {points} points (it replaces what the round gave them before).
    "rescore": MN_("For round {round}, {player} now scores {points} point.",
                   "For round {round}, {player} now scores {points} points.", n="points"),
    # TRANSLATORS: practice board, an effect of scoring: {player} has won the whole game.
    "game-over": M_("{player} wins the game."),
    # TRANSLATORS: practice board, an effect of a draw: the draw pile ran out, so the {count} cards under the top card of the discard pile are shuffled into a new draw pile.
    "reshuffle": MN_("The draw pile is empty: shuffle the {count} card under the top card into a new draw pile.",
                     "The draw pile is empty: shuffle the {count} cards under the top card into a new draw pile."),
    # TRANSLATORS: practice board, an effect of the mercy rule: {player} holds too many cards and is out of this round; the {count} cards they held go under the discard pile.
    "out": MN_("{player} holds too many cards and is out of this round: their {count} card goes under the discard pile.",
               "{player} holds too many cards and is out of this round: their {count} cards go under the discard pile."),
    # TRANSLATORS: practice board, an effect of the mercy rule played for the whole game: {player} holds too many cards and is out of the game (dealt no cards in later rounds); the {count} cards they held go under the discard pile.
    "out/game": MN_("{player} holds too many cards and is out of the game: their {count} card goes under the discard pile.",
                    "{player} holds too many cards and is out of the game: their {count} cards go under the discard pile."),
    # TRANSLATORS: practice board, an effect of elimination: {player} holds the most cards, {count}, at the end of the round and is out of the whole game.
    "eliminated": MN_("{player} holds the most cards, {count}, and is out of the game.",
                      "{player} holds the most cards, {count}, and is out of the game."),
    # TRANSLATORS: practice board, an effect of playing on for places: {player} has no cards left and finishes in place {place} (1 is first); the round goes on without them.
    "finished": M_("{player} has no cards left and finishes in place {place}; the round goes on without them."),
    # TRANSLATORS: practice board, an effect of a correction: the table is as it was after move number {to_seq}.
    "corrected": M_("The table is back to how it stood after move {to_seq}."),
}


def _key(effect: dict) -> str | None:
    kind = effect.get("type")
    if not isinstance(kind, str):
        return None
    if kind == "launcher" and effect.get("until_cards"):
        return "launcher-until"
    if kind == "launcher-fired" and effect.get("count") == 0:
        return "launcher-fired-empty"
    if kind == "out" and effect.get("lasts") == "game":
        return "out/game"
    if kind == "draw" and effect.get("until_color"):
        return "draw/until-color"
    if kind in ("pass-hands", "direction"):
        direction = str(effect.get("direction", "")).replace("-", "")
        return f"{kind}/{direction}" if f"{kind}/{direction}" in EFFECTS else None
    return kind if kind in EFFECTS else None


def effect_text(effect, lang: str, players: list[str] | None) -> str | None:
    """The effect as a sentence in `lang`, or None for a kind this version does not know."""
    if not isinstance(effect, dict):
        return None
    key = _key(effect)
    if key is None:
        return None
    sentence, tr = EFFECTS[key], translator(lang)
    fields = EFFECT_TYPES[effect["type"]]["fields"]
    values = {}
    for name, value in effect.items():
        field = fields.get(name)
        if field is SEAT:
            values["player" if name == "winner" else name] = player_name(value, tr, players)
        elif field is COLOR:
            values[name] = color_name(str(value), tr, sentence.color_form)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            values[name] = value
    for text in sentence.texts():
        for name in (*fields, "player"):
            if "{" + name + "}" in text:
                values.setdefault(name, "?")
    if sentence.plural is None:
        return tr.gettext(sentence.singular, **values)
    return tr.ngettext(sentence.singular, sentence.plural, as_int(effect.get(sentence.n)), **values)
