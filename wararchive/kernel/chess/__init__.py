"""Chess on the compiled kernel: whole games of the ``chess`` ruleset, move for move the reference engine's.

The reference engine stays the definition: ``wararchive.rulesets.chess.ChessGame``,
whose moves python-chess generates and checks. This is an accelerator for
the studies, which play thousands of games between the random and greedy
players: the game ``simulate_one(rs, seed, players)`` plays, made by
numba-compiled code on bitboards (:mod:`wararchive.kernel.chess.board`,
:mod:`wararchive.kernel.chess.games`), some hundred times faster.

Equality rests on three copies, each tested against its original
(``tests/kernel/test_chess_kernel.py``):

- the legal moves in python-chess's order (the players pick by index into
  ``list(board.legal_moves)``), replicated from python-chess
  :data:`REPLICATED` (``generate_legal_moves``, ``_generate_evasions``,
  ``generate_castling_moves``…): with any other version installed the
  kernel leaves chess to the reference engine (:func:`gap` says so), and
  the move-order tests fail;
- the players' draws: :mod:`wararchive.kernel.mt` mirrors ``random.Random``, seeded from the
  players' seed texts as ``simulate_one`` writes them;
- ``ChessGame``'s greedy values, events and ends, with their float
  operations and python-chess's draw rules (its half-move-clock-99
  look-ahead for the fifty-move claim, its repetition look-back).

What comes back: :func:`play_many`'s rows (plies, winner or -1, end rule);
:func:`play_block`, a block of games as arrays (what a study reads of them: ``wararchive.study.compiled.chess_facts``);
:func:`play`, the reference ``ChessGame`` replayed from the compiled game's
moves (so records and ``simulate --engine kernel`` are the reference
engine's by construction). No input reaches compiled code unchecked: the
seeds go through :func:`~wararchive.engine.limits.check_seed`, the players
and the ruleset through :func:`wararchive.kernel.gap`; the ply limit was
checked by the ruleset's options.

Numba checks a cached function against its own file only: after editing
:mod:`wararchive.kernel.chess.board`, delete ``wararchive/kernel/chess/__pycache__/*.nb[ic]``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

import chess
import numpy as np

from ...rulesets.chess import BY_TYPE, VALUE, ChessGame

if TYPE_CHECKING:
    from ...engine.ruleset import Ruleset

REPLICATED = "1.11"
"""The python-chess release whose move order the kernel replicates (its source read in 1.11.2; the tests check the order)."""

EVENT_RULES = (
    "chess.castling",
    "chess.en-passant",
    "chess.capture",
    "chess.promotion",
    "chess.check",
    "chess.checkmate",
    "chess.stalemate",
    "chess.modern-draws",
    "project.ply-limit",
)
"""The rules ``ChessGame`` logs, in the order of :mod:`wararchive.kernel.chess.games`' ``R_*``."""
READINGS = ("leaflet", "modern")
PIECE_TYPES = {pid: ptype for ptype, pid in BY_TYPE.items()}
"""The ruleset's piece ids → python-chess's piece types (the columns of :class:`Block`'s ``army``)."""


def is_chess(rs: Ruleset) -> bool:
    """Is ``rs`` played by :class:`ChessGame` (so by this module, not the board games' kernel)?"""
    return rs.new_game_fn is ChessGame


def gap(rs: Ruleset) -> str | None:
    """Why the kernel cannot play chess ruleset ``rs`` (one line), or None."""
    if not chess.__version__.startswith(REPLICATED + "."):
        return f"python-chess {chess.__version__} is installed; the kernel replicates the move order of {REPLICATED}"
    rule_ids = {r.id for r in rs.rules}
    if missing := [r for r in EVENT_RULES if r not in rule_ids]:
        return f"{rs.id} has no rule {missing[0]!r} that chess's events name"
    if rs.options.get("end_conditions") not in READINGS:
        return f"{rs.id}: end_conditions {rs.options.get('end_conditions')!r} is not one of {', '.join(READINGS)}"
    if not rs.options.get("ply_limit"):
        return f"{rs.id} has no ply limit"
    return None


def load(board: chess.Board) -> np.ndarray:
    """A standard-chess ``board`` as a compiled position (:mod:`wararchive.kernel.chess.board`'s layout)."""
    from . import board as b

    B = np.zeros(b.SIZE, np.int64)
    for t in range(chess.PAWN, chess.KING + 1):
        B[t] = b._bb([board.pieces_mask(t, chess.WHITE) | board.pieces_mask(t, chess.BLACK)])[0]
    B[b.CO], B[b.CO + 1] = b._bb([board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK]])
    B[b.TURN] = 0 if board.turn == chess.WHITE else 1
    B[b.CASTLE] = b._bb([board.clean_castling_rights()])[0]
    B[b.EP] = -1 if board.ep_square is None else board.ep_square
    B[b.HMC] = board.halfmove_clock
    return B


def decode(move: int) -> chess.Move:
    """A compiled move as python-chess's."""
    return chess.Move(move & 63, (move >> 6) & 63, (move >> 12) or None)


def legal_moves(board: chess.Board) -> list[chess.Move]:
    """The compiled legal moves of ``board``, in their order (``list(board.legal_moves)``'s, the tests check)."""
    from . import board as b

    out = np.zeros(b.MAX_MOVES, np.int64)
    n = b.legal(load(board), out, False)
    return [decode(int(m)) for m in out[:n]]


def perft(board: chess.Board, depth: int) -> int:
    """The leaves ``depth`` plies below ``board`` by the compiled moves and pushes (for tests against python-chess)."""
    from . import board as b

    def count(B: np.ndarray, depth: int) -> int:
        out = np.zeros(b.MAX_MOVES, np.int64)
        n = b.legal(B, out, False)
        if depth <= 1:
            return n if depth == 1 else 1
        total = 0
        for m in out[:n]:
            C = B.copy()
            b.push(C, m)
            total += count(C, depth - 1)
        return total

    return count(load(board), depth)


@cache
def _start() -> np.ndarray:
    return load(chess.Board())


class Block:
    """A block's games as arrays, one row per seed (see :func:`wararchive.kernel.chess.games.play_block`)."""

    def __init__(self, seeds: list[int], rules: int, plies: int):
        from .games import OUT_WIDTH

        g = len(seeds)
        self.seeds = seeds
        self.out = np.zeros((g, OUT_WIDTH), np.int64)
        self.fired = np.zeros((g, rules), np.int64)
        self.army = np.zeros((g, 2, chess.KING + 1), np.int64)
        self.record = np.zeros((g, plies), np.int64)


def play_block(rs: Ruleset, seeds: Sequence[int], players: Sequence[str], record: bool = False) -> Block:
    """``seeds``' games of chess ruleset ``rs`` between ``players`` in one compiled call; ``record``: keep the moves.

    The seeds are checked (:func:`~wararchive.engine.limits.check_seed`) and
    the ruleset and players (:func:`wararchive.kernel.gap`), each refused in
    one line, before any compiled code runs.
    """
    from ...engine.limits import check_seed
    from ...errors import WararchiveError
    from ..mt import game_keys
    from ..tables import player_kinds, players_gap
    from . import games

    seeds = [check_seed(s) for s in seeds]
    if not is_chess(rs):
        raise WararchiveError(f"the kernel's chess plays chess, not {rs.id}")
    if (why := gap(rs) or players_gap(tuple(players))) is not None:
        raise WararchiveError(f"the kernel cannot play this: {why}")
    index = {r.id: i for i, r in enumerate(rs.rules)}
    limit = int(rs.options["ply_limit"])
    block = Block(seeds, len(index), limit if record else 0)
    if not seeds:
        return block
    keys = np.stack([game_keys(rs.id, tuple(rs.sides), s)[3:] for s in seeds])  # chess draws for its players only
    values = np.zeros(chess.KING + 1, np.float64)
    for t, v in VALUE.items():
        values[t] = v
    games.play_block(
        _start(),
        player_kinds((players[0], players[1])),
        keys,
        rs.options["end_conditions"] == "modern",
        limit,
        values,
        np.array([index[r] for r in EVENT_RULES], np.int64),
        block.fired,
        block.out,
        block.army,
        block.record,
    )
    return block


def play_many(rs: Ruleset, seeds: Sequence[int], players: Sequence[str]) -> np.ndarray:
    """:func:`wararchive.kernel.play_many` for chess: rows of (plies, winner or -1, end rule index)."""
    from .games import OUT_END_RULE, OUT_PLY, OUT_WINNER

    return play_block(rs, seeds, players).out[:, [OUT_PLY, OUT_WINNER, OUT_END_RULE]].copy()


class ReplayedChessGame(ChessGame):
    """The reference game of the compiled game's moves: what :func:`wararchive.kernel.play` returns for chess."""

    engine = "kernel"

    def __init__(self, rs: Ruleset, seed: int, moves: list[chess.Move]):
        super().__init__(rs, seed)
        for move in moves:
            self.play(move)
        self._moves = moves

    def moves(self) -> list[chess.Move]:
        """The moves the kernel chose, in order."""
        return list(self._moves)

    def army(self, at_end: bool = True) -> Counter[tuple[str, str]]:
        """(side, piece) → how many stand on the board at the end (or the start), as the referee's view shows them."""
        return army(self.rs, self.board if at_end else chess.Board(self.fen))


def army(rs: Ruleset, board: chess.Board) -> Counter[tuple[str, str]]:
    """(side, piece) → how many of ``board``'s men (``ChessGame.view``'s cells: sides and pieces by the ruleset's names)."""
    return Counter((rs.sides[0 if p.color else 1], BY_TYPE[p.piece_type]) for p in board.piece_map().values())


def play(rs: Ruleset, seed: int, players: Sequence[str]) -> ReplayedChessGame:
    """The game ``simulate_one(rs, seed, players)`` plays: the compiled game's moves, replayed by the reference engine."""
    from .games import OUT_PLY

    block = play_block(rs, [seed], players, record=True)
    moves = [decode(int(m)) for m in block.record[0, : block.out[0, OUT_PLY]]]
    return ReplayedChessGame(rs, block.seeds[0], moves)
