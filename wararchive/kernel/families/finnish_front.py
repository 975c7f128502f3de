"""The Finnish map game's hooks (:class:`~wararchive.rulesets.finnish_front.FinnishFrontHooks`), compiled.

The map is a point board whose every move its hooks make (:func:`moves`,
:func:`perform`): a move there is a row (from, to, action, target), as the
engine's ``Move``, and the hooks' state (pieces withdrawn for
redeployment, pieces caught by gas) is ``W.redeployed`` and ``W.gas_at``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from .. import arrays
from ..layout import (
    ACT_ATTACK,
    ACT_ENTER,
    ACT_PLAIN,
    ACT_RECON,
    ACT_REDEPLOY,
    ACT_WITHDRAW,
    E_GAS,
    E_NOTE,
    G_AUX,
    G_CSTAMP,
    G_GASSED,
    G_NMOVES,
    G_OVER,
    G_STRUCK,
    L_CELL0,
    L_CELL1,
    L_COUNT,
    L_GAS_CELL,
    L_GAS_SIDE,
    L_N_SIDE,
    L_NOTE,
    L_OFFSET,
    LINE_FLYER,
    LINE_STEP,
    LINE_TRAIN,
    N_ENTER,
    N_GAS_LOST,
    N_REDEPLOY,
    N_REVEAL,
    N_WITHDRAW,
    P_FLYER_BLOCKED,
    P_FORWARD_ONLY,
    P_GAS_WIDE,
    P_MAP_FLYER,
    P_MAP_GAS,
    P_NO_LANDING0,
    P_NO_LANDING1,
    P_OWN_AREA,
    P_PLY_LIMIT,
    P_R_ASK,
    P_R_GAS,
    P_R_GAS_LOST,
    P_R_GAS_SEEN,
    P_R_RECON,
    P_R_REDEPLOY,
    P_R_RESERVE,
    P_R_STRATEGIC,
    P_REVEAL_BOTH,
    P_SAME_MOVE,
    P_TWO_MOVES,
    P_UIDS,
    PERFORMED,
    _add,
    _finish,
    _log,
    _relocate,
    _remove,
    copy_into,
    reveal,
)
from ..mt import LEAF, inner
from .base import Family

if TYPE_CHECKING:
    from ...engine.board_game import BoardGame
    from ...engine.ruleset import Ruleset
    from ..layout import Spec, Work

TABLES = ("nbr", "strike", "adj", "rays", "line", "steps", "hold", "holder", "strat", "strat_of", "area", "bordered")
"""Its fields of :class:`~wararchive.kernel.layout.Spec`, in :func:`_tables`' order."""


class FinnishFront(Family):
    """The family of ``FinnishFrontHooks``."""

    name = "map"
    point_board = True
    entry_tables = True
    army_per_side = True
    combat_modes = ("named",)

    def params(self, rs: Ruleset, P: np.ndarray, rule_index: dict[str, int]) -> None:
        hooks = rs.hooks
        P[P_MAP_GAS], P[P_MAP_FLYER] = hooks.gas, hooks.flyer
        P[P_SAME_MOVE], P[P_TWO_MOVES], P[P_GAS_WIDE] = hooks.same_move, hooks.two_moves, hooks.gas_wide
        P[P_FLYER_BLOCKED], P[P_FORWARD_ONLY] = hooks.flyer_blocked, hooks.forward_only
        P[P_OWN_AREA] = rs.options["reserve_entry"] == "own-area"
        P[P_REVEAL_BOTH] = rs.options["combat_reveal"] == "both"
        P[P_NO_LANDING0], P[P_NO_LANDING1] = hooks.no_landing
        for slot, rid in (
            (P_R_ASK, "ask-arm"),
            (P_R_RECON, "flyer-recon"),
            (P_R_RESERVE, "reserve"),
            (P_R_REDEPLOY, "redeploy"),
            (P_R_GAS_SEEN, "gas-seen"),
            (P_R_GAS, "gas"),
            (P_R_GAS_LOST, "gas-withdraw"),
            (P_R_STRATEGIC, "win-strategic"),
        ):
            P[slot] = rule_index[f"ff.{rid}"]

    def tables(self, rs: Ruleset, rule_index: dict[str, int]) -> dict[str, np.ndarray]:
        return dict(zip(TABLES, _tables(rs), strict=True))

    def empty_tables(self, types: int, cells: int) -> dict[str, np.ndarray]:
        return dict(zip(TABLES, _empty(types, cells), strict=True))

    def buffers(self, S: Spec) -> tuple[int, int, int]:
        n, u, limit = S.step.shape[1], int(S.P[P_UIDS]), int(S.P[P_PLY_LIMIT])
        # a piece's moves: at most every point, a strike from each (and from where it stands) and a look from each
        rows = u // 2 * (n + 2) * (2 * S.nbr.shape[1] + 2)
        # a ply logs a combat, three reveals, a note, a gas cloud, its losses and the end; a cloud catches up to nbr cells
        return rows, (8 + S.nbr.shape[1]) * limit + 8, 2 * u + n + S.nbr.shape[1] * limit

    def check_state(self, S: Spec, W: Work, game: BoardGame) -> None:
        """The map game's hook state: the uids withdrawn and gassed, and each gas cloud a centre's cloud (:meth:`load_state`)."""
        arrays.uids(W, "the pieces withdrawn", game.hook_state.redeployed)
        for side in (0, 1):
            arrays.uids(W, "the pieces caught by gas", game.hook_state.gassed[side])
            for cloud in game.hook_state.gassed[side].values():
                arrays.cells(W, "a gas cloud", cloud)
                if _centre(S, cloud) is None:
                    raise arrays.unfit(f"a gas cloud of {len(cloud)} points is no point's cloud (a point and its neighbours)")

    def load_state(self, S: Spec, W: Work, game: BoardGame) -> None:
        """The map game's hook state (``FinnishFrontState``): the pieces withdrawn, and those caught by gas with their cloud.

        The kernel keeps a cloud as its centre (``W.gas_at``); any point whose
        point and neighbours are the cloud's points is one (the test for a loss
        reads the set, never the centre itself).
        """
        W.redeployed[:] = False
        W.gas_at[:] = -1
        W.cmark[:] = 0
        W.redeployed[list(game.hook_state.redeployed)] = True
        for side in (0, 1):
            for u, cloud in game.hook_state.gassed[side].items():
                W.gas_at[u] = _centre(S, cloud)
            W.G[G_GASSED + side] = len(game.hook_state.gassed[side])


def _tables(rs: Ruleset) -> tuple[np.ndarray, ...]:
    """The map game's tables, read from its hooks (``FinnishFrontHooks``), which build them for the reference engine.

    In :class:`~wararchive.kernel.layout.Spec`'s order: the neighbours (in the links'
    order), the neighbours each side may strike, the stepping pieces'
    adjacency per side and type, the flyers' and trains' rays per side and
    type, each type's line (``LINE_*``) and steps, the holding points and
    the side each belongs to, the strategic points (listed, and as a table
    per side), the areas reserves may enter, and the types gas catches.
    """
    assert rs.board is not None
    hooks, n, T, sides = rs.hooks, len(rs.board), len(rs.piece_types), (0, 1)
    nbr = arrays.padded([list(hooks.near[c]) for c in range(n)])
    strike = np.stack([arrays.padded([list(hooks.strikable[p][c]) for c in range(n)], nbr.shape[1]) for p in sides])
    line = np.array([{"flyer": LINE_FLYER, "train": LINE_TRAIN}.get(kind, LINE_STEP) for kind in hooks.kind_of], np.int64)
    adj = np.full((2, T, n, nbr.shape[1]), -1, np.int64)
    rays = np.full((2, T, n, max(len(rays) for table in hooks.rays.values() for rays in table), n), -1, np.int64)
    for p in sides:
        for t, kind in enumerate(hooks.kind_of):
            for c in range(n):
                if line[t] == LINE_STEP:
                    adj[p, t, c, : len(hooks.adj[(kind, p)][c])] = hooks.adj[(kind, p)][c]
                else:
                    for r, ray in enumerate(hooks.rays[(kind, p)][c]):
                        rays[p, t, c, r, : len(ray)] = ray
    holder = np.full(n, -1, np.int64)
    strat_of = np.zeros((2, n), np.bool_)
    for p in sides:
        holder[list(hooks.holding[p])] = p
        strat_of[p, list(hooks.strategic[p])] = True
    return (
        nbr,
        strike,
        adj,
        rays,
        line,
        np.array(hooks.steps, np.int64),
        arrays.padded([list(cells) for cells in hooks.holding]),
        holder,
        arrays.padded([list(cells) for cells in hooks.strategic]),
        strat_of,
        arrays.padded([list(cells) for cells in hooks.area]),
        np.array([t in hooks.blue_bordered for t in range(T)], np.bool_),
    )


def _empty(T: int, n: int) -> tuple[np.ndarray, ...]:
    """:func:`_tables`' arrays for a game on squares (no kernel code reads them there): of the same kinds, empty."""
    none = np.full((2, 1), -1, np.int64)
    return (
        np.full((n, 1), -1, np.int64),
        np.full((2, n, 1), -1, np.int64),
        np.full((2, T, n, 1), -1, np.int64),
        np.full((2, T, n, 1, 1), -1, np.int64),
        np.zeros(T, np.int64),
        np.zeros(T, np.int64),
        none,
        np.full(n, -1, np.int64),
        none,
        np.zeros((2, n), np.bool_),
        none,
        np.zeros(T, np.bool_),
    )


def _centre(S: Spec, cloud: frozenset[int]) -> int | None:
    """The point whose cloud (it and its neighbours) ``cloud`` is, or None."""
    return next((c for c in cloud if {c, *np.flatnonzero(S.near[c]).tolist()} == cloud), None)


# -- the hooks, compiled --------------------------------------------------------------------------
@njit(**LEAF, inline="always")
def begin(S, W) -> None:
    """FinnishFrontHooks.new_state and begin: nobody withdrawn or gassed; a gas command on the map is known to the enemy."""
    W.gas_at[:] = -1
    W.redeployed[:] = False
    W.cmark[:] = 0
    for s in range(2):
        for c in range(W.kind.shape[0]):
            if W.owner[c] == s:
                _show_gas(S, W, c, s)


@inner(LEAF)
def moves(S, W, p: int) -> int:
    """FinnishFrontHooks.extra_moves for side ``p`` into ``W.buf`` (a point board's every move); returns how many.

    In the hooks' order: each piece by its point (ascending), a held
    piece's entries, else its moves, its strikes (from where it stands and,
    with ``attack_timing`` "same-move", from every point it may reach), a
    flyer's looks, and a strategic point's withdrawal or redeployments.
    """
    P, owner, kind = S.P, W.owner, W.kind
    gas, flyer, e = P[P_MAP_GAS], P[P_MAP_FLYER], 1 - p
    closed = W.closed  # closed_to: the points the enemy's gas closes to p's pieces other than flyers
    closed[:] = False
    for c in range(owner.shape[0]):
        if owner[c] == e and kind[c] == gas and S.holder[c] != e:
            closed[c] = True
            if P[P_GAS_WIDE]:
                for x in S.nbr[c]:
                    if x < 0:
                        break
                    closed[x] = True
    free_hold = -1
    for h in S.hold[p]:
        if h >= 0 and owner[h] < 0:
            free_hold = h
            break
    n = 0
    for c in range(owner.shape[0]):
        if owner[c] != p:
            continue
        t = kind[c]
        if S.holder[c] == p:  # entry_points: a reserve into its area (or a strategic point), a redeployed piece onto one
            cells = S.area[p] if P[P_OWN_AREA] and not W.redeployed[W.uid[c]] else S.strat[p]
            for x in cells:
                if x < 0:
                    break
                if owner[x] < 0 and S.enter_t[t, x]:
                    n = _add(W, n, c, x, ACT_ENTER, -1)
            continue
        start = n
        n = _reach(S, W, c, p, t, n)
        reached = n
        if t != gas:  # the gas command strikes with gas alone
            is_flyer = t == flyer
            for k in range(start - 1, reached if P[P_SAME_MOVE] else start):
                d = c if k < start else W.buf[k, 1]
                targets = S.nbr[d] if is_flyer else S.strike[p, d]
                for x in targets:
                    if x < 0:
                        break
                    if owner[x] == e and (is_flyer or kind[x] != gas):
                        n = _add(W, n, c, d, ACT_ATTACK, x)
            if is_flyer:
                for k in range(start, reached):
                    d = W.buf[k, 1]
                    for x in S.nbr[d]:
                        if x < 0:
                            break
                        if owner[x] == e:
                            n = _add(W, n, c, d, ACT_RECON, x)
        if S.strat_of[p, c]:
            if P[P_TWO_MOVES]:
                if free_hold >= 0:
                    n = _add(W, n, c, free_hold, ACT_WITHDRAW, -1)
            else:
                for x in S.strat[p]:
                    if x < 0:
                        break
                    if x != c and owner[x] < 0 and S.enter_t[t, x]:
                        n = _add(W, n, c, x, ACT_REDEPLOY, -1)
    W.G[G_NMOVES] = n
    return n


@inner(LEAF)
def _reach(S, W, c: int, p: int, t: int, n: int) -> int:
    """FinnishFrontHooks.reach: the free points the piece on ``c`` may go to, written from ``W.buf[n]`` on; returns the new count.

    Flyers and trains run along their rays (a train stops at a piece or at
    gas, a flyer passes over pieces unless ``flyer_passes`` says "blocked");
    the others step breadth-first up to their steps, never through gas.
    ``W.cmark`` stamps the points already seen (the hooks' ``seen`` set).
    """
    P, owner, mark = S.P, W.owner, W.cmark
    W.G[G_CSTAMP] += 1
    stamp = W.G[G_CSTAMP]
    line = S.line[t]
    if line != LINE_STEP:
        train = line == LINE_TRAIN
        stop = train or P[P_FLYER_BLOCKED]
        barred = -1 if train else P[P_NO_LANDING0 + p]
        rays = S.rays[p, t, c]
        for r in range(rays.shape[0]):
            if rays[r, 0] < 0:
                break
            for j in range(rays.shape[1]):
                x = rays[r, j]
                if x < 0:
                    break
                if owner[x] >= 0:
                    if stop:
                        break
                    continue
                if train and W.closed[x]:
                    break
                if mark[x] != stamp and x != barred and (S.fwd[p, c, x] or not P[P_FORWARD_ONLY]):
                    mark[x] = stamp
                    n = _add(W, n, c, x, ACT_PLAIN, -1)
        return n
    mark[c] = stamp
    front, cur, width = W.front, 0, 1
    front[0, 0] = c
    for _ in range(S.steps[t]):
        nxt, count = 1 - cur, 0
        for i in range(width):
            for b in S.adj[p, t, front[cur, i]]:
                if b < 0:
                    break
                if mark[b] == stamp:
                    continue
                mark[b] = stamp
                if owner[b] < 0 and not W.closed[b]:
                    n = _add(W, n, c, b, ACT_PLAIN, -1)
                    front[nxt, count] = b
                    count += 1
        cur, width = nxt, count
    return n


@inner(LEAF)
def perform(S, W, c: int, x: int, act: int, aim: int, p: int) -> int:
    """FinnishFrontHooks.perform: every move on the map, a strike, a look, a reserve's entry, a withdrawal, a redeployment.

    A strike goes up to the point beside the target and returns the
    target's cell, for the mechanism's collision (``layout.PERFORMED``
    otherwise); :func:`after_move` then tells the attacker what he struck.
    """
    P = S.P
    u = W.uid[c]
    if act == ACT_ATTACK:
        if x != c:
            _relocate(W, c, x)
        W.G[G_STRUCK], W.G[G_STRUCK + 1] = W.uid[aim], W.uid[x]
        return aim
    if act == ACT_RECON:
        _relocate(W, c, x)
        reveal(W, p, W.uid[aim], -1, P[P_R_RECON])
        _note(W, N_REVEAL, P[P_R_RECON], p, x, aim)
    elif act == ACT_ENTER:
        rule = P[P_R_REDEPLOY] if W.redeployed[u] else P[P_R_RESERVE]
        _relocate(W, c, x)
        _note(W, N_ENTER, rule, p, x, -1)
    elif act == ACT_WITHDRAW:
        W.redeployed[u] = True
        _relocate(W, c, x)
        _note(W, N_WITHDRAW, P[P_R_REDEPLOY], p, c, -1)
    elif act == ACT_REDEPLOY:
        _relocate(W, c, x)
        _note(W, N_REDEPLOY, P[P_R_REDEPLOY], p, c, x)
    else:
        _relocate(W, c, x)
    return PERFORMED


@inner(LEAF)  # not inlined: the squares' games keep their ply small (Sõjamäng's ran 7 % slower with it inlined)
def after_move(S, W, x: int, act: int, p: int) -> None:
    """FinnishFrontHooks.after_move: the gas command seen, the mover's gassed pieces lost, gas released, five strategic points."""
    P = S.P
    if act == ACT_ATTACK:  # the attacker is told what he struck (and, by the option, the defender too), the game over or not
        reveal(W, p, W.G[G_STRUCK], -1, P[P_R_ASK])
        if P[P_REVEAL_BOTH]:
            reveal(W, 1 - p, W.G[G_STRUCK + 1], -1, P[P_R_ASK])
    if W.G[G_OVER]:
        return
    if W.owner[x] == p and _show_gas(S, W, x, p):  # only its own move brings it onto the map
        _note(W, N_REVEAL, P[P_R_GAS_SEEN], p, x, -1)
    if W.G[G_GASSED + p]:
        _gas_losses(S, W, p)
    if W.owner[x] != p:
        return
    if W.kind[x] == P[P_MAP_GAS] and S.holder[x] != p:
        _release_gas(S, W, x, p)
    if S.strat_of[1 - p, x]:
        held = 0
        for c in range(W.owner.shape[0]):
            if W.owner[c] == p and S.strat_of[1 - p, c]:
                held += 1
        if held >= 5:
            _finish(W, p, P[P_R_STRATEGIC], False)


@inner(LEAF)
def _show_gas(S, W, c: int, s: int) -> bool:
    """FinnishFrontHooks._show_gas: if ``c`` holds ``s``'s gas command on the map, unknown to the enemy, make it known."""
    if W.kind[c] != S.P[P_MAP_GAS] or S.holder[c] == s:
        return False
    return reveal(W, 1 - s, W.uid[c], -1, S.P[P_R_GAS_SEEN])


@inner(LEAF)
def _release_gas(S, W, cell: int, p: int) -> None:
    """FinnishFrontHooks._release_gas: the enemy's infantry and machine guns beside ``cell`` are caught (``W.gas_at``)."""
    e, start = 1 - p, W.G[G_AUX]
    for x in S.nbr[cell]:
        if x < 0:
            break
        if W.owner[x] == e and S.bordered[W.kind[x]]:
            W.aux[W.G[G_AUX], 0] = x
            W.G[G_AUX] += 1
    hits = W.G[G_AUX] - start
    if hits == 0:
        return
    for a in range(start, start + hits):
        W.gas_at[W.uid[W.aux[a, 0]]] = cell  # the cloud: cell and its neighbours
    W.G[G_GASSED + e] += hits
    row = W.log[_log(W, E_GAS, S.P[P_R_GAS])]
    row[L_GAS_SIDE], row[L_OFFSET], row[L_COUNT], row[L_GAS_CELL] = p, start, hits, cell


@inner(LEAF)
def _gas_losses(S, W, p: int) -> None:
    """FinnishFrontHooks._gas_losses: ``p``'s caught pieces still in their cloud at his move are lost (ascending)."""
    for c in range(W.owner.shape[0]):
        if W.owner[c] == p:
            g = W.gas_at[W.uid[c]]
            if g >= 0 and (c == g or S.near[g, c]):
                _remove(W, c)
                _note(W, N_GAS_LOST, S.P[P_R_GAS_LOST], p, c, -1)
    for u in range(W.gas_at.shape[0]):
        if W.uid_owner[u] == p:
            W.gas_at[u] = -1
    W.G[G_GASSED + p] = 0


@njit(**LEAF, inline="always")
def _note(W, note: int, rule: int, side: int, c0: int, c1: int) -> None:
    """A note event (``NOTES[note]``) of ``side`` on one or two cells (``c1`` -1: one)."""
    row = W.log[_log(W, E_NOTE, rule)]
    row[L_NOTE], row[L_N_SIDE], row[L_CELL0], row[L_CELL1] = note, side, c0, c1


@njit(**LEAF, inline="always")
def action_value(W, i: int, p: int) -> float:
    """FinnishFrontHooks.action_value: a look at an unknown piece or a reserve's entry a little; NaN: the fight it starts."""
    act = W.buf[i, 2]
    if act == ACT_RECON:
        return -0.05 if W.known[p, W.uid[W.buf[i, 3]]] else 0.05
    if act == ACT_ENTER:
        return 0.02
    if act in (ACT_WITHDRAW, ACT_REDEPLOY):
        return 0.0
    return math.nan


@njit(**LEAF, inline="always")
def copy_state(W0, W) -> None:
    """FinnishFrontHooks.copy_state: the pieces withdrawn and gassed; no cell stamp of a discarded playout may survive."""
    copy_into(W.gas_at, W0.gas_at)
    copy_into(W.redeployed, W0.redeployed)
    W.cmark[:] = 0
