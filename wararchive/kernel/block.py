"""Many games in one compiled call, read back as arrays: the throughput path of studies and benchmarks.

:func:`wararchive.kernel.play` builds a whole
:class:`~wararchive.kernel.game.KernelGame` per game (its moves, events and
record), which is what a reader replaying one game wants and what cost
most of a study's time. :func:`wararchive.kernel.play_block` plays the
kernel's own compiled game (:func:`.playout.play`) for every seed of a block
in one compiled call (:func:`.playout.play_block`) into a :class:`Block`,
keeping after each game only what a study reads of it: the result, how often each rule fired, the armies at the start
and the end, and the starting board. The game played is the kernel's for
that seed, so every fact is the one ``kernel.play`` (and the reference
engine) gives; ``tests/study/test_blocks.py`` checks it against the
game-by-game path. :func:`wararchive.kernel.play_many` is a block's first
three columns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import playout

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset

_KEYS_MAX = 1 << 16  # seeds whose keys a process keeps, lest a long run grow without bound


class Block:
    """A block's facts as arrays, one row per seed (filled by :func:`.playout.play_block`)."""

    def __init__(self, seeds: list[int], cells: int, rules: int, types: int):
        g = len(seeds)
        self.seeds = seeds
        self.out = np.zeros((g, playout.OUT_WIDTH), np.int64)  # plies, winner, end rule, adjudicated, setup failed
        self.fired = np.zeros((g, rules), np.int64)  # per rule (the ruleset's order): times it fired
        self.start = np.zeros((g, 2, types), np.int64)  # per side and piece type: pieces at the start
        self.end = np.zeros((g, 2, types), np.int64)  # … and at the end
        self.cells = np.zeros((g, 3, cells), np.int64)  # the board at the start: kind, owner, uid per cell
        self.blocked = np.full((g, cells), -1, np.int64)  # cells the preparation blocked, then -1s


_KEYS: dict[tuple, np.ndarray] = {}  # (ruleset id, sides, seed) → the game's seed keys: every reading of a seed shares them


def keys_of(rs: Ruleset, seed: int) -> np.ndarray:
    """:func:`.mt.game_keys` of a game, kept: five SHA-512s a game were a tenth of a study's time."""
    from .mt import game_keys

    key = (rs.id, tuple(rs.sides), seed)
    if (known := _KEYS.get(key)) is None:
        if len(_KEYS) >= _KEYS_MAX:
            _KEYS.clear()
        known = _KEYS[key] = game_keys(rs.id, tuple(rs.sides), seed)
    return known
