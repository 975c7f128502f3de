"""Copying a game for search: ``Game.clone()`` against ``copy.deepcopy``, with python-chess in the same run.

Run: ``python benchmarks/clone.py [--seconds S]``. Each ruleset's game is
taken 20 random plies in (seed 1), then copied again and again for
``S`` seconds by each method. The references are python-chess's own
``Board.copy()`` of a position 20 plies in (no wararchive code), with its
move stack (what the chess ruleset's clone needs: repetitions and PGN
read it) and without (``stack=False``, the bare position). Ratios are
what to compare across machines; the absolute figures are not. ``perft``
(:mod:`wararchive.engine.perft`) plays every move on a clone.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Callable

import chess

from wararchive.engine import ruleset, rulesets


def rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls of ``fn`` per second over ``seconds``."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            fn()
        n += 50
    return n / (time.perf_counter() - start)


def midgame(rid: str, plies: int = 20):
    game = ruleset(rid).new_game(seed=1)
    rng = random.Random(1)
    for _ in range(plies):
        if game.result is None:
            game.play(rng.choice(game.legal_moves()))
    return game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1)")
    args = ap.parse_args()
    board = chess.Board()
    rng = random.Random(1)
    for _ in range(20):
        board.push(rng.choice(list(board.legal_moves)))
    ref = rate(board.copy, args.seconds)
    bare = rate(lambda: board.copy(stack=False), args.seconds)
    print(f"reference: python-chess Board.copy()             {ref:10,.0f} copies/s")
    print(f"reference: python-chess Board.copy(stack=False)  {bare:10,.0f} copies/s (bare copy)")
    print(f"{'ruleset':<20} {'clone/s':>10} {'deepcopy/s':>11} {'vs deepcopy':>12} {'vs copy()':>10} {'vs bare copy':>14}")
    for rid in rulesets():
        game = midgame(rid)
        fast = rate(game.clone, args.seconds)
        deep = rate(lambda game=game: copy.deepcopy(game), args.seconds)
        print(f"{rid:<20} {fast:10,.0f} {deep:11,.0f} {fast / deep:11.1f}x {fast / ref:9.2f}x {fast / bare:13.2f}x")


if __name__ == "__main__":
    main()
