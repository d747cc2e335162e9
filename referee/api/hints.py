"""Hints: "which of my cards can I play?" Every legal move of the player who acts now
with the hand they hold, from the engine's enumerator (referee/engine/legal.py), each
with the verdict code the judge gives it. Stateless, or for a table's state now. The
hand is never stored.

Moves that differ only in the colour a wild names, or in the player a card aims at,
are listed once with `colors` or `targets` (a phone offers the choice, then sends the
move with one of them); a play that leaves one card is listed with the UNO call only;
a pending draw is taken with `accept` (the same draw as a `draw` is not listed again).
A challenge is decided by a hand the player does not hold (the challenged player's):
it is listed when open, with `code` null and `needs: "hand"`.

With `deck: true` instead of a hand (a phone at a physical table does not know it), the
plays are the deck's cards the judge takes now from the player who acts, its hand not
shown (legal.deck_plays), most likely first; the other moves are those that need no hand.
"""
import json

from flask import Blueprint

from referee.engine import InputError, parse_state
from referee.engine.legal import deck_plays, legal_moves
from referee.engine.next import next_action
from referee.problem import pointer

from referee.service.body import json_body

from .context import answer, services, with_next_message
from .fields import request_fields
from .rulesets import version_arg
from .tablekit import pinned, table_or_404

bp = Blueprint("hints", __name__, url_prefix="/v1")


@bp.post("/rulesets/<ruleset_id:ruleset_id>/hints")
def ruleset_hints(ruleset_id):
    catalog = services().catalog
    entry = catalog.find(ruleset_id, version_arg())
    fields = request_fields("HintsRequest", json_body())
    state_json = fields.obj("state")
    hand = hand_or_deck(fields)
    fields.done()
    rules = catalog.rules(entry)
    body = hints(rules, parse_state(rules, state_json), hand)
    body["ruleset"] = {"id": entry.id, "version": entry.version}
    return answer(body)


@bp.post("/tables/<table_id:table_id>/hints")
def table_hints(table_id):
    fields = request_fields("TableHintsRequest", json_body())
    hand = hand_or_deck(fields)
    fields.done()
    table = table_or_404(table_id)
    rules = services().catalog.rules_for(table.ruleset_id, table.ruleset_version)
    body = hints(rules, parse_state(rules, table.state), hand)
    body.update(table=table.id, seq=table.seq, ruleset=pinned(table))
    return answer(body)


def hand_or_deck(fields):
    """The hand given, or DECK for `deck: true` (the hand is not known); one of the two."""
    hand = fields.strings("hand")
    deck = fields.boolean("deck")
    if deck and "hand" in fields.data:
        fields.fail("deck", "send a hand or deck: true, not both", "conflicting-fields")
    elif "hand" not in fields.data and (deck is False or "deck" not in fields.data):
        fields.fail("hand", "required (or deck: true when the hand is not known)", "required")
    return DECK if deck else hand


DECK = None   # hints(..., hand=DECK): the hand is not known


def hints(rules, state, hand):
    """{"player", "moves": [{"move", "code", "colors"?, "targets"?}], "next"}; for
    hand=DECK, with "deck": true and the deck's plays (deck_hints)."""
    if hand is DECK:
        return deck_hints(rules, state)
    action = next_action(rules, state)
    player = action["player"]
    faces = rules.on_side(state.side)  # a hand holds the faces of the side up (UNO Flip)
    for index, text in enumerate(hand):
        faces.card(text, pointer("hand", index))
    if player is not None and len(hand) != state.hand_counts[player]:
        raise InputError.at("/hand", f"player {player} holds {state.hand_counts[player]} "
                                    f"card(s), the hand has {len(hand)}", "contradicts-table")
    found = legal_moves(rules, state, list(hand) if player is not None else None)
    moves = collapse(found)
    if "challenge" in action["moves"] and not any(h["move"]["type"] == "challenge" for h in moves):
        moves.append({"move": {"type": "challenge", "player": player}, "code": None,
                      "needs": "hand"})
    return {"player": player, "moves": moves,
            "next": with_next_message(action, state.players, rules)}


def deck_hints(rules, state):
    """The hints of a hand not known: the deck's cards the judge takes now from the player
    who acts, most likely first, then the moves that need no hand."""
    action = next_action(rules, state)
    faces = rules.on_side(state.side)
    found = deck_plays(rules, state)
    found.sort(key=lambda legal: likely(faces, state, legal.move.cards[0].text))   # (stable)
    plays = collapse(found)
    others = [hint for hint in collapse(legal_moves(rules, state, None)) if hint["move"]["type"] != "play"]
    moves = plays + others
    if "challenge" in action["moves"] and not any(h["move"]["type"] == "challenge" for h in moves):
        moves.append({"move": {"type": "challenge", "player": action["player"]}, "code": None,
                      "needs": "hand"})
    return {"player": action["player"], "deck": True, "moves": moves,
            "next": with_next_message(action, state.players, rules)}


def likely(faces, state, text):
    """A card's rank among the deck's plays, the likeliest first: the card just drawn (its
    player showed it), a card of the colour in play, of the top card's symbol, the rest."""
    card, top = faces.cards[text], faces.cards[state.top]
    if text == state.drawn_card:
        return 0
    if card.color is not None and card.color == state.color:
        return 1
    if card.color is not None and card.kind is top.kind:
        return 2
    return 3


def collapse(found):
    """Group the enumerated moves that differ only in colour or target; of a play
    listed with and without the UNO call, keep the one that calls."""
    entries = []
    for legal in found:
        move = move_json(legal.move)
        # which card a Flip turns up is known only once it is played: not a hint's part
        move.pop("turned_up", None)
        chosen = move["type"] == "play"   # a catch's target is the move, not a choice
        # a draw names a colour only where its drawer does (a roulette's victim)
        named = chosen or move["type"] == "draw"
        entries.append((move, move.pop("color", None) if named else None,
                        move.pop("target", None) if chosen else None, legal.verdict.code))
    calling = {_key(move) for move, _color, _target, _code in entries if move.get("uno")}
    accepting = {move["player"] for move, _color, _target, _code in entries
                 if move["type"] == "accept"}
    listed, index = [], {}
    for move, color, target, code in entries:
        if move["type"] == "play" and not move.get("uno") and _key(dict(move, uno=True)) in calling:
            continue
        if move["type"] == "draw" and code == "draw-accepted" and move["player"] in accepting:
            continue
        hint = index.get((_key(move), code))
        if hint is None:
            hint = index[(_key(move), code)] = {"move": move, "code": code}
            listed.append(hint)
        for name, value in (("colors", color), ("targets", target)):
            if value is not None and value not in hint.setdefault(name, []):
                hint[name].append(value)
    return listed


def _key(move):
    return json.dumps(move, sort_keys=True)


def move_json(move):
    """A Move as the API takes it (the fields its type uses, defaults left out)."""
    body = {"type": move.type}
    if move.player is not None:
        body["player"] = move.player
    if move.type == "play":
        body["cards"] = [card.text for card in move.cards]
        if move.color is not None:
            body["color"] = move.color
        if move.target is not None:
            body["target"] = move.target
        if move.uno:
            body["uno"] = True
        if move.turned_up is not None:
            body["turned_up"] = move.turned_up.text
    elif move.type == "draw":
        body["count"] = move.count
        if move.presses is not None:
            body["presses"] = move.presses
        if move.shown:
            body["cards"] = [card.text for card in move.shown]
        if move.color is not None:
            body["color"] = move.color
    elif move.type == "catch-uno":
        body["target"] = move.target
    elif move.type == "challenge":
        body["hand"] = [card.text for card in move.hand or ()]
    elif move.type == "score":
        body["hands"] = [[card.text for card in cards] for cards in move.hands or ()]
    elif move.type == "deal":
        body["first_card"] = [card.text for card in move.first_card or ()]
        body["dealer"] = move.dealer
        if move.color is not None:
            body["color"] = move.color
        if move.seating is not None:
            body["seating"] = list(move.seating)
    return body
