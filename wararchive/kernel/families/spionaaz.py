"""Spionaaž's hooks (:class:`~wararchive.rulesets.spionaaz.SpionaazHooks`), compiled.

Volcanoes are drawn before the setup and block their squares; after every
ply each side is told the enemy pieces beside its spies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit

from .. import layout as k, mt
from ..layout import (
    E_REVEALED,
    G_AUX,
    G_PASS,
    G_SCANNED,
    G_SPIES,
    L_COUNT,
    L_LEARNER,
    L_OFFSET,
    P_R_UNMASK,
    P_SPY,
    _log,
)
from ..mt import ALLOCATING, LEAF, inner
from .base import Family

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...engine.ruleset import Ruleset


class Spionaaz(Family):
    """The family of ``SpionaazHooks``."""

    name = "spz"
    prepare_draws = True

    def params(self, rs: Ruleset, P: np.ndarray, rule_index: dict[str, int]) -> None:
        P[k.P_SPY], P[k.P_VOLCANOES] = rs.type_index["spy"], rs.hooks.volcanoes
        P[k.P_R_UNMASK], P[k.P_R_VOLCANO] = rule_index["spz.unmask"], rule_index["spz.volcano-placement"]

    def prepared_record(self, names: Sequence[str], blocked: list[int]) -> dict[str, Any]:
        """The volcanoes (every square the kernel blocks is one: it covers no ruleset with water and volcanoes)."""
        return {"volcanoes": [names[c] for c in blocked]}


@inner(ALLOCATING)
def prepare(S, W) -> None:
    """SpionaazHooks.new_state and prepare: the volcanoes drawn from the prepare stream, then blocked (one event)."""
    n = S.P[k.P_VOLCANOES]
    drawn = np.empty(n, np.int64)
    mt.sample(W.rng[0], S.middle, n, drawn)
    drawn.sort()
    e = -1
    for c in drawn:
        if W.enter[c]:
            W.enter[c] = False
            if e < 0:
                e = k._log(W, k.E_BLOCKED, S.P[k.P_R_VOLCANO])
                W.log[e, k.L_OFFSET] = W.G[k.G_AUX]
            W.aux[W.G[k.G_AUX], 0] = c
            W.G[k.G_AUX] += 1
    if e >= 0:
        W.log[e, k.L_COUNT] = W.G[k.G_AUX] - W.log[e, k.L_OFFSET]


@njit(**LEAF, inline="always")
def after_move(S, W, x: int) -> None:
    """SpionaazHooks.after_move, where it can tell anything (:func:`_stirs`)."""
    if W.G[k.G_OVER] == 0 and _stirs(S, W, x):
        _unmask(S, W)
        W.G[k.G_SCANNED] = 1


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
