"""The engine runs compiled with mypyc (scripts/compile_engine.py) or as Python source,
all of it one way, and says which; a compiled module is never older than its source
(Python would import the old extension and ignore the edited source)."""
import os
import runpy
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from referee.engine import is_compiled

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "referee" / "engine"
# The modules the build compiles, as the build script itself lists them.
BUILD = runpy.run_path(str(ROOT / "scripts" / "compile_engine.py"))


def compiled_extensions():
    """{module name: its extension's path} for the engine's compiled modules."""
    found = {path.name.split(".")[0]: path for suffix in EXTENSION_SUFFIXES for path in ENGINE.glob("*" + suffix)}
    found.pop("native__mypyc", None)   # the compiled modules' shared library, no source of its own
    return found


def test_the_engine_is_compiled_whole_or_not_at_all_and_says_which():
    sources = {Path(source).stem for source in BUILD["engine_sources"]()}
    compiled = set(compiled_extensions())
    print("engine:", "compiled with mypyc" if is_compiled() else "pure Python")
    assert compiled == (sources if is_compiled() else set()), "run make compiled"


def test_no_compiled_module_is_older_than_its_source():
    stale = [name for name, path in compiled_extensions().items()
             if path.stat().st_mtime < (ENGINE / f"{name}.py").stat().st_mtime]
    assert not stale, f"compiled before their source last changed: {stale} (run make compiled)"


def test_ci_runs_the_compiled_engine():
    """The service's speed (bench/judge.py, bench/service.py) is the compiled engine's:
    in CI a failed build must not leave the suite testing the Python engine unsaid."""
    if os.environ.get("CI") != "true":
        pytest.skip("not CI: a machine without a C compiler runs the engine as Python")
    assert is_compiled(), "CI=true and the engine is not compiled: see `make compiled`"
