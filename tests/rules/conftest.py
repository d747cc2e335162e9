import pytest

from referee.rules import builtin_documents, builtin_rulesets


@pytest.fixture
def lookup():
    """A parent lookup that knows the built-in rulesets (as raw documents)."""
    return builtin_documents().get


@pytest.fixture(scope="session")
def builtins():
    return builtin_rulesets()
