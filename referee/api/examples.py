"""Examples of the OpenAPI document: one request per move type with the answer the
service gives (in part). tests/api/test_api_doc_examples.py sends every one of them."""

# name -> (summary, CheckRequest, answer in part): POST /v1/rulesets/classic/check
CHECK = {
    'play': ('Play a card',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1, "direction": "clockwise", "top": "red-7", "color": "red", "hand_counts": [7, 7, 7]}, "move": {"type": "play", "player": 1, "cards": ["red-3"]}},
        {"legal": True, "code": "played", "details": {"player": 1, "card": "red-3", "color": "red"}, "next": {"player": 2, "moves": ["play", "draw"], "message": "Chirag plays a card on red 3 or draws; the colour in play is red."}}),
    'draw': ('Draw a card (and show it)',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1, "direction": "clockwise", "top": "red-7", "color": "red", "hand_counts": [7, 7, 7]}, "move": {"type": "draw", "player": 1, "cards": ["blue-2"]}},
        {"legal": True, "code": "drew", "details": {"player": 1, "count": 1}, "next": {"player": 1, "moves": ["play", "pass"], "message": "Bina may play the card just drawn or end their turn."}}),
    'pass': ('End the turn after drawing',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1, "direction": "clockwise", "top": "red-7", "color": "red", "hand_counts": [7, 8, 7], "drawn": True, "drawn_card": "blue-2"}, "move": {"type": "pass", "player": 1}},
        {"legal": True, "code": "passed", "details": {"player": 1}, "next": {"player": 2, "moves": ["play", "draw"], "message": "Chirag plays a card on red 7 or draws; the colour in play is red."}}),
    'call-uno': ('Call UNO with one card left',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 2, "direction": "clockwise", "top": "red-7", "color": "red", "hand_counts": [7, 1, 7], "uno": {"called": [], "catchable": [1]}}, "move": {"type": "call-uno", "player": 1}},
        {"legal": True, "code": "uno-called", "details": {"player": 1}, "next": {"player": 2, "moves": ["play", "draw"], "message": "Chirag plays a card on red 7 or draws; the colour in play is red."}}),
    'catch-uno': ('Catch a player who did not call UNO',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 2, "direction": "clockwise", "top": "red-7", "color": "red", "hand_counts": [7, 1, 7], "uno": {"called": [], "catchable": [1]}}, "move": {"type": "catch-uno", "player": 2, "target": 1}},
        {"legal": True, "code": "uno-caught", "details": {"player": 2, "target": 1, "count": 2}, "next": {"player": 2, "moves": ["play", "draw"], "message": "Chirag plays a card on red 7 or draws; the colour in play is red."}}),
    'accept': ('Take a pending draw',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 2, "direction": "clockwise", "top": "wild-draw-four", "color": "blue", "hand_counts": [7, 6, 7], "phase": "respond", "pending": {"kind": "draw", "count": 4, "player": 2, "card": "wild-draw-four", "lose_turn": True, "by": 1, "prev_color": "red", "prev_top": "red-7"}}, "move": {"type": "accept", "player": 2}},
        {"legal": True, "code": "draw-accepted", "details": {"player": 2, "count": 4}, "next": {"player": 0, "moves": ["play", "draw"], "message": "Asha plays a card on Wild Draw Four or draws; the colour in play is blue."}}),
    'challenge': ('Challenge a Wild Draw Four, showing the hand it was played from',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 2, "direction": "clockwise", "top": "wild-draw-four", "color": "blue", "hand_counts": [7, 3, 7], "phase": "respond", "pending": {"kind": "draw", "count": 4, "player": 2, "card": "wild-draw-four", "lose_turn": True, "by": 1, "prev_color": "red", "prev_top": "red-7"}}, "move": {"type": "challenge", "player": 2, "hand": ["red-9", "green-2", "blue-skip"]}},
        {"legal": True, "code": "challenge-succeeded", "details": {"player": 2, "target": 1, "card": "wild-draw-four", "color": "red", "holding": ["red-9"], "count": 4}, "next": {"player": 2, "moves": ["play", "draw"], "message": "Chirag plays a card on Wild Draw Four or draws; the colour in play is blue."}}),
    'score': ('Score the round from the cards left in each hand',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 2, "direction": "clockwise", "top": "red-8", "color": "red", "hand_counts": [3, 0, 2], "phase": "round-over", "winner": 1}, "move": {"type": "score", "hands": [["red-9", "blue-skip", "wild"], [], ["green-2", "yellow-5"]]}},
        {"legal": True, "code": "round-scored", "details": {"player": 1, "points": 86, "total": 86}, "next": {"player": None, "moves": ["deal"], "message": "Round 1 is scored: deal round 2."}}),
    'score-points': ("Score the round from each seat's points",
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 2, "direction": "clockwise", "top": "red-8", "color": "red", "hand_counts": [3, 0, 2], "phase": "round-over", "winner": 1}, "move": {"type": "score", "points": [79, 0, 7]}},
        {"legal": True, "code": "round-scored", "details": {"player": 1, "points": 86, "total": 86, "by_seat": [79, 0, 7], "values": [{"face_value": ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]}, {"kinds": ["skip", "reverse", "draw-two"], "points": 20}, {"kinds": ["wild", "wild-draw-four"], "points": 50}]}, "next": {"player": None, "moves": ["deal"], "message": "Round 1 is scored: deal round 2."}}),
    'rescore': ("Score a past round again, with the reason (only that round changes)",
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 1, "current": 2, "direction": "clockwise", "top": "green-4", "color": "green", "hand_counts": [7, 7, 7], "round": 2, "scores": [0, 86, 0], "rounds": [{"round": 1, "winner": 1, "points": [0, 86, 0], "by": "hands"}]}, "move": {"type": "rescore", "round": 1, "points": [40, 0, 12], "reason": "a wild was counted twice"}},
        {"legal": True, "code": "rescored", "effects": [{"type": "rescore", "round": 1, "player": 1, "points": 52}], "details": {"round": 1, "player": 1, "points": 52, "total": 52, "reason": "a wild was counted twice", "scores": [0, 52, 0], "game": None}, "message": "Round 1 is scored again: Bina now scores 52 points for it. Bina now has 52 points in all. Reason given: a wild was counted twice", "next": {"player": 2, "moves": ["play", "draw"], "message": "Chirag plays a card on green 4 or draws; the colour in play is green."}}),
    'deal': ('Deal the next round',
        {"state": {"players": ["Asha", "Bina", "Chirag"], "dealer": 0, "current": 1, "direction": "clockwise", "top": "red-8", "color": "red", "hand_counts": [3, 0, 2], "phase": "round-over", "winner": 1, "scored": True, "scores": [0, 86, 0]}, "move": {"type": "deal", "first_card": "green-4"}},
        {"legal": True, "code": "round-dealt", "details": {"first_player": 2, "top": "green-4", "color": "green", "round": 2}, "next": {"player": 2, "moves": ["play", "draw"], "message": "Chirag plays a card on green 4 or draws; the colour in play is green."}}),
}

# A table opened as in docs/api.md; POST /v1/tables
OPEN = ("Open a classic table for three",
        {"ruleset": "classic", "players": ["Asha", "Bina", "Chirag"], "dealer": 0, "first_card": "red-7"},
        {"seq": 0, "ruleset": {"id": "classic", "version": 1},
         "verdict": {"legal": True, "code": "table-opened",
                     "next": {"player": 1, "moves": ["play", "draw"],
                              "message": "Bina plays a card on red 7 or draws; the colour in play is red."}}})

# name -> (summary, table set-up, MoveRequest, answer in part): POST /v1/tables/{id}/moves
TABLE = {
    "correct": ("Take back the last move (a mis-tap)",
                {"open": OPEN[1], "moves": [{"type": "play", "player": 1, "cards": ["red-3"]},
                                            {"type": "play", "player": 2, "cards": ["blue-3"]}]},
                {"move": {"type": "correct", "takes_back": 2, "player": 2, "reason": "meant red-9"},
                 "expect_seq": 2},
                {"legal": True, "code": "corrected", "seq": 3,
                 "details": {"player": 2, "to_seq": 1, "count": 1, "reason": "meant red-9"},
                 "message": "Chirag took back 1 move: the table is back to how it stood after "
                            "move 1. Taken back: Chirag played blue 3, and the colour in play is now "
                            "blue. Reason given: meant red-9",
                 "next": {"player": 2, "moves": ["play", "draw"]}}),
    "play": ("Play a card on a table, safe to retry",
             {"open": OPEN[1], "moves": []},
             {"move": {"type": "play", "player": 1, "cards": ["red-3"]}, "expect_seq": 0},
             {"legal": True, "code": "played", "seq": 1,
              "next": {"player": 2, "moves": ["play", "draw"]}}),
}
