#!/usr/bin/env python3
"""How long the hints endpoint takes beside a single check, measured in the same run.

Both go through the Flask app in process (the test client: no network, no server), on
the same states, interleaved so a busy machine slows both alike. Prints the median and
the 90th percentile of each, and the ratio of the medians.

Usage: .venv/bin/python bench/hints.py [--rounds N]
"""
import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.api import create_app  # noqa: E402
from referee.engine import compile_rules, open_table  # noqa: E402
from referee.rules import builtin_rulesets  # noqa: E402


def positions(ruleset, players, hand_size, count, seed):
    """(state, hand of the player to act, a legal-looking play) from real deals."""
    rules = compile_rules(builtin_rulesets()[ruleset].data)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        deck = list(rules.deck)
        rng.shuffle(deck)
        first = next(c for c in deck if rules.cards[c].kind.category == "number")
        deck.remove(first)
        state = open_table(rules, players, 0, first).state
        hand = [deck.pop() for _ in range(hand_size)]
        extra = hand_size - state.hand_counts[state.current]
        state.hand_counts[state.current] = hand_size
        if getattr(state, "pile", None) is not None:
            state.pile -= extra   # the extra cards came from the pile
        move = {"type": "play", "player": state.current, "cards": [hand[0]]}
        if rules.cards[hand[0]].kind.choose_color:
            move["color"] = rules.colors[0]
        if rules.cards[hand[0]].kind.aims:
            move["target"] = (state.current + 1) % len(players)
        found.append((state.to_json(), hand, move))
    return found


def timed(client, path, body):
    start = time.perf_counter()
    response = client.post(path, json=body)
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, response.get_json()
    return elapsed


def summary(label, times):
    times = sorted(times)
    median = statistics.median(times) * 1000
    p90 = times[int(len(times) * 0.9)] * 1000
    print(f"  {label:<34} median {median:7.3f} ms   p90 {p90:7.3f} ms")
    return median


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        app = create_app({"DATABASE_URL": f"sqlite:///{scratch}/bench.db", "TESTING": True})
        client = app.test_client()
        for ruleset, hand_size in (("classic", 7), ("classic", 20), ("attack", 7)):
            cases = positions(ruleset, ["Asha", "Bina", "Chirag", "Deepa"], hand_size,
                              args.rounds, seed=hand_size)
            hints, checks = [], []
            for state, hand, move in cases:
                hints.append(timed(client, f"/v1/rulesets/{ruleset}/hints",
                                   {"state": state, "hand": hand}))
                checks.append(timed(client, f"/v1/rulesets/{ruleset}/check",
                                    {"state": state, "move": move, "hand": hand}))
            print(f"{ruleset}, {hand_size} cards in hand, {args.rounds} requests each:")
            check = summary("POST .../check (one move)", checks)
            hint = summary("POST .../hints (every legal move)", hints)
            print(f"  hints / check (medians): {hint / check:.1f}x")
        app.extensions["referee"].store.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
