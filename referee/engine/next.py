"""What the table must do now: who acts and which move types are open to them.

`next_action(rules, state)` reads only the compiled ruleset and the public state, so
every verdict (legal or not) and a freshly opened table can say it. The answer is data
with a stable `situation` code; the text layer writes the sentence in the reader's
language from it (referee/text/table.py). A move listed here is one the judge would
consider; whether a particular card is legal is the judge's (or the hints') business.
"""

SITUATIONS = ("play", "play-after-draw", "play-drawn-card", "extra-play", "press-owed",
              "answer-draw", "answer-launcher", "score", "deal", "game-over")


def next_action(rules, state):
    """{"player", "moves", "situation", ...facts} for `state` under `rules`."""
    if state.side is not None:
        rules = rules.on_side(state.side)   # the side up says what the cards are (as in the judge)
    if state.phase == "game-over":
        return _between_rounds({"moves": [], "situation": "game-over", "winner": state.winner})
    if state.phase == "round-over" and state.pending is not None:
        # the last card's draw until a colour comes is made before the round is scored
        action = _answering(rules, state, state.pending)
        _add_table_wide(rules, state, action)
        return action
    if state.phase == "round-over":
        if state.scored:
            return _between_rounds({"moves": ["deal"], "situation": "deal",
                                    "round": state.round, "next_round": state.round + 1})
        # the winner either went out or, under the mercy rule, is the last player left in
        return _between_rounds({"moves": ["score"], "situation": "score", "winner": state.winner,
                                "last_left": state.hand_counts[state.winner] > 0}, _owed(state))
    if state.phase == "respond" and state.pending is not None:
        action = _answering(rules, state, state.pending)
    else:
        action = _turn(rules, state)
    _add_table_wide(rules, state, action)
    return action


def _between_rounds(action, owed=()):
    """The whole table acts (nobody in particular); catches are over, and presses still
    owed when a round ends are made before it is scored."""
    return {"player": None, **action, "catchable": [], "owed": list(owed)}


def _owed(state):
    if not state.debts:  # nearly always: skip building the comprehension
        return []
    return [{"player": seat, "presses": presses, "until_cards": until}
            for seat, presses, until in state.debts]


def _answering(rules, state, pending):
    """The player who owes a pending draw or launcher presses: take it, or answer it."""
    kind = rules.cards[pending.card].kind if pending.card in rules.cards else None
    stack_with = sorted(rules.stacking.get(kind.id, ())) if kind and state.phase == "respond" else []
    challengeable = (kind is not None and pending.by is not None and not pending.on_its_player()
                     and kind.challenge is not None and kind.restriction != "none")
    # draw: the same take; a draw until a colour comes is only taken by drawing
    moves = (["accept", "draw"] if pending.kind == "draw" and not pending.until_color
             else ["draw"])
    if stack_with:
        moves.append("play")
    if challengeable:
        moves.append("challenge")
    action = {"player": pending.player, "moves": moves,
              "situation": "answer-draw" if pending.kind == "draw" else "answer-launcher",
              "count": pending.count, "until_cards": pending.until_cards,
              "until_color": pending.until_color, "color": state.color,
              "card": pending.card, "stack_with": stack_with,
              "by": pending.by if challengeable else None}
    return action


def _turn(rules, state):
    player = state.current
    owes = [debt for debt in state.debts if debt[0] == player] if state.debts else ()
    if owes:   # presses owed come before the owing player's next play
        _seat, presses, until = owes[0]
        return {"player": player, "moves": ["draw"], "situation": "press-owed",
                "count": presses, "until_cards": until}
    if state.extra_play:
        return {"player": player, "moves": ["play", "pass"], "situation": "extra-play"}
    if state.drawn:
        drawn = rules.cards.get(state.drawn_card) if state.drawn_card else None
        top = rules.cards.get(state.top)
        if (drawn is not None and top is not None and rules.after_draw == "must-play"
                and rules.matches(drawn, top, state.color)):
            return {"player": player, "moves": ["play"], "situation": "play-drawn-card",
                    "card": state.drawn_card}
        return {"player": player, "moves": ["play", "pass"], "situation": "play-after-draw",
                "drawn_only": rules.drawn_only, "card": state.drawn_card}
    # nothing left to draw (the pile and the discards used up, or a hand at its limit):
    # the player who cannot play ends the turn instead, as the judge allows
    launcher = rules.draw_source == "launcher"   # (a launcher may always be pressed)
    ends = "draw" if launcher or state.cards_for(rules, player) > 0 else "pass"
    return {"player": player, "moves": ["play", ends], "situation": "play",
            "top": state.top, "color": state.color,
            "launcher": launcher}


def _add_table_wide(rules, state, action):
    """What others may do at the same time: catch a missed UNO, settle launcher debts;
    and whether the one who acts may call UNO now (on their last card, or on their
    second-to-last before playing it where the ruleset has the call made then).
    Empty catches and debts skip their generators and sorting (callgrind, next_action
    of a plain turn: 17.6k -> 8.3k instructions)."""
    player = action["player"]
    held = state.hand_counts[player] if player is not None else None
    precall = (held == 2 and rules.uno_precall and player == state.current
               and state.phase == "play")
    may_call = (held == 1 or precall) and player not in state.uno_called
    if may_call:
        action["moves"].append("call-uno")
    catchable = sorted(state.uno_exposed) if state.uno_exposed else []
    if catchable and any(seat != player for seat in catchable):
        action["moves"].append("catch-uno")
    action["catchable"] = catchable
    action["owed"] = _owed(state)
    if (state.debts and any(seat == player for seat, _, _ in state.debts)
            and "draw" not in action["moves"]):
        action["moves"].append("draw")
