"""The table's own sentences: what must happen next, what a correction took back, and
the card values a points score is checked against.

`next` comes from referee/engine/next.py as data (a situation code and its facts);
each situation has whole sentences here, chosen by the facts (a count picks the plural
form, a launcher ruleset speaks of presses). Nothing is glued: a sentence that names
what else a player may do is a sentence of its own.
"""
from referee.engine.rules import compiled

from .cards import card_name, color_name, kind_name
from .catalogs import translator
from .effects import effect_text
from .render import Translator, sentence_start
from .verdicts import M_, MN_, S_, SN_, Sentence, player_name, verdict_message

# --- what happens next ------------------------------------------------------------

NEXT: dict[str, Sentence] = {
    # TRANSLATORS: what must happen now: {player} is the one to act; {top} is the top card, {color} the colour in play.
    "play": M_("{player} plays a card on {top} or draws; the colour in play is {color}."),
    # TRANSLATORS: what must happen now (UNO Attack): {player} plays a card or presses the card launcher; {top} is the top card.
    "play/launcher": M_("{player} plays a card on {top} or presses the launcher; the colour in play is {color}."),
    # TRANSLATORS: what must happen now: {player} has drawn and may now play a card or end their turn.
    "play-after-draw": M_("{player} may play a card or end their turn."),
    # TRANSLATORS: what must happen now: {player} has drawn and may now play only that card, or end their turn.
    "play-after-draw/drawn-only": M_("{player} may play the card just drawn or end their turn."),
    # TRANSLATORS: what must happen now: {player} drew {card}, which can be played, and the rules say it must be.
    "play-drawn-card": M_("{player} must play the card just drawn, {card}."),
    # TRANSLATORS: what must happen now (after a card that gives an extra play): {player} may play one more card or end the turn.
    "extra-play": M_("{player} may play one more card or end their turn."),
    # TRANSLATORS: what must happen now (UNO Attack): {player} owes {count} launcher presses (a penalty or an attack) and must make them before playing.
    "press-owed": MN_("{player} owes {count} launcher press: make it before playing.",
                      "{player} owes {count} launcher presses: make them before playing."),
    # TRANSLATORS: what must happen now (UNO Attack): {player} owes launcher presses until a card comes out, before playing.
    "press-owed/until": M_("{player} owes launcher presses until it fires a card: make them before playing."),
    # TRANSLATORS: what must happen now: {player} must take the pending draw of {count} cards.
    "answer-draw": MN_("{player} draws {count} card.", "{player} draws {count} cards."),
    # TRANSLATORS: what must happen now: {player} draws cards one by one until a card of the colour {color} comes, and keeps them all.
    "answer-draw/until-color": M_("{player} draws until a {color} card comes and keeps every card drawn."),
    # TRANSLATORS: what must happen now (after a failed challenge of a draw until a colour): {player} draws until a card of the colour {color} comes, then {count} more cards, and keeps them all.
    "answer-draw/until-color-more": MN_("{player} draws until a {color} card comes, then {count} card more, and keeps every card drawn.",
                                        "{player} draws until a {color} card comes, then {count} cards more, and keeps every card drawn."),
    # TRANSLATORS: what must happen now: {player} plays a card on {top}, or, as nothing is left on the table to draw, ends their turn; {color} is the colour in play.
    "play/nothing-to-draw": M_("{player} plays a card on {top} or, with nothing left to draw, ends their turn; the colour in play is {color}."),
    # TRANSLATORS: what must happen now: the round is over because every other player is out (the mercy rule); {winner} is the last one left in, and the table gives each hand's cards or points.
    "score/last-left": M_("{winner} is the last player left in: score the round by giving the cards left in each hand, or each player's points."),
    # TRANSLATORS: what must happen now on a wild that names no colour (UNO All Wild): {player} plays any card on {top}, or draws.
    "play/any": M_("{player} plays any card on {top} or draws; no colour is in play."),
    # TRANSLATORS: what must happen now (UNO Attack): {player} must press the launcher {count} times.
    "answer-launcher": MN_("{player} must press the launcher once.",
                           "{player} must press the launcher {count} times."),
    # TRANSLATORS: what must happen now (UNO Attack): {player} must press the launcher until a card comes out.
    "answer-launcher/until": M_("{player} presses the launcher until it fires a card."),
    # TRANSLATORS: what must happen now: the round is over; {winner} went out; the table gives each hand's cards or points.
    "score": M_("{winner} went out: score the round by giving the cards left in each hand, or each player's points."),
    # TRANSLATORS: what must happen now: round {round} has been scored and the next round, {next_round}, is dealt.
    "deal": M_("Round {round} is scored: deal round {next_round}."),
    # TRANSLATORS: what must happen now: nothing, the game is over; {winner} won it.
    "game-over": M_("The game is over: {winner} has won."),
}

# What must happen now, written for the ear (msgctxt "spoken"), where the written
# sentence is long: said aloud instead of it (verdicts.SPOKEN says why).
SPOKEN_NEXT: dict[str, Sentence] = {
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} plays a card on {top} or draws; the colour in play is {color}." Said to {player}, whose turn it is now.
    "play": S_("spoken", "{player}, your turn."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} plays a card on {top} or presses the launcher; the colour in play is {color}." (UNO Attack) Said to {player}, whose turn it is now.
    "play/launcher": S_("spoken", "{player}, your turn."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} may play a card or end their turn." Said to {player}, who has just drawn.
    "play-after-draw": S_("spoken", "{player}: play a card, or pass."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} may play the card just drawn or end their turn." Said to {player}, who has just drawn.
    "play-after-draw/drawn-only": S_("spoken", "{player}: play the card drawn, or pass."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{winner} went out: score the round by giving the cards left in each hand, or each player's points." Said right after "{winner} wins the round!".
    "score": S_("spoken", "Now score the round."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "Round {round} is scored: deal round {next_round}."
    "deal": S_("spoken", "Deal round {next_round}."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "The game is over: {winner} has won." Said right after the verdict that names the winner.
    "game-over": S_("spoken", "Game over."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "{player} draws {count} cards." (the draw a card played at {player} makes them take). Said to {player}.
    "answer-draw": SN_("spoken", "{player}, draw {count} card.", "{player}, draw {count} cards."),
}

ANSWERS: dict[str, Sentence] = {
    # TRANSLATORS: second sentence after "Bina draws 4 cards.": instead, {player} may answer with one of the cards {cards} (a list joined with "or").
    "stack": M_("Instead, {player} may answer with {cards}."),
    # TRANSLATORS: second sentence after "Bina draws 4 cards.": instead, {player} may challenge the {card} that caused the draw.
    "challenge": M_("Instead, {player} may challenge the {card}."),
    # TRANSLATORS: second sentence after "Bina draws 4 cards.": instead, {player} may answer with {cards} (joined with "or") or challenge the {card}.
    "stack-or-challenge": M_("Instead, {player} may answer with {cards} or challenge the {card}."),
}

# What else the one who must draw may do, written for the ear: said right after
# "Chirag, draw 4 cards.", so the one who may do it is not named again.
SPOKEN_ANSWERS: dict[str, Sentence] = {
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "Instead, {player} may answer with {cards}." Said right after "Chirag, draw 4 cards." to that player; {cards} is a list joined with "or".
    "stack": S_("spoken", "Or answer with {cards}."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "Instead, {player} may challenge the {card}." Said right after "Chirag, draw 4 cards." to that player; "it" is the card that makes them draw.
    "challenge": S_("spoken", "Or challenge it."),
    # TRANSLATORS: SPOKEN ALOUD by the phone, never shown: the short form of "Instead, {player} may answer with {cards} or challenge the {card}." Said right after "Chirag, draw 4 cards." to that player; {cards} is a list joined with "or".
    "stack-or-challenge": S_("spoken", "Or answer with {cards}, or challenge."),
}

# TRANSLATORS: said after what must happen now: {targets} (one name or a list) played down to one card without calling UNO and can still be caught.
CATCHABLE = MN_("{targets} has not called UNO and can still be caught.",
                "{targets} have not called UNO and can still be caught.", n="number")
# TRANSLATORS: said after what must happen now (UNO Attack): {player} still owes {count} launcher presses, to make at any time.
OWED = MN_("{player} still owes {count} launcher press.", "{player} still owes {count} launcher presses.")
# TRANSLATORS: said after what must happen now (UNO Attack): {player} still owes launcher presses until a card comes out.
OWED_UNTIL = M_("{player} still owes launcher presses until it fires a card.")


def next_sentences(action: dict, spoken: bool = False) -> list[tuple[Sentence, dict]]:
    """The sentences that say `action` (engine next_action), with their raw values;
    `spoken`: the main one written for the ear where SPOKEN_NEXT has it."""
    situation = action.get("situation")
    key = situation
    if situation == "play" and "draw" not in action.get("moves", ()) and action.get("color") is not None:
        key = "play/nothing-to-draw"
    elif situation == "play" and action.get("color") is None:
        key = "play/any"
    elif situation == "play" and action.get("launcher"):
        key = "play/launcher"
    elif situation == "play-after-draw" and action.get("drawn_only"):
        key = "play-after-draw/drawn-only"
    elif situation in ("answer-launcher", "press-owed") and action.get("until_cards"):
        key = f"{situation}/until"
    elif situation == "answer-draw" and action.get("until_color"):
        key = "answer-draw/until-color-more" if action.get("count") else "answer-draw/until-color"
    elif situation == "score" and action.get("last_left"):
        key = "score/last-left"
    if key not in NEXT:
        return []
    values = {name: action.get(name) for name in ("player", "top", "color", "card", "count",
                                                   "winner", "round", "next_round")}
    said = [(SPOKEN_NEXT.get(key, NEXT[key]) if spoken else NEXT[key], values)]
    if situation in ("answer-draw", "answer-launcher"):
        stack, challenge = bool(action.get("stack_with")), action.get("by") is not None
        answer = ("stack-or-challenge" if stack and challenge else "stack" if stack
                  else "challenge" if challenge else None)
        if answer:
            said.append(((SPOKEN_ANSWERS if spoken else ANSWERS)[answer],
                         dict(values, kinds=action.get("stack_with"))))
    catchable = [seat for seat in action.get("catchable") or () if seat != action.get("player")]
    if catchable:
        said.append((CATCHABLE, {"seats": catchable, "number": len(catchable)}))
    for debt in action.get("owed") or ():
        if situation == "press-owed" and debt.get("player") == action.get("player"):
            continue  # said by the main sentence
        said.append((OWED_UNTIL if debt.get("until_cards") else OWED,
                     {"player": debt.get("player"), "count": debt.get("presses")}))
    return said


def _words(values: dict, tr: Translator, players, rules) -> dict:
    words = {}
    for name, value in values.items():
        if name in ("player", "winner"):
            words[name] = player_name(value, tr, players)
        elif name in ("top", "card"):
            words[name] = card_name(str(value), tr, rules) if value else "?"
        elif name == "color":
            words[name] = color_name(str(value), tr)
        elif name == "kinds":
            words["cards"] = tr.join((kind_name(kind, tr, rules) for kind in value or ()), style="or")
        elif name == "seats":
            words["targets"] = tr.join(player_name(seat, tr, players) for seat in value)
        elif value is None:
            words[name] = "?"
        else:
            words[name] = value
    return words


def next_message(action: dict, lang: str, players, rules, spoken: bool = False) -> str:
    """`next` in the reader's language: one or more whole sentences (`spoken`: as said
    aloud)."""
    tr, rules = translator(lang), compiled(rules)
    names = [str(name) for name in players or ()]
    return " ".join(sentence_start(sentence.render(tr, _words(values, tr, players, rules)), names)
                    for sentence, values in next_sentences(action, spoken))


# --- corrections ------------------------------------------------------------------

CORRECTION: dict[str, Sentence] = {
    # TRANSLATORS: verdict of a correction: {player} asked to take back {count} moves; the table returns to how it stood after move number {to_seq}.
    "corrected": MN_("{player} took back {count} move: the table is back to how it stood after move {to_seq}.",
                     "{player} took back {count} moves: the table is back to how it stood after move {to_seq}."),
    # TRANSLATORS: verdict of a correction nobody in particular asked for: {count} moves are taken back, back to move number {to_seq}.
    "corrected/table": MN_("{count} move was taken back: the table is back to how it stood after move {to_seq}.",
                           "{count} moves were taken back: the table is back to how it stood after move {to_seq}."),
    # TRANSLATORS: refusal of a correction: move number {to_seq} belongs to an earlier round than the current round {round}.
    "correction-out-of-reach": M_("Move {to_seq} belongs to an earlier round: a correction goes back only within round {round}, or to just before its deal."),
}
# TRANSLATORS: part of a correction verdict: {verdict} is the whole sentence the referee had said about a move now taken back.
TAKEN_BACK = M_("Taken back: {verdict}")
# TRANSLATORS: part of a correction verdict: the move taken back was itself an earlier correction, which had put the table back to how it stood after move number {to_seq}.
TAKEN_BACK_CORRECTION = M_("Taken back: an earlier correction, which had put the table back to how it stood after move {to_seq}.")
# TRANSLATORS: last part of a correction verdict, after the moves it names one by one ("Taken back: ..."): {count} more moves were taken back that it does not name.
MORE_TAKEN_BACK = MN_("Also taken back: {count} more move.", "Also taken back: {count} more moves.")
# TRANSLATORS: part of a correction verdict: {reason} is what the table typed as the reason, left as typed.
REASON = M_("Reason given: {reason}")
MAX_TAKEN_BACK_SAID = 3


def taken_back_message(entry: dict, lang: str, players, rules) -> str:
    """The sentence that names one move a correction took back, from its verdict
    ({code, details}, as the table's log holds it): what the referee had said about
    it, or, for an earlier correction, where that correction had put the table."""
    tr = translator(lang)
    if entry.get("code") == "corrected":
        details = entry.get("details") if isinstance(entry.get("details"), dict) else {}
        return TAKEN_BACK_CORRECTION.render(tr, {"to_seq": details.get("to_seq", 0)})
    return TAKEN_BACK.render(tr, {"verdict": verdict_message(entry, lang, players, rules)})


def correction_message(verdict: dict, lang: str, players, rules) -> str:
    """A correction's verdict: how many moves it took back, the last few legal ones
    named (whatever the details list, which need not be every move), and how many
    more it took back than it names."""
    tr = translator(lang)
    details = verdict.get("details") or {}
    code = verdict.get("code")
    if code == "corrected":
        key = "corrected" if details.get("player") is not None else "corrected/table"
        count = details.get("count", 0)
        values = {"player": player_name(details.get("player"), tr, players),
                  "count": count, "to_seq": details.get("to_seq", 0)}
        said = [CORRECTION[key].render(tr, values)]
        listed = [entry for entry in details.get("taken_back") or [] if isinstance(entry, dict)]
        named = [entry for entry in listed if entry.get("legal")][-MAX_TAKEN_BACK_SAID:]
        said.extend(taken_back_message(entry, lang, players, rules) for entry in named)
        more = count - len(named) if isinstance(count, int) else 0
        if named and more > 0:
            said.append(MORE_TAKEN_BACK.render(tr, {"count": more}))
    else:
        said = [CORRECTION[code].render(tr, {"to_seq": details.get("to_seq", 0),
                                            "round": details.get("round", 0)})]
    if details.get("reason"):
        said.append(REASON.render(tr, {"reason": str(details["reason"])}))
    return " ".join(said)


# --- the card values of a points score ---------------------------------------------

# TRANSLATORS: after a round scored with points: the other cards' values, so the table can check its sums; {values} lists "Skip: 20 points"-style items.
VALUES = M_("Card values: {values}.")
# TRANSLATORS: one item of the card values list: the card kinds {cards} (one or a list) are worth {points} points each.
VALUE_ITEM = MN_("{cards}: {points} point", "{cards}: {points} points", n="points")
# TRANSLATORS: after a round scored with points: number cards are worth the number printed on them.
FACE_VALUE = M_("Number cards are worth their number.")


def values_message(values: list, lang: str, rules) -> str:
    """The value table ([{"kinds": [...], "points": n} | {"face_value": [...]}]) in words."""
    tr, rules = translator(lang), compiled(rules)
    said, items = [], []
    for entry in values:
        if entry.get("face_value"):
            said.append(FACE_VALUE.render(tr, {}))
        else:
            names = tr.join(kind_name(kind, tr, rules) for kind in entry.get("kinds") or ())
            items.append(VALUE_ITEM.render(tr, {"cards": names, "points": entry.get("points", 0)}))
    if items:
        # kept apart, not joined with "and": the items themselves hold "and" lists.
        said.append(VALUES.render(tr, {"values": tr.join(items, style="separate")}))
    return " ".join(said)


# --- a whole answer ------------------------------------------------------------------

TABLE_CODES = frozenset(CORRECTION) - {"corrected/table"}

# The effect types a code's own sentences already say, with the player they act on.
# Every other effect a verdict carries is said after them, one sentence each
# (referee/text/effects.py), so the table hears about everyone a move acts on: who
# draws after a Wild Targeted Draw Two, who loses the turn to a Skip, who the mercy rule
# knocks out. `turn` is left to `next`, which every answer with a turn carries.
TOLD_BY_CODE = {
    "played": {"color"},
    "played-several": {"color", "discard-all"},
    "went-out": {"round-over"},
    "drew": {"draw", "launcher-fired"},
    "draw-accepted": {"draw"},
    "launcher-settled": {"launcher-fired"},
    "uno-called": {"uno"},
    "uno-caught": {"draw", "launcher"},
    "challenge-succeeded": {"draw"},
    "challenge-failed": {"draw", "skip"},
    "round-scored": {"score"},
    "game-won": {"score", "game-over"},
    "player-finished": {"finished"},
    "places-decided": {"round-over", "finished"},
    "player-eliminated": {"score", "eliminated"},
    "table-opened": {"color", "draw", "launcher", "skip"},
    "round-dealt": {"color", "draw", "launcher", "skip"},
    "corrected": {"corrected"},
    "rescored": {"rescore", "game-over"},
}
SAID_BY_NEXT = frozenset({"turn"})
# A draw (or launcher presses) still to be taken is what `next` says to the one who owes
# it ("Chirag, draw 2 cards."): the spoken words leave it to next, so the ear hears it once.
SAID_BY_NEXT_WHEN_PENDING = frozenset({"draw", "launcher"})


# Effect types a code's sentences say only for the verdict's own `player`: a past round
# scored again says its winner's new points; another seat's (own-hands scoring) is said
# by its effect's sentence.
TOLD_FOR_PLAYER_ONLY = frozenset({"rescore"})


def untold_effects(verdict: dict, spoken: bool = False) -> list[dict]:
    """The effects of a verdict its own sentences do not say (`spoken`: nor next's)."""
    told = TOLD_BY_CODE.get(verdict.get("code"), set()) | SAID_BY_NEXT
    effects = verdict.get("effects")
    player = (verdict.get("details") or {}).get("player")
    return [effect for effect in effects if isinstance(effect, dict)
            and (effect.get("type") not in told
                 or (effect.get("type") in TOLD_FOR_PLAYER_ONLY and effect.get("player") != player))
            and not (spoken and effect.get("pending") and effect.get("type") in SAID_BY_NEXT_WHEN_PENDING)] \
        if isinstance(effects, list) else []


def message(verdict: dict, lang: str, players, rules, spoken: bool = False) -> str:
    """A verdict's message, the table's own codes included: its own sentences, one for
    each effect they do not say, and, after a points score, the card values it was
    counted with. `spoken`: the words said aloud (verdicts.SPOKEN), without the card
    values (a list to check sums against, read on the screen, not heard)."""
    if verdict.get("code") in TABLE_CODES:
        return correction_message(verdict, lang, players, rules)
    said = [verdict_message(verdict, lang, players, rules, spoken)]
    said += [text for text in (effect_text(effect, lang, players) for effect in untold_effects(verdict, spoken)) if text]
    values = (verdict.get("details") or {}).get("values")
    if isinstance(values, list) and values and not spoken:
        said.append(values_message(values, lang, rules))
    reason = (verdict.get("details") or {}).get("reason")
    if verdict.get("code") == "rescored" and reason and not spoken:   # the table's words, last
        said.append(REASON.render(translator(lang), {"reason": str(reason)}))
    return " ".join(said)
