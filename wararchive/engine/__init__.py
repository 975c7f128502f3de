"""The rules engine: executable, cited rulesets.

>>> from wararchive import engine
>>> rs = engine.ruleset("spionaaz")
>>> game = rs.new_game(seed=1)
>>> game.play(game.legal_moves()[0])
>>> engine.replay(game.record()).ply
1
"""

from __future__ import annotations

from .board_game import BoardGame
from .game import REFEREE, Game
from .hooks import Hooks
from .moves import IllegalMoveError, Move
from .placing import SetupError
from .rank_orders import rank_orders
from .record import RecordError, replay
from .registry import ruleset, rulesets
from .rules import CERTAINTIES, Option, Reading, Rule
from .ruleset import CombatResult, Ruleset
from .view import View

__all__ = [
    "CERTAINTIES",
    "REFEREE",
    "BoardGame",
    "CombatResult",
    "Game",
    "Hooks",
    "IllegalMoveError",
    "Move",
    "Option",
    "Reading",
    "RecordError",
    "Rule",
    "Ruleset",
    "SetupError",
    "View",
    "rank_orders",
    "replay",
    "ruleset",
    "rulesets",
]
