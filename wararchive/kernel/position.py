"""A reference game's position as kernel state, for the search's playouts.

A search plays its guessed worlds on the reference engine as far as its
tree reaches and hands each one here for the playout (``ismcts``). That is
sound only if the kernel, loaded with the position, plays on exactly as the
reference game would: ``tests/test_kernel.py`` loads positions from the
middle of reference games and checks that the kernel's continuation with
seeded players is the reference game's, move for move.

Everything the covered rulesets' moves depend on is carried over: the
pieces and their owners and uids, the blocked squares (water, Spionaaž's
volcanoes: the rulesets' only hook state), which pieces were seen to move,
moved this turn or may not go back, what each side has been shown, and the
turn's count of plies. The kernel's event log starts empty: a playout is
judged by its end, not by its story.

Python sets the position up, once per leaf, and the compiled playouts and
their scores follow in one call: the longer or more numerous a leaf's
playouts, the more of the search's time the kernel saves
(``benchmarks/search.py`` measures both).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import playout as k

if TYPE_CHECKING:
    from ..engine.board_game import BoardGame
    from .playout import Spec, Work


def load(S: Spec, W: Work, game: BoardGame) -> None:
    """Write ``game``'s position (of the ruleset ``S`` was built from, still going on) into ``W``."""
    assert game.result is None and not game.created and not game._frozen, "not a position of a covered ruleset"
    W.G[:] = 0
    W.G[k.G_WINNER] = W.G[k.G_END_RULE] = W.G[k.G_LAST0] = W.G[k.G_LAST1] = -1
    W.G[k.G_PLY], W.G[k.G_TO_MOVE], W.G[k.G_TURN_PLIES] = game.ply, game.to_move, game.turn_plies
    W.kind[:], W.owner[:], W.uid[:] = game.kind, game.owner, game.uid
    W.enter[:] = np.frombuffer(game._blocked, np.uint8) == 0
    W.uid_owner[:] = -1
    W.uid_kind[:] = -1
    on_board = W.uid >= 0
    W.uid_owner[W.uid[on_board]] = W.owner[on_board]
    W.uid_kind[W.uid[on_board]] = W.kind[on_board]
    for u, t, o, _ in game.removed:
        W.uid_owner[u], W.uid_kind[u] = o, t
    W.last_from[:] = -1
    for u, c in game.last_from.items():
        W.last_from[u] = c
        if S.P[k.P_NO_RETURN] == k.NO_RETURN_PLAYER:  # the one piece of each side that may not go back
            W.G[k.G_LAST0 + game.uid_owner[u]] = u
    W.turn_moved[:] = False
    for i, u in enumerate(game.turn_moved):
        W.turn_moved[u] = True
        W.G[k.G_TURN + i] = u
    W.G[k.G_NTURN] = len(game.turn_moved)
    W.moved[:] = False
    W.moved[list(game.moved)] = True
    W.known[:] = False
    for side in (0, 1):
        W.known[side, list(game._known[side])] = True
    W.mark[:] = 0
    k.resume(S, W)


def playouts(
    S: Spec, W0: Work, W: Work, game: BoardGame, plies: int, stream: np.ndarray, me: int, advance: float, out: np.ndarray
) -> None:
    """:func:`.playout.playouts` from ``game``'s position (loaded into ``W0``, played in ``W``), drawing from ``stream``."""
    load(S, W0, game)
    k.playouts(S, W0, W, plies, stream, me, advance, out)
