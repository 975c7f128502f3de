"""Random-playout throughput of every ruleset, against python-chess in the same run.

Run: ``python benchmarks/playouts.py [--seconds S]``. The reference is plain
python-chess playing uniformly random legal moves (no wararchive code); each
ruleset's figure is plies per second of ``simulate_one`` with two random
players, i.e. move generation, rules, events and bookkeeping included. The
ratio is what to compare across machines; the absolute figures are not.
"""

from __future__ import annotations

import argparse
import random
import time

import chess

from wararchive.engine import ruleset, rulesets
from wararchive.players import simulate_one


def chess_reference(seconds: float) -> float:
    """Plies/s of python-chess alone: random legal moves until the game ends or 400 plies."""
    rng = random.Random(0)
    plies, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 400:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies / (time.perf_counter() - start)


def ruleset_rate(rid: str, seconds: float) -> tuple[float, int]:
    rs = ruleset(rid)
    plies, games, start, seed = 0, 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        plies += simulate_one(rs, seed).ply
        games += 1
        seed += 1
    return plies / (time.perf_counter() - start), games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    args = ap.parse_args()
    ref = chess_reference(args.seconds)
    print(f"reference: python-chess random playouts  {ref:10,.0f} plies/s")
    print(f"{'ruleset':<20} {'plies/s':>10} {'games':>6} {'vs python-chess':>16}")
    for rid in rulesets():
        rate, games = ruleset_rate(rid, args.seconds)
        print(f"{rid:<20} {rate:10,.0f} {games:6d} {rate / ref:15.2f}x")


if __name__ == "__main__":
    main()
