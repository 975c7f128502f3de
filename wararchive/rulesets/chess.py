"""Chess as the Estonian leaflet *Male* states it (text ``et-male``).

python-chess generates and checks the moves; what this module adds is the
leaflet's vocabulary (the queen is *lipp*, "flag"), a citation for every
rule, and the leaflet's own end conditions: it names checkmate and stalemate
and no other draw, so by default a game ends only by those (and the
project's ply limit). The complete modern rules are an option.
"""

from __future__ import annotations

from typing import Any

import chess
import chess.pgn

from ..engine.board import grid
from ..engine.common import PLY_LIMIT_RULE, ply_limit_option
from ..engine.game import Game
from ..engine.moves import IllegalMoveError
from ..engine.pieces import PieceType
from ..engine.rules import NotImplemented_, Option, Reading, Rule, RuleBook, resolve_options
from ..engine.ruleset import Feature, Ruleset
from ..engine.view import View

TEXT = "et-male"


def P(*ns: int) -> tuple[str, ...]:
    return tuple(f"{TEXT}:{n}" for n in ns)


OPTIONS = {
    "end_conditions": Option(
        name="end_conditions",
        summary="Which rules end a game.",
        default="leaflet",
        rationale=(
            "The leaflet names checkmate (et-male:48, 54) and stalemate (et-male:55) and no other ending. That it "
            "therefore excludes the other draws is read from its silence, not stated: a leaflet for beginners may "
            "simply leave them out, and the chess of its day knew repetition and the fifty-move rule. The default "
            "plays only the endings it names; the modern draws are the other reading."
        ),
        cites=P(45, 48, 54, 55),
        readings=(
            Reading("leaflet", "checkmate and stalemate only, the endings the leaflet names"),
            Reading("modern", "also threefold repetition, the fifty-move rule and insufficient material (FIDE)"),
        ),
        certainty="inferred",
    ),
    "ply_limit": ply_limit_option(400),
}

RULES = [
    Rule(
        id="chess.setup",
        summary="The board has a light square in each player's right-hand corner; the men stand in the standard initial position.",
        cites=P(8, 10, 11),
        certainty="inferred",
        reason="Figure 1, which shows the position, is missing from the transcription; the leaflet's piece list fits only the standard position.",
        topic="setup",
    ),
    Rule(
        id="chess.army",
        summary="Each side has a king, a queen ('lipp', flag), two rooks, two bishops, two knights and eight pawns.",
        cites=P(2, 10),
        topic="components",
    ),
    Rule(
        id="chess.white-first",
        summary="The player with the light men moves first; then the players alternate, one man a move.",
        cites=P(13, 14, 15),
        topic="turn",
    ),
    Rule(
        id="chess.opening-men",
        summary="From the initial position only pawns and knights can move; this is a consequence of the position, not an extra restriction.",
        cites=P(16),
        certainty="inferred",
        reason="Read literally the sentence would forbid, e.g., a bishop's move on the second move of a player whose pawn has opened its diagonal; the next sentence ('from the second move on the other pieces can move') shows it describes the blocked position.",
        topic="movement",
    ),
    Rule(
        id="chess.capture",
        summary="A man may not move onto its own side's man; it captures an enemy man by taking its square.",
        cites=P(6, 17, 18),
        topic="combat",
    ),
    Rule(
        id="chess.king",
        summary="The king moves one square in any direction; kings never stand on adjacent squares.",
        cites=P(20, 21),
        topic="movement",
    ),
    Rule(
        id="chess.queen",
        summary="The queen moves any distance along ranks, files and diagonals through free squares.",
        cites=P(22),
        topic="movement",
    ),
    Rule(
        id="chess.rook",
        summary="The rook moves any distance along ranks and files through free squares.",
        cites=P(23),
        topic="movement",
    ),
    Rule(
        id="chess.bishop",
        summary="The bishop moves any distance diagonally through free squares.",
        cites=P(24, 25),
        topic="movement",
    ),
    Rule(
        id="chess.knight",
        summary="The knight jumps in an L: one step along a rank or file and one diagonally outwards.",
        cites=P(26),
        topic="movement",
    ),
    Rule(
        id="chess.pawn",
        summary="The pawn moves one square straight forward, two on its first move, and captures diagonally forward.",
        cites=P(27, 28, 29),
        topic="movement",
    ),
    Rule(
        id="chess.promotion",
        summary="A pawn reaching the last rank becomes a queen, rook, bishop or knight at its player's choice.",
        cites=P(30, 31),
        topic="special",
    ),
    Rule(
        id="chess.castling",
        summary="Once a game, the king moves two squares towards a rook that jumps over it, if neither has moved, the king is not in check and no man stands between.",
        cites=P(33, 34, 35, 36, 37, 38),
        topic="special",
    ),
    Rule(
        id="chess.castling-through-check",
        summary="The king may not castle through or into an attacked square.",
        cites=P(37, 49),
        certainty="inferred",
        reason="The leaflet forbids castling out of check and any move that leaves the king in check; passing through an attacked square is not mentioned and follows the standard rule.",
        topic="special",
    ),
    Rule(
        id="chess.en-passant",
        summary="A pawn may capture an enemy pawn that has just made a double step as if it had moved one square, on the very next move only.",
        cites=P(40, 41, 42, 43),
        topic="special",
    ),
    Rule(
        id="chess.check",
        summary="A king under attack is in check and must escape at once: capture, interpose or move away; no move may leave one's king in check.",
        cites=P(47, 49, 50, 51, 52, 53),
        topic="victory",
    ),
    Rule(
        id="chess.king-not-captured",
        summary="The king is never captured: the 'capture' of the aim is checkmate.",
        cites=P(5, 19, 45, 46),
        certainty="inferred",
        reason="et-male:5 gives the aim as capturing the king, et-male:46 says the king cannot be captured; et-male:45 and 48 settle it as checkmate.",
        topic="victory",
    ),
    Rule(
        id="chess.checkmate",
        summary="A player in check with no way out is checkmated and loses.",
        cites=P(45, 48, 54),
        topic="victory",
    ),
    Rule(
        id="chess.stalemate",
        summary="A player not in check with no legal move is stalemated: the game is drawn.",
        cites=P(55),
        topic="draw",
    ),
    Rule(
        id="chess.modern-draws",
        summary="Option 'modern': threefold repetition, the fifty-move rule and insufficient material also draw.",
        cites=(),
        certainty="conjecture",
        reason="Not in the leaflet; the FIDE Laws of Chess, offered for comparison only.",
        topic="draw",
    ),
    PLY_LIMIT_RULE,
]

NOT_IMPLEMENTED = [
    NotImplemented_(
        "et-male:8",
        "Board orientation (a light square at each player's right) is built into python-chess's board; nothing to execute.",
    ),
]

PIECES = [
    # id, Estonian, English, count, strength, symbol, python-chess type, rule, concept
    ("king", "kuningas", "King", 1, 100, "K", chess.KING, "chess.king", "king"),
    ("queen", "lipp", "Queen", 1, 9, "Q", chess.QUEEN, "chess.queen", "queen"),
    ("rook", "vanker", "Rook", 2, 5, "R", chess.ROOK, "chess.rook", "rook"),
    ("bishop", "oda", "Bishop", 2, 3, "B", chess.BISHOP, "chess.bishop", "bishop"),
    ("knight", "ratsu", "Knight", 2, 3, "N", chess.KNIGHT, "chess.knight", "knight"),
    ("pawn", "ettur", "Pawn", 8, 1, "P", chess.PAWN, "chess.pawn", "pawn"),
]
BY_TYPE = {ptype: pid for pid, _, _, _, _, _, ptype, _, _ in PIECES}
VALUE = {ptype: strength for _, _, _, _, strength, _, ptype, _, _ in PIECES}


def piece_types() -> tuple[PieceType, ...]:
    cites = {
        "king": P(10, 19, 20),
        "queen": P(10, 22),
        "rook": P(10, 23),
        "bishop": P(10, 24),
        "knight": P(10, 26),
        "pawn": P(10, 27),
    }
    return tuple(
        PieceType(
            id=pid,
            name=et,
            name_en=en,
            count=n,
            rank=None,
            strength=strength,
            movement="slide" if pid in ("queen", "rook", "bishop") else "step",
            cites=cites[pid],
            certainty="attested",
            symbol=sym,
            concept=concept,
            move_rule=rule,
            names={"et": et},
        )
        for pid, et, en, n, strength, sym, _, rule, concept in PIECES
    )


class ChessGame(Game):
    """A game of chess whose moves python-chess generates and checks."""

    def __init__(self, rs: Ruleset, seed: int, setup: dict | None = None):
        super().__init__(rs, seed)
        self.fen = (setup or {}).get("fen", chess.STARTING_FEN)
        try:
            self.board = chess.Board(self.fen)
        except ValueError as exc:
            raise IllegalMoveError(0, self.fen, f"not a valid FEN: {exc}") from None
        self.to_move = 0 if self.board.turn == chess.WHITE else 1
        self.grid = grid(8, 8, 2, description="8 × 8 chessboard")
        self.modern = rs.options["end_conditions"] == "modern"

    def _copy_state(self) -> None:
        """python-chess's own copy: the position and its move stack (repetitions need the stack)."""
        self.board = self.board.copy()

    def legal_moves(self) -> list[chess.Move]:
        return [] if self.result is not None else list(self.board.legal_moves)

    def move_text(self, move: chess.Move) -> str:
        return move.uci()

    def parse_move(self, text: str) -> chess.Move:
        try:
            return chess.Move.from_uci(text)
        except ValueError:
            try:
                return self.board.parse_san(text)
            except ValueError:
                raise IllegalMoveError(self.ply + 1, text, "neither UCI (e2e4) nor legal SAN (e4, Nf3)") from None

    def origin(self, move: chess.Move) -> int:
        return move.from_square

    def explain_illegal(self, move: chess.Move) -> str:
        piece = self.board.piece_at(move.from_square)
        if piece is None or piece.color != self.board.turn:
            return f"{self.side} has no man on {chess.square_name(move.from_square)}"
        if self.board.is_pseudo_legal(move):
            return "it would leave the king in check (et-male:49)"
        return f"the {BY_TYPE[piece.piece_type]} on {chess.square_name(move.from_square)} cannot move there"

    def setup_record(self) -> dict[str, Any]:
        return {} if self.fen == chess.STARTING_FEN else {"fen": self.fen}

    def _apply(self, move: chess.Move) -> None:
        b = self.board
        if b.is_castling(move):
            self.event("castling", "chess.castling", move=move.uci())
        elif b.is_en_passant(move):
            self.event("capture", "chess.en-passant", move=move.uci(), captured="pawn")
        elif b.is_capture(move):
            captured = b.piece_at(move.to_square)
            self.event("capture", "chess.capture", move=move.uci(), captured=BY_TYPE[captured.piece_type])
        if move.promotion:
            self.event("promotion", "chess.promotion", move=move.uci(), piece=BY_TYPE[move.promotion])
        b.push(move)
        self.to_move = 0 if b.turn == chess.WHITE else 1
        if b.is_checkmate():
            self.finish(1 - self.to_move, "chess.checkmate")
        elif b.is_stalemate():
            self.finish(None, "chess.stalemate")
        elif self.modern and (b.is_insufficient_material() or b.can_claim_fifty_moves() or b.is_repetition(3)):
            self.finish(None, "chess.modern-draws")
        elif b.is_check():
            self.event("check", "chess.check", side=self.side)
        limit = self.rs.options["ply_limit"]
        if self.result is None and limit and self.ply >= limit:
            self.finish(None, "project.ply-limit", adjudicated=True)

    def view(self, player: int | str, with_events: bool = True) -> View:
        """Chess hides nothing: every view shows the whole board."""
        pl = self.player_index(player)
        cells: list[dict | None] = []
        for sq in range(64):
            piece = self.board.piece_at(sq)
            cells.append(
                None
                if piece is None
                else {
                    "side": self.rs.sides[0 if piece.color else 1],
                    "uid": sq,
                    "piece": BY_TYPE[piece.piece_type],
                    "moved": False,
                }
            )
        return View(
            ruleset=self.rs.id,
            player="referee" if pl is None else self.rs.sides[pl],
            ply=self.ply,
            to_move=self.side,
            result=self.result,
            board=self.grid,
            sides=list(self.rs.sides),
            cells=cells,
            events=self.visible_events(player) if with_events else [],
            symbols={pid: sym for pid, _, _, _, _, sym, _, _, _ in PIECES},
            extra={"fen": self.board.fen()},
        )

    def material(self, player: int) -> float:
        """The men's usual values (pawn 1 … queen 9), the king not counted."""
        color = chess.WHITE if player == 0 else chess.BLACK
        return float(sum(VALUE[t] * len(self.board.pieces(t, color)) for t in VALUE if t != chess.KING))

    def move_values(self, moves: list[chess.Move], view: View) -> list[float]:
        """Mate first, then the most valuable capture by the least valuable man."""
        out = []
        b = self.board
        for m in moves:
            v = 0.0
            if b.is_capture(m):
                victim = chess.PAWN if b.is_en_passant(m) else b.piece_at(m.to_square).piece_type
                v += VALUE[victim] - VALUE[b.piece_at(m.from_square).piece_type] / 100
            if m.promotion:
                v += VALUE[m.promotion]
            b.push(m)
            if b.is_checkmate():
                v += 1000
            elif b.is_stalemate():
                v -= 5
            b.pop()
            out.append(v)
        return out

    def pgn(self) -> str:
        """The game in PGN, with the wararchive headers."""
        pgn = chess.pgn.Game.from_board(self.board)
        pgn.headers["Event"] = "wararchive simulated game"
        pgn.headers["Site"] = "wararchive"
        pgn.headers["Round"] = str(self.seed)
        pgn.headers["White"] = pgn.headers["Black"] = "computer"
        pgn.headers["Annotator"] = f"wararchive chess ruleset, end_conditions={self.rs.options['end_conditions']}"
        if self.result and self.result["winner"] is None:
            pgn.headers["Result"] = "1/2-1/2"
        if self.fen != chess.STARTING_FEN:
            pgn.headers["FEN"] = self.fen
        return str(pgn)

    def record(self) -> dict[str, Any]:
        rec = super().record()
        rec["pgn"] = self.pgn()
        return rec


def build(given: dict[str, Any]) -> Ruleset:
    options = resolve_options(OPTIONS, given, "chess")
    book = RuleBook()
    book.add(*RULES)
    features = (
        Feature("combat", "mode", "attacker moves onto the defender's square", "chess.capture"),
        Feature("combat", "tie", "no ranks: every capture succeeds", "chess.capture"),
        Feature("combat", "strikes", "along each man's own lines of movement", "chess.capture"),
        Feature("turn", "moves per turn", 1, "chess.white-first"),
        Feature("information", "hidden ranks", False, "chess.setup"),
        Feature("information", "referee", "none", "chess.setup"),
        Feature("victory", "capture", "none: the king is checkmated, not captured", "chess.king-not-captured"),
        Feature("victory", "checkmate", "wins", "chess.checkmate"),
        Feature("draw", "stalemate", "draw", "chess.stalemate"),
        Feature("board", "board", "8×8", "chess.setup"),
    )
    return Ruleset(
        id="chess",
        title="Chess (Male)",
        texts=(TEXT,),
        summary="Chess as the Estonian leaflet states it, moves by python-chess; the reference game.",
        sides=("white", "black"),
        options=options,
        declared=OPTIONS,
        rules=book,
        piece_types=piece_types(),
        new_game_fn=ChessGame,
        board=grid(8, 8, 2, description="8 × 8 chessboard"),
        features=features,
        not_implemented=tuple(NOT_IMPLEMENTED),
    )
