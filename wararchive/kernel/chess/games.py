"""Whole games of chess, compiled: ``ChessGame._apply``'s ends and events, the random and greedy players' draws.

One game is :func:`play`: from the initial position the side to move's
player picks an index into the legal moves (:mod:`.board`, python-chess's
order), as :class:`~wararchive.players.baseline.RandomPlayer` (``choice``)
or :class:`~wararchive.players.baseline.GreedyPlayer` (the moves within
1e-9 of the best ``ChessGame.move_values``, then ``choice``) does, drawing
from its side's stream (:mod:`wararchive.kernel.mt`); the move's events are counted as
``_apply`` logs them (castling, or en passant, or a capture; a promotion),
then, after the move: checkmate, stalemate, with the modern draws
insufficient material, the fifty-move claim and threefold repetition, else
check; then the ply limit. :func:`play_block` plays a block of seeds and
keeps what a study reads of each game.

Repetition (``is_repetition(3)``) looks back over the positions since the
last irreversible move (``is_irreversible``: zeroing, reducing castling
rights, or made where an en passant capture was legal): those positions'
keys are kept on a stack emptied at each irreversible move. A reversible
move does not zero the half-move clock, and the fifty-move rule ends a
modern game when the clock reaches 100, so the stack never holds more than
100 keys (:data:`HISTORY` has room for more).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .. import mt
from ..mt import LEAF
from . import board as b

RANDOM, GREEDY = 0, 1  # the players, as kernel.tables.PLAYERS orders them
# what rules fire, as indices into ``rules`` (each the ruleset's index of that rule)
R_CASTLING, R_EN_PASSANT, R_CAPTURE, R_PROMOTION, R_CHECK, R_CHECKMATE, R_STALEMATE, R_MODERN, R_PLY_LIMIT = range(9)
OUT_PLY, OUT_WINNER, OUT_END_RULE, OUT_ADJUDICATED, OUT_LEAD_CHANGES = range(5)
OUT_WIDTH = 5
HISTORY = 128


@njit(**LEAF)
def mate_value(C: np.ndarray, buf: np.ndarray) -> float:
    """What ``move_values`` adds for the position after a move: 1000 for checkmate, -5 for stalemate, else 0."""
    if b.legal(C, buf, True) != 0:
        return 0.0
    return 1000.0 if b.checkers(C) != 0 else -5.0


@njit(**LEAF)
def greedy_index(B: np.ndarray, moves: np.ndarray, n: int, values: np.ndarray, rng: np.ndarray, W: np.ndarray) -> int:
    """:class:`GreedyPlayer`'s choice among ``moves[:n]``: ``ChessGame.move_values`` with its float operations, then ``choice``.

    ``W`` is scratch: a position (row 0), the child's moves (row 1), the best moves (row 2).
    """
    C, buf, best_moves = W[0, : b.SIZE], W[1], W[2]
    best = 0.0
    nb = 0
    for i in range(n):
        m = moves[i]
        frm, to, promotion = m & 63, (m >> 6) & 63, m >> 12
        v = 0.0
        if b.is_capture(B, frm, to):
            victim = b.PAWN if b.is_en_passant(B, frm, to) else b.type_at(B, to)
            v += values[victim] - values[b.type_at(B, frm)] / 100
        if promotion:
            v += values[promotion]
        b.copy(B, C)
        b.push(C, m)
        if b.legal(C, buf, True) == 0:
            if b.checkers(C) != 0:
                v += 1000
            else:
                v -= 5
        if nb == 0 or v > best + 1e-9:
            best = v
            best_moves[0] = i
            nb = 1
        elif abs(v - best) <= 1e-9:
            best_moves[nb] = i
            nb += 1
    return best_moves[mt.randbelow(rng, nb)]


@njit(**LEAF)
def fifty_claim(B: np.ndarray, moves: np.ndarray, n: int, W: np.ndarray) -> bool:
    """``can_claim_fifty_moves()`` in a position with legal moves: the clock at 100, or at 99 and a quiet move to 100."""
    if B[b.HMC] >= 100:
        return True
    if B[b.HMC] >= 99:
        C, buf = W[0, : b.SIZE], W[1]
        for i in range(n):
            m = moves[i]
            if not b.is_zeroing(B, m & 63, (m >> 6) & 63):
                b.copy(B, C)
                b.push(C, m)
                if C[b.HMC] >= 100 and b.legal(C, buf, True) != 0:
                    return True
    return False


@njit(**LEAF)
def repeated(history: np.ndarray, count: int, now: np.ndarray) -> bool:
    """``is_repetition(3)``: the key ``now`` twice among the ``count`` keys since the last irreversible move."""
    seen = 0
    for j in range(count):
        same = True
        for i in range(b.KEY):
            if history[j, i] != now[i]:
                same = False
                break
        if same:
            seen += 1
            if seen >= 2:
                return True
    return False


@njit(**LEAF)
def play(
    start: np.ndarray,
    players: np.ndarray,
    rngs: np.ndarray,
    modern: bool,
    limit: int,
    values: np.ndarray,
    rules: np.ndarray,
    B: np.ndarray,
    moves: np.ndarray,
    W: np.ndarray,
    history: np.ndarray,
    now: np.ndarray,
    fired: np.ndarray,
    out: np.ndarray,
    record: np.ndarray,
) -> None:
    """One game from ``start`` between ``players`` drawing from ``rngs`` (a stream a side); ``B`` ends as its last position.

    ``fired`` (per rule of the ruleset) is added to; ``out`` gets the plies,
    the winner (-1: none), the end's rule and whether it was adjudicated;
    ``record`` (when it has room) the moves.
    """
    b.copy(start, B)
    n = b.legal(B, moves, False)
    count = 0
    ply = 0
    winner, end, adjudicated = -1, -1, 0
    leader, changes = _leader(B, values, -1), 0
    while True:
        us = B[b.TURN]
        i = greedy_index(B, moves, n, values, rngs[us], W) if players[us] == GREEDY else mt.randbelow(rngs[us], n)
        m = moves[i]
        frm, to = m & 63, (m >> 6) & 63
        if ply < record.shape[0]:
            record[ply] = m
        material = m >> 12 != 0  # a capture or a promotion changes the material, nothing else does
        if b.is_castling(B, frm, to):
            fired[rules[R_CASTLING]] += 1
        elif b.is_en_passant(B, frm, to):
            fired[rules[R_EN_PASSANT]] += 1
            material = True
        elif b.is_capture(B, frm, to):
            fired[rules[R_CAPTURE]] += 1
            material = True
        if m >> 12:
            fired[rules[R_PROMOTION]] += 1
        if modern:
            legal_ep = b.has_legal_ep(B, moves, n)
            if b.is_zeroing(B, frm, to) or b.reduces_castling_rights(B, frm, to) or legal_ep:
                count = 0
            elif count < HISTORY:  # always (see the module's docstring)
                b.key(B, legal_ep, history[count])
                count += 1
        b.push(B, m)
        ply += 1
        if material:
            ahead = _leader(B, values, leader)
            if leader >= 0 and ahead != leader:
                changes += 1
            leader = ahead
        n = b.legal(B, moves, False)
        check = b.checkers(B) != 0
        if n == 0 and check:
            winner, end = us, R_CHECKMATE
        elif n == 0:
            end = R_STALEMATE
        elif modern and (b.insufficient(B) or fifty_claim(B, moves, n, W) or _repeats(B, moves, n, history, count, now)):
            end = R_MODERN
        elif check:
            fired[rules[R_CHECK]] += 1
        if end < 0 and ply >= limit:
            end, adjudicated = R_PLY_LIMIT, 1
        if end >= 0:
            break
    fired[rules[end]] += 1
    out[OUT_PLY], out[OUT_WINNER], out[OUT_END_RULE], out[OUT_ADJUDICATED] = ply, winner, rules[end], adjudicated
    out[OUT_LEAD_CHANGES] = changes


@njit(**LEAF)
def _leader(B: np.ndarray, values: np.ndarray, last: int) -> int:
    """The side ahead in material (``ChessGame.material``: the men's values, the king not counted), else ``last``.

    A level position keeps the last lead: ``wararchive.study.run.lead_changes``
    counts a change only when the lead passes to the other side.
    """
    white, black = 0.0, 0.0
    for t in range(b.PAWN, b.KING):
        white += values[t] * b.popcount(B[t] & B[b.CO])
        black += values[t] * b.popcount(B[t] & B[b.CO + 1])
    if white == black:
        return last
    return 0 if white > black else 1


@njit(**LEAF)
def _repeats(B: np.ndarray, moves: np.ndarray, n: int, history: np.ndarray, count: int, now: np.ndarray) -> bool:
    b.key(B, b.has_legal_ep(B, moves, n), now)
    return repeated(history, count, now)


@njit(cache=True)
def play_block(
    start: np.ndarray,
    players: np.ndarray,
    keys: np.ndarray,
    modern: bool,
    limit: int,
    values: np.ndarray,
    rules: np.ndarray,
    fired: np.ndarray,
    out: np.ndarray,
    army: np.ndarray,
    record: np.ndarray,
) -> None:  # pragma: no cover - compiled
    """The games of a block of seeds (``keys[g]``: the white and black players' seed keys), each as :func:`play`.

    Per game ``g``: ``fired[g]``, ``out[g]``, ``army[g, side, type]`` (the
    men left at the end) and ``record[g]`` (the moves, where it has room).
    """
    rngs = np.zeros((2, mt.STATE), np.int64)
    B = np.zeros(b.SIZE, np.int64)
    moves = np.zeros(b.MAX_MOVES, np.int64)
    W = np.zeros((3, b.MAX_MOVES), np.int64)
    history = np.zeros((HISTORY, b.KEY), np.int64)
    now = np.zeros(b.KEY, np.int64)
    for g in range(keys.shape[0]):
        mt.seed(rngs[0], keys[g, 0])
        mt.seed(rngs[1], keys[g, 1])
        play(start, players, rngs, modern, limit, values, rules, B, moves, W, history, now, fired[g], out[g], record[g])
        for side in range(2):
            for t in range(b.PAWN, b.KING + 1):
                army[g, side, t] = b.popcount(B[t] & B[b.CO + side])
