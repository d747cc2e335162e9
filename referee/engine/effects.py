"""Effect types: what a verdict tells the table to do now, the contract beside the
verdict codes (codes.py).

A verdict's `effects` is a list of objects, each with a `type` from EFFECTS and the
fields listed for that type (those in `optional` may be absent). The OpenAPI
document's effect schema (referee/api/openapi.py), the practice board's sentences
(referee/text/effects.py) and the property tests are all made from this list, so an
effect the judge starts to give, or a field it adds, has to be declared here first.
"""

SEAT = {"type": "integer", "minimum": 0}
COUNT = {"type": "integer", "minimum": 0}
DIRECTION = {"enum": ["clockwise", "counterclockwise"]}
COLOR = {"type": "string"}
FLAG = {"type": "boolean"}


def _effect(summary, optional=(), **fields):
    return dict(summary=summary, fields=fields, optional=frozenset(optional))


EFFECTS = {
    "turn": _effect("`player` plays next.", player=SEAT),
    "skip": _effect("`player` loses their turn (`pending`: the turn lost with a pending draw).",
                    optional=["pending"], player=SEAT, pending=FLAG),
    "draw": _effect("`player` takes `count` cards now; with `pending`, the draw is owed and may "
                    "be answered; with `until_color`, it goes on until a card of the colour "
                    "in play comes (`count` is then null).",
                    optional=["pending", "until_color"], player=SEAT,
                    count={"type": ["integer", "null"], "minimum": 0}, pending=FLAG, until_color=FLAG),
    "launcher": _effect("`player` owes `presses` launcher presses (null with `until_cards`: "
                        "until the launcher fires a card); `pending`: owed as a pending draw.",
                        optional=["pending"], player=SEAT,
                        presses={"type": ["integer", "null"], "minimum": 0}, until_cards=FLAG,
                        pending=FLAG),
    "launcher-fired": _effect("`player` pressed `presses` times and the launcher fired `count` cards.",
                              player=SEAT, presses=COUNT, count=COUNT),
    "reshuffle": _effect("The pile ran out: shuffle the `count` discards under the top card "
                         "into a new pile.", count=COUNT),
    "out": _effect("`player` held too many cards and is out (the mercy rule): of the round, or "
                   "of the whole game, as `lasts` says; their `count` cards go under the discard "
                   "pile.", player=SEAT, count=COUNT, lasts={"enum": ["round", "game"]}),
    "eliminated": _effect("`player` held the most cards, `count`, at the end of the round and is "
                          "out of the game (elimination).", player=SEAT, count=COUNT),
    "finished": _effect("`player` has no cards left and finishes in `place` (1: first); the round "
                        "goes on without them (playing on for places).", player=SEAT,
                        place={"type": "integer", "minimum": 1}),
    "direction": _effect("Play now goes in `direction`.", direction=DIRECTION),
    "color": _effect("`color` is the colour in play now.", color=COLOR),
    "uno": _effect("`player` called UNO and cannot be caught.", player=SEAT),
    "catchable": _effect("`player` holds one card without calling UNO: anyone may catch them.",
                         player=SEAT),
    "extra-play": _effect("`player` may play one more card (or pass).", player=SEAT),
    "discard-all": _effect("`player` put down `count` cards of `color` with Discard All.",
                           player=SEAT, color=COLOR, count=COUNT),
    "trade-hands": _effect("`player` and `target` swap hands.", player=SEAT, target=SEAT),
    "flip": _effect("Every card turns over: the discard pile, the draw pile and the hands. "
                    "`side` is up now and `top`, turned up, is the top card.",
                    side={"type": "string"}, top={"type": "string"}),
    "pass-hands": _effect("Every player passes their hand on in `direction`.", direction=DIRECTION),
    "score": _effect("`player` scores `points`.", player=SEAT, points=COUNT),
    "rescore": _effect("A past round scored again: `player` now scores `points` for round `round`.",
                       round={"type": "integer", "minimum": 1}, player=SEAT, points=COUNT),
    "round-over": _effect("`winner` has won the round.", winner=SEAT),
    "game-over": _effect("`winner` has won the game.", winner=SEAT),
    "corrected": _effect("The table is back to how it stood after move `to_seq`; the moves "
                         "`taken_back` (their seqs) no longer count.",
                         to_seq={"type": "integer", "minimum": 0},
                         taken_back={"type": "array", "items": {"type": "integer", "minimum": 0}}),
}


def effect_schema(effect_type):
    """The JSON Schema of one effect type: its fields, no other."""
    spec = EFFECTS[effect_type]
    fields = spec["fields"]
    return {
        "type": "object",
        "description": spec["summary"],
        "required": ["type", *(name for name in fields if name not in spec["optional"])],
        "properties": {"type": {"const": effect_type}, **fields},
        "additionalProperties": False,
    }


def effects_schema():
    """The JSON Schema of one item of a verdict's `effects`: one of the declared types."""
    return {"oneOf": [effect_schema(effect_type) for effect_type in EFFECTS]}
