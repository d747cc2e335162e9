"""Seating a round of heats: table sizes from the event's format, a seeded draw that
avoids players who have met already.

Sizes: the players are split into tables of the format's `table_sizes` alone when
that is possible, else with as few tables of a `forced_sizes` size as can be, of
the first forced size rather than the next (5 players: one table of 5, not 3 and
2); among the splits left, the one with the most tables of the first size wanted,
then the second... The draw: DRAWS shuffles of the players by a random generator seeded
with the event's seed and the round, each cut into tables of those sizes; the one
that seats the fewest pairs who sat at a table together before wins (the first such
one drawn), so the same event seats the same way every time it is replayed.
"""
from __future__ import annotations

import itertools
import random
from functools import lru_cache

DRAWS = 200  # shuffles tried per round; more seats fewer repeats, slowly


class CannotSeat(Exception):
    def __init__(self, count, sizes):
        super().__init__(f"{count} players cannot be seated at tables of {sizes}")
        self.count, self.sizes = count, list(sizes)


def table_sizes(count: int, preferred, forced=(), allowed=range(2, 11)) -> list[int]:
    """The sizes of the tables `count` players sit at, largest first (CannotSeat)."""
    preferred = [size for size in preferred if size in allowed]
    forced = [size for size in forced if size in allowed and size not in preferred]
    best = _split(count, tuple(preferred), tuple(forced))
    if best is None:
        raise CannotSeat(count, sorted(set(preferred) | set(forced)))
    return sorted(best, reverse=True)


@lru_cache(maxsize=256)
def _split(count, preferred, forced):
    """The best split of `count` into table sizes, or None."""
    sizes = preferred + forced
    if not sizes:
        return None
    best, best_key = None, None
    smallest = min(sizes)
    for forced_counts in itertools.product(range(count // smallest + 1), repeat=len(forced)):
        seated = sum(n * size for n, size in zip(forced_counts, forced))
        if seated > count:
            continue
        rest = _preferred_split(count - seated, preferred)
        if rest is None:
            continue
        split = rest + [size for n, size in zip(forced_counts, forced) for _ in range(n)]
        key = (sum(forced_counts), [-n for n in forced_counts],
               [-rest.count(size) for size in preferred])
        if best_key is None or key < best_key:
            best, best_key = split, key
    return tuple(best) if best is not None else None


def _preferred_split(count, preferred):
    """Tables of the preferred sizes only, as many of the first as can be, then the
    second...; None when they cannot seat exactly `count`."""
    if count == 0:
        return []
    if not preferred:
        return None
    first, others = preferred[0], preferred[1:]
    for tables in range(count // first, -1, -1):
        rest = _preferred_split(count - tables * first, others)
        if rest is not None:
            return [first] * tables + rest
    return None


def met_pairs(rounds) -> set[frozenset]:
    """Every pair of players who sat at one table, from earlier rounds' tables (lists
    of names)."""
    pairs = set()
    for tables in rounds:
        for seats in tables:
            pairs.update(frozenset(pair) for pair in itertools.combinations(seats, 2))
    return pairs


def repeats(tables, met) -> int:
    return sum(frozenset(pair) in met for seats in tables
               for pair in itertools.combinations(seats, 2))


def draw(players, sizes, seed, round_number, met=frozenset(), draws=DRAWS) -> list[list[str]]:
    """The tables of a round: lists of names in seat order."""
    rng = random.Random(f"{seed}:{round_number}")
    best, fewest = None, None
    for _ in range(draws):
        order = list(players)
        rng.shuffle(order)
        tables = _cut(order, sizes)
        count = repeats(tables, met)
        if fewest is None or count < fewest:
            best, fewest = tables, count
            if count == 0:
                break
    return best


def _cut(order, sizes):
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start:start + size])
        start += size
    return tables
