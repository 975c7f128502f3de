"""A reference game's position as kernel state, and the search's playouts from it.

A search hands the kernel a position the reference engine reached: ``ismcts``
its real position once a move (the root of its guessed worlds,
:mod:`.world`), ``openspiel-ismcts`` each leaf of OpenSpiel's tree for its
playouts (:func:`wararchive.kernel.search_playouts`). That is sound only if
the kernel, loaded with the position, plays on exactly as the reference
game would: ``tests/kernel/test_kernel.py`` loads positions from the middle of
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

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.limits import INT64_MAX, SEED_MAX, whole_number
from ..errors import WararchiveError
from . import playout as k, sojamang as soj

if TYPE_CHECKING:
    from ..engine.board_game import BoardGame
    from .playout import Spec, Work


def load(S: Spec, W: Work, game: BoardGame) -> None:
    """Write ``game``'s position (of the ruleset ``S`` was built from, still going on) into ``W``, if :func:`check` passes it."""
    check(S, W, game)
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
    if W.G[k.G_NMOVES] == 0:  # a game going on has a move; without one, the playouts would draw from none forever
        raise _unfit(f"{game.rs.sides[game.to_move]} is to move and has no move, yet the game is not over")


def check(S: Spec, W: Work, game: BoardGame) -> None:
    """Refuse, in one line, a position that ``W``'s arrays cannot hold, before anything of it is written there.

    Compiled code checks no index: a Sõjamäng position with more generals
    than an army has wrote past the table of the reinforcements they may
    call, and the process died of heap corruption. A position a
    reference game reached always fits; one made by ``Ruleset.position``
    (which enforces no army sizes) or edited by hand must have:

    * a game going on, before its ply limit, with side 0 or 1 to move;
    * on each cell a piece type, a side (0 or 1) and a uid, or none of them;
      no more pieces on the board than both armies have (on the map, than
      its army for each side: its move buffer is sized per army);
    * every uid (on the board, fallen, or named by the game's or the hooks'
      state) below the kernel's room for pieces (both armies and eight
      brought in), each piece on one cell or among the fallen, once;
    * in Sõjamäng at most four generals a side (an army's), as many open
      reinforcements, and room left for the piece each general may still
      bring in; the hooks' cells, sides, pieces and rules those of the
      ruleset, their counts 64-bit integers.

    :func:`load` also refuses a position whose side to move has no move
    (the playouts would draw from no moves for ever).
    """
    if game.result is not None:
        raise _unfit("the game is over: the kernel plays on only from a position of a game going on")
    n, types, room, hooks = W.kind.shape[0], S.count.shape[0], W.uid_owner.shape[0], S.P[k.P_HOOKS]
    _number(game.ply, 0, int(S.P[k.P_PLY_LIMIT]) - 1, "the ply (below the ply limit)")
    _number(game.to_move, 0, 1, "the side to move")
    _number(game.turn_plies, 0, int(S.P[k.P_PLY_LIMIT]), "the plies of the turn")
    _number(game.seed, -SEED_MAX, SEED_MAX, "the game's seed")
    for name in ("kind", "owner", "uid", "_blocked"):
        if len(getattr(game, name)) != n:
            raise _unfit(f"game.{name} has {len(getattr(game, name))} cells, the board {n}")
    if [[len(row) for row in rows] for rows in game.enter_by] != [[n] * types] * 2:
        raise _unfit(f"game.enter_by is not a table of {n} cells per side and piece type")
    per_side = [0, 0]
    for c, piece in enumerate(zip(game.kind, game.owner, game.uid, strict=True)):
        if piece != (-1, -1, -1):
            _number(piece[0], 0, types - 1, f"the piece type on cell {c}")
            per_side[_number(piece[1], 0, 1, f"the side on cell {c}")] += 1
            _number(piece[2], 0, room - 1, f"the uid on cell {c}")
    army = int(S.P[k.P_UIDS])
    if sum(per_side) > army or (hooks == k.HOOKS_MAP and max(per_side) > army // 2):
        raise _unfit(f"{per_side[0]} and {per_side[1]} pieces on the board: more than the armies have ({army // 2} a side)")
    for u, t, o, _ in game.removed:
        _number(u, 0, room - 1, "a fallen piece's uid")
        _number(t, 0, types - 1, "a fallen piece's type")
        _number(o, 0, 1, "a fallen piece's side")
    pieces = [u for u in game.uid if u >= 0] + [u for u, *_ in game.removed]
    if len(set(pieces)) != len(pieces):
        raise _unfit("a uid stands for two pieces (on the board or among the fallen)")
    for u, o in game.uid_owner.items():
        _number(u, 0, room - 1, "a uid of game.uid_owner")
        _number(o, 0, 1, "a side of game.uid_owner")
    for name, uids in (("last_from", game.last_from), ("moved", game.moved), ("turn_moved", game.turn_moved)):
        _uids(W, f"game.{name}", uids, lo=-1)  # -1: a move from an empty square (Sõjamäng's deserter, reinforcements)
    _cells(W, "game.last_from", game.last_from.values())
    _uids(W, "game._frozen", game._frozen)
    _uids(W, "game._known", [*game._known[0], *game._known[1]])
    if len(game.turn_moved) > k.G_SIZE - k.G_TURN:
        raise _unfit(f"{len(game.turn_moved)} pieces moved this turn: the kernel keeps at most {k.G_SIZE - k.G_TURN}")
    if hooks == k.HOOKS_MAP:
        _check_map_state(S, W, game.hook_state)
    elif hooks == k.HOOKS_SOJ:
        _check_sojamang_state(S, W, game)


def _check_map_state(S: Spec, W: Work, state: Any) -> None:
    """The map game's hook state: the uids withdrawn and gassed, and each gas cloud a centre's cloud (:func:`_load_map_state`)."""
    _uids(W, "the pieces withdrawn", state.redeployed)
    for side in (0, 1):
        _uids(W, "the pieces caught by gas", state.gassed[side])
        for cloud in state.gassed[side].values():
            _cells(W, "a gas cloud", cloud)
            if _centre(S, cloud) is None:
                raise _unfit(f"a gas cloud of {len(cloud)} points is no point's cloud (a point and its neighbours)")


def _check_sojamang_state(S: Spec, W: Work, game: BoardGame) -> None:
    """Sõjamäng's hook state: its uids, cells, sides, pieces and rules in range, and no more generals than an army's."""
    st, T, room = game.hook_state, game.rs.type_index, W.uid_owner.shape[0]
    rules = {f"soj.{r}" for r in soj.RULE_IDS}
    for what, uids in (
        ("mines' charges", st.charges),
        ("lowered pieces", st.lowered),
        ("sappers", st.sapper),
        ("spent weapons", st.used),
        ("reinforcements used", st.reinforce_used),
        ("signal posts", st.post_home),
        ("major generals", st.mg_no),
        ("nailed pieces", st.nailed_by),
        ("cabarets", st.nailed_by.values()),
        ("arrests", st.arrest),
        ("arrests", st.arrest_ply),
        ("promotions due", [u for _, u, _, _ in st.pending]),
        ("neighbours", [*st.neighbours[0], *st.neighbours[1]]),
        ("aviators away", [away[0] for away in st.away if away is not None]),
    ):
        _uids(W, f"the {what}", uids)
    _sides("the signal posts' armies", st.post_home.values())
    _sides("the promotions' sides", [side for side, _, _, _ in st.pending])
    if any(piece not in T for _, _, piece, _ in st.pending) or any(why not in rules for _, _, _, why in st.pending):
        raise _unfit("a promotion due names a piece or a rule Sõjamäng does not have")
    if len(st.pending) > W.pend.shape[0]:
        raise _unfit(f"{len(st.pending)} promotions due: the kernel keeps at most {W.pend.shape[0]}")
    if st.rescue_choice and st.rescue_choice not in T:
        raise _unfit(f"the rescue's rank {st.rescue_choice!r} is no piece of Sõjamäng")
    _cells(W, "the aviators' squares", [away[1] for away in st.away if away is not None])
    _cells(W, "the flags' squares", [c for c in st.flag_cell if c != -1])
    _number(st.n_removed, 0, len(game.removed), "the fallen counted by the hooks")
    for n in (*st.charges.values(), *st.lowered.values(), *st.mg_no.values(), *st.arrest.values(), *st.arrest_ply.values()):
        _number(n, -INT64_MAX, INT64_MAX, "a number of the hooks' state (charges, levels, arrests)")
    for n in (*st.own_moves, *st.rearrange, *game._bonus_plies, st.collisions, st.last_loss):
        _number(n, -INT64_MAX, INT64_MAX, "a count of the hooks' state (moves, rearrangements, plies owed, collisions)")
    most = W.ropen.shape[1]  # the army's generals: general, lieutenant general, two major generals
    on_board = [sum(1 for c, o in enumerate(game.owner) if o == side and S.ttab[game.kind[c], soj.TT_GENERAL]) for side in (0, 1)]
    for side, name in enumerate(game.rs.sides):
        _uids(W, f"{name}'s generals", st.generals[side])
        _uids(W, f"{name}'s open reinforcements", [gu for gu, _ in st.reinforce_open[side]])
        if any(piece not in T for _, piece in st.reinforce_open[side]):
            raise _unfit(f"an open reinforcement of {name} names a piece Sõjamäng does not have")
        count = max(on_board[side], len(st.generals[side]), len(st.reinforce_open[side]))
        if count > most:
            raise _unfit(
                f"{name} has {count} generals (or reinforcements open): the kernel holds at most {most} a side, an army's"
            )
    # each general not yet reinforced may bring one piece in, on the uid above every uid so far (BoardGame.add_piece)
    due = sum(1 for c, u in enumerate(game.uid) if u >= 0 and S.ttab[game.kind[c], soj.TT_GENERAL] and u not in st.reinforce_used)
    top = max(game.uid_owner, default=-1) + 1
    if top + due > room:
        raise _unfit(f"no room for the pieces the generals may bring in: uids up to {top - 1}, {due} to come, room for {room}")


def _number(value: object, lo: int, hi: int, what: str) -> int:
    """:func:`~wararchive.engine.limits.whole_number`, said of the position."""
    try:
        return whole_number(value, lo, hi, what)
    except WararchiveError as exc:
        raise _unfit(str(exc)) from None


def _uids(W: Work, what: str, uids: Iterable[object], lo: int = 0) -> None:
    """Each of ``uids`` a piece the kernel has room for (or from ``lo``: -1 stands for no piece where the engine writes it)."""
    for u in uids:
        _number(u, lo, W.uid_owner.shape[0] - 1, f"a uid of {what}")


def _cells(W: Work, what: str, cells: Iterable[object]) -> None:
    """Each of ``cells`` a cell of the board."""
    for c in cells:
        _number(c, 0, W.kind.shape[0] - 1, f"a cell of {what}")


def _sides(what: str, sides: Iterable[object]) -> None:
    for side in sides:
        _number(side, 0, 1, what)


def _unfit(problem: str) -> WararchiveError:
    """The one-line refusal of a position, for the caller to raise."""
    return WararchiveError(f"this position does not fit the kernel: {problem}")


def _centre(S: Spec, cloud: frozenset[int]) -> int | None:
    """The point whose cloud (it and its neighbours) ``cloud`` is, or None."""
    return next((c for c in cloud if {c, *np.flatnonzero(S.near[c]).tolist()} == cloud), None)


def _load_map_state(S: Spec, W: Work, state) -> None:
    """The map game's hook state (``FinnishFrontState``): the pieces withdrawn, and those caught by gas with their cloud.

    The kernel keeps a cloud as its centre (``W.gas_at``); any point whose
    point and neighbours are the cloud's points is one (the test for a loss
    reads the set, never the centre itself).
    """
    W.redeployed[list(state.redeployed)] = True
    for side in (0, 1):
        for u, cloud in state.gassed[side].items():
            W.gas_at[u] = _centre(S, cloud)
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
        sg[soj.SG_TURN_REM + s] = st.turn_removed[s]
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
