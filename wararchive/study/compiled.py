"""A block of a study's games from the compiled kernel, as the facts :func:`.run.play` gives game by game.

The kernel plays a block of seeds in one compiled call and hands back
arrays (:func:`wararchive.kernel.play_block`); a study's tables want,
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
from ..kernel.tables import spec
from .played import Played, column

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset
    from ..kernel.chess import Block as ChessBlock

_SETUPS_MAX = 1 << 16  # setups whose hash a worker keeps, lest a long run grow without bound


def facts(rs: Ruleset, block: Block, swapped: bool) -> Played:
    """A compiled block's games as :func:`.run.play`'s facts (the same values, from the block's arrays, by column)."""
    sides, types = rs.sides, [t.id for t in rs.piece_types]
    g, out, layout = len(block.seeds), block.out, _layout(rs)
    setups = [_setup_hash(layout, block.cells[i], block.blocked[i]) for i in range(g)]
    columns = (k.OUT_PLY, k.OUT_WINNER, k.OUT_END_RULE, k.OUT_ADJUDICATED, k.OUT_LEAD_CHANGES)
    games = _games(rs, block.seeds, swapped, out[:, columns], setups)
    game, fired = _fired(rs, block.fired)
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


def _games(rs: Ruleset, seeds: list[int], swapped: bool, out: np.ndarray, setups: list[str]) -> dict[str, np.ndarray]:
    """The games table's columns of a compiled block: ``out`` holds each game's plies, winner (-1 none), end rule's
    index, whether adjudicated and lead changes, in that order; ``setups`` each game's setup hash."""
    sides, rules = rs.sides, [r.id for r in rs.rules]
    return {
        "seed": column("seed", seeds),
        "first_player": column("first_player", [sides[1 if swapped else 0]] * len(seeds)),
        "winner": np.array([None, *sides], dtype=object)[out[:, 1] + 1],
        "plies": out[:, 0].copy(),
        "adjudicated": out[:, 3].astype(bool),
        "end_rule": column("end_rule", rules)[out[:, 2]],
        "lead_changes": out[:, 4].copy(),
        "setup": column("setup", setups),
    }


def _fired(rs: Ruleset, fired: np.ndarray) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The fired table's rows of a block (``fired``: per game, per rule of the rule book) and each row's game.

    A column per rule id (ids repeated in the rule book add up), the rows in
    the order of the ids, as :func:`.run.play`'s facts sort them.
    """
    rules = [r.id for r in rs.rules]
    names = sorted(set(rules))
    counts = np.zeros((fired.shape[0], len(names)), np.int64)
    np.add.at(counts.T, np.searchsorted(names, rules), fired.T)
    game, rule = np.nonzero(counts)
    return game, {"rule": column("rule", names)[rule], "count": counts[game, rule]}


def _at(game: np.ndarray, games: int) -> np.ndarray:
    """Offsets of each game's rows, from the (sorted) game of every row."""
    return np.concatenate([[0], np.cumsum(np.bincount(game, minlength=games))]).astype(np.int64)


def chess_facts(rs: Ruleset, block: ChessBlock, swapped: bool) -> Played:
    """A compiled chess block's games as :func:`.run.play`'s facts (:mod:`wararchive.kernel.chess`'s arrays, by column)."""
    from ..kernel.chess import PIECE_TYPES, army
    from ..kernel.chess.games import OUT_ADJUDICATED, OUT_END_RULE, OUT_LEAD_CHANGES, OUT_PLY, OUT_WINNER

    sides, g = rs.sides, len(block.seeds)
    game = rs.new_game(seed=0)  # chess's setup is fixed: every game starts from this one
    setup = json.dumps([game.setup_record(), game.prepared_record()], sort_keys=True, default=str)  # as run.play
    start = sorted(army(rs, game.board).items())  # (side, piece) in the order run.play sorts its survival rows
    where = [(sides.index(side), PIECE_TYPES[piece]) for (side, piece), _ in start]
    columns = (OUT_PLY, OUT_WINNER, OUT_END_RULE, OUT_ADJUDICATED, OUT_LEAD_CHANGES)
    games = _games(rs, block.seeds, swapped, block.out[:, columns], [hashlib.sha256(setup.encode()).hexdigest()[:16]] * g)
    game_of, fired = _fired(rs, block.fired)
    rows = len(start)  # every man of the start has a row, whether or not any is left
    pieces = {
        "side": column("side", [side for (side, _), _ in start] * g),
        "piece": column("piece", [piece for (_, piece), _ in start] * g),
        "start": np.tile(np.array([n for _, n in start], np.int64), g),
        "end": block.army[:, [s for s, _ in where], [t for _, t in where]].reshape(-1),
    }
    return Played(games, _at(game_of, g), fired, np.arange(0, rows * g + 1, rows, dtype=np.int64), pieces)


class _SetupText:
    """:func:`.run.play`'s setup JSON for one layout, joined from pieces encoded once.

    ``json.dumps`` of each game's records (:meth:`~wararchive.kernel.game.KernelGame.setup_record`
    and ``prepared_record``, sorted keys) was the largest Python
    cost a compiled block had left. The text is the same: each side's cells
    in the order of their names, each written ``"name": "piece"``, joined as
    ``json.dumps`` joins them (``tests/study/test_blocks.py`` compares the
    hashes with the game-by-game path's).
    """

    def __init__(self, rs: Ruleset, names: list[str]):
        from ..kernel.families import family

        self.names = names
        self.order = np.array(sorted(range(len(self.names)), key=self.names.__getitem__), np.int64)
        ids = [json.dumps(t.id) for t in rs.piece_types]
        self.pairs = [[f"{json.dumps(name)}: {piece}" for piece in ids] for name in self.names]
        by_name = sorted((side, p) for p, side in enumerate(rs.sides))  # the raw names, as json.dumps sorts keys
        self.sides = [(json.dumps(side), p) for side, p in by_name]
        self.family = family(int(spec(rs).P[k.P_HOOKS]))

    def text(self, cells: np.ndarray, blocked: np.ndarray) -> str:
        kind, owner = cells[0].tolist(), cells[1][self.order]
        sides = ", ".join(
            f"{side}: {{{', '.join([self.pairs[c][kind[c]] for c in self.order[owner == p].tolist()])}}}"
            for side, p in self.sides
        )
        prepared = self.family.prepared_record(self.names, blocked[blocked >= 0].tolist())
        return f"[{{{sides}}}, {json.dumps(prepared, sort_keys=True, default=str)}]"


_LAYOUTS: dict[tuple, _SetupText] = {}  # what a setup's record reads besides the cells: names, sides, pieces, hooks


def _layout(rs: Ruleset) -> _SetupText:
    """The setup text of ``rs``'s cells' names, sides, piece types and hooks, shared by readings that leave them alone."""
    names = rs.board.names if rs.board is not None else []
    key = (tuple(names), tuple(rs.sides), tuple(t.id for t in rs.piece_types), int(spec(rs).P[k.P_HOOKS]))
    if (known := _LAYOUTS.get(key)) is None:
        known = _LAYOUTS[key] = _SetupText(rs, names)
    return known


_SETUPS: dict[tuple, str] = {}  # (layout, start, blocked cells) → hash: a seed's readings mostly share a setup


def _setup_hash(layout: _SetupText, cells: np.ndarray, blocked: np.ndarray) -> str:
    """:func:`.run.play`'s ``setup``: a hash of the setup and the preparation's records, as JSON (``layout``: :func:`_layout`)."""
    key = (layout, cells.tobytes(), blocked.tobytes())  # a layout is kept for good: its identity names it
    if (known := _SETUPS.get(key)) is not None:
        return known
    digest = hashlib.sha256(layout.text(cells, blocked).encode()).hexdigest()[:16]
    if len(_SETUPS) >= _SETUPS_MAX:
        _SETUPS.clear()
    _SETUPS[key] = digest
    return digest
