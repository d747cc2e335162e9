"""`referee simulate`: random games through the judge, to try a ruleset."""
import click

from .simulate import InvariantBroken, simulate


@click.command("simulate")
@click.argument("ruleset")
@click.option("--games", default=100, show_default=True, help="How many games to play.")
@click.option("--seed", default=1, show_default=True, help="Seed of the shuffles and choices.")
@click.option("--players", default=4, show_default=True, help="Players at the table.")
def simulate_command(ruleset, games, seed, players):
    """Play random games of RULESET (a built-in id or a YAML file) and check the judge
    against the cards after every move."""
    from referee.rules.cli import resolve_argument   # the rules domain reads ids and files
    from .rules import compile_rules
    rules = compile_rules(resolve_argument(ruleset).data)
    try:
        stats = simulate(rules, games, seed, players)
    except InvariantBroken as err:
        raise click.ClickException(f"invariant broken: {err}") from None
    click.echo(stats.report())
    for code, count in stats.codes.most_common():
        click.echo(f"  {code:28} {count}")


simulate = simulate_command
