"""How long a ruleset takes to load, validate and resolve, and to be refused when hostile.

Run: .venv/bin/python bench/rulesets.py   (prints figures; asserts nothing)

Each figure is the median of several runs, in milliseconds. The target is under 20 ms
for each line; the bombs must be refused in well under 100 ms (hostile YAML).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.rules import (RulesetError, builtin_lookup, builtin_rulesets,  # noqa: E402
                           load_document, resolve)

RUNS = 30


def house_ruleset(kinds: int = 20) -> str:
    """A long house ruleset on top of classic: `kinds` new coloured kinds, every section."""
    lines = ["# A generated house ruleset for the benchmark.", "id: bench-house",
             "title: Benchmark house rules", "description: >-",
             "  Classic with many extra action cards, stacking and a short game.",
             "extends: classic", f"deck_size: {108 + 4 * kinds}", "players: {min: 2, max: 8}",
             "cards:"]
    for n in range(kinds):
        lines += [f"  extra-{n}:", "    per_color: 1", f"    score: {20 + n}",
                  f"    title: Extra card {n}", "    effects:",
                  f"      - {{type: draw, count: {1 + n % 3}, target: next}}",
                  "      - {type: skip}"]
    lines += ["opening:", "  first_card:", "    wild: choose-color", "    by_kind:"]
    lines += [f"      extra-{n}: redraw" for n in range(kinds)]
    lines += ["turn:", "  draw: {until_playable: true, max: 10, after: must-play}",
              "uno:", "  penalty: {type: draw, count: 4}", "  window: until-offender-plays-again",
              "scoring: {target: 250}", "house:", "  doubles: {enabled: true, max_cards: 3}",
              "  jump_in: {enabled: true}", "  no_going_out_on: [wild, action]", "  stacking:",
              "    draw-two: [draw-two, " + ", ".join(f"extra-{n}" for n in range(kinds)) + "]"]
    lines += [f"    extra-{n}: [extra-{n}, draw-two]" for n in range(kinds)]
    return "\n".join(lines) + "\n"


def alias_bomb() -> str:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def median_ms(action) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds. On a busy machine the wall time includes
    waiting for a core; the CPU time is the work itself."""
    wall, cpu = [], []
    for _ in range(RUNS):
        started, started_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def accept(text: str):
    return lambda: resolve(load_document(text), builtin_lookup)


def refuse(data):
    def action():
        try:
            load_document(data)
        except RulesetError:
            return
        raise SystemExit("a bomb was accepted")
    return action


def main():
    builtin_rulesets()  # parents are resolved once per process, as in the service
    house = house_ruleset()
    cases = [(f"{name} (load + validate + resolve)", accept((ROOT / "rulesets" / f"{name}.yaml").read_text()))
             for name in ("classic", "sonic", "attack")]
    cases.append((f"house ruleset, {house.count(chr(10))} lines", accept(house)))
    bomb = alias_bomb()
    cases += [(f"refuse alias bomb ({len(bomb)} bytes, 9 levels)", refuse(bomb)),
              ("refuse 5,000 nested brackets", refuse("[" * 5000)),
              ("refuse 10 MB document (bytes)", refuse(b"a: " + b"x" * 10_000_000)),
              ("refuse 10 MB document (str)", refuse("a: " + "x" * 10_000_000))]
    width = max(len(name) for name, _ in cases)
    print(f"{'case':<{width}}  {'wall ms':>8}  {'cpu ms':>8}   (medians of {RUNS} runs)")
    for name, action in cases:
        wall, cpu = median_ms(action)
        print(f"{name:<{width}}  {wall:8.2f}  {cpu:8.2f}")


if __name__ == "__main__":
    main()
