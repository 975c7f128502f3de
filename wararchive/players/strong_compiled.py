"""``strong``'s judging compiled: every guessed world and candidate move of one move judged in one call.

:class:`~wararchive.players.strong.BeliefPlayer` spends most of a move
judging its candidates: in each of its K guessed worlds, a copy of the
world, the move played, the turns finished by greedy fights from each
side's view (:func:`~wararchive.players.strong._finish_turns`) and the
position scored (:func:`~wararchive.players.strong.evaluate`). Where the
kernel covers the ruleset, all of that runs here, in one compiled call a
move; the belief, the draws of the worlds and the choice from the values
stay in Python, so the player draws from its generator exactly as before.

It is the same judgement written again, step for step, because equality
is the contract: each world is the real position (loaded once, as
``ismcts``'s are: :func:`wararchive.kernel.worlds`) with the drawn ranks
written over every hidden enemy rank, the enemy's knowledge set to what
the player saw him learn, and the hooks' state made to follow the guess
(:func:`wararchive.kernel.hooks.guessed`, as ``BoardGame.redrawn``); the
fights are chosen by greedy's move values (:func:`wararchive.kernel.playout.move_value`)
with Python's ``max`` (the first of the best); the evaluation adds the
same floats in the same order. ``tests/players/test_strong_compiled.py``
checks the moves chosen, ply by ply, on either engine.

Shortest paths around the walls (the player's own immobile pieces and
the enemy's he knows to be immobile) are kept per target square while the
walls stand, as the Python player keeps them per tuple of targets; a
game's blocked squares never change (Spionaaž's volcanoes are placed
before the setup), so both give the same numbers within a game. (A player
carried into a second game whose walls came out exactly the same would,
on the reference engine, keep the first game's paths for the tuples it
had seen, and here for the squares: the only place the two may differ.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit

from ..kernel import hooks, playout as k
from ..kernel.mt import LEAF, inner

if TYPE_CHECKING:
    from ..engine.board_game import BoardGame
    from ..kernel.world import Worlds

JUDGED, ILLEGAL = 1, 2  # a world and candidate's status: judged (its value set), the move not legal in that world
MOB, FLAGS, TARGETS, FRONTIER, NEXT, SEEN = 0, 2, 4, 5, 6, 7  # the scratch rows (MOB and FLAGS: one per side)


class Paths:
    """Closeness to each target square around the walls, 1/(1 + steps) from every square, computed on first use.

    The compiled counterpart of the Python player's ``_paths``: dropped
    when the walls change (:meth:`reset`).
    """

    def __init__(self, cells: int, walls: frozenset[int]):
        self.close = np.zeros((cells, cells))
        self.have = np.zeros(cells, np.bool_)
        self.walls = np.zeros(cells, np.bool_)
        self.walls[list(walls)] = True


class Judge:
    """A ruleset's tables for the compiled judging, made once per ruleset from a game of it and the player's constants."""

    def __init__(self, game: BoardGame, settings: tuple[tuple[float, ...], tuple[int, ...]]):
        from ..engine.board import FORWARD
        from .belief import neighbours, strength_scale

        board, rs, n = game.board, game.rs, len(game.board)
        around = [neighbours(board, c) for c in range(n)]
        nb = np.full((n, max(1, *(len(a) for a in around))), -1, np.int64)
        for c, a in enumerate(around):
            nb[c, : len(a)] = a
        front = np.empty((2, n), np.int64)  # where the enemy must stand to strike a flag of side o on c (strong._targets)
        for o in range(2):
            for c in range(n):
                f = board.step[FORWARD[o]][c] if board.step and not game.displace else c
                front[o, c] = f if f >= 0 else c
        hq = [board.cells_with(f"hq{o}") if rs.params.occupy_wins else [] for o in range(2)]
        hqs = np.full((2, max(1, len(hq[0]), len(hq[1]))), -1, np.int64)
        for o in range(2):
            hqs[o, : len(hq[o])] = hq[o]
        types = game.types
        floats, ints = settings
        self.tables = (
            nb,
            front,
            hqs,
            np.array(game._type_values),
            np.array([t in game.capture_wins for t in range(len(types))], np.bool_),
            np.array([pt.mobile for pt in types], np.bool_),
            np.array(strength_scale(types)),
            np.array(floats),
            np.array([*ints, int(game.displace), int(bool(game.capture_wins))], np.int64),
        )
        self.cells = n


def fits(pool: list[int], draws: list[list[int]]) -> bool:
    """Does every world of ``draws`` stay within the army list (no rank drawn more often than ``pool`` has it hidden)?

    The belief draws within the counts while it can, but where none is
    left it takes the likeliest rank, so a world may hold more of a rank
    than an army has: where the hard evidence rules out every rank left (a
    rank changed out of sight), or where a rule brings pieces in without
    naming the ranks it may bring (``Hooks.brought_in``), so that the army
    counted in the open falls short. The kernel's arrays are sized by the army (Sõjamäng's tables of
    generals and reinforcements: :func:`wararchive.kernel.position.check`),
    so such a move is judged on the reference engine (the same values).
    """
    for ranks in draws:
        drawn = [0] * len(pool)
        for t in ranks:
            drawn[t] += 1
            if drawn[t] > pool[t]:
                return False
    return True


def judge(
    on_kernel: Worlds,
    judge_tables: Judge,
    paths: Paths,
    me: int,
    worlds: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    codes: np.ndarray,
    jobs: np.ndarray,
    unit: float,
) -> tuple[np.ndarray, np.ndarray]:
    """Judge candidate ``j`` in world ``w`` wherever ``jobs[w, j]``: (values, statuses), each worlds × candidates.

    ``worlds``: the hidden enemy pieces' cells and the uids of his hidden
    fallen, one row of drawn ranks per world (cells first, then the fallen,
    as :meth:`~wararchive.players.belief.Belief.assignment` draws them),
    per world a pair of cells whose ranks are then swapped (the flag moved
    onto a struck piece, ``strong._flag_at``; -1 for none), and the uids
    of the player's pieces the enemy is seen to know. ``codes`` are the
    candidates (:func:`wararchive.kernel.playout.code_of`). A status is
    :data:`JUDGED` (its value set), :data:`ILLEGAL` (the move is not legal
    in that world) or 0 (not asked).
    """
    cells, ranks = worlds[0], worlds[2]
    n = judge_tables.cells
    if not (ranks.ndim == 2 and ranks.shape[0] == jobs.shape[0] and jobs.shape[1] == codes.shape[0]):
        raise ValueError("one row of ranks and of jobs per world, one job per candidate")
    if ranks.shape[1] != cells.shape[0] + worlds[1].shape[0] or paths.close.shape[0] != n or on_kernel.cells != n:
        raise ValueError("a rank for every hidden piece, and paths and tables of the game's board")
    values = np.zeros(jobs.shape)
    status = np.zeros(jobs.shape, np.int64)
    scratch = np.zeros((8, n + 1), np.int64)
    arrays = (on_kernel.S, on_kernel.root, on_kernel.buffer, on_kernel.scratch)
    guess = (*worlds, np.zeros(0, np.int64), np.zeros(2, np.int64))
    cache = (paths.close, paths.have, paths.walls)
    _judge_all(arrays, guess, me, codes, jobs, judge_tables.tables, float(unit), cache, scratch, values, status)
    return values, status


def codes_of(game: BoardGame, moves: list[Any]) -> np.ndarray:
    """The moves as the kernel numbers them (:func:`wararchive.kernel.playout.code_of`)."""
    n, index = len(game.kind), game.rs.type_index
    return np.array([k.code_of(m, n, index) for m in moves], np.int64)


@njit(**LEAF)
def _judge_all(arrays, guess, me, codes, jobs, tables, unit, cache, scratch, values, status) -> None:
    """BeliefPlayer._judge of every job: world by world, the world made once, then each of its candidates from a copy."""
    S, root, world, W = arrays
    cells, gone, ranks, swaps, enemy_knows, empty, pair = guess
    for w in range(ranks.shape[0]):
        wanted = False
        for j in range(codes.shape[0]):
            wanted |= jobs[w, j]
        if not wanted:
            continue
        k.restore(S, root, world)
        _world(S, world, me, cells, gone, ranks[w], swaps[w], enemy_knows, empty, pair)
        k.resume(S, world)
        for j in range(codes.shape[0]):
            if not jobs[w, j]:
                continue
            k.restore(S, world, W)
            i = _listed(W, codes[j])
            if i < 0:  # a rule that reads the guessed ranks bars it in this world
                status[w, j] = ILLEGAL
                continue
            k.play_listed(S, W, i)
            _finish_turns(S, W, me, tables)
            values[w, j] = _evaluate(S, W, me, tables, unit, cache, scratch)
            status[w, j] = JUDGED


@inner(LEAF)
def _world(S, W, me, cells, gone, row, swap, enemy_knows, empty, pair) -> None:
    """Belief.sample (and strong._flag_at where ``swap`` names two cells) written into ``W``, a copy of the real position."""
    h = cells.shape[0]
    for i in range(h):
        c, t = cells[i], row[i]
        W.kind[c] = t
        W.uid_kind[W.uid[c]] = t
    for i in range(gone.shape[0]):
        W.uid_kind[gone[i]] = row[h + i]
    e = 1 - me
    for u in range(W.known.shape[1]):
        W.known[e, u] = False
    for u in enemy_knows:
        W.known[e, u] = True
    hooks.guessed(S, W, me, cells, empty, gone)
    a, b = swap[0], swap[1]
    if a >= 0:
        ta, tb = W.kind[a], W.kind[b]
        W.kind[a], W.kind[b] = tb, ta
        W.uid_kind[W.uid[a]], W.uid_kind[W.uid[b]] = tb, ta
        pair[0], pair[1] = a, b
        hooks.guessed(S, W, me, pair, empty, empty)


@njit(**LEAF, inline="always")
def _listed(W, code: int) -> int:
    """The index in ``W.buf`` of the legal move numbered ``code``, or -1."""
    for i in range(W.G[k.G_NMOVES]):
        if k.move_code(W, i) == code:
            return i
    return -1


@inner(LEAF)
def _finish_turns(S, W, me: int, tables) -> None:
    """strong._finish_turns: the rest of ``me``'s turn, then the enemy's, greedy's best fights from each side's view."""
    nb = tables[0]
    floats, ints = tables[7], tables[8]
    threshold, plies = floats[FIGHT_THRESHOLD], ints[MAX_TURN_PLIES]
    for s in range(2):
        side = me if s == 0 else 1 - me
        for _ in range(plies):
            if W.G[k.G_OVER] != 0 or W.G[k.G_TO_MOVE] != side:
                break
            i = _best_fight(S, W, side, threshold)
            if i < 0 and side == me:
                i = _quiet(S, W, side, nb)
            if i < 0:
                return
            k.play_listed(S, W, i)


@njit(**LEAF, inline="always")
def _is_fight(S, W, i: int, p: int) -> bool:
    """strong._best_fight's test: an ability, an attack (engaged_cell), or an occupation of the enemy's headquarters."""
    c, x = W.buf[i, 0], W.buf[i, 1]
    if W.buf[i, 2] != k.ACT_PLAIN:
        return True
    return k._engaged(S, W, c, x, p) >= 0 or (S.P[k.P_OCCUPY_RULE] >= 0 and S.occupy[p, x])


@njit(**LEAF, inline="always")
def _best_fight(S, W, p: int, threshold: float) -> int:
    """strong._best_fight: the fight greedy values most from ``p``'s view (the first of the best), if above ``threshold``."""
    n = W.G[k.G_NMOVES]
    best, value = -1, 0.0
    everyone, mobile = 0, 0
    for i in range(n):
        if not _is_fight(S, W, i, p):
            continue
        if best < 0:
            everyone, mobile = k.view_counts(S, W, p)
        v = k.move_value(S, W, i, p, everyone, mobile)
        if best < 0 or v > value:
            best, value = i, v
    return best if best >= 0 and value > threshold else -1


@njit(**LEAF, inline="always")
def _quiet(S, W, p: int, nb) -> int:
    """strong._quiet: the first plain move that fights nothing, from and to squares with no enemy next to them, or -1."""
    enemy = 1 - p
    for i in range(W.G[k.G_NMOVES]):
        c, x = W.buf[i, 0], W.buf[i, 1]
        if W.buf[i, 2] != k.ACT_PLAIN or k._engaged(S, W, c, x, p) >= 0:
            continue
        ok = True
        for end in (x, c):
            for d in range(nb.shape[1]):
                y = nb[end, d]
                if y >= 0 and W.owner[y] == enemy:
                    ok = False
        if ok:
            return i
    return -1


# the floats of the evaluation's settings, in strong.Settings.compiled's order
WIN, INFO, HIDE, THREAT, PROGRESS, DANGER, SIEGE, GUARD, COVER, FIGHT_THRESHOLD, SIEGE_FALL0 = range(11)
# its whole numbers, then the ruleset's: attackers move onto their victim, a capture wins
MAX_TURN_PLIES, DANGER_DEPTH, SIEGE_DEPTH, DISPLACE, CAPTURE_WINS = range(5)


@inner(LEAF)
def _evaluate(S, W, me: int, tables, unit: float, cache, scratch) -> float:
    """strong.evaluate of the position in ``W`` for ``me``: the same terms, the same floats added in the same order."""
    nb, front, hqs, values, wins, mobile_t, strength, floats, ints = tables
    close, have, walls = cache
    if W.G[k.G_OVER] != 0:
        winner = W.G[k.G_WINNER]
        return 0.0 if winner < 0 else (floats[WIN] if winner == me else -floats[WIN])
    kind, owner, uid, known, moved = W.kind, W.owner, W.uid, W.known, W.moved
    nmob0 = nmob1 = nflag0 = nflag1 = 0
    decoys0 = decoys1 = 0
    material = info = 0.0
    for c in range(kind.shape[0]):
        o = owner[c]
        if o < 0:
            continue
        t = kind[c]
        if wins[t]:
            if o == 0:
                scratch[FLAGS, nflag0] = c
                nflag0 += 1
            else:
                scratch[FLAGS + 1, nflag1] = c
                nflag1 += 1
        else:
            material += values[t] if o == me else -values[t]
        if mobile_t[t]:
            if o == 0:
                scratch[MOB, nmob0] = c
                nmob0 += 1
            else:
                scratch[MOB + 1, nmob1] = c
                nmob1 += 1
        u = uid[c]
        if known[1 - o, u]:
            if not wins[t]:
                info += values[t] if o != me else -values[t]
        elif not moved[u]:
            if o == 0:
                decoys0 += 1
            else:
                decoys1 += 1
    nmob = (nmob0, nmob1)
    nflag = (nflag0, nflag1)
    decoys = (decoys0, decoys1)
    score = material + floats[INFO] * info
    if ints[CAPTURE_WINS]:  # a flag among n look-alikes is found by a blind attack once in n
        score += floats[HIDE] * floats[WIN] * (1.0 / max(decoys[1 - me], 1) - 1.0 / max(decoys[me], 1))
    for s in range(2):
        side, sign = (me, 1.0) if s == 0 else (1 - me, -1.0)
        o = 1 - side
        nt = 0
        for i in range(nflag[o]):
            scratch[TARGETS, nt] = front[o, scratch[FLAGS + o, i]]
            nt += 1
        for i in range(hqs.shape[1]):
            if hqs[o, i] >= 0:
                scratch[TARGETS, nt] = hqs[o, i]
                nt += 1
        if nt == 0 or nmob[side] == 0:
            continue
        pieces = scratch[MOB + side]
        threat = 0.0
        for i in range(nt):
            t = scratch[TARGETS, i]
            _closeness(W, t, nb, close, have, walls, scratch)
            top = close[t, pieces[0]]
            for m in range(1, nmob[side]):
                top = max(top, close[t, pieces[m]])
            threat += top
        progress = 0.0
        for m in range(nmob[side]):
            c = pieces[m]
            nearest = close[scratch[TARGETS, 0], c]
            for i in range(1, nt):
                nearest = max(nearest, close[scratch[TARGETS, i], c])
            progress += nearest
        danger = 0.0
        for i in range(nt):
            steps = _steps_to(W, scratch[TARGETS, i], side, nb, mobile_t, ints[DANGER_DEPTH], scratch)
            danger += 1.0 / (1 + steps) ** 3
        score += sign * unit * (floats[THREAT] * threat + floats[PROGRESS] * progress + floats[DANGER] * danger)
    if ints[DISPLACE] and nflag[me]:  # a hunter strikes the first unmoved piece it meets: the headquarters needs a guard
        flags = scratch[FLAGS + me]
        siege = 0.0
        for i in range(nflag[me]):
            siege += _siege(W, flags[i], 1 - me, nb, mobile_t, floats, ints[SIEGE_DEPTH], scratch)
        score -= floats[SIEGE] * floats[WIN] * siege
        if nmob[me]:
            pieces = scratch[MOB + me]
            guard = 0.0
            for i in range(nflag[me]):
                t = flags[i]
                _closeness(W, t, nb, close, have, walls, scratch)
                top = strength[kind[pieces[0]]] * close[t, pieces[0]]
                for m in range(1, nmob[me]):
                    top = max(top, strength[kind[pieces[m]]] * close[t, pieces[m]])
                guard += top
            score += floats[GUARD] * unit * guard
        open_ = 0
        for i in range(nflag[me]):
            for d in range(nb.shape[1]):
                x = nb[flags[i], d]
                if x >= 0 and owner[x] != me and W.enter[x]:
                    open_ += 1
        score -= floats[COVER] * unit * open_
    return score


@njit(**LEAF, inline="always")
def _closeness(W, target: int, nb, close, have, walls, scratch) -> None:
    """strong._distances from ``target`` as closeness 1/(1 + steps) into ``close[target]``, unless already there."""
    if have[target]:
        return
    n = W.kind.shape[0]
    far = n + 1
    dist = scratch[SEEN]
    for c in range(n):
        dist[c] = far
    dist[target] = 0
    queue = scratch[FRONTIER]
    queue[0] = target
    head, tail = 0, 1
    while head < tail:
        c = queue[head]
        head += 1
        for d in range(nb.shape[1]):
            x = nb[c, d]
            if x >= 0 and dist[x] == far and W.enter[x] and not walls[x]:
                dist[x] = dist[c] + 1
                queue[tail] = x
                tail += 1
    for c in range(n):
        close[target, c] = 1.0 / (1 + dist[c])
    have[target] = True
    scratch[SEEN, n] = 0  # the distances were written over the marks: start the marks afresh


@njit(**LEAF, inline="always")
def _mark(scratch, n: int) -> int:
    """A fresh stamp for the ``SEEN`` row (cleared when the stamps run out of the row's meaning)."""
    stamp = scratch[SEEN, n] + 1
    if stamp == 1:
        for c in range(n):
            scratch[SEEN, c] = 0
    scratch[SEEN, n] = stamp
    return stamp


@njit(**LEAF, inline="always")
def _steps_to(W, target: int, side: int, nb, mobile_t, depth: int, scratch) -> int:
    """strong._steps_to: steps from ``target`` to ``side``'s nearest mobile piece around the defender's pieces."""
    n = W.kind.shape[0]
    stamp = _mark(scratch, n)
    seen, frontier, nxt = scratch[SEEN], scratch[FRONTIER], scratch[NEXT]
    seen[target] = stamp
    frontier[0] = target
    size = 1
    for d in range(depth + 1):
        grown = 0
        for f in range(size):
            c = frontier[f]
            o = W.owner[c]
            if o == side and mobile_t[W.kind[c]]:
                return d
            if o >= 0 and o != side and c != target:  # a defender's piece bars the way
                continue
            for e in range(nb.shape[1]):
                x = nb[c, e]
                if x >= 0 and seen[x] != stamp and W.enter[x]:
                    seen[x] = stamp
                    nxt[grown] = x
                    grown += 1
        for f in range(grown):
            frontier[f] = nxt[f]
        size = grown
    return depth + 1


@njit(**LEAF, inline="always")
def _siege(W, target: int, side: int, nb, mobile_t, floats, depth: int, scratch) -> float:
    """strong._siege: ``SIEGE_FALL`` to the power steps − 1 for each of ``side``'s mobile pieces near ``target``, summed."""
    n = W.kind.shape[0]
    stamp = _mark(scratch, n)
    seen, frontier, nxt = scratch[SEEN], scratch[FRONTIER], scratch[NEXT]
    seen[target] = stamp
    frontier[0] = target
    size = 1
    total = 0.0
    for d in range(1, depth + 1):
        grown = 0
        for f in range(size):
            c = frontier[f]
            for e in range(nb.shape[1]):
                x = nb[c, e]
                if x < 0 or seen[x] == stamp or not W.enter[x]:
                    continue
                seen[x] = stamp
                if W.owner[x] == side:
                    if mobile_t[W.kind[x]]:
                        total += floats[SIEGE_FALL0 + d - 1]
                    continue
                nxt[grown] = x
                grown += 1
        for f in range(grown):
            frontier[f] = nxt[f]
        size = grown
    return total
