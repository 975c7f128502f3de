"""``ismcts``'s iterations compiled: the guess, the tree, the playouts and the scores in one call per move.

:class:`~wararchive.players.ismcts.ISMCTSPlayer` on the kernel runs all
its iterations of a move here, in one compiled call: run from Python, an
iteration paid for a compiled call per move it played and per playout,
and for the guess and the tree's bookkeeping in Python. It is the same
algorithm written again, step for step, because equality is the contract:
from the same generator it makes the same draws in the same order (the
player's generator is mirrored in and written back, :mod:`wararchive.kernel.mt`),
keeps the same statistics with the same float operations in the same
order, and breaks ties as Python's ``max`` does (the first of the best), so
it chooses the moves the Python search chooses on the reference engine
(``tests/kernel/test_kernel.py`` checks the root's statistics to the last bit
and the generator's state afterwards, under every option set;
``benchmarks/search.py`` measures the speed).

The tree is arrays: node 0 is the root, each node has its move's code
(from, to, action and target as one number:
:func:`wararchive.kernel.playout.move_code`), its mover, visits, times available and reward, and
its children as a linked list (``first`` child, next ``sibling``). An
iteration adds at most one node, so ``iterations + 1`` nodes suffice.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit

from ..kernel import hooks, mirror, mt, playout as k, worlds
from ..kernel.mt import LEAF

if TYPE_CHECKING:
    import random

    from ..engine.board_game import BoardGame

CODE, MOVER, VISITS, AVAILABLE, FIRST, SIBLING = range(6)  # the tree's columns (its rewards are a float array beside it)


def search(
    game: BoardGame,
    legal: list[Any],
    guess: tuple[np.ndarray, ...],
    rng: random.Random,
    stream: np.ndarray,
    prior: list[float],
    iterations: int,
    settings: tuple[int, int, float, float, float, float],
) -> list[tuple[int, float]]:
    """``iterations`` iterations from ``game``'s position for its mover: (visits, reward) per ``legal`` move, (-1, 0) unvisited.

    ``guess`` is the guesser's reading of the view
    (:meth:`~wararchive.players.ismcts.Guesser.arrays`); ``prior`` is
    aligned with ``legal`` (the game's legal moves; a guessed world's
    may differ, and a move of it not in ``legal`` has prior 0, as the
    Python search's ``prior.get(move, 0.0)`` gives); ``rng`` is the
    player's generator (drawn from here as the Python search draws from it,
    and left in the same state), ``stream`` the playouts' (mirrored).
    ``settings``: (playouts a leaf, plies a playout, advance, material
    scale, exploration, prior weight), the module constants of
    :mod:`.ismcts`.
    """
    on_kernel = worlds(game)
    state = mirror(rng)
    codes = np.array([k.code_of(m, on_kernel.cells, game.rs.type_index) for m in legal], np.int64)
    nodes = iterations + 1
    tree, reward = np.zeros((nodes, 6), np.int64), np.zeros(nodes)
    buffers = (
        np.zeros((settings[0], 3)),  # one row per playout of a leaf
        np.empty(nodes, np.int64),  # the path down the tree
        np.empty(on_kernel.buffer.buf.shape[0], np.int64),  # each legal move's child
        np.empty((3, max(len(guess[0]), len(guess[1]), 1)), np.int64),  # the guess's lists
        np.empty(on_kernel.buffer.buf.shape[0]),  # the prior of each of a world's root moves
    )
    arrays = (on_kernel.S, on_kernel.root, on_kernel.buffer, on_kernel.scratch)
    _search(arrays, guess, state, stream, (codes, np.array(prior)), iterations, game.to_move, settings, tree, reward, buffers)
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple(state.tolist()), gauss))
    stats = {}
    child = tree[0, FIRST]
    while child > 0:
        stats[int(tree[child, CODE])] = (int(tree[child, VISITS]), float(reward[child]))
        child = tree[child, SIBLING]
    return [stats.get(code, (-1, 0.0)) for code in codes.tolist()]


@njit(**LEAF)
def _guess(S, W, me, rng, scratch, pool0, still0, moved, gone, allowed, confined, mobile, fallback) -> None:
    """Guesser.sample for ``me``, written into the world ``W`` (a copy of the root): the same draws, the same ranks.

    ``scratch`` has three rows (the pool, the unmoved cells, the cells a
    rank may take) at least as long as the pool and the unmoved cells.
    Sõjamäng's hook state then follows the guess (``BoardGame.redrawn``).
    """
    pool, still, cells = scratch[0], scratch[1], scratch[2]
    m, s = pool0.shape[0], still0.shape[0]
    k.copy_into(pool, pool0)
    k.copy_into(still, still0)
    mt.shuffle(rng, pool, m)
    for i in range(m - 1, -1, -1):  # first the ranks a setup rule confines, each to a cell it allows
        t = pool[i]
        if not confined[t]:
            continue
        n = 0
        for j in range(s):
            if allowed[t, still[j]]:
                cells[n] = still[j]
                n += 1
        if n:
            c = cells[mt.randbelow(rng, n)]
            j = 0
            while still[j] != c:
                j += 1
            _drop(still, j, s)
            s -= 1
            _rank(W, c, t)
            _drop(pool, i, m)
            m -= 1
    for c in moved:  # a piece seen to move is no mine or flag
        i = m - 1
        while i >= 0 and not mobile[pool[i]]:
            i -= 1
        if i >= 0:
            t = pool[i]
            _drop(pool, i, m)
            m -= 1
        else:
            t = fallback[mt.randbelow(rng, fallback.shape[0])]
        _rank(W, c, t)
    for j in range(s):
        if m:
            m -= 1
            t = pool[m]
        else:
            t = fallback[mt.randbelow(rng, fallback.shape[0])]
        _rank(W, still[j], t)
    for u in gone:
        if m:
            m -= 1
            W.uid_kind[u] = pool[m]
        else:
            W.uid_kind[u] = fallback[mt.randbelow(rng, fallback.shape[0])]
    hooks.guessed(S, W, me, still0, moved, gone)


@njit(**LEAF, inline="always")
def _drop(a, i: int, n: int) -> None:
    """``a[:n].pop(i)``: the items after ``i`` move down one."""
    for j in range(i, n - 1):
        a[j] = a[j + 1]


@njit(**LEAF, inline="always")
def _rank(W, c: int, t: int) -> None:
    W.kind[c] = t
    W.uid_kind[W.uid[c]] = t


@njit(**LEAF, inline="always")
def _squash(over: bool, winner: int, balance: float, me: int, scale: float) -> float:
    """ismcts.squash: a finished game 1, ½ or 0 for ``me``, else the balance squashed into 0…1."""
    if over:
        return 0.5 if winner < 0 else (1.0 if winner == me else 0.0)
    return 0.5 + 0.5 * math.tanh(balance / scale)


@njit(**LEAF, inline="always")
def _child(tree, node: int, code: int) -> int:
    """The child of ``node`` for the move ``code``, or -1."""
    c = tree[node, FIRST]
    while c > 0 and tree[c, CODE] != code:
        c = tree[c, SIBLING]
    return c if c > 0 else -1


@njit(**LEAF, inline="always")
def _root_prior(W, n: int, prior, out) -> None:
    """The prior of each of the world's ``n`` root moves into ``out``: its legal move's (by code), 0 for a move not legal.

    ``prior`` is (the legal moves' codes, their priors). A world's root
    moves are the legal moves, in order, unless a guess changed them (on
    the map, a guessed gas command), so each is looked for first where it
    would be, then among all.
    """
    codes, values = prior
    for i in range(n):
        code = k.move_code(W, i)
        out[i] = 0.0
        if i < codes.shape[0] and codes[i] == code:
            out[i] = values[i]
        else:
            for j in range(codes.shape[0]):
                if codes[j] == code:
                    out[i] = values[j]
                    break


@njit(**LEAF)
def _search(arrays, guess, rng, stream, prior, iterations, me, settings, tree, reward, buffers) -> None:
    """ISMCTSPlayer.choose's iterations and _iterate, with Playouts.score and squash; statistics into ``tree``/``reward``.

    ``tree`` and ``reward`` come zeroed (a node is never reused, so a new
    one starts with no visits, children or reward).

    ``arrays``: the ruleset's, the loaded root, the world's buffer and the
    playouts'; ``buffers``: scratch arrays (see :func:`search`).
    """
    S, root, W, scratch = arrays
    _, plies, advance, scale, exploration, prior_weight = settings
    out, path, children, scratch_guess, world_prior = buffers
    size = 1
    for _ in range(iterations):
        k.restore(S, root, W)
        _guess(S, W, me, rng, scratch_guess, *guess)
        k.resume(S, W)  # the guess may change the moves (on the map a guessed gas command closes points)
        node, depth, stuck = 0, 0, -1
        while W.G[k.G_OVER] == 0:
            n, mover = W.G[k.G_NMOVES], W.G[k.G_TO_MOVE]
            if n == 0:  # the guess left the mover no move (ISMCTSPlayer._iterate): he loses
                stuck = mover
                break
            untried, pick = 0, -1
            if node == 0:
                _root_prior(W, n, prior, world_prior)
            for i in range(n):
                children[i] = _child(tree, node, k.move_code(W, i))
                if children[i] < 0:
                    if node == 0 and (pick < 0 or world_prior[i] > world_prior[pick]):  # at the root greedy's best first
                        pick = i
                    untried += 1
            if untried:
                if node != 0:  # below it any
                    r = mt.randbelow(rng, untried)
                    for i in range(n):
                        if children[i] < 0:
                            if r == 0:
                                pick = i
                                break
                            r -= 1
                new = size
                size += 1
                tree[new, CODE] = k.move_code(W, pick)
                tree[new, MOVER] = mover
                tree[new, SIBLING] = tree[node, FIRST]
                tree[node, FIRST] = new
                children[pick] = new
            for i in range(n):  # how often each move could have been chosen: its UCB's "parent visits"
                if children[i] >= 0:
                    tree[children[i], AVAILABLE] += 1
            if untried:
                k.play_listed(S, W, pick)
                path[depth] = children[pick]
                depth += 1
                break
            best, value = -1, 0.0
            for i in range(n):  # UCB1 over the times available, plus a prior (the root's) that fades with visits
                c = children[i]
                v = tree[c, VISITS]
                u = reward[c] / v + exploration * math.sqrt(math.log(tree[c, AVAILABLE]) / v)
                u += prior_weight * (world_prior[i] if node == 0 else 0.0) / v
                if best < 0 or u > value:
                    best, value = i, u
            node = children[best]
            k.play_listed(S, W, best)
            path[depth] = node
            depth += 1
        if stuck >= 0:
            score = 0.0 if stuck == me else 1.0
        elif W.G[k.G_OVER]:
            score = _squash(True, W.G[k.G_WINNER], 0.0, me, scale)
        else:
            k.playouts(S, W, scratch, plies, stream, me, advance, out)
            total = 0.0
            for r in range(out.shape[0]):
                total += _squash(out[r, 0] != 0, out[r, 1], out[r, 2], me, scale)
            score = total / out.shape[0]
        for d in range(depth):
            c = path[d]
            tree[c, VISITS] += 1
            reward[c] += score if tree[c, MOVER] == me else 1.0 - score
