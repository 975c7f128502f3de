"""A block of a study's games on the compiled kernel, read back as arrays: what a study keeps of each game, no records.

:func:`wararchive.kernel.play_many` returns (plies, winner, end rule) per
seed, but a study's tables also hold, for every game, how often each rule
fired, the armies at the start and the end and a hash of the setup. Reading
those through :func:`wararchive.kernel.play` builds a whole
:class:`~wararchive.kernel.game.KernelGame` per game (its moves, events and
records), which cost most of a study's time. :func:`play_block` plays the
kernel's own compiled game (:func:`wararchive.kernel.playout.play`, the
loop ``play_many`` runs) for every seed of a block in one compiled call
and copies, after each game, only those facts out of the game's buffers
into arrays. The game played is the kernel's for that seed, so every fact is
the one ``kernel.play`` (and the reference engine) gives; ``tests/study``
checks it against the per-game path.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit

from ..kernel import mt, playout as k
from ..kernel.game import KernelGame
from ..kernel.tables import spec

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..engine.ruleset import Ruleset

OUT_PLY, OUT_WINNER, OUT_END_RULE, OUT_ADJUDICATED, OUT_SETUP_FAILED = range(5)
OUT_WIDTH = 5
_SETUPS_MAX = 1 << 16  # entries a worker keeps of each cache below, lest a long run grow without bound


@njit(cache=True)
def _play_block(S, W, players, keys, seeds, out, fired, start, end, cells, blocked) -> None:  # pragma: no cover - compiled
    """Play each seed's game (as ``playout.play_batch``), keeping its scalars, firings, armies, setup, blocked cells."""
    n = W.kind.shape[0]
    for g in range(keys.shape[0]):
        for s in range(0 if S.P[k.P_PREPARE_DRAWS] else 1, 5):  # only some hooks draw from the prepare stream
            mt.seed(W.rng[s], keys[g, s])
        W.G[k.G_SEED] = seeds[g]
        k.play(S, W, players)
        out[g, OUT_SETUP_FAILED] = W.G[k.G_SETUP_FAILED]
        if W.G[k.G_SETUP_FAILED]:
            continue
        out[g, OUT_PLY], out[g, OUT_WINNER], out[g, OUT_END_RULE] = W.G[k.G_PLY], W.G[k.G_WINNER], W.G[k.G_END_RULE]
        out[g, OUT_ADJUDICATED] = W.G[k.G_ADJUDICATED]
        first_blocked = -1
        for e in range(W.G[k.G_EVENTS]):
            fired[g, W.log[e, k.L_RULE]] += 1
            if first_blocked < 0 and W.log[e, k.L_TYPE] == k.E_BLOCKED:
                first_blocked = e
        for c in range(n):
            cells[g, 0, c], cells[g, 1, c], cells[g, 2, c] = W.start[0, c], W.start[1, c], W.start[2, c]
            if W.start[1, c] >= 0:
                start[g, W.start[1, c], W.start[0, c]] += 1
            if W.owner[c] >= 0:
                end[g, W.owner[c], W.kind[c]] += 1
        if first_blocked >= 0:
            at = W.log[first_blocked, k.L_OFFSET]
            for i in range(W.log[first_blocked, k.L_COUNT]):
                blocked[g, i] = W.aux[at + i, 0]


class Block:
    """A block's facts as arrays, one row per seed (see :func:`play_block`)."""

    def __init__(self, rs: Ruleset, seeds: list[int], n: int, rules: int, types: int):
        self.rs, self.seeds = rs, seeds
        g = len(seeds)
        self.out = np.zeros((g, OUT_WIDTH), np.int64)
        self.fired = np.zeros((g, rules), np.int64)
        self.start = np.zeros((g, 2, types), np.int64)
        self.end = np.zeros((g, 2, types), np.int64)
        self.cells = np.zeros((g, 3, n), np.int64)  # the board at the start: kind, owner, uid per cell
        self.blocked = np.full((g, n), -1, np.int64)


def play_block(rs: Ruleset, seeds: Sequence[int], players: Sequence[str]) -> Block:
    """The facts of ``seeds``' games of ``rs`` between ``players`` (in the order of the sides), in one compiled call.

    The seeds and players are checked as :func:`wararchive.kernel.play_many`
    checks them (one line each), before any compiled code runs; a seed
    whose random setup fails raises the kernel's
    :class:`~wararchive.engine.placing.SetupError`, as ``kernel.play`` does.
    """
    from .. import kernel
    from ..engine.limits import check_seed
    from ..engine.placing import SetupError
    from ..kernel.tables import player_kinds

    seeds = [check_seed(s) for s in seeds]
    kernel._require(rs, players)
    S, W = kernel._compiled(rs)
    # Sõjamäng's reinforcements bring in pieces of any type: the army arrays have a column for every type.
    block = Block(rs, seeds, W.kind.shape[0], len(rs.rules), len(rs.piece_types))
    if not seeds:
        return block
    keys = np.stack([_keys(rs, s) for s in seeds])
    _play_block(
        S,
        W,
        player_kinds((players[0], players[1])),
        keys,
        np.array(seeds, np.int64),
        block.out,
        block.fired,
        block.start,
        block.end,
        block.cells,
        block.blocked,
    )
    failed = block.out[:, OUT_SETUP_FAILED]
    if failed.any():
        g = int(np.flatnonzero(failed)[0])
        side = rs.sides[failed[g] - 1]
        raise SetupError(f"no legal random setup found for {side} in {k.SETUP_TRIES} tries (seed {seeds[g]})")
    return block


_KEYS: dict[tuple, np.ndarray] = {}  # (ruleset id, sides, seed) → the game's seed keys: every reading of a seed shares them


def _keys(rs: Ruleset, seed: int) -> np.ndarray:
    """:func:`wararchive.kernel._keys`, kept: five SHA-512s a game were a tenth of a study's time."""
    from .. import kernel

    key = (rs.id, tuple(rs.sides), seed)
    if (known := _KEYS.get(key)) is None:
        if len(_KEYS) >= _SETUPS_MAX:
            _KEYS.clear()
        known = _KEYS[key] = kernel._keys(rs, seed)
    return known


def facts(rs: Ruleset, label: str, block: Block, swapped: bool) -> list[dict[str, Any]]:
    """Each game of a compiled block as :func:`.run.play`'s facts (the same values, from the block's arrays)."""
    sides, rules = rs.sides, [r.id for r in rs.rules]
    types = [t.id for t in rs.piece_types]
    # (side, piece) in the order play() sorts its survival rows: by side's name, then piece's id
    order = sorted(((p, t) for p in range(2) for t in range(len(types))), key=lambda pt: (sides[pt[0]], types[pt[1]]))
    flat = [p * len(types) + t for p, t in order]
    labels = [(sides[p], types[t]) for p, t in order]
    first = sides[1 if swapped else 0]
    starts = block.start.reshape(len(block.seeds), -1)[:, flat].tolist()
    ends = block.end.reshape(len(block.seeds), -1)[:, flat].tolist()
    out = block.out.tolist()
    layout = _layout(rs)
    out_facts = []
    for g, seed in enumerate(block.seeds):
        row = out[g]
        fired: dict[str, int] = {}
        for r in block.fired[g].nonzero()[0].tolist():
            fired[rules[r]] = fired.get(rules[r], 0) + int(block.fired[g, r])
        start, end = starts[g], ends[g]
        out_facts.append(
            {
                "reading": label,
                "seed": seed,
                "first_player": first,
                "winner": None if row[OUT_WINNER] < 0 else sides[row[OUT_WINNER]],
                "plies": row[OUT_PLY],
                "adjudicated": bool(row[OUT_ADJUDICATED]),
                "end_rule": rules[row[OUT_END_RULE]],
                "setup": _setup_hash(rs, layout, block.cells[g], block.blocked[g]),
                "fired": fired,
                "survival": [(*labels[i], n, end[i]) for i, n in enumerate(start) if n],
            }
        )
    return out_facts


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
