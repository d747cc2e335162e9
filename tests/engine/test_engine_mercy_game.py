"""A mercy knock-out for the whole game (house.mercy.lasts: game), in whole simulated
games: the simulator deals the players out of the game no cards, so the judge and
the physical table disagree (InvariantBroken) if a knocked-out player is dealt in
again, keeps the turn, or a live round is left with fewer than two players; the
enumerator is checked against the judge on every position as well."""
import json

import pytest

from referee.engine import judge, parse_state
from referee.engine.simulate import simulate

# games per ruleset and table size: No Mercy's end in a few hundred moves; on the classic
# deck knock-outs are rare and games go on to the target score, so a few of them
GAMES = {"no-mercy": {2: 30, 4: 15, 10: 5}, "mercy-for-the-game": {2: 2, 4: 2, 10: 2}}


def deals_with_players_out(rules, stats):
    """The next-round deals of the recorded games that started with a seat still out,
    each checked: those seats stay out, get no hand, and neither deal nor play first."""
    found = 0
    for before, move, hand in stats.recorded:
        if move.type != "deal" or not before.out:
            continue
        dealt = judge(rules, before, move, hand)
        assert dealt.legal, dealt.code
        after = dealt.state
        assert after.out == before.out
        assert all(after.hand_counts[seat] == 0 for seat in after.out)
        assert after.dealer not in after.out and after.current not in after.out
        sent = json.loads(json.dumps(after.to_json()))
        assert parse_state(rules, sent).to_json() == sent
        found += 1
    return found


@pytest.mark.parametrize("ruleset", sorted(GAMES))
@pytest.mark.parametrize("players", [2, 4, 10])
def test_games_with_a_mercy_knock_out_for_the_game_end_without_breaking_an_invariant(compiled, ruleset, players):
    rules = compiled[ruleset]
    assert rules.mercy_for_game
    games = GAMES[ruleset][players]
    stats = simulate(rules, games=games, seed=players, players=players, record=True,
                     check_legal=True, max_moves=30000)
    assert stats.games == games and not stats.capped
    carried = deals_with_players_out(rules, stats)
    if ruleset == "no-mercy":   # knock-outs are common: some must end a game, some carry over
        assert stats.by_standing > 0
        assert carried > 0 or players == 2   # (two players: a knock-out always ends the game)
