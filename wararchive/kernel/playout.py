"""Whole games on array state, compiled: the reference engine's mechanism, step for step, for random and greedy players.

Every function here mirrors one of :class:`~wararchive.engine.board_game.BoardGame`
(or of the hooks of the rulesets the kernel covers) and keeps its order of
work, because equality with the reference engine is the contract: the
legal moves in the same order (cells ascending, then north, east, south,
west), the same random draws (:mod:`.mt`), the same combats, reveals, rule
firings and end. What a game did is written to plain arrays (the moves,
an event log, the board before and after) that :mod:`.game` turns back
into the engine's records; the rules' data (combat table, pieces, board)
comes from the ruleset through :mod:`.tables`, never from here.

State of one game (:class:`Work`): ``kind``/``owner``/``uid`` per cell,
``enter`` per cell (water and volcanoes closed), per piece ``uid_owner``,
``uid_kind``, ``last_from``, ``turn_moved`` and ``moved`` (seen to move),
``known[side, uid]``, and ``G``, the scalars (ply, side to move, result…)
indexed by the ``G_*`` constants.

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

from . import mt
from .mt import ALLOCATING, LEAF

# Spec.P: the ruleset's mechanics and hook settings, by index
(
    P_HOOKS,
    P_DISPLACE,
    P_STRIKE_ANY,
    P_MPT,
    P_NO_RETURN,
    P_REVEAL,
    P_OCCUPY_RULE,
    P_NO_MOVES_RULE,
    P_PLY_LIMIT,
    P_LIMIT_RULE,
    P_UIDS,
    P_WIDTH,
    P_FLAG,
    P_MINE,
    P_SPY,
    P_MARSHAL,
    P_RANK_ONLY,
    P_BACKER_FALLS,
    P_MINE_ANY,
    P_R_FLAG_ALONE,
    P_R_FLAG_BACKER,
    P_R_FLAG_RANK,
    P_R_FLAG_TIE,
    P_VOLCANOES,
    P_R_UNMASK,
    P_R_VOLCANO,
    P_SIZE,
) = range(27)
HOOKS_NONE, HOOKS_JWG, HOOKS_SPZ = 0, 1, 2
NO_RETURN_NONE, NO_RETURN_PIECE, NO_RETURN_PLAYER = 0, 1, 2
STEP, SLIDE, IMMOBILE = 0, 1, 2
ATTACKER_WINS, DEFENDER_WINS, BOTH_REMOVED, NEITHER_REMOVED = 0, 1, 2, 3  # engine.combat.OUTCOMES order
NORTH, SOUTH = 0, 2  # board.FORWARD: north for side 0, south for side 1
PLAYER_RANDOM, PLAYER_GREEDY = 0, 1  # tables.PLAYERS' order
TIE = 1e-9  # GreedyPlayer's tolerance: values this close are equally good

# Work.G: one game's scalars
G_PLY, G_TO_MOVE, G_OVER, G_WINNER, G_END_RULE, G_ADJUDICATED, G_EVENTS, G_AUX, G_TURN_PLIES, G_SETUP_FAILED = range(10)
G_NMOVES, G_LAST0, G_LAST1, G_PASS, G_SPIES, G_NTURN, G_SCANNED = 10, 11, 12, 13, 14, 16, 17
G_TURN, G_SIZE = 18, 32  # G_TURN…: the uids moved this turn (room for 14)
SETUP_TRIES = 1000  # placing.random_placement's

# The event log, one row per event: ply, type, rule, then by type
E_COMBAT, E_REVEALED, E_END, E_BLOCKED = 0, 1, 2, 3
L_PLY, L_TYPE, L_RULE = 0, 1, 2
# combat: the cells, the pieces (uid, type; the decider -1 when it is the defender), outcome, via rule (-1 none),
# the removed uids (count, then up to three), the striking side
(L_ATT, L_DFN, L_A_UID, L_A_T, L_D_UID, L_D_T, L_DEC_UID, L_DEC_T, L_OUTCOME, L_VIA, L_NREM, L_REM0, L_REM1, L_REM2, L_SIDE) = (
    range(3, 18)
)
L_LEARNER, L_OFFSET, L_COUNT = 3, 4, 5  # revealed: the learner, aux rows (uid, type, cell); blocked: aux rows (cell, -, -)
L_WINNER = 3  # end: the winner, -1 for none
LOG_WIDTH = 18

Spec = namedtuple(
    "Spec", "P step around near movement outcome crule capture occupy water homes first allowed rest middle count exch worth rows"
)
"""A ruleset as arrays (built by :func:`wararchive.kernel.tables.spec`).

``count`` and ``exch`` are greedy's (army, exchanges); ``worth`` (each
type's value, 0 for a piece whose capture ends the game) and ``rows``
(each cell's row from each side's back) the search's (:func:`balance`).
"""

Work = namedtuple(
    "Work",
    "G kind owner uid enter uid_owner uid_kind last_from turn_moved moved known moves log aux buf mark spies rng start left best",
)
"""One game's state and output buffers, reused from game to game (:func:`work`)."""


def work(S: Spec) -> Work:
    """Buffers for games of ``S``, sized by its board, army and ply limit."""
    n, u, limit, width = S.step.shape[1], int(S.P[P_UIDS]), int(S.P[P_PLY_LIMIT]), int(S.P[P_WIDTH])
    reach = max(width, n // width)  # the most squares a slide passes
    events = 3 * limit + 8  # a ply logs at most one combat and two reveals; the start and the end one each
    i64 = np.int64
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
        moves=np.zeros((limit, 2), i64),
        log=np.zeros((events, LOG_WIDTH), i64),
        aux=np.zeros((2 * u + n, 3), i64),
        buf=np.zeros((4 * u * reach, 2), i64),
        mark=np.zeros(u, i64),
        spies=np.zeros((2, u), i64),
        rng=np.zeros((5, mt.STATE), i64),
        start=np.zeros((3, n), i64),
        left=np.zeros(S.count.shape[0], i64),
        best=np.zeros(4 * u * reach, i64),
    )


# -- events and the end ------------------------------------------------------------------------
@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _log(W, kind: int, rule: int) -> int:
    e = W.G[G_EVENTS]
    W.G[G_EVENTS] = e + 1
    row = W.log[e]
    row[:] = -1
    row[L_PLY], row[L_TYPE], row[L_RULE] = W.G[G_PLY], kind, rule
    return e


@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _finish(W, winner: int, rule: int, adjudicated: bool) -> None:
    W.G[G_OVER], W.G[G_WINNER], W.G[G_END_RULE], W.G[G_ADJUDICATED] = 1, winner, rule, adjudicated
    W.log[_log(W, E_END, rule), L_WINNER] = winner


# -- moves ---------------------------------------------------------------------------------------
@njit(**LEAF, inline="always")
def _generate(S, W, p: int) -> int:
    """BoardGame._generate for side ``p`` into ``W.buf``; returns how many."""
    n = 0
    displace, no_return = S.P[P_DISPLACE], S.P[P_NO_RETURN]
    step, owner, enter = S.step, W.owner, W.enter
    for c in range(step.shape[1]):
        if owner[c] != p:
            continue
        mv = S.movement[W.kind[c]]
        if mv == IMMOBILE:
            continue
        u = W.uid[c]
        if W.turn_moved[u]:
            continue
        back = W.last_from[u] if no_return else -1
        for d in range(4):
            x = step[d, c]
            while x >= 0 and enter[x]:
                o = owner[x]
                if o >= 0:
                    if displace and o != p and x != back:
                        W.buf[n, 0], W.buf[n, 1] = c, x
                        n += 1
                    break
                if x != back:
                    W.buf[n, 0], W.buf[n, 1] = c, x
                    n += 1
                if mv != SLIDE:
                    break
                x = step[d, x]
    W.G[G_NMOVES] = n
    return n


@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _is_forward(S, c: int, x: int, p: int) -> bool:
    """board.move_is_forward: towards the enemy, i.e. to a row further from ``p``'s back row (``S.rows``)."""
    return S.rows[p, x] > S.rows[p, c]


# -- the board under the rules ------------------------------------------------------------------
@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _relocate(W, c: int, x: int) -> None:
    W.kind[x], W.owner[x], W.uid[x] = W.kind[c], W.owner[c], W.uid[c]
    W.kind[c] = W.owner[c] = W.uid[c] = -1


@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _remove(W, c: int) -> int:
    u = W.uid[c]
    W.kind[c] = W.owner[c] = W.uid[c] = -1
    return u


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


@njit(**LEAF)
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
                W.aux[a, 0], W.aux[a, 1], W.aux[a, 2] = u, W.kind[x], x
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
def _apply(S, W, c: int, x: int) -> None:
    """BoardGame._apply (plain moves: the covered rulesets have no abilities), then the end of the ply."""
    P = S.P
    p = W.G[G_TO_MOVE]
    u = W.uid[c]
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
    target = _engaged(S, W, c, x, p)
    if target == x:  # onto the enemy
        _collide(S, W, c, x, p, True)
    else:
        _relocate(W, c, x)
        if target >= 0:  # face to face with him
            _collide(S, W, x, target, p, False)
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
    switch = W.G[G_TURN_PLIES] >= S.P[P_MPT] or _generate(S, W, p) == 0
    if switch:
        W.G[G_TO_MOVE], W.G[G_TURN_PLIES] = 1 - p, 0
        for i in range(W.G[G_NTURN]):
            W.turn_moved[W.G[G_TURN + i]] = False
        W.G[G_NTURN] = 0
        if _generate(S, W, 1 - p) == 0:
            _finish(W, p, S.P[P_NO_MOVES_RULE], False)
            return
    if W.G[G_PLY] >= S.P[P_PLY_LIMIT]:
        _finish(W, -1, S.P[P_LIMIT_RULE], True)


# -- setting up ----------------------------------------------------------------------------------
@njit(**ALLOCATING)
def _place(S, W, p: int, rng) -> bool:
    """placing.random_placement for side ``p`` from its stream; False if no setup was found."""
    homes = S.homes[p]
    h = 0
    while h < homes.shape[0] and homes[h] >= 0:
        h += 1
    army = S.first.shape[0] + S.rest.shape[0]
    free = np.empty(h, np.int64)
    put = np.full(S.step.shape[1], -1, np.int64)
    for _ in range(SETUP_TRIES):
        put[:] = -1
        ok = True
        for i in range(S.first.shape[0]):
            m = 0
            for k in range(h):
                if S.allowed[p, i, homes[k]] and put[homes[k]] < 0:
                    free[m] = homes[k]
                    m += 1
            if m == 0:
                ok = False
                break
            put[free[mt.randbelow(rng, m)]] = S.first[i]
        if not ok:
            continue
        m = 0
        for k in range(h):
            if put[homes[k]] < 0:
                free[m] = homes[k]
                m += 1
        mt.shuffle(rng, free, m)
        for k in range(min(m, S.rest.shape[0])):
            put[free[k]] = S.rest[k]
        if S.first.shape[0] + min(m, S.rest.shape[0]) == army:
            for c in range(put.shape[0]):
                if put[c] >= 0:
                    W.kind[c], W.owner[c] = put[c], p
            return True
    return False


@njit(**ALLOCATING)
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
            W.uid_kind[u] = W.kind[c]  # the covered rulesets never change a piece's type
            u += 1
    W.start[0, :], W.start[1, :], W.start[2, :] = W.kind, W.owner, W.uid
    if _generate(S, W, 0) == 0:
        _finish(W, 1, S.P[P_NO_MOVES_RULE], False)


@njit(**LEAF)
def resume(S, W) -> None:
    """The legal moves of a position written into ``W`` (:func:`wararchive.kernel.position.load`), as new_game leaves them."""
    _generate(S, W, W.G[G_TO_MOVE])


# -- the players ---------------------------------------------------------------------------------
@njit(**LEAF)
def _greedy(S, W, p: int, n: int) -> int:
    """GreedyPlayer.choose among the ``n`` moves in ``W.buf``: the best by ``move_values`` from ``p``'s view, ties drawn.

    The view's arithmetic, kept: the enemy pieces ``p`` cannot account for
    are the army less every enemy piece whose rank he knows (on the board or
    taken: the covered rulesets neither add nor transform pieces, so these
    are the view's cells and removals); a fight is the mean of ``exch`` over
    the defender's possible types, in type order (the dict's), and each move
    adds 0.01 for going forward.
    """
    left, T = W.left, S.count.shape[0]
    copy_into(left, S.count)
    for u in range(W.uid_owner.shape[0]):
        if W.uid_owner[u] == 1 - p and W.known[p, u]:
            left[W.uid_kind[u]] -= 1
    everyone, mobile = 0, 0
    for t in range(T):
        if left[t] > 0:
            everyone += left[t]
            if S.movement[t] != IMMOBILE:
                mobile += left[t]
    occupy = S.P[P_OCCUPY_RULE] >= 0
    best, nbest = 0.0, 0
    for i in range(n):
        c, x = W.buf[i, 0], W.buf[i, 1]
        advance = 0.01 * (1 if _is_forward(S, c, x, p) else 0)
        target = _engaged(S, W, c, x, p)
        if target < 0:
            v = 1000.0 if occupy and S.occupy[p, x] else advance
        else:
            a, u = W.kind[c], W.uid[target]
            value = 0.0
            if W.known[p, u]:
                value += 1 * S.exch[a, W.kind[target]]
                total = 1
            else:
                only_mobile = W.moved[u]
                total = mobile if only_mobile else everyone
                if total == 0:  # sum(...) or 1: nothing left to fear is worth nothing
                    total = 1
                for t in range(T):
                    if left[t] > 0 and (S.movement[t] != IMMOBILE or not only_mobile):
                        value += left[t] * S.exch[a, t]
            v = value / total + advance
        if nbest == 0 or v > best + TIE:
            best, nbest = v, 1
            W.best[0] = i
        elif abs(v - best) <= TIE:
            W.best[nbest] = i
            nbest += 1
    return W.best[mt.randbelow(W.rng[3 + p], nbest)]


@njit(**LEAF, inline="always")
def _play(S, W, c: int, x: int) -> None:
    """Game.play of the move ``c``-``x`` (a legal one): recorded, then applied."""
    ply = W.G[G_PLY]
    W.moves[ply, 0], W.moves[ply, 1] = c, x
    W.G[G_PLY] = ply + 1
    _apply(S, W, c, x)


@njit(**LEAF, inline="always")
def _step(S, W, i: int) -> None:
    """:func:`_play` of the ``i``-th legal move in ``W.buf``."""
    _play(S, W, W.buf[i, 0], W.buf[i, 1])


@njit(**LEAF)
def play_move(S, W, c: int, x: int) -> None:
    """:func:`_play`, for callers outside this module: the compiled search's tree (:mod:`wararchive.players.ismcts_compiled`)."""
    _play(S, W, c, x)


@njit(**LEAF)
def restore(W0, W) -> None:
    """:func:`_restore`, for callers outside this module: the compiled search's fresh world from its root."""
    _restore(W0, W)


@njit(**LEAF)
def play_on(S, W, players, until: int) -> None:
    """Play the position in ``W`` on between ``players`` (``PLAYER_*`` per side, streams 3 and 4) until its end or ply ``until``.

    ``RandomPlayer.choose`` is ``choice(legal_moves)``; the greedy player's is :func:`_greedy`.
    """
    while W.G[G_OVER] == 0 and W.G[G_PLY] < until:
        p, n = W.G[G_TO_MOVE], W.G[G_NMOVES]
        _step(S, W, _greedy(S, W, p, n) if players[p] == PLAYER_GREEDY else mt.randbelow(W.rng[3 + p], n))


@njit(**LEAF)
def play(S, W, players) -> None:
    """A whole game between ``players`` from the seeded streams in ``W.rng``."""
    new_game(S, W)
    if W.G[G_SETUP_FAILED] == 0:
        play_on(S, W, players, S.P[P_PLY_LIMIT])


@njit(**LEAF)
def _fights(S, W, p: int, n: int) -> int:
    """GreedyEvaluation.winning_fights of the ``n`` moves in ``W.buf`` into ``W.best``; returns how many.

    By the ranks on the board (every one: the search calls this only in a
    world whose hidden ranks are its guess), the combat table's outcome
    against the decider, or an occupation of the enemy's headquarters.
    """
    k, occupy = 0, S.P[P_OCCUPY_RULE] >= 0
    for i in range(n):
        c, x = W.buf[i, 0], W.buf[i, 1]
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
    for r in range(out.shape[0]):
        _restore(W0, W)
        for _ in range(plies):
            if W.G[G_OVER]:
                break
            p, n = W.G[G_TO_MOVE], W.G[G_NMOVES]
            k = _fights(S, W, p, n)
            _step(S, W, W.best[mt.randbelow(rng, k)] if k else mt.randbelow(rng, n))
        out[r, 0], out[r, 1], out[r, 2] = W.G[G_OVER], W.G[G_WINNER], balance(S, W, me, advance)


@njit(**LEAF, inline="always")
def _restore(W0, W) -> None:
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
    for i in range(W0.G[G_NMOVES]):
        W.buf[i, 0], W.buf[i, 1] = W0.buf[i, 0], W0.buf[i, 1]


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
def play_batch(S, W, players, keys, out) -> None:
    """Play one game per row of ``keys`` (five seed keys each); ``out`` rows: plies, winner (-1 none), end rule."""
    for g in range(keys.shape[0]):
        for s in range(0 if S.P[P_HOOKS] == HOOKS_SPZ else 1, 5):  # only Spionaaž's hooks draw from the prepare stream
            mt.seed(W.rng[s], keys[g, s])
        play(S, W, players)
        out[g, 0], out[g, 1], out[g, 2] = W.G[G_PLY], W.G[G_WINNER], W.G[G_END_RULE]
