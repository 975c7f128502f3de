"""A study's throughput on one worker, in plies per CPU-second, against python-chess in the same run.

Run: ``python benchmarks/study.py [--games N] [--seconds S] [--split]``. The study path is
what ``wararchive study --workers 1`` runs: the design, the games (the
compiled kernel, in blocks of seeds), the tables and the whole analysis;
its plies are those of every game played. The reference is
``benchmarks/playouts.py``'s: plain python-chess playing random legal moves,
measured before and after, so a change in the machine's load shows as a
difference between the two. Rates are per CPU-second of this process (on a
shared machine the wall-clock rates fall with the load, the CPU-time ratios
do not). The study is the Japanese War Game's spy reading (two readings, so
``2 × N`` games), random against random and greedy against greedy, at the
rules' own ply limit; the analysis's share of the time is given apart.
``--split`` runs each study once more and says where its CPU time went.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from playouts import chess_reference

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.study import _analyse, design
from wararchive.study.run import run

RULESET = "japanese-war-game"
VARY = {"spy_vs_marshal": ["finnish", "swedish"]}


def study_rate(games: int, players: tuple[str, str]) -> tuple[float, float, int, int, float]:
    """Plies per CPU-second and per wall-second of the whole study path, games, plies, and the analysis's share of CPU time."""
    cpu, wall = time.process_time(), time.perf_counter()
    d = design(RULESET, VARY, games, players)
    raw = run([d], workers=1)[0]
    played = time.process_time()
    _analyse((d, raw))
    end_cpu, end_wall = time.process_time(), time.perf_counter()
    plies = int(raw["games"]["plies"].sum())
    return plies / (end_cpu - cpu), plies / (end_wall - wall), len(raw["games"]), plies, (end_cpu - played) / (end_cpu - cpu)


def kernel_rate(games: int, players: tuple[str, str]) -> float:
    """The ceiling: plies per CPU-second of ``kernel.play_many`` alone over the same games (no rows built, no analysis)."""
    from wararchive.study.seeds import EXPLORATION_SEED

    seeds = range(EXPLORATION_SEED, EXPLORATION_SEED + games)
    cpu, plies = time.process_time(), 0
    for reading in VARY["spy_vs_marshal"]:
        plies += int(kernel.play_many(ruleset(RULESET, spy_vs_marshal=reading), seeds, players)[:, 0].sum())
    return plies / (time.process_time() - cpu)


def cpu_split(games: int, players: tuple[str, str]) -> list[tuple[str, float]]:
    """Where the study path's CPU time goes: the compiled games, the kernel's own Python around them (seed keys,
    checks), the facts read from each block, the analysis and the rest (design, jobs, tables), as shares of the whole."""
    from wararchive.kernel import block, playout
    from wararchive.study import compiled

    spent = dict.fromkeys(("compiled games", "kernel.play_block", "facts"), 0.0)
    swapped = [
        (playout, "play_block", "compiled games"),
        (kernel, "play_block", "kernel.play_block"),
        (compiled, "facts", "facts"),
    ]
    originals = [getattr(module, name) for module, name, _ in swapped]

    def timed(f, key):
        def g(*args, **kwargs):
            start = time.process_time()
            try:
                return f(*args, **kwargs)
            finally:
                spent[key] += time.process_time() - start

        return g

    block._KEYS.clear()  # the seed keys computed afresh, as in a new process
    for (module, name, key), f in zip(swapped, originals, strict=True):
        setattr(module, name, timed(f, key))
    try:
        start = time.process_time()
        share = study_rate(games, players)[4]
        total = time.process_time() - start
    finally:
        for (module, name, _), f in zip(swapped, originals, strict=True):
            setattr(module, name, f)
    around = spent["kernel.play_block"] - spent["compiled games"]
    rest = total - spent["kernel.play_block"] - spent["facts"] - share * total
    parts = [("compiled games", spent["compiled games"]), ("seed keys and checks", around), ("facts", spent["facts"])]
    return [(name, t / total) for name, t in parts] + [("analysis", share), ("the rest", rest / total)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="seeds per reading (default 2000)")
    ap.add_argument("--seconds", type=float, default=5.0, help="python-chess's measuring time, each time (default 5)")
    ap.add_argument("--split", action="store_true", help="also print where the study path's CPU time goes")
    args = ap.parse_args()
    for kinds in (("random", "random"), ("greedy", "greedy")):
        kernel.play(ruleset(RULESET), 0, kinds)  # compile (or load from numba's cache) outside the timing
        study_rate(2, kinds)  # and the study's own compiled loop, scipy and pandas
    ref = chess_reference(args.seconds)
    print(f"{RULESET}, spy_vs_marshal finnish/swedish, {args.games} seeds × 2 readings, one worker (in-process)")
    print(f"python-chess, random moves:  {ref[0]:12,.0f} plies/cpu-s  {ref[1]:12,.0f} plies/s")
    for kinds in (("random", "random"), ("greedy", "greedy")):
        cpu_rate, wall_rate, games, plies, share = study_rate(args.games, kinds)
        print(
            f"study, {kinds[0]} vs {kinds[1]}: {cpu_rate:12,.0f} plies/cpu-s  {wall_rate:12,.0f} plies/s  "
            f"({cpu_rate / ref[0]:.1f}x python-chess; {games} games, {plies:,} plies; analysis {share:.0%} of the CPU time)"
        )
        ceiling = kernel_rate(args.games, kinds)
        print(f"  kernel.play_many alone:    {ceiling:12,.0f} plies/cpu-s  ({ceiling / ref[0]:.1f}x python-chess)")
        if args.split:
            print("  CPU split: " + ", ".join(f"{name} {share:.1%}" for name, share in cpu_split(args.games, kinds)))
    again = chess_reference(args.seconds)
    print(f"python-chess again:          {again[0]:12,.0f} plies/cpu-s  {again[1]:12,.0f} plies/s")


if __name__ == "__main__":
    main()
