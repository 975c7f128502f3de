"""Random-playout throughput of every ruleset and of the compiled kernel, against python-chess in the same run.

Run: ``python benchmarks/playouts.py [--seconds S] [--no-compile]``. The
reference is plain python-chess playing uniformly random legal moves (no
wararchive code); each ruleset's figure is plies per second of
``simulate_one`` with two random players, i.e. move generation, rules,
events and bookkeeping included. The ratio is what to compare across
machines; the absolute figures are not. Every rate is given against the
process's CPU time and against the wall clock: on a machine shared with
other work the wall-clock rates fall with the load, the CPU-time rates and
their ratios do not.

The kernel (:mod:`wararchive.kernel`, numba) is measured for every ruleset
it covers: whole random games (setups and seeding included) with
``kernel.play_many``, then greedy-vs-greedy games (the published studies'
players) on both engines, one process each; in one process and in two worker processes at once
(each warmed up first; the figure is the sum of their rates over the same
seconds, which shows the scaling only on a machine with two idle cores).
Its compile cost is the first call in a fresh process, once with an empty
numba cache (compiling) and once more with the cache that run left
(``cache=True``: loading machine code). python-chess is measured before
and after the kernel's figures, so a change in the machine's load
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


class Meter:
    """Plies counted against both clocks: wall time, and this process's CPU time (what a loaded, shared machine leaves intact)."""

    def __init__(self) -> None:
        self.plies, self.games = 0, 0
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def running(self, seconds: float) -> bool:
        return time.perf_counter() - self.wall < seconds

    def rates(self) -> tuple[float, float, int]:
        """Plies/s of CPU time, plies/s of wall time, games."""
        return self.plies / (time.process_time() - self.cpu), self.plies / (time.perf_counter() - self.wall), self.games


def chess_reference(seconds: float) -> tuple[float, float, int]:
    """python-chess alone: random legal moves until the game ends or 400 plies."""
    rng = random.Random(0)
    m = Meter()
    while m.running(seconds):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 400:
            board.push(rng.choice(list(board.legal_moves)))
            m.plies += 1
        m.games += 1
    return m.rates()


def ruleset_rate(rid: str, seconds: float, players: tuple[str, str] = ("random", "random")) -> tuple[float, float, int]:
    rs = ruleset(rid)
    m = Meter()
    while m.running(seconds):
        m.plies += simulate_one(rs, m.games, players).ply
        m.games += 1
    return m.rates()


def kernel_rate(job: tuple[str, float, int] | tuple[str, float, int, tuple[str, str]]) -> tuple[float, float, int]:
    """The kernel's games from ``first_seed`` on (random players unless named; warmed up: the compile is not counted)."""
    rid, seconds, first_seed, *rest = job
    players = rest[0] if rest else ("random", "random")
    rs = ruleset(rid)
    kernel.play_many(rs, [first_seed], players)
    m = Meter()
    while m.running(seconds):
        seed = first_seed + m.games
        m.plies += int(kernel.play_many(rs, range(seed, seed + BATCH), players)[:, 0].sum())
        m.games += BATCH
    return m.rates()


def first_call(rid: str, cache_dir: str) -> tuple[float, float]:
    """Seconds (CPU, wall) from importing the kernel to the end of its first game, in a fresh process using ``cache_dir``."""
    code = (
        "import time; t, c = time.perf_counter(), time.process_time()\n"
        "from wararchive import kernel; from wararchive.engine import ruleset\n"
        f"kernel.play_many(ruleset({rid!r}), [0]); print(time.process_time() - c, time.perf_counter() - t)\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": cache_dir}
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    cpu, wall = out.stdout.split()
    return float(cpu), float(wall)


def row(rid: str, engine: str, rates: tuple[float, float, int], ref: float) -> str:
    cpu, wall, games = rates
    return f"{rid:<20} {engine:<16} {cpu:12,.0f} {wall:12,.0f} {games:6d} {cpu / ref:10.1f}x"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    ap.add_argument("--no-compile", action="store_true", help="skip timing the kernel's compile (a minute or more)")
    args = ap.parse_args()
    ref = chess_reference(args.seconds)
    print(f"{'':<20} {'':<16} {'plies/cpu-s':>12} {'plies/s':>12} {'games':>6} {'vs chess':>11}")
    print(row("python-chess", "reference", ref, ref[0]))
    covered = []
    for rid in rulesets():
        print(row(rid, "reference", ruleset_rate(rid, args.seconds), ref[0]))
        if kernel.covers(ruleset(rid), ("random", "random")):
            covered.append(rid)
        else:
            print(f"{rid:<20} {'kernel':<16} not covered: {kernel.gap(ruleset(rid), ('random', 'random'))}")
    for rid in covered:
        print(row(rid, "kernel, 1 proc", kernel_rate((rid, args.seconds, 0)), ref[0]))
        with ProcessPoolExecutor(2) as pool:
            both = list(pool.map(kernel_rate, [(rid, args.seconds, 0), (rid, args.seconds, 10**6)]))
        total = (sum(r[0] for r in both), sum(r[1] for r in both), sum(r[2] for r in both))
        print(row(rid, "kernel, 2 procs", total, ref[0]) + "  (sums of both processes' rates)")
    greedy = ("greedy", "greedy")
    for rid in covered:
        slow = ruleset_rate(rid, args.seconds, greedy)
        fast = kernel_rate((rid, args.seconds, 0, greedy))
        print(row(rid, "greedy, ref.", slow, ref[0]))
        print(row(rid, "greedy, kernel", fast, ref[0]) + f"  ({fast[0] / slow[0]:.0f}x the reference engine's greedy games)")
    print(row("python-chess", "reference again", chess_reference(args.seconds), ref[0]))
    print("vs chess: CPU-time rates over python-chess's first CPU-time rate (load on a shared machine cancels out)")
    if not args.no_compile and covered:
        with tempfile.TemporaryDirectory() as cache:
            cold = first_call(covered[0], cache)
            warm = first_call(covered[0], cache)
        print(
            f"kernel first call in a fresh process (CPU s / wall s): {cold[0]:.1f} / {cold[1]:.1f} compiling (empty cache), "
            f"{warm[0]:.1f} / {warm[1]:.1f} from numba's cache"
        )


if __name__ == "__main__":
    main()
