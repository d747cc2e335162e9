"""Verdict messages: one message per code of referee/engine/codes.py, in every language.

A message is one or more whole sentences (so translators never glue fragments); a
sentence has at most one number, and its plural forms are chosen by that number (or,
for a list of cards, by how many cards it names). Some codes read differently under
some rulesets (a launcher penalty is presses, not cards): those have variants, chosen
from the compiled ruleset's data, never from its name, so every caller must pass it.
"""
from dataclasses import dataclass

from referee.engine.rules import KindSpec, PendingDraw, Rules, compiled

from .cards import card_name, color_name, split_card
from .catalogs import translator
from .render import Translator, placeholders, sentence_start


@dataclass(frozen=True)
class Sentence:
    singular: str
    plural: str | None = None
    n: str | None = None  # the detail whose number (or list length) picks the plural form
    color_form: str = "word"  # how {color} is used: "word", or "postposition" (before one)
    context: str | None = None  # msgctxt: "spoken" for a sentence written for the ear

    def texts(self) -> tuple[str, ...]:
        return (self.singular,) if self.plural is None else (self.singular, self.plural)

    def render(self, tr: Translator, values: dict) -> str:
        return self.translated(tr, values, as_int(values.get(self.n)))

    def translated(self, tr: Translator, values: dict, n: int) -> str:
        if self.plural is None:
            if self.context:
                return tr.pgettext(self.context, self.singular, **values)
            return tr.gettext(self.singular, **values)
        return tr.translate_plural(self.context, self.singular, self.plural, n, **values)


def M_(message: str, color_form: str = "word") -> Sentence:
    """A sentence without plural forms (extracted like gettext)."""
    return Sentence(message, color_form=color_form)


def MN_(singular: str, plural: str, n: str = "count", color_form: str = "word") -> Sentence:
    """A sentence whose wording follows the number in detail `n` (extracted like ngettext)."""
    return Sentence(singular, plural, n, color_form)


def S_(context: str, message: str) -> Sentence:
    """A sentence with a msgctxt (extracted like pgettext): "spoken" for the ear."""
    return Sentence(message, context=context)


def SN_(context: str, singular: str, plural: str, n: str = "count") -> Sentence:
    """A sentence with a msgctxt and plural forms (extracted like npgettext)."""
    return Sentence(singular, plural, n, context=context)


POSTPOSITION = "postposition"

# Keys are verdict codes, or "code/variant" for a wording that depends on the ruleset.
MESSAGES: dict[str, tuple[Sentence, ...]] = {
    "table-opened": (
        # TRANSLATORS: verdict when a game starts. {top} is the first card turned up (a card name), {color} the colour in play (a word), {first_player} the player who plays first.
        M_("The game has started: {top} is the first card on the discard pile, the colour in play is {color}, and {first_player} plays first."),
    ),
    "played": (
        # TRANSLATORS: verdict for a legal play. {player} played the card {card} (e.g. "red 3"); {color} is the colour in play now (a word).
        M_("{player} played {card}, and the colour in play is now {color}."),
    ),
    "played/any": (
        # TRANSLATORS: verdict for a legal play of a wild that names no colour (UNO All Wild); {card} is its name.
        M_("{player} played {card}; no colour is in play, so any card may follow."),
    ),
    "played-several": (
        # TRANSLATORS: verdict for several cards played at once. {player} played them; {cards} lists them; {count} is how many.
        MN_("{player} played {count} card together: {cards}.", "{player} played {count} cards together: {cards}."),
        # TRANSLATORS: second sentence after several cards were played at once. {card} is the card left on top; {color} the colour in play (a word).
        M_("{card} is now on top, and the colour in play is {color}."),
    ),
    "jumped-in": (
        # TRANSLATORS: verdict for a card played out of turn (the jump-in house rule). {player} jumped in with {card}.
        M_("{player} jumped in out of turn with {card}, the same card as the one on top."),
    ),
    "stacked": (
        # TRANSLATORS: verdict (stacking): {player} answered a draw card with the draw card {card}; {total} is the number of cards the next player now has to draw.
        MN_("{player} stacked {card}, so the next player now has {total} card to draw.",
            "{player} stacked {card}, so the next player now has {total} cards to draw.", n="total"),
    ),
    "stacked/launcher": (
        # TRANSLATORS: verdict (UNO Attack, stacking): {player} answered launcher presses with {card}; {total} is the presses the next player now owes.
        MN_("{player} stacked {card}, so the next player now has to press the launcher once.",
            "{player} stacked {card}, so the next player now has to press the launcher {total} times.", n="total"),
    ),
    "went-out": (
        # TRANSLATORS: verdict when {player} plays their last card, {card}, and wins the round.
        M_("{player} played their last card, {card}, and won the round."),
    ),
    "drew": (
        # TRANSLATORS: verdict: {player} drew {count} cards from the draw pile.
        MN_("{player} drew {count} card.", "{player} drew {count} cards."),
    ),
    "drew/launcher": (
        # TRANSLATORS: verdict (UNO Attack): {player} pressed the launcher and it fired {count} cards, which {player} keeps.
        MN_("{player} pressed the launcher and got {count} card.",
            "{player} pressed the launcher and got {count} cards."),
    ),
    "drew/launcher-empty": (
        # TRANSLATORS: verdict (UNO Attack): {player} pressed the launcher and no card came out.
        M_("{player} pressed the launcher, and no card came out."),
    ),
    "passed": (
        # TRANSLATORS: verdict when {player} ends their turn without playing.
        M_("{player} ended their turn."),
    ),
    "draw-accepted": (
        # TRANSLATORS: verdict: {player} took the {count} cards they owed instead of answering with a card.
        MN_("{player} took the {count} card they had to draw.", "{player} took the {count} cards they had to draw."),
    ),
    "launcher-settled": (
        # TRANSLATORS: first sentence of the verdict after {player} pressed the launcher {presses} times (UNO Attack).
        MN_("{player} pressed the launcher once.", "{player} pressed the launcher {presses} times.", n="presses"),
        # TRANSLATORS: second sentence of the verdict after launcher presses: {count} cards came out, and the player keeps them.
        MN_("The launcher fired {count} card.", "The launcher fired {count} cards."),
    ),
    "launcher-settled/empty": (
        # TRANSLATORS: first sentence of the verdict after {player} pressed the launcher {presses} times (UNO Attack).
        MN_("{player} pressed the launcher once.", "{player} pressed the launcher {presses} times.", n="presses"),
        # TRANSLATORS: second sentence of the verdict after launcher presses, when no card came out.
        M_("No card came out of the launcher."),
    ),
    "uno-called": (
        # TRANSLATORS: verdict when {player} calls UNO (keep the word UNO).
        M_("{player} called UNO."),
    ),
    "uno-caught": (
        # TRANSLATORS: verdict: {player} (the catcher) caught {target}, who is the one that did not call UNO in time; {target} draws {count} cards as the penalty. Make sure it reads that {target}, not {player}, failed to call.
        MN_("{player} caught {target}, who had not called UNO, so {target} draws {count} card as a penalty.",
            "{player} caught {target}, who had not called UNO, so {target} draws {count} cards as a penalty."),
    ),
    "uno-caught/launcher": (
        # TRANSLATORS: verdict (UNO Attack): {player} (the catcher) caught {target}, who is the one that did not call UNO in time; {target} presses the launcher {count} times as the penalty. Make sure it reads that {target}, not {player}, failed to call.
        MN_("{player} caught {target}, who had not called UNO, so {target} presses the launcher once as a penalty.",
            "{player} caught {target}, who had not called UNO, so {target} presses the launcher {count} times as a penalty."),
    ),
    "challenge-succeeded": (
        # TRANSLATORS: first sentence of a challenge verdict: {player} challenged the card {card} that {target} had played.
        M_("{player} challenged the {card} that {target} played."),
        # TRANSLATORS: challenge verdict: {target}'s hand, shown to the challenger, holds the cards {holding} of the colour {color} (before a postposition).
        MN_("{target}'s hand holds {holding}, a card of the colour {color}.",
            "{target}'s hand holds {holding}, cards of the colour {color}.", n="holding", color_form=POSTPOSITION),
        # TRANSLATORS: last sentence of a successful challenge verdict: {target}, who played the challenged card, draws {count} cards.
        MN_("The challenge succeeds, so {target} draws {count} card.", "The challenge succeeds, so {target} draws {count} cards."),
    ),
    "challenge-succeeded/playable": (
        # TRANSLATORS: first sentence of a challenge verdict: {player} challenged the card {card} that {target} had played.
        M_("{player} challenged the {card} that {target} played."),
        # TRANSLATORS: challenge verdict: {target}'s hand, shown to the challenger, holds {holding}, which {target} could have played instead.
        MN_("{target}'s hand holds {holding}, which {target} could have played instead.",
            "{target}'s hand holds {holding}, which {target} could have played instead.", n="holding"),
        # TRANSLATORS: last sentence of a successful challenge verdict: {target}, who played the challenged card, draws {count} cards.
        MN_("The challenge succeeds, so {target} draws {count} card.", "The challenge succeeds, so {target} draws {count} cards."),
    ),
    "challenge-failed": (
        # TRANSLATORS: first sentence of a challenge verdict: {player} challenged the card {card} that {target} had played.
        M_("{player} challenged the {card} that {target} played."),
        # TRANSLATORS: failed challenge verdict: {target}'s hand had no card of the colour {color} (before a postposition), so {target} played legally.
        M_("{target}'s hand holds no card of the colour {color}, so the play was legal.", color_form=POSTPOSITION),
        # TRANSLATORS: last sentence of a failed challenge verdict: {player}, the challenger, draws {count} cards and misses their turn.
        MN_("The challenge fails, so {player} draws {count} card and loses their turn.",
            "The challenge fails, so {player} draws {count} cards and loses their turn."),
    ),
    "challenge-failed/playable": (
        # TRANSLATORS: first sentence of a challenge verdict: {player} challenged the card {card} that {target} had played.
        M_("{player} challenged the {card} that {target} played."),
        # TRANSLATORS: failed challenge verdict: {target}'s hand had no other card {target} could play, so the play was legal.
        M_("{target}'s hand holds no other card that {target} could have played, so the play was legal."),
        # TRANSLATORS: last sentence of a failed challenge verdict: {player}, the challenger, draws {count} cards and misses their turn.
        MN_("The challenge fails, so {player} draws {count} card and loses their turn.",
            "The challenge fails, so {player} draws {count} cards and loses their turn."),
    ),
    "round-scored": (
        # TRANSLATORS: first sentence after scoring a round: {player} won it and gets {points} points.
        MN_("{player} wins the round and scores {points} point.",
            "{player} wins the round and scores {points} points.", n="points"),
        # TRANSLATORS: second sentence after scoring a round: {player}'s score so far is {total} points.
        MN_("{player} now has {total} point in all.", "{player} now has {total} points in all.", n="total"),
    ),
    "rescored": (
        # TRANSLATORS: first sentence of the verdict when a table scores a past round again (a correction of that round's score only); {round} is the round's number, {player} won that round and now scores {points} points for it.
        MN_("Round {round} is scored again: {player} now scores {points} point for it.",
            "Round {round} is scored again: {player} now scores {points} points for it.", n="points"),
        # TRANSLATORS: second sentence: {player}, who won that round, now has {total} points in all after the new score.
        MN_("{player} now has {total} point in all.", "{player} now has {total} points in all.", n="total"),
    ),
    "rescored/won": (
        # TRANSLATORS: first sentence of the verdict when a table scores a past round again (a correction of that round's score only); {round} is the round's number, {player} won that round and now scores {points} points for it.
        MN_("Round {round} is scored again: {player} now scores {points} point for it.",
            "Round {round} is scored again: {player} now scores {points} points for it.", n="points"),
        # TRANSLATORS: second sentence: {player}, who won that round, now has {total} points in all after the new score.
        MN_("{player} now has {total} point in all.", "{player} now has {total} points in all.", n="total"),
        # TRANSLATORS: third sentence: after the new score the game is over (a player has reached the target), and {winner} wins it.
        M_("So the game is over: {winner} wins it."),
    ),
    "rescored/resumed": (
        # TRANSLATORS: first sentence of the verdict when a table scores a past round again (a correction of that round's score only); {round} is the round's number, {player} won that round and now scores {points} points for it.
        MN_("Round {round} is scored again: {player} now scores {points} point for it.",
            "Round {round} is scored again: {player} now scores {points} points for it.", n="points"),
        # TRANSLATORS: second sentence: {player}, who won that round, now has {total} points in all after the new score.
        MN_("{player} now has {total} point in all.", "{player} now has {total} points in all.", n="total"),
        # TRANSLATORS: third sentence: the game had ended, but after the new score nobody has the {target} points needed to win, so the game goes on with the next round.
        MN_("Nobody has the target of {target} point now, so the game goes on.",
            "Nobody has the target of {target} points now, so the game goes on.", n="target"),
    ),
    "player-finished": (
        # TRANSLATORS: verdict (playing on for places): {player} played {card}, their last card, and finishes in place {place} (1 is first); the others play on.
        M_("{player} played their last card, {card}, and finished in place {place}; the others play on for the places left."),
    ),
    "places-decided": (
        # TRANSLATORS: verdict (playing on for places): {player} played {card}, their last card, with one other player left, so the round is over; {places} is the list of every player in finishing order, first to last.
        M_("{player} played their last card, {card}, and the round is over. The players finished in this order: {places}."),
    ),
    "player-eliminated": (
        # TRANSLATORS: first sentence after scoring a round under elimination: {player} won it and gets {points} points.
        MN_("{player} wins the round and scores {points} point.",
            "{player} wins the round and scores {points} points.", n="points"),
        # TRANSLATORS: second sentence (elimination): {eliminated} is the player, or the list of players, holding the most cards, {count}; they are out of the whole game.
        MN_("{eliminated} holds the most cards, {count}, and is out of the game.",
            "{eliminated} hold the most cards, {count} each, and are out of the game.", n="eliminated"),
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
        # TRANSLATORS: first sentence of the verdict that ends the game: {player} scores {points} points for the last round.
        MN_("{player} scores {points} point for the round.", "{player} scores {points} points for the round.", n="points"),
        # TRANSLATORS: second sentence of the verdict that ends the game: {player}'s score is now {total} points.
        MN_("{player} now has {total} point.", "{player} now has {total} points.", n="total"),
        # TRANSLATORS: third sentence of the verdict that ends the game: {target} is the score needed to win, and {player} has reached it.
        MN_("The target was {target} point, so {player} wins the game.",
            "The target was {target} points, so {player} wins the game.", n="target"),
    ),
    "table-opened/any": (
        # TRANSLATORS: verdict when a game starts on a wild that names no colour (UNO All Wild); {top} is its name (a card name), {first_player} the player who plays first.
        M_("The game has started: {top} is the first card on the discard pile, no colour is in play, and {first_player} plays first."),
    ),
    "round-dealt/any": (
        # TRANSLATORS: verdict when a new round is dealt on a wild that names no colour; {round} is the round number, {top} a card name.
        M_("Round {round} is dealt: {top} starts the discard pile, no colour is in play, and {first_player} plays first."),
    ),
    "round-dealt": (
        # TRANSLATORS: verdict when round number {round} is dealt. {top} is the first card turned up, {color} the colour in play (a word), {first_player} the player who plays first.
        M_("Round {round} is dealt: {top} is the first card on the discard pile, the colour in play is {color}, and {first_player} plays first."),
    ),
    "not-your-turn": (
        # TRANSLATORS: refusal: {player} tried to move, but it is {current}'s turn.
        M_("It is not {player}'s turn: it is {current}'s turn."),
    ),
    "card-does-not-match": (
        # TRANSLATORS: refusal: the card {card} was played on the top card {top} while the colour in play is {color} (a word).
        M_("{card} does not match the top card, {top}, and is not the colour in play, {color}."),
    ),
    "color-required": (
        # TRANSLATORS: refusal: the wild card {card} was played without naming a colour.
        M_("Whoever plays {card} must name a colour."),
    ),
    "draw-color-required": (
        # TRANSLATORS: refusal: {player} must draw until a colour comes and names that colour; {card} made them draw.
        M_("{player} draws because of {card} and names the colour to draw until: say which colour."),
    ),
    "draw-color-not-allowed": (
        # TRANSLATORS: refusal: {player} named a colour with a draw, which only a player drawing until a colour they name may do.
        M_("{player} draws without naming a colour: only a draw until a colour the drawer names takes one."),
    ),
    "turned-up-required": (
        # TRANSLATORS: refusal: {card} is a Flip card (UNO Flip): the phone must say which card the turned discard pile now shows on top.
        M_("{card} turns every card over: say which card is now on top of the discard pile."),
    ),
    "turned-up-not-allowed": (
        # TRANSLATORS: refusal: a turned-up card was reported with {card}, which does not turn the deck over (UNO Flip).
        M_("{card} does not turn the cards over, so no card is turned up with it."),
    ),
    "color-not-allowed": (
        # TRANSLATORS: refusal: a colour was named with the card {card}, which does not let its player choose one.
        M_("{card} does not let its player choose a colour, so play it without naming one."),
    ),
    "pending-draw/until-color": (
        # TRANSLATORS: refusal: because of {card}, {player} must first draw until a card of the colour in play comes. The second sentence is a permission, not a second duty: where the table's rules allow it, {player} may answer the card instead of drawing.
        M_("Because of {card}, {player} must draw until a card of the colour in play comes. Where the rules allow it, {player} may answer it with a card instead."),
    ),
    "pending-draw": (
        # TRANSLATORS: refusal: {player} still has to draw {count} cards because of the card {card}, before any other move. The second sentence is a permission, not a second duty: where the table's rules allow stacking, {player} may put a draw card on it instead of drawing.
        MN_("Because of {card}, {player} must first draw {count} card. Where the rules allow it, {player} may stack a draw card on it instead.",
            "Because of {card}, {player} must first draw {count} cards. Where the rules allow it, {player} may stack a draw card on it instead."),
    ),
    "pending-draw/launcher": (
        # TRANSLATORS: refusal (UNO Attack): {player} still has to press the launcher {count} times because of the card {card}. The second sentence is a permission, not a second duty: where the rules allow stacking, {player} may put a card on it instead.
        MN_("Because of {card}, {player} must first press the launcher once. Where the rules allow it, {player} may stack a card on it instead.",
            "Because of {card}, {player} must first press the launcher {count} times. Where the rules allow it, {player} may stack a card on it instead."),
    ),
    "pending-draw/launcher-until": (
        # TRANSLATORS: refusal (UNO Attack): because of the card {card}, {player} must keep pressing the launcher until a card comes out. The second sentence is a permission, not a second duty: where the rules allow stacking, {player} may put a card on it instead.
        M_("Because of {card}, {player} must first press the launcher until a card comes out. Where the rules allow it, {player} may stack a card on it instead."),
    ),
    "cannot-stack": (
        # TRANSLATORS: refusal: the card {card} may not be stacked on {pending_card}, the card that made this player draw.
        M_("{card} may not be stacked on {pending_card}."),
    ),
    "nothing-pending": (
        # TRANSLATORS: refusal: {player} tried to accept or challenge a draw card, but nobody has played one at them.
        M_("{player} has no cards to draw, so there is nothing to accept or challenge."),
    ),
    "not-challengeable": (
        # TRANSLATORS: refusal: the card {card}, which made this player draw, cannot be challenged.
        M_("{card} cannot be challenged."),
    ),
    "single-card-only": (
        # TRANSLATORS: refusal: {count} cards were played at once, but these rules allow only one card at a time.
        MN_("These rules allow one card at a time, and this move plays {count} card.",
            "These rules allow one card at a time, and this move plays {count} cards."),
    ),
    "cards-not-identical": (
        # TRANSLATORS: refusal: cards played together must be identical; {cards} lists the cards that were played.
        MN_("Cards played together must have the same colour and number, and {cards} do not.",
            "Cards played together must have the same colour and number, and {cards} do not.", n="cards"),
    ),
    "too-many-cards": (
        # TRANSLATORS: first sentence of a refusal: {max} is the most cards these rules let a player play together.
        MN_("At most {max} card may be played together.", "At most {max} cards may be played together.", n="max"),
        # TRANSLATORS: second sentence of the same refusal: {count} is how many cards the move played.
        MN_("This move plays {count} card.", "This move plays {count} cards."),
    ),
    "discard-all-other-color": (
        # TRANSLATORS: refusal (Discard All): only cards of the colour {color} (before a postposition) may go with it, and the card {card} is of another colour.
        M_("Only cards of the colour {color} may be played along with this card, and {card} is of another colour.",
           color_form=POSTPOSITION),
    ),
    "discard-all-kept-back": (
        # TRANSLATORS: refusal (Discard All, the hand shown): every card of the colour {color} (before a postposition) must go down with {card}, and the hand keeps {holding} back.
        MN_("Every card of the colour {color} goes down with {card}, and the hand keeps back {holding}, a card of that colour.",
            "Every card of the colour {color} goes down with {card}, and the hand keeps back {holding}, cards of that colour.",
            n="holding", color_form=POSTPOSITION),
    ),
    "restricted-play": (
        # TRANSLATORS: refusal: the card {card} may not be played while the hand holds {holding}, of the colour {color} (before a postposition).
        MN_("{card} may not be played while the hand holds {holding}, a card of the colour {color}.",
            "{card} may not be played while the hand holds {holding}, cards of the colour {color}.",
            n="holding", color_form=POSTPOSITION),
    ),
    "restricted-play/playable": (
        # TRANSLATORS: refusal: the card {card} may not be played while the hand holds {holding}, which could be played instead.
        MN_("{card} may not be played while the hand holds {holding}, which could be played instead.",
            "{card} may not be played while the hand holds {holding}, which could be played instead.", n="holding"),
    ),
    "draw-while-playable": (
        # TRANSLATORS: refusal: the player tried to draw while holding {holding}, which could be played, and these rules forbid drawing then.
        MN_("The hand holds {holding}, which can be played, and these rules do not allow drawing instead.",
            "The hand holds {holding}, which can be played, and these rules do not allow drawing instead.", n="holding"),
    ),
    "already-drew": (
        # TRANSLATORS: refusal: {player} tried to draw a second time in the same turn.
        M_("{player} has already drawn this turn."),
    ),
    "draw-count-invalid": (
        # TRANSLATORS: first sentence of a refusal: {count} is how many cards the move tried to draw.
        MN_("These rules do not allow drawing {count} card here.", "These rules do not allow drawing {count} cards here."),
        # TRANSLATORS: second sentence of the same refusal: {max} is the most cards that may be drawn here.
        MN_("At most {max} card may be drawn.", "At most {max} cards may be drawn.", n="max"),
    ),
    "pass-before-draw": (
        # TRANSLATORS: refusal: {player} tried to end their turn without drawing first.
        M_("{player} must draw before ending their turn."),
    ),
    "only-drawn-card": (
        # TRANSLATORS: refusal: after drawing, only the card just drawn ({drawn}) may be played, not the card {card}.
        M_("After drawing, only the card just drawn, {drawn}, may be played, not {card}."),
    ),
    "play-after-draw-forbidden": (
        # TRANSLATORS: refusal: {player} tried to play after drawing, and in these rules drawing ends the turn.
        M_("{player} has drawn, and in these rules drawing ends the turn."),
    ),
    "drawn-card-must-be-played": (
        # TRANSLATORS: refusal: the card just drawn, {card}, can be played, and these rules say it must be.
        M_("The card just drawn, {card}, can be played, and these rules say it must be played."),
    ),
    "target-required": (
        # TRANSLATORS: refusal: the card {card} aims at a player, and no player was named.
        M_("Name the player that {card} is aimed at."),
    ),
    "target-invalid": (
        # TRANSLATORS: refusal: {target} was named as the target, but must be another player at the table.
        M_("{target} cannot be the target: choose another player at the table."),
    ),
    "cannot-go-out-on": (
        # TRANSLATORS: refusal: these house rules do not allow ending the round with the card {card} as the last card.
        M_("These rules do not allow going out with {card} as the last card."),
    ),
    "uno-not-due": (
        # TRANSLATORS: refusal: {player} called UNO too early; {count} is how many cards {player} holds.
        MN_("{player} holds {count} card, and UNO is called only when one card is left.",
            "{player} holds {count} cards, and UNO is called only when one card is left."),
    ),
    "uno-not-due/second-to-last": (
        # TRANSLATORS: refusal (UNO Attack): {player} called UNO at the wrong moment; {count} is how many cards {player} holds.
        MN_("{player} holds {count} card, and UNO is called only while playing the second-to-last card.",
            "{player} holds {count} cards, and UNO is called only while playing the second-to-last card."),
    ),
    "catch-self": (
        # TRANSLATORS: refusal: {player} tried to catch themselves for not calling UNO.
        M_("{player} cannot catch themselves."),
    ),
    "catch-target-called": (
        # TRANSLATORS: refusal: {target}, who was accused of not calling UNO, did call it in time.
        M_("{target} called UNO in time, so there is no penalty."),
    ),
    "catch-target-has-cards": (
        # TRANSLATORS: refusal: {target} holds {count} cards, more than one, so {target} did not need to call UNO.
        MN_("{target} holds {count} card, so {target} did not need to call UNO.",
            "{target} holds {count} cards, so {target} did not need to call UNO."),
    ),
    "catch-window-closed": (
        # TRANSLATORS: refusal: it is too late to catch {target} for not calling UNO.
        M_("It is too late to catch {target}: the moment has passed."),
    ),
    "jump-in-not-identical": (
        # TRANSLATORS: refusal: only a card identical to the top card {top} may be played out of turn, and {card} is not.
        M_("Only a card identical to {top} may be played out of turn, and {card} is not."),
    ),
    "round-over": (
        # TRANSLATORS: refusal: the round has ended, and it must be scored before any other move.
        M_("The round is over, so score it before making any other move."),
    ),
    "round-not-over": (
        # TRANSLATORS: refusal: a round was scored before anyone went out.
        M_("The round is not over yet."),
    ),
    "round-already-scored": (
        # TRANSLATORS: refusal: the same round was scored twice.
        M_("This round has already been scored."),
    ),
    "game-over": (
        # TRANSLATORS: refusal: a move after the end of the game; {player} won it.
        M_("The game is over, and {player} has won."),
    ),
    "unknown-round": (
        # TRANSLATORS: refusal of a table's new score for round {round}: the game has not reached that round.
        M_("There is no round {round} to score again."),
        # TRANSLATORS: second sentence of the same refusal: the game is in round number {rounds} now.
        M_("The game is in round {rounds}."),
    ),
    "round-not-scored": (
        # TRANSLATORS: refusal of a table's new score for round {round}: that round was never scored, so it is scored first (with the score move), not scored again.
        M_("Round {round} has not been scored yet: score it first."),
    ),
    "winner-has-cards": (
        # TRANSLATORS: refusal when scoring: {player}, named as the winner of the round, still holds {count} cards.
        MN_("{player} still holds {count} card, so {player} cannot be the winner of this round.",
            "{player} still holds {count} cards, so {player} cannot be the winner of this round."),
    ),
    "points-over-hand": (
        # TRANSLATORS: first sentence of a refusal when scoring by points: the table gave {points} points for {player}'s hand.
        MN_("The score gives {player} {points} point.", "The score gives {player} {points} points.", n="points"),
        # TRANSLATORS: second sentence of the same refusal: {player} holds {count} cards, which together can be worth at most {max} points.
        MN_("{player} holds {count} card, worth {max} points at most.",
            "{player} holds {count} cards, worth {max} points at most."),
    ),
    "hand-count-mismatch": (
        # TRANSLATORS: first sentence of a refusal when scoring: the table recorded {expected} cards in {player}'s hand.
        MN_("The table recorded {expected} card in {player}'s hand.", "The table recorded {expected} cards in {player}'s hand.",
            n="expected"),
        # TRANSLATORS: second sentence of the same refusal: the hand given for scoring holds {count} cards.
        MN_("The hand given holds {count} card.", "The hand given holds {count} cards."),
    ),
    "not-enough-cards": (
        # TRANSLATORS: first sentence of a refusal: {player} holds only {held} cards.
        MN_("{player} holds only {held} card.", "{player} holds only {held} cards.", n="held"),
        # TRANSLATORS: second sentence of the same refusal: the move names {count} cards.
        MN_("This move names {count} card.", "This move names {count} cards."),
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
    "seating-required": (
        # TRANSLATORS: refusal (house rule): players change seats before every round, so the deal must say who now sits where.
        M_("Under these rules the players change seats before each round: say who sits where before dealing."),
    ),
    "seating-not-allowed": (
        # TRANSLATORS: refusal: these rules keep every player in their seat, so a deal cannot seat them anew.
        M_("Under these rules the players keep their seats: the deal cannot seat them anew."),
    ),
    "player-out": (
        # TRANSLATORS: refusal: {player} is out of this round under the mercy rule (too many cards) and can make no move.
        M_("{player} is out of this round under the mercy rule and cannot make a move until the next round."),
    ),
    "player-out/finished": (
        # TRANSLATORS: refusal (playing on for places): {player} already finished this round in place {place} and can make no move until the next round.
        M_("{player} has finished this round in place {place} and cannot make a move until the next round."),
    ),
    "player-out/eliminated": (
        # TRANSLATORS: refusal (elimination, or the mercy rule played for the whole game): {player} is out of the game, for this round and every later one, and can make no move.
        M_("{player} is out of the game and cannot make a move."),
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
        # TRANSLATORS: refusal (UNO Attack): after a Skip or Reverse, {player} may play one more card or end their turn, but may not draw.
        M_("{player} may now play one more card or end their turn, but may not draw."),
    ),
}

PLAYER_DETAILS = frozenset({"player", "target", "current", "first_player", "winner"})
PLAYER_LIST_DETAILS = frozenset({"eliminated", "places"})
CARD_DETAILS = frozenset({"card", "top", "pending_card", "drawn", "holding", "cards"})
COLOR_DETAILS = frozenset({"color"})
# Details whose name usually means a player but that hold a number for one code.
NUMBER_OVERRIDES = {"game-won": frozenset({"target"}), "rescored": frozenset({"target"})}


def as_int(value) -> int:
    if isinstance(value, (list, tuple)):
        return len(value)  # a list of cards: its verb agrees with how many it names
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


def _cards_in_words(value, tr: Translator, rules: Rules | None) -> str:
    if isinstance(value, (list, tuple)):
        return tr.join([card_name(str(card), tr, rules) for card in value]) if value else ""
    return card_name(str(value), tr, rules)


def render_details(code: str, details: dict, tr: Translator, players=None, rules=None,
                   color_form: str = "word") -> dict:
    """The verdict's details as words of the reader's language, ready for a message."""
    numbers = NUMBER_OVERRIDES.get(code, frozenset())
    values = {}
    for name, value in (details or {}).items():
        if name in numbers:
            values[name] = value
        elif name in PLAYER_DETAILS:
            values[name] = player_name(value, tr, players)
        elif name in PLAYER_LIST_DETAILS and isinstance(value, (list, tuple)):
            values[name] = tr.join([player_name(seat, tr, players) for seat in value])
        elif name in CARD_DETAILS:
            values[name] = _cards_in_words(value, tr, rules)
        elif name in COLOR_DETAILS:
            values[name] = color_name(str(value), tr, color_form)
        elif isinstance(value, (int, float, str)) and not isinstance(value, bool):
            values[name] = value
        elif value is None:
            values[name] = "?"  # the judge had no number to give (e.g. presses until it fires)
        else:
            values[name] = str(value)
    return values


def _kind_of(card, rules: Rules | None) -> KindSpec | None:
    """The compiled kind a card string names, if the ruleset has it."""
    if rules is None or not isinstance(card, str):
        return None
    _color, kind = split_card(card, rules)
    return rules.kinds.get(kind) or (rules.other_side.kinds.get(kind) if rules.other_side else None)


def _launcher_aimed(card, rules: Rules | None) -> PendingDraw | None:
    """The launcher presses a card makes the next player owe, if it does."""
    kind = _kind_of(card, rules)
    owed = kind.pending if kind is not None else None
    return owed if owed is not None and owed.kind == "launcher" else None


# When the first card turned up makes the first player owe a draw (or launcher presses),
# "... and Bina plays first" would be wrong: Bina draws and, with a skip, loses the
# turn. The opening is then two sentences: the card and colour, then what the card
# makes the first player do (as `next` says it).
OPENING_OWED: dict[tuple[str, bool], Sentence] = {
    # TRANSLATORS: verdict when a game starts on a card that makes the first player draw (the next sentence says what they must do). {top} is the first card turned up (a card name), {color} the colour in play (a word).
    ("table-opened", False): M_("The game has started: {top} is the first card on the discard pile, and the colour in play is {color}."),
    # TRANSLATORS: verdict when a game starts on a wild that names no colour (UNO All Wild) and makes the first player draw (the next sentence says what they must do). {top} is its name.
    ("table-opened", True): M_("The game has started: {top} is the first card on the discard pile, and no colour is in play."),
    # TRANSLATORS: verdict when round number {round} is dealt on a card that makes the first player draw (the next sentence says what they must do). {top} is the first card turned up, {color} the colour in play (a word).
    ("round-dealt", False): M_("Round {round} is dealt: {top} is the first card on the discard pile, and the colour in play is {color}."),
    # TRANSLATORS: verdict when round number {round} is dealt on a wild that names no colour and makes the first player draw (the next sentence says what they must do). {top} is its name.
    ("round-dealt", True): M_("Round {round} is dealt: {top} is the first card on the discard pile, and no colour is in play."),
}
OWED_AT_OPENING: dict[str, Sentence] = {
    # TRANSLATORS: second sentence of a game's start: the first card turned up ("It", a draw card) makes {first_player} draw {count} cards, and they lose their turn (they play nothing).
    "draw": MN_("It makes {first_player} draw {count} card and miss the turn.",
                "It makes {first_player} draw {count} cards and miss the turn."),
    # TRANSLATORS: second sentence of a game's start: the first card turned up ("It", a draw card) makes {first_player} draw {count} cards, and then they play.
    "draw/then-play": MN_("It makes {first_player} draw {count} card before playing.",
                          "It makes {first_player} draw {count} cards before playing."),
    # TRANSLATORS: second sentence of a game's start (UNO Attack): the first card turned up ("It") makes {first_player} press the card launcher {count} times, and they lose their turn.
    "launcher": MN_("It makes {first_player} press the launcher once and miss the turn.",
                    "It makes {first_player} press the launcher {count} times and miss the turn."),
    # TRANSLATORS: second sentence of a game's start (UNO Attack): the first card turned up ("It") makes {first_player} press the card launcher {count} times, and then they play.
    "launcher/then-play": MN_("It makes {first_player} press the launcher once before playing.",
                              "It makes {first_player} press the launcher {count} times before playing."),
    # TRANSLATORS: second sentence of a game's start (UNO Attack): the first card turned up ("It") makes {first_player} press the card launcher until it fires a card, and they lose their turn.
    "launcher-until": M_("It makes {first_player} press the launcher until it fires a card, and miss the turn."),
    # TRANSLATORS: second sentence of a game's start (UNO Attack): the first card turned up ("It") makes {first_player} press the card launcher until it fires a card, and then they play.
    "launcher-until/then-play": M_("It makes {first_player} press the launcher until it fires a card, before playing."),
}


def owed_at_opening(code: str, details: dict, effects) -> tuple[str, int | None] | None:
    """(wording, count) of what the first card of a deal makes the first player owe, from
    the verdict's effects (a pending draw or launcher presses aimed at them, and a
    pending skip), or None when it makes them owe nothing (or nothing said here: a draw
    until a colour comes is left to `next`)."""
    if code not in ("table-opened", "round-dealt") or not isinstance(effects, list):
        return None
    first = details.get("first_player")
    owed = [effect for effect in effects if isinstance(effect, dict) and effect.get("pending")
            and effect.get("player") == first]
    loses_turn = any(effect.get("type") == "skip" for effect in owed)
    suffix = "" if loses_turn else "/then-play"
    for effect in owed:
        if effect.get("type") == "draw" and isinstance(effect.get("count"), int):
            return "draw" + suffix, effect["count"]
        if effect.get("type") == "launcher":
            if effect.get("until_cards"):
                return "launcher-until" + suffix, None
            if isinstance(effect.get("presses"), int):
                return "launcher" + suffix, effect["presses"]
    return None


# Said for both wordings of a failed challenge: who draws is what the table needs to hear.
# TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of a failed challenge verdict, whose last sentence is "The challenge fails, so {player} draws {count} cards and loses their turn." {player} is the challenger, who draws.
CHALLENGE_FAILED_SPOKEN = SN_("spoken", "Challenge failed: {player} draws {count} card.",
                              "Challenge failed: {player} draws {count} cards.")

# Sentences written for the ear (msgctxt "spoken"): what a phone or GET /v1/speech says
# aloud instead of the written message, for the verdicts said most often and whose
# written form is long to hear, and for the rare long ones that end a challenge, a round
# or the game: who draws, who wins, the score. The essential comes first, in a few words
# (the target and the measured durations: docs/speech.md); the written message on
# screen keeps the whole ruling.
# A code without one here is said as it is written. Keys as MESSAGES's.
SPOKEN: dict[str, tuple[Sentence, ...]] = {
    "played": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} played {card}, and the colour in play is now {color}." Keep it short (a few words); {color} is a colour word.
        S_("spoken", "{player} played {card}. Now {color}."),
    ),
    "not-your-turn": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "It is not {player}'s turn: it is {current}'s turn." Said to {player}, who tried to move; {current} is the one whose turn it is.
        S_("spoken", "Not your turn, {player}. It is {current}'s turn."),
    ),
    "card-does-not-match": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{card} does not match the top card, {top}, and is not the colour in play, {color}." {card} was refused on {top}; {color} is the colour in play (a word).
        S_("spoken", "No: {card} does not match {top}. The colour is {color}."),
    ),
    "uno-caught": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} caught {target} without calling UNO, so {target} draws {count} cards as a penalty." Keep the word UNO.
        SN_("spoken", "Caught without UNO! {target} draws {count} card.",
            "Caught without UNO! {target} draws {count} cards."),
    ),
    "draw-accepted": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} took the {count} cards they had to draw."
        SN_("spoken", "{player} took {count} card.", "{player} took {count} cards."),
    ),
    "uno-not-due": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} holds {count} cards, and UNO is called only when one card is left." Said to {player}, who called UNO too early; keep the word UNO.
        SN_("spoken", "Too early for UNO, {player}: {count} card left.",
            "Too early for UNO, {player}: {count} cards left."),
    ),
    "pending-draw": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "Because of {card}, {player} must first draw {count} cards, or stack a card on it where the rules allow." Said to {player}.
        SN_("spoken", "{player}, draw {count} card first.", "{player}, draw {count} cards first."),
    ),
    "passed": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} ended their turn." (without playing, after drawing)
        S_("spoken", "{player} passed."),
    ),
    "nothing-pending": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} has no cards to draw, so there is nothing to accept or challenge." Said to {player}, who tried to accept or challenge a draw card nobody played at them.
        S_("spoken", "{player}, no draw to accept."),
    ),
    "catch-target-has-cards": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{target} holds {count} cards, so {target} did not need to call UNO." (a refused catch). Keep the word UNO.
        SN_("spoken", "{target} holds {count} card: no UNO needed.",
            "{target} holds {count} cards: no UNO needed."),
    ),
    "only-drawn-card": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "After drawing, only the card just drawn, {drawn}, may be played, not {card}." {drawn} is the card just drawn (a card name).
        S_("spoken", "No: only the card drawn, {drawn}."),
    ),
    "went-out": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} played their last card, {card}, and won the round."
        S_("spoken", "{player} wins the round!"),
    ),
    "challenge-failed": (
        CHALLENGE_FAILED_SPOKEN,
    ),
    "challenge-failed/playable": (
        CHALLENGE_FAILED_SPOKEN,
    ),
    "round-scored": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} wins the round and scores {points} points." {player} won the round.
        SN_("spoken", "{player} scores {points} point.", "{player} scores {points} points.", n="points"),
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} now has {total} points in all." Said right after "Asha scores 19 points."
        SN_("spoken", "Total {total}.", "Total {total}.", n="total"),
    ),
    "game-won": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of the verdict that ends the game ("{player} now has {total} points. The target was 500 points, so {player} wins the game.").
        SN_("spoken", "{player} wins the game with {total} point!",
            "{player} wins the game with {total} points!", n="total"),
    ),
    "round-dealt": (
        # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "Round {round} is dealt: {top} is the first card on the discard pile, the colour in play is {color}, and {first_player} plays first." {top} is a card name, {color} a colour word; who plays first is said next.
        S_("spoken", "Round {round}: {top}. Now {color}."),
    ),
}


def variant(code: str, details: dict, rules: Rules | None) -> str | None:
    """Which wording of the code fits the ruleset (None: the plain one)."""
    details = details or {}
    if code in ("played", "table-opened", "round-dealt") and "color" in details and details["color"] is None:
        return "any"   # a wild that names no colour
    if code == "pending-draw" and "count" in details and details["count"] is None:
        if not _launcher_aimed(details.get("card"), rules):
            return "until-color"
    if rules is None:
        return None
    if code == "player-out" and details.get("place") is not None:
        return "finished"
    if code == "player-out" and rules.out_for_game:   # elimination, or a mercy knock-out for the game
        return "eliminated"
    if code == "game-won" and rules.elimination:
        return "last-standing"
    if code in ("round-scored", "game-won") and rules.own_hands:
        return "own-hands"
    if rules.partners and (
            code == "round-scored"
            or (code == "game-won" and as_int(details.get("total")) >= rules.target)):
        return "partners"
    if (code == "game-won" and rules.mercy_limit is not None
            and not rules.single_round and as_int(details.get("total")) < rules.target):
        return "last-standing"
    if code == "rescored" and details.get("game") in ("won", "resumed"):
        return str(details["game"])
    if code == "uno-caught" and rules.uno_penalty.kind == "launcher":
        return "launcher"
    if code == "uno-not-due" and rules.uno_precall:
        return "second-to-last"
    if code == "drew" and rules.draw_source == "launcher":
        return "launcher-empty" if details.get("count") == 0 else "launcher"
    if code == "launcher-settled" and details.get("count") == 0:
        return "empty"
    if code == "stacked" and _launcher_aimed(details.get("card"), rules) is not None:
        return "launcher"
    if code == "pending-draw":
        launcher = _launcher_aimed(details.get("card"), rules)
        if launcher is not None:
            return "launcher-until" if launcher.until_cards else "launcher"
    if code in ("challenge-succeeded", "challenge-failed", "restricted-play"):
        kind = _kind_of(details.get("card"), rules)
        if kind is not None and kind.restriction == "no-playable-card":
            return "playable"
    return None


def sentences_for(code: str, details: dict | None = None, rules: Rules | None = None,
                  spoken: bool = False) -> tuple[Sentence, ...]:
    """The sentences of a verdict; `spoken`: those written for the ear where it has them."""
    chosen = variant(code, details or {}, rules)
    key = f"{code}/{chosen}" if chosen and f"{code}/{chosen}" in MESSAGES else code
    if spoken and key in SPOKEN:
        return SPOKEN[key]
    return MESSAGES[key]


def verdict_message(verdict_json: dict, lang: str, players: list[str] | None, rules,
                    spoken: bool = False) -> str:
    """The verdict explained in the reader's language, worded for the table's ruleset
    (compiled, or its resolved data); `spoken`: the words said aloud (SPOKEN)."""
    return render_verdict(verdict_json, translator(lang), players, rules, spoken)


def render_verdict(verdict_json: dict, tr: Translator, players: list[str] | None, rules,
                   spoken: bool = False) -> str:
    """verdict_message with a given translator (the translators' page previews an edit)."""
    if rules is None:
        raise TypeError("verdict_message needs the table's ruleset (compiled, or its resolved data)")
    rules = compiled(rules)
    state = verdict_json.get("state")
    if isinstance(state, dict) and isinstance(state.get("side"), str):
        rules = rules.on_side(state["side"])   # the cards are named on the side up
    code = verdict_json.get("code")
    details = verdict_json.get("details")
    details = details if isinstance(details, dict) else {}
    if code not in MESSAGES:
        # TRANSLATORS: fallback for a verdict code this version does not know; {code} is left as it is.
        return tr.gettext("The referee ruled: {code}.", code=str(code))
    owed = owed_at_opening(code, details, verdict_json.get("effects"))
    if owed is not None:
        wording, count = owed
        details = dict(details, count=count)
        sentences = (OPENING_OWED[(code, "color" in details and details["color"] is None)],
                     OWED_AT_OPENING[wording])
    else:
        sentences = sentences_for(code, details, rules, spoken)
    names = [str(name) for name in players or ()]
    return " ".join(sentence_start(_sentence(sentence, code, details, tr, players, rules), names)
                    for sentence in sentences)


def _sentence(sentence: Sentence, code: str, details: dict, tr: Translator, players, rules: Rules) -> str:
    values = render_details(code, details, tr, players, rules, sentence.color_form)
    for text in sentence.texts():  # a detail the judge left out must not break the message
        for name in placeholders(text):
            values.setdefault(name, "?")
    return sentence.translated(tr, values, _number_of(details.get(sentence.n), sentence.n))


def _number_of(value, name: str) -> int:
    """The number that picks a sentence's plural form: a count, or how many cards a
    card detail names (one card given as a string is one)."""
    if name in CARD_DETAILS and isinstance(value, str):
        return 1
    return as_int(value)
