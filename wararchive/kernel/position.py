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
gas), Sõjamäng's (its hooks' ``State``: charges, nailed and arrested
pieces, promotions due, reinforcements open…, with the pieces held, the
squares barred to a side's piece, the pieces brought in and the plies
owed), which pieces were seen to move,
moved this turn or may not go back, what each side has been shown, and the
turn's count of plies. The kernel's event log starts empty: a playout is
judged by its end, not by its story.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import playout as k, sojamang as soj

if TYPE_CHECKING:
    from ..engine.board_game import BoardGame
    from .playout import Spec, Work


def load(S: Spec, W: Work, game: BoardGame) -> None:
    """Write ``game``'s position (of the ruleset ``S`` was built from, still going on) into ``W``."""
    assert game.result is None, "not a position of a game going on"
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
    W.frozen[list(game._frozen)] = True
    W.enter_by[:] = np.array([[np.frombuffer(row, np.uint8) for row in rows] for rows in game.enter_by]) != 0
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
    elif S.P[k.P_HOOKS] == k.HOOKS_SOJ:
        _load_sojamang_state(W, game)
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


def _load_sojamang_state(W: Work, game: BoardGame) -> None:
    """Sõjamäng's hook state (``State``) and the plies owed, as :mod:`.sojamang` keeps them (its ``SU_*`` and ``SG_*``).

    Dicts the hooks walk in insertion order (nailed pieces, arrests) get
    sequence numbers in that order. Between plies there is no armed attack,
    reconnaissance or rescue under way, and the event log starts empty.
    """
    st, T, su, sg = game.hook_state, game.rs.type_index, W.su, W.sg
    rule = {f"soj.{r}": i for i, r in enumerate(soj.RULE_IDS)}
    su[:, :] = 0
    su[:, [soj.SU_POST_HOME, soj.SU_NAILED, soj.SU_NAILED_BY]] = -1
    su[:, soj.SU_CHARGES] = 3
    sg[:] = 0
    sg[soj.SG_SEED] = game.seed
    sg[soj.SG_W_UID] = sg[soj.SG_RECON] = -1
    sg[soj.SG_RESCUE] = T[st.rescue_choice] if st.rescue_choice else -1
    for u, n in st.charges.items():
        su[u, soj.SU_CHARGES] = n
    for u, n in st.lowered.items():
        su[u, soj.SU_LOWERED] = n
    sg[soj.SG_NLOWERED] = len(st.lowered)
    su[list(st.sapper), soj.SU_SAPPER] = 1
    su[list(st.used), soj.SU_USED] = 1
    su[list(st.reinforce_used), soj.SU_REINF_USED] = 1
    for u, side in st.post_home.items():
        su[u, soj.SU_POST_HOME] = side
    for u, n in st.mg_no.items():
        su[u, soj.SU_MG_NO] = n
    for seq, (nu, cu) in enumerate(st.nailed_by.items(), 1):
        su[nu, soj.SU_NAILED_BY], su[cu, soj.SU_NAILED], su[nu, soj.SU_NAIL_SEQ] = cu, nu, seq
    sg[soj.SG_NNAILED] = len(st.nailed_by)
    for seq, (u, n) in enumerate(st.arrest.items(), len(st.nailed_by) + 1):
        su[u, soj.SU_ARREST], su[u, soj.SU_ARREST_SEQ] = n, seq
        su[u, soj.SU_ARREST_PLY] = st.arrest_ply.get(u, 0)
    sg[soj.SG_NARREST] = sum(1 for n in st.arrest.values() if n > 0)
    sg[soj.SG_SEQ] = len(st.nailed_by) + len(st.arrest)
    for i, (side, u, piece, why) in enumerate(st.pending):
        W.pend[i] = side, u, T[piece], rule[why]
    sg[soj.SG_NPEND] = len(st.pending)
    for s in (0, 1):
        sg[soj.SG_NOPOST + s], sg[soj.SG_OWN + s], sg[soj.SG_DESERTED + s] = st.no_post[s], st.own_moves[s], st.deserted[s]
        sg[soj.SG_AWAY_U + s], sg[soj.SG_AWAY_C + s] = st.away[s] if st.away[s] is not None else (-1, -1)
        sg[soj.SG_NDONE + s], sg[soj.SG_FLAG + s] = st.neighbours_done[s], st.flag_cell[s]
        sg[soj.SG_REARR + s], sg[soj.SG_REARR_DUE + s] = st.rearrange[s], st.rearrange_due[s]
        sg[soj.SG_BONUS + s] = game._bonus_plies[s]
        su[list(st.neighbours[s]), soj.SU_NEIGH0 + s] = 1
        su[list(st.generals[s]), soj.SU_GENERAL] = 1
        sg[soj.SG_NGEN + s] = len(st.generals[s])
        for i, (gu, piece) in enumerate(st.reinforce_open[s]):
            W.ropen[s, i] = gu, T[piece]
        sg[soj.SG_NROPEN + s] = len(st.reinforce_open[s])
    sg[soj.SG_COLLISIONS], sg[soj.SG_NREMOVED], sg[soj.SG_LAST_LOSS] = st.collisions, st.n_removed, st.last_loss
    sg[soj.SG_DIRTY] = st.dirty
    sg[soj.SG_NEXT_UID] = max(game.uid_owner) + 1


def playouts(
    S: Spec, W0: Work, W: Work, count: int, plies: int, stream: np.ndarray, me: int, advance: float
) -> list[tuple[bool, int, float]]:
    """``count`` runs of :func:`.playout.playouts` from the position in ``W0`` (played in ``W``), drawing from ``stream``.

    Per playout: (over, winner's side or -1, the material and advance balance for ``me``).
    """
    out = np.zeros((count, 3))
    k.playouts(S, W0, W, plies, stream, me, advance, out)
    return [(bool(over), int(winner), balance) for over, winner, balance in out.tolist()]
