"""Shared fixtures for the text tests: resolved rulesets and throwaway locales dirs."""
import shutil

import pytest

from referee.text import catalogs
from text_support import LOCALES


@pytest.fixture(scope="session")
def rulesets():
    """Every shipped ruleset (editions and examples), resolved, by id."""
    from referee.rules import builtin_rulesets
    return {ruleset_id: resolved.data for ruleset_id, resolved in builtin_rulesets().items()}


@pytest.fixture
def locales(tmp_path):
    """An empty locales dir in use by this process; catalogs cached before are forgotten."""
    base = tmp_path / "locales"
    base.mkdir()
    previous = catalogs.use_locales_dir(base)
    catalogs.forget_loaded_catalogs()
    yield base
    catalogs.use_locales_dir(previous)
    catalogs.forget_loaded_catalogs()


@pytest.fixture
def repo_locales_copy(locales):
    """A copy of the repository's catalogs in the temporary locales dir."""
    shutil.rmtree(locales)
    shutil.copytree(LOCALES, locales, ignore=shutil.ignore_patterns("*.mo"))
    return locales
