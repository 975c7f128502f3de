"""Whole games on array state, compiled: the reference engine's mechanism, step for step, for random and greedy players.

Every function here mirrors one of :class:`~wararchive.engine.board_game.BoardGame`
(or of the hooks of the rulesets the kernel covers) and keeps its order of
work, because equality with the reference engine is the contract: the
legal moves in the same order (cells ascending, then north, east, south,
west; on the map, the hooks' order), the same random draws (:mod:`.mt`), the same combats, reveals, rule
firings and end. What a game did is written to plain arrays (the moves,
an event log, the board before and after) that :mod:`.game` turns back
into the engine's records; the rules' data (combat table, pieces, board)
comes from the ruleset through :mod:`.tables`, never from here.

State of one game (:class:`Work`): ``kind``/``owner``/``uid`` per cell,
``enter`` per cell (water and volcanoes closed), per piece ``uid_owner``,
``uid_kind``, ``last_from``, ``turn_moved`` and ``moved`` (seen to move),
``known[side, uid]``, and ``G``, the scalars (ply, side to move, result…)
indexed by the ``G_*`` constants.

The Finnish map game (``HOOKS_MAP``) is played on a point board whose
every move its hooks make (:func:`_generate_map`, :func:`_apply_map`): a
move there is a row (from, to, action, target), as the engine's ``Move``,
and the hooks' state (pieces withdrawn for redeployment, pieces caught by
gas) is ``redeployed`` and ``gas_at``.

The layout of ``Spec.P``, ``Work.G`` and the event log, and the
primitives that change the board and log what happened, are
:mod:`.layout`'s (imported here, so callers read them from this module
too).

Sõjamäng (``HOOKS_SOJ``) is played on squares by the shared mechanism,
its hooks' abilities compiled in :mod:`.sojamang` (called from here: the
held pieces and typed entry tables in the generator, ``resolve`` and
``after_combat`` in a collision, ``perform`` and ``after_move`` in a ply,
owed plies and ``turn_start`` at its end); a move's fifth column is its
argument (a named rank, a reinforcement's type).

The players (``PLAYER_*``, one per side): random, ``choice(legal_moves)``;
greedy, :class:`~wararchive.players.baseline.GreedyPlayer`, whose move
values (:meth:`~wararchive.engine.evaluation.GreedyEvaluation.move_values`)
are computed from what its side may know (``known``, ``moved``) with the
same float operations in the same order, so that its ties, and the draw
that breaks them, are the reference player's.

The search's playouts (:func:`playouts`) start from a position the
reference engine reached (:mod:`.position` writes it into a ``Work``):
each side takes a fight it wins, else any move, as
:class:`~wararchive.players.ismcts.Playouts` does, and the end is scored
by :func:`balance` with the reference scorer's arithmetic.

Every function here that allocates nothing is compiled without numba's
reference counting (:data:`.mt.LEAF`, which says why): each is handed the
ruleset's and the game's arrays whole, and counting them on every call
cost more than the work.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from . import mt, sojamang as soj
from .layout import (  # the layout and primitives, here for this module's callers too
    ACT_ATTACK as ACT_ATTACK,
    ACT_ENTER as ACT_ENTER,
    ACT_PLAIN as ACT_PLAIN,
    ACT_RECON as ACT_RECON,
    ACT_REDEPLOY as ACT_REDEPLOY,
    ACT_WITHDRAW as ACT_WITHDRAW,
    ACTIONS as ACTIONS,
    ATTACKER_WINS as ATTACKER_WINS,
    BOTH_REMOVED as BOTH_REMOVED,
    DEFENDER_WINS as DEFENDER_WINS,
    E_BLOCKED as E_BLOCKED,
    E_COMBAT as E_COMBAT,
    E_END as E_END,
    E_GAS as E_GAS,
    E_NOTE as E_NOTE,
    E_REVEALED as E_REVEALED,
    E_SOJ as E_SOJ,
    G_ADJUDICATED as G_ADJUDICATED,
    G_AUX as G_AUX,
    G_CSTAMP as G_CSTAMP,
    G_END_RULE as G_END_RULE,
    G_EVENTS as G_EVENTS,
    G_GASSED as G_GASSED,
    G_LAST0 as G_LAST0,
    G_LAST1 as G_LAST1,
    G_LISTED as G_LISTED,
    G_NMOVES as G_NMOVES,
    G_NREMOVED as G_NREMOVED,
    G_NTURN as G_NTURN,
    G_OVER as G_OVER,
    G_PASS as G_PASS,
    G_PLY as G_PLY,
    G_SCANNED as G_SCANNED,
    G_SETUP_FAILED as G_SETUP_FAILED,
    G_SIZE as G_SIZE,
    G_SPIES as G_SPIES,
    G_TO_MOVE as G_TO_MOVE,
    G_TURN as G_TURN,
    G_TURN_PLIES as G_TURN_PLIES,
    G_WINNER as G_WINNER,
    HOOKS_JWG as HOOKS_JWG,
    HOOKS_MAP as HOOKS_MAP,
    HOOKS_NONE as HOOKS_NONE,
    HOOKS_SOJ as HOOKS_SOJ,
    HOOKS_SPZ as HOOKS_SPZ,
    IMMOBILE as IMMOBILE,
    L_A_T as L_A_T,
    L_A_UID as L_A_UID,
    L_ATT as L_ATT,
    L_CELL0 as L_CELL0,
    L_CELL1 as L_CELL1,
    L_COUNT as L_COUNT,
    L_D_T as L_D_T,
    L_D_UID as L_D_UID,
    L_DEC_T as L_DEC_T,
    L_DEC_UID as L_DEC_UID,
    L_DFN as L_DFN,
    L_GAS_CELL as L_GAS_CELL,
    L_GAS_SIDE as L_GAS_SIDE,
    L_LEARNER as L_LEARNER,
    L_N_SIDE as L_N_SIDE,
    L_NOTE as L_NOTE,
    L_NREM as L_NREM,
    L_OFFSET as L_OFFSET,
    L_OUTCOME as L_OUTCOME,
    L_PLY as L_PLY,
    L_REM0 as L_REM0,
    L_REM1 as L_REM1,
    L_REM2 as L_REM2,
    L_RULE as L_RULE,
    L_SIDE as L_SIDE,
    L_TYPE as L_TYPE,
    L_VIA as L_VIA,
    L_WINNER as L_WINNER,
    LINE_FLYER as LINE_FLYER,
    LINE_STEP as LINE_STEP,
    LINE_TRAIN as LINE_TRAIN,
    LOG_WIDTH as LOG_WIDTH,
    N_ENTER as N_ENTER,
    N_GAS_LOST as N_GAS_LOST,
    N_REDEPLOY as N_REDEPLOY,
    N_REVEAL as N_REVEAL,
    N_WITHDRAW as N_WITHDRAW,
    NEITHER_REMOVED as NEITHER_REMOVED,
    NO_RETURN_NONE as NO_RETURN_NONE,
    NO_RETURN_PIECE as NO_RETURN_PIECE,
    NO_RETURN_PLAYER as NO_RETURN_PLAYER,
    NORTH as NORTH,
    NOTES as NOTES,
    P_BACKER_FALLS as P_BACKER_FALLS,
    P_DISPLACE as P_DISPLACE,
    P_FLAG as P_FLAG,
    P_FLYER_BLOCKED as P_FLYER_BLOCKED,
    P_FORWARD_ONLY as P_FORWARD_ONLY,
    P_GAS_WIDE as P_GAS_WIDE,
    P_HOOKS as P_HOOKS,
    P_LIMIT_RULE as P_LIMIT_RULE,
    P_MAP_FLYER as P_MAP_FLYER,
    P_MAP_GAS as P_MAP_GAS,
    P_MARSHAL as P_MARSHAL,
    P_MINE as P_MINE,
    P_MINE_ANY as P_MINE_ANY,
    P_MPT as P_MPT,
    P_NO_LANDING0 as P_NO_LANDING0,
    P_NO_LANDING1 as P_NO_LANDING1,
    P_NO_MOVES_RULE as P_NO_MOVES_RULE,
    P_NO_RETURN as P_NO_RETURN,
    P_OCCUPY_RULE as P_OCCUPY_RULE,
    P_OWN_AREA as P_OWN_AREA,
    P_PLY_LIMIT as P_PLY_LIMIT,
    P_R_ASK as P_R_ASK,
    P_R_FLAG_ALONE as P_R_FLAG_ALONE,
    P_R_FLAG_BACKER as P_R_FLAG_BACKER,
    P_R_FLAG_RANK as P_R_FLAG_RANK,
    P_R_FLAG_TIE as P_R_FLAG_TIE,
    P_R_GAS as P_R_GAS,
    P_R_GAS_LOST as P_R_GAS_LOST,
    P_R_GAS_SEEN as P_R_GAS_SEEN,
    P_R_RECON as P_R_RECON,
    P_R_REDEPLOY as P_R_REDEPLOY,
    P_R_RESERVE as P_R_RESERVE,
    P_R_STRATEGIC as P_R_STRATEGIC,
    P_R_UNMASK as P_R_UNMASK,
    P_R_VOLCANO as P_R_VOLCANO,
    P_RANK_ONLY as P_RANK_ONLY,
    P_REVEAL as P_REVEAL,
    P_REVEAL_BOTH as P_REVEAL_BOTH,
    P_SAME_MOVE as P_SAME_MOVE,
    P_SIZE as P_SIZE,
    P_SOJ_ALL_MINED as P_SOJ_ALL_MINED,
    P_SOJ_BOMB_IMMUNE as P_SOJ_BOMB_IMMUNE,
    P_SOJ_DEF_FIRST as P_SOJ_DEF_FIRST,
    P_SOJ_EIGHT as P_SOJ_EIGHT,
    P_SOJ_FLAG_ROW as P_SOJ_FLAG_ROW,
    P_SOJ_FULL as P_SOJ_FULL,
    P_SOJ_MOVE_FIRE as P_SOJ_MOVE_FIRE,
    P_SOJ_QUIET as P_SOJ_QUIET,
    P_SOJ_REFEREE as P_SOJ_REFEREE,
    P_SOJ_TEN_OWN as P_SOJ_TEN_OWN,
    P_SOJ_THROUGHOUT as P_SOJ_THROUGHOUT,
    P_SPY as P_SPY,
    P_STRIKE_ANY as P_STRIKE_ANY,
    P_TWO_MOVES as P_TWO_MOVES,
    P_UIDS as P_UIDS,
    P_VOLCANOES as P_VOLCANOES,
    P_WIDTH as P_WIDTH,
    PLAYER_GREEDY as PLAYER_GREEDY,
    PLAYER_LISTED as PLAYER_LISTED,
    PLAYER_PLAYOUT as PLAYER_PLAYOUT,
    PLAYER_RANDOM as PLAYER_RANDOM,
    SETUP_TRIES as SETUP_TRIES,
    SLIDE as SLIDE,
    SOUTH as SOUTH,
    STEP as STEP,
    TIE as TIE,
    _cell_of as _cell_of,
    _finish as _finish,
    _log as _log,
    _relocate as _relocate,
    _remove as _remove,
    reveal as reveal,
)
from .mt import ALLOCATING, LEAF, inner

Spec = namedtuple(
    "Spec",
    "P step around near movement outcome crule capture occupy water homes first allowed rest middle count exch worth rows "
    "fwd enter_t nbr strike adj rays line steps hold holder strat strat_of area bordered "
    "ttab tid rid diag bomb back passages demote enter_side text",
)
"""A ruleset as arrays (built by :func:`wararchive.kernel.tables.spec`).

``first``/``allowed``/``rest`` are each side's setup order (the pieces
drawn a cell each, with their cells, then the rest); ``count`` and ``exch``
are greedy's (army, exchanges); ``worth`` (each type's value, 0 for a
piece whose capture ends the game) and ``rows`` (each cell's row from each
side's back) the search's (:func:`balance`); ``fwd[p, c, x]``:
board.move_is_forward; ``enter_t[type, cell]``: the engine's entry tables.
From ``nbr`` to ``bordered``, the map game's tables (:func:`wararchive.kernel.tables._map_tables`);
from ``ttab`` on, Sõjamäng's (:func:`wararchive.kernel.tables._sojamang_tables`), ``enter_side``
(``[side, type, cell]``: the entry tables with ``params.confined``) for every ruleset.
"""

Work = namedtuple(
    "Work",
    "G kind owner uid enter uid_owner uid_kind last_from turn_moved moved known moves log aux buf mark spies rng start left best "
    "cmark closed front gas_at redeployed frozen rem enter_by su sg pend ropen paux order",
)
"""One game's state and output buffers, reused from game to game (:func:`work`)."""


def work(S: Spec) -> Work:
    """Buffers for games of ``S``, sized by its board, army and ply limit."""
    n, u, limit, width = S.step.shape[1], int(S.P[P_UIDS]), int(S.P[P_PLY_LIMIT]), int(S.P[P_WIDTH])
    if S.P[P_HOOKS] == HOOKS_SOJ:
        # the squares' moves, then a battery's fire (from where it stands and every square it may step to, a shot
        # at every enemy piece down the file under every rank), the flights, the rearrangements and the rest
        t = S.count.shape[0]
        rows = 4 * u * max(width, n // width) + t * (4 * max(width, n // width) + 1) * n // width + u * n + 4 * u * n
        events, aux = 12 * limit + 64, 2 * u + n + 16 * limit
    elif S.P[P_HOOKS] == HOOKS_MAP:
        # a piece's moves: at most every point, a strike from each (and from where it stands) and a look from each
        rows = u // 2 * (n + 2) * (2 * S.nbr.shape[1] + 2)
        # a ply logs a combat, three reveals, a note, a gas cloud, its losses and the end; a cloud catches up to nbr cells
        events, aux = (8 + S.nbr.shape[1]) * limit + 8, 2 * u + n + S.nbr.shape[1] * limit
    else:
        rows = 4 * u * max(width, n // width)  # four lines of at most the longest slide a piece
        events, aux = 3 * limit + 8, 2 * u + n  # a ply logs at most one combat and two reveals; the start and the end one each
    i64 = np.int64
    buf = np.zeros((rows, 5), i64)
    buf[:, 3:] = -1  # plain moves: the squares' generator writes only from and to
    u += 8  # room for the pieces a game brings in (Sõjamäng's reinforcements: one per general)
    return Work(
        G=np.zeros(G_SIZE, i64),
        kind=np.full(n, -1, i64),
        owner=np.full(n, -1, i64),
        uid=np.full(n, -1, i64),
        enter=np.zeros(n, np.bool_),
        uid_owner=np.full(u, -1, i64),
        uid_kind=np.full(u, -1, i64),
        last_from=np.full(u, -1, i64),
        turn_moved=np.zeros(u, np.bool_),
        moved=np.zeros(u, np.bool_),
        known=np.zeros((2, u), np.bool_),
        moves=np.zeros((limit, 5), i64),
        log=np.zeros((events, LOG_WIDTH), i64),
        aux=np.zeros((aux, 4), i64),
        buf=buf,
        mark=np.zeros(u, i64),
        spies=np.zeros((2, u), i64),
        rng=np.zeros((5, mt.STATE), i64),
        start=np.zeros((3, n), i64),
        left=np.zeros(S.count.shape[0], i64),
        best=np.zeros(rows, i64),
        cmark=np.zeros(n, i64),
        closed=np.zeros(n, np.bool_),
        front=np.zeros((2, n), i64),
        gas_at=np.full(u, -1, i64),
        redeployed=np.zeros(u, np.bool_),
        frozen=np.zeros(u, np.bool_),
        rem=np.zeros(u, i64),
        enter_by=S.enter_side.copy(),
        su=np.zeros((u, soj.SU_SIZE), i64),
        sg=np.zeros(soj.SG_SIZE, i64),
        pend=np.zeros((u, 4), i64),
        ropen=np.zeros((2, 4, 2), i64),
        paux=np.zeros((events, 3), i64),
        order=np.zeros(u, i64),
    )


# -- moves ---------------------------------------------------------------------------------------
@njit(**LEAF, inline="always")
def _generate(S, W, p: int) -> int:
    """BoardGame._generate for side ``p`` into ``W.buf``; returns how many."""
    hooks = S.P[P_HOOKS]
    if hooks == HOOKS_MAP:
        return _generate_map(S, W, p)
    soj_ = hooks == HOOKS_SOJ  # typed entry tables, held pieces, ability moves among the plain ones' rows
    if soj_ and soj.forced(S, W, p):
        W.G[G_NMOVES] = 1
        return 1
    n = 0
    displace, no_return = S.P[P_DISPLACE], S.P[P_NO_RETURN]
    step, owner, enter = S.step, W.owner, W.enter
    for c in range(step.shape[1]):
        if owner[c] != p:
            continue
        t = W.kind[c]
        mv = S.movement[t]
        if mv == IMMOBILE:
            continue
        u = W.uid[c]
        if W.turn_moved[u] or W.frozen[u]:
            continue
        back = W.last_from[u] if no_return else -1
        for d in range(4):
            x = step[d, c]
            while x >= 0 and enter[x] and (not soj_ or W.enter_by[p, t, x]):
                o = owner[x]
                if o >= 0:
                    if displace and o != p and x != back:
                        W.buf[n, 0], W.buf[n, 1] = c, x
                        n += 1
                    break
                if x != back:
                    if soj_:  # the rows ability moves wrote before need their action and target cleared
                        n = _add(W, n, c, x, ACT_PLAIN, -1)
                    else:
                        W.buf[n, 0], W.buf[n, 1] = c, x
                        n += 1
                if mv != SLIDE:
                    break
                x = step[d, x]
    if soj_:
        n = soj.extra_moves(S, W, p, n)
    W.G[G_NMOVES] = n
    return n


@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _is_forward(S, c: int, x: int, p: int) -> bool:
    """board.move_is_forward (a row further from ``p``'s back row; on a map, heading towards the enemy), as a table."""
    return S.fwd[p, c, x]


# -- the board under the rules ------------------------------------------------------------------
@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _backer(S, W, flag_cell: int) -> int:
    """JapaneseWarGameHooks.backer: the own tile directly behind the flag, or -1."""
    o = W.owner[flag_cell]
    b = S.step[SOUTH if o == 0 else NORTH, flag_cell]
    return b if b >= 0 and W.owner[b] == o else -1


@njit(**LEAF, inline="always")
def _decider(S, W, dfn: int) -> tuple[int, int]:
    """Hooks.decider: the cell whose rank defends ``dfn`` (-1: defenceless) and the rule that says so (-1: none).

    The Japanese War Game's flag is defended by the tile behind it
    (JapaneseWarGameHooks.decider); every other piece by itself.
    """
    P = S.P
    if P[P_HOOKS] != HOOKS_JWG or W.kind[dfn] != P[P_FLAG]:
        return dfn, -1
    behind = _backer(S, W, dfn)
    if behind < 0:
        return -1, P[P_R_FLAG_ALONE]
    if W.kind[behind] == P[P_MINE] or W.kind[behind] == P[P_SPY]:
        return (-1 if P[P_RANK_ONLY] else behind), P[P_R_FLAG_BACKER]
    return behind, P[P_R_FLAG_RANK]


@inner(LEAF)
def _collide(S, W, att: int, dfn: int, p: int, displace: bool) -> None:
    """BoardGame.collide, with the Japanese War Game's decider, resolve and after_combat."""
    P = S.P
    jwg = P[P_HOOKS] == HOOKS_JWG
    a_t, d_t = W.kind[att], W.kind[dfn]
    decider, via = _decider(S, W, dfn)
    if decider < 0:
        outcome, rule = ATTACKER_WINS, via
    else:
        outcome, rule = S.outcome[a_t, W.kind[decider]], S.crule[a_t, W.kind[decider]]
    if jwg and d_t == P[P_FLAG]:
        behind = _backer(S, W, dfn)
        if behind >= 0:
            spy_on_marshal = a_t == P[P_SPY] and W.kind[behind] == P[P_MARSHAL]
            if spy_on_marshal and P[P_RANK_ONLY]:
                outcome, rule = DEFENDER_WINS, P[P_R_FLAG_BACKER]
            elif outcome == BOTH_REMOVED:
                outcome, rule = (DEFENDER_WINS if P[P_BACKER_FALLS] else outcome), P[P_R_FLAG_TIE]
            elif spy_on_marshal:
                rule = P[P_R_FLAG_BACKER]
    soj_ = P[P_HOOKS] == HOOKS_SOJ
    if soj_:
        outcome, rule = soj.resolve(S, W, att, dfn, outcome, rule)
    e = _log(W, E_COMBAT, rule)
    row = W.log[e]
    a_u, d_u = W.uid[att], W.uid[dfn]
    row[L_ATT], row[L_DFN], row[L_A_UID], row[L_A_T], row[L_D_UID], row[L_D_T] = att, dfn, a_u, a_t, d_u, d_t
    row[L_OUTCOME], row[L_VIA], row[L_SIDE], row[L_NREM] = outcome, via, p, 0
    dec_u = -1
    if decider >= 0 and decider != dfn:
        dec_u = W.uid[decider]
        row[L_DEC_UID], row[L_DEC_T] = dec_u, W.kind[decider]
    r0_t, r1_t = -1, -1
    if outcome in (DEFENDER_WINS, BOTH_REMOVED):
        r0_t = a_t
        row[L_REM0 + row[L_NREM]] = _remove(W, att)
        row[L_NREM] += 1
    if outcome in (ATTACKER_WINS, BOTH_REMOVED):
        if r0_t < 0:
            r0_t = d_t
        else:
            r1_t = d_t
        row[L_REM0 + row[L_NREM]] = _remove(W, dfn)
        row[L_NREM] += 1
    if displace and outcome == ATTACKER_WINS:
        _relocate(W, att, dfn)
    if P[P_REVEAL]:
        for k in range(2):
            W.known[k, a_u] = True
            W.known[k, d_u] = True
            if dec_u >= 0:
                W.known[k, dec_u] = True
    for i in range(row[L_NREM]):
        t = r0_t if i == 0 else r1_t
        if S.capture[t] >= 0:
            _finish(W, 1 - W.uid_owner[row[L_REM0 + i]], S.capture[t], False)
            break
    if W.G[G_OVER] == 0 and jwg and P[P_BACKER_FALLS] and rule == P[P_R_FLAG_TIE]:
        row[L_REM0 + row[L_NREM]] = _remove(W, _backer(S, W, dfn))
        row[L_NREM] += 1
    if W.G[G_OVER] == 0 and soj_:
        soj.after_combat(S, W, att, dfn, p, e)


@njit(**LEAF, inline="always")
def _stirs(S, W, x: int) -> bool:
    """Can the ply that ended on ``x`` have put a piece beside an enemy spy? (If not, :func:`_unmask` would tell nothing.)

    Once the board has been looked at (``G_SCANNED``), every enemy piece
    beside a spy is known, and pieces only move to ``x`` or leave the
    board; so only a spy on ``x``, or a piece on ``x`` beside a spy of the
    other side, can be news. The spies are those the last look found
    (``W.spies``): a spy moves only by a ply that ends in a look, so the
    list holds every one still on the board (and may hold a fallen one,
    which costs one needless look). Skipping the looks that cannot tell
    anything makes random Spionaaž games some 15 % faster (1.83 against
    1.59 million plies per CPU-second, best of three 2-second runs, one
    idle core); the look itself stays whole, the hooks' walk mirrored.
    """
    o, spy = W.owner[x], S.P[P_SPY]
    stirs = W.G[G_SCANNED] == 0 or (o >= 0 and W.kind[x] == spy)
    if o >= 0 and not stirs:
        e = 1 - o
        for i in range(W.G[G_SPIES + e]):
            if S.near[W.spies[e, i], x]:
                stirs = True
    return stirs


@njit(**LEAF, inline="always")
def _unmask(S, W) -> None:
    """SpionaazHooks.after_move: each side is told (once) every enemy piece beside one of its spies.

    One scan finds both sides' spies (ascending, as the hooks walk them);
    ``W.mark`` holds, per piece, the number of the last pass that listed it,
    so a pass needs no clearing.
    """
    spy, n = S.P[P_SPY], S.step.shape[1]
    spies, count = W.spies, W.G[G_SPIES : G_SPIES + 2]
    count[:] = 0
    for c in range(n):
        if W.kind[c] == spy and W.owner[c] >= 0:
            side = W.owner[c]
            spies[side, count[side]] = c
            count[side] += 1
    for side in range(2):
        W.G[G_PASS] += 1
        stamp = W.G[G_PASS]
        e = -1
        start = W.G[G_AUX]
        for i in range(count[side]):
            for x in S.around[spies[side, i]]:
                if x < 0 or W.owner[x] != 1 - side:
                    continue
                u = W.uid[x]
                if W.mark[u] == stamp:
                    continue
                W.mark[u] = stamp
                if W.known[side, u]:
                    continue
                if e < 0:
                    e = _log(W, E_REVEALED, S.P[P_R_UNMASK])
                    W.log[e, L_LEARNER], W.log[e, L_OFFSET] = side, start
                a = W.G[G_AUX]
                W.aux[a, 0], W.aux[a, 1], W.aux[a, 2], W.aux[a, 3] = u, W.kind[x], x, W.owner[x]
                W.G[G_AUX] = a + 1
        for a in range(start, W.G[G_AUX]):
            W.known[side, W.aux[a, 0]] = True
        if e >= 0:
            W.log[e, L_COUNT] = W.G[G_AUX] - start


@njit(**LEAF, inline="always")
def _engaged(S, W, c: int, x: int, p: int) -> int:
    """GreedyEvaluation.engaged_cell for a plain move: the enemy cell it would fight, or -1.

    The moved-onto enemy, or (face-to-face combat) the enemy the piece
    faces after a forward step (any step where ``strike`` is "any"): what
    :func:`_apply` fights and the players judge moves by.
    """
    if W.owner[x] == 1 - p:
        return x
    if S.P[P_DISPLACE] or not (S.P[P_STRIKE_ANY] or _is_forward(S, c, x, p)):
        return -1
    front = S.step[NORTH if p == 0 else SOUTH, x]
    return front if front >= 0 and W.owner[front] == 1 - p else -1


@njit(**LEAF, inline="always")
def _apply(S, W, c: int, x: int, act: int, aim: int, arg: int) -> None:
    """BoardGame._apply, then the end of the ply (on squares every move is plain; the map's are :func:`_apply_map`)."""
    P = S.P
    if P[P_HOOKS] == HOOKS_MAP:
        _apply_map(S, W, c, x, act, aim)
        return
    p = W.G[G_TO_MOVE]
    u = W.uid[c]
    if u >= 0:  # Sõjamäng's deserter and reinforcement come onto an empty square: no piece has moved
        if x != c:  # a battery firing where it stands has not been seen to move
            W.moved[u] = True
        W.turn_moved[u] = True
        W.G[G_TURN + W.G[G_NTURN]] = u
        W.G[G_NTURN] += 1
        if P[P_NO_RETURN] == NO_RETURN_PLAYER:
            last = W.G[G_LAST0 + p]
            if last >= 0:
                W.last_from[last] = -1
            W.G[G_LAST0 + p] = u
        W.last_from[u] = c
    armed = act != ACT_PLAIN and soj.armed(act)  # Sõjamäng's armed attack, look or rescue: a plain step, its state around
    if act != ACT_PLAIN and not armed:
        soj.perform(S, W, c, x, act, aim, arg, p)
    else:
        if armed:
            soj.arm(S, W, c, x, act, arg, p)
        target = _engaged(S, W, c, x, p)
        if target == x:  # onto the enemy
            _collide(S, W, c, x, p, True)
        else:
            _relocate(W, c, x)
            if target >= 0:  # face to face with him
                _collide(S, W, x, target, p, False)
        if armed:
            soj.disarm(W, act)
    if W.G[G_OVER] == 0 and P[P_HOOKS] == HOOKS_SOJ:
        soj.after_move(S, W, x, act, p)
    if W.G[G_OVER] == 0:
        if P[P_HOOKS] == HOOKS_JWG and P[P_MINE_ANY] and W.owner[x] == p and not _is_forward(S, c, x, p):
            front = S.step[NORTH if p == 0 else SOUTH, x]
            if front >= 0 and W.owner[front] == 1 - p and W.kind[front] == P[P_MINE]:
                _collide(S, W, x, front, p, False)
        elif P[P_HOOKS] == HOOKS_SPZ and _stirs(S, W, x):
            _unmask(S, W)
            W.G[G_SCANNED] = 1
    if W.G[G_OVER] == 0 and P[P_OCCUPY_RULE] >= 0 and S.occupy[p, x] and W.owner[x] == p:
        _finish(W, p, P[P_OCCUPY_RULE], False)
    _end_ply(S, W, p)


@njit(**LEAF, inline="always")
def _end_ply(S, W, p: int) -> None:
    """BoardGame._end_ply: the turn passes after its plies or when the side can move no more; the ply limit."""
    if W.G[G_OVER]:
        return
    W.G[G_TURN_PLIES] += 1
    soj_ = S.P[P_HOOKS] == HOOKS_SOJ
    if soj_ and W.G[G_TURN_PLIES] >= S.P[P_MPT] and W.sg[soj.SG_BONUS + p] > 0:
        W.sg[soj.SG_BONUS + p] -= 1  # an owed ply: the same side begins another turn
        W.G[G_TURN_PLIES] = 0
        _new_turn(W)
        soj.turn_start(S, W, p)
    switch = W.G[G_TURN_PLIES] >= S.P[P_MPT] or _generate(S, W, p) == 0
    if switch:
        W.G[G_TO_MOVE], W.G[G_TURN_PLIES] = 1 - p, 0
        _new_turn(W)
        if soj_:
            soj.turn_start(S, W, 1 - p)
        if _generate(S, W, 1 - p) == 0:
            _finish(W, p, S.P[P_NO_MOVES_RULE], False)
            return
    if W.G[G_PLY] >= S.P[P_PLY_LIMIT]:
        _finish(W, -1, S.P[P_LIMIT_RULE], True)


@njit(**LEAF, inline="always")
def _new_turn(W) -> None:
    """No piece has moved this turn yet."""
    for i in range(W.G[G_NTURN]):
        W.turn_moved[W.G[G_TURN + i]] = False
    W.G[G_NTURN] = 0


# -- the Finnish map game (FinnishFrontHooks): every move from the hooks, on a point board ---------
@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _add(W, n: int, c: int, x: int, act: int, aim: int) -> int:
    """Write the move (``c``, ``x``, ``act``, ``aim``) as ``W.buf``'s ``n``-th legal move; returns ``n + 1``."""
    row = W.buf[n]
    row[0], row[1], row[2], row[3], row[4] = c, x, act, aim, -1
    return n + 1


@inner(LEAF)
def _generate_map(S, W, p: int) -> int:
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
def _apply_map(S, W, c: int, x: int, act: int, aim: int) -> None:
    """BoardGame._apply of a map move: FinnishFrontHooks.perform, after_move, the headquarters, the end of the ply."""
    P = S.P
    p = W.G[G_TO_MOVE]
    u = W.uid[c]
    if x != c:  # a strike from where the piece stands is no move
        W.moved[u] = True
    W.turn_moved[u] = True
    W.G[G_TURN + W.G[G_NTURN]] = u
    W.G[G_NTURN] += 1
    W.last_from[u] = c
    if act == ACT_ATTACK:  # up to the point beside the target, then the strike; the attacker is told what he struck
        if x != c:
            _relocate(W, c, x)
        defender, attacker = W.uid[aim], W.uid[x]
        _collide(S, W, x, aim, p, False)
        reveal(W, p, defender, -1, P[P_R_ASK])
        if P[P_REVEAL_BOTH]:
            reveal(W, 1 - p, attacker, -1, P[P_R_ASK])
    elif act == ACT_RECON:
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
    if W.G[G_OVER] == 0:
        _after_map(S, W, x, p)
    if W.G[G_OVER] == 0 and P[P_OCCUPY_RULE] >= 0 and S.occupy[p, x] and W.owner[x] == p:
        _finish(W, p, P[P_OCCUPY_RULE], False)
    _end_ply(S, W, p)


@njit(**LEAF, inline="always")
def _after_map(S, W, x: int, p: int) -> None:
    """FinnishFrontHooks.after_move: the gas command seen, the mover's gassed pieces lost, gas released, five strategic points."""
    P = S.P
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


# -- setting up ----------------------------------------------------------------------------------
@njit(**LEAF, inline="always")
def _length(row) -> int:
    """How many entries a -1-padded row of :class:`Spec` holds."""
    k = 0
    while k < row.shape[0] and row[k] >= 0:
        k += 1
    return k


@inner(ALLOCATING)
def _place(S, W, p: int, rng) -> bool:
    """placing.random_placement for side ``p`` from its stream; False if no setup was found."""
    homes = S.homes[p]
    h = _length(homes)
    nfirst, nrest = _length(S.first[p]), _length(S.rest[p])
    free = np.empty(h, np.int64)
    put = np.full(S.step.shape[1], -1, np.int64)
    for _ in range(SETUP_TRIES):
        put[:] = -1
        ok = True
        for i in range(nfirst):
            m = 0
            for k in range(h):
                if S.allowed[p, i, homes[k]] and put[homes[k]] < 0:
                    free[m] = homes[k]
                    m += 1
            if m == 0:
                ok = False
                break
            put[free[mt.randbelow(rng, m)]] = S.first[p, i]
        if not ok:
            continue
        m = 0
        for k in range(h):
            if put[homes[k]] < 0:
                free[m] = homes[k]
                m += 1
        mt.shuffle(rng, free, m)
        for k in range(min(m, nrest)):
            put[free[k]] = S.rest[p, k]
        if min(m, nrest) == nrest and (S.P[P_HOOKS] != HOOKS_SOJ or soj.setup_ok(S, put, p)):
            for c in range(put.shape[0]):
                if put[c] >= 0:
                    W.kind[c], W.owner[c] = put[c], p
            return True
    return False


@inner(ALLOCATING)
def new_game(S, W) -> None:
    """BoardGame.__init__ from the seeded streams in ``W.rng`` (0 prepare, 1-2 setups, 3-4 players)."""
    W.G[:] = 0
    W.G[G_WINNER] = W.G[G_END_RULE] = W.G[G_LAST0] = W.G[G_LAST1] = -1
    W.kind[:] = -1
    W.owner[:] = -1
    W.uid[:] = -1
    W.last_from[:] = -1
    W.turn_moved[:] = False
    W.moved[:] = False
    W.known[:] = False
    W.mark[:] = 0
    W.cmark[:] = 0
    W.gas_at[:] = -1
    W.redeployed[:] = False
    W.frozen[:] = False
    W.enter_by[:, :, :] = S.enter_side
    for c in range(W.enter.shape[0]):
        W.enter[c] = not S.water[c]
    if S.P[P_HOOKS] == HOOKS_SPZ:  # SpionaazHooks.new_state and prepare: volcanoes drawn, then blocked
        k = S.P[P_VOLCANOES]
        drawn = np.empty(k, np.int64)
        mt.sample(W.rng[0], S.middle, k, drawn)
        drawn.sort()
        e = -1
        for c in drawn:
            if W.enter[c]:
                W.enter[c] = False
                if e < 0:
                    e = _log(W, E_BLOCKED, S.P[P_R_VOLCANO])
                    W.log[e, L_OFFSET] = W.G[G_AUX]
                W.aux[W.G[G_AUX], 0] = c
                W.G[G_AUX] += 1
        if e >= 0:
            W.log[e, L_COUNT] = W.G[G_AUX] - W.log[e, L_OFFSET]
    for p in range(2):
        if not _place(S, W, p, W.rng[1 + p]):
            W.G[G_SETUP_FAILED] = 1 + p
            return
    u = 0
    for c in range(W.kind.shape[0]):
        if W.owner[c] >= 0:
            W.uid[c] = u
            W.uid_owner[u] = W.owner[c]
            W.uid_kind[u] = W.kind[c]  # the piece's type now (Sõjamäng's promotions change it), or when it fell
            u += 1
    W.start[0, :], W.start[1, :], W.start[2, :] = W.kind, W.owner, W.uid
    if S.P[P_HOOKS] == HOOKS_MAP:  # FinnishFrontHooks.begin: a gas command on the map is known to the enemy
        for s in range(2):
            for c in range(W.kind.shape[0]):
                if W.owner[c] == s:
                    _show_gas(S, W, c, s)
    elif S.P[P_HOOKS] == HOOKS_SOJ:
        soj.begin(S, W)
    if _generate(S, W, 0) == 0:
        _finish(W, 1, S.P[P_NO_MOVES_RULE], False)


@njit(**LEAF)
def resume(S, W) -> None:
    """The legal moves of a position written into ``W`` (:func:`wararchive.kernel.position.load`), as new_game leaves them."""
    _generate(S, W, W.G[G_TO_MOVE])


# -- the players ---------------------------------------------------------------------------------
@njit(**LEAF, inline="always")
def _fight_value(S, W, c: int, target: int, p: int, mobile: int, everyone: int) -> float:
    """GreedyEvaluation's value of the piece on ``c`` fighting the one on ``target``, from ``p``'s view (``W.left`` counted).

    A known defender is worth its exchange; an unknown one the mean over
    the types he may be (only the mobile ones once he has been seen to
    move), in type order, as the view's dict adds them.
    """
    a, u, left = W.kind[c], W.uid[target], W.left
    if W.known[p, u]:
        return S.exch[a, W.kind[target]]
    value = 0.0
    only_mobile = W.moved[u]
    total = mobile if only_mobile else everyone
    if total == 0:  # sum(...) or 1: nothing left to fear is worth nothing
        total = 1
    for t in range(S.count.shape[0]):
        if left[t] > 0 and (S.movement[t] != IMMOBILE or not only_mobile):
            value += left[t] * S.exch[a, t]
    return value / total


@inner(LEAF)
def _greedy(S, W, p: int, n: int) -> int:
    """GreedyPlayer.choose among the ``n`` moves in ``W.buf``: the best by ``move_values`` from ``p``'s view, ties drawn.

    The ability moves are worth what the hooks' ``action_value`` says
    (Sõjamäng's: :func:`.sojamang.action_value`); a strike, an armed attack
    or a reconnaissance is judged as the fight it starts. The view's
    arithmetic, kept: the enemy pieces ``p`` cannot account for are the
    army less every enemy piece whose rank he knows, on the board as it is
    now and among the fallen as it fell (the view's cells and removals:
    ``uid_kind`` follows promotions, ``uid_owner`` a piece gone over); a
    fight is :func:`_fight_value`, and each move adds 0.01 for going forward.
    """
    left = W.left
    copy_into(left, S.count)
    for u in range(W.uid_owner.shape[0]):
        if W.uid_owner[u] == 1 - p and W.known[p, u]:
            left[W.uid_kind[u]] -= 1
    everyone, mobile = 0, 0
    for t in range(left.shape[0]):
        if left[t] > 0:
            everyone += left[t]
            if S.movement[t] != IMMOBILE:
                mobile += left[t]
    occupy, sojamang = S.P[P_OCCUPY_RULE] >= 0, S.P[P_HOOKS] == HOOKS_SOJ
    best, nbest = 0.0, 0
    for i in range(n):
        c, x, act = W.buf[i, 0], W.buf[i, 1], W.buf[i, 2]
        advance = 0.01 * (1 if _is_forward(S, c, x, p) else 0)
        if sojamang and act != ACT_PLAIN and act != soj.MG and act != soj.GRENADE and act != ACT_RECON:
            v = soj.action_value(S, W, i, p, everyone)
        elif act == ACT_RECON and not sojamang:  # FinnishFrontHooks.action_value: a look is worth a little at an unknown piece
            v = -0.05 if W.known[p, W.uid[W.buf[i, 3]]] else 0.05
        elif act == ACT_ENTER:  # bringing reserves in, a little too
            v = 0.02
        elif act in (ACT_WITHDRAW, ACT_REDEPLOY):
            v = 0.0
        else:  # a plain move, the map's strike, Sõjamäng's armed attack or look: the fight it starts (if any)
            target = W.buf[i, 3] if act != ACT_PLAIN else _engaged(S, W, c, x, p)
            if target >= 0:
                v = _fight_value(S, W, c, target, p, mobile, everyone) + advance
            else:
                v = 1000.0 if occupy and S.occupy[p, x] else advance
        if nbest == 0 or v > best + TIE:
            best, nbest = v, 1
            W.best[0] = i
        elif abs(v - best) <= TIE:
            W.best[nbest] = i
            nbest += 1
    return W.best[mt.randbelow(W.rng[3 + p], nbest)]


@njit(**LEAF, inline="always")
def _play(S, W, c: int, x: int, act: int, aim: int, arg: int) -> None:
    """Game.play of the move ``c``-``x`` (a legal one; ``act`` and ``aim``: its action and target): recorded, then applied."""
    ply = W.G[G_PLY]
    row = W.moves[ply]
    row[0], row[1], row[2], row[3], row[4] = c, x, act, aim, arg
    W.G[G_PLY] = ply + 1
    _apply(S, W, c, x, act, aim, arg)


@njit(**LEAF)
def play_listed(S, W, i: int) -> None:
    """Play the ``i``-th legal move in ``W.buf``: the compiled search's tree (:mod:`wararchive.players.ismcts_compiled`)."""
    W.G[G_LISTED] = i
    _play_on(S, W, PLAYER_LISTED, PLAYER_LISTED, W.G[G_PLY] + 1)


@njit(**LEAF, inline="always")
def _encode(frm: int, to: int, act: int, target: int, arg: int, cells: int, types: int) -> int:
    """A move (from, to, ``ACT_*``, target or -1, type or -1) as one number: the search's key for it."""
    return ((((frm * cells + to) * len(ACTIONS) + act) * (cells + 1) + target + 1) * (types + 1)) + arg + 1


@njit(**LEAF, inline="always")
def move_code(W, i: int) -> int:
    """The ``i``-th legal move as one number, as :func:`code_of` numbers an engine move."""
    row = W.buf[i]
    return _encode(row[0], row[1], row[2], row[3], row[4], W.kind.shape[0], W.left.shape[0])


def code_of(move, cells: int, type_index: dict[str, int]) -> int:
    """An engine ``Move`` on a board of ``cells`` cells (its ruleset's ``type_index``) as :func:`move_code` numbers it."""
    arg = type_index[move.arg] if move.arg else -1
    return _encode(move.frm, move.to, ACTIONS.index(move.action), move.target, arg, cells, len(type_index))


@njit(**LEAF)
def restore(S, W0, W) -> None:
    """:func:`_restore`, for callers outside this module: the compiled search's fresh world from its root."""
    _restore(S, W0, W)


@njit(**LEAF)
def play_on(S, W, players, until: int) -> None:
    """Play the position in ``W`` between ``players`` (``PLAYER_*`` per side, streams 3 and 4) until its end or ply ``until``."""
    _play_on(S, W, players[0], players[1], until)


@inner(LEAF)
def _play_on(S, W, kind0: int, kind1: int, until: int) -> None:
    """:func:`play_on` with each side's kind of player: the one compiled loop of plies every caller plays through.

    ``RandomPlayer.choose`` is ``choice(legal_moves)``; the greedy player's
    is :func:`_greedy`. The search's two: its playouts' policy (a fight it
    wins, else any move, both sides drawing from stream 3: :func:`playouts`)
    and the move its tree picked (``W.G[G_LISTED]``: :func:`play_listed`).
    A ply is one large body of code, inlined: in one loop it is compiled
    once (~35 s), where a loop per caller compiled it again for each.
    """
    while W.G[G_OVER] == 0 and W.G[G_PLY] < until:
        p, n = W.G[G_TO_MOVE], W.G[G_NMOVES]
        kind = kind0 if p == 0 else kind1
        if kind == PLAYER_GREEDY:
            i = _greedy(S, W, p, n)
        elif kind == PLAYER_PLAYOUT:
            k = _fights(S, W, p, n)
            i = W.best[mt.randbelow(W.rng[3], k)] if k else mt.randbelow(W.rng[3], n)
        elif kind == PLAYER_LISTED:
            i = W.G[G_LISTED]
        else:
            i = mt.randbelow(W.rng[3 + p], n)
        row = W.buf[i]
        _play(S, W, row[0], row[1], row[2], row[3], row[4])


@njit(**LEAF)
def play(S, W, players) -> None:
    """A whole game between ``players`` from the seeded streams in ``W.rng``."""
    new_game(S, W)
    if W.G[G_SETUP_FAILED] == 0:
        _play_on(S, W, players[0], players[1], S.P[P_PLY_LIMIT])


@inner(LEAF)
def _fights(S, W, p: int, n: int) -> int:
    """GreedyEvaluation.winning_fights of the ``n`` moves in ``W.buf`` into ``W.best``; returns how many.

    By the ranks on the board (every one: the search calls this only in a
    world whose hidden ranks are its guess), the combat table's outcome
    against the decider, or an occupation of the enemy's headquarters.
    """
    k, occupy = 0, S.P[P_OCCUPY_RULE] >= 0
    for i in range(n):
        c, x = W.buf[i, 0], W.buf[i, 1]
        if W.buf[i, 2] != ACT_PLAIN:  # ability moves (the map's strikes among them) are not judged
            continue
        target = _engaged(S, W, c, x, p)
        if target < 0:
            win = occupy and S.occupy[p, x]
        else:
            decider = _decider(S, W, target)[0]
            win = decider < 0 or S.outcome[W.kind[c], W.kind[decider]] == ATTACKER_WINS
        if win:
            W.best[k] = i
            k += 1
    return k


@njit(**LEAF)
def playouts(S, W0, W, plies: int, rng, me: int, advance: float, out) -> None:
    """ismcts.Playouts on the position in ``W0``, once per row of ``out``: (over, winner or -1, :func:`balance`).

    Each playout starts from a copy of ``W0`` in ``W`` and plays up to
    ``plies`` plies, each side taking a fight it wins, else any move, both
    drawing from the one stream ``rng`` (the search's playout stream,
    mirrored from its ``random.Random``): ``choice(wins or moves)``.
    """
    copy_into(W.rng[3], rng)  # the stream the playouts' policy draws from (_play_on), given back at the end
    for r in range(out.shape[0]):
        _restore(S, W0, W)
        _play_on(S, W, PLAYER_PLAYOUT, PLAYER_PLAYOUT, W.G[G_PLY] + plies)
        out[r, 0], out[r, 1], out[r, 2] = W.G[G_OVER], W.G[G_WINNER], balance(S, W, me, advance)
    copy_into(rng, W.rng[3])


@njit(**LEAF, inline="always")
def _restore(S, W0, W) -> None:
    """Copy the position in ``W0`` into ``W``: everything a playout reads (``W`` may hold another game's), and the legal moves."""
    for a, b in ((W.G, W0.G), (W.kind, W0.kind), (W.owner, W0.owner), (W.uid, W0.uid), (W.last_from, W0.last_from)):
        copy_into(a, b)
    for a, b in ((W.uid_owner, W0.uid_owner), (W.uid_kind, W0.uid_kind), (W.gas_at, W0.gas_at)):
        copy_into(a, b)
    for a, b in ((W.turn_moved, W0.turn_moved), (W.moved, W0.moved), (W.enter, W0.enter), (W.redeployed, W0.redeployed)):
        copy_into(a, b)
    for side in range(2):
        copy_into(W.known[side], W0.known[side])
        copy_into(W.spies[side], W0.spies[side])
    W.mark[:] = 0  # G_PASS and G_CSTAMP went back with G: no stamp of a discarded playout may survive
    W.cmark[:] = 0
    if S.P[P_HOOKS] == HOOKS_SOJ:  # the hooks' state, the held pieces, the fallen (the census reads them), the entry bars
        for u in range(W0.su.shape[0]):
            copy_into(W.su[u], W0.su[u])
        for i in range(W0.sg[soj.SG_NPEND]):
            copy_into(W.pend[i], W0.pend[i])
        for side in range(2):
            for t in range(W0.enter_by.shape[1]):
                copy_into(W.enter_by[side, t], W0.enter_by[side, t])
            for i in range(W0.ropen.shape[1]):
                copy_into(W.ropen[side, i], W0.ropen[side, i])
        copy_into(W.sg, W0.sg)
        copy_into(W.frozen, W0.frozen)
        copy_into(W.rem, W0.rem)
    for i in range(W0.G[G_NMOVES]):
        copy_into(W.buf[i], W0.buf[i])


@njit(**LEAF, inline="always")
def copy_into(dst, src) -> None:
    """``dst[:len(src)] = src`` as a loop: numba's slice assignment may allocate (against overlap), which a leaf may not."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@njit(**LEAF, inline="always")
def balance(S, W, me: int, advance: float) -> float:
    """ismcts's score of a position for ``me``: material less the enemy's, plus ``advance`` per row his mobile pieces lead by.

    Material is evaluation.material (added cell by cell, as there), the
    rows are ``row_from_back`` of each mobile piece: the same numbers in
    the same order as the reference scorer's.
    """
    mine, theirs, ahead = 0.0, 0.0, 0  # material per side, added cell by cell, and the rows mine lead by
    for c in range(W.kind.shape[0]):
        o = W.owner[c]
        if o < 0:
            continue
        t = W.kind[c]
        mobile = S.movement[t] != IMMOBILE
        if o == me:
            mine += S.worth[t]
            ahead += S.rows[o, c] if mobile else 0
        else:
            theirs += S.worth[t]
            ahead -= S.rows[o, c] if mobile else 0
    return mine - theirs + advance * ahead


@njit(**LEAF)
def play_batch(S, W, players, keys, seeds, out) -> None:
    """Play one game per row of ``keys`` (five seed keys each) and ``seeds``; ``out`` rows: plies, winner (-1 none), end rule."""
    for g in range(keys.shape[0]):
        for s in range(0 if S.P[P_HOOKS] == HOOKS_SPZ else 1, 5):  # only Spionaaž's hooks draw from the prepare stream
            mt.seed(W.rng[s], keys[g, s])
        W.sg[soj.SG_SEED] = seeds[g]  # Sõjamäng's deserters draw from a stream named by the seed and the ply
        play(S, W, players)
        out[g, 0], out[g, 1], out[g, 2] = W.G[G_PLY], W.G[G_WINNER], W.G[G_END_RULE]
