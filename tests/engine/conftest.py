import pytest

from referee.engine import compile_rules
from referee.rules import builtin_rulesets


@pytest.fixture(scope="session")
def compiled():
    """Compiled rules of every shipped ruleset, by id."""
    return {ruleset_id: compile_rules(resolved.data) for ruleset_id, resolved in builtin_rulesets().items()}
