"""RLCard's side of the differential test (tests/engine/test_engine_rlcard.py).

Runs in RLCard's own virtualenv (bench/.venv-rlcard), never in the project's. Reads a
JSON file of positions, each {"hand": [[type, color, trait], ...], "target": [type,
color, trait]} in RLCard's own card vocabulary, and prints one JSON list per line:
the legal actions RLCard's UNO round gives the player holding that hand.

Usage: python rlcard_legal.py POSITIONS.json
"""
import json
import sys
from types import SimpleNamespace

from rlcard.games.uno.card import UnoCard
from rlcard.games.uno.round import UnoRound


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        positions = json.load(handle)
    out = []
    for position in positions:
        hand = [UnoCard(*card) for card in position["hand"]]
        round_ = SimpleNamespace(target=UnoCard(*position["target"]))
        players = [SimpleNamespace(hand=hand)]
        out.append(json.dumps(UnoRound.get_legal_actions(round_, players, 0)))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
