"""Sõjamäng's special abilities (:class:`~wararchive.rulesets.sojamang_1935.abilities.SojamangHooks`), compiled.

Each function here mirrors one method of the hooks, in its order of work,
on the kernel's array state (:mod:`.playout`): the hooks' per-game
:class:`~wararchive.rulesets.sojamang_1935.abilities.State` is ``W.su``
(per piece: ``SU_*`` columns), ``W.sg`` (the scalars: ``SG_*``), ``W.pend``
(promotions due) and ``W.ropen`` (the reinforcements each side may call).
Where the hooks keep a dict whose order of insertion they walk (the
nailed pieces, the arrests), a sequence number per entry keeps that order.

The events the hooks record are rows of type ``E_SOJ`` (:data:`EVENTS`
names them and the keys each carries, in the hooks' order); their cells
are rows of ``W.aux`` and the pieces they name rows of ``W.paux`` (uid,
type, side), so :mod:`.game` writes the hooks' very dicts back.

:mod:`wararchive.kernel.hooks` calls in here for the shared mechanism
(:mod:`~wararchive.kernel.playout`): from its generator, its ``_apply``
(an armed attack, a reconnaissance or a rescue is its plain step with
this module's state set around it: :func:`arm`, :func:`disarm`), its
collisions and its end of a ply; this module writes through the
primitives of :mod:`~wararchive.kernel.layout`, below both.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .. import layout as k, mt
from ..mt import ALLOCATING, LEAF, inner

# Spec.tid: the type index of each piece the hooks name
TYPE_IDS = (
    "flag",
    "mine",
    "signal_post",
    "supply_wagon",
    "cabaret",
    "spy",
    "battery_commander",
    "aviator",
    "poison_gas",
    "cavalry_ensign",
    "cavalryman",
    "captain",
    "lieutenant",
    "junior_lieutenant",
    "ensign",
    "general",
    "lieutenant_general",
    "major_general",
    "pioneer",
)
(
    T_FLAG,
    T_MINE,
    T_POST,
    T_WAGON,
    T_CABARET,
    T_SPY,
    T_BATTERY,
    T_AVIATOR,
    T_GAS,
    T_CAV_ENSIGN,
    T_CAVALRYMAN,
    T_CAPTAIN,
    T_LIEUTENANT,
    T_JUNIOR,
    T_ENSIGN,
    T_GENERAL,
    T_LT_GENERAL,
    T_MAJOR_GENERAL,
    T_PIONEER,
) = range(len(TYPE_IDS))

# Spec.ttab: per type, the hooks' tables
TT_LEVEL, TT_OFFICER, TT_RANKED, TT_GENERAL, TT_TAKER, TT_ABIL, TT_SIZE = range(7)

# Spec.rid: the index of each rule the hooks cite
RULE_IDS = (
    "flag-known",
    "spy-no-flag",
    "cabaret-flag-line",
    "signal-destroyed",
    "wagon-extra-moves",
    "win-flag",
    "battery-fire",
    "battery-hidden",
    "battery-miss",
    "battery-immune",
    "cabaret-destroyed",
    "aviator-flight",
    "aviator-seen",
    "aviator-mine",
    "aviator-bombs",
    "aviator-return",
    "gas-release",
    "gas-spent",
    "machine-gun",
    "grenade",
    "reconnaissance",
    "cabaret-rescue",
    "cabaret-moves",
    "deserter",
    "deserter-none",
    "deserter-reveals",
    "rearrange",
    "reinforce",
    "pioneer-keeps-skill",
    "mine-charges",
    "signal-captured",
    "signal-rankless",
    "signal-recapture",
    "lowered",
    "signal-demotion",
    "attacked-names",
    "in-turn",
    "cabaret-nails",
    "wagon-taken",
    "pioneer-mine",
    "spy-takes-general",
    "pioneer-promoted",
    "spy-promoted",
    "cabaret-arrest",
    "cabaret-general",
    "cabaret-neighbours",
    "draw-forces",
    "draw-quiet",
)
(
    R_FLAG_KNOWN,
    R_SPY_NO_FLAG,
    R_CABARET_FLAG_LINE,
    R_SIGNAL_DESTROYED,
    R_WAGON_EXTRA,
    R_WIN_FLAG,
    R_BATTERY_FIRE,
    R_BATTERY_HIDDEN,
    R_BATTERY_MISS,
    R_BATTERY_IMMUNE,
    R_CABARET_DESTROYED,
    R_AVIATOR_FLIGHT,
    R_AVIATOR_SEEN,
    R_AVIATOR_MINE,
    R_AVIATOR_BOMBS,
    R_AVIATOR_RETURN,
    R_GAS_RELEASE,
    R_GAS_SPENT,
    R_MACHINE_GUN,
    R_GRENADE,
    R_RECONNAISSANCE,
    R_RESCUE,
    R_CABARET_MOVES,
    R_DESERTER,
    R_DESERTER_NONE,
    R_DESERTER_REVEALS,
    R_REARRANGE,
    R_REINFORCE,
    R_PIONEER_KEEPS,
    R_MINE_CHARGES,
    R_SIGNAL_CAPTURED,
    R_SIGNAL_RANKLESS,
    R_SIGNAL_RECAPTURE,
    R_LOWERED,
    R_SIGNAL_DEMOTION,
    R_ATTACKED_NAMES,
    R_IN_TURN,
    R_CABARET_NAILS,
    R_WAGON_TAKEN,
    R_PIONEER_MINE,
    R_SPY_TAKES_GENERAL,
    R_PIONEER_PROMOTED,
    R_SPY_PROMOTED,
    R_CABARET_ARREST,
    R_CABARET_GENERAL,
    R_NEIGHBOURS,
    R_DRAW_FORCES,
    R_DRAW_QUIET,
) = range(len(RULE_IDS))

# the abilities' moves, as playout.ACTIONS numbers them
FIRE, FLY, RETURN, GAS, MG, GRENADE, RESCUE, CABARET, DESERT, REARRANGE, REINFORCE = (
    k.ACTIONS.index(a)
    for a in ("fire", "fly", "return", "gas", "mg", "grenade", "rescue", "cabaret", "desert", "rearrange", "reinforce")
)
RECON = k.ACT_RECON

# Work.su: per piece
(
    SU_CHARGES,
    SU_SAPPER,
    SU_LOWERED,
    SU_USED,
    SU_POST_HOME,
    SU_NAILED,
    SU_NAILED_BY,
    SU_NAIL_SEQ,
    SU_ARREST,
    SU_ARREST_PLY,
    SU_ARREST_SEQ,
    SU_MG_NO,
    SU_REINF_USED,
    SU_GENERAL,
    SU_NEIGH0,
    SU_NEIGH1,
    SU_NOW,
    SU_SIZE,
) = range(18)

# Work.sg: the scalars (pairs are per side)
SG_NLOWERED, SG_W_UID, SG_W_RANKS, SG_W_RULE, SG_RECON = range(5)
SG_NOPOST, SG_AWAY_U, SG_AWAY_C, SG_OWN, SG_DESERTED, SG_NDONE, SG_NGEN, SG_REARR, SG_REARR_DUE, SG_NROPEN = range(5, 25, 2)
(
    SG_COLLISIONS,
    SG_NREMOVED,
    SG_LAST_LOSS,
    SG_DIRTY,
    SG_FLAG,
    SG_FLAG1,
    SG_RESCUE,
    SG_BONUS,
    SG_BONUS1,
    SG_NEXT_UID,
    SG_NPEND,
    SG_NNAILED,
    SG_SEQ,
    SG_NARREST,
    SG_PAUX,
    SG_TURN_REM,
    SG_TURN_REM1,
    SG_SIZE,
) = range(25, 43)

# The hooks' events: E_SOJ rows (playout.L_PLY, L_TYPE, L_RULE, then these)
L_SK, L_TO, L_SIDE, L_COFF, L_CCOUNT, L_POFF, L_PCOUNT, L_X, L_HIT = range(3, 12)
EVENTS = (  # (type, keys in the hooks' order); "to"/"side": a side, "piece"/"named": a type, "target": a cell
    ("frozen", ("cells",)),
    ("unfrozen", ("cells",)),
    ("extra-moves", ("side", "moves")),
    ("restricted", ("to", "piece", "cells")),
    ("signal-post", ("to", "cells")),
    ("signal-post", ("cells", "side")),
    ("fire-order", ("to", "cells", "named")),
    ("fire", ("target", "hit", "pieces")),
    ("demotion", ("to", "pieces")),
    ("flight", ("cells", "pieces")),
    ("bombs", ("cells", "pieces")),
    ("return", ("cells",)),
    ("gas", ("cells", "pieces")),
    ("gas-spent", ("cells",)),
    ("weapon", ("to", "cells")),
    ("reconnaissance", ("to", "pieces")),
    ("nailed", ("cells",)),
    ("promotion", ("to", "pieces")),
    ("rescue", ("cells", "pieces")),
    ("arrest", ("cells",)),
    ("cabaret-move", ("cells",)),
    ("desertion", ("side",)),
    ("desertion", ("cells", "pieces")),
    ("report", ("to", "pieces")),
    ("rearrange", ("cells",)),
    ("reinforcement", ("cells", "pieces")),
    ("cabaret-neighbours", ("pieces",)),
)
(
    SK_FROZEN,
    SK_UNFROZEN,
    SK_EXTRA,
    SK_RESTRICTED,
    SK_POST_LOST,
    SK_POST_MOVED,
    SK_FIRE_ORDER,
    SK_FIRE,
    SK_DEMOTION,
    SK_FLIGHT,
    SK_BOMBS,
    SK_RETURN,
    SK_GAS,
    SK_GAS_SPENT,
    SK_WEAPON,
    SK_RECON,
    SK_NAILED,
    SK_PROMOTION,
    SK_RESCUE,
    SK_ARREST,
    SK_CABARET_MOVE,
    SK_DESERT_NONE,
    SK_DESERT,
    SK_REPORT,
    SK_REARRANGE,
    SK_REINFORCE,
    SK_NEIGHBOURS,
) = range(len(EVENTS))

EAST, WEST = 1, 3
_BETTER = (0, 2, 1, 1)  # for the defender, by outcome (attacker wins, defender wins, both removed, neither)


# -- events ------------------------------------------------------------------------------------
@njit(**LEAF, inline="always")
def _ev(S, W, sk: int, rule: int, to: int, side: int) -> int:
    """A hooks' event of kind ``sk`` under ``S.rid[rule]``: its cells and pieces follow (:func:`_cell`, :func:`_piece`)."""
    e = k._log(W, k.E_SOJ, S.rid[rule])
    row = W.log[e]
    row[L_SK], row[L_TO], row[L_SIDE] = sk, to, side
    row[L_COFF], row[L_CCOUNT], row[L_POFF], row[L_PCOUNT] = W.G[k.G_AUX], 0, W.sg[SG_PAUX], 0
    return e


@njit(**LEAF, inline="always")
def _cell(W, e: int, c: int) -> None:
    """The next of event ``e``'s cells (-1: a piece off the board, None in the event)."""
    a = W.G[k.G_AUX]
    W.aux[a, 0] = c
    W.G[k.G_AUX] = a + 1
    W.log[e, L_CCOUNT] += 1


@njit(**LEAF, inline="always")
def _piece(W, e: int, u: int, t: int, side: int) -> None:
    """The next of event ``e``'s pieces: uid, type, side."""
    a = W.sg[SG_PAUX]
    W.paux[a, 0], W.paux[a, 1], W.paux[a, 2] = u, t, side
    W.sg[SG_PAUX] = a + 1
    W.log[e, L_PCOUNT] += 1


# -- the mutation API the hooks use (BoardGame's, for what the kernel's own code does not do) ----
@inner(LEAF)
def _freeze(S, W, u: int, u2: int, rule: int, on: bool) -> None:
    """BoardGame.freeze (``on``) or unfreeze of ``u`` (and ``u2`` unless -1): an event naming the squares of those changed."""
    e = -1
    for i in range(2):
        v = u if i == 0 else u2
        if v < 0 or W.frozen[v] == on or (i == 1 and v == u):
            continue
        W.frozen[v] = on
        if e < 0:
            e = _ev(S, W, SK_FROZEN if on else SK_UNFROZEN, rule, -1, -1)
        _cell(W, e, k._cell_of(W, v))


@njit(**LEAF, inline="always")
def _grant(S, W, p: int, n: int, rule: int) -> None:
    """BoardGame.grant_plies: ``p`` is owed ``n`` plies beyond his turn."""
    W.sg[SG_BONUS + p] += n
    W.log[_ev(S, W, SK_EXTRA, rule, -1, p), L_X] = n


@njit(**LEAF, inline="always")
def _transform(S, W, c: int, t: int, rule: int, public: bool) -> None:
    """BoardGame.transform: the piece on ``c`` becomes a ``t``; the enemy forgets it (or, ``public``, is told)."""
    u, enemy = W.uid[c], 1 - W.owner[c]
    W.kind[c] = t
    W.uid_kind[u] = t
    W.G[k.G_DIRTY] = 1
    W.known[enemy, u] = False
    if public:
        k.reveal(W, enemy, u, -1, S.rid[rule])


@inner(LEAF)
def _transfer(S, W, c: int, to: int, p: int, rule: int) -> None:
    """BoardGame.transfer: the piece on ``c`` goes over to ``p``, onto ``to``; both sides know it."""
    u, old = W.uid[c], W.owner[c]
    k._relocate(W, c, to)
    W.owner[to] = p
    W.uid_owner[u] = p
    W.G[k.G_DIRTY] = 1
    k.reveal(W, old, u, -1, S.rid[rule])
    W.known[p, u] = True


@njit(**LEAF, inline="always")
def _add_piece(W, c: int, p: int, t: int) -> int:
    """BoardGame.add_piece: a new ``t`` of ``p`` on the empty ``c``; returns its uid (one above every uid so far)."""
    u = W.sg[SG_NEXT_UID]
    W.sg[SG_NEXT_UID] = u + 1
    W.kind[c], W.owner[c], W.uid[c] = t, p, u
    W.uid_owner[u], W.uid_kind[u] = p, t
    W.G[k.G_DIRTY] = 1
    return u


# -- helpers -----------------------------------------------------------------------------------
@njit(**LEAF, inline="always")
def _fwd(p: int) -> int:
    return k.NORTH if p == 0 else k.SOUTH


@njit(**LEAF, inline="always")
def _nailed(W, u: int) -> bool:
    """Is ``u`` a cabaret with a nailed piece, or nailed to one (both go together, :70)?"""
    return W.su[u, SU_NAILED] >= 0 or W.su[u, SU_NAILED_BY] >= 0


@njit(**LEAF, inline="always")
def _lvl(S, W, c: int) -> int:
    t = W.kind[c]
    v = S.ttab[t, TT_LEVEL]
    if S.ttab[t, TT_OFFICER] and W.sg[SG_NOPOST + W.owner[c]]:
        v += 3
    return v + W.su[W.uid[c], SU_LOWERED]


@njit(**LEAF, inline="always")
def _attacks(S, W, frm: int, to: int, p: int) -> int:
    """The enemy cell a move from ``frm`` to ``to`` would attack, or -1."""
    front = S.step[_fwd(p), to]
    if front < 0 or W.owner[front] != 1 - p:
        return -1
    if not S.P[k.P_STRIKE_ANY] and not S.fwd[p, frm, to]:
        return -1
    return front


@njit(**LEAF, inline="always")
def _counted(S, W, p: int) -> int:
    return W.sg[SG_OWN + p] if S.P[k.P_SOJ_TEN_OWN] else W.G[k.G_PLY]


@njit(**LEAF, inline="always")
def _on_flag_line(S, p: int, flag: int, c: int) -> bool:
    """SojamangHooks._flag_line: is ``c`` on the line in front of ``p``'s flag on ``flag`` (the row, or the flag's file)?"""
    if flag < 0 or not _in_home(S, p, c):
        return False
    if S.P[k.P_SOJ_FLAG_ROW]:
        return S.rows[p, c] == 1
    w = S.P[k.P_WIDTH]
    return c % w == flag % w and c != flag


@njit(**LEAF, inline="always")
def _in_home(S, p: int, c: int) -> bool:
    for h in S.homes[p]:
        if h < 0:
            break
        if h == c:
            return True
    return False


@njit(**LEAF, inline="always")
def _free_back(S, W, p: int, rows: int) -> int:
    """The first free square of ``p``'s field from the back row's centre out, within ``rows`` rows of the back (or -1)."""
    for c in S.back[p]:
        if c < 0:
            break
        if W.owner[c] < 0 and S.rows[p, c] < rows:
            return c
    return -1


@njit(**LEAF, inline="always")
def _compare(la: int, ld: int) -> int:
    if la < ld:
        return k.ATTACKER_WINS
    if la > ld:
        return k.DEFENDER_WINS
    return k.BOTH_REMOVED


@njit(**LEAF, inline="always")
def _set_lowered(W, u: int, v: int) -> None:
    if W.su[u, SU_LOWERED] == 0:
        W.sg[SG_NLOWERED] += 1
    W.su[u, SU_LOWERED] = v


@njit(**LEAF, inline="always")
def _pending(W, side: int, u: int, t: int, rule: int) -> None:
    i = W.sg[SG_NPEND]
    W.pend[i, 0], W.pend[i, 1], W.pend[i, 2], W.pend[i, 3] = side, u, t, rule
    W.sg[SG_NPEND] = i + 1


@inner(LEAF)
def _ordered(W, col: int, seq: int, out) -> int:
    """The uids with ``W.su[u, col]`` set, in the order they were set (``seq``): the hooks' dict order; into ``out``."""
    n = 0
    for u in range(W.su.shape[0]):
        held = W.su[u, col] > 0 if col == SU_ARREST else W.su[u, col] >= 0  # an arrest counts down to 0; a link is a uid
        if held:
            j = n
            while j > 0 and W.su[out[j - 1], seq] > W.su[u, seq]:
                out[j] = out[j - 1]
                j -= 1
            out[j] = u
            n += 1
    return n


# -- kill ----------------------------------------------------------------------------------------
@inner(LEAF)
def kill(S, W, cell: int, rule: int, e: int) -> None:
    """SojamangHooks.kill: the piece on ``cell`` (and its nailed partner) removed; the lost pieces go to event ``e``."""
    u = W.uid[cell]
    other = -1
    if W.su[u, SU_NAILED_BY] >= 0:
        other = k._cell_of(W, W.su[u, SU_NAILED_BY])
    elif W.su[u, SU_NAILED] >= 0:
        other = k._cell_of(W, W.su[u, SU_NAILED])
    for i in range(2):
        c = cell if i == 0 else other
        if c < 0 or W.owner[c] < 0:
            continue
        cu, t, o = W.uid[c], W.kind[c], W.owner[c]
        if e >= 0:  # the signal post's loss (no room to carry it off) is no event's piece
            _piece(W, e, cu, t, o)
        k._remove(W, c)
        if W.su[cu, SU_ARREST] > 0:
            W.su[cu, SU_ARREST] = 0
            W.sg[SG_NARREST] -= 1
        nb = W.su[cu, SU_NAILED]
        if nb >= 0:
            W.su[cu, SU_NAILED] = -1
            if W.su[nb, SU_NAILED_BY] >= 0:
                W.su[nb, SU_NAILED_BY] = -1
                W.sg[SG_NNAILED] -= 1
        cb = W.su[cu, SU_NAILED_BY]
        if cb >= 0:
            W.su[cu, SU_NAILED_BY] = -1
            W.sg[SG_NNAILED] -= 1
            W.su[cb, SU_NAILED] = -1
        tid = S.tid
        if t == tid[T_POST]:
            home = W.su[cu, SU_POST_HOME] if W.su[cu, SU_POST_HOME] >= 0 else o
            W.sg[SG_NOPOST + home] = 1
            _cell(W, _ev(S, W, SK_POST_LOST, R_SIGNAL_DESTROYED, home, -1), c)
        elif t == tid[T_WAGON]:
            _grant(S, W, 1 - o, 2, R_WAGON_EXTRA)
        elif t == tid[T_FLAG]:
            k._finish(W, 1 - o, S.rid[R_WIN_FLAG], False)
    W.sg[SG_DIRTY] = 1


# -- setup ---------------------------------------------------------------------------------------
@inner(LEAF)
def setup_ok(S, put, p: int) -> bool:
    """SojamangHooks.setup_errors finds nothing in ``put`` (cell -> type, -1 empty) for ``p``."""
    tid = S.tid
    flag = -1
    for c in range(put.shape[0]):
        if put[c] == tid[T_FLAG]:
            flag = c
            break
    mines = 0
    for c in range(put.shape[0]):
        if flag >= 0 and _on_flag_line(S, p, flag, c):
            if put[c] == tid[T_MINE]:
                mines += 1
            if put[c] == tid[T_CABARET]:
                return False
    if mines > 2:
        return False
    every = True  # mined in front of every passage (any mine of it, or all: ``mined_passage``)
    for i in range(S.passages.shape[1]):
        cells = S.passages[p, i]
        if cells[0] < 0:
            break
        every_mine = S.P[k.P_SOJ_ALL_MINED]  # all of the passage's squares mined, or any
        test = bool(every_mine)
        for c in cells:
            if c < 0:
                break
            mined = put[c] == tid[T_MINE]
            test = (test and mined) if every_mine else (test or mined)
        every = every and test
    return not every


@inner(LEAF)
def _restrict(S, W, p: int, t: int, c: int, flag: int, rule: int) -> None:
    """BoardGame.restrict of ``p``'s ``t`` from ``c`` (or, ``c`` -1, from the line in front of the flag on ``flag``)."""
    e = -1
    for x in range(W.owner.shape[0]):
        barred = (x == c) if c >= 0 else _on_flag_line(S, p, flag, x)
        if barred and W.enter_by[p, t, x]:
            W.enter_by[p, t, x] = False
            if e < 0:
                e = _ev(S, W, SK_RESTRICTED, rule, p, -1)
                W.log[e, L_X] = t
            _cell(W, e, x)


@inner(LEAF)
def begin(S, W) -> None:
    """SojamangHooks.begin (and new_state): the flags known, the signal posts' armies, the generals, the restrictions."""
    W.su[:, :] = 0
    for col in (SU_POST_HOME, SU_NAILED, SU_NAILED_BY):
        W.su[:, col] = -1
    W.su[:, SU_CHARGES] = 3
    W.sg[:] = 0
    W.sg[SG_W_UID] = W.sg[SG_RECON] = W.sg[SG_RESCUE] = -1
    for s in range(2):
        W.sg[SG_AWAY_U + s] = W.sg[SG_AWAY_C + s] = W.sg[SG_FLAG + s] = -1
    W.frozen[:] = False
    tid, n = S.tid, W.owner.shape[0]
    top = 0
    for c in range(n):
        if W.uid[c] >= top:
            top = W.uid[c] + 1
    W.sg[SG_NEXT_UID] = top
    for s in range(2):
        mg = 0
        for c in range(n):
            if W.owner[c] != s:
                continue
            t, u = W.kind[c], W.uid[c]
            if t == tid[T_FLAG]:
                W.sg[SG_FLAG + s] = c
                k.reveal(W, 1 - s, u, -1, S.rid[R_FLAG_KNOWN])
            elif t == tid[T_POST]:
                W.su[u, SU_POST_HOME] = s
            elif S.ttab[t, TT_GENERAL]:
                W.su[u, SU_GENERAL] = 1
                W.sg[SG_NGEN + s] += 1
            if t == tid[T_MAJOR_GENERAL] and mg < 2:  # uids rise with the cells: the first two in uid order
                mg += 1
                W.su[u, SU_MG_NO] = mg
    for s in range(2):
        flag = W.sg[SG_FLAG + s]
        if flag < 0:
            continue
        front = S.step[_fwd(s), flag]
        if front >= 0:
            _restrict(S, W, 1 - s, tid[T_SPY], front, -1, R_SPY_NO_FLAG)
        _restrict(S, W, s, tid[T_CABARET], -1, flag, R_CABARET_FLAG_LINE)
    if S.P[k.P_SOJ_FULL]:
        for s in range(2):
            _beside_cabaret(S, W, s)
            for u in range(W.su.shape[0]):
                W.su[u, SU_NEIGH0 + s] = W.su[u, SU_NOW]
    _census(S, W, False)


@inner(LEAF)
def guessed(S, W, player: int, still, moved, gone) -> None:
    """SojamangHooks.guessed: ``player``'s guesses replaced the ranks on ``still`` and ``moved`` (cells) and of ``gone`` (uids).

    The enemy's generals, major generals' numbers, signal posts, lost post,
    rearrangement due, open reinforcements and (before note 18's count)
    the cabaret's neighbours follow the guess; what a guessed piece's true
    rank caused (charges spent, promotions due, a pioneer's skill, weapons
    used) and every reinforcement he called are forgotten.
    """
    e, tid, su, sg = 1 - player, S.tid, W.su, W.sg
    su[:, SU_NOW] = 0  # the guessed uids
    for c in still:
        su[W.uid[c], SU_NOW] = 1
    for c in moved:
        su[W.uid[c], SU_NOW] = 1
    for u in gone:
        su[u, SU_NOW] = 1
    mg = 0  # major generals numbered, in uid order
    had = held = False  # a signal post of his, one standing on the board as his
    for u in range(su.shape[0]):
        if W.uid_owner[u] < 0:
            continue
        if W.uid_owner[u] == e:
            guess = su[u, SU_NOW]
            numbered = (su[u, SU_MG_NO] > 0 and not guess) or W.uid_kind[u] == tid[T_MAJOR_GENERAL]
            su[u, SU_MG_NO] = su[u, SU_REINF_USED] = 0
            if numbered and mg < 2:
                mg += 1
                su[u, SU_MG_NO] = mg
            if guess:
                if su[u, SU_GENERAL]:
                    su[u, SU_GENERAL] = 0
                    sg[SG_NGEN + e] -= 1
                su[u, SU_POST_HOME] = -1
                su[u, SU_CHARGES] = 3
                su[u, SU_SAPPER] = su[u, SU_USED] = 0
                c = k._cell_of(W, u)
                if c >= 0 and S.ttab[W.kind[c], TT_GENERAL]:
                    su[u, SU_GENERAL] = 1
                    sg[SG_NGEN + e] += 1
                if c >= 0 and W.kind[c] == tid[T_POST]:
                    su[u, SU_POST_HOME] = e
        if W.uid_kind[u] == tid[T_POST] and (su[u, SU_POST_HOME] if su[u, SU_POST_HOME] >= 0 else W.uid_owner[u]) == e:
            had = True
            held |= W.uid_owner[u] == e and k._cell_of(W, u) >= 0
    sg[SG_NOPOST + e] = had and not held
    full = S.P[k.P_SOJ_FULL]
    due = False
    if full and sg[SG_NGEN + e] == 0:
        for i in range(sg[SG_TURN_REM + e], W.G[k.G_NREMOVED]):
            u = W.rem[i]
            due |= W.uid_owner[u] == e and S.ttab[W.uid_kind[u], TT_GENERAL]
    sg[SG_REARR_DUE + e] = due
    m = 0
    for i in range(sg[SG_NPEND]):  # the promotions due to guessed pieces
        if not su[W.pend[i, 1], SU_NOW]:
            for j in range(4):
                W.pend[m, j] = W.pend[i, j]
            m += 1
    sg[SG_NPEND] = m
    if full:
        present = W.left
        present[:] = 0
        for c in range(W.owner.shape[0]):
            if W.owner[c] == e:
                present[W.kind[c]] = 1
        _open_arms(S, W, e, present)
    if full and not sg[SG_NDONE + e]:  # last: it writes SU_NOW
        _beside_cabaret(S, W, e)
        for u in range(su.shape[0]):
            su[u, SU_NEIGH0 + e] = su[u, SU_NOW]
    else:
        su[:, SU_NEIGH0 + e] = 0


# -- moves -----------------------------------------------------------------------------------------
@inner(LEAF)
def forced(S, W, p: int) -> int:
    """SojamangHooks.forced_moves: an aviator bound to return has one move (written as ``W.buf``'s first); 1, or 0."""
    u = W.sg[SG_AWAY_U + p]
    if u < 0:
        return 0
    home = W.sg[SG_AWAY_C + p]
    cell = k._cell_of(W, u)
    dest = home if W.owner[home] < 0 else -1
    if dest < 0 and cell >= 0:  # the nearest free square of his own field
        w = S.P[k.P_WIDTH]
        r0, c0 = home // w, home % w
        best = 1 << 30
        for c in S.homes[p]:
            if c < 0:
                break
            if W.owner[c] < 0:
                d = abs(c // w - r0) + abs(c % w - c0)
                if d < best or (d == best and c < dest):
                    best, dest = d, c
    if cell < 0 or dest < 0:
        W.sg[SG_AWAY_U + p] = W.sg[SG_AWAY_C + p] = -1
        return 0
    _add(W, 0, cell, dest, RETURN, -1, -1)
    return 1


@njit(**LEAF, inline="always")
def _add(W, n: int, c: int, x: int, act: int, aim: int, arg: int) -> int:
    row = W.buf[n]
    row[0], row[1], row[2], row[3], row[4] = c, x, act, aim, arg
    return n + 1


@njit(**LEAF, inline="always")
def _lines(S, W, c: int, p: int, n: int, act: int, diag: bool, straight: bool, armed: bool) -> int:
    """The free cells the piece on ``c`` reaches along the steps (``straight``) then the diagonals (``diag``).

    Each as a move of ``act`` or, ``armed``, only those that attack
    (SojamangHooks._slide_cells, _diagonal_moves, _armed_moves). Inlined,
    so that each caller's constant flags fold away: called, with the flags
    read at run time, Sõjamäng's random games were some 25 % slower.
    """
    t = W.kind[c]
    slide = S.movement[t] == k.SLIDE
    e, f = 1 - p, _fwd(p)
    for d in range(8):
        if (d < 4 and not straight) or (d >= 4 and not diag):
            continue
        x = S.step[d, c] if d < 4 else S.diag[d - 4, c]
        while x >= 0 and W.enter_by[p, t, x] and W.owner[x] < 0:
            if armed:
                front = S.step[f, x]
                if front >= 0 and W.owner[front] == e and (S.P[k.P_STRIKE_ANY] or S.fwd[p, c, x]):
                    n = _add(W, n, c, x, act, front, -1)
            else:
                n = _add(W, n, c, x, act, -1, -1)
            if not slide:
                break
            x = S.step[d, x] if d < 4 else S.diag[d - 4, x]
    return n


@inner(LEAF)
def extra_moves(S, W, p: int, n: int) -> int:
    """SojamangHooks.extra_moves for ``p``, written from ``W.buf[n]`` on; returns the new count."""
    tid, P = S.tid, S.P
    eight = P[k.P_SOJ_EIGHT]
    first_aviator = -1
    for c in range(W.owner.shape[0]):
        if W.owner[c] != p:
            continue
        t = W.kind[c]
        if not S.ttab[t, TT_ABIL]:
            continue
        u = W.uid[c]
        if W.frozen[u]:
            if W.su[u, SU_NAILED] >= 0:
                n = _cabaret_moves(S, W, c, p, n)
            continue
        if t == tid[T_BATTERY]:
            n = _fire_moves(S, W, c, p, n)
        elif t == tid[T_AVIATOR]:
            if first_aviator < 0:
                first_aviator = c
        elif t == tid[T_GAS]:
            for d in range(4):
                x = S.step[d, c]
                if x >= 0:
                    n = _add(W, n, c, c, GAS, x, -1)
        elif t == tid[T_CAV_ENSIGN]:
            if eight:
                n = _lines(S, W, c, p, n, k.ACT_PLAIN, True, False, False)
            if not W.su[u, SU_USED]:
                n = _lines(S, W, c, p, n, RECON, bool(eight), True, True)
        elif t == tid[T_CAVALRYMAN]:
            n = _lines(S, W, c, p, n, k.ACT_PLAIN, True, False, False)
        elif t == tid[T_CABARET]:
            continue
        elif not W.su[u, SU_USED]:  # captain, lieutenant (full game)
            n = _lines(S, W, c, p, n, MG if t == tid[T_CAPTAIN] else GRENADE, False, True, True)
    if first_aviator >= 0:
        n = _flights(S, W, p, first_aviator, n)
    if P[k.P_SOJ_FULL]:
        if W.sg[SG_REARR + p]:
            n = _rearrangements(S, W, p, n)
        if W.sg[SG_NROPEN + p]:
            n = _reinforcements(S, W, p, n)
        if not W.sg[SG_DESERTED + p] and _counted(S, W, p) >= 10:
            place = _free_back(S, W, p, 99)
            if place >= 0:
                n = _add(W, n, place, place, DESERT, -1, -1)
    if W.sg[SG_NNAILED]:
        n = _rescue_moves(S, W, p, n)
    return n


@inner(LEAF)
def _fire_moves(S, W, c: int, p: int, n: int) -> int:
    """SojamangHooks._fire_moves: from where the battery stands and, move-and-fire, from where it may step unopposed."""
    n = _fire_from(S, W, c, c, p, n)
    if not S.P[k.P_SOJ_MOVE_FIRE]:
        return n
    t = W.kind[c]
    slide = S.movement[t] == k.SLIDE
    for d in range(4):
        b = S.step[d, c]
        while b >= 0 and W.enter_by[p, t, b] and W.owner[b] < 0:
            if _attacks(S, W, c, b, p) < 0:
                n = _fire_from(S, W, c, b, p, n)
            if not slide:
                break
            b = S.step[d, b]
    return n


@inner(LEAF)
def _fire_from(S, W, c: int, b: int, p: int, n: int) -> int:
    """The battery on ``c`` firing from ``b`` over two of its own: every enemy piece beyond, each rank named."""
    f, e = _fwd(p), 1 - p
    f1 = S.step[f, b]
    if f1 < 0 or W.owner[f1] != p or f1 == c:
        return n
    f2 = S.step[f, f1]
    if f2 < 0 or W.owner[f2] != p or f2 == c:
        return n
    x = S.step[f, f2]
    while x >= 0:
        if W.owner[x] == e and x != W.sg[SG_FLAG + e]:
            for name in range(S.count.shape[0]):
                if name != S.tid[T_FLAG]:
                    n = _add(W, n, c, b, FIRE, x, name)
        x = S.step[f, x]
    return n


@inner(LEAF)
def _flights(S, W, p: int, first: int, n: int) -> int:
    """SojamangHooks._flights: each aviator to every landing from which it may bomb an enemy piece."""
    e = 1 - p
    skip = W.sg[SG_FLAG + e] if S.P[k.P_SOJ_BOMB_IMMUNE] else -2
    for a in range(first, W.owner.shape[0]):
        if W.owner[a] != p or W.kind[a] != S.tid[T_AVIATOR] or W.frozen[W.uid[a]]:
            continue
        for t in range(W.owner.shape[0]):
            if W.owner[t] != e or t == skip:
                continue
            for j in range(S.bomb.shape[2]):
                land = S.bomb[p, t, j, 0]
                if land < 0:
                    break
                if W.owner[land] < 0 and W.owner[S.bomb[p, t, j, 1]] < 0 and W.owner[S.bomb[p, t, j, 2]] < 0:
                    n = _add(W, n, a, land, FLY, t, -1)
    return n


@inner(LEAF)
def _cabaret_moves(S, W, cb: int, p: int, n: int) -> int:
    nl = k._cell_of(W, W.su[W.uid[cb], SU_NAILED])
    if nl < 0:
        return n
    tc, tn = W.kind[cb], W.kind[nl]
    for d in range(4):
        cb2, nl2 = S.step[d, cb], S.step[d, nl]
        if cb2 < 0 or nl2 < 0 or not W.enter_by[p, tc, cb2] or not W.enter_by[1 - p, tn, nl2]:
            continue
        if (W.owner[cb2] < 0 or cb2 == nl) and (W.owner[nl2] < 0 or nl2 == cb):
            n = _add(W, n, cb, cb2, CABARET, nl, -1)
    return n


@njit(**LEAF, inline="always")
def _rescue_cell(S, nl: int, cb: int, i: int) -> int:
    """SojamangHooks._rescue_cells' ``i``-th: east and west of the nailed piece, then of the cabaret (-1: off the board)."""
    c = nl if i < 2 else cb
    return S.step[EAST if i % 2 == 0 else WEST, c]


@inner(LEAF)
def _rescue_moves(S, W, p: int, n: int) -> int:
    """SojamangHooks._rescue_moves: rescuing a nailed general may demote him to another rank than the plain rescue's."""
    order = W.order
    m = _ordered(W, SU_NAILED_BY, SU_NAIL_SEQ, order)
    for j in range(m):
        nu = order[j]
        cu = W.su[nu, SU_NAILED_BY]
        if W.uid_owner[nu] != p:
            continue
        nl, cb = k._cell_of(W, nu), k._cell_of(W, cu)
        if nl < 0 or cb < 0 or not S.ttab[W.kind[nl], TT_GENERAL]:
            continue
        for i in range(4):
            x = _rescue_cell(S, nl, cb, i)
            if x < 0 or W.owner[x] >= 0:
                continue
            for d in range(4):
                y, path = S.step[d, x], 0
                while y >= 0 and W.owner[y] < 0:
                    path += 1
                    y = S.step[d, y]
                if y < 0 or W.owner[y] != p or W.frozen[W.uid[y]]:
                    continue
                t = W.kind[y]
                if not S.ttab[t, TT_RANKED] or (path and S.movement[t] != k.SLIDE):
                    continue
                ok = W.enter_by[p, t, x]
                z = S.step[d, x]
                for _ in range(path):
                    ok = ok and W.enter_by[p, t, z]
                    z = S.step[d, z]
                if not ok or _lvl(S, W, y) >= _lvl(S, W, nl):
                    continue
                for choice in S.demote[1:]:
                    if choice < 0:
                        break
                    n = _add(W, n, y, x, RESCUE, nl, choice)
    return n


@inner(LEAF)
def _rearrangements(S, W, p: int, n: int) -> int:
    f, e = _fwd(p), 1 - p
    for c in range(W.owner.shape[0]):
        if W.owner[c] != p:
            continue
        t = W.kind[c]
        if t == S.tid[T_FLAG] or W.frozen[W.uid[c]]:
            continue
        for x in S.homes[p]:
            if x < 0:
                break
            front = S.step[f, x]
            if W.owner[x] < 0 and (front < 0 or W.owner[front] != e) and W.enter_by[p, t, x]:
                n = _add(W, n, c, x, REARRANGE, -1, -1)
    return n


@inner(LEAF)
def _reinforcements(S, W, p: int, n: int) -> int:
    row = -1
    for r in range(4):
        for c in S.back[p]:
            if c < 0:
                break
            if W.owner[c] < 0 and S.rows[p, c] == r:
                row = r
                break
        if row >= 0:
            break
    for i in range(W.sg[SG_NROPEN + p]):
        gu, t = W.ropen[p, i, 0], W.ropen[p, i, 1]
        g = k._cell_of(W, gu)
        if g < 0:
            continue
        for x in S.back[p]:
            if x < 0:
                break
            if W.owner[x] < 0 and S.rows[p, x] == row and W.enter_by[p, t, x]:
                n = _add(W, n, x, x, REINFORCE, g, t)
    return n


# -- carrying out abilities ------------------------------------------------------------------------
@inner(LEAF)
def perform(S, W, c: int, x: int, act: int, aim: int, arg: int, p: int) -> None:
    """SojamangHooks.perform of the ability move (``c``, ``x``, ``act``, ``aim``, ``arg``)."""
    tid = S.tid
    if act == FIRE:
        b = x
        if b != c:
            k._relocate(W, c, b)
        u = W.uid[b]
        actual = W.kind[aim]
        e = _ev(S, W, SK_FIRE_ORDER, R_BATTERY_HIDDEN, p, -1)
        _cell(W, e, b)
        _cell(W, e, aim)
        W.log[e, L_X] = arg
        if actual != arg:
            e = _ev(S, W, SK_FIRE, R_BATTERY_MISS, -1, -1)
            W.log[e, L_X], W.log[e, L_HIT], W.log[e, L_PCOUNT] = aim, 0, -1
            _transform(S, W, b, tid[T_CAPTAIN], R_BATTERY_MISS, False)
            _piece(W, _ev(S, W, SK_DEMOTION, R_BATTERY_MISS, p, -1), u, tid[T_CAPTAIN], p)
            W.sg[SG_DIRTY] = 1
        elif actual == tid[T_MINE] or actual == tid[T_FLAG]:
            e = _ev(S, W, SK_FIRE, R_BATTERY_IMMUNE, -1, -1)
            W.log[e, L_X], W.log[e, L_HIT], W.log[e, L_PCOUNT] = aim, 0, -1
            k.reveal(W, p, W.uid[aim], -1, S.rid[R_BATTERY_IMMUNE])
        else:
            rule = R_CABARET_DESTROYED if _nailed(W, W.uid[aim]) else R_BATTERY_FIRE
            e = _ev(S, W, SK_FIRE, rule, -1, -1)
            W.log[e, L_X], W.log[e, L_HIT] = aim, 1
            k.reveal(W, p, W.uid[aim], -1, S.rid[rule])
            kill(S, W, aim, rule, e)  # the shot first, then what its losses set off
    elif act == FLY:
        u = W.uid[c]
        k._relocate(W, c, x)
        W.sg[SG_AWAY_U + p], W.sg[SG_AWAY_C + p] = u, c
        e = _ev(S, W, SK_FLIGHT, R_AVIATOR_SEEN, -1, -1)
        _cell(W, e, c)
        _cell(W, e, x)
        _piece(W, e, u, tid[T_AVIATOR], p)
        k.reveal(W, 1 - p, u, -1, S.rid[R_AVIATOR_SEEN])
        if W.kind[aim] == tid[T_MINE]:
            mu = W.uid[aim]
            k.reveal(W, p, mu, -1, S.rid[R_AVIATOR_MINE])
            k._remove(W, aim)
            k._remove(W, x)
            W.sg[SG_AWAY_U + p] = W.sg[SG_AWAY_C + p] = -1
            W.sg[SG_DIRTY] = 1
            e = _ev(S, W, SK_BOMBS, R_AVIATOR_MINE, -1, -1)
            _cell(W, e, x)
            _cell(W, e, aim)
            _piece(W, e, mu, tid[T_MINE], 1 - p)
            _piece(W, e, u, tid[T_AVIATOR], p)
            return
        rule = R_CABARET_DESTROYED if _nailed(W, W.uid[aim]) else R_AVIATOR_BOMBS
        e = _ev(S, W, SK_BOMBS, rule, -1, -1)
        _cell(W, e, x)
        _cell(W, e, aim)
        kill(S, W, aim, rule, e)
    elif act == RETURN:
        k._relocate(W, c, x)
        W.sg[SG_AWAY_U + p] = W.sg[SG_AWAY_C + p] = -1
        e = _ev(S, W, SK_RETURN, R_AVIATOR_RETURN, -1, -1)
        _cell(W, e, c)
        _cell(W, e, x)
    elif act == GAS:
        _gas(S, W, c, aim, p)
    elif act == CABARET:
        d = 0
        while S.step[d, c] != x:
            d += 1
        nl2 = S.step[d, aim]
        if x == aim:  # the square ahead is emptied first
            k._relocate(W, aim, nl2)
            k._relocate(W, c, x)
        else:
            k._relocate(W, c, x)
            k._relocate(W, aim, nl2)
        e = _ev(S, W, SK_CABARET_MOVE, R_CABARET_MOVES, -1, -1)
        for cell in (c, x, aim, nl2):
            _cell(W, e, cell)
    elif act == DESERT:
        _desert(S, W, x, p)
    elif act == REARRANGE:
        k._relocate(W, c, x)
        W.sg[SG_REARR + p] -= 1
        e = _ev(S, W, SK_REARRANGE, R_REARRANGE, -1, -1)
        _cell(W, e, c)
        _cell(W, e, x)
        _grant(S, W, p, 1, R_REARRANGE)  # :88 — not counted among the moves
    elif act == REINFORCE:
        gu = W.uid[aim]
        new = _add_piece(W, x, p, arg)
        W.su[gu, SU_REINF_USED] = 1
        j = 0
        for i in range(W.sg[SG_NROPEN + p]):
            if W.ropen[p, i, 0] != gu:
                W.ropen[p, j, 0], W.ropen[p, j, 1] = W.ropen[p, i, 0], W.ropen[p, i, 1]
                j += 1
        W.sg[SG_NROPEN + p] = j
        W.sg[SG_DIRTY] = 1
        e = _ev(S, W, SK_REINFORCE, R_REINFORCE, -1, -1)
        _cell(W, e, x)
        _piece(W, e, new, arg, p)


@njit(**LEAF, inline="always")
def armed(act: int) -> bool:
    """Is ``act`` a step that fights as a plain one does (SojamangHooks._plain), with the ability's state set around it?"""
    return act in (MG, GRENADE, RECON, RESCUE)


@inner(LEAF)
def arm(S, W, c: int, x: int, act: int, arg: int, p: int) -> None:
    """What SojamangHooks._armed, _do_recon and _do_rescue set before their plain step from ``c`` to ``x``."""
    if act in (MG, GRENADE):
        u = W.uid[c]
        W.su[u, SU_USED] = 1
        rule = R_MACHINE_GUN if act == MG else R_GRENADE
        W.sg[SG_W_UID], W.sg[SG_W_RANKS], W.sg[SG_W_RULE] = u, 2 if act == MG else 1, rule
        _cell(W, _ev(S, W, SK_WEAPON, rule, p, -1), x)
    elif act == RECON:
        u = W.uid[c]
        W.su[u, SU_USED] = 1
        W.sg[SG_RECON] = u
    else:
        W.sg[SG_RESCUE] = arg


@inner(LEAF)
def disarm(W, act: int) -> None:
    """What they clear after it (a rescue's choice is read, and cleared, by :func:`after_move`)."""
    if act in (MG, GRENADE):
        W.sg[SG_W_UID] = -1
    elif act == RECON:
        W.sg[SG_RECON] = -1


@inner(LEAF)
def _gas(S, W, c: int, target: int, p: int) -> None:
    """SojamangHooks._do_gas: along the line from ``target`` until a junior lieutenant; mines and flags unharmed."""
    tid = S.tid
    d = 0
    while S.step[d, c] != target:
        d += 1
    u = W.uid[c]
    e = _ev(S, W, SK_GAS, R_GAS_RELEASE, -1, -1)
    _cell(W, e, c)
    x = target
    while x >= 0:  # the line, as far as the gas goes (cells first: the hits are read from them below)
        _cell(W, e, x)
        if W.owner[x] >= 0 and W.kind[x] == tid[T_JUNIOR]:
            break
        x = S.step[d, x]
    start, count = W.log[e, L_COFF] + 1, W.log[e, L_CCOUNT] - 1
    k.reveal(W, 1 - p, u, -1, S.rid[R_GAS_RELEASE])  # the cloud shows where the gas was
    _piece(W, e, u, tid[T_GAS], p)
    k._remove(W, c)
    _cell(W, _ev(S, W, SK_GAS_SPENT, R_GAS_SPENT, -1, -1), c)
    for i in range(start, start + count):
        x = W.aux[i, 0]
        if W.owner[x] >= 0 and W.kind[x] != tid[T_MINE] and W.kind[x] != tid[T_FLAG] and W.kind[x] != tid[T_JUNIOR]:
            kill(S, W, x, R_GAS_RELEASE, e)
    W.sg[SG_DIRTY] = 1


@inner(ALLOCATING)
def _desert(S, W, to: int, p: int) -> None:
    """SojamangHooks._do_desert: an enemy ensign (drawn from the ply's own stream) comes over as a captain."""
    tid, e = S.tid, 1 - p
    W.sg[SG_DESERTED + p] = 1
    count = 0
    for c in range(W.owner.shape[0]):
        if W.owner[c] == e and W.kind[c] == tid[T_ENSIGN] and not W.frozen[W.uid[c]]:
            count += 1
    if count == 0:  # the enemy answers that none is left: the claim is spent for nothing
        _ev(S, W, SK_DESERT_NONE, R_DESERTER_NONE, -1, p)
        return
    text = _stream_text(S, W, W.G[k.G_PLY])
    rng = np.zeros(mt.STATE, np.int64)
    mt.seed_text(rng, text, text.shape[0])
    pick = mt.randbelow(rng, count)
    old = -1
    for c in range(W.owner.shape[0]):
        if W.owner[c] == e and W.kind[c] == tid[T_ENSIGN] and not W.frozen[W.uid[c]]:
            if pick == 0:
                old = c
                break
            pick -= 1
    told0, told1 = -1, -1
    for side in (EAST, WEST):  # :83 — who stood to his right and left
        x = S.step[side, old]
        if x >= 0 and W.owner[x] == e:
            if told0 < 0:
                told0 = x
            else:
                told1 = x
    u0 = W.uid[told0] if told0 >= 0 else -1
    u1 = W.uid[told1] if told1 >= 0 else -1
    t0 = W.kind[told0] if told0 >= 0 else -1
    t1 = W.kind[told1] if told1 >= 0 else -1
    u = W.uid[old]
    _transfer(S, W, old, to, p, R_DESERTER)
    _transform(S, W, to, tid[T_CAPTAIN], R_DESERTER, True)
    W.sg[SG_DIRTY] = 1
    ev = _ev(S, W, SK_DESERT, R_DESERTER, -1, -1)
    _cell(W, ev, old)
    _cell(W, ev, to)
    _piece(W, ev, u, tid[T_CAPTAIN], p)
    if u0 >= 0:
        ev = _ev(S, W, SK_REPORT, R_DESERTER_REVEALS, p, -1)
        _piece(W, ev, u0, t0, e)
        if u1 >= 0:
            _piece(W, ev, u1, t1, e)
        k.reveal(W, p, u0, u1, S.rid[R_DESERTER_REVEALS])


@inner(ALLOCATING)
def _stream_text(S, W, ply: int):
    """The bytes of ``"<ruleset>:<seed>:deserter:<ply>"``: Ruleset.rng's seed text for the deserter drawn at ``ply``."""
    head = S.text
    out = np.zeros(head.shape[0] + 64, np.uint8)  # ":deserter:" and two int64s of up to 20 characters each
    n = 0
    for b in head:
        out[n] = b
        n += 1
    n = _digits(out, n, W.G[k.G_SEED])  # the game's seed
    for b in (58, 100, 101, 115, 101, 114, 116, 101, 114, 58):  # ":deserter:"
        out[n] = b
        n += 1
    n = _digits(out, n, ply)
    return out[:n]


@inner(LEAF)
def _digits(out, n: int, v: int) -> int:
    """Write ``str(v)`` into ``out`` from ``n``; returns the new length.

    The digits come from the magnitude as an unsigned 64-bit number, so the
    most negative int64 (whose negation overflows) is written right too.
    """
    m = np.uint64(v)
    if v < 0:
        out[n] = 45
        n += 1
        m = np.uint64(-(v + 1)) + np.uint64(1)
    start = n
    ten = np.uint64(10)
    while True:
        out[n] = np.uint8(48 + m % ten)
        n += 1
        m //= ten
        if m == 0:
            break
    i, j = start, n - 1
    while i < j:
        out[i], out[j] = out[j], out[i]
        i += 1
        j -= 1
    return n


# -- combat -------------------------------------------------------------------------------------
@inner(LEAF)
def resolve(S, W, att: int, dfn: int, outcome: int, rule: int) -> tuple[int, int]:
    """SojamangHooks.resolve: mines' charges and sappers, the signal post, weapons, lowered ranks (``rule``: a rule index)."""
    tid, rid = S.tid, S.rid
    a_t, d_t = W.kind[att], W.kind[dfn]
    a_u, d_u = W.uid[att], W.uid[dfn]
    if d_t == tid[T_MINE]:
        if outcome == k.DEFENDER_WINS:
            if W.su[a_u, SU_SAPPER]:
                return k.ATTACKER_WINS, rid[R_PIONEER_KEEPS]
            W.su[d_u, SU_CHARGES] -= 1
            if W.su[d_u, SU_CHARGES] <= 0:
                return k.BOTH_REMOVED, rid[R_MINE_CHARGES]
        return outcome, rule
    if rule == rid[R_SIGNAL_CAPTURED] or rule == rid[R_SIGNAL_RANKLESS]:
        post, other = (dfn, att) if d_t == tid[T_POST] else (att, dfn)
        home = W.su[W.uid[post], SU_POST_HOME]
        if W.owner[other] == (home if home >= 0 else W.owner[post]):
            return k.NEITHER_REMOVED, rid[R_SIGNAL_RECAPTURE]
        return outcome, rule
    if not S.ttab[a_t, TT_RANKED] or not S.ttab[d_t, TT_RANKED]:
        return outcome, rule
    la, ld = _lvl(S, W, att), _lvl(S, W, dfn)
    if W.sg[SG_W_UID] >= 0 and W.sg[SG_W_UID] == a_u:
        ranks = W.sg[SG_W_RANKS]
        out = _compare(la, ld + 3 * ranks)
        if out == k.DEFENDER_WINS:
            _set_lowered(W, d_u, 3 * ranks)  # :78 — until its next move
        W.G[k.G_KEPT] = 1 << W.owner[att]
        return out, rid[W.sg[SG_W_RULE]]
    if S.P[k.P_SOJ_FULL] and (d_t == tid[T_CAPTAIN] or d_t == tid[T_LIEUTENANT]) and not W.su[d_u, SU_USED]:
        ranks = 2 if d_t == tid[T_CAPTAIN] else 1
        base, armed = _compare(la, ld), _compare(la + 3 * ranks, ld)
        if S.P[k.P_SOJ_DEF_FIRST] or _BETTER[armed] > _BETTER[base]:
            W.su[d_u, SU_USED] = 1
            if armed == k.ATTACKER_WINS:
                _set_lowered(W, a_u, 3 * ranks)
            weapon = R_MACHINE_GUN if ranks == 2 else R_GRENADE
            _cell(W, _ev(S, W, SK_WEAPON, weapon, W.owner[dfn], -1), dfn)  # told to its owner alone
            W.G[k.G_KEPT] = 1 << W.owner[dfn]
            return armed, rid[weapon]
    if W.sg[SG_NOPOST] or W.sg[SG_NOPOST + 1] or W.sg[SG_NLOWERED]:
        out = _compare(la, ld)
        if out != outcome:
            W.G[k.G_KEPT] = 0  # kept to neither side
            lowered = W.su[a_u, SU_LOWERED] > 0 or W.su[d_u, SU_LOWERED] > 0
            plain = _compare(S.ttab[a_t, TT_LEVEL], S.ttab[d_t, TT_LEVEL])
            return out, rid[R_LOWERED if lowered and plain == outcome else R_SIGNAL_DEMOTION]
    return outcome, rule


@inner(LEAF)
def after_combat(S, W, att: int, dfn: int, p: int, e: int) -> None:
    """SojamangHooks.after_combat of the combat logged as event ``e``."""
    tid, rid, P = S.tid, S.rid, S.P
    row = W.log[e]
    a_u, d_u, rule = row[k.L_A_UID], row[k.L_D_UID], row[k.L_RULE]
    if P[k.P_SOJ_REFEREE] == 1:  # attacked-names
        k.reveal(W, p, d_u, -1, S.rid[R_ATTACKED_NAMES])
    elif P[k.P_SOJ_REFEREE] == 2:  # in-turn
        W.sg[SG_COLLISIONS] += 1
        namer = a_u if W.sg[SG_COLLISIONS] % 2 else d_u
        k.reveal(W, p if namer == d_u else 1 - p, namer, -1, S.rid[R_IN_TURN])
    if W.sg[SG_RECON] == a_u:
        _piece(W, _ev(S, W, SK_RECON, R_RECONNAISSANCE, p, -1), d_u, row[k.L_D_T], 1 - p)
        k.reveal(W, p, d_u, -1, S.rid[R_RECONNAISSANCE])
    if rule == rid[R_CABARET_NAILS]:
        cb, other = (att, dfn) if W.kind[att] == tid[T_CABARET] else (dfn, att)
        cu, ou = W.uid[cb], W.uid[other]
        W.su[cu, SU_NAILED] = ou
        if W.su[ou, SU_NAILED_BY] < 0:
            W.sg[SG_NNAILED] += 1
            W.sg[SG_SEQ] += 1
            W.su[ou, SU_NAIL_SEQ] = W.sg[SG_SEQ]
        W.su[ou, SU_NAILED_BY] = cu
        ev = _ev(S, W, SK_NAILED, R_CABARET_NAILS, -1, -1)
        _cell(W, ev, other)
        _cell(W, ev, cb)
        _freeze(S, W, cu, ou, R_CABARET_NAILS, True)
        k.reveal(W, W.owner[other], cu, -1, S.rid[R_CABARET_NAILS])
    elif rule == rid[R_SIGNAL_CAPTURED] or rule == rid[R_SIGNAL_RECAPTURE]:
        which = R_SIGNAL_CAPTURED if rule == rid[R_SIGNAL_CAPTURED] else R_SIGNAL_RECAPTURE
        post, other = (dfn, att) if W.kind[dfn] == tid[T_POST] else (att, dfn)
        holder = W.owner[other]
        home = W.su[W.uid[post], SU_POST_HOME]
        if home < 0:
            home = W.owner[post]
        to = _free_back(S, W, holder, 2)
        if to < 0:
            kill(S, W, post, which, -1)
            return
        _transfer(S, W, post, to, holder, which)
        W.sg[SG_NOPOST + home] = holder != home
        W.sg[SG_DIRTY] = 1
        ev = _ev(S, W, SK_POST_MOVED, which, -1, holder)
        _cell(W, ev, post)
        _cell(W, ev, to)
    elif rule == rid[R_WAGON_TAKEN]:
        a_wagon = row[k.L_A_T] == tid[T_WAGON]
        wagon_side, wagon_uid = (p, a_u) if a_wagon else (1 - p, d_u)
        k.reveal(W, 1 - wagon_side, wagon_uid, -1, S.rid[R_WAGON_TAKEN])
        _grant(S, W, 1 - wagon_side, 2, R_WAGON_EXTRA)
    elif rule == rid[R_PIONEER_MINE]:
        _pending(W, p, a_u, tid[T_ENSIGN], R_PIONEER_PROMOTED)
    elif rule == rid[R_SPY_TAKES_GENERAL]:
        spy = a_u if row[k.L_A_T] == tid[T_SPY] else d_u
        _pending(W, W.uid_owner[spy], spy, tid[T_LIEUTENANT], R_SPY_PROMOTED)


# -- turns --------------------------------------------------------------------------------------
@inner(LEAF)
def turn_start(S, W, p: int) -> None:
    """SojamangHooks.turn_start: promotions due, lowered ranks restored, rearrangements granted."""
    j = 0
    for i in range(W.sg[SG_NPEND]):
        side, u, t, rule = W.pend[i, 0], W.pend[i, 1], W.pend[i, 2], W.pend[i, 3]
        if side != p:
            W.pend[j, 0], W.pend[j, 1], W.pend[j, 2], W.pend[j, 3] = side, u, t, rule
            j += 1
            continue
        c = k._cell_of(W, u)
        if c < 0 or W.owner[c] != p:
            continue
        if t == S.tid[T_ENSIGN]:
            W.su[u, SU_SAPPER] = 1
        _transform(S, W, c, t, rule, False)
        W.sg[SG_DIRTY] = 1
        _piece(W, _ev(S, W, SK_PROMOTION, rule, p, -1), u, t, p)
    W.sg[SG_NPEND] = j
    W.sg[SG_TURN_REM + p] = W.G[k.G_NREMOVED]
    if W.sg[SG_NLOWERED]:
        for u in range(W.su.shape[0]):
            if W.su[u, SU_LOWERED] > 0 and W.uid_owner[u] == p:
                W.su[u, SU_LOWERED] = 0
                W.sg[SG_NLOWERED] -= 1
    if W.sg[SG_REARR_DUE + p]:
        W.sg[SG_REARR_DUE + p] = 0
        W.sg[SG_REARR + p] = 4


@inner(LEAF)
def after_move(S, W, x: int, act: int, p: int) -> None:
    """SojamangHooks.after_move: moves counted, arrests served, rescues, the cabaret's neighbours, the census, quiet draws."""
    if act != REARRANGE:
        W.sg[SG_OWN + p] += 1
        W.sg[SG_REARR + p] = 0
    if W.sg[SG_NARREST]:
        order = W.order
        m = _ordered(W, SU_ARREST, SU_ARREST_SEQ, order)
        for j in range(m):
            u = order[j]
            if W.uid_owner[u] == p and W.su[u, SU_ARREST_PLY] != W.G[k.G_PLY]:
                W.su[u, SU_ARREST] -= 1
                if W.su[u, SU_ARREST] <= 0:
                    W.su[u, SU_ARREST] = 0
                    W.sg[SG_NARREST] -= 1
                    _freeze(S, W, u, -1, R_CABARET_ARREST, False)
    if W.sg[SG_NNAILED] and (act == k.ACT_PLAIN or act == RESCUE) and W.owner[x] == p:
        _rescue(S, W, x, p)
    if S.P[k.P_SOJ_FULL] and not (W.sg[SG_NDONE] and W.sg[SG_NDONE + 1]):
        _cabaret_neighbours(S, W)
    if W.G[k.G_OVER] == 0 and (W.sg[SG_DIRTY] or W.G[k.G_NREMOVED] != W.sg[SG_NREMOVED]):
        _census(S, W, True)
    quiet = S.P[k.P_SOJ_QUIET]
    if W.G[k.G_OVER] == 0 and quiet and W.G[k.G_PLY] - W.sg[SG_LAST_LOSS] >= quiet:
        k._finish(W, -1, S.rid[R_DRAW_QUIET], False)


@inner(LEAF)
def _rescue(S, W, x: int, p: int) -> None:
    """SojamangHooks._rescue: a junior piece of his own beside a nailed one (or its cabaret) frees it, to be arrested."""
    order = W.order  # the hooks walk a copy of the dict: the entries as they stood
    m = _ordered(W, SU_NAILED_BY, SU_NAIL_SEQ, order)
    for j in range(m):
        nu = order[j]
        cu = W.su[nu, SU_NAILED_BY]
        if cu < 0 or W.uid_owner[nu] != p:
            continue
        nl, cb = k._cell_of(W, nu), k._cell_of(W, cu)
        if nl < 0 or cb < 0:
            continue
        beside = False
        for i in range(4):
            if _rescue_cell(S, nl, cb, i) == x:
                beside = True
        if not beside:
            continue
        if not S.ttab[W.kind[x], TT_RANKED] or _lvl(S, W, x) >= (_lvl(S, W, nl) if S.ttab[W.kind[nl], TT_RANKED] else 99):
            continue
        W.su[nu, SU_NAILED_BY] = -1
        W.su[cu, SU_NAILED] = -1
        W.sg[SG_NNAILED] -= 1
        cb_side = W.owner[cb]
        k._remove(W, cb)
        e = _ev(S, W, SK_RESCUE, R_RESCUE, -1, -1)
        for cell in (x, nl, cb):
            _cell(W, e, cell)
        _piece(W, e, cu, S.tid[T_CABARET], cb_side)
        if S.ttab[W.kind[nl], TT_GENERAL]:
            choice = W.sg[SG_RESCUE] if W.sg[SG_RESCUE] >= 0 else S.demote[0]
            _transform(S, W, nl, choice, R_CABARET_GENERAL, False)
            _piece(W, _ev(S, W, SK_DEMOTION, R_CABARET_GENERAL, p, -1), nu, choice, p)
        W.sg[SG_RESCUE] = -1
        to = _free_back(S, W, p, 1)
        if to >= 0:
            k._relocate(W, nl, to)
        if W.su[nu, SU_ARREST] <= 0:
            W.sg[SG_NARREST] += 1
            W.sg[SG_SEQ] += 1
            W.su[nu, SU_ARREST_SEQ] = W.sg[SG_SEQ]
        W.su[nu, SU_ARREST], W.su[nu, SU_ARREST_PLY] = 3, W.G[k.G_PLY]
        e = _ev(S, W, SK_ARREST, R_CABARET_ARREST, -1, -1)
        _cell(W, e, nl)
        _cell(W, e, to if to >= 0 else nl)
        W.sg[SG_DIRTY] = 1


@inner(LEAF)
def _beside_cabaret(S, W, s: int) -> None:
    """SojamangHooks._beside_cabaret into ``W.su[:, SU_NOW]``: the own ranked pieces beside ``s``'s cabaret."""
    W.su[:, SU_NOW] = 0
    for c in range(W.owner.shape[0]):
        if W.owner[c] == s and W.kind[c] == S.tid[T_CABARET]:
            for d in range(4):
                x = S.step[d, c]
                if x >= 0 and W.owner[x] == s and S.ttab[W.kind[x], TT_RANKED]:
                    W.su[W.uid[x], SU_NOW] = 1
            return


@inner(LEAF)
def _cabaret_neighbours(S, W) -> None:
    """SojamangHooks._cabaret_neighbours: at the tenth move, the pieces that stood by the cabaret are lost (note 18)."""
    for s in range(2):
        if W.sg[SG_NDONE + s]:
            continue
        _beside_cabaret(S, W, s)
        col = SU_NEIGH0 + s
        for u in range(W.su.shape[0]):
            if S.P[k.P_SOJ_THROUGHOUT]:
                W.su[u, col] = W.su[u, col] and W.su[u, SU_NOW]
            else:
                W.su[u, col] = W.su[u, col] or W.su[u, SU_NOW]
        if _counted(S, W, s) < 10:
            continue
        W.sg[SG_NDONE + s] = 1
        e = -1
        for c in range(W.owner.shape[0]):  # the doomed, marked before the first loss (as the hooks list them)
            if W.owner[c] == s and W.su[W.uid[c], col]:
                if e < 0:
                    e = _ev(S, W, SK_NEIGHBOURS, R_NEIGHBOURS, -1, -1)  # the cause before its effects
                W.su[W.uid[c], SU_NOW] = 2
        if e < 0:
            continue
        for c in range(W.owner.shape[0]):
            if W.owner[c] >= 0 and W.su[W.uid[c], SU_NOW] == 2:
                kill(S, W, c, R_NEIGHBOURS, e)


@inner(LEAF)
def _census(S, W, draws: bool) -> None:
    """SojamangHooks._census: after losses or changes of rank, the four generals, the lost arms, the referee's draw."""
    full = S.P[k.P_SOJ_FULL]
    start, end = W.sg[SG_NREMOVED], W.G[k.G_NREMOVED]
    W.sg[SG_NREMOVED], W.sg[SG_DIRTY] = end, 0
    if end > start:
        W.sg[SG_LAST_LOSS] = W.G[k.G_PLY]
    for i in range(start, end):
        u = W.rem[i]
        o = W.uid_owner[u]
        if W.su[u, SU_GENERAL]:
            W.su[u, SU_GENERAL] = 0
            W.sg[SG_NGEN + o] -= 1
            if W.sg[SG_NGEN + o] == 0 and full:
                W.sg[SG_REARR_DUE + o] = 1
    takers0, takers1 = False, False
    present = W.left
    for s in range(2):
        present[:] = 0
        for c in range(W.owner.shape[0]):
            if W.owner[c] != s:
                continue
            t = W.kind[c]
            present[t] = 1
            if S.ttab[t, TT_TAKER] and W.su[W.uid[c], SU_NAILED_BY] < 0:
                if s == 0:
                    takers0 = True
                else:
                    takers1 = True
        if full:
            _open_arms(S, W, s, present)
    if draws and not takers0 and not takers1:
        k._finish(W, -1, S.rid[R_DRAW_FORCES], False)


@njit(**LEAF, inline="always")
def _open_arms(S, W, s: int, present) -> None:
    """SojamangHooks._open_arms into ``W.ropen[s]``: the arms ``s``'s generals may call (``present``: his types on the board)."""
    tid, m = S.tid, 0
    for c in range(W.owner.shape[0]):
        if W.owner[c] != s:
            continue
        t, gu = W.kind[c], W.uid[c]
        if not S.ttab[t, TT_GENERAL] or W.su[gu, SU_REINF_USED]:
            continue
        if t == tid[T_GENERAL]:
            pid, arm2 = tid[T_BATTERY], -1
        elif t == tid[T_LT_GENERAL]:
            pid, arm2 = tid[T_AVIATOR], -1
        elif W.su[gu, SU_MG_NO] == 1:
            pid, arm2 = tid[T_PIONEER], -1
        elif W.su[gu, SU_MG_NO] == 2:
            pid, arm2 = tid[T_CAVALRYMAN], tid[T_CAV_ENSIGN]
        else:
            continue
        if not present[pid] and (arm2 < 0 or not present[arm2]):
            W.ropen[s, m, 0], W.ropen[s, m, 1] = gu, pid
            m += 1
    W.sg[SG_NROPEN + s] = m


# -- greedy judgement -----------------------------------------------------------------------------
@njit(**LEAF, inline="always")
def _value(S, t: int) -> float:
    """evaluation.type_values: the flag 1000, any other piece 1 + its strength."""
    return 1000.0 if t == S.tid[T_FLAG] else S.worth[t]


@inner(LEAF)
def action_value(S, W, i: int, p: int, everyone: int) -> float:
    """SojamangHooks.action_value of ``W.buf``'s ``i``-th move for ``p`` (not an armed attack or a look: fights).

    ``W.left`` holds the enemy pieces ``p`` cannot account for (the view's
    ``unknown``) and ``everyone`` their number; the sums run in type order,
    as the dict's, with the same float operations.
    """
    tid, left = S.tid, W.left
    row = W.buf[i]
    c, act, aim, arg = row[0], row[2], row[3], row[4]
    total = everyone if everyone else 1
    mine, flag = tid[T_MINE], tid[T_FLAG]
    if act == RESCUE:
        return 5.0  # a piece freed (and a cabaret gone)
    if act == FIRE:
        if W.known[p, W.uid[aim]]:
            known = W.kind[aim]
            return _value(S, known) if known == arg and known != mine and known != flag else -3.0
        prob = (left[arg] if left[arg] > 0 else 0) / total
        return prob * (0.0 if arg == mine else _value(S, arg)) - (1 - prob) * 3.0
    if act == FLY:
        lost = 1.0 - _value(S, tid[T_AVIATOR])  # bombing a mine costs the aviator
        if W.known[p, W.uid[aim]]:
            known = W.kind[aim]
            return (0 + 1 * (_value(S, known) if known != mine else lost)) / 1
        v = 0.0
        for t in range(left.shape[0]):
            if left[t] > 0:
                v += left[t] * (_value(S, t) if t != mine else lost)
        return v / total
    if act == GAS:
        d = 0
        while S.step[d, c] != aim:
            d += 1
        mean = 0.0
        for t in range(left.shape[0]):
            if left[t] > 0 and t != mine and t != flag:
                mean += left[t] * _value(S, t)
        mean /= total
        v, x, junior = -1.0, aim, tid[T_JUNIOR]
        while x >= 0:
            if W.owner[x] == p:
                t = W.kind[x]
                if t == junior:
                    break
                if t != mine and t != flag:
                    v -= _value(S, t)
            elif W.owner[x] == 1 - p:
                known = W.kind[x] if W.known[p, W.uid[x]] else -1
                if known == junior:
                    break
                v += _value(S, known) if known >= 0 and known != mine and known != flag else (mean if known < 0 else 0.0)
            x = S.step[d, x]
        return v
    if act == DESERT:
        return 8.0
    if act == REINFORCE:
        return _value(S, arg)
    return 0.0


@njit(**LEAF, inline="always")
def copy_state(W0, W) -> None:
    """SojamangHooks.copy_state: the hooks' state, the held pieces, the fallen (the census reads them), the entry bars."""
    for u in range(W0.su.shape[0]):
        k.copy_into(W.su[u], W0.su[u])
    for i in range(W0.sg[SG_NPEND]):
        k.copy_into(W.pend[i], W0.pend[i])
    for side in range(2):
        for t in range(W0.enter_by.shape[1]):
            k.copy_into(W.enter_by[side, t], W0.enter_by[side, t])
        for i in range(W0.ropen.shape[1]):
            k.copy_into(W.ropen[side, i], W0.ropen[side, i])
    k.copy_into(W.sg, W0.sg)
    k.copy_into(W.frozen, W0.frozen)
    k.copy_into(W.rem, W0.rem)
