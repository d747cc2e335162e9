"""Random games of RLCard's raw UNO engine (its UnoGame: no RL environment, no agents),
for bench/judge.py (runs in RLCard's own venv, bench/.venv-rlcard).

Each move picks a random action among the legal ones the game lists (a card it can
play, else draw), as a random player at a real table would.

Usage: python rlcard_uno.py GAMES SEED   -> prints "games moves seconds cpu_seconds"
(seconds by the wall clock; cpu_seconds the process's CPU time over the same games)
"""
import random
import sys
import time

import numpy as np
from rlcard.games.uno.game import UnoGame


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(seed)
    moves = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(games):
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["legal_actions"]))
            moves += 1
    print(games, moves, time.perf_counter() - start, time.process_time() - cpu_start)


if __name__ == "__main__":
    main()
