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

A ruleset's hooks change the mechanism where the engine's hooks do: each
such place here calls :mod:`.hooks` (``hooks.decider``, ``hooks.perform``,
``hooks.after_move``…), which answers for the ruleset's compiled family
(:mod:`.families`); nothing here names a game. The map game's hooks make
every move on its point board; Sõjamäng's add ability moves, whose
fifth column is their argument (a named rank, a reinforcement's type).

The layout of ``Spec.P``, ``Work.G`` and the event log, and the
primitives that change the board and log what happened, are
:mod:`.layout`'s (imported here, so callers read them from this module
too).

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

import numpy as np
from numba import njit

from . import families, hooks, mt
from .families import sojamang as soj
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
    G_DIRTY as G_DIRTY,
    G_END_RULE as G_END_RULE,
    G_EVENTS as G_EVENTS,
    G_GASSED as G_GASSED,
    G_KEPT as G_KEPT,
    G_LAST0 as G_LAST0,
    G_LAST1 as G_LAST1,
    G_LEAD_CHANGES as G_LEAD_CHANGES,
    G_LEADER as G_LEADER,
    G_LISTED as G_LISTED,
    G_NMOVES as G_NMOVES,
    G_NREMOVED as G_NREMOVED,
    G_NTURN as G_NTURN,
    G_OVER as G_OVER,
    G_PASS as G_PASS,
    G_PLY as G_PLY,
    G_SCANNED as G_SCANNED,
    G_SEED as G_SEED,
    G_SETUP_FAILED as G_SETUP_FAILED,
    G_SIZE as G_SIZE,
    G_SPIES as G_SPIES,
    G_TO_MOVE as G_TO_MOVE,
    G_TRACK as G_TRACK,
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
    L_KEPT as L_KEPT,
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
    L_RULE_ELSE as L_RULE_ELSE,
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
    NOT_PERFORMED as NOT_PERFORMED,
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
    P_PREPARE_DRAWS as P_PREPARE_DRAWS,
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
    P_TYPED as P_TYPED,
    P_UIDS as P_UIDS,
    P_VOLCANOES as P_VOLCANOES,
    P_WIDTH as P_WIDTH,
    PERFORMED as PERFORMED,
    PLAYER_GREEDY as PLAYER_GREEDY,
    PLAYER_LISTED as PLAYER_LISTED,
    PLAYER_PLAYOUT as PLAYER_PLAYOUT,
    PLAYER_RANDOM as PLAYER_RANDOM,
    SETUP_TRIES as SETUP_TRIES,
    SLIDE as SLIDE,
    SOUTH as SOUTH,
    STEP as STEP,
    TIE as TIE,
    Spec as Spec,
    Work as Work,
    _add as _add,
    _cell_of as _cell_of,
    _finish as _finish,
    _log as _log,
    _relocate as _relocate,
    _remove as _remove,
    copy_into as copy_into,
    reveal as reveal,
)
from .mt import ALLOCATING, LEAF, inner


def work(S: Spec) -> Work:
    """Buffers for games of ``S``, sized by its board, army and ply limit."""
    n, u, limit = S.step.shape[1], int(S.P[P_UIDS]), int(S.P[P_PLY_LIMIT])
    rows, events, aux = families.family(int(S.P[P_HOOKS])).buffers(S)
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
    n = hooks.moves(S, W, p)
    if n >= 0:  # the hooks made every move (a point board)
        return n
    if hooks.forced_moves(S, W, p):
        W.G[G_NMOVES] = 1
        return 1
    typed = S.P[P_TYPED]  # the entry tables per side and type; ability moves among the plain ones' rows
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
            while x >= 0 and enter[x] and (not typed or W.enter_by[p, t, x]):
                o = owner[x]
                if o >= 0:
                    if displace and o != p and x != back:
                        W.buf[n, 0], W.buf[n, 1] = c, x
                        n += 1
                    break
                if x != back:
                    if typed:  # the rows ability moves wrote before need their action and target cleared
                        n = _add(W, n, c, x, ACT_PLAIN, -1)
                    else:
                        W.buf[n, 0], W.buf[n, 1] = c, x
                        n += 1
                if mv != SLIDE:
                    break
                x = step[d, x]
    n = hooks.extra_moves(S, W, p, n)
    W.G[G_NMOVES] = n
    return n


@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _is_forward(S, c: int, x: int, p: int) -> bool:
    """board.move_is_forward (a row further from ``p``'s back row; on a map, heading towards the enemy), as a table."""
    return S.fwd[p, c, x]


# -- the board under the rules ------------------------------------------------------------------
@inner(LEAF)
def _collide(S, W, att: int, dfn: int, p: int, displace: bool) -> None:
    """BoardGame.collide: the decider's rank against the attacker's, as the hooks resolve it; what it wins; after_combat."""
    P = S.P
    a_t, d_t = W.kind[att], W.kind[dfn]
    decider, via = hooks.decider(S, W, dfn)
    if decider < 0:
        outcome, rule = ATTACKER_WINS, via
    else:
        outcome, rule = S.outcome[a_t, W.kind[decider]], S.crule[a_t, W.kind[decider]]
    t_outcome, t_rule = outcome, rule
    W.G[G_KEPT] = -1
    outcome, rule = hooks.resolve(S, W, att, dfn, outcome, rule)
    e = _log(W, E_COMBAT, rule)
    row = W.log[e]
    if W.G[G_KEPT] >= 0:
        row[L_KEPT], row[L_RULE_ELSE] = W.G[G_KEPT], t_rule if outcome == t_outcome else -1
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
    if W.G[G_OVER] == 0:
        hooks.after_combat(S, W, att, dfn, p, e)


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
    """BoardGame._apply: the piece marked as moved, the move made (by the hooks or the shared step), after_move, the ply's end."""
    P = S.P
    p = W.G[G_TO_MOVE]
    u = W.uid[c]
    if u >= 0:  # Sõjamäng's deserter and reinforcement come onto an empty square: no piece has moved
        if x != c:  # a strike or a battery's fire from where the piece stands is no move
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
    struck = hooks.perform(S, W, c, x, act, aim, arg, p)
    if struck == NOT_PERFORMED:
        target = _engaged(S, W, c, x, p)
        if target == x:  # onto the enemy
            _collide(S, W, c, x, p, True)
        else:
            _relocate(W, c, x)
            if target >= 0:  # face to face with him
                _collide(S, W, x, target, p, False)
    elif struck >= 0:  # the hooks brought the piece to x, from where it strikes
        _collide(S, W, x, struck, p, False)
    struck = hooks.after_move(S, W, c, x, act, p)
    if struck >= 0:  # a fight the move's end starts (the Japanese War Game's mine)
        _collide(S, W, x, struck, p, False)
    if W.G[G_OVER] == 0 and P[P_OCCUPY_RULE] >= 0 and S.occupy[p, x] and W.owner[x] == p:
        _finish(W, p, P[P_OCCUPY_RULE], False)
    _end_ply(S, W, p)


@njit(**LEAF, inline="always")
def _end_ply(S, W, p: int) -> None:
    """BoardGame._end_ply: the turn passes after its plies or when the side can move no more; the ply limit."""
    if W.G[G_OVER]:
        return
    W.G[G_TURN_PLIES] += 1
    if W.G[G_TURN_PLIES] >= S.P[P_MPT] and hooks.owed_ply(S, W, p):  # the same side begins another turn
        W.G[G_TURN_PLIES] = 0
        _new_turn(W)
        hooks.turn_start(S, W, p)
    switch = W.G[G_TURN_PLIES] >= S.P[P_MPT] or _generate(S, W, p) == 0
    if switch:
        W.G[G_TO_MOVE], W.G[G_TURN_PLIES] = 1 - p, 0
        _new_turn(W)
        hooks.turn_start(S, W, 1 - p)
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
        if min(m, nrest) == nrest and hooks.setup_ok(S, put, p):
            for c in range(put.shape[0]):
                if put[c] >= 0:
                    W.kind[c], W.owner[c] = put[c], p
            return True
    return False


@inner(ALLOCATING)
def new_game(S, W) -> None:
    """BoardGame.__init__ from the seeded streams in ``W.rng`` (0 prepare, 1-2 setups, 3-4 players)."""
    seed = W.G[G_SEED]  # set by the caller
    W.G[:] = 0
    W.G[G_SEED] = seed
    W.G[G_WINNER] = W.G[G_END_RULE] = W.G[G_LAST0] = W.G[G_LAST1] = -1
    W.kind[:] = -1
    W.owner[:] = -1
    W.uid[:] = -1
    W.last_from[:] = -1
    W.turn_moved[:] = False
    W.moved[:] = False
    W.known[:] = False
    W.mark[:] = 0
    W.frozen[:] = False
    W.enter_by[:, :, :] = S.enter_side
    for c in range(W.enter.shape[0]):
        W.enter[c] = not S.water[c]
    hooks.prepare(S, W)
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
    hooks.begin(S, W)
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


@njit(**LEAF, inline="always")
def view_counts(S, W, p: int) -> tuple[int, int]:
    """The enemy pieces ``p`` cannot account for, per type into ``W.left``; returns (how many, how many of them mobile).

    The view's arithmetic, kept: the army less every enemy piece whose
    rank ``p`` knows, on the board as it is now and among the fallen as it
    fell (the view's cells and removals: ``uid_kind`` follows promotions,
    ``uid_owner`` a piece gone over). Greedy's judgement of a move
    (:func:`move_value`) reads it.
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
    return everyone, mobile


@njit(**LEAF, inline="always")
def move_value(S, W, i: int, p: int, everyone: int, mobile: int) -> float:
    """GreedyEvaluation.move_values of ``W.buf``'s ``i``-th move for ``p`` (:func:`view_counts` first, for ``W.left``).

    The ability moves are worth what the hooks' ``action_value`` says
    (Sõjamäng's: :func:`.sojamang.action_value`); a strike, an armed attack
    or a reconnaissance is judged as the fight it starts; a fight is
    :func:`_fight_value`, and each move adds 0.01 for going forward.
    """
    c, x, act = W.buf[i, 0], W.buf[i, 1], W.buf[i, 2]
    advance = 0.01 * (1 if _is_forward(S, c, x, p) else 0)
    v = hooks.action_value(S, W, i, p, everyone)
    if v != v:  # NaN: a plain move, the map's strike, Sõjamäng's armed attack or look: the fight it starts (if any)
        target = W.buf[i, 3] if act != ACT_PLAIN else _engaged(S, W, c, x, p)
        if target >= 0:
            v = _fight_value(S, W, c, target, p, mobile, everyone) + advance
        else:
            v = 1000.0 if S.P[P_OCCUPY_RULE] >= 0 and S.occupy[p, x] else advance
    return v


@inner(LEAF)
def _greedy(S, W, p: int, n: int) -> int:
    """GreedyPlayer.choose among the ``n`` moves in ``W.buf``: the best by ``move_values`` from ``p``'s view, ties drawn."""
    everyone, mobile = view_counts(S, W, p)
    best, nbest = 0.0, 0
    for i in range(n):
        v = move_value(S, W, i, p, everyone, mobile)
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
        if W.G[G_TRACK] and W.G[G_DIRTY]:  # only a ply that took, brought or changed a piece can change who leads
            _lead(S, W)


@njit(**LEAF)
def play(S, W, players, track: bool) -> None:
    """A whole game between ``players`` from the seeded streams in ``W.rng``; ``track``: follow the lead (:func:`_lead`)."""
    new_game(S, W)
    if W.G[G_SETUP_FAILED] == 0:
        W.G[G_TRACK], W.G[G_LEADER] = track, -1
        _lead(S, W)
        _play_on(S, W, players[0], players[1], S.P[P_PLY_LIMIT])


@inner(LEAF)
def _lead(S, W) -> None:
    """:func:`wararchive.study.run.lead_changes` one ply on: who is ahead in material now, and whether that changed.

    Material as :func:`balance` adds it (each side's pieces cell by cell,
    the piece whose capture ends the game not counted), so the sums are the
    reference's to the last bit; a level position changes nobody's lead.
    """
    mine, theirs = 0.0, 0.0
    for c in range(W.kind.shape[0]):
        o = W.owner[c]
        if o == 0:
            mine += S.worth[W.kind[c]]
        elif o == 1:
            theirs += S.worth[W.kind[c]]
    W.G[G_DIRTY] = 0
    if mine == theirs:
        return
    leader = 0 if mine > theirs else 1
    if W.G[G_LEADER] >= 0 and leader != W.G[G_LEADER]:
        W.G[G_LEAD_CHANGES] += 1
    W.G[G_LEADER] = leader


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
            decider = hooks.decider(S, W, target)[0]
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
    for a, b in ((W.uid_owner, W0.uid_owner), (W.uid_kind, W0.uid_kind)):
        copy_into(a, b)
    for a, b in ((W.turn_moved, W0.turn_moved), (W.moved, W0.moved), (W.enter, W0.enter)):
        copy_into(a, b)
    for side in range(2):
        copy_into(W.known[side], W0.known[side])
        copy_into(W.spies[side], W0.spies[side])
    W.mark[:] = 0  # G_PASS went back with G: no stamp of a discarded playout may survive
    hooks.copy_state(S, W0, W)
    for i in range(W0.G[G_NMOVES]):
        copy_into(W.buf[i], W0.buf[i])


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


OUT_PLY, OUT_WINNER, OUT_END_RULE, OUT_ADJUDICATED, OUT_SETUP_FAILED, OUT_LEAD_CHANGES = range(6)
OUT_WIDTH = 6
"""The columns of :func:`play_block`'s ``out``: one row of a game's scalars per seed."""


@njit(**LEAF)
def play_block(S, W, players, keys, seeds, out, fired, start, end, cells, blocked) -> None:
    """Play one game per row of ``keys`` (five seed keys each) and ``seeds``, keeping what a study reads of each.

    Per game: ``out`` its scalars (:data:`OUT_PLY` …), ``fired`` how often
    each rule fired, ``start`` and ``end`` the armies (side, type) at the
    start and the end, ``cells`` the board at the start (kind, owner, uid
    per cell) and ``blocked`` the cells the preparation blocked. The
    facts are copied out of the game's buffers after each game, so a block
    of thousands of seeds builds no record (``kernel.play`` builds one per
    game, for whoever asks for a whole game).
    """
    n = W.kind.shape[0]
    for g in range(keys.shape[0]):
        for s in range(0 if S.P[P_PREPARE_DRAWS] else 1, 5):  # only some hooks draw from the prepare stream
            mt.seed(W.rng[s], keys[g, s])
        W.G[G_SEED] = seeds[g]
        play(S, W, players, True)
        out[g, OUT_SETUP_FAILED] = W.G[G_SETUP_FAILED]
        if W.G[G_SETUP_FAILED]:
            continue
        out[g, OUT_PLY], out[g, OUT_WINNER], out[g, OUT_END_RULE] = W.G[G_PLY], W.G[G_WINNER], W.G[G_END_RULE]
        out[g, OUT_ADJUDICATED], out[g, OUT_LEAD_CHANGES] = W.G[G_ADJUDICATED], W.G[G_LEAD_CHANGES]
        first_blocked = -1
        for e in range(W.G[G_EVENTS]):
            fired[g, W.log[e, L_RULE]] += 1
            if first_blocked < 0 and W.log[e, L_TYPE] == E_BLOCKED:
                first_blocked = e
        for c in range(n):
            cells[g, 0, c], cells[g, 1, c], cells[g, 2, c] = W.start[0, c], W.start[1, c], W.start[2, c]
            if W.start[1, c] >= 0:
                start[g, W.start[1, c], W.start[0, c]] += 1
            if W.owner[c] >= 0:
                end[g, W.owner[c], W.kind[c]] += 1
        if first_blocked >= 0:
            at = W.log[first_blocked, L_OFFSET]
            for i in range(W.log[first_blocked, L_COUNT]):
                blocked[g, i] = W.aux[at + i, 0]
