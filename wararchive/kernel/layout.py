"""The kernel's array layout, and the few primitives every part of it writes through.

The arrays of a ruleset (:class:`Spec`) and of a game (:class:`Work`); the
index constants of a ruleset's settings (``Spec.P``: ``P_*``), of a game's
scalars (``Work.G``: ``G_*``) and of its event log (``E_*``, ``L_*``); the
codes of moves, hooks and outcomes; and the primitives that change the
board or log what happened (:func:`_log`, :func:`_finish`,
:func:`_relocate`, :func:`_remove`, :func:`_cell_of`, :func:`reveal`,
:func:`_add`, :func:`copy_into`). They sit below both :mod:`.playout` (the
shared mechanism) and the compiled hooks of :mod:`.families`: the mechanism
calls the hooks through :mod:`.hooks`, and a hook never calls the
mechanism (a strike it makes is a cell it hands back to fight).
"""

from __future__ import annotations

from collections import namedtuple

from numba import njit

from .mt import LEAF, inner

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
"""One game's state and output buffers, reused from game to game (:func:`wararchive.kernel.playout.work`)."""

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
    P_MAP_GAS,
    P_MAP_FLYER,
    P_SAME_MOVE,
    P_TWO_MOVES,
    P_GAS_WIDE,
    P_FLYER_BLOCKED,
    P_FORWARD_ONLY,
    P_OWN_AREA,
    P_REVEAL_BOTH,
    P_NO_LANDING0,
    P_NO_LANDING1,
    P_R_ASK,
    P_R_RECON,
    P_R_RESERVE,
    P_R_REDEPLOY,
    P_R_GAS_SEEN,
    P_R_GAS,
    P_R_GAS_LOST,
    P_R_STRATEGIC,
    P_SOJ_FULL,
    P_SOJ_REFEREE,
    P_SOJ_QUIET,
    P_SOJ_FLAG_ROW,
    P_SOJ_ALL_MINED,
    P_SOJ_DEF_FIRST,
    P_SOJ_MOVE_FIRE,
    P_SOJ_BOMB_IMMUNE,
    P_SOJ_THROUGHOUT,
    P_SOJ_TEN_OWN,
    P_SOJ_EIGHT,
    P_TYPED,
    P_PREPARE_DRAWS,
    P_SIZE,
) = range(59)
# the compiled hooks families, in kernel.families.FAMILIES' order (P_HOOKS: which one plays the ruleset)
HOOKS_NONE, HOOKS_JWG, HOOKS_SPZ, HOOKS_MAP, HOOKS_SOJ = range(5)
PERFORMED, NOT_PERFORMED = -1, -2  # hooks.perform: the hooks made the move; the shared step makes it (else: a cell to strike)
# A move is a row (from, to, action, target, argument: a type); a plain move's action 0, target and argument -1.
ACT_PLAIN, ACT_ATTACK, ACT_RECON, ACT_ENTER, ACT_WITHDRAW, ACT_REDEPLOY = range(6)
ACTIONS = (  # the engine's Move.action, by ACT_*: the plain move, the map game's, Sõjamäng's (kernel.families.sojamang)
    *("", "attack", "recon", "enter", "withdraw", "redeploy"),
    *("fire", "fly", "return", "gas", "mg", "grenade", "rescue", "cabaret", "desert", "rearrange", "reinforce"),
)
LINE_STEP, LINE_FLYER, LINE_TRAIN = 0, 1, 2  # how a map piece moves: steps along lines, or whole straight runs
NO_RETURN_NONE, NO_RETURN_PIECE, NO_RETURN_PLAYER = 0, 1, 2
STEP, SLIDE, IMMOBILE = 0, 1, 2
ATTACKER_WINS, DEFENDER_WINS, BOTH_REMOVED, NEITHER_REMOVED = 0, 1, 2, 3  # engine.combat.OUTCOMES order
NORTH, SOUTH = 0, 2  # board.FORWARD: north for side 0, south for side 1
PLAYER_RANDOM, PLAYER_GREEDY = 0, 1  # tables.PLAYERS' order
PLAYER_PLAYOUT, PLAYER_LISTED = 2, 3  # the search's: its playouts' policy, its tree's move (playout._play_on)
TIE = 1e-9  # GreedyPlayer's tolerance: values this close are equally good

# Work.G: one game's scalars
G_PLY, G_TO_MOVE, G_OVER, G_WINNER, G_END_RULE, G_ADJUDICATED, G_EVENTS, G_AUX, G_TURN_PLIES, G_SETUP_FAILED = range(10)
G_NMOVES, G_LAST0, G_LAST1, G_PASS, G_SPIES, G_NTURN, G_SCANNED = 10, 11, 12, 13, 14, 16, 17
G_GASSED, G_CSTAMP = 18, 20  # the map game: each side's pieces caught by gas (a count per side); the last cell stamp
G_NREMOVED = 21  # how many pieces have left the board (W.rem lists them in order)
G_LISTED = 22  # the legal move the search's tree plays next (playout.play_listed)
G_SEED = 23  # the game's seed (streams named by it and the ply: Sõjamäng's deserters)
G_STRUCK = 24  # the defender's and the attacker's uids of a strike the hooks made (two slots), for after_move
G_TRACK = 26  # 1 while a block of a study's games runs: the material lead is followed ply by ply (playout.play_block)
G_DIRTY = 27  # a piece left, came, changed type or side since the lead was last judged
G_LEADER = 28  # the side last ahead in material (0 south/first, 1, or -1 none yet)
G_LEAD_CHANGES = 29  # how often the side ahead changed (wararchive.study.run.lead_changes)
G_KEPT = 30  # while the hooks resolve a combat: -1, or the sides (a mask: 1 first, 2 second) the rule is kept to (keep_rule)
G_TURN, G_SIZE = 31, 45  # G_TURN…: the uids moved this turn (room for 14)
SETUP_TRIES = 1000  # placing.random_placement's

# The event log, one row per event: ply, type, rule, then by type
E_COMBAT, E_REVEALED, E_END, E_BLOCKED, E_NOTE, E_GAS, E_SOJ = 0, 1, 2, 3, 4, 5, 6
L_PLY, L_TYPE, L_RULE = 0, 1, 2
# combat: the cells, the pieces (uid, type; the decider -1 when it is the defender), outcome, via rule (-1 none),
# the removed uids (count, then up to three), the striking side
(L_ATT, L_DFN, L_A_UID, L_A_T, L_D_UID, L_D_T, L_DEC_UID, L_DEC_T, L_OUTCOME, L_VIA, L_NREM, L_REM0, L_REM1, L_REM2, L_SIDE) = (
    range(3, 18)
)
L_LEARNER, L_OFFSET, L_COUNT = 3, 4, 5  # revealed: the learner, aux rows (uid, type, cell, side); blocked: aux rows (cell…)
L_WINNER = 3  # end: the winner, -1 for none
# a note (the map game's events of a side and one or two cells): which (NOTES), the side, the cells (-1: none)
L_NOTE, L_N_SIDE, L_CELL0, L_CELL1 = 3, 4, 5, 6
NOTES = ("reveal", "enter", "withdraw", "redeploy", "gas-lost")  # the events' types, by N_*
N_REVEAL, N_ENTER, N_WITHDRAW, N_REDEPLOY, N_GAS_LOST = range(5)
L_GAS_SIDE, L_GAS_CELL = 3, 6  # gas: the side that released it, its cell; the caught cells are aux rows (L_OFFSET, L_COUNT)
# combat, where the hooks kept its rule to some sides (BoardGame.keep_rule): their mask (-1: not kept), and the rule
# the others read (-1: hidden)
L_KEPT, L_RULE_ELSE = 18, 19
LOG_WIDTH = 20


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


# -- the board under the rules ------------------------------------------------------------------
@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _relocate(W, c: int, x: int) -> None:
    W.kind[x], W.owner[x], W.uid[x] = W.kind[c], W.owner[c], W.uid[c]
    W.kind[c] = W.owner[c] = W.uid[c] = -1


@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _remove(W, c: int) -> int:
    """BoardGame._remove: the piece on ``c`` leaves the board (listed in ``W.rem``), held by nothing; returns its uid."""
    u = W.uid[c]
    W.kind[c] = W.owner[c] = W.uid[c] = -1
    W.G[G_DIRTY] = 1
    W.rem[W.G[G_NREMOVED]] = u
    W.G[G_NREMOVED] += 1
    W.frozen[u] = False
    return u


@njit(**LEAF, inline="always")
def _cell_of(W, u: int) -> int:
    """BoardGame.cell_of: the cell piece ``u`` stands on, or -1 once it is off the board."""
    for c in range(W.uid.shape[0]):
        if W.uid[c] == u:
            return c
    return -1


@inner(LEAF)
def reveal(W, learner: int, u: int, u2: int, rule: int) -> bool:
    """BoardGame.reveal of ``u`` (and ``u2`` unless -1) to ``learner``: one event naming those he did not know, if any."""
    e = -1
    for i in range(2):
        v = u if i == 0 else u2
        if v < 0 or W.known[learner, v] or W.uid_owner[v] == learner or (i == 1 and v == u):
            continue
        W.known[learner, v] = True
        if e < 0:
            e = _log(W, E_REVEALED, rule)
            W.log[e, L_LEARNER], W.log[e, L_OFFSET], W.log[e, L_COUNT] = learner, W.G[G_AUX], 0
        a = W.G[G_AUX]
        W.aux[a, 0], W.aux[a, 1], W.aux[a, 2], W.aux[a, 3] = v, W.uid_kind[v], _cell_of(W, v), W.uid_owner[v]
        W.G[G_AUX] = a + 1
        W.log[e, L_COUNT] += 1
    return e >= 0


@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _add(W, n: int, c: int, x: int, act: int, aim: int) -> int:
    """Write the move (``c``, ``x``, ``act``, ``aim``) as ``W.buf``'s ``n``-th legal move; returns ``n + 1``."""
    row = W.buf[n]
    row[0], row[1], row[2], row[3], row[4] = c, x, act, aim, -1
    return n + 1


@njit(**LEAF, inline="always")
def copy_into(dst, src) -> None:
    """``dst[:len(src)] = src`` as a loop: numba's slice assignment may allocate (against overlap), which a leaf may not."""
    for i in range(src.shape[0]):
        dst[i] = src[i]
