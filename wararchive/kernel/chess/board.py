"""A chess position on bitboards, compiled: python-chess 1.11's legal moves in its own order, its moves and its tests.

Each function here mirrors one of ``chess.Board``'s (python-chess 1.11.2,
``chess/__init__.py``) and keeps its order of work, because the players
pick a move by its index in ``list(board.legal_moves)``: the pieces other
than pawns from the highest square down (``scan_reversed``), each piece's
targets from the highest down, castling (the h-side rook first), pawn
captures (promotions as queen, rook, bishop, knight), single then double
pushes by target square, en passant; in check, the evasions
(``_generate_evasions``); every candidate kept only if ``_is_safe``.

A position is an int64 array of :data:`SIZE` entries: the six piece
bitboards at python-chess's piece types (``PAWN`` 1 … ``KING`` 6), the two
sides' men (:data:`CO` + side, side 0 white), the side to move, the castling
rights (python-chess's bitboard of rook squares, cleaned as
``clean_castling_rights`` returns them), the en-passant square (-1: none)
and the half-move clock. A bitboard is python-chess's integer read as a
signed 64-bit word (h8 is the sign bit): only ``&``, ``|``, ``^``, ``~``,
left shifts and bit scans touch them, and the one right shift is masked.
A move is ``from | to << 6 | promotion << 12``.

The attack tables are python-chess's own (``BB_KNIGHT_ATTACKS``,
``BB_RAYS``, ``between`` …) as arrays; sliders' attacks are computed by
rays (the first blocker on each ray), which gives python-chess's
``BB_*_ATTACKS[square][mask & occupied]`` for every occupancy.
"""

from __future__ import annotations

import chess
import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from ..mt import LEAF

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6  # python-chess's piece types
CO = 7  # CO + side: that side's men (side 0 white, 1 black)
TURN, CASTLE, EP, HMC = 9, 10, 11, 12
SIZE = 13
KEY = 11  # a transposition key: the eight bitboards, turn, castling rights, en passant square or -1
MAX_MOVES = 512  # more than any position's pseudo-legal moves: a king's 10, and 27 (a queen's) for each of 15 men


def _bb(values: list[int]) -> np.ndarray:
    """python-chess bitboards (unsigned) as int64 words of the same bits."""
    return np.array(values, dtype=np.uint64).view(np.int64)


SQ = _bb(list(chess.BB_SQUARES))
KNIGHT_ATT = _bb(chess.BB_KNIGHT_ATTACKS)
KING_ATT = _bb(chess.BB_KING_ATTACKS)
PAWN_ATT = np.stack([_bb(chess.BB_PAWN_ATTACKS[chess.WHITE]), _bb(chess.BB_PAWN_ATTACKS[chess.BLACK])])  # [side, sq]
RAY = np.stack([_bb(row) for row in chess.BB_RAYS])
BETWEEN = np.stack([_bb([chess.between(a, b) for b in chess.SQUARES]) for a in chess.SQUARES])
RANK_LINE = _bb([chess.BB_RANK_ATTACKS[s][0] for s in chess.SQUARES])  # the empty board's lines through a square
FILE_LINE = _bb([chess.BB_FILE_ATTACKS[s][0] for s in chess.SQUARES])
DIAG_LINE = _bb([chess.BB_DIAG_ATTACKS[s][0] for s in chess.SQUARES])
RANKS = _bb(chess.BB_RANKS)
FILES = _bb(chess.BB_FILES)
DARK = _bb([chess.BB_DARK_SQUARES])[0]
LIGHT = _bb([chess.BB_LIGHT_SQUARES])[0]
LOW56 = (1 << 56) - 1  # what survives a right shift by 8 of an unsigned word

# The rays of sliders: east, west (the rank), north, south (the file), then the four diagonals.
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))  # (rank, file) steps
UPWARD = np.array([rank > 0 or (rank == 0 and file > 0) for rank, file in STEPS], np.bool_)  # nearest blocker: lowest


def _rays() -> np.ndarray:
    out = []
    for dr, df in STEPS:
        row = []
        for sq in chess.SQUARES:
            bb, r, f = 0, sq >> 3, sq & 7
            while 0 <= r + dr < 8 and 0 <= f + df < 8:
                r, f = r + dr, f + df
                bb |= 1 << (8 * r + f)
            row.append(bb)
        out.append(_bb(row))
    return np.stack(out)


DIR = _rays()


@njit(**LEAF, inline="always")
def msb(bb: int) -> int:
    """The highest square of a non-empty bitboard (python-chess's ``msb``)."""
    return 63 - leading_zeros(bb)


@njit(**LEAF, inline="always")
def lsb(bb: int) -> int:
    return trailing_zeros(bb)


@njit(**LEAF)
def popcount(bb: int) -> int:
    n = 0
    while bb != 0:
        bb &= bb - 1
        n += 1
    return n


@njit(**LEAF, inline="always")
def slide(sq: int, occupied: int, first: int, last: int) -> int:
    """The squares a slider on ``sq`` attacks along rays ``first`` … ``last - 1`` of :data:`STEPS` (blockers included)."""
    att = 0
    for d in range(first, last):
        r = DIR[d, sq]
        blocked = r & occupied
        if blocked != 0:
            r ^= DIR[d, lsb(blocked) if UPWARD[d] else msb(blocked)]
        att |= r
    return att


@njit(**LEAF, inline="always")
def occupied(B: np.ndarray) -> int:
    return B[CO] | B[CO + 1]


@njit(**LEAF)
def type_at(B: np.ndarray, sq: int) -> int:
    """``piece_type_at``: the type of the man on ``sq``, or 0."""
    bit = SQ[sq]
    for t in range(PAWN, KING + 1):
        if B[t] & bit:
            return t
    return 0


@njit(**LEAF)
def attackers(B: np.ndarray, side: int, sq: int, occ: int) -> int:
    """``attackers_mask(side, sq, occ)``: ``side``'s men attacking ``sq`` with ``occ`` blocking sliders."""
    rq = B[QUEEN] | B[ROOK]
    bq = B[QUEEN] | B[BISHOP]
    att = (
        (KING_ATT[sq] & B[KING])
        | (KNIGHT_ATT[sq] & B[KNIGHT])
        | (slide(sq, occ, 0, 4) & rq)
        | (slide(sq, occ, 4, 8) & bq)
        | (PAWN_ATT[1 - side, sq] & B[PAWN])
    )
    return att & B[CO + side]


@njit(**LEAF)
def attacks(B: np.ndarray, sq: int) -> int:
    """``attacks_mask(sq)``: the squares the man on ``sq`` attacks."""
    bit = SQ[sq]
    if B[PAWN] & bit:
        return PAWN_ATT[0 if B[CO] & bit else 1, sq]
    if B[KNIGHT] & bit:
        return KNIGHT_ATT[sq]
    if B[KING] & bit:
        return KING_ATT[sq]
    occ = occupied(B)
    att = 0
    if B[BISHOP] & bit or B[QUEEN] & bit:
        att = slide(sq, occ, 4, 8)
    if B[ROOK] & bit or B[QUEEN] & bit:
        att |= slide(sq, occ, 0, 4)
    return att


@njit(**LEAF)
def king_of(B: np.ndarray, side: int) -> int:
    """``king(side)``: the square of ``side``'s king, or -1."""
    k = B[KING] & B[CO + side]
    return msb(k) if k != 0 else -1


@njit(**LEAF)
def checkers(B: np.ndarray) -> int:
    """``checkers_mask()``: the men giving check to the side to move."""
    us = B[TURN]
    k = king_of(B, us)
    return 0 if k < 0 else attackers(B, 1 - us, k, occupied(B))


@njit(**LEAF, inline="always")
def add(out: np.ndarray, n: int, frm: int, to: int, promotion: int) -> int:
    out[n] = frm | (to << 6) | (promotion << 12)
    return n + 1


@njit(**LEAF, inline="always")
def add_pawn(out: np.ndarray, n: int, frm: int, to: int) -> int:
    """A pawn's move, as the four promotions (queen, rook, bishop, knight) on the last ranks."""
    if (to >> 3) == 0 or (to >> 3) == 7:
        for p in (QUEEN, ROOK, BISHOP, KNIGHT):
            n = add(out, n, frm, to, p)
        return n
    return add(out, n, frm, to, 0)


@njit(**LEAF)
def pseudo_ep(B: np.ndarray, from_mask: int, to_mask: int, out: np.ndarray, n: int) -> int:
    """``generate_pseudo_legal_ep``."""
    ep = B[EP]
    if ep <= 0 or not (SQ[ep] & to_mask):  # python-chess: ``if not self.ep_square`` (a1 is falsy, and never one)
        return n
    if SQ[ep] & occupied(B):
        return n
    us = B[TURN]
    capturers = B[PAWN] & B[CO + us] & from_mask & PAWN_ATT[1 - us, ep] & RANKS[4 if us == 0 else 3]
    while capturers != 0:
        c = msb(capturers)
        capturers ^= SQ[c]
        n = add(out, n, c, ep, 0)
    return n


@njit(**LEAF)
def attacked_for_king(B: np.ndarray, path: int, occ: int) -> bool:
    them = 1 - B[TURN]
    while path != 0:
        sq = msb(path)
        path ^= SQ[sq]
        if attackers(B, them, sq, occ) != 0:
            return True
    return False


@njit(**LEAF)
def castling(B: np.ndarray, from_mask: int, to_mask: int, out: np.ndarray, n: int) -> int:
    """``generate_castling_moves`` (standard chess: the king from e1/e8, written as its two-square move)."""
    us = B[TURN]
    backrank = RANKS[0] if us == 0 else RANKS[7]
    king = B[CO + us] & B[KING] & backrank & from_mask
    king &= -king
    if king == 0:
        return n
    ks = msb(king)
    occ = occupied(B)
    bb_c, bb_d, bb_f, bb_g = FILES[2] & backrank, FILES[3] & backrank, FILES[5] & backrank, FILES[6] & backrank
    candidates = B[CASTLE] & backrank & to_mask
    while candidates != 0:
        c = msb(candidates)
        candidates ^= SQ[c]
        rook = SQ[c]
        a_side = c < ks
        king_to = bb_c if a_side else bb_g
        rook_to = bb_d if a_side else bb_f
        king_path = BETWEEN[ks, msb(king_to)]
        rook_path = BETWEEN[c, msb(rook_to)]
        if not (
            (occ ^ king ^ rook) & (king_path | rook_path | king_to | rook_to)
            or attacked_for_king(B, king_path | king, occ ^ king)
            or attacked_for_king(B, king_to, occ ^ king ^ rook ^ rook_to)
        ):
            to = c  # _from_chess960: the king's own two-square move in standard chess
            if ks == 4 and B[KING] & SQ[4]:
                to = 6 if c == 7 else 2 if c == 0 else c
            elif ks == 60 and B[KING] & SQ[60]:
                to = 62 if c == 63 else 58 if c == 56 else c
            n = add(out, n, ks, to, 0)
    return n


@njit(**LEAF)
def pseudo_legal(B: np.ndarray, from_mask: int, to_mask: int, out: np.ndarray, n: int) -> int:
    """``generate_pseudo_legal_moves(from_mask, to_mask)``, appended to ``out[n:]``; returns the new length."""
    us = B[TURN]
    our, their = B[CO + us], B[CO + 1 - us]
    occ = our | their
    non_pawns = our & ~B[PAWN] & from_mask
    while non_pawns != 0:
        f = msb(non_pawns)
        non_pawns ^= SQ[f]
        targets = attacks(B, f) & ~our & to_mask
        while targets != 0:
            t = msb(targets)
            targets ^= SQ[t]
            n = add(out, n, f, t, 0)
    if from_mask & B[KING]:
        n = castling(B, from_mask, to_mask, out, n)
    pawns = B[PAWN] & our & from_mask
    if pawns == 0:
        return n
    capturers = pawns
    while capturers != 0:
        f = msb(capturers)
        capturers ^= SQ[f]
        targets = PAWN_ATT[us, f] & their & to_mask
        while targets != 0:
            t = msb(targets)
            targets ^= SQ[t]
            n = add_pawn(out, n, f, t)
    if us == 0:
        single = (pawns << 8) & ~occ
        double = (single << 8) & ~occ & (RANKS[2] | RANKS[3])
    else:
        single = ((pawns >> 8) & LOW56) & ~occ
        double = ((single >> 8) & LOW56) & ~occ & (RANKS[5] | RANKS[4])
    single &= to_mask
    double &= to_mask
    back = 8 if us == 1 else -8
    while single != 0:
        t = msb(single)
        single ^= SQ[t]
        n = add_pawn(out, n, t + back, t)
    while double != 0:
        t = msb(double)
        double ^= SQ[t]
        n = add(out, n, t + 2 * back, t, 0)
    if B[EP] > 0:
        n = pseudo_ep(B, from_mask, to_mask, out, n)
    return n


@njit(**LEAF)
def slider_blockers(B: np.ndarray, king: int) -> int:
    """``_slider_blockers(king)``: the mover's men that alone stand between his king and an enemy slider."""
    us = B[TURN]
    rq = B[ROOK] | B[QUEEN]
    bq = B[BISHOP] | B[QUEEN]
    occ = occupied(B)
    snipers = ((RANK_LINE[king] & rq) | (FILE_LINE[king] & rq) | (DIAG_LINE[king] & bq)) & B[CO + 1 - us]
    blockers = 0
    while snipers != 0:
        s = msb(snipers)
        snipers ^= SQ[s]
        b = BETWEEN[king, s] & occ
        if b != 0 and SQ[msb(b)] == b:
            blockers |= b
    return blockers & B[CO + us]


@njit(**LEAF)
def is_castling(B: np.ndarray, frm: int, to: int) -> bool:
    if B[KING] & SQ[frm]:
        return abs((frm & 7) - (to & 7)) > 1 or (B[ROOK] & B[CO + B[TURN]] & SQ[to]) != 0
    return False


@njit(**LEAF)
def is_en_passant(B: np.ndarray, frm: int, to: int) -> bool:
    d = abs(to - frm)
    return B[EP] == to and (B[PAWN] & SQ[frm]) != 0 and (d == 7 or d == 9) and not (occupied(B) & SQ[to])


@njit(**LEAF)
def is_capture(B: np.ndarray, frm: int, to: int) -> bool:
    return ((SQ[frm] ^ SQ[to]) & B[CO + 1 - B[TURN]]) != 0 or is_en_passant(B, frm, to)


@njit(**LEAF)
def is_zeroing(B: np.ndarray, frm: int, to: int) -> bool:
    touched = SQ[frm] ^ SQ[to]
    return (touched & B[PAWN]) != 0 or (touched & B[CO + 1 - B[TURN]]) != 0


@njit(**LEAF)
def reduces_castling_rights(B: np.ndarray, frm: int, to: int) -> bool:
    cr = B[CASTLE]
    touched = SQ[frm] ^ SQ[to]
    return (
        (touched & cr) != 0
        or ((cr & RANKS[0]) != 0 and (touched & B[KING] & B[CO]) != 0)
        or ((cr & RANKS[7]) != 0 and (touched & B[KING] & B[CO + 1]) != 0)
    )


@njit(**LEAF)
def pin_mask(B: np.ndarray, side: int, sq: int) -> int:
    """``pin_mask(side, sq)``: the line ``sq`` is pinned along to its king, or every square (-1)."""
    king = king_of(B, side)
    if king < 0:
        return -1
    bit = SQ[sq]
    occ = occupied(B)
    for kind in range(3):
        if kind == 0:
            rays, sliders = FILE_LINE[king], B[ROOK] | B[QUEEN]
        elif kind == 1:
            rays, sliders = RANK_LINE[king], B[ROOK] | B[QUEEN]
        else:
            rays, sliders = DIAG_LINE[king], B[BISHOP] | B[QUEEN]
        if rays & bit:
            snipers = rays & sliders & B[CO + 1 - side]
            while snipers != 0:
                s = msb(snipers)
                snipers ^= SQ[s]
                if BETWEEN[s, king] & (occ | bit) == bit:
                    return RAY[king, s]
            break
    return -1


@njit(**LEAF)
def ep_skewered(B: np.ndarray, king: int, capturer: int) -> bool:
    """``_ep_skewered``: would taking en passant open a line to the king (both pawns leave the rank)?"""
    us = B[TURN]
    ep = B[EP]
    last_double = ep + (-8 if us == 0 else 8)
    occ = (occupied(B) & ~SQ[last_double] & ~SQ[capturer]) | SQ[ep]
    their = B[CO + 1 - us]
    horizontal = slide(king, occ, 0, 2) & their & (B[ROOK] | B[QUEEN])
    diagonal = slide(king, occ, 4, 8) & their & (B[BISHOP] | B[QUEEN])
    return horizontal != 0 or diagonal != 0


@njit(**LEAF)
def is_safe(B: np.ndarray, king: int, blockers: int, move: int) -> bool:
    """``_is_safe``: the pseudo-legal ``move`` leaves the mover's king out of check."""
    frm, to = move & 63, (move >> 6) & 63
    if frm == king:
        if is_castling(B, frm, to):
            return True
        return attackers(B, 1 - B[TURN], to, occupied(B)) == 0
    if is_en_passant(B, frm, to):
        return (pin_mask(B, B[TURN], frm) & SQ[to]) != 0 and not ep_skewered(B, king, frm)
    return (blockers & SQ[frm]) == 0 or (RAY[frm, to] & SQ[king]) != 0


@njit(**LEAF)
def evasions(B: np.ndarray, king: int, checks: int, out: np.ndarray) -> int:
    """``_generate_evasions``: king moves off the checking lines, then (one checker) captures and blocks."""
    us = B[TURN]
    sliders = checks & (B[BISHOP] | B[ROOK] | B[QUEEN])
    attacked = 0
    while sliders != 0:
        c = msb(sliders)
        sliders ^= SQ[c]
        attacked |= RAY[king, c] & ~SQ[c]
    n = 0
    targets = KING_ATT[king] & ~B[CO + us] & ~attacked
    while targets != 0:
        t = msb(targets)
        targets ^= SQ[t]
        n = add(out, n, king, t, 0)
    checker = msb(checks)
    if SQ[checker] == checks:
        target = BETWEEN[king, checker] | checks
        n = pseudo_legal(B, ~B[KING], target, out, n)
        ep = B[EP]
        if ep > 0 and not (SQ[ep] & target) and ep + (-8 if us == 0 else 8) == checker:
            n = pseudo_ep(B, -1, -1, out, n)
    return n


@njit(**LEAF)
def legal(B: np.ndarray, out: np.ndarray, first_only: bool) -> int:
    """``generate_legal_moves``: the legal moves into ``out`` in python-chess's order; their number.

    ``first_only``: stop at the first legal move (``any(generate_legal_moves())``: 1 or 0).
    """
    us = B[TURN]
    king_mask = B[KING] & B[CO + us]
    if king_mask == 0:  # no king: every pseudo-legal move (never in a game from the initial position)
        n = pseudo_legal(B, -1, -1, out, 0)
        return min(n, 1) if first_only else n
    king = msb(king_mask)
    blockers = slider_blockers(B, king)
    checks = attackers(B, 1 - us, king, occupied(B))
    n = evasions(B, king, checks, out) if checks != 0 else pseudo_legal(B, -1, -1, out, 0)
    k = 0
    for i in range(n):
        if is_safe(B, king, blockers, out[i]):
            out[k] = out[i]
            k += 1
            if first_only:
                return 1
    return k


@njit(**LEAF, inline="always")
def copy(src: np.ndarray, dst: np.ndarray) -> None:
    """A position copied (a loop: a slice assignment would allocate)."""
    for i in range(SIZE):
        dst[i] = src[i]


@njit(**LEAF, inline="always")
def clear(B: np.ndarray, sq: int) -> None:
    """``_remove_piece_at`` (its type is read first, with :func:`type_at`)."""
    keep = ~SQ[sq]
    for i in range(PAWN, CO + 2):
        B[i] &= keep


@njit(**LEAF, inline="always")
def put(B: np.ndarray, sq: int, t: int, side: int) -> None:
    """``_set_piece_at``: whatever stood on ``sq`` is removed first."""
    clear(B, sq)
    B[t] |= SQ[sq]
    B[CO + side] |= SQ[sq]


@njit(**LEAF)
def push(B: np.ndarray, move: int) -> None:
    """``push(move)`` for a legal move of standard chess (no promoted king, no captured king)."""
    frm, to, promotion = move & 63, (move >> 6) & 63, move >> 12
    us = B[TURN]
    if frm == 4 and B[KING] & SQ[4]:  # _to_chess960: castling is the king onto his own rook
        if to == 6 and not (B[ROOK] & SQ[6]):
            to = 7
        elif to == 2 and not (B[ROOK] & SQ[2]):
            to = 0
    elif frm == 60 and B[KING] & SQ[60]:
        if to == 62 and not (B[ROOK] & SQ[62]):
            to = 63
        elif to == 58 and not (B[ROOK] & SQ[58]):
            to = 56
    ep = B[EP]
    B[EP] = -1
    B[HMC] += 1
    if is_zeroing(B, frm, to):
        B[HMC] = 0
    piece = type_at(B, frm)
    clear(B, frm)
    captured = type_at(B, to)
    B[CASTLE] &= ~SQ[to] & ~SQ[frm]
    if piece == KING:
        B[CASTLE] &= ~(RANKS[0] if us == 0 else RANKS[7])
    if piece == PAWN:
        diff = to - frm
        if diff == 16 and (frm >> 3) == 1:
            B[EP] = frm + 8
        elif diff == -16 and (frm >> 3) == 6:
            B[EP] = frm - 8
        elif to == ep and (abs(diff) == 7 or abs(diff) == 9) and captured == 0:
            clear(B, ep + (-8 if us == 0 else 8))
    if promotion:
        piece = promotion
    if piece == KING and B[CO + us] & SQ[to]:  # castling
        clear(B, to)
        base = 0 if us == 0 else 56
        if (to & 7) < (frm & 7):
            put(B, base + 2, KING, us)
            put(B, base + 3, ROOK, us)
        else:
            put(B, base + 6, KING, us)
            put(B, base + 5, ROOK, us)
    else:
        put(B, to, piece, us)
    B[TURN] = 1 - us


@njit(**LEAF)
def has_legal_ep(B: np.ndarray, moves: np.ndarray, n: int) -> bool:
    """``has_legal_en_passant``, read from the position's legal moves."""
    found = False
    i = 0
    while B[EP] >= 0 and not found and i < n:  # a loop, not any(): numba compiles no generator here
        found = is_en_passant(B, moves[i] & 63, (moves[i] >> 6) & 63)
        i += 1
    return found


@njit(**LEAF)
def key(B: np.ndarray, legal_ep: bool, out: np.ndarray) -> None:
    """``_transposition_key``: the men, the turn, the castling rights, the en passant square if a capture there is legal."""
    for i in range(CO + 2):
        out[i] = B[PAWN + i]
    out[8] = B[TURN]
    out[9] = B[CASTLE]
    out[10] = B[EP] if legal_ep else -1


@njit(**LEAF)
def insufficient_for(B: np.ndarray, side: int) -> bool:
    """``has_insufficient_material(side)``."""
    mine, theirs = B[CO + side], B[CO + 1 - side]
    if mine & (B[PAWN] | B[ROOK] | B[QUEEN]):
        return False
    if mine & B[KNIGHT]:
        return popcount(mine) <= 2 and not (theirs & ~B[KING] & ~B[QUEEN])
    if mine & B[BISHOP]:
        same_color = not (B[BISHOP] & DARK) or not (B[BISHOP] & LIGHT)
        return same_color and not B[PAWN] and not B[KNIGHT]
    return True


@njit(**LEAF)
def insufficient(B: np.ndarray) -> bool:
    """``is_insufficient_material()``."""
    return insufficient_for(B, 0) and insufficient_for(B, 1)
