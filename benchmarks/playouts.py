"""Random-playout throughput of every ruleset and of the compiled kernel, against python-chess in the same run.

Run: ``python benchmarks/playouts.py [--seconds S] [--no-compile]``. The
reference is plain python-chess playing uniformly random legal moves (no
wararchive code); each ruleset's figure is plies per second of
``simulate_one`` with two random players, i.e. move generation, rules,
events and bookkeeping included. The ratio is what to compare across
machines; the absolute figures are not.

The kernel (:mod:`wararchive.kernel`, numba) is measured for every ruleset
it covers: whole random games (setups and seeding included) with
``kernel.play_many``, on one core and on two worker processes at once (each
warmed up first; the figure is the sum of their rates over the same
seconds). Its compile cost is the first call in a fresh process, once with
an empty numba cache (compiling) and once more with the cache that run
left (``cache=True``: loading machine code). python-chess is measured
before and after the kernel's figures, so a change in the machine's load
during the run shows as a difference between the two.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

import chess

from wararchive import kernel
from wararchive.engine import ruleset, rulesets
from wararchive.players import simulate_one

BATCH = 20  # kernel games per compiled call: enough to make the call's cost vanish, few enough to stop on time


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


def kernel_rate(job: tuple[str, float, int]) -> tuple[float, int]:
    """Plies/s and games of the kernel's random games from ``first_seed`` on (warmed up: the compile is not counted)."""
    rid, seconds, first_seed = job
    rs = ruleset(rid)
    kernel.play_many(rs, [first_seed])
    plies, games, start, seed = 0, 0, time.perf_counter(), first_seed
    while time.perf_counter() - start < seconds:
        plies += int(kernel.play_many(rs, range(seed, seed + BATCH))[:, 0].sum())
        games += BATCH
        seed += BATCH
    return plies / (time.perf_counter() - start), games


def first_call(rid: str, cache_dir: str) -> float:
    """Seconds from importing the kernel to the end of its first game, in a fresh process using ``cache_dir``."""
    code = (
        "import time; t = time.perf_counter()\n"
        "from wararchive import kernel; from wararchive.engine import ruleset\n"
        f"kernel.play_many(ruleset({rid!r}), [0]); print(time.perf_counter() - t)\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": cache_dir}
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    ap.add_argument("--no-compile", action="store_true", help="skip timing the kernel's compile (a minute or more)")
    args = ap.parse_args()
    ref = chess_reference(args.seconds)
    print(f"reference: python-chess random playouts  {ref:10,.0f} plies/s")
    print(f"{'ruleset':<20} {'engine':<16} {'plies/s':>10} {'games':>6} {'vs python-chess':>16}")
    covered = []
    for rid in rulesets():
        rate, games = ruleset_rate(rid, args.seconds)
        print(f"{rid:<20} {'reference':<16} {rate:10,.0f} {games:6d} {rate / ref:15.2f}x")
        if kernel.covers(ruleset(rid)):
            covered.append(rid)
        else:
            print(f"{rid:<20} {'kernel':<16} not covered: {kernel.gap(ruleset(rid))}")
    for rid in covered:
        rate, games = kernel_rate((rid, args.seconds, 0))
        print(f"{rid:<20} {'kernel, 1 core':<16} {rate:10,.0f} {games:6d} {rate / ref:15.2f}x")
        with ProcessPoolExecutor(2) as pool:
            both = list(pool.map(kernel_rate, [(rid, args.seconds, 0), (rid, args.seconds, 10**6)]))
        rate, games = sum(r for r, _ in both), sum(g for _, g in both)
        print(f"{rid:<20} {'kernel, 2 procs':<16} {rate:10,.0f} {games:6d} {rate / ref:15.2f}x")
    after = chess_reference(args.seconds)
    print(f"reference again: python-chess            {after:10,.0f} plies/s (the kernel's ratios use the first figure)")
    if not args.no_compile and covered:
        with tempfile.TemporaryDirectory() as cache:
            cold = first_call(covered[0], cache)
            warm = first_call(covered[0], cache)
        print(f"kernel first call in a fresh process: {cold:.1f} s compiling (empty cache), {warm:.1f} s from numba's cache")


if __name__ == "__main__":
    main()
