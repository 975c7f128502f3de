"""The Japanese War Game's hooks (:class:`~wararchive.rulesets.japanese_war_game.JapaneseWarGameHooks`), compiled.

The flag is defended by the tile behind it (its *backer*), whose rank
decides the fight; the options say what a spy or a mine behind it does,
whether the backer falls with a tied flag, and whether a mine strikes a
piece that steps back in front of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from numba import njit

from .. import layout as k
from ..mt import LEAF
from .base import Family

if TYPE_CHECKING:
    import numpy as np

    from ...engine.ruleset import Ruleset


class JapaneseWarGame(Family):
    """The family of ``JapaneseWarGameHooks``."""

    name = "jwg"

    def params(self, rs: Ruleset, P: np.ndarray, rule_index: dict[str, int]) -> None:
        hooks = rs.hooks
        P[k.P_FLAG], P[k.P_MINE], P[k.P_SPY], P[k.P_MARSHAL] = hooks.flag, hooks.mine, hooks.spy, hooks.marshal
        P[k.P_RANK_ONLY], P[k.P_BACKER_FALLS], P[k.P_MINE_ANY] = hooks.rank_only, hooks.backer_falls, hooks.mine_any_move
        for slot, rid in (
            (k.P_R_FLAG_ALONE, "alone"),
            (k.P_R_FLAG_BACKER, "backer"),
            (k.P_R_FLAG_RANK, "rank"),
            (k.P_R_FLAG_TIE, "tie"),
        ):
            P[slot] = rule_index[f"jwg.flag-{rid}"]


@njit(**LEAF, inline="always")  # tiny and hot: a call would cost more than the work
def _backer(S, W, flag_cell: int) -> int:
    """JapaneseWarGameHooks.backer: the own tile directly behind the flag, or -1."""
    o = W.owner[flag_cell]
    b = S.step[k.SOUTH if o == 0 else k.NORTH, flag_cell]
    return b if b >= 0 and W.owner[b] == o else -1


@njit(**LEAF, inline="always")
def decider(S, W, dfn: int) -> tuple[int, int]:
    """JapaneseWarGameHooks.decider: the flag is defended by the tile behind it; every other piece by itself."""
    P = S.P
    if W.kind[dfn] != P[k.P_FLAG]:
        return dfn, -1
    behind = _backer(S, W, dfn)
    if behind < 0:
        return -1, P[k.P_R_FLAG_ALONE]
    if W.kind[behind] == P[k.P_MINE] or W.kind[behind] == P[k.P_SPY]:
        return (-1 if P[k.P_RANK_ONLY] else behind), P[k.P_R_FLAG_BACKER]
    return behind, P[k.P_R_FLAG_RANK]


@njit(**LEAF, inline="always")
def resolve(S, W, att: int, dfn: int, outcome: int, rule: int) -> tuple[int, int]:
    """JapaneseWarGameHooks.resolve: a spy against the field marshal behind the flag, and a tie at the flag."""
    P = S.P
    if W.kind[dfn] != P[k.P_FLAG]:
        return outcome, rule
    behind = _backer(S, W, dfn)
    if behind >= 0:
        spy_on_marshal = W.kind[att] == P[k.P_SPY] and W.kind[behind] == P[k.P_MARSHAL]
        if spy_on_marshal and P[k.P_RANK_ONLY]:
            return k.DEFENDER_WINS, P[k.P_R_FLAG_BACKER]
        if outcome == k.BOTH_REMOVED:
            return (k.DEFENDER_WINS if P[k.P_BACKER_FALLS] else outcome), P[k.P_R_FLAG_TIE]
        if spy_on_marshal:
            return outcome, P[k.P_R_FLAG_BACKER]
    return outcome, rule


@njit(**LEAF, inline="always")
def after_combat(S, W, dfn: int, e: int) -> None:
    """JapaneseWarGameHooks.after_combat: with ``backer_falls``, a tie at the flag costs the backer too."""
    row = W.log[e]
    if S.P[k.P_BACKER_FALLS] and row[k.L_RULE] == S.P[k.P_R_FLAG_TIE]:
        row[k.L_REM0 + row[k.L_NREM]] = k._remove(W, _backer(S, W, dfn))
        row[k.L_NREM] += 1


@njit(**LEAF, inline="always")
def after_move(S, W, c: int, x: int, p: int) -> int:
    """JapaneseWarGameHooks.after_move: with ``mine_any_move``, a piece that steps (not forward) in front of a mine fights it.

    Returns the mine's cell, for the mechanism's collision, or -1.
    """
    P = S.P
    if W.G[k.G_OVER] or not P[k.P_MINE_ANY] or W.owner[x] != p or S.fwd[p, c, x]:
        return -1
    front = S.step[k.NORTH if p == 0 else k.SOUTH, x]
    if front >= 0 and W.owner[front] == 1 - p and W.kind[front] == P[k.P_MINE]:
        return front
    return -1
