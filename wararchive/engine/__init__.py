"""The rules engine: executable, cited rulesets. This is where a ruleset author works.

>>> from wararchive import engine
>>> rs = engine.ruleset("spionaaz")
>>> game = rs.new_game(seed=1)
>>> game.play(game.legal_moves()[0])
>>> engine.replay(game.record()).ply
1

The names below (``__all__``) are the stable authoring surface: a ruleset
module, the project's or a plugin's, imports what it needs from
``wararchive.engine`` alone, and these names keep their meaning across
releases. The submodules behind them may be rearranged. By job:

- the evidence: :class:`Rule`, :class:`Option`, :class:`Reading`,
  :class:`RuleBook`, :class:`NotImplemented_`, :data:`CERTAINTIES`,
  :func:`resolve_options`, and the shared ply limit (:data:`PLY_LIMIT_RULE`,
  :func:`ply_limit_option`, its largest value :data:`PLY_LIMIT_MAX`), and
  a game's outcome in one word (:func:`outcome`: a side, :data:`DRAW` by the
  rules, or :data:`UNFINISHED`, stopped by the ply limit);
- the pieces and the board: :class:`PieceType`, :class:`Board`,
  :func:`grid`, :func:`graph`, the directions (:data:`NORTH` …,
  :data:`FORWARD`, :data:`OPPOSITE`, :data:`DIRECTIONS`), :data:`FILES`,
  :func:`move_is_forward`;
- combat: :class:`CombatTable`, :func:`exception` and the outcomes
  (:data:`ATTACKER_WINS`, :data:`DEFENDER_WINS`, :data:`BOTH_REMOVED`,
  :data:`NEITHER_REMOVED`);
- the ruleset: :class:`Ruleset` (``responsible`` names who answers for its
  inferences, conjectures and readings), :class:`Feature`,
  :class:`CombatResult`;
- the game: :class:`BoardGame` (the shared mechanism and its mutation API),
  :class:`Hooks` (what a rulebook adds in code), :class:`Game` (for a game
  of its own kind, as chess), :class:`Move`, :class:`View`,
  :data:`REFEREE`, :class:`IllegalMoveError`, :class:`SetupError`;
- the registry and records: :func:`ruleset`, :func:`rulesets`,
  :func:`replay`, :class:`RecordError`, :func:`rank_orders`.

Players live in :mod:`wararchive.players`, the conformance checks a
ruleset must pass in :mod:`wararchive.testing`.
"""

from __future__ import annotations

from .board import DIRECTIONS, EAST, FILES, FORWARD, NORTH, OPPOSITE, SOUTH, WEST, Board, graph, grid, move_is_forward
from .board_game import BoardGame
from .combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS, NEITHER_REMOVED, CombatTable, exception
from .common import DRAW, PLY_LIMIT_MAX, PLY_LIMIT_RULE, UNFINISHED, outcome, ply_limit_option
from .game import REFEREE, Game
from .hooks import Hooks
from .moves import IllegalMoveError, Move
from .pieces import PieceType
from .placing import SetupError
from .rank_orders import rank_orders
from .record import RecordError, replay
from .registry import CitationError, ruleset, rulesets
from .rules import CERTAINTIES, NotImplemented_, Option, Reading, Rule, RuleBook, resolve_options
from .ruleset import CombatResult, Feature, Ruleset
from .view import View

__all__ = [
    "ATTACKER_WINS",
    "BOTH_REMOVED",
    "CERTAINTIES",
    "DEFENDER_WINS",
    "DIRECTIONS",
    "DRAW",
    "EAST",
    "FILES",
    "FORWARD",
    "NEITHER_REMOVED",
    "NORTH",
    "OPPOSITE",
    "PLY_LIMIT_MAX",
    "PLY_LIMIT_RULE",
    "REFEREE",
    "SOUTH",
    "UNFINISHED",
    "WEST",
    "Board",
    "BoardGame",
    "CitationError",
    "CombatResult",
    "CombatTable",
    "Feature",
    "Game",
    "Hooks",
    "IllegalMoveError",
    "Move",
    "NotImplemented_",
    "Option",
    "PieceType",
    "Reading",
    "RecordError",
    "Rule",
    "RuleBook",
    "Ruleset",
    "SetupError",
    "View",
    "exception",
    "graph",
    "grid",
    "move_is_forward",
    "outcome",
    "ply_limit_option",
    "rank_orders",
    "replay",
    "resolve_options",
    "ruleset",
    "rulesets",
]
