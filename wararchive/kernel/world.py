"""A search's guessed worlds on the kernel: the real position loaded once, each world a copy with guessed ranks.

A search that guesses hidden ranks (``ismcts``) needs, every iteration, a
fresh world: the real position with every hidden enemy rank replaced by a
guess, in which its tree then plays moves and its playouts run. On the
reference engine that is a ``game.clone()`` with the guesses written in.
Here the real position is loaded once per search (:class:`Worlds`), and a
world is that array state copied (compiled) with the guesses written over
the hidden ranks (:meth:`Worlds.world`); the true ranks of the enemy's
hidden pieces are in the loaded root, so every hidden piece must be given a
guess (the search's guesser gives one to each, on either engine).

A :class:`World` answers what the search asks of a reference game
(``to_move``, ``result``, ``legal_moves()``, ``play(move)``) with moves as
integer codes (``frm * cells + to``: cheap to hash), in the reference
engine's order of legal moves, and its playouts (:meth:`World.playouts`)
run from it without loading anything. ``tests/test_kernel.py`` checks that
the search chooses the same moves on either engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import playout as k
from .position import load, playouts

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..engine.board_game import BoardGame
    from .playout import Spec, Work


class Worlds:
    """The real position of ``game``, loaded once into ``root``; worlds are made in ``world``, played out in ``scratch``."""

    def __init__(self, S: Spec, root: Work, world: Work, scratch: Work, game: BoardGame):
        load(S, root, game)
        self.S, self.root, self.buffer, self.scratch = S, root, world, scratch
        self.rs, self.cells = game.rs, len(game.kind)

    def world(self, guesses: dict[int, int], gone: Sequence[tuple[int, int]]) -> World:
        """A fresh world: the root with ``guesses`` (cell → rank) on the board and ``gone`` ((uid, rank)) among the removed.

        The legal moves are the root's: they are the mover's, and the
        guesses change only the enemy's ranks.
        """
        W = self.buffer
        k.restore(self.root, W)
        if guesses:
            cells = np.fromiter(guesses.keys(), np.int64, len(guesses))
            kinds = np.fromiter(guesses.values(), np.int64, len(guesses))
            W.kind[cells] = kinds
            W.uid_kind[W.uid[cells]] = kinds
        for u, t in gone:
            W.uid_kind[u] = t
        return World(self)


class World:
    """One guessed world in the kernel's buffer, read and played as the search reads and plays a reference game."""

    def __init__(self, worlds: Worlds):
        self._worlds, self._W = worlds, worlds.buffer
        self.rs = worlds.rs

    @property
    def to_move(self) -> int:
        return int(self._W.G[k.G_TO_MOVE])

    @property
    def result(self) -> dict[str, Any] | None:
        """None while the world goes on, else its ``winner`` (a side, or None for a draw), as a game's result gives it."""
        if not self._W.G[k.G_OVER]:
            return None
        winner = int(self._W.G[k.G_WINNER])
        return {"winner": None if winner < 0 else self.rs.sides[winner]}

    def legal_moves(self) -> list[int]:
        """The legal moves, as codes ``frm * cells + to``, in the reference engine's order."""
        W = self._W
        moves = W.buf[: W.G[k.G_NMOVES]]
        return (moves[:, 0] * self._worlds.cells + moves[:, 1]).tolist()

    def play(self, move: int) -> None:
        frm, to = divmod(move, self._worlds.cells)
        k.play_move(self._worlds.S, self._W, frm, to)

    def playouts(self, count: int, plies: int, stream: np.ndarray, me: int, advance: float) -> list[tuple[bool, int, float]]:
        """:func:`.playout.playouts` from this world (played in the scratch buffer: the world itself is left as it is)."""
        worlds = self._worlds
        return playouts(worlds.S, self._W, worlds.scratch, count, plies, stream, me, advance)
