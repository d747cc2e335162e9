"""One reading of a ruleset: the judge, the rule book, the verdict messages and the
web names read card facts from the compiled ruleset (referee/engine/rules.py), never
from the raw ruleset dict, so they cannot drift apart (issue 13, part 1)."""
import re
from pathlib import Path

import pytest

from referee.engine import compile_rules
from referee.rules import builtin_rulesets
from referee.rules.kinds import category, deflects, makes_next_player_owe

PACKAGE = Path(__file__).resolve().parents[2] / "referee"
# Reading a card kind's data from a ruleset dict: its cards, effects, restriction, counts.
# (A verdict's or a request body's "effects", and a move type "challenge", are not card data.)
RAW_CARD_READ = re.compile(r'''(?<!verdict)(?<!verdict_json)(?<!body)\.get\("(cards|effects|restriction|per_color|challenge|counts_as_match)"\)'''
                           r'''|(?<!by_type)\["(effects|restriction|per_color|challenge|counts_as_match)"\]'''
                           r'''|\["cards"\]\s*[\[.]''')
# The modules that must read the raw data: the compiler itself, the facts of one card
# kind that the compiler and the checks share (rules/kinds.py), and the resolver and
# the checks, which work on a ruleset before it can be compiled.
ALLOWED = {"engine/rules.py", "rules/kinds.py", "rules/resolve.py", "rules/checks.py"}


def raw_card_reads():
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        in_docstring = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            quotes = line.count('"""')
            code = line.split("#")[0]
            if not in_docstring and not quotes and RAW_CARD_READ.search(code) and name not in ALLOWED:
                yield f"{name}:{number}: {line.strip()}"
            in_docstring ^= quotes % 2 == 1


def test_no_module_but_the_compiler_reads_card_facts_from_a_raw_ruleset():
    scanned = list(PACKAGE.rglob("*.py"))
    assert len(scanned) > 50   # the scan found the package
    assert list(raw_card_reads()) == []


@pytest.mark.parametrize("ruleset_id", sorted(builtin_rulesets()))
def test_the_checks_and_the_compiled_ruleset_agree_on_every_kind(ruleset_id):
    """The ruleset checks read raw kinds (before a ruleset can be compiled) through the
    same functions the compiler uses: the facts they see are the judge's."""
    data = builtin_rulesets()[ruleset_id].data
    rules = compile_rules(data)
    for kind_id, spec in data["cards"].items():
        kind = rules.kinds[kind_id]
        assert kind.category == category(spec)
        assert kind.deflects == deflects(spec)
        assert (kind.pending is not None) == makes_next_player_owe(spec)
