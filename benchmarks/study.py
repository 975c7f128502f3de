"""Study throughput in games/s on each engine and on 1 and 2 workers, against plain serial play in the same run.

Run: ``python benchmarks/study.py [--games N] [--players greedy,greedy]``.
The reference is the same games played by ``simulate_one`` in a plain loop
(no study bookkeeping, no Dask); the study on one worker runs in-process,
on two workers on an embedded Dask cluster whose start-up is counted. Each
is run on the reference engine and on the compiled kernel (where it covers
the players; warmed up first, so its compile is not counted). The ratios
are what to compare across machines. The start-up of a 2-worker cluster is
also timed alone, so its share of a short run can be told apart. The tables
of every study are checked to be identical: the engines play the same games.
"""

from __future__ import annotations

import argparse
import time

import pandas as pd

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.players import simulate_one
from wararchive.runner import parallel_map
from wararchive.study import study

RULESET = "japanese-war-game"
VARY = {"spy_vs_marshal": ["finnish", "swedish"]}
FIXED = {"ply_limit": 400}  # keeps a drawn greedy game from running 1,500 plies, so the figure is about throughput


def _warm(ruleset_id: str) -> str:
    """A worker's fixed cost: importing the engine and building the ruleset."""
    return ruleset(ruleset_id).id


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60, help="seeds per reading (default 60)")
    ap.add_argument("--players", default="greedy,greedy")
    args = ap.parse_args()
    kinds = tuple(args.players.split(","))
    n = 2 * args.games

    start = time.perf_counter()
    for seed in range(args.games):
        for reading in VARY["spy_vs_marshal"]:
            simulate_one(ruleset(RULESET, spy_vs_marshal=reading, **FIXED), seed, kinds)
    reference = n / (time.perf_counter() - start)

    engines = ["reference"] + (["kernel"] if kernel.covers(ruleset(RULESET), kinds) else [])
    if "kernel" in engines:
        kernel.play(ruleset(RULESET, **FIXED), 0, kinds)  # compile (or load from numba's cache) outside the timing
    rates, tables = {}, {}
    for engine in engines:
        for workers in (1, 2):
            start = time.perf_counter()
            s = study(RULESET, VARY, games=args.games, players=kinds, options=FIXED, workers=workers, engine=engine)
            rates[engine, workers] = n / (time.perf_counter() - start)
            tables[engine, workers] = s.tables()
    start = time.perf_counter()
    parallel_map(_warm, [RULESET, RULESET], workers=2)
    startup = time.perf_counter() - start
    first = tables["reference", 1]
    for other in tables.values():
        for name, df in first.items():
            pd.testing.assert_frame_equal(df, other[name], check_exact=True)

    print(f"{RULESET}, {n} games ({args.games} seeds × 2 readings), {kinds[0]} vs {kinds[1]}, ply limit {FIXED['ply_limit']}")
    print(f"reference: simulate_one in a loop             {reference:8.2f} games/s")
    for engine in engines:
        one, two = rates[engine, 1], rates[engine, 2]
        steady = n / max(1e-9, n / two - startup)
        print(f"study on the {engine:<9}, 1 worker (in-process) {one:8.2f} games/s  ({one / reference:.2f}x reference)")
        print(
            f"study on the {engine:<9}, 2 workers (Dask)      {two:8.2f} games/s  ({two / reference:.2f}x reference, "
            f"{two / one:.2f}x 1 worker; ≈ {steady:.2f} without the cluster's start-up)"
        )
    if not engines[1:]:
        print(f"kernel: not covered ({kernel.gap(ruleset(RULESET), kinds)})")
    print(f"2-worker cluster start-up (spawn, import, build ruleset): {startup:.1f} s")
    print(f"tables of all {len(tables)} studies: identical")


if __name__ == "__main__":
    main()
