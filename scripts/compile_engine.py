"""Compile the engine (referee/engine) with mypyc, in place: each module gets a C
extension beside its source, which Python imports instead of the source.

The annotations are what makes it fast: mypyc reads a State's, a Move's and a Rules'
fields as native fields (bench/judge.py). `make` runs this after installing the
`compile` extra; without a C compiler it fails, and the engine stays pure Python
(`--clean` removes the extensions, as `make clean` does).

Usage: .venv/bin/python scripts/compile_engine.py [--clean]
An edited engine module must be compiled again: until it is, its old extension is the
one imported (tests/engine/test_engine_compiled.py fails on an extension older than
its source).
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "referee" / "engine"
# The package's entry point stays Python: it only imports.
NOT_COMPILED = {"__init__.py"}
# The shared library of the compiled modules, named in the package (without a name it
# would be a top-level module, importable only from the checkout's root).
GROUP = "referee.engine.native"


def engine_sources():
    return sorted(str(path.relative_to(ROOT)) for path in ENGINE.glob("*.py") if path.name not in NOT_COMPILED)


def clean():
    for extension in ENGINE.glob("*.so"):
        extension.unlink()


def compile_engine():
    from mypyc.build import mypycify
    from setuptools import setup

    clean()   # a module that is no longer compiled must not leave its old extension
    setup(name="referee-engine", ext_modules=mypycify(engine_sources(), group_name=GROUP),
          script_args=["build_ext", "--inplace", "--build-temp", "build/mypyc"])
    # A module's extension is a shim into the shared library, copied with the time it
    # was first built: dated now, the extensions say when the engine was compiled.
    for extension in ENGINE.glob("*.so"):
        extension.touch()


if __name__ == "__main__":
    import os
    os.chdir(ROOT)   # mypyc reads its settings from pyproject.toml, the paths from here
    clean() if "--clean" in sys.argv[1:] else compile_engine()
