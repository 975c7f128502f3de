"""The compiled hooks: one function per hook the shared mechanism calls, answered by the ruleset's family.

:mod:`.playout` mirrors :class:`~wararchive.engine.board_game.BoardGame`
and calls a ruleset's hooks where the engine calls
:class:`~wararchive.engine.hooks.Hooks`: each function here is one of
those hooks (same name where there is one), and does what the default
hooks do unless the family in ``Spec.P[P_HOOKS]`` (:mod:`.families`)
changes it. This module is the one place that names the families: numba
has no virtual call that survives its on-disk cache, so the choice is a
branch per hook, inlined into the caller. A hook never calls the
mechanism: where the hooks make a piece fight (the map's strike, the
Japanese War Game's mine), they hand the cell back and the mechanism
collides. A family added to :data:`.families.FAMILIES`
adds its branch to each hook it changes here, and nothing in the mechanism.
"""

from __future__ import annotations

import math

from numba import njit

from .families import finnish_front as ff, japanese_war_game as jwg, sojamang as soj, spionaaz as spz
from .layout import ACT_PLAIN, G_OVER, HOOKS_JWG, HOOKS_MAP, HOOKS_SOJ, HOOKS_SPZ, NOT_PERFORMED, P_HOOKS, PERFORMED
from .mt import ALLOCATING, LEAF


@njit(**ALLOCATING, inline="always")
def prepare(S, W) -> None:
    """Hooks.prepare, before the setup: Spionaaž's volcanoes."""
    if S.P[P_HOOKS] == HOOKS_SPZ:
        spz.prepare(S, W)


@njit(**LEAF, inline="always")
def setup_ok(S, put, p: int) -> bool:
    """Hooks.setup_errors found none in side ``p``'s drawn setup ``put`` (type per cell, -1 empty): Sõjamäng's."""
    return S.P[P_HOOKS] != HOOKS_SOJ or soj.setup_ok(S, put, p)


@njit(**LEAF, inline="always")
def begin(S, W) -> None:
    """Hooks.new_state and begin, once both sides stand: the map game's gas known, Sõjamäng's state."""
    hooks = S.P[P_HOOKS]
    if hooks == HOOKS_MAP:
        ff.begin(S, W)
    elif hooks == HOOKS_SOJ:
        soj.begin(S, W)


@njit(**LEAF, inline="always")
def moves(S, W, p: int) -> int:
    """Side ``p``'s legal moves into ``W.buf`` where the hooks make them all (the map's); -1: the squares' generator."""
    if S.P[P_HOOKS] == HOOKS_MAP:
        return ff.moves(S, W, p)
    return -1


@njit(**LEAF, inline="always")
def forced_moves(S, W, p: int) -> int:
    """Hooks.forced_moves: how many moves ``p`` is held to (written from ``W.buf``'s first), 0 for none: Sõjamäng's aviators."""
    if S.P[P_HOOKS] == HOOKS_SOJ:
        return soj.forced(S, W, p)
    return 0


@njit(**LEAF, inline="always")
def extra_moves(S, W, p: int, n: int) -> int:
    """Hooks.extra_moves after the ``n`` moves of the squares' generator; returns the new count: Sõjamäng's abilities."""
    if S.P[P_HOOKS] == HOOKS_SOJ:
        return soj.extra_moves(S, W, p, n)
    return n


@njit(**LEAF, inline="always")
def perform(S, W, c: int, x: int, act: int, aim: int, arg: int, p: int) -> int:
    """Hooks.perform: ``PERFORMED`` (the hooks made the move), ``NOT_PERFORMED`` (the shared step), or a cell to strike.

    The map's hooks make every move (a strike up to the point beside its
    target, whose cell they return); Sõjamäng's its abilities, except an
    armed attack, a look or a rescue, which is the plain step with the
    ability's state set around it (:func:`after_move` clears it).
    """
    hooks = S.P[P_HOOKS]
    if hooks == HOOKS_MAP:
        return ff.perform(S, W, c, x, act, aim, p)
    if hooks == HOOKS_SOJ and act != ACT_PLAIN:
        if soj.armed(act):
            soj.arm(S, W, c, x, act, arg, p)
            return NOT_PERFORMED
        soj.perform(S, W, c, x, act, aim, arg, p)
        return PERFORMED
    return NOT_PERFORMED


@njit(**LEAF, inline="always")
def decider(S, W, dfn: int) -> tuple[int, int]:
    """Hooks.decider: the cell whose rank defends ``dfn`` (-1: defenceless) and the rule that says so (-1: none)."""
    if S.P[P_HOOKS] == HOOKS_JWG:
        return jwg.decider(S, W, dfn)
    return dfn, -1


@njit(**LEAF, inline="always")
def resolve(S, W, att: int, dfn: int, outcome: int, rule: int) -> tuple[int, int]:
    """Hooks.resolve: the combat table's outcome and rule, as the hooks change them."""
    hooks = S.P[P_HOOKS]
    if hooks == HOOKS_JWG:
        return jwg.resolve(S, W, att, dfn, outcome, rule)
    if hooks == HOOKS_SOJ:
        return soj.resolve(S, W, att, dfn, outcome, rule)
    return outcome, rule


@njit(**LEAF, inline="always")
def after_combat(S, W, att: int, dfn: int, p: int, e: int) -> None:
    """Hooks.after_combat, in a game going on, the combat logged as event ``e``."""
    hooks = S.P[P_HOOKS]
    if hooks == HOOKS_JWG:
        jwg.after_combat(S, W, dfn, e)
    elif hooks == HOOKS_SOJ:
        soj.after_combat(S, W, att, dfn, p, e)


@njit(**LEAF, inline="always")
def after_move(S, W, c: int, x: int, act: int, p: int) -> int:
    """Hooks.after_move of the move ``c``-``x``: a cell the piece on ``x`` must now fight, or -1.

    Each family asks whether the game goes on where its hooks do.
    """
    hooks = S.P[P_HOOKS]
    if hooks == HOOKS_JWG:
        return jwg.after_move(S, W, c, x, p)
    if hooks == HOOKS_SPZ:
        spz.after_move(S, W, x)
    elif hooks == HOOKS_MAP:
        ff.after_move(S, W, x, act, p)
    elif hooks == HOOKS_SOJ:
        if act != ACT_PLAIN and soj.armed(act):
            soj.disarm(W, act)
        if W.G[G_OVER] == 0:
            soj.after_move(S, W, x, act, p)
    return -1


@njit(**LEAF, inline="always")
def owed_ply(S, W, p: int) -> bool:
    """Does ``p``, his turn's plies played, owe himself another turn? (Sõjamäng's bonus plies; one is spent.)"""
    if S.P[P_HOOKS] == HOOKS_SOJ and W.sg[soj.SG_BONUS + p] > 0:
        W.sg[soj.SG_BONUS + p] -= 1
        return True
    return False


@njit(**LEAF, inline="always")
def turn_start(S, W, p: int) -> None:
    """Hooks.turn_start of side ``p``."""
    if S.P[P_HOOKS] == HOOKS_SOJ:
        soj.turn_start(S, W, p)


@njit(**LEAF, inline="always")
def action_value(S, W, i: int, p: int, everyone: int) -> float:
    """Hooks.action_value of ``W.buf``'s ``i``-th move for ``p``; NaN: judged as the fight it starts (or its advance)."""
    hooks = S.P[P_HOOKS]
    if hooks == HOOKS_MAP:
        return ff.action_value(W, i, p)
    if hooks == HOOKS_SOJ:
        act = W.buf[i, 2]
        if act != ACT_PLAIN and act != soj.MG and act != soj.GRENADE and act != soj.RECON:
            return soj.action_value(S, W, i, p, everyone)
    return math.nan


@njit(**LEAF, inline="always")
def guessed(S, W, player: int, still, moved, gone) -> None:
    """Hooks.guessed: ``player``'s guesses replaced hidden ranks (on ``still`` and ``moved`` cells, of ``gone`` uids)."""
    if S.P[P_HOOKS] == HOOKS_SOJ:
        soj.guessed(S, W, player, still, moved, gone)


@njit(**LEAF, inline="always")
def copy_state(S, W0, W) -> None:
    """Hooks.copy_state: the hooks' state of the position in ``W0`` into ``W`` (a playout's start)."""
    hooks = S.P[P_HOOKS]
    if hooks == HOOKS_MAP:
        ff.copy_state(W0, W)
    elif hooks == HOOKS_SOJ:
        soj.copy_state(W0, W)
