"""Study throughput in games/s on 1 and 2 workers, against plain serial play in the same run.

Run: ``python benchmarks/study.py [--games N] [--players greedy,greedy]``.
The reference is the same games played by ``simulate_one`` in a plain loop
(no study bookkeeping, no Dask); the study on one worker runs in-process,
on two workers on an embedded Dask cluster whose start-up is counted. The
ratios are what to compare across machines. The start-up of a 2-worker
cluster is also timed alone, so its share of a short run can be told apart.
The tables of the 1- and 2-worker studies are checked to be identical.
"""

from __future__ import annotations

import argparse
import time

import pandas as pd

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

    rates, tables = {}, {}
    for workers in (1, 2):
        start = time.perf_counter()
        s = study(RULESET, VARY, games=args.games, players=kinds, options=FIXED, workers=workers)
        rates[workers] = n / (time.perf_counter() - start)
        tables[workers] = s.tables()
    start = time.perf_counter()
    parallel_map(_warm, [RULESET, RULESET], workers=2)
    startup = time.perf_counter() - start
    for name, df in tables[1].items():
        pd.testing.assert_frame_equal(df, tables[2][name], check_exact=True)

    print(f"{RULESET}, {n} games ({args.games} seeds × 2 readings), {kinds[0]} vs {kinds[1]}, ply limit {FIXED['ply_limit']}")
    print(f"reference: simulate_one in a loop   {reference:7.2f} games/s")
    print(f"study, 1 worker (in-process)        {rates[1]:7.2f} games/s  ({rates[1] / reference:.2f}x reference)")
    two = f"{rates[2] / reference:.2f}x reference, {rates[2] / rates[1]:.2f}x 1 worker"
    print(f"study, 2 workers (Dask, start-up)   {rates[2]:7.2f} games/s  ({two})")
    steady = n / max(1e-9, n / rates[2] - startup)
    print(
        f"2-worker cluster start-up (spawn, import, build ruleset): {startup:.1f} s; 2 workers without it ≈ {steady:.2f} games/s"
    )
    print("tables of the 1- and 2-worker studies: identical")


if __name__ == "__main__":
    main()
