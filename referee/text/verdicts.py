"""Verdict messages: one message per code of referee/engine/codes.py, in every language.

A message is one or more whole sentences (so translators never glue fragments); a
sentence with a number has plural forms chosen by that number. Some codes read better
when the ruleset is known (a launcher penalty is presses, not cards): those have
variants, chosen from the ruleset's data, never from its name.
"""
from dataclasses import dataclass

from .cards import card_name, color_name, split_card
from .catalogs import translator
from .render import Translator, placeholders


@dataclass(frozen=True)
class Sentence:
    singular: str
    plural: str | None = None
    n: str | None = None  # the detail whose number picks the plural form

    def texts(self) -> tuple[str, ...]:
        return (self.singular,) if self.plural is None else (self.singular, self.plural)

    def render(self, tr: Translator, values: dict) -> str:
        if self.plural is None:
            return tr.gettext(self.singular, **values)
        return tr.ngettext(self.singular, self.plural, _as_int(values.get(self.n)), **values)


def M_(message: str) -> Sentence:
    """A sentence without plural forms (extracted like gettext)."""
    return Sentence(message)


def MN_(singular: str, plural: str, n: str = "count") -> Sentence:
    """A sentence whose wording follows the number in detail `n` (extracted like ngettext)."""
    return Sentence(singular, plural, n)


# Keys are verdict codes, or "code/variant" for a wording that depends on the ruleset.
MESSAGES: dict[str, tuple[Sentence, ...]] = {
    "table-opened": (
        # TRANSLATORS: verdict when a game starts; {top} is a card name, {color} a colour name, {first_player} a player's name.
        M_("The table is open: {top} starts the discard pile, the colour in play is {color}, and {first_player} plays first."),
    ),
    "played": (
        # TRANSLATORS: verdict for a legal play; {card} is a card name such as "red 3", {color} a colour name.
        M_("{player} played {card}; the colour in play is now {color}."),
    ),
    "played/any": (
        # TRANSLATORS: verdict for a legal play of a wild that names no colour (UNO All Wild); {card} is its name.
        M_("{player} played {card}; no colour is in play, so any card may follow."),
    ),
    "played-several": (
        # TRANSLATORS: verdict for several cards played at once; {cards} is a list of card names, {card} the one left on top.
        MN_("{player} played {count} card together ({cards}); {card} is on top and the colour in play is {color}.",
            "{player} played {count} cards together ({cards}); {card} is on top and the colour in play is {color}."),
    ),
    "jumped-in": (
        # TRANSLATORS: verdict for a card played out of turn (the jump-in house rule).
        M_("{player} jumped in out of turn with {card}, identical to the top card."),
    ),
    "stacked": (
        # TRANSLATORS: verdict when a draw card answers a pending draw (stacking); {total} is the number of cards now owed.
        MN_("{player} answered with {card}: the pending draw is now {total} card.",
            "{player} answered with {card}: the pending draw is now {total} cards.", n="total"),
    ),
    "stacked/launcher": (
        # TRANSLATORS: verdict (UNO Attack) when a card answers pending launcher presses; {total} is the presses now owed.
        MN_("{player} answered with {card}: {total} launcher press is now owed.",
            "{player} answered with {card}: {total} launcher presses are now owed.", n="total"),
    ),
    "went-out": (
        # TRANSLATORS: verdict when a player plays their last card.
        M_("{player} played their last card, {card}, and won the round."),
    ),
    "drew": (
        # TRANSLATORS: verdict for drawing cards (or receiving them from the launcher).
        MN_("{player} drew {count} card.", "{player} drew {count} cards."),
    ),
    "drew/launcher": (
        # TRANSLATORS: verdict (UNO Attack): a player who could not play pressed the launcher and got these cards.
        MN_("{player} pressed the launcher and received {count} card.",
            "{player} pressed the launcher and received {count} cards."),
    ),
    "passed": (
        # TRANSLATORS: verdict when a player ends their turn without playing.
        M_("{player} ended their turn."),
    ),
    "draw-accepted": (
        # TRANSLATORS: verdict when a player takes the cards of a pending draw instead of answering it.
        MN_("{player} took the pending draw of {count} card.", "{player} took the pending draw of {count} cards."),
    ),
    "launcher-settled": (
        # TRANSLATORS: first sentence of the verdict after launcher presses were made (UNO Attack).
        MN_("{player} pressed the launcher {presses} time.", "{player} pressed the launcher {presses} times.", n="presses"),
        # TRANSLATORS: second sentence of the verdict after launcher presses: how many cards came out.
        MN_("The launcher fired {count} card.", "The launcher fired {count} cards."),
    ),
    "uno-called": (
        # TRANSLATORS: verdict when a player calls UNO (keep the word UNO).
        M_("{player} called UNO."),
    ),
    "uno-caught": (
        # TRANSLATORS: verdict when a player is caught not calling UNO; the penalty is drawing cards.
        MN_("{player} caught {target} before they called UNO: {target} draws {count} card.",
            "{player} caught {target} before they called UNO: {target} draws {count} cards."),
    ),
    "uno-caught/launcher": (
        # TRANSLATORS: verdict when a player is caught not calling UNO; the penalty is launcher presses (UNO Attack).
        MN_("{player} caught {target} before they called UNO: {target} presses the launcher {count} time.",
            "{player} caught {target} before they called UNO: {target} presses the launcher {count} times."),
    ),
    "challenge-succeeded": (
        # TRANSLATORS: first sentence of a challenge verdict; {player} challenged, {target} had played {card}.
        M_("{player} challenged the {card} played by {target}."),
        # TRANSLATORS: challenge verdict; {holding} lists the cards in the hand shown that match the colour {color}.
        M_("The hand shown holds {holding}, which matches {color}."),
        # TRANSLATORS: last sentence of a successful challenge verdict; {target} had played the challenged card.
        MN_("The challenge succeeds: {target} draws {count} card.", "The challenge succeeds: {target} draws {count} cards."),
    ),
    "challenge-succeeded/playable": (
        # TRANSLATORS: first sentence of a challenge verdict; {player} challenged, {target} had played {card}.
        M_("{player} challenged the {card} played by {target}."),
        # TRANSLATORS: challenge verdict; {holding} lists cards in the hand shown that could have been played instead.
        M_("The hand shown holds {holding}, which could have been played."),
        # TRANSLATORS: last sentence of a successful challenge verdict; {target} had played the challenged card.
        MN_("The challenge succeeds: {target} draws {count} card.", "The challenge succeeds: {target} draws {count} cards."),
    ),
    "challenge-failed": (
        # TRANSLATORS: first sentence of a challenge verdict; {player} challenged, {target} had played {card}.
        M_("{player} challenged the {card} played by {target}."),
        # TRANSLATORS: failed challenge verdict: the hand shown had no card of the colour {color}.
        M_("The hand shown holds no card that matches {color}, so the play was legal."),
        # TRANSLATORS: last sentence of a failed challenge verdict; {player} is the challenger.
        MN_("The challenge fails: {player} draws {count} card and loses their turn.",
            "The challenge fails: {player} draws {count} cards and loses their turn."),
    ),
    "challenge-failed/playable": (
        # TRANSLATORS: first sentence of a challenge verdict; {player} challenged, {target} had played {card}.
        M_("{player} challenged the {card} played by {target}."),
        # TRANSLATORS: failed challenge verdict: the hand shown had no other card that could be played.
        M_("The hand shown holds no other card that could have been played, so the play was legal."),
        # TRANSLATORS: last sentence of a failed challenge verdict; {player} is the challenger.
        MN_("The challenge fails: {player} draws {count} card and loses their turn.",
            "The challenge fails: {player} draws {count} cards and loses their turn."),
    ),
    "round-scored": (
        # TRANSLATORS: verdict after scoring a round; {points} were won this round, {total} is the player's score so far.
        MN_("{player} wins the round and scores {points} point, for a total of {total}.",
            "{player} wins the round and scores {points} points, for a total of {total}.", n="points"),
    ),
    "round-scored/partners": (
        # TRANSLATORS: verdict after scoring a round played in teams of two; {points} were won this round, {total} is the team's score (the partners' points added up).
        MN_("{player} wins the round and scores {points} point; with their partner's points, their team has {total}.",
            "{player} wins the round and scores {points} points; with their partner's points, their team has {total}.", n="points"),
    ),
    "game-won/partners": (
        # TRANSLATORS: first sentence of the verdict that ends a game played in teams of two; {points} were won in the last round.
        MN_("{player} scores {points} point for the round.", "{player} scores {points} points for the round.", n="points"),
        # TRANSLATORS: second sentence: the team of {player} and their partner reaches the target {target} with {total} points together.
        MN_("Together with their partner, {player} has {total} point, reaches the target of {target}, and their team wins the game.",
            "Together with their partner, {player} has {total} points, reaches the target of {target}, and their team wins the game.", n="total"),
    ),
    "round-scored/own-hands": (
        # TRANSLATORS: verdict after scoring a round where every player scores their own hand (fewest points win); {player} went out, {total} is their score so far.
        MN_("The round is scored: each player adds the points of their own hand, and {player}, who won the round, has {total} point.",
            "The round is scored: each player adds the points of their own hand, and {player}, who won the round, has {total} points.", n="total"),
    ),
    "game-won/own-hands": (
        # TRANSLATORS: verdict that ends a game where the fewest points win; {target} was reached by someone, {player} has the fewest, {total}.
        MN_("The round is scored and a player has reached the target of {target}: {player} has the fewest points, {total} point, and wins the game.",
            "The round is scored and a player has reached the target of {target}: {player} has the fewest points, {total} points, and wins the game.", n="total"),
    ),
    "game-won/last-standing": (
        # TRANSLATORS: first sentence of the verdict that ends the game; {points} were won in the last round.
        MN_("{player} scores {points} point for the round.", "{player} scores {points} points for the round.", n="points"),
        # TRANSLATORS: second sentence when the game ends because every other player is out (the mercy rule); {total} is the winner's score.
        MN_("Every other player is out, so {player} wins the game with {total} point.",
            "Every other player is out, so {player} wins the game with {total} points.", n="total"),
    ),
    "game-won": (
        # TRANSLATORS: first sentence of the verdict that ends the game; {points} were won in the last round.
        MN_("{player} scores {points} point for the round.", "{player} scores {points} points for the round.", n="points"),
        # TRANSLATORS: second sentence of the verdict that ends the game; {target} is the score needed to win.
        MN_("With {total} point, {player} reaches the target of {target} and wins the game.",
            "With {total} points, {player} reaches the target of {target} and wins the game.", n="total"),
    ),
    "table-opened/any": (
        # TRANSLATORS: verdict when a game starts on a wild that names no colour (UNO All Wild); {top} is its name.
        M_("The table is open: {top} starts the discard pile, no colour is in play, and {first_player} plays first."),
    ),
    "round-dealt/any": (
        # TRANSLATORS: verdict when a new round is dealt on a wild that names no colour; {round} is the round number, {top} a card name.
        M_("Round {round} is dealt: {top} starts the discard pile, no colour is in play, and {first_player} plays first."),
    ),
    "round-dealt": (
        # TRANSLATORS: verdict when a new round is dealt; {round} is the round number, {top} a card name.
        M_("Round {round} is dealt: {top} starts the discard pile, the colour in play is {color}, and {first_player} plays first."),
    ),
    "not-your-turn": (
        # TRANSLATORS: refusal: {player} tried to move but it is {current}'s turn.
        M_("It is not {player}'s turn: {current} is to play."),
    ),
    "card-does-not-match": (
        # TRANSLATORS: refusal: {card} was played on {top} while the colour in play is {color}.
        M_("{card} matches neither the colour in play, {color}, nor the top card, {top}."),
    ),
    "color-required": (
        # TRANSLATORS: refusal: a wild card was played without naming a colour.
        M_("Name a colour when you play {card}."),
    ),
    "color-not-allowed": (
        # TRANSLATORS: refusal: a colour was named with a card that does not let its player choose one.
        M_("{card} does not let its player choose a colour: play it without naming one."),
    ),
    "pending-draw/until-color": (
        # TRANSLATORS: refusal: because of {card}, {player} must first draw until a card of the colour in play comes.
        M_("Because of {card}, {player} must draw until a card of the colour in play comes, or answer it where the rules allow."),
    ),
    "pending-draw": (
        # TRANSLATORS: refusal: cards from {card} are still owed by {player}.
        MN_("{card} left {player} a pending draw of {count} card: take it, or answer it where the rules allow.",
            "{card} left {player} a pending draw of {count} cards: take it, or answer it where the rules allow."),
    ),
    "pending-draw/launcher": (
        # TRANSLATORS: refusal (UNO Attack): {player} still owes launcher presses caused by {card}.
        MN_("Because of {card}, {player} owes {count} launcher press: make it, or answer it where the rules allow.",
            "Because of {card}, {player} owes {count} launcher presses: make them, or answer them where the rules allow."),
    ),
    "pending-draw/launcher-until": (
        # TRANSLATORS: refusal (UNO Attack): {player} must press the launcher until it fires, because of {card}.
        M_("Because of {card}, {player} must press the launcher until it fires a card, or answer it where the rules allow."),
    ),
    "cannot-stack": (
        # TRANSLATORS: refusal: {card} may not answer the pending draw caused by {pending_card}.
        M_("{card} may not answer the pending draw from {pending_card}."),
    ),
    "nothing-pending": (
        # TRANSLATORS: refusal: a player tried to accept or challenge a draw, but none is pending.
        M_("There is no pending draw for {player} to accept or challenge."),
    ),
    "not-challengeable": (
        # TRANSLATORS: refusal: the card that caused the pending draw has no restriction to challenge.
        M_("{card} cannot be challenged."),
    ),
    "single-card-only": (
        # TRANSLATORS: refusal: several cards were played at once where only one is allowed.
        MN_("Only one card may be played at a time, and this move plays {count} card.",
            "Only one card may be played at a time, and this move plays {count} cards."),
    ),
    "cards-not-identical": (
        # TRANSLATORS: refusal: cards played together differ; {cards} is the list of cards played.
        M_("Cards played together must have the same colour and number, and these do not: {cards}."),
    ),
    "too-many-cards": (
        # TRANSLATORS: refusal: more cards were played together than allowed; {max} is the limit.
        MN_("At most {max} card may be played together, and this move plays {count}.",
            "At most {max} cards may be played together, and this move plays {count}.", n="max"),
    ),
    "discard-all-other-color": (
        # TRANSLATORS: refusal: a card played together with a Discard All is not of its colour {color}.
        M_("Only {color} cards may be played along with this card, and {card} is not {color}."),
    ),
    "restricted-play": (
        # TRANSLATORS: refusal: {card} is restricted while the hand holds a card of the colour {color}; {holding} names it.
        M_("{card} may not be played while the hand holds {holding}, which matches {color}."),
    ),
    "restricted-play/playable": (
        # TRANSLATORS: refusal: {card} is restricted while the hand holds another playable card; {holding} names it.
        M_("{card} may not be played while the hand holds {holding}, which could be played instead."),
    ),
    "draw-while-playable": (
        # TRANSLATORS: refusal: the player tried to draw while holding a playable card ({holding}).
        M_("The hand holds {holding}, which can be played, and these rules do not allow drawing instead."),
    ),
    "already-drew": (
        # TRANSLATORS: refusal: a second draw in the same turn.
        M_("{player} has already drawn this turn."),
    ),
    "draw-count-invalid": (
        # TRANSLATORS: refusal: the number of cards drawn is not allowed; {max} is the most that may be drawn.
        MN_("These rules do not allow drawing {count} card here; the most allowed is {max}.",
            "These rules do not allow drawing {count} cards here; the most allowed is {max}."),
    ),
    "pass-before-draw": (
        # TRANSLATORS: refusal: a player tried to end their turn before drawing.
        M_("{player} must draw before ending their turn."),
    ),
    "only-drawn-card": (
        # TRANSLATORS: refusal: after drawing, only the card just drawn ({drawn}) may be played, not {card}.
        M_("After drawing, only the card just drawn, {drawn}, may be played, not {card}."),
    ),
    "play-after-draw-forbidden": (
        # TRANSLATORS: refusal: a player tried to play after drawing, which ends the turn in these rules.
        M_("{player} has drawn, so their turn is over."),
    ),
    "drawn-card-must-be-played": (
        # TRANSLATORS: refusal: the drawn card can be played and the rules say it must be.
        M_("The card just drawn, {card}, can be played, and these rules say it must be."),
    ),
    "target-required": (
        # TRANSLATORS: refusal: {card} aims at a player and none was named.
        M_("Name the player that {card} aims at."),
    ),
    "target-invalid": (
        # TRANSLATORS: refusal: the player named as a target is not another player at the table.
        M_("{target} cannot be the target: choose another player at the table."),
    ),
    "cannot-go-out-on": (
        # TRANSLATORS: refusal: the house rules forbid ending the round on this card.
        M_("These rules do not allow going out on {card}."),
    ),
    "uno-not-due": (
        # TRANSLATORS: refusal: UNO was called too early; {count} is how many cards the player holds.
        MN_("{player} holds {count} card; UNO is called with one card left.",
            "{player} holds {count} cards; UNO is called with one card left."),
    ),
    "uno-not-due/second-to-last": (
        # TRANSLATORS: refusal (UNO Attack): UNO was called at the wrong moment; {count} is how many cards the player holds.
        MN_("{player} holds {count} card; UNO is called while playing the second-to-last card.",
            "{player} holds {count} cards; UNO is called while playing the second-to-last card."),
    ),
    "catch-self": (
        # TRANSLATORS: refusal: a player tried to catch themselves not calling UNO.
        M_("{player} cannot catch themselves."),
    ),
    "catch-target-called": (
        # TRANSLATORS: refusal: the player accused of not calling UNO did call it.
        M_("{target} called UNO in time, so there is no penalty."),
    ),
    "catch-target-has-cards": (
        # TRANSLATORS: refusal: the accused player holds more than one card, so UNO was not due.
        MN_("{target} holds {count} card, so there is no missed UNO to catch.",
            "{target} holds {count} cards, so there is no missed UNO to catch."),
    ),
    "catch-window-closed": (
        # TRANSLATORS: refusal: a catch came after the moment to catch {target} had passed.
        M_("Too late: the moment to catch {target} has passed."),
    ),
    "jump-in-not-identical": (
        # TRANSLATORS: refusal: a card played out of turn must be identical to the top card {top}.
        M_("Only a card identical to {top} may be played out of turn, and {card} is not."),
    ),
    "round-over": (
        # TRANSLATORS: refusal: the round has ended and must be scored first.
        M_("The round is over: score it before making any other move."),
    ),
    "round-not-over": (
        # TRANSLATORS: refusal: a round was scored before it ended.
        M_("The round is not over yet."),
    ),
    "round-already-scored": (
        # TRANSLATORS: refusal: the same round was scored twice.
        M_("This round has already been scored."),
    ),
    "game-over": (
        # TRANSLATORS: refusal: a move after the end of the game; {player} is the winner.
        M_("The game is over: {player} has won."),
    ),
    "winner-has-cards": (
        # TRANSLATORS: refusal when scoring: the player named as the round's winner still holds cards.
        MN_("{player} still holds {count} card and cannot be the winner of this round.",
            "{player} still holds {count} cards and cannot be the winner of this round."),
    ),
    "hand-count-mismatch": (
        # TRANSLATORS: refusal when scoring: the hand given does not hold as many cards as the table recorded.
        MN_("The table recorded {expected} card for {player}, but the hand given holds {count}.",
            "The table recorded {expected} cards for {player}, but the hand given holds {count}.", n="expected"),
    ),
    "not-enough-cards": (
        # TRANSLATORS: refusal: a move names more cards than the player holds; {held} is how many they hold.
        MN_("{player} holds only {held} card, not {count}.", "{player} holds only {held} cards, not {count}.", n="held"),
    ),
    "presses-owed": (
        # TRANSLATORS: refusal (UNO Attack): {player} owes launcher presses (a penalty or a card aimed at them) and tried to play first.
        M_("{player} must first press the launcher as many times as they owe, and only then play."),
    ),
    "draw-count-mismatch": (
        # TRANSLATORS: refusal: a draw reports {count} cards drawn, but the list of cards drawn ({cards}, card names) has another length.
        MN_("The draw says {count} card was drawn, but the cards listed are: {cards}.",
            "The draw says {count} cards were drawn, but the cards listed are: {cards}."),
    ),
    "cards-not-same-number": (
        # TRANSLATORS: refusal: cards played together must all be number cards showing the same number; {cards} lists them.
        M_("Cards played together must all show the same number, and {cards} do not."),
    ),
    "wild-on-wild": (
        # TRANSLATORS: refusal (house rule): a wild card {card} may not be played on the wild card {top}.
        M_("These rules do not allow a wild card on a wild card: {card} cannot go on {top}."),
    ),
    "draw-until-color": (
        # TRANSLATORS: refusal: {player} tried to accept a draw that has no fixed count; they draw until a card of the colour {color} comes.
        M_("{player} must draw until a {color} card comes, and then say how many cards that took."),
    ),
    "drew-past-color": (
        # TRANSLATORS: refusal: drawing until the colour {color} comes stops at the first such card; {card} was one.
        M_("Drawing stops at the first {color} card: {card} was one, so no more cards may be drawn after it."),
    ),
    "hand-full": (
        # TRANSLATORS: refusal: {player} already holds {max} cards, the hand limit of these rules, so they may not draw.
        MN_("{player} holds {max} card, the most these rules allow, and may not draw: play a card or end the turn.",
            "{player} holds {max} cards, the most these rules allow, and may not draw: play a card or end the turn.", n="max"),
    ),
    "player-out": (
        # TRANSLATORS: refusal: {player} is out of this round under the mercy rule (too many cards) and can make no move.
        M_("{player} is out of this round under the mercy rule and cannot make a move until the next round."),
    ),
    "drew-past-playable": (
        # TRANSLATORS: refusal: under "draw until you can play", the player kept drawing after {card}, a card that could be played.
        M_("Drawing stops at the first card that can be played: {card} could be played, so no more cards may be drawn after it."),
    ),
    "draw-impossible": (
        # TRANSLATORS: refusal: the draw pile and the discards under the top card hold only {available} cards, fewer than the {count} drawn.
        MN_("Only {available} card is left on the table to draw, not {count}.",
            "Only {available} cards are left on the table to draw, not {count}.", n="available"),
    ),
    "extra-play-offered": (
        # TRANSLATORS: refusal (UNO Attack): after a Skip or Reverse the player may play one more card or pass, but not draw.
        M_("{player} may play one more card or end their turn, but may not draw now."),
    ),
}

PLAYER_DETAILS = frozenset({"player", "target", "current", "first_player"})
CARD_DETAILS = frozenset({"card", "top", "pending_card", "drawn", "holding", "cards"})
COLOR_DETAILS = frozenset({"color"})
# Details whose name usually means a player but that hold a number for one code.
NUMBER_OVERRIDES = {"game-won": frozenset({"target"})}


def _as_int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def player_name(seat, tr: Translator, players: list[str] | None) -> str:
    """A seat index in words: the table's name for it, else "Player 1" for seat 0."""
    if isinstance(seat, int) and not isinstance(seat, bool) and players and 0 <= seat < len(players):
        return str(players[seat])
    if isinstance(seat, int) and not isinstance(seat, bool):
        # TRANSLATORS: a player the table has not named; {number} counts from 1 for the first seat.
        return tr.gettext("Player {number}", number=seat + 1)
    return str(seat)


def _cards_in_words(value, tr: Translator, rules: dict | None) -> str:
    if isinstance(value, (list, tuple)):
        return tr.join(card_name(str(card), tr, rules) for card in value) if value else ""
    return card_name(str(value), tr, rules)


def render_details(code: str, details: dict, tr: Translator, players=None, rules=None) -> dict:
    """The verdict's details as words of the reader's language, ready for a message."""
    numbers = NUMBER_OVERRIDES.get(code, frozenset())
    values = {}
    for name, value in (details or {}).items():
        if name in numbers:
            values[name] = value
        elif name in PLAYER_DETAILS:
            values[name] = player_name(value, tr, players)
        elif name in CARD_DETAILS:
            values[name] = _cards_in_words(value, tr, rules)
        elif name in COLOR_DETAILS:
            values[name] = color_name(str(value), tr)
        elif isinstance(value, (int, float, str)) and not isinstance(value, bool):
            values[name] = value
        elif value is None:
            values[name] = "?"  # the judge had no number to give (e.g. presses until it fires)
        else:
            values[name] = str(value)
    return values


def _restriction_type(card, rules: dict | None) -> str | None:
    if not rules or not isinstance(card, str):
        return None
    _color, kind = split_card(card, rules)
    spec = (rules.get("cards") or {}).get(kind) or {}
    return ((spec.get("restriction") or {}).get("type")) if isinstance(spec, dict) else None


def _launcher_effect(card, rules: dict) -> dict | None:
    """The launcher effect a card aims at the next player, if it has one."""
    if not isinstance(card, str):
        return None
    _color, kind = split_card(card, rules)
    spec = (rules.get("cards") or {}).get(kind)
    for effect in (spec.get("effects") or []) if isinstance(spec, dict) else []:
        if isinstance(effect, dict) and effect.get("type") == "launcher" and effect.get("target", "next") == "next":
            return effect
    return None


def variant(code: str, details: dict, rules: dict | None) -> str | None:
    """Which wording of the code fits the ruleset (None: the plain one)."""
    details = details or {}
    if code in ("played", "table-opened", "round-dealt") and "color" in details and details["color"] is None:
        return "any"   # a wild that names no colour
    if code == "pending-draw" and "count" in details and details["count"] is None:
        if not _launcher_effect(details.get("card"), rules or {}):
            return "until-color"
    if not rules:
        return None
    scoring = rules.get("scoring") or {}
    if code in ("round-scored", "game-won") and scoring.get("method") == "own-hands":
        return "own-hands"
    if scoring.get("teams") == "partners" and (
            code == "round-scored"
            or (code == "game-won" and _as_int(details.get("total")) >= _as_int(scoring.get("target")))):
        return "partners"
    if (code == "game-won" and ((rules.get("house") or {}).get("mercy") or {}).get("enabled")
            and not scoring.get("single_round") and _as_int(details.get("total")) < _as_int(scoring.get("target"))):
        return "last-standing"
    uno = rules.get("uno") or {}
    if code == "uno-caught" and (uno.get("penalty") or {}).get("type") == "launcher":
        return "launcher"
    if code == "uno-not-due" and uno.get("call") == "second-to-last-card":
        return "second-to-last"
    if code == "drew" and rules.get("draw_source") == "launcher":
        return "launcher"
    if code == "stacked" and _launcher_effect((details or {}).get("card"), rules) is not None:
        return "launcher"
    if code == "pending-draw":
        launcher = _launcher_effect((details or {}).get("card"), rules)
        if launcher is not None:
            return "launcher-until" if launcher.get("until_cards") else "launcher"
    if code in ("challenge-succeeded", "challenge-failed", "restricted-play"):
        if _restriction_type((details or {}).get("card"), rules) == "no-playable-card":
            return "playable"
    return None


def sentences_for(code: str, details: dict | None = None, rules: dict | None = None) -> tuple[Sentence, ...]:
    chosen = variant(code, details or {}, rules)
    if chosen and f"{code}/{chosen}" in MESSAGES:
        return MESSAGES[f"{code}/{chosen}"]
    return MESSAGES[code]


def verdict_message(verdict_json: dict, lang: str, players: list[str] | None = None,
                    rules: dict | None = None) -> str:
    """The verdict explained in the reader's language."""
    code = verdict_json.get("code")
    details = verdict_json.get("details")
    details = details if isinstance(details, dict) else {}
    tr = translator(lang)
    if code not in MESSAGES:
        # TRANSLATORS: fallback for a verdict code this version does not know; {code} is left as it is.
        return tr.gettext("The referee ruled: {code}.", code=str(code))
    values = render_details(code, details, tr, players, rules)
    sentences = sentences_for(code, details, rules)
    for sentence in sentences:  # a detail the judge left out must not break the message
        for text in sentence.texts():
            for name in placeholders(text):
                values.setdefault(name, "?")
    return " ".join(sentence.render(tr, values) for sentence in sentences)

