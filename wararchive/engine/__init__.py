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
from .players import GreedyPlayer, RandomPlayer, make_player, play_out, simulate_one
from .rank_orders import rank_orders
from .record import RecordError, replay
from .registry import ruleset, rulesets
from .rules import CERTAINTIES, Option, Reading, Rule
from .ruleset import CombatResult, Ruleset
from .view import View


def study(*args, **kwargs):
    """A rule-impact study: see :func:`wararchive.study.study` (imported on demand: it needs scipy and Dask)."""
    from ..study import study as run_study

    return run_study(*args, **kwargs)


__all__ = [
    "CERTAINTIES",
    "REFEREE",
    "BoardGame",
    "CombatResult",
    "Game",
    "GreedyPlayer",
    "Hooks",
    "IllegalMoveError",
    "Move",
    "Option",
    "RandomPlayer",
    "Reading",
    "RecordError",
    "Rule",
    "Ruleset",
    "SetupError",
    "View",
    "make_player",
    "play_out",
    "rank_orders",
    "replay",
    "ruleset",
    "rulesets",
    "simulate_one",
    "study",
]
