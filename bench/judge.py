"""Benchmark of the judge, beside RLCard's UNO engine on the same machine, in one run.

Prints:
- the judge's median and p99 time per move, over moves recorded from simulated games
  of each edition (each move judged on the state it was actually played on);
- simulated games per second (one round, two players, invariant checks off and on; every
  hand shown to the judge, moves chosen from the legal-move enumerator) beside RLCard's
  raw game engine (its UnoGame, random legal actions, no RL environment), and the ratio;
  by the wall clock and by CPU time, --rounds times one side after the other, then the
  median ratios (the ratio by CPU time is the steadier on a shared machine).

RLCard is installed only in bench/.venv-rlcard (created on first run), never in the
project's environment. Usage: .venv/bin/python bench/judge.py [--games N] [--rounds R]

The first line printed says which engine runs: compiled with mypyc (`make compiled`) or
Python. The wall-clock ratio moves with the machine's load; quote the median ratio by CPU
time. The target and past figures (instructions per move under callgrind, the ratios by
date): docs/performance.md and bench/results.md.
"""
import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from referee.engine import compile_rules, is_compiled, judge
from referee.engine.simulate import simulate
from referee.rules import builtin_lookup, builtin_rulesets, resolve

HERE = Path(__file__).resolve().parent
RLCARD_VENV = HERE / ".venv-rlcard"


def judge_times(rules, seed, games=10):
    stats = simulate(rules, games=games, seed=seed, players=3, record=True)
    times = []
    clock = time.perf_counter_ns
    for state, move, hand in stats.recorded:
        best = None
        for _ in range(3):   # the best of three: the machine is shared and noisy
            start = clock()
            judge(rules, state, move, hand)
            elapsed = clock() - start
            best = elapsed if best is None or elapsed < best else best
        times.append(best / 1000)
    times.sort()
    return len(times), statistics.median(times), times[int(len(times) * 0.99)]


def single_round(ruleset_id):
    document = {"id": f"{ruleset_id}-one-round", "title": "One round", "extends": ruleset_id,
                "scoring": {"single_round": True}}
    return compile_rules(resolve(document, builtin_lookup).data)


def ours_games_per_second(games, check):
    """(games/s by the wall clock, games/s by CPU time, moves per game)."""
    rules = single_round("classic")
    cpu_start = time.process_time()
    stats = simulate(rules, games=games, seed=7, players=2, check=check, mischief=False,
                     show_hands=True)
    cpu = time.process_time() - cpu_start
    return stats.games / stats.seconds, stats.games / cpu, stats.moves / stats.games


def rlcard_games_per_second(games):
    """(games/s by the wall clock, games/s by CPU time, moves per game)."""
    if not (RLCARD_VENV / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", str(RLCARD_VENV)], check=True)
        subprocess.run([str(RLCARD_VENV / "bin" / "pip"), "install", "-q", "rlcard"], check=True)
    out = subprocess.run([str(RLCARD_VENV / "bin" / "python"), str(HERE / "rlcard_uno.py"), str(games), "7"],
                         check=True, capture_output=True, text=True).stdout.split()
    played, moves, seconds, cpu = int(out[0]), int(out[1]), float(out[2]), float(out[3])
    return played / seconds, played / cpu, moves / played


def compare_games(games, rounds):
    """RLCard's engine and the simulator (without and with checks), one after the other,
    `rounds` times: each round's games/s and ratios, then the medians."""
    print(f"simulated games, one round, two players ({games} games each, {rounds} rounds;"
          " games/s by the wall clock, and by CPU time, which other programs disturb less):")
    ratios = {"no checks": [], "checked": []}
    for number in range(1, rounds + 1):
        rl_wall, rl_cpu, rl_moves = rlcard_games_per_second(games)
        ours = {"no checks": ours_games_per_second(games, check=False),
                "checked": ours_games_per_second(games, check=True)}
        print(f"  round {number}: RLCard UnoGame (raw) {rl_wall:8.1f} games/s, {rl_cpu:8.1f} by CPU,"
              f" {rl_moves:5.1f} moves per game")
        for name, (wall, cpu, moves) in ours.items():
            ratios[name].append((wall / rl_wall, cpu / rl_cpu))
            print(f"           referee ({name:9}) {wall:8.1f} games/s, {cpu:8.1f} by CPU,"
                  f" {moves:5.1f} moves per game: ratio {wall / rl_wall:.2f}, by CPU {cpu / rl_cpu:.2f}"
                  f" (moves/s by CPU {cpu * moves / (rl_cpu * rl_moves):.2f})")
    for name, pairs in ratios.items():
        target = "  (target: >= 1.0)" if name == "no checks" else ""
        print(f"  median ratio, referee ({name}) to RLCard: games/s {statistics.median(p[0] for p in pairs):.2f},"
              f" by CPU {statistics.median(p[1] for p in pairs):.2f}{target}")
    print("  (both sides play a random legal card, else draw. RLCard plays a drawn card that"
          " matches within its draw action; the referee judges the draw and the play as two"
          " moves, and answers a pending draw with a move of its own where RLCard draws for the"
          " player within the play: hence more moves per game. The referee's players choose among the enumerator's moves with every hand"
          " shown; 'checked' also verifies the cards and the invariants after each move)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games for the games/s figures")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the games/s comparison")
    args = parser.parse_args()
    print("engine:", "compiled with mypyc" if is_compiled() else "pure Python (not compiled: see make compiled)")
    print("judge, per move (moves recorded from simulated 3-player games):")
    for ruleset_id in ("classic", "sonic", "attack", "hindi-table", "seven-o-jump-in"):
        rules = compile_rules(builtin_rulesets()[ruleset_id].data)
        count, median, p99 = judge_times(rules, seed=3)
        print(f"  {ruleset_id:18} {count:7} moves   median {median:6.2f} µs   p99 {p99:7.2f} µs")
    compare_games(args.games, args.rounds)

if __name__ == "__main__":
    main()
