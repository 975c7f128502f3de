"""The belief's arithmetic compiled: Sinkhorn scaling and the draws of the worlds' ranks, as :mod:`.belief` does them.

``strong`` on the kernel (:mod:`.strong_compiled`) judges its worlds in
one compiled call; what was left of a move in Python was mostly the
belief: the iterative proportional fitting of the per-piece likelihoods to
the army list (:func:`wararchive.players.belief._sinkhorn`) and the K
draws of a rank for every hidden piece (:meth:`wararchive.players.belief.Belief.assignment`).
Both are written again here, step for step: the same floats added and
multiplied in the same order, the player's generator mirrored into a
kernel stream (:func:`wararchive.kernel.mirror`), drawn from exactly as
``random.Random`` draws (``random()``: two 32-bit words), and written
back, so the marginals, the ranks and the generator's state afterwards are
the Python belief's to the last bit (``tests/players/test_strong_compiled.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from ..kernel import mirror, mt

if TYPE_CHECKING:
    import random


def sinkhorn(rows: list[list[float]], pool: list[int], rounds: int) -> list[list[float]]:
    """:func:`wararchive.players.belief._sinkhorn` compiled: the same marginals, to the last bit."""
    if not rows:
        return []
    m = np.array(rows, np.float64)
    _sinkhorn(m, np.array(pool, np.int64), rounds)
    return m.tolist()


def assignments(
    pool: list[int], marginal: list, likelihood: list, possible: list, rng: random.Random, count: int
) -> list[list[int]]:
    """``count`` calls of ``Belief.assignment(rng)`` on a belief's pool, marginals, likelihoods and possible ranks, compiled.

    The same ranks, and ``rng`` left in the same state. The belief's
    fields come as they are (one row per hidden piece, one column per rank
    of ``pool``) rather than the belief itself, which imports this module.
    """
    n, types = len(marginal), len(pool)
    out = np.full((count, n), -1, np.int64)
    if n:
        state = mirror(rng)
        rows = [np.array(x, np.float64).reshape(n, types) for x in (marginal, likelihood)]
        _assignments(state, *rows, np.array(possible, np.bool_).reshape(n, types), np.array(pool, np.int64), out)
        version, _, gauss = rng.getstate()
        rng.setstate((version, tuple(state.tolist()), gauss))
    return out.tolist()


@njit(cache=True)
def _sinkhorn(m, pool, rounds: int) -> None:
    """_sinkhorn on ``m`` in place: rows to sum 1, columns to their counts, ``rounds`` times, then the rows again."""
    n, types = m.shape
    total = 0
    for t in range(types):
        total += pool[t]
    target = np.zeros(types)
    if total:
        for t in range(types):
            target[t] = (pool[t] * n) / total
    for _ in range(rounds):
        for i in range(n):
            s = 0.0
            for t in range(types):
                s += m[i, t]
            if s > 0:
                inv = 1.0 / s
                for t in range(types):
                    m[i, t] *= inv
        for t in range(types):
            s = 0.0
            for i in range(n):
                s += m[i, t]
            if s > 0:
                f = target[t] / s
                for i in range(n):
                    m[i, t] *= f
    for i in range(n):
        s = 0.0
        for t in range(types):
            s += m[i, t]
        if s > 0:
            for t in range(types):
                m[i, t] /= s


@njit(cache=True)
def _random(rng) -> float:
    """``random.random()``: 53 bits from two words, as CPython's ``random_random``."""
    a = mt.uint32(rng) >> 5
    b = mt.uint32(rng) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _assignments(rng, marginal, likelihood, possible, pool, out) -> None:
    """Belief.assignment once per row of ``out``: the pieces ordered by the hard evidence, then each drawn within the counts."""
    n, types = marginal.shape
    left = np.empty(types, np.int64)
    weights = np.empty(types)
    order = np.empty(n, np.int64)
    narrow = np.zeros(n, np.int64)
    top = np.zeros(n)
    key = np.empty(n)
    for i in range(n):
        for t in range(types):
            narrow[i] += possible[i, t]
        if types:
            top[i] = marginal[i, 0]
            for t in range(1, types):
                top[i] = max(top[i], marginal[i, t])
    for row in range(out.shape[0]):
        for t in range(types):
            left[t] = pool[t]
        for i in range(n):  # sorted(range(n), key=(-narrow, most certain, random()), reverse=True): the keys in index order
            key[i] = _random(rng)
            j = i
            while j > 0 and _before(narrow, top, key, i, order[j - 1]):  # stable: equal keys keep their order
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
        for i in order:
            total = 0.0
            for t in range(types):
                weights[t] = marginal[i, t] * left[t]
                total += weights[t]
            if total <= 0.0:  # counts ran dry for what the evidence weighs: any rank left that the hard evidence allows
                total = 0.0
                for t in range(types):
                    weights[t] = float(left[t]) if possible[i, t] else 0.0
                    total += weights[t]
                if total <= 0.0:  # none: any rank left, else the likeliest
                    count = 0
                    for t in range(types):
                        weights[t] = float(left[t])
                        count += left[t]
                    total = float(count)
                if total <= 0.0:
                    best = 0
                    for t in range(1, types):
                        if likelihood[i, t] > likelihood[i, best]:
                            best = t
                    out[row, i] = best
                    continue
            t = _draw(weights, _random(rng) * total)
            out[row, i] = t
            left[t] = max(left[t] - 1, 0)


@njit(cache=True)
def _before(narrow, top, key, a: int, b: int) -> bool:
    """Does piece ``a`` sort before ``b``, descending by (-narrow, most certain, its draw)? Strictly: ties keep their order."""
    if -narrow[a] != -narrow[b]:
        return -narrow[a] > -narrow[b]
    if top[a] != top[b]:
        return top[a] > top[b]
    return key[a] > key[b]


@njit(cache=True)
def _draw(weights, x: float) -> int:
    """belief._draw: the index where the running sum of ``weights`` passes ``x``."""
    last = 0
    for t in range(weights.shape[0]):
        w = weights[t]
        if w > 0.0:
            last = t
            x -= w
            if x < 0.0:
                return t
    return last
