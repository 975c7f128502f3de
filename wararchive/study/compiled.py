"""A block of a study's games from the compiled kernel, as the facts :func:`.run.play` gives game by game.

The kernel plays a block of seeds in one compiled call and hands back
arrays (:func:`wararchive.kernel.block.play_block`); a study's tables want,
per game, the same facts :func:`.run.play` reads from a whole game (by
column, :class:`.played.Played`): names instead of indices, the survival
rows sorted as there, and a hash of the setup made from the same records.
``tests/study`` checks the two paths give equal facts.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

import numpy as np

from ..kernel import playout as k
from ..kernel.block import Block
from ..kernel.game import KernelGame
from ..kernel.tables import spec
from .played import Played, column

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset

_SETUPS_MAX = 1 << 16  # setups whose hash a worker keeps, lest a long run grow without bound


def facts(rs: Ruleset, block: Block, swapped: bool) -> Played:
    """A compiled block's games as :func:`.run.play`'s facts (the same values, from the block's arrays, by column)."""
    sides, rules = rs.sides, [r.id for r in rs.rules]
    types = [t.id for t in rs.piece_types]
    g = len(block.seeds)
    out = block.out
    winner = np.array([None, *sides], dtype=object)[out[:, k.OUT_WINNER] + 1]
    layout = _layout(rs)
    games = {
        "seed": column("seed", block.seeds),
        "first_player": column("first_player", [sides[1 if swapped else 0]] * g),
        "winner": winner,
        "plies": out[:, k.OUT_PLY].copy(),
        "adjudicated": out[:, k.OUT_ADJUDICATED].astype(bool),
        "end_rule": column("end_rule", rules)[out[:, k.OUT_END_RULE]],
        "lead_changes": out[:, k.OUT_LEAD_CHANGES].copy(),
        "setup": column("setup", [_setup_hash(rs, layout, block.cells[i], block.blocked[i]) for i in range(g)]),
    }
    # fired: a column per rule id (ids repeated in the rule book add up), in the order of the ids
    names = sorted(set(rules))
    counts = np.zeros((g, len(names)), np.int64)
    np.add.at(counts.T, np.searchsorted(names, rules), block.fired.T)
    game, rule = np.nonzero(counts)
    fired = {"rule": column("rule", names)[rule], "count": counts[game, rule]}
    # pieces: (side, piece) in the order play() sorts its survival rows, by side's name then piece's id
    order = sorted(((p, t) for p in range(2) for t in range(len(types))), key=lambda pt: (sides[pt[0]], types[pt[1]]))
    flat = [p * len(types) + t for p, t in order]
    start, end = block.start.reshape(g, -1)[:, flat], block.end.reshape(g, -1)[:, flat]
    piece_game, slot = np.nonzero(start)
    pieces = {
        "side": column("side", [sides[p] for p, _ in order])[slot],
        "piece": column("piece", [types[t] for _, t in order])[slot],
        "start": start[piece_game, slot],
        "end": end[piece_game, slot],
    }
    return Played(games, _at(game, g), fired, _at(piece_game, g), pieces)


def _at(game: np.ndarray, games: int) -> np.ndarray:
    """Offsets of each game's rows, from the (sorted) game of every row."""
    return np.concatenate([[0], np.cumsum(np.bincount(game, minlength=games))]).astype(np.int64)


class _Setup:
    """A compiled game's start, read with :class:`~wararchive.kernel.game.KernelGame`'s own record methods."""

    names = KernelGame.names
    setup_record = KernelGame.setup_record
    prepared_record = KernelGame.prepared_record

    def __init__(self, rs: Ruleset, cells: np.ndarray, blocked: np.ndarray):
        self.rs, self._start, self.blocked = rs, cells, blocked[blocked >= 0].tolist()


_LAYOUTS: dict[tuple, int] = {}  # what a setup's record reads besides the cells: names, sides, pieces, hooks → a number


def _layout(rs: Ruleset) -> int:
    """A number for ``rs``'s cells' names, sides, piece types and hooks, shared by readings that leave them alone."""
    names = rs.board.names if rs.board is not None else ()
    key = (tuple(names), tuple(rs.sides), tuple(t.id for t in rs.piece_types), int(spec(rs).P[k.P_HOOKS]))
    return _LAYOUTS.setdefault(key, len(_LAYOUTS))


_SETUPS: dict[tuple, str] = {}  # (board and pieces, start, blocked cells) → hash: a seed's readings mostly share a setup


def _setup_hash(rs: Ruleset, layout: int, cells: np.ndarray, blocked: np.ndarray) -> str:
    """:func:`.run.play`'s ``setup``: a hash of the setup and the preparation's records, as JSON (``layout``: :func:`_layout`)."""
    key = (layout, cells.tobytes(), blocked.tobytes())
    if (known := _SETUPS.get(key)) is not None:
        return known
    game = _Setup(rs, cells, blocked)
    setup = json.dumps([game.setup_record(), game.prepared_record()], sort_keys=True, default=str)
    digest = hashlib.sha256(setup.encode()).hexdigest()[:16]
    if len(_SETUPS) >= _SETUPS_MAX:
        _SETUPS.clear()
    _SETUPS[key] = digest
    return digest
