"""A search's guessed worlds on the kernel: the real position loaded once, and the buffers its worlds are played in.

A search that guesses hidden ranks (``ismcts``) needs, every iteration, a
fresh world: the real position with every hidden enemy rank replaced by a
guess, in which its tree then plays moves and its playouts run. On the
reference engine that is a ``game.clone()`` with the guesses written in.
Here the real position is loaded once per search into ``root``; each world
is that array state copied into ``buffer`` (:func:`.playout.restore`) with
the guesses written over the hidden ranks, and its playouts run in
``scratch``, all inside the compiled search
(:mod:`wararchive.players.ismcts_compiled`). The true ranks of the
enemy's hidden pieces are in the loaded root, so every hidden piece must
be given a guess (the search's guesser gives one to each, on either
engine).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .position import load

if TYPE_CHECKING:
    from ..engine.board_game import BoardGame
    from .playout import Spec, Work


class Worlds:
    """The real position of ``game``, loaded once into ``root``; worlds are made in ``buffer``, played out in ``scratch``."""

    def __init__(self, S: Spec, root: Work, buffer: Work, scratch: Work, game: BoardGame):
        load(S, root, game)
        self.S, self.root, self.buffer, self.scratch = S, root, buffer, scratch
        self.cells = len(game.kind)
