"""Rule tests for chess as the leaflet (et-male) states it; each names its passage."""

from __future__ import annotations

import chess
import pytest

from wararchive.engine import IllegalMoveError, replay, ruleset


def play(moves, **options):
    g = ruleset("chess", **options).new_game(seed=0)
    for m in moves:
        g.play(m)
    return g


def test_leaflet_names_queen_flag():
    """et-male:10 — the queen is 'lipp' (flag)."""
    pieces = ruleset("chess").pieces.set_index("piece_id")
    assert pieces.loc["queen", "name"] == "lipp" and pieces.loc["queen", "concept"] == "queen"


def test_checkmate_ends_the_game():
    """et-male:48, :54 — a mated player loses."""
    g = play(["f3", "e5", "g4", "Qh4"])
    assert g.result["winner"] == "black" and g.result["reason"] == "chess.checkmate"
    assert "et-male:54" in g.result["cites"]


def test_stalemate_is_a_draw():
    """et-male:55 — no legal move and not in check: a draw."""
    g = ruleset("chess").new_game(setup={"fen": "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"})
    g.play("f7f6")  # not stalemate yet
    g2 = ruleset("chess").new_game(setup={"fen": "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"})
    g2.play("f1f7")
    assert g2.result["winner"] is None and g2.result["reason"] == "chess.stalemate"
    assert g.result is None


def test_no_draw_by_repetition_under_the_leaflet():
    """et-male:55 names stalemate as the only draw; option end_conditions=modern adds repetition."""
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"] * 3
    assert play(shuffle).result is None  # the start position has occurred four times
    modern = play(shuffle[:8], end_conditions="modern")  # third occurrence
    assert modern.result["reason"] == "chess.modern-draws" and modern.result["winner"] is None


def test_move_leaving_king_in_check_is_refused_with_ply_and_reason():
    """et-male:49 — a move may not leave one's king in check."""
    g = ruleset("chess").new_game(setup={"fen": "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"})
    with pytest.raises(IllegalMoveError, match=r"ply 1: illegal move 'e1f2': it would leave the king in check"):
        g.play("e1f2")


def test_castling_and_en_passant_fire_their_rules():
    """et-male:33-38 castling, :40-42 en passant."""
    g = play(["e4", "a6", "e5", "d5", "exd6", "a5", "Nf3", "a4", "Bc4", "b5", "O-O"])
    rules = [e["rule"] for e in g.events]
    assert "chess.en-passant" in rules and "chess.castling" in rules


def test_promotion():
    """et-male:30 — a pawn on the last rank becomes a piece of its player's choice."""
    g = ruleset("chess").new_game(setup={"fen": "8/P6k/8/8/8/8/8/K7 w - - 0 1"})
    g.play("a7a8n")
    assert g.board.piece_at(chess.A8).piece_type == chess.KNIGHT
    assert g.events[-1]["rule"] == "chess.promotion"


def test_pgn_export_and_replay():
    """Generated games export as PGN, and their records replay."""
    g = play(["f3", "e5", "g4", "Qh4"])
    rec = g.record()
    assert "1. f3 e5 2. g4 Qh4#" in rec["pgn"] and "0-1" in rec["pgn"]
    assert replay(rec).result == g.result


PERFT = [
    (chess.STARTING_FEN, [20, 400, 8902]),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039]),  # "Kiwipete"
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812]),  # position 3
]


@pytest.mark.parametrize(("fen", "counts"), PERFT)
def test_perft_matches_published_counts(fen, counts):
    """Move generation through the engine's API matches the published perft counts."""
    g = ruleset("chess").new_game(setup={"fen": fen})

    def perft(depth):
        if depth == 0:
            return 1
        total = 0
        for m in g.legal_moves():
            g.board.push(m)
            total += perft(depth - 1)
            g.board.pop()
        return total

    assert [perft(d) for d in range(1, len(counts) + 1)] == counts
