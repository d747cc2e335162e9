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

DRAWS = 20  # shuffles tried per round; the best one is then repaired by swaps
REPAIR_PASSES = 4  # passes over the tables swapping players who met before
SWAP_TABLES = 30  # other tables a player who met someone tries, per pass


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
    """The best split of `count` into table sizes, or None. Splits with fewer forced
    tables are tried first, so the search stops at the first number of forced tables
    that seats everyone (0 or 1 of them in practice, whatever the count)."""
    if not preferred + forced:
        return None
    most = count // min(preferred + forced)
    for total in range(most + 1):
        found = [split for split in _with_forced(count, preferred, forced, total)]
        if found:
            return min(found, key=lambda pair: pair[0])[1]
    return None


def _with_forced(count, preferred, forced, total):
    """(preference key, split) of each split with exactly `total` forced tables."""
    for forced_counts in _compositions(total, len(forced)):
        seated = sum(n * size for n, size in zip(forced_counts, forced))
        if seated > count:
            continue
        rest = _preferred_split(count - seated, preferred)
        if rest is None:
            continue
        split = rest + [size for n, size in zip(forced_counts, forced) for _ in range(n)]
        yield ([-n for n in forced_counts], [-rest.count(size) for size in preferred]), tuple(split)


def _compositions(total, parts):
    """Every way to write `total` as `parts` counts (of the forced sizes, in order)."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


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
    if fewest:
        _repair(best, met, rng)
    return best


def _repair(tables, met, rng, passes=REPAIR_PASSES):
    """Swap players between tables while a swap seats fewer pairs who met: each
    player of a pair who met tries the other tables in a drawn order and takes the
    first swap that lowers the two tables' repeats."""
    for _ in range(passes):
        improved = False
        for here, seats in enumerate(tables):
            for position, player in enumerate(seats):
                if not _meets_again(player, seats, met):
                    continue
                if _swap_away(tables, here, position, met, rng):
                    improved = True
        if not improved:
            return


def _meets_again(player, seats, met):
    return any(frozenset((player, other)) in met for other in seats if other != player)


def _swap_away(tables, here, position, met, rng):
    # A sample of the other tables, not all of them shuffled: an evening of 2,500
    # tables would shuffle 2,500 numbers for every player who met someone.
    count = min(SWAP_TABLES, len(tables) - 1)
    others = [(here + 1 + step) % len(tables) for step in rng.sample(range(len(tables) - 1), count)]
    mine = tables[here]
    for there in others:
        theirs = tables[there]
        before = repeats([mine, theirs], met)
        for their_position in range(len(theirs)):
            mine[position], theirs[their_position] = theirs[their_position], mine[position]
            if repeats([mine, theirs], met) < before:
                return True
            mine[position], theirs[their_position] = theirs[their_position], mine[position]
    return False


def _cut(order, sizes):
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start:start + size])
        start += size
    return tables
