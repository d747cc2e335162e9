"""The engine: cards, public state, moves and the one pure judge.

Imports nothing from Flask or SQLAlchemy; reads only a resolved ruleset.
"""
import sys
from importlib.machinery import EXTENSION_SUFFIXES

from .errors import InputError
from .judge import judge
from .moves import Move, parse_move
from .opening import choose_dealer, open_table
from .rules import Card, KindSpec, Rules, compile_rules
from .state import State, parse_state
from .verdict import Verdict

__all__ = ["InputError", "judge", "Move", "parse_move", "open_table", "choose_dealer",
           "Card", "KindSpec", "Rules", "compile_rules", "State", "parse_state", "Verdict",
           "is_compiled"]


def is_compiled():
    """Whether the engine runs compiled with mypyc (scripts/compile_engine.py; `make`
    does it where a C compiler is at hand) rather than as Python source."""
    return sys.modules[f"{__name__}.judge"].__file__.endswith(tuple(EXTENSION_SUFFIXES))
