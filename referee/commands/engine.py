"""`referee simulate`: random games through the judge, to try a ruleset."""
from pathlib import Path

import click

from referee.engine.rules import compile_rules
from referee.engine import simulate as simulation
from referee.engine.errors import InputError


def _resolved(ruleset, also=()):
    """A built-in id or a YAML file, resolved (a file may extend a built-in, a file
    given with --with, or a file named after its parent beside it)."""
    from referee.config import command_setting
    from referee.rules import RulesetError, builtin_rulesets, load_file, resolve
    from referee.commands.rules import file_lookup
    try:
        if Path(ruleset).is_file():
            return resolve(load_file(ruleset), file_lookup(ruleset, also))
        known = builtin_rulesets(command_setting("RULESETS_DIR"))
        if ruleset not in known:
            raise click.BadParameter(f"no file and no built-in ruleset {ruleset!r} "
                                     f"(built-in: {', '.join(sorted(known))})", param_hint="RULESET")
        return known[ruleset]
    except RulesetError as exc:
        raise click.ClickException(f"{ruleset} is not a valid ruleset:\n{exc}") from None


@click.command("simulate")
@click.argument("ruleset")
@click.option("--games", default=100, show_default=True, help="How many games to play.")
@click.option("--seed", default=1, show_default=True, help="Seed of the shuffles and choices.")
@click.option("--players", default=4, show_default=True, type=click.IntRange(2, 10),
              help="Players at the table.")
@click.option("--max-moves", default=simulation.MAX_MOVES_PER_GAME, show_default=True,
              type=click.IntRange(1), help="Stop a game after this many moves (reported as capped).")
@click.option("--hidden-hands", is_flag=True,
              help="Tell the judge only card counts, as a table that never shows hands.")
@click.option("--check-legal", is_flag=True,
              help="Also check the legal-move enumerator against the judge on every position (slower).")
@click.option("--with", "also", multiple=True, type=click.Path(dir_okay=False, exists=True),
              help="A parent ruleset file (repeatable); a parent file named <id>.yaml beside "
                   "RULESET is found without it.")
def simulate_command(ruleset, games, seed, players, max_moves, hidden_hands, check_legal, also):
    """Play random games of RULESET (a built-in id or a YAML file) and check the judge
    against the cards after every move. Players see their hands and show them to the
    judge, and draws list the cards drawn, unless --hidden-hands."""
    rules = compile_rules(_resolved(ruleset, also).data)
    try:
        stats = simulation.simulate(rules, games, seed, players, max_moves=max_moves,
                                    show_hands=not hidden_hands, check_legal=check_legal)
    except InputError as err:
        raise click.ClickException(str(err)) from None
    except simulation.InvariantBroken as err:
        raise click.ClickException(f"invariant broken: {err}") from None
    click.echo(stats.report())
    for code, count in stats.codes.most_common():
        click.echo(f"  {code:28} {count}")


simulate = simulate_command   # the name referee/cli.py registers
