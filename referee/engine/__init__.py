"""The engine: cards, public state, moves and the one pure judge.

Imports nothing from Flask or SQLAlchemy; reads only a resolved ruleset.
"""
from .errors import InputError
from .judge import judge
from .moves import Move, parse_move
from .opening import choose_dealer, open_table
from .rules import Card, KindSpec, Rules, compile_rules
from .state import State, parse_state
from .verdict import Verdict

__all__ = ["InputError", "judge", "Move", "parse_move", "open_table", "choose_dealer",
           "Card", "KindSpec", "Rules", "compile_rules", "State", "parse_state", "Verdict"]
