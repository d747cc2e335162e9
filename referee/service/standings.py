"""Standings, computed from the tables' own states (which their logs made), never typed.

A table's result: its game is over, or time was called on its round and its last
hand is scored. Places at a table go by its game's scores (the most points first; the
fewest under a ruleset whose players score their own hands), then by cards left
(fewest first); the game's winner is always first. Players level on both share the
better place (1, 1, 3). Each player's standing adds up their heats' tables: the
event's score (placement points by table size and place, or the game's own points),
tables won (first place), game points and cards left; players are ordered by score,
then by the event's tie-breaks in order, then by name (so the order is total and the
same on every read). Players level on score and every tie-break share a place.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TableResult:
    round: int
    kind: str          # heat or final
    number: int
    table_id: str
    seq: int           # the table's entry the result comes from
    players: list
    scores: list
    cards_left: list
    places: list       # 1-based, per seat

    def json(self):
        return {"round": self.round, "table": self.number, "table_id": self.table_id,
                "seq": self.seq, "players": self.players, "scores": self.scores,
                "cards_left": self.cards_left, "places": self.places}


def finished(state: dict, time_called: bool) -> bool:
    """Whether a table's game counts for the event as it stands."""
    if state["phase"] == "game-over":
        return True
    return time_called and state["phase"] == "round-over" and bool(state.get("scored"))


def places(state: dict, own_hands: bool) -> list[int]:
    scores, cards = list(state["scores"]), list(state["hand_counts"])
    winner = state.get("winner") if state["phase"] == "game-over" else None
    sign = 1 if own_hands else -1

    def key(seat):
        return (winner is not None and seat != winner, sign * scores[seat], cards[seat])
    keys = [key(seat) for seat in range(len(scores))]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def result(round_number, kind, number, table_id, seq, state, own_hands) -> TableResult:
    return TableResult(round_number, kind, number, table_id, seq, list(state["players"]),
                       list(state["scores"]), list(state["hand_counts"]),
                       places(state, own_hands))


@dataclass
class Standing:
    player: str
    score: int = 0
    wins: int = 0
    points: int = 0
    cards_left: int = 0
    tables: list = field(default_factory=list)
    place: int = 0

    def json(self):
        return {"place": self.place, "player": self.player, "score": self.score,
                "wins": self.wins, "points": self.points, "cards_left": self.cards_left,
                "tables": self.tables}


def standings(document: dict, own_hands: bool, results: list[TableResult]) -> list[Standing]:
    """Every player's standing over the heats' results, best first, with places."""
    scoring = document["scoring"]
    by_player = {name: Standing(name) for name in document["players"]}
    for table in results:
        if table.kind != "heat":
            continue
        for seat, name in enumerate(table.players):
            standing = by_player.get(name)
            if standing is None:  # a name the table took that the event never had
                continue
            place = table.places[seat]
            earned = (_placement_points(scoring, len(table.players), place)
                      if scoring["type"] == "placement" else table.scores[seat])
            standing.score += earned
            standing.wins += place == 1
            standing.points += table.scores[seat]
            standing.cards_left += table.cards_left[seat]
            standing.tables.append({"round": table.round, "table": table.number,
                                    "table_id": table.table_id, "seq": table.seq,
                                    "place": place, "score": earned,
                                    "points": table.scores[seat],
                                    "cards_left": table.cards_left[seat]})
    keys = {s.player: _rank_key(s, document, own_hands) for s in by_player.values()}
    ordered = sorted(by_player.values(), key=lambda s: (keys[s.player], s.player))
    for index, standing in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        level = previous is not None and keys[previous.player] == keys[standing.player]
        standing.place = previous.place if level else index + 1
    return ordered


def _placement_points(scoring, size, place):
    points = scoring["points"].get(str(size), [])
    return points[place - 1] if place - 1 < len(points) else 0


def _rank_key(standing, document, own_hands):
    """Better first: the score, then each tie-break in the event's order."""
    sign = 1 if own_hands else -1
    # Game points are the score itself with `game-points`: fewest first when the
    # ruleset's players score their own hands.
    first = sign * standing.score if document["scoring"]["type"] == "game-points" else -standing.score
    breaks = {"wins": -standing.wins, "points": sign * standing.points,
              "cards-left": standing.cards_left}
    return (first, *(breaks[name] for name in document["tie_breaks"]))


def final_places(final: TableResult | None, heats: list[Standing]) -> list[dict]:
    """The event's order: the final table's players by their place there (level ones
    by the heats), then everyone else as the heats left them."""
    if final is None:
        return [{"place": s.place, "player": s.player, "from": "heats"} for s in heats]
    heat_order = {s.player: index for index, s in enumerate(heats)}
    finalists = sorted(range(len(final.players)),
                       key=lambda seat: (final.places[seat], heat_order.get(final.players[seat], 0)))
    order = [{"place": index + 1, "player": final.players[seat], "from": "final"}
             for index, seat in enumerate(finalists)]
    seated = set(final.players)
    order += [{"place": len(order) + index + 1, "player": s.player, "from": "heats"}
              for index, s in enumerate(s for s in heats if s.player not in seated)]
    return order


def changes(closed: dict, current: dict) -> list[dict]:
    """Tables whose result differs from the one recorded when their round closed:
    closed and current map table id -> TableResult (current: None, unfinished again)."""
    found = []
    for table_id, then in closed.items():
        now = current.get(table_id)
        if now is not None and (now.seq, now.scores) == (then["seq"], then["scores"]):
            continue
        found.append({"round": then["round"], "table": then["table"], "table_id": table_id,
                      "closed": {"seq": then["seq"], "scores": then["scores"]},
                      "now": None if now is None else {"seq": now.seq, "scores": now.scores}})
    return found
