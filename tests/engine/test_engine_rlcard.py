"""A peer as oracle: on random positions, the single cards our judge lets a player put
down (and whether they may draw) equal what RLCard's UNO allows.

RLCard plays classic UNO where a Wild Draw Four may be played only when no other card
can be, and a player draws only when unable to play: the house ruleset RLCARD_RULES
says exactly that on top of classic. The positions (a hand, a top card, the colour in
play) are generated here, sent in one file to one RLCard process (in its own virtualenv,
bench/.venv-rlcard: `make test` creates it, and so does this test when it is missing),
and every answer is compared. In CI (CI=true) a missing RLCard is a failure, not a skip.
"""
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.engine import Move, compile_rules, judge, parse_state
from referee.rules import builtin_lookup, resolve

ROOT = Path(__file__).resolve().parents[2]
VENV = ROOT / "bench" / ".venv-rlcard"
ORACLE = Path(__file__).with_name("rlcard_legal.py")
POSITIONS = int(os.environ.get("REFEREE_RLCARD_POSITIONS", "100000"))

RLCARD_RULES = {
    "id": "rlcard-classic", "title": "Classic as RLCard plays it", "extends": "classic",
    "cards": {"wild-draw-four": {"restriction": {"type": "no-playable-card"}}},
    "turn": {"draw": {"when_playable": "forbidden"}},
}
# Our card vocabulary -> RLCard's (type, colour, trait).
COLORS = {"red": "r", "yellow": "y", "green": "g", "blue": "b"}
TRAITS = {"draw-two": "draw_2", "wild-draw-four": "wild_draw_4"}


def rlcard_python():
    """RLCard's interpreter, installing RLCard in its venv first if it is not there."""
    python = VENV / "bin" / "python"

    def importable():
        return python.exists() and subprocess.run([str(python), "-c", "import rlcard"],
                                                  capture_output=True).returncode == 0

    if not importable():
        try:
            if not python.exists():
                subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True, capture_output=True)
            subprocess.run([str(VENV / "bin" / "pip"), "install", "-q", "rlcard"], check=True,
                           capture_output=True, timeout=600)
        except (subprocess.SubprocessError, OSError) as err:
            if os.environ.get("CI") == "true":
                pytest.fail(f"RLCard could not be installed in {VENV}: {err}")
            pytest.skip(f"RLCard could not be installed in {VENV} (no network?): {err}")
    return python


def to_rlcard(card, wild_color="r"):
    trait = TRAITS.get(card.kind.id, card.kind.id)
    if card.kind.category == "wild":
        return ["wild", wild_color, trait]
    return ["number" if card.kind.category == "number" else "action", COLORS[card.color], trait]


def from_rlcard(action):
    """An RLCard action as the card (or draw) it stands for, in our vocabulary."""
    if action == "draw":
        return "draw"
    color, trait = action.split("-", 1)
    ours = {v: k for k, v in TRAITS.items()}.get(trait, trait)
    if trait in ("wild", "wild_draw_4"):
        return ours
    return f"{next(k for k, v in COLORS.items() if v == color)}-{ours}"


def positions(rules, count, seed):
    """Random (hand, top card, colour in play): hands of 1 to 15 cards from one deck."""
    rng = random.Random(seed)
    for _ in range(count):
        deck = list(rules.deck)
        rng.shuffle(deck)
        top = rules.cards[deck.pop()]
        color = top.color or rng.choice(rules.colors)
        hand = [deck.pop() for _ in range(rng.randint(1, 15))]
        yield hand, top, color


def our_answer(rules, template, hand, top, color):
    state = template.copy()
    state.top, state.color = top.text, color
    state.hand_counts = [len(hand), 7]
    allowed = set()
    for text in set(hand):
        move = Move("play", 0)
        move.cards = (rules.cards[text],)
        move.color = rules.colors[0] if move.cards[0].kind.choose_color else None
        if judge(rules, state, move, hand).legal:
            allowed.add(text)
    draw = Move("draw", 0)
    if judge(rules, state, draw, hand).legal:
        allowed.add("draw")
    return allowed


def test_our_judge_allows_the_cards_rlcard_allows(tmp_path):
    python = rlcard_python()
    rules = compile_rules(resolve(RLCARD_RULES, builtin_lookup).data)
    template = parse_state(rules, {"players": ["Asha", "Bina"], "current": 0, "top": "red-5",
                                   "hand_counts": [7, 7]})
    started = time.perf_counter()
    cases = list(positions(rules, POSITIONS, seed=20261130))
    ours = [our_answer(rules, template, hand, top, color) for hand, top, color in cases]
    ours_seconds = time.perf_counter() - started
    batch = tmp_path / "positions.json"
    batch.write_text(json.dumps([{"hand": [to_rlcard(rules.cards[t]) for t in hand],
                                  "target": to_rlcard(top, COLORS[color])}
                                 for hand, top, color in cases]))
    started = time.perf_counter()
    answer = subprocess.run([str(python), str(ORACLE), str(batch)], check=True,
                            capture_output=True, text=True, timeout=600).stdout.splitlines()
    rlcard_seconds = time.perf_counter() - started
    assert len(answer) == len(cases)
    disagreements = []
    for (hand, top, color), mine, line in zip(cases, ours, answer):
        theirs = {from_rlcard(action) for action in json.loads(line)}
        if mine != theirs:
            disagreements.append(f"hand {sorted(hand)} on {top.text} ({color}): "
                                 f"ours {sorted(mine)}, RLCard {sorted(theirs)}")
    print(f"\n{len(cases)} positions: ours {ours_seconds:.1f} s, RLCard {rlcard_seconds:.1f} s, "
          f"{len(disagreements)} disagreements")
    assert not disagreements, "\n".join(disagreements[:10])
