"""The OpenAPI 3.1 document of the service (GET /v1/openapi.json, rendered at /docs).

The request schemas here are the one definition of each body's fields and limits:
clients, /docs and schemathesis read them, and the service's fast checks take theirs
from them (api/fields.py). The insides of a move and a state are the engine's to
check (parse_move, parse_state: they need the ruleset), with the limits this document
takes from the engine's constants.
"""
import functools

from referee.engine.effects import EFFECTS, effect_schema
from referee.engine.errors import INPUT_CODES
from referee.engine.moves import MAX_CARDS_IN_MOVE, MAX_DRAW, MAX_POINTS, MAX_PRESSES, MAX_REASON, MAX_ROUND
from referee.engine.next import SITUATIONS
from referee.engine.opening import MAX_CARDS_TURNED
from referee.engine.state import MAX_PLAYERS
from referee.rules.errors import PROBLEM_MESSAGES

from referee.service.catalog import SUMMARY_PAGE
from referee.service.ids import RULESET_ID_PATTERN, TABLE_ID_PATTERN
from referee.service.problems import ALL_PROBLEMS, MAX_ERRORS
from referee.service.speech import MAX_TEXT, SPEECH_ONLY_CODES

from . import examples
from .context import MAX_LANG_TAG
from .mapping import DOMAIN_PROBLEMS
from .speech import PROBLEMS as SPEECH_PROBLEMS
from .waiting import MAX_WAIT

JSON = "application/json"
PROBLEM = "application/problem+json"


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


CARD = {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$", "maxLength": 60,
        "description": "`<colour>-<kind>` for a coloured card, `<kind>` for a wild "
                       "(e.g. `red-7`, `blue-skip`, `wild-draw-four`)."}
SEAT = {"type": "integer", "minimum": 0, "maximum": 1000, "description": "A seat index (0-based)."}
# Who a joining phone is: one player's (their seat; it moves for that seat only, but
# catches, challenges, scores and rescores, deals and corrections, which any phone may record) or
# the table's shared phone, which moves for anyone.
TABLE_PHONE = "table"
JOIN_SEAT = {"oneOf": [SEAT, {"const": TABLE_PHONE}],
             "description": "The seat of the player holding this phone, or \"table\" for "
                            "one phone shared by the table, which records for anyone."}
RULESET_ID = {"type": "string", "minLength": 1, "maxLength": 64,
              "pattern": f"^{RULESET_ID_PATTERN}$"}

CARDS = {"type": "array", "items": ref("Card"), "maxItems": MAX_CARDS_IN_MOVE}
# The most cards a request may show as a hand (the checks read it from the schemas).
MAX_HAND_SHOWN = 500
# Hints without a hand: a phone at a physical table does not know it.
DECK_HINTS = {"type": "boolean", "description": "`true` instead of `hand` when the hand is not "
              "known: the plays are the deck's cards the judge takes now from the player who "
              "acts, most likely first (the card just drawn, the colour in play, the top card's "
              "symbol, then the rest)."}
TURNED = {"oneOf": [ref("Card"), {"type": "array", "items": ref("Card"), "minItems": 1,
                                  "maxItems": MAX_CARDS_TURNED}]}
MOVE_TYPES = {
    "play": ("Play one card (or several: doubles, Discard All) from `player`'s hand. A wild "
             "needs `color`; a card that aims needs `target`. `uno: true` calls UNO with the "
             "play (the second-to-last card under UNO Attack). A card that turns the deck over "
             "(UNO Flip) needs `turned_up`: the other side's card now on top of the discard pile.",
             ["player"], {"player": SEAT, "cards": CARDS, "card": ref("Card"),
                          "color": {"type": "string", "maxLength": 60}, "target": SEAT,
                          "uno": {"type": "boolean"}, "turned_up": ref("Card")}),
    "draw": ("Draw: from the pile (`count`, default the ruleset's; `cards` shows them), or "
             "press the launcher (`presses`, default 1; `count` = cards it fired, REQUIRED "
             "whenever the ruleset uses a launcher). Also answers a pending draw or settles "
             "owed presses; `color`: the colour named by a player who draws until a colour "
             "they name comes (`color_named_by: target`).",
             ["player"], {"player": SEAT, "count": {"type": "integer", "minimum": 0,
                                                    "maximum": MAX_DRAW},
                          "presses": {"type": "integer", "minimum": 1, "maximum": MAX_PRESSES},
                          "cards": CARDS, "color": {"type": "string", "maxLength": 60}}),
    "pass": ("End the turn after drawing (or instead of an extra play).", ["player"],
             {"player": SEAT}),
    "call-uno": ("`player`, holding one card, calls UNO.", ["player"], {"player": SEAT}),
    "catch-uno": ("`player` catches `target`, who holds one card and did not call UNO.",
                  ["player", "target"], {"player": SEAT, "target": SEAT}),
    "challenge": ("`player`, who owes a pending Wild Draw Four, challenges it: `hand` is the "
                  "hand of the one who played it, shown to the challenger.",
                  ["player", "hand"], {"player": SEAT, "hand": {"type": "array",
                                                                "items": ref("Card"),
                                                                "maxItems": MAX_CARDS_IN_MOVE}}),
    "accept": ("`player` takes the pending draw.", ["player"], {"player": SEAT}),
    "score": ("Score the round that ended: `hands` (the cards left in each seat's hand, the "
              "winner's empty) or `points` (each seat's points as the table counted them, the "
              "winner's 0). `winner`: who went out, for a table that keeps only the scores "
              "(the round ends with this score, whatever was recorded of it).", [],
              {"winner": SEAT,
               "hands": {"type": "array", "maxItems": MAX_PLAYERS,
                         "items": {"type": "array", "items": ref("Card"), "maxItems": MAX_CARDS_IN_MOVE}},
               "points": {"type": "array", "maxItems": MAX_PLAYERS,
                          "items": {"type": "integer", "minimum": 0, "maximum": MAX_POINTS}},
               "player": SEAT}),
    "deal": ("Deal the next round after a scored one: the card(s) turned up; `dealer` "
             "defaults to the next seat; `color` for a wild the first player names; `seating` "
             "(when the ruleset shuffles seats): for each seat, the seat its player held before.",
             ["first_card"], {"first_card": TURNED, "dealer": SEAT, "color": {"type": "string", "maxLength": 60},
                              "seating": {"type": "array", "items": SEAT, "maxItems": MAX_PLAYERS}}),
    "rescore": ("Score a past round (`round`, already scored) again: `hands` (the cards left in "
                "each seat's hand, its winner's empty) or `points` (each seat's points, its "
                "winner's 0), with the `reason`; the totals follow and the target decides again "
                "whether the game is over. Only that round changes.",
                ["round", "reason"],
                {"round": {"type": "integer", "minimum": 1, "maximum": MAX_ROUND},
                 "reason": {"type": "string", "minLength": 1, "maxLength": MAX_REASON},
                 "hands": {"type": "array", "maxItems": MAX_PLAYERS,
                           "items": {"type": "array", "items": ref("Card"), "maxItems": MAX_CARDS_IN_MOVE}},
                 "points": {"type": "array", "maxItems": MAX_PLAYERS,
                            "items": {"type": "integer", "minimum": 0, "maximum": MAX_POINTS}},
                 "player": SEAT}),
    "correct": ("Take back the move `takes_back` and the moves standing after it: the table "
                "returns to the state just before it (or, with `to_seq` instead, to the state "
                "after seq `to_seq`). Sent with `expect_seq`; tables only; limits in "
                "docs/api.md, Corrections. `player` asked; `reason` is kept.",
                [], {"takes_back": {"type": "integer", "minimum": 1},
                     "to_seq": {"type": "integer", "minimum": 0},
                             "player": SEAT, "reason": {"type": "string", "minLength": 1,
                                                        "maxLength": 200}}),
}


def move_schema(name, spec):
    description, required, properties = spec
    return {"type": "object", "description": description, "additionalProperties": False,
            "required": ["type", *required],
            "properties": {"type": {"const": name}, **properties}}

# Lists come a page at a time: `next` is the link to the next page, null on the last.
NEXT_PAGE = {"type": ["string", "null"]}
SPOKEN_FIELD = {"type": "string", "description": "The same in words written to be said aloud "
                "(short, the essential first; docs/speech.md): give it to a phone's voice or "
                "GET /v1/speech. Never shown."}

# An event's pages (docs/events.md, The pages' data): what they show, and its clock.
NOW = {"type": "string", "format": "date-time",
       "description": "The server's time when it answered: count down against this, not "
                      "the device's clock."}
PAGE_VERSION = {"type": "string", "pattern": "^[0-9a-f]{16}$",
                "description": "Changes exactly when this answer would: send it back as "
                               "`version` with `wait` to be answered at the next change."}
ROUND_CLOCK = {
    "started_at": {"type": "string", "format": "date-time",
                   "description": "When the round was seated (its `seated` log entry)."},
    "time_limit_minutes": {"type": ["integer", "null"],
                           "description": "The format's time limit; null: none."},
    "ends_at": {"type": ["string", "null"], "format": "date-time",
                "description": "started_at plus the time limit: when time is up (the "
                               "organiser then calls time; the service does not)."}}

SCHEMAS = {
    "Card": CARD,
    "Problem": {
        "type": "object",
        "description": "RFC 9457 problem details. `type` links to the problem's entry on /docs.",
        "required": ["type", "title", "status", "detail"],
        "properties": {
            "type": {"type": "string"}, "title": {"type": "string"},
            "status": {"type": "integer"}, "detail": {"type": "string"},
            "errors": {"type": "array", "maxItems": MAX_ERRORS, "items": {
                "type": "object", "required": ["path", "message", "code"],
                "properties": {"path": {"type": "string"}, "message": {"type": "string"},
                               "line": {"type": ["integer", "null"]},
                               "column": {"type": ["integer", "null"]},
                               "code": {"enum": [*INPUT_CODES, *PROBLEM_MESSAGES, *SPEECH_ONLY_CODES],
                                        "description": "The problem's stable code (docs/problems.md): "
                                                       "match it, not the message. A ruleset problem's "
                                                       "message is in the request's language."},
                               "severity": {"enum": ["error", "warning"]}}}},
            "seq": {"type": "integer", "description": "409: the table's current seq."},
            "expected": {"type": "integer", "description": "409: the seq the request expected."},
        },
    },
    "Move": {
        "description": "One move: the `type` says which, and which fields it takes (docs/api.md, "
                       "Moves). Cards must be in the ruleset's deck; an unknown card or field is "
                       "a 422 naming its path.",
        "oneOf": [ref(f"Move-{name}") for name in MOVE_TYPES],
        "discriminator": {"propertyName": "type",
                          "mapping": {name: f"#/components/schemas/Move-{name}"
                                      for name in MOVE_TYPES}},
    },
    **{f"Move-{name}": move_schema(name, spec) for name, spec in MOVE_TYPES.items()},
    "Effect": {
        "description": "One thing the table must do now: the `type` says which, and which "
                       "fields it has (referee/engine/effects.py).",
        "oneOf": [ref(f"Effect-{name}") for name in EFFECTS],
        "discriminator": {"propertyName": "type",
                          "mapping": {name: f"#/components/schemas/Effect-{name}" for name in EFFECTS}},
    },
    **{f"Effect-{name}": effect_schema(name) for name in EFFECTS},
    "Pending": {
        "type": ["object", "null"],
        "description": "What the player `player` owes before anything else: cards to draw "
                       "(`kind: draw`) or launcher presses (`kind: launcher`). null: nothing.",
        "required": ["kind", "count", "player"],
        "properties": {
            "kind": {"enum": ["draw", "launcher"]},
            "count": {"type": ["integer", "null"], "description": "Cards to draw, or presses; "
                      "null: press until the launcher fires a card."},
            "player": SEAT,
            "card": {"type": ["string", "null"], "description": "The card that caused it "
                     "(the last one stacked)."},
            "until_cards": {"type": "boolean", "description": "Press until a card comes out."},
            "lose_turn": {"type": "boolean", "description": "After answering, `player` also "
                          "loses the turn."},
            "by": {"type": ["integer", "null"], "description": "Who played the card, when it "
                   "can be challenged (else null)."},
            "prev_color": {"type": ["string", "null"], "description": "The colour in play "
                           "before it: what a challenge judges the shown hand against."},
            "prev_top": {"type": ["string", "null"], "description": "The top card before it."},
        },
    },
    "State": {
        "type": "object",
        "description": "The public state of the table: what everyone at the table can see. "
                       "Send a state back exactly as the service answered it.",
        "required": ["players", "dealer", "current", "direction", "top", "color",
                     "hand_counts", "pending", "phase", "scores", "round"],
        "properties": {
            "players": {"type": "array", "items": {"type": "string"}, "maxItems": 10,
                        "description": "Names in seat order; a seat is an index into it."},
            "dealer": SEAT,
            "current": {**SEAT, "description": "Whose turn it is (see `next` for who acts)."},
            "direction": {"enum": ["clockwise", "counterclockwise"]},
            "top": {"type": "string", "description": "The top card of the discard pile."},
            "color": {"type": ["string", "null"], "description": "The colour in play (after a "
                      "wild: the one named)."},
            "hand_counts": {"type": "array", "items": {"type": "integer", "minimum": 0},
                            "description": "Cards each seat holds."},
            "pending": ref("Pending"),
            "phase": {"enum": ["play", "respond", "round-over", "game-over"],
                      "description": "respond: `pending` must be answered first."},
            "scores": {"type": "array", "items": {"type": "integer"},
                       "description": "Each seat's total over the rounds scored."},
            "round": {"type": "integer", "minimum": 1},
            "side": {"type": "string", "description": "Which side of a two-sided deck "
                     "(UNO Flip) is up; absent for a one-sided deck."},
            "out": {"type": "array", "items": SEAT, "description": "Seats out of the round "
                    "(the mercy rule, players who finished) or of the game (elimination, the mercy rule "
                    "with `lasts: game`): they hold no cards and are passed over."},
            "places": {"type": "array", "items": SEAT, "description": "Playing on for places: "
                       "the seats that finished this round, first to last; absent when none has."},
            "pile": {"type": ["integer", "null"], "minimum": 0,
                     "description": "Cards in the draw pile (or launcher); null when not tracked."},
            "rounds": {"type": "array", "maxItems": 1000, "description": "The score sheet: every "
                       "round scored, in order; a `rescore` replaces one.",
                       "items": {"type": "object", "required": ["round", "winner", "points", "by"],
                                 "properties": {
                                     "round": {"type": "integer", "minimum": 1},
                                     "winner": {**SEAT, "description": "Who won the round."},
                                     "points": {"type": "array", "items": {"type": "integer", "minimum": 0},
                                                "description": "What each seat scored for the round."},
                                     "by": {"enum": ["hands", "points"],
                                            "description": "Scored from the hands, or from each seat's points."},
                                     "last_left": {"type": "boolean", "description": "The winner was the "
                                                   "last player left in, holding cards (the mercy rule)."},
                                     "rescore": {"type": ["object", "null"], "description": "The last "
                                                 "rescore of the round: its `reason` and the `points` it "
                                                 "replaced (`was`); null when never rescored.",
                                                 "properties": {"reason": {"type": "string"},
                                                                "was": {"type": "array",
                                                                        "items": {"type": "integer"}}}}}}},
            "drawn": {"type": "boolean", "description": "The current player has drawn this "
                      "turn."},
            "drawn_card": {"type": ["string", "null"], "description": "The card drawn, when "
                           "the draw showed it."},
            "extra_play": {"type": "boolean", "description": "The current player may play one "
                           "more card or pass (UNO Attack's Skip and Reverse)."},
            "skips": {"type": "integer", "minimum": 0,
                      "description": "Skips waiting to be applied when the turn passes."},
            "uno": {"type": "object", "properties": {
                "called": {"type": "array", "items": SEAT,
                           "description": "Seats that called UNO and hold one card."},
                "catchable": {"type": "array", "items": SEAT,
                              "description": "Seats that did not call and can be caught now."}}},
            "debts": {"type": "array", "description": "Launcher presses owed outside the turn "
                      "(a penalty, Wild Attack-Attack): settled by a draw of that player.",
                      "items": {"type": "object", "properties": {
                          "player": SEAT, "kind": {"const": "launcher"},
                          "count": {"type": ["integer", "null"]},
                          "until_cards": {"type": "boolean"}}}},
            "winner": {"type": ["integer", "null"], "description": "Who went out this round."},
            "scored": {"type": "boolean", "description": "This round has been scored."},
        },
    },
    "Next": {
        "type": "object",
        "description": "What the table must do now. `player` acts (null: the whole table, "
                       "between rounds); `moves` are the move types open to them. Anyone may "
                       "`catch-uno` a seat in `catchable`; each seat in `owed` settles its "
                       "presses with a `draw`; the table may `correct` at any time.",
        "required": ["player", "moves", "situation", "message", "catchable", "owed"],
        "properties": {
            "player": {"type": ["integer", "null"]},
            "moves": {"type": "array", "items": {"enum": list(MOVE_TYPES)}},
            "situation": {"enum": list(SITUATIONS)},
            "message": {"type": "string", "description": "In the negotiated language."},
            "spoken": SPOKEN_FIELD,
            "count": {"type": ["integer", "null"], "description": "answer-*: cards or presses."},
            "card": {"type": ["string", "null"]},
            "by": {"type": ["integer", "null"], "description": "answer-draw: whose play may be "
                   "challenged."},
            "stack_with": {"type": "array", "items": {"type": "string"},
                           "description": "Card kinds that may answer the pending draw."},
            "catchable": {"type": "array", "items": SEAT},
            "owed": {"type": "array", "items": {"type": "object"}},
        },
    },
    "RulesetRef": {
        "type": "object", "required": ["id", "version"],
        "properties": {"id": {"type": "string"}, "version": {"type": "integer"}},
    },
    "Verdict": {
        "type": "object",
        "description": "The judge's answer. An illegal move is a normal 200 answer.",
        "required": ["legal", "code", "message", "rule", "effects", "state", "next"],
        "properties": {
            "legal": {"type": "boolean"},
            "code": {"type": "string", "description": "A stable code (referee/engine/codes.py)."},
            "message": {"type": "string", "description": "In the negotiated language."},
            "spoken": SPOKEN_FIELD,
            "rule": {"type": ["string", "null"],
                     "description": "Where in the ruleset the deciding rule lives."},
            "effects": {"type": "array", "items": ref("Effect"),
                        "description": "What the table must do now, in order."},
            "state": ref("State"),
            "details": {"type": "object", "description": "The facts the message is written "
                        "from; keys per code in docs/verdicts.md."},
            "next": ref("Next"),
            "assumed": {"type": "array", "items": {"type": "string"},
                        "description": "What the judge assumed about cards it did not see "
                                       "(docs/verdicts.md); absent when nothing was."},
            "ruleset": ref("RulesetRef"),
        },
    },
    "MoveAnswer": {
        "allOf": [ref("Verdict"), {
            "type": "object", "required": ["seq", "table", "ruleset", "dry_run"],
            "properties": {
                "seq": {"type": "integer", "description": "The seq this move was recorded "
                        "as (a dry run: the table's current seq)."},
                "table": {"type": "string"}, "ruleset": ref("RulesetRef"),
                "dry_run": {"type": "boolean"}}}],
    },
    "CheckRequest": {
        "type": "object", "required": ["state", "move"], "additionalProperties": False,
        "properties": {"state": ref("State"), "move": ref("Move"),
                       "hand": {"type": "array", "items": ref("Card"), "maxItems": MAX_HAND_SHOWN,
                                "description": "The mover's hand, when it was shown."}},
    },
    "HintsRequest": {
        "type": "object", "required": ["state"], "additionalProperties": False,
        "anyOf": [{"required": ["hand"]}, {"required": ["deck"]}],
        "properties": {"state": ref("State"),
                       "hand": {"type": "array", "items": ref("Card"), "maxItems": MAX_HAND_SHOWN,
                                "description": "The hand of the player who acts now "
                                               "(`next.player`), all of it."},
                       "deck": DECK_HINTS},
    },
    "TableHintsRequest": {
        "type": "object", "additionalProperties": False,
        "anyOf": [{"required": ["hand"]}, {"required": ["deck"]}],
        "properties": {"hand": {"type": "array", "items": ref("Card"), "maxItems": MAX_HAND_SHOWN,
                                "description": "The hand of the player who acts now."},
                       "deck": DECK_HINTS},
    },
    "Hints": {
        "type": "object", "required": ["player", "moves", "next"],
        "properties": {
            "player": {"type": ["integer", "null"], "description": "Who acts now."},
            "moves": {"type": "array", "items": {
                "type": "object", "required": ["move", "code"],
                "properties": {
                    "move": {"type": "object", "description": "A move as sent to /moves (a "
                             "wild without its `color`, an aimed card without its `target`, "
                             "a challenge without its `hand`: see colors, targets, needs)."},
                    "code": {"type": ["string", "null"], "description": "The verdict code "
                             "the move gets (null: it depends on a hand not given)."},
                    "needs": {"const": "hand", "description": "challenge: the challenged "
                              "player's hand decides."},
                    "colors": {"type": "array", "items": {"type": "string"},
                               "description": "A wild: the colours it may name (send one as "
                                              "`color`)."},
                    "targets": {"type": "array", "items": SEAT,
                                "description": "A card that aims: the seats it may aim at "
                                               "(send one as `target`)."}}}},
            "deck": {"const": True, "description": "Answered to `deck: true`: the plays "
                     "are the deck's cards, not a hand's."},
            "next": ref("Next"),
            "table": {"type": "string"}, "seq": {"type": "integer"},
            "ruleset": ref("RulesetRef"),
        },
    },
    "OpenTableRequest": {
        "type": "object", "required": ["ruleset", "players", "dealer", "first_card"],
        "additionalProperties": False,
        "properties": {
            "ruleset": RULESET_ID,
            "ruleset_version": {"type": "integer", "minimum": 1, "maximum": 2**31 - 1,
                                "description": "Pin an older version (default: the latest)."},
            "players": {"type": "array", "items": {"type": "string", "minLength": 1,
                                                   "maxLength": 100},
                        "minItems": 1, "maxItems": 50, "description": "Names, in seat order."},
            "dealer": SEAT,
            "first_card": {**TURNED,
                           "description": "The card turned up (a list when the first ones "
                                          "were turned again, e.g. a Wild Draw Four)."},
            "color": {"type": "string", "maxLength": 60,
                      "description": "The colour named when the ruleset lets the first "
                                     "player name one for a wild first card."},
            "name": {"type": "string", "minLength": 1, "maxLength": 100,
                     "description": "What people call the table (shown as written)."},
        },
    },
    "Table": {
        "type": "object", "required": ["id", "seq", "state", "ruleset"],
        "properties": {"id": {"type": "string"}, "seq": {"type": "integer", "minimum": 0},
                       "name": {"type": ["string", "null"]},
                       "secret": {"type": "string",
                                  "description": "Only when the table is opened: send it as "
                                                 "`Authorization: Bearer <secret>` with "
                                                 "moves. It is not stored, only its hash."},
                       "join_code": {"type": "string", "pattern": "^[2-9A-Z]{4}-[2-9A-Z]{4}$",
                                     "description": "Only when the table is opened: other "
                                                    "phones join with it."},
                       "state": ref("State"), "ruleset": ref("RulesetRef"),
                       "opening": {"type": "object"}, "verdict": ref("Verdict"),
                       "next": ref("Next"),
                       "last_move": {
                           "type": ["object", "null"],
                           "description": "GET only: the last move that stands and a "
                                          "correction can take back (`takes_back`), for a "
                                          "phone's Undo; null when there is none.",
                           "properties": {"seq": {"type": "integer", "minimum": 1},
                                          "player": {"type": ["integer", "null"]},
                                          "message": {"type": "string"}}}},
    },
    "JoinRequest": {
        "type": "object", "required": ["code", "seat"], "additionalProperties": False,
        "properties": {"code": {"type": "string", "minLength": 1, "maxLength": 40,
                                "description": "The join code, in any case, dashes and "
                                               "spaces ignored."},
                       "seat": JOIN_SEAT},
    },
    "Joined": {
        "type": "object", "required": ["id", "secret", "seq", "ruleset"],
        "properties": {"id": {"type": "string"}, "name": {"type": ["string", "null"]},
                       "secret": {"type": "string",
                                  "description": "This phone's own token for the table's "
                                                 "moves."},
                       "seat": JOIN_SEAT,
                       "players": {"type": "array", "items": {"type": "string"}},
                       "seq": {"type": "integer"}, "ruleset": ref("RulesetRef")},
    },
    "NewSecret": {
        "type": "object", "required": ["id", "secret", "join_code"],
        "properties": {"id": {"type": "string"}, "secret": {"type": "string"},
                       "join_code": {"type": "string"}},
    },
    "TablePage": {
        "type": "object", "required": ["tables", "next"],
        "properties": {"next": NEXT_PAGE, "tables": {"type": "array", "items": {
            "type": "object", "required": ["id", "name", "ruleset", "players", "seq"],
            "properties": {"id": {"type": "string"}, "name": {"type": ["string", "null"]},
                           "ruleset": ref("RulesetRef"),
                           "players": {"type": "array", "items": {"type": "string"}},
                           "seq": {"type": "integer"},
                           "opened_at": {"type": "string", "format": "date-time"},
                           "href": {"type": "string"}}}}},
    },
    "MoveRequest": {
        "type": "object", "required": ["move"], "additionalProperties": False,
        "properties": {"move": ref("Move"),
                       "expect_seq": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1,
                                      "description": "The table's seq the client last saw; "
                                                     "409 when it has moved on."}},
    },
    "EventLog": {
        "type": "object", "required": ["id", "ruleset", "seq", "events"],
        "properties": {
            "id": {"type": "string"}, "ruleset": ref("RulesetRef"),
            "seq": {"type": "integer"}, "opening": {"type": "object"},
            "next": NEXT_PAGE,
            "events": {"type": "array", "items": {
                "type": "object", "required": ["seq", "move", "verdict"],
                "properties": {"seq": {"type": "integer", "minimum": 1},
                               "move": {"type": "object"}, "verdict": ref("Verdict"),
                               "recorded_at": {"type": "string", "format": "date-time"}}}},
        },
    },
    "RulesetPage": {
        "type": "object", "required": ["rulesets", "next"],
        "properties": {"rulesets": {"type": "array", "items": ref("RulesetSummary")},
                       "next": NEXT_PAGE},
    },
    "RulesetSummary": {
        "type": "object", "required": ["id", "version", "title", "extends"],
        "properties": {"id": {"type": "string"}, "version": {"type": "integer"},
                       "title": {"type": "string"}, "extends": {"type": ["string", "null"]},
                       "builtin": {"type": "boolean"}},
    },
    "Ruleset": {
        "type": "object",
        "description": "The resolved ruleset (see /v1/schema/ruleset.json) with its version.",
        "required": ["id", "version"],
        "properties": {"id": {"type": "string"}, "version": {"type": "integer"},
                       "builtin": {"type": "boolean"}, "sha256": {"type": "string"}},
    },
    "RulesetDocument": {
        "type": "object",
        "description": "A ruleset as organisers write it: see GET /v1/schema/ruleset.json.",
        "required": ["id"],
        "properties": {"id": RULESET_ID, "extends": RULESET_ID, "title": {"type": "string"}},
    },
    "RulesetWarning": {
        "type": "object", "required": ["path", "message"],
        "properties": {"path": {"type": "string"}, "message": {"type": "string"},
                       "line": {"type": ["integer", "null"]},
                       "column": {"type": ["integer", "null"]},
                       "code": {"type": "string"}, "severity": {"enum": ["error", "warning"]}},
    },
    "RuleText": {
        "type": "object", "required": ["lang", "ruleset", "sections"],
        "properties": {
            "lang": {"enum": ["en", "gu", "hi", "ne", "te"]},
            "ruleset": {},
            "sections": {"type": "array", "items": {
                "type": "object", "required": ["id", "title", "paragraphs"],
                "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                               "paragraphs": {"type": "array"}}}},
        },
    },
    # --- events (docs/events.md) ---
    "EventDocument": {"type": "object",
                      "description": "An event as written: its JSON Schema is "
                                     "GET /v1/schema/event.json (referee/rules/event.schema.json); "
                                     "JSON or YAML."},
    "Event": {
        "type": "object", "required": ["id", "name", "ruleset", "players", "rounds"],
        "description": "An event with every round and table as it stands: what an "
                       "organiser's page shows. `join_code` only for the organiser's and "
                       "captains' tokens.",
        "properties": {
            "id": {"type": "string"}, "name": {"type": "string"},
            "ruleset": ref("RulesetRef"),
            "players": {"type": "array", "items": {"type": "string"}},
            "format": {"type": "object"}, "scoring": {"type": "object"},
            "tie_breaks": {"type": "array", "items": {"type": "string"}},
            "seed": {"type": "integer"}, "seq": {"type": "integer"},
            "created_at": {"type": "string"},
            "now": NOW, "version": PAGE_VERSION,
            "rounds": {"type": "array", "items": ref("EventRound")},
            "next_round": {"type": ["object", "null"]},
            "links": {"type": "object"}}},
    "EventRound": {
        "type": "object", "required": ["number", "kind", "status", "tables"],
        "properties": {
            "number": {"type": "integer"}, "kind": {"enum": ["heat", "final"]},
            "status": {"enum": ["playing", "time-called", "closed"]},
            "started_seq": {"type": "integer"},
            "time_called_seq": {"type": ["integer", "null"]},
            "closed_seq": {"type": ["integer", "null"]},
            **ROUND_CLOCK,
            "tables": {"type": "array", "items": {
                "type": "object", "required": ["number", "name", "players", "table_id"],
                "properties": {
                    "number": {"type": "integer"}, "name": {"type": "string"},
                    "players": {"type": "array", "items": {"type": "string"}},
                    "table_id": {"type": ["string", "null"],
                                 "description": "null until the table is opened."},
                    "opened": {"type": "boolean"},
                    "join_code": {"type": "string"},
                    "seq": {"type": ["integer", "null"]},
                    "phase": {"type": ["string", "null"]},
                    "round": {"type": ["integer", "null"]},
                    "scores": {"type": ["array", "null"]},
                    "hand_counts": {"type": ["array", "null"]},
                    "winner": {"type": ["integer", "null"]},
                    "href": {"type": ["string", "null"]}}}}}},
    "StartRoundRequest": {
        "type": "object", "additionalProperties": False,
        "properties": {"round": {"type": "integer", "minimum": 1, "maximum": 1000,
                                 "description": "The round meant (a retry or a second "
                                                "organiser's start of it gets 409)."}}},
    "SwapRequest": {
        "type": "object", "additionalProperties": False, "required": ["players"],
        "properties": {"players": {"type": "array", "minItems": 2, "maxItems": 2,
                                   "items": {"type": "string", "minLength": 1,
                                             "maxLength": 100},
                                   "description": "The two players who change seats."}}},
    "OpenEventTableRequest": {
        "type": "object", "additionalProperties": False, "required": ["dealer", "first_card"],
        "properties": {"dealer": SEAT,
                       "first_card": {**TURNED, "description": "The card turned up."},
                       "color": {"type": "string", "maxLength": 60}}},
    "CallTimeRequest": {
        "type": "object", "additionalProperties": False,
        "properties": {"counts": {
            "type": "object", "maxProperties": 100,
            "description": "For each table still playing, by table id: the cards left in "
                           "each hand (`hands`) or each seat's points (`points`), as the "
                           "table counted them.",
            "additionalProperties": {"type": "object", "properties": {
                "hands": {"type": "array", "items": CARDS},
                "points": {"type": "array", "items": {"type": "integer", "minimum": 0}}}}}}},
    "CaptainRequest": {
        "type": "object", "additionalProperties": False, "required": ["name"],
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 100,
                                "description": "Who holds the token (shown in the log)."}}},
    "Captain": {"type": "object", "required": ["token"], "properties": {
        "event": {"type": "string"}, "name": {"type": "string"},
        "token": {"type": "string", "description": "Shown once; only its hash is kept."},
        "seq": {"type": "integer"}}},
    "Standings": {
        "type": "object", "required": ["standings", "places", "changes", "playing"],
        "description": "Computed from the tables' logs on every read.",
        "properties": {
            "now": NOW, "version": PAGE_VERSION,
            "current_round": {
                "type": ["object", "null"],
                "description": "The last round started (null before the first), with its "
                               "clock: what a projector counts down.",
                "properties": {"number": {"type": "integer"}, "kind": {"enum": ["heat", "final"]},
                               "status": {"enum": ["playing", "time-called", "closed"]},
                               **ROUND_CLOCK}},
            "standings": {"type": "array", "items": {"type": "object"}},
            "final": {"type": ["object", "null"]},
            "places": {"type": "array", "items": {"type": "object"}},
            "changes": {"type": "array", "items": {"type": "object"},
                        "description": "Tables whose result differs from the one recorded "
                                       "when their round closed (a correction, a rescore): "
                                       "the seqs then and now, the corrections' seqs "
                                       "(`corrections`) and the rescores' (`rescores`)."},
            "playing": {"type": "array", "items": {"type": "object"}},
            "tables": {"type": "array", "items": {"type": "object"}}}},
    "EventLog": {"type": "object", "required": ["entries"], "properties": {
        "event": {"type": "string"},
        "entries": {"type": "array", "items": {"type": "object", "required": ["seq", "type"]}},
        "next": NEXT_PAGE}},
    "RoundAnswer": {"type": "object"},

}

# Page sizes: the most items a page carries, and the default (the views read them here).
EVENTS_PAGE = 500  # events per page of a log (HOSTILE.md 27: never a whole log at once)
TABLES_PAGE = 100  # tables per page of an organiser's list


def page_param(maximum, items):
    return {"name": "limit", "in": "query", "required": False,
            "schema": {"type": "integer", "minimum": 1, "maximum": maximum},
            "description": f"At most this many {items} (and at most {maximum}, the default)."}


PARAMS = {
    "limit": page_param(EVENTS_PAGE, "events"),
    "ruleset_limit": page_param(SUMMARY_PAGE, "rulesets"),
    "after_ruleset": {"name": "after", "in": "query", "required": False,
                      "schema": RULESET_ID,
                      "description": "Only rulesets listed after this id (the `next` link "
                                     "of the page before)."},
    "ruleset_id": {"name": "ruleset_id", "in": "path", "required": True, "schema": RULESET_ID},
    "table_id": {"name": "table_id", "in": "path", "required": True,
                 "schema": {"type": "string", "pattern": f"^{TABLE_ID_PATTERN}$"}},
    "version": {"name": "version", "in": "query", "required": False,
                "schema": {"type": "integer", "minimum": 1, "maximum": 2**31 - 1},
                "description": "An older version (default: the latest)."},
    "lang": {"name": "lang", "in": "query", "required": False,
             "schema": {"type": "string", "maxLength": MAX_LANG_TAG},
             "description": "en, gu, hi, ne or te; wins over Accept-Language."},
    "dry_run": {"name": "dry_run", "in": "query", "required": False,
                "schema": {"type": "boolean"},
                "description": "Judge against the current state; record nothing."},
    "after": {"name": "after", "in": "query", "required": False,
              "schema": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1},
              "description": "Only events with a greater seq."},
    "after_table": {"name": "after", "in": "query", "required": False,
                    "schema": {"type": "string", "pattern": f"^{TABLE_ID_PATTERN}$"},
                    "description": "Only tables listed after this one (the `next` link)."},
    "table_limit": page_param(TABLES_PAGE, "tables"),
    "event_id": {"name": "event_id", "in": "path", "required": True,
                 "schema": {"type": "string", "pattern": f"^{TABLE_ID_PATTERN}$"}},
    "round_number": {"name": "number", "in": "path", "required": True,
                     "schema": {"type": "integer", "minimum": 1, "maximum": 1000}},
    "table_number": {"name": "table_number", "in": "path", "required": True,
                     "schema": {"type": "integer", "minimum": 1, "maximum": 5000}},
    "wait": {"name": "wait", "in": "query", "required": False,
             "schema": {"type": "number", "minimum": 0, "maximum": MAX_WAIT},
             "description": "Long polling: when no event after `after` exists yet, hold the "
                            "answer up to this many seconds until one is recorded (by any "
                            "worker); empty `events` when none came. Retry-After: 1 when "
                            "the server had no room to wait."},
    "page_wait": {"name": "wait", "in": "query", "required": False,
                  "schema": {"type": "number", "minimum": 0, "maximum": MAX_WAIT},
                  "description": "With `version`: while the answer's version is still that "
                                 "one, hold it up to this many seconds, until a table of the "
                                 "event records a move or the event an action that changes "
                                 "it (from any worker or instance); then, or after the wait "
                                 "with a new `now`, answer. Retry-After: 1 when the server "
                                 "had no room to wait."},
    "page_version": {"name": "version", "in": "query", "required": False,
                     "schema": {"type": "string", "pattern": "^[A-Za-z0-9]{1,64}$"},
                     "description": "The `version` of the answer the page shows (see `wait`)."},
    "accept_stream": {"name": "Accept", "in": "header", "required": False,
                      "schema": {"type": "string"},
                      "description": "`text/event-stream`: a stream of Server-Sent Events "
                                     "instead of a page (one event per move, as it is "
                                     "recorded; docs/api.md, Live updates)."},
    "last_event_id": {"name": "Last-Event-ID", "in": "header", "required": False,
                      "schema": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1},
                      "description": "On a stream: the last seq heard (EventSource sends it "
                                     "when it reconnects); wins over `after`."},
    "idempotency_key": {"name": "Idempotency-Key", "in": "header", "required": False,
                        "schema": {"type": "string", "minLength": 1, "maxLength": 200,
                                   "pattern": "^[\\x20-\\x7e]+$"},
                        "description": "A retry with the same key and body gets the first "
                                       "answer (marked `Idempotent-Replayed: true`) and "
                                       "records nothing; another body: 422. Keys belong to "
                                       "their table; dry runs ignore them."},
}

ERROR_TEXT = {
    400: "Malformed: not JSON, NaN/Infinity, duplicate keys, nested deeper than 32, "
         "or a bad query parameter.",
    401: "No valid organiser token, or (moves) no table secret.",
    403: "The id is a built-in's or another organiser's, or (moves) a token that is not "
         "this table's (wrong, or replaced by a new secret).",
    404: "No such ruleset, version or table.",
    405: "Method not allowed (the Allow header lists the methods).",
    409: "expect_seq is stale; `seq` is the table's current seq.",
    413: "The body is larger than 256 KiB (with or without Content-Length).",
    415: "The body's Content-Type is not one this operation reads.",
    422: "Well-formed but wrong: `errors` lists each problem with its path (and line).",
    429: "Too many requests from this client: wait the seconds Retry-After says.",
    503: "The database is unavailable: nothing was recorded; retry after Retry-After.",
    507: "The database's disk is full: nothing was recorded; retry after Retry-After.",
}


def problem(status):
    return {"description": ERROR_TEXT.get(status, "Error"),
            "content": {PROBLEM: {"schema": ref("Problem")}}}


def ok(description, schema, headers=None, examples=None):
    response = {"description": description, "content": {JSON: {"schema": schema}}}
    if examples:
        response["content"][JSON]["examples"] = examples
    if headers:
        response["headers"] = headers
    return response


def event_log_or_stream():
    """A page of the log as JSON, or (Accept: text/event-stream) a stream of events."""
    response = ok("In seq order; replaying it reproduces every state.", ref("EventLog"),
                  LANGUAGE_HEADERS)
    response["content"]["text/event-stream"] = {
        "schema": {"type": "string", "description":
                   "Server-Sent Events: `retry: 1000`, then per move `id: <seq>` and "
                   "`data: <one event as in EventLog.events>`; `: still here` comments "
                   "when no move came for 15 seconds. When the server has no room for "
                   "another stream it sends the events there are, Retry-After: 1, and "
                   "ends the stream."}}
    return response


def responses(success, *errors):
    result = dict(success)
    for status in errors + (429,):  # any operation may be rate-limited
        result[str(status)] = problem(status)
    result["5XX"] = {"description": "A fault of the service (never caused by input).",
                     "content": {PROBLEM: {"schema": ref("Problem")}}}
    return result


def json_body(schema, examples=None):
    body = {"required": True, "content": {JSON: {"schema": schema}}}
    if examples:
        body["content"][JSON]["examples"] = examples
    return body


def request_examples(cases, setup=None):
    """OpenAPI Example Objects of requests; `x-table` says how to set up the table."""
    return {name: {"summary": case[0], "value": case[-2],
                   **({"x-table": case[1]} if setup else {})} for name, case in cases.items()}


def answer_examples(cases):
    return {name: {"summary": case[0], "value": case[-1]} for name, case in cases.items()}


CHECK_EXAMPLES = examples.CHECK
TABLE_EXAMPLES = examples.TABLE
OPEN_EXAMPLES = {"open": examples.OPEN}


LANGUAGE_HEADERS = {"Content-Language": {"schema": {"type": "string"},
                                         "description": "The negotiated language."}}
BODY_ERRORS = (400, 413, 415, 422)


def operation(summary, tag, success, errors=(), params=(), body=None, description=None,
              **extra):
    if "lang" in params and 400 not in errors:
        errors = (400, *errors)   # a lang longer than a language tag (context.check_lang_param)
    op = {"summary": summary, "tags": [tag], "operationId": extra.pop("operation_id"),
          "responses": responses(success, *errors)}
    if description:
        op["description"] = description
    if params:
        op["parameters"] = [PARAMS[name] for name in params]
    if body is not None:
        op["requestBody"] = body
    op.update(extra)
    return op


PATHS = {
    "/v1/health": {"get": operation(
        "Liveness", "health", {"200": ok("The service is up.", {
            "type": "object", "required": ["status"],
            "properties": {"status": {"const": "ok"}}})}, operation_id="health")},
    "/v1/ready": {"get": operation(
        "Readiness: the database answers with the code's schema", "health", {
            "200": ok("Ready to serve data.", {
                "type": "object", "required": ["status", "database"],
                "properties": {"status": {"const": "ready"},
                               "database": {"enum": ["sqlite", "postgresql"]}}})},
        description="503 (with Retry-After) while the database is away or not migrated; "
                    "/v1/health says only that the process answers.",
        operation_id="ready")},
    "/v1/rulesets": {
        "get": operation("List rulesets (latest version of each), a page at a time",
                         "rulesets", {"200": ok("Built-ins first, then by id.",
                                                ref("RulesetPage"))},
            (400,), params=("after_ruleset", "ruleset_limit"), operation_id="listRulesets"),
        "post": operation(
            "Publish a ruleset (organisers)", "rulesets", {
                "201": {"description": "Stored as the id's next version.",
                        "headers": {"Location": {"schema": {"type": "string"}}},
                        "content": {JSON: {"schema": {
                            "type": "object", "required": ["id", "version"],
                            "properties": {"id": {"type": "string"},
                                           "version": {"type": "integer", "minimum": 1},
                                           "warnings": {"type": "array",
                                                        "items": ref("RulesetWarning")}}}}}}},
            (401, 403) + BODY_ERRORS,
            description="YAML (`application/yaml`) or JSON. The same id again publishes a new "
                        "version; only the organiser who first published an id may. Built-in "
                        "ids are refused with 403. A stored version never changes.",
            body={"required": True, "content": {
                "application/yaml": {"schema": {"type": "string"}},
                JSON: {"schema": ref("RulesetDocument")}}},
            security=[{"organiserToken": []}], operation_id="publishRuleset"),
    },
    "/v1/rulesets/validate": {"post": operation(
        "Validate a ruleset without storing it", "rulesets", {
            "200": ok("Valid; warnings are worth reading.", {
                "type": "object", "required": ["valid", "warnings"],
                "properties": {"valid": {"const": True}, "id": {"type": "string"},
                               "warnings": {"type": "array", "items": ref("RulesetWarning")}}})},
        BODY_ERRORS,
        body={"required": True, "content": {
            "application/yaml": {"schema": {"type": "string"}},
            JSON: {"schema": ref("RulesetDocument")}}},
        operation_id="validateRuleset")},
    "/v1/rulesets/{ruleset_id}": {"get": operation(
        "A resolved ruleset", "rulesets", {"200": ok("The resolved ruleset.", ref("Ruleset"))},
        (400, 404), params=("ruleset_id", "version"), operation_id="getRuleset")},
    "/v1/schema/ruleset.json": {"get": operation(
        "The JSON Schema of rulesets (draft-07)", "rulesets", {
            "200": {"description": "For editors' completion and validation.",
                    "content": {"application/schema+json": {"schema": {"type": "object"}}}}},
        operation_id="rulesetSchema")},
    "/v1/rulesets/{ruleset_id}/check": {"post": operation(
        "Judge one move against a given state (stateless)", "check",
        {"200": ok("The verdict, legal or not.", ref("Verdict"), LANGUAGE_HEADERS,
                   answer_examples(CHECK_EXAMPLES))},
        (404,) + BODY_ERRORS, params=("ruleset_id", "version", "lang"),
        description="One example per move type (a correction needs a table: see appendMove).",
        body=json_body(ref("CheckRequest"), request_examples(CHECK_EXAMPLES)),
        operation_id="checkMove")},
    "/v1/rulesets/{ruleset_id}/hints": {"post": operation(
        "Every legal move of the player who acts, with a given hand (stateless)", "hints",
        {"200": ok("The legal moves, each with its verdict code.", ref("Hints"),
                   LANGUAGE_HEADERS)},
        (404,) + BODY_ERRORS, params=("ruleset_id", "version", "lang"),
        description="Plays are listed once per card (with `colors` and `targets` to choose "
                    "from), with the UNO call when they leave one card; draw, pass, UNO calls "
                    "and catches, accept and challenge when they are open.",
        body=json_body(ref("HintsRequest")), operation_id="rulesetHints")},
    "/v1/tables/{table_id}/hints": {"post": operation(
        "Every legal move of the player who acts now at a table, with their hand", "hints",
        {"200": ok("The legal moves, each with its verdict code.", ref("Hints"),
                   LANGUAGE_HEADERS)},
        (404,) + BODY_ERRORS, params=("table_id", "lang"),
        body=json_body(ref("TableHintsRequest")), operation_id="tableHints")},
    "/v1/rulesets/{ruleset_id}/text": {"get": operation(
        "The rules as text, in the reader's language", "text",
        {"200": ok("Sections of the rule text.", ref("RuleText"), LANGUAGE_HEADERS)},
        (400, 404), params=("ruleset_id", "version", "lang"), operation_id="rulesetText")},
    "/v1/tables": {"post": operation(
        "Open a table", "tables", {
            "201": {"description": "The table, at seq 0, pinned to a ruleset version.",
                    "headers": {"Location": {"schema": {"type": "string"}}},
                    "content": {JSON: {"schema": ref("Table"),
                                       "examples": answer_examples(OPEN_EXAMPLES)}}}},
        (401, 403, 404) + BODY_ERRORS, params=("lang",),
        description="Answers the table's `secret` (moves need it) and a `join_code` for the "
                    "other phones. With an organiser's token the table is theirs: it is "
                    "listed by GET /v1/tables, and their token may post its moves; they may "
                    "open tables on built-in rulesets and their own (403 on another's).",
        body=json_body(ref("OpenTableRequest"), request_examples(OPEN_EXAMPLES)),
        operation_id="openTable"),
        "get": operation(
            "An organiser's tables, newest first, a page at a time", "tables",
            {"200": ok("The tables opened with this token.", ref("TablePage"))},
            (400, 401), params=("after_table", "table_limit"),
            security=[{"organiserToken": []}], operation_id="listTables")},
    "/v1/tables/join": {"post": operation(
        "Join a table by its code", "tables",
        {"200": ok("The table and this phone's own token for its moves.", ref("Joined"))},
        (404,) + BODY_ERRORS, body=json_body(ref("JoinRequest")),
        description="404 when no table has the code (a new secret replaces the code).",
        operation_id="joinTable")},
    "/v1/tables/{table_id}/secret": {"post": operation(
        "Replace a table's secret and join code", "tables",
        {"200": ok("The new secret and join code.", ref("NewSecret"))},
        (401, 403, 404), params=("table_id",),
        description="Every earlier secret, phone token and join code of the table stops "
                    "working at once (a lost phone, an overheard code).",
        security=[{"tableSecret": []}, {"organiserToken": []}],
        operation_id="replaceTableSecret")},
    "/v1/tables/{table_id}": {"get": operation(
        "A table's current state and what must happen next", "tables",
        {"200": ok("The table, with `next`.", ref("Table"), LANGUAGE_HEADERS)},
        (404,), params=("table_id", "lang"), operation_id="getTable")},
    "/v1/tables/{table_id}/moves": {"post": operation(
        "Append a move to a table", "tables",
        {"200": ok("The verdict and the seq it was recorded as.", ref("MoveAnswer"),
                   LANGUAGE_HEADERS, answer_examples(TABLE_EXAMPLES))},
        (401, 403, 404, 409) + BODY_ERRORS,
        params=("table_id", "dry_run", "lang", "idempotency_key"),
        security=[{"tableSecret": []}, {"organiserToken": []}],
        description="Every move is recorded with its verdict, illegal ones too (they leave "
                    "the state unchanged): the log is the referee's record of disputed calls. "
                    "A `correct` move takes moves back (docs/api.md, Corrections).",
        body=json_body(ref("MoveRequest"), request_examples(TABLE_EXAMPLES, setup=True)),
        operation_id="appendMove")},
    "/v1/tables/{table_id}/events": {"get": operation(
        "A table's log of moves and verdicts", "tables",
        {"200": event_log_or_stream()},
        (400, 404), params=("table_id", "after", "limit", "wait", "lang", "accept_stream",
                            "last_event_id"),
        description="A page of at most `limit` (500) events; `next` is the next page's "
                    "link, null on the last. With `wait`, a phone waiting for the next move "
                    "gets it as soon as it is recorded. With `Accept: text/event-stream`, a "
                    "stream: the events after `after` (or Last-Event-ID), then each move as "
                    "it is recorded, for 300 to 360 seconds; EventSource reconnects by itself.",
        operation_id="tableEvents")},
    "/v1/speech": {"get": operation(
        "A sentence said aloud (Ogg Opus), for a table that listens", "text",
        {"200": {"description": "The sentence synthesised by espeak-ng, mono Opus at 16 kbit/s "
                                "(about 2 KB a second). The ETag is the audio's content key and "
                                "never changes for a URL: cache it (immutable). Ranges are "
                                "answered (206).",
                 "headers": {"ETag": {"schema": {"type": "string"}},
                             "Cache-Control": {"schema": {"type": "string"}},
                             "Content-Language": {"schema": {"type": "string"}}},
                 "content": {"audio/ogg": {"schema": {"type": "string",
                                                      "contentMediaType": "audio/ogg"}}}},
         "206": {"description": "The range asked for.",
                 "content": {"audio/ogg": {"schema": {"type": "string"}}}},
         "304": {"description": "If-None-Match names this audio's ETag."}},
        (400, 422, 503),
        params=(),
        parameters=[
            {"name": "lang", "in": "query", "required": True,
             "schema": {"type": "string", "minLength": 1, "maxLength": MAX_LANG_TAG},
             "description": "en, gu, hi, ne or te (a region is ignored: hi-IN is hi). "
                            "Accept-Language is not read. Another language: 422 no-voice."},
            {"name": "text", "in": "query", "required": True,
             "schema": {"type": "string", "minLength": 1, "maxLength": MAX_TEXT},
             "description": "The sentence, e.g. a verdict's `message`. Refused (422, with "
                            "errors[].code): empty (`required`), too long (`out-of-range`), "
                            "a control or unassigned code point (`unspeakable-character`), "
                            "'<', '>' or '[[' (`markup`), longer than 30 s to say "
                            "(`speech-too-long`)."}],
        description="Synthesised once per process and sentence (cached by content, LRU); a "
                    "synthesis counts against RATE_LIMIT_SPEECH (30 a minute per address), an "
                    "answer from the cache does not. 503 speech-unavailable (Retry-After) when "
                    "espeak-ng or opusenc is missing, fails or takes more than 5 s. "
                    "docs/speech.md.",
        operation_id="speech")},
    "/v1/locales": {"get": operation(
        "Languages served and how complete each translation is", "text",
        {"200": ok("One entry per language.", {
            "type": "object", "required": ["locales"],
            "properties": {"locales": {"type": "array", "items": {"type": "object"}}}})},
        operation_id="locales")},
    "/v1/events": {"post": operation(
        "Create an event", "events",
        {"201": ok("The event, its ruleset version pinned and its seed kept.", ref("Event"))},
        (401, 403) + BODY_ERRORS, body={"required": True, "content": {
            JSON: {"schema": ref("EventDocument")},
            "application/yaml": {"schema": ref("EventDocument")}}},
        security=[{"organiserToken": []}], operation_id="createEvent",
        description="422 invalid-event with each problem's path, line and code (the "
                    "ruleset problems' codes; event-cannot-seat when the format cannot "
                    "seat the players)."),
        "get": operation(
            "An organiser's events, newest first (the last 100)", "events",
            {"200": ok("The events created with this token.", {
                "type": "object", "required": ["events"],
                "properties": {"events": {"type": "array", "items": {"type": "object"}}}})},
            (401, 403), security=[{"organiserToken": []}], operation_id="listEvents")},
    "/v1/schema/event.json": {"get": operation(
        "The JSON Schema of event documents", "events",
        {"200": {"description": "JSON Schema draft-07, for editors' completion and validation.",
                 "content": {"application/schema+json": {"schema": {"type": "object"}}}}},
        operation_id="eventSchema")},
    "/v1/events/{event_id}": {"get": operation(
        "An event: every round and table as it stands", "events",
        {"200": ok("The event.", ref("Event"))}, (400, 404),
        params=("event_id", "page_wait", "page_version"), operation_id="getEvent",
        description="`?wait=S&version=V`: answered when the event's version is no longer V "
                    "(a move at one of its tables, an action), or after S seconds.")},
    "/v1/events/{event_id}/rounds": {"post": operation(
        "Start the next round: seat the players, one table each group, with its join code",
        "events", {"201": ok("The round, its tables and their join codes.", ref("EventRound"))},
        (401, 403, 404, 409) + BODY_ERRORS, params=("event_id",),
        body={"required": False, "content": {JSON: {"schema": ref("StartRoundRequest")}}},
        security=[{"organiserToken": []}], operation_id="startRound",
        description="409 round-already-started while a round is open or when `round` "
                    "names one started; 409 event-over.")},
    "/v1/events/{event_id}/rounds/{number}/swap": {"post": operation(
        "Swap two players' seats before their tables play", "events",
        {"200": ok("The round.", ref("EventRound"))}, (401, 403, 404, 409) + BODY_ERRORS,
        params=("event_id", "round_number"), body=json_body(ref("SwapRequest")),
        security=[{"organiserToken": []}], operation_id="swapPlayers",
        description="422 unknown-player; 409 table-has-moves, round-closed.")},
    "/v1/events/{event_id}/rounds/{number}/tables/{table_number}": {"post": operation(
        "Open a round's table as its first card is turned", "events",
        {"201": ok("The referee table, pinned to the event's version.", ref("Table"))},
        (401, 403, 404, 409) + BODY_ERRORS, params=("event_id", "round_number", "table_number"),
        body=json_body(ref("OpenEventTableRequest")),
        security=[{"organiserToken": []}], operation_id="openEventTable",
        description="The organiser's or a captain's token. 409 table-already-opened, "
                    "round-closed.")},
    "/v1/events/{event_id}/rounds/{number}/time": {"post": operation(
        "Call time: every table still playing ends its hand, scored from its cards left",
        "events", {"200": ok("Each table's ending, recorded as a `score` in its log.",
                             ref("RoundAnswer"))},
        (401, 403, 404, 409) + BODY_ERRORS, params=("event_id", "round_number"),
        body={"required": False, "content": {JSON: {"schema": ref("CallTimeRequest")}}},
        security=[{"organiserToken": []}], operation_id="callTime",
        description="422 table-not-counted, count-disagrees; 409 round-closed, "
                    "table-not-opened.")},
    "/v1/events/{event_id}/rounds/{number}/close": {"post": operation(
        "Close a round: its results are recorded in the event's log", "events",
        {"200": ok("The round's results.", ref("RoundAnswer"))}, (401, 403, 404, 409),
        params=("event_id", "round_number"), security=[{"organiserToken": []}],
        operation_id="closeRound", description="409 round-still-playing, round-closed.")},
    "/v1/events/{event_id}/standings": {"get": operation(
        "Standings, computed from the tables' logs", "events",
        {"200": ok("Every player, best first.", ref("Standings"))}, (400, 404),
        params=("event_id", "page_wait", "page_version"), operation_id="getStandings",
        description="Public, no token: the projector's page /events/{event_id}/standings "
                    "reads it (join codes are never part of it). `?wait=S&version=V`: "
                    "answered when the standings' version is no longer V (a table's game "
                    "ends or is corrected, an action), or after S seconds.")},
    "/v1/events/{event_id}/log": {"get": operation(
        "The event's log: every action, in order", "events",
        {"200": ok("A page of entries.", ref("EventLog"))}, (400, 404),
        params=("event_id", "after"), operation_id="getEventLog")},
    "/v1/events/{event_id}/export.json": {"get": operation(
        "Results as JSON", "events",
        {"200": ok("Standings, tables and rounds.", ref("Standings"))},
        (404,), params=("event_id",), operation_id="exportJson")},
    "/v1/events/{event_id}/export.csv": {"get": operation(
        "Results as CSV", "events",
        {"200": {"description": "One row per player, best first.",
                 "content": {"text/csv": {"schema": {"type": "string"}}}}},
        (404,), params=("event_id",), operation_id="exportCsv")},
    "/v1/events/{event_id}/captains": {"post": operation(
        "A table captain's token: opens, plays and scores this event's tables only", "events",
        {"201": ok("The token, shown once.", ref("Captain"))}, (401, 403, 404) + BODY_ERRORS,
        params=("event_id",), body=json_body(ref("CaptainRequest")),
        security=[{"organiserToken": []}], operation_id="addCaptain")},
    "/v1/openapi.json": {"get": operation(
        "This document", "docs", {"200": ok("OpenAPI 3.1.", {"type": "object"})},
        operation_id="openapi")},
}


def problem_catalogue():
    """Every problem type the service answers with, for /docs (anchors problem-<slug>)."""
    seen, listed = set(), []
    for cls in ALL_PROBLEMS + DOMAIN_PROBLEMS + SPEECH_PROBLEMS:
        if cls.slug not in seen:
            seen.add(cls.slug)
            listed.append({"slug": cls.slug, "status": cls.status, "title": cls.title,
                           "text": getattr(cls, "text", None) or ERROR_TEXT.get(cls.status, "")})
    listed.append({"slug": "method-not-allowed", "status": 405, "title": "Method Not Allowed",
                   "text": ERROR_TEXT[405]})
    return sorted(listed, key=lambda p: (p["status"], p["slug"]))


@functools.cache
def document():
    return {
        "openapi": "3.1.0",
        "info": {"title": "referee", "version": "1",
                 "description": "Referees the UNO family of card games (Classic, Sonic, "
                                "Attack and house rules written as YAML), in English, "
                                "Gujarati, Hindi, Nepali and Telugu. Every error is "
                                "application/problem+json (RFC 9457)."},
        "paths": PATHS,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {
                "organiserToken": {"type": "http", "scheme": "bearer",
                                   "description": "From `referee token create NAME`."},
                "tableSecret": {"type": "http", "scheme": "bearer",
                                "description": "The `secret` answered when the table was "
                                               "opened, or joined by code."}},
        },
    }
