"""Random games of RLCard's UNO engine, for bench/judge.py (runs in its own venv).

Usage: python rlcard_uno.py GAMES SEED   -> prints "games moves seconds"
"""
import sys
import time

import rlcard
from rlcard.agents import RandomAgent


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        trajectories, _ = env.run(is_training=False)
        moves += sum(len(t) // 2 for t in trajectories)
    print(games, moves, time.perf_counter() - start)


if __name__ == "__main__":
    main()
