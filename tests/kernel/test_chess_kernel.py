"""Compiled chess (:mod:`wararchive.kernel.chess`) plays the reference engine's chess games, move for move.

The players pick by index into the legal moves, so the compiled move
generator must give python-chess's moves in python-chess's order: it is
compared, in order, with ``list(board.legal_moves)`` on every position of
reference games and of perft trees, and on positions made for the rare
branches (castling through check, en passant pinned or evading a pawn's
check, double check, promotions by capture, stalemate, bare kings). Then
whole games: each ply's move against the reference players' choice on the
reference engine (a divergence names the seed and the ply), the end
(plies, winner, rule, adjudication) and every rule's firings; a study's
facts and tables on either engine. ``-m slow`` plays 1,000 games per
reading and pairing.
"""

from __future__ import annotations

from collections import Counter

import chess
import numpy as np
import pandas as pd
import pytest

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.errors import WararchiveError
from wararchive.players import make_player
from wararchive.study import run as study_run
from wararchive.study.played import Played

pytestmark = pytest.mark.skipif(kernel.numba_gap() is not None, reason=str(kernel.numba_gap()))

from wararchive.kernel import chess as kchess  # noqa: E402 (after the skip: it compiles with numba)
from wararchive.kernel.chess import board as kb  # noqa: E402

PAIRINGS = [("random", "random"), ("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")]
READINGS = ["leaflet", "modern"]

FENS = {
    "castling both sides, both colours": "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "castling, black": "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "castling through an attacked square": "r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1",
    "castling past an attacked b-file": "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    "castling out of check refused": "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
    "en passant legal": "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "en passant by two pawns": "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
    "en passant skewered on the rank": "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
    "en passant pinned on a diagonal": "8/8/2k5/8/3Pp3/8/8/7B b - d3 0 1",
    "en passant takes the checking pawn": "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "en passant square with no capturer": "4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1",
    "promotions with capture": "r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "black promotes": "4k3/8/8/8/8/8/1p6/R1N1K3 b - - 0 1",
    "double check": "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1",
    "check by a slider, blocks": "4k3/8/8/8/b7/8/3P4/R3K2R w KQ - 0 1",
    "pinned pieces": "4k3/4r3/8/8/1b6/8/3N4/R3K2R w KQ - 0 1",
    "stalemate": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "checkmate": "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "insufficient: knight": "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",
    "insufficient: same-coloured bishops": "8/8/4k3/2b5/8/3BK3/8/8 w - - 0 1",
    "sufficient: opposite bishops": "8/8/4k3/8/2b5/3BK3/8/8 w - - 0 1",
    "kings only": "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
    "clock at 99": "4k3/8/8/8/8/8/4P3/R3K3 w Q - 99 80",
}
PERFT = {  # the standard perft positions (chessprogramming.org "Perft Results" 1-6)
    "start": chess.STARTING_FEN,
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position 3": "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "position 4": "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "position 5": "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "position 6": "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
}


def _encode(move: chess.Move) -> int:
    return move.from_square | move.to_square << 6 | (move.promotion or 0) << 12


def assert_same_position(board: chess.Board, where: str) -> None:
    """The compiled legal moves, in order, and the position's tests (check, en passant, material, fifty moves)."""
    B = kchess.load(board)
    ref = list(board.legal_moves)
    got = kchess.legal_moves(board)
    assert got == ref, f"{where} ({board.fen()}): python-chess {[m.uci() for m in ref]}, kernel {[m.uci() for m in got]}"
    moves = np.array([_encode(m) for m in ref] or [0], np.int64)
    assert (kb.checkers(B) != 0) == board.is_check(), f"{where}: check ({board.fen()})"
    assert kb.has_legal_ep(B, moves, len(ref)) == board.has_legal_en_passant(), f"{where}: en passant ({board.fen()})"
    assert kb.insufficient(B) == board.is_insufficient_material(), f"{where}: material ({board.fen()})"
    if ref:
        from wararchive.kernel.chess.games import fifty_claim

        W = np.zeros((3, kb.MAX_MOVES), np.int64)
        assert fifty_claim(B, moves, len(ref), W) == board.can_claim_fifty_moves(), f"{where}: fifty moves ({board.fen()})"


def assert_same_push(board: chess.Board, move: chess.Move, where: str) -> None:
    B = kchess.load(board)
    kb.push(B, _encode(move))
    after = board.copy(stack=False)
    after.push(move)
    assert B.tolist() == kchess.load(after).tolist(), f"{where}: {move.uci()} from {board.fen()}"


def test_the_python_chess_whose_order_is_replicated_is_installed():
    """A python-chess other than 1.11 may order its moves differently: the kernel then leaves chess to it, and this fails."""
    assert chess.__version__.startswith(kchess.REPLICATED + "."), (
        f"python-chess {chess.__version__} is installed, the kernel replicates {kchess.REPLICATED}'s move order: "
        "read its generate_legal_moves again and update wararchive/kernel/chess/board.py"
    )
    assert kernel.gap(ruleset("chess"), ("greedy", "greedy")) is None


@pytest.mark.parametrize("name", list(FENS))
def test_the_legal_moves_of_made_positions_are_python_chess_in_order(name):
    board = chess.Board(FENS[name])
    assert_same_position(board, name)
    for move in board.legal_moves:
        assert_same_push(board, move, name)
        after = board.copy()
        after.push(move)
        assert_same_position(after, f"{name}, after {move.uci()}")


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_to_depth_3_is_python_chess_and_every_node_to_depth_2_has_its_order(name):
    board = chess.Board(PERFT[name])

    def reference(board: chess.Board, depth: int) -> int:
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += reference(board, depth - 1)
            board.pop()
        return total

    assert kchess.perft(board, 3) == reference(board, 3), name
    assert_same_position(board, name)
    for move in list(board.legal_moves):
        assert_same_push(board, move, name)
        board.push(move)
        assert_same_position(board, f"{name} {move.uci()}")
        board.pop()


@pytest.mark.parametrize("players", [("random", "random"), ("greedy", "greedy")])
def test_the_legal_moves_along_reference_games_are_python_chess_in_order(players):
    rs = ruleset("chess", end_conditions="modern")
    for seed in range(6):
        game = rs.new_game(seed=seed)
        chosen = [make_player(k, f"chess:{seed}:player:{side}") for k, side in zip(players, rs.sides, strict=True)]
        while game.result is None:
            where = f"{'-'.join(players)} seed {seed} ply {game.ply}"
            assert_same_position(game.board, where)
            move = chosen[game.to_move].choose(game)
            assert_same_push(game.board, move, where)
            game.play(move)


def assert_same_game(rs, seed: int, players: tuple[str, str]) -> str:
    """The compiled game is the reference engine's: each ply's move, then the end and every rule's firings."""
    where = f"chess {rs.options} {'-'.join(players)} seed {seed}"
    block = kchess.play_block(rs, [seed], players, record=True)
    plies, winner, end, adjudicated, leads = block.out[0].tolist()
    moves = [kchess.decode(int(m)) for m in block.record[0, :plies]]
    game = rs.new_game(seed=seed)
    chosen = [make_player(k, f"{rs.id}:{seed}:player:{side}") for k, side in zip(players, rs.sides, strict=True)]
    for ply, compiled in enumerate(moves, start=1):
        assert game.result is None, f"{where}: the reference game ended at ply {game.ply}, the kernel's plays on"
        move = chosen[game.to_move].choose(game)
        assert move == compiled, f"{where}, ply {ply}: the reference plays {move.uci()}, the kernel {compiled.uci()}"
        game.play(move)
    rules = [r.id for r in rs.rules]
    assert game.result is not None, f"{where}: the kernel's game ended at ply {plies}, the reference plays on"
    got = (plies, None if winner < 0 else rs.sides[winner], rules[end], bool(adjudicated))
    assert got == (game.ply, game.result["winner"], game.result["reason"], game.result["adjudicated"]), where
    fired = {rules[r]: int(n) for r, n in enumerate(block.fired[0]) if n}
    assert fired == dict(Counter(ev["rule"] for ev in game.events)), f"{where}: the rules' firings differ"
    assert leads == study_run.lead_changes(game), f"{where}: the lead changed {leads} times, by the replay otherwise"
    return game.result["reason"]


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("players", PAIRINGS, ids="-".join)
def test_games_are_the_reference_engines_move_for_move(reading, players):
    rs = ruleset("chess", end_conditions=reading)
    ends = Counter(assert_same_game(rs, seed, players) for seed in range(20 if players[0] == players[1] else 8))
    assert ends["chess.checkmate"], ends  # the seeds reach the ends, not only the ply limit


@pytest.mark.parametrize("reading", READINGS)
def test_games_cut_by_a_short_ply_limit_are_the_reference_engines(reading):
    rs = ruleset("chess", end_conditions=reading, ply_limit=23)
    for players in PAIRINGS[:2]:
        for seed in range(10):
            assert_same_game(rs, seed, players)


def test_every_modern_draw_and_the_fifty_move_look_ahead_are_among_the_games_compared():
    """The first seeds (on the compiled engine) that end by each modern draw (the fifty moves by the clock-99 claim: a quiet move
    reaches 100) and by stalemate, compared ply by ply."""
    rs = ruleset("chess", end_conditions="modern")
    wanted = {"insufficient", "fifty at 99", "repetition", "stalemate"}
    found: dict[str, tuple[int, tuple[str, str]]] = {}
    for players in PAIRINGS[:2]:
        for seed in range(300):
            game = kernel.play(rs, seed, players)
            b = game.board
            if game.result["reason"] == "chess.modern-draws":
                cause = (
                    "insufficient"
                    if b.is_insufficient_material()
                    else "fifty at 99"
                    if b.halfmove_clock == 99 and b.can_claim_fifty_moves()
                    else "fifty"
                    if b.can_claim_fifty_moves()
                    else "repetition"
                )
            else:
                cause = game.result["reason"].removeprefix("chess.")
            found.setdefault(cause, (seed, players))
            if wanted <= found.keys():
                break
    assert wanted <= found.keys(), f"the seeds end by {sorted(found)} only"
    for seed, players in found.values():
        assert_same_game(rs, seed, players)


@pytest.mark.slow
@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize("players", PAIRINGS[:3], ids="-".join)
def test_a_thousand_games_per_reading_and_pairing_are_the_reference_engines(reading, players):
    rs = ruleset("chess", end_conditions=reading)
    for seed in range(1000):
        assert_same_game(rs, seed, players)


@pytest.mark.parametrize("reading", READINGS)
def test_a_blocks_facts_are_the_reference_engines(reading):
    job = ("chess", reading, {"end_conditions": reading}, tuple(range(40, 56)), ("greedy", "random"), True, "kernel")
    labels = [reading] * len(job[3])
    compiled = study_run.play_seeds(job).tables(labels)
    for other in (
        study_run.play_seeds((*job[:-1], "reference")),
        Played.from_facts([study_run.play((*job[:3], seed, *job[4:])) for seed in job[3]]),  # play() takes the kernel too
    ):
        for name, table in other.tables(labels).items():
            pd.testing.assert_frame_equal(compiled[name], table, check_exact=True)
    assert compiled["games"]["lead_changes"].gt(0).any()  # the compiled count met the replay's, not only at 0


def test_a_studys_tables_are_the_same_on_either_engine():
    from wararchive.study import study

    args = ("chess", {"end_conditions": ["leaflet", "modern"]})
    kw = {"games": 8, "players": ("greedy", "greedy"), "workers": 1, "options": {"ply_limit": 150}}
    a, b = study(*args, **kw), study(*args, **kw, engine="reference")
    for name, df in a.tables().items():
        pd.testing.assert_frame_equal(df, b.tables()[name], check_exact=True)
    assert {r["ran"] for r in a.meta["engine"]["readings"]} == {"kernel"}
    assert {r["ran"] for r in b.meta["engine"]["readings"]} == {"reference"}


def test_play_is_the_reference_game_replayed_and_play_many_its_rows():
    from wararchive.players import simulate_one

    rs = ruleset("chess", end_conditions="modern")
    game = kernel.play(rs, 7, ("greedy", "random"))
    expected = simulate_one(rs, 7, ("greedy", "random"))
    assert game.engine == "kernel" and game.record() == expected.record()
    assert game.moves() == list(expected.board.move_stack)
    assert game.army() == study_run._army(expected) and game.army(at_end=False) == study_run._army(rs.new_game(seed=7))
    winner = -1 if expected.result["winner"] is None else rs.sides.index(expected.result["winner"])
    end = [r.id for r in rs.rules].index(expected.result["reason"])
    assert kernel.play_many(rs, [7], ("greedy", "random")).tolist() == [[expected.ply, winner, end]]


def test_what_the_kernel_does_not_play_of_chess_is_refused_in_one_line():
    rs = ruleset("chess")
    assert kernel.choose("auto", rs, ("greedy", "random")) == ("kernel", None)
    ran, why = kernel.choose("auto", rs)  # a search's positions (the playouts of ismcts) stay on the reference engine
    assert ran == "reference" and "search" in why
    assert "ismcts" in kernel.gap(rs, ("ismcts", "greedy"))
    for bad in ([2**63], ["1"], [True]):
        with pytest.raises(WararchiveError, match="seed"):
            kernel.play_many(rs, bad, ("random", "random"))
    with pytest.raises(WararchiveError, match="kernel cannot play"):
        kernel.play_many(rs, [1], ("ismcts", "random"))
    with pytest.raises(WararchiveError, match="kernel cannot play"):
        kchess.play_block(rs, [1], ("belief", "random"))
    with pytest.raises(WararchiveError, match="chess"):
        kchess.play_block(ruleset("spionaaz"), [1], ("random", "random"))
    with pytest.raises(WararchiveError, match="kernel cannot play chess on the board games' arrays"):
        kernel._compiled(rs)


def test_another_python_chess_leaves_chess_to_the_reference_engine(monkeypatch):
    monkeypatch.setattr(chess, "__version__", "2.0.0")
    why = kernel.gap(ruleset("chess"), ("random", "random"))
    assert why is not None and "python-chess 2.0.0" in why and why.count("\n") == 0


def test_simulate_writes_the_same_chess_records_on_either_engine(tmp_path, capsys):
    from wararchive.cli.main import main

    out = {}
    for engine in ("kernel", "reference"):
        path = tmp_path / f"{engine}.jsonl"
        argv = ["simulate", "chess", "--games", "4", "--players", "greedy,random", "-o", "end_conditions=modern"]
        main([*argv, "--workers", "1", "--quiet", "--engine", engine, "--out", str(path)])
        out[engine] = path.read_bytes()
        assert f"engine: {engine}" in capsys.readouterr().out
    assert out["kernel"] == out["reference"]
