"""A reference game's position as kernel state, and the search's playouts from it.

A search hands the kernel a position the reference engine reached: ``ismcts``
its real position once a move (the root of its guessed worlds,
:mod:`.world`), ``openspiel-ismcts`` each leaf of OpenSpiel's tree for its
playouts (:func:`wararchive.kernel.search_playouts`). That is sound only if
the kernel, loaded with the position, plays on exactly as the reference
game would: ``tests/test_kernel.py`` loads positions from the middle of
reference games and checks that the kernel's continuation with seeded
players is the reference game's, move for move.

Everything the covered rulesets' moves depend on is carried over: the
pieces and their owners and uids, the blocked squares (water, Spionaaž's
volcanoes), the map game's hook state (pieces withdrawn, pieces caught by
gas), which pieces were seen to move,
moved this turn or may not go back, what each side has been shown, and the
turn's count of plies. The kernel's event log starts empty: a playout is
judged by its end, not by its story.
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
    for i, (u, t, o, _) in enumerate(game.removed):
        W.uid_owner[u], W.uid_kind[u] = o, t
        W.rem[i] = u
    W.G[k.G_NREMOVED] = len(game.removed)
    W.frozen[:] = False
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
    W.cmark[:] = 0
    W.redeployed[:] = False
    W.gas_at[:] = -1
    if S.P[k.P_HOOKS] == k.HOOKS_MAP:
        _load_map_state(S, W, game.hook_state)
    k.resume(S, W)


def _load_map_state(S: Spec, W: Work, state) -> None:
    """The map game's hook state (``FinnishFrontState``): the pieces withdrawn, and those caught by gas with their cloud.

    The kernel keeps a cloud as its centre (``W.gas_at``); any point whose
    point and neighbours are the cloud's points is one (the test for a loss
    reads the set, never the centre itself).
    """
    W.redeployed[list(state.redeployed)] = True
    for side in (0, 1):
        for u, cloud in state.gassed[side].items():
            W.gas_at[u] = next(c for c in cloud if {c, *np.flatnonzero(S.near[c]).tolist()} == cloud)
        W.G[k.G_GASSED + side] = len(state.gassed[side])


def playouts(
    S: Spec, W0: Work, W: Work, count: int, plies: int, stream: np.ndarray, me: int, advance: float
) -> list[tuple[bool, int, float]]:
    """``count`` runs of :func:`.playout.playouts` from the position in ``W0`` (played in ``W``), drawing from ``stream``.

    Per playout: (over, winner's side or -1, the material and advance balance for ``me``).
    """
    out = np.zeros((count, 3))
    k.playouts(S, W0, W, plies, stream, me, advance, out)
    return [(bool(over), int(winner), balance) for over, winner, balance in out.tolist()]
