"""How a study's games scale with workers: games/s and parallel efficiency on 1, 2, 4… Dask workers, and the serial share.

Run: ``python benchmarks/scaling.py [--games N] [--workers 1,2,4] [--players greedy,greedy] [--ruleset ID]``.
The work is what ``publish-studies --ruleset ID`` plays: every
interpretation option of the ruleset, each reading on the same ``N`` seeds
(a game several studies share is played once), through
:func:`wararchive.study.run.run`, on a Dask ``LocalCluster`` of ``n``
worker processes (one thread each) reached by its address, as an outside
cluster is (``--scheduler``). Each cluster is started and its workers
warmed (imports, the ruleset, numba's cache) before the clock starts, so
the figures are the run's, not the start-up's. Efficiency is the rate on
``n`` workers over ``n`` times the rate on one; the serial share ``s`` is the
least-squares fit of Amdahl's law, ``T(n) = T(1) × (s + (1 − s) / n)``, to
the times measured, and, measured directly, this process's CPU time over
the run's wall time on one worker (the work no worker can take over). The tables of every run are checked to be identical to
those of the first. On a machine with other work running, the figures for
more workers than idle cores measure the load, not the code: the load
average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import time

import pandas as pd

from wararchive.study.design import design
from wararchive.study.publish import entries
from wararchive.study.run import block_jobs, game_keys, play_seeds, run


def _warm(ruleset_id: str, players: tuple[str, str]) -> None:
    """On a worker: import the study code, build the ruleset and load the kernel, before the clock starts."""
    d = design(ruleset_id, {"ply_limit": [50, 60]}, 1, players)
    jobs = [(*j, "auto") for j in d.jobs()]
    for b in block_jobs(jobs, 1)[0]:
        play_seeds(b)


def timed(designs: list, workers: int, ruleset_id: str, players: tuple[str, str]) -> tuple[float, float, list]:
    """Seconds to play every game of ``designs`` on a fresh cluster of ``workers``, this process's CPU seconds, the tables.

    This process's CPU time is the run's serial work, measured where the load
    of other work on the machine does not blur it: preparing the jobs,
    Dask's client, and turning the answers into tables.
    """
    from dask.distributed import Client, LocalCluster

    with (
        LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        Client(cluster) as client,
    ):
        client.run(_warm, ruleset_id, players)
        start, cpu = time.perf_counter(), time.process_time()
        tables = run(designs, scheduler=cluster.scheduler_address)
        return time.perf_counter() - start, time.process_time() - cpu, tables


def amdahl(times: dict[int, float]) -> float:
    """The serial share ``s`` that fits ``T(n) / T(1) = s + (1 − s) / n`` best (least squares over n > 1)."""
    xs = [(1 - 1 / n, times[n] / times[1] - 1 / n) for n in times if n > 1]
    return sum(x * y for x, y in xs) / sum(x * x for x, _ in xs) if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500, help="seeds per reading (default 500)")
    ap.add_argument("--workers", default=None, help="worker counts, comma-separated (default 1, 2, 4… up to the cores)")
    ap.add_argument("--players", default="greedy,greedy")
    ap.add_argument("--ruleset", default="japanese-war-game")
    args = ap.parse_args()
    players = tuple(args.players.split(","))
    cores = len(os.sched_getaffinity(0))
    doubling = [2**i for i in range(cores.bit_length()) if 2**i <= cores]
    counts = [int(n) for n in args.workers.split(",")] if args.workers else doubling
    designs = [e.design for e in entries(args.games, players, ruleset_ids=[args.ruleset])]
    games = len(set(game_keys([(*j, "auto") for d in designs for j in d.jobs()])))
    print(f"{args.ruleset}, {len(designs)} studies, {args.games} seeds each, {players[0]} vs {players[1]}: {games:,} games")
    print(f"{cores} cores; load average at the start {os.getloadavg()[0]:.2f}")
    times, serial, first = {}, {}, None
    for n in sorted(set([1, *counts])):
        times[n], serial[n], tables = timed(designs, n, args.ruleset, players)
        if first is None:
            first = tables
        for a, b in zip(first, tables, strict=True):
            for name in a:
                pd.testing.assert_frame_equal(a[name], b[name], check_exact=True)
    print(f"{'workers':>8} {'seconds':>9} {'games/s':>10} {'efficiency':>11} {'this process, CPU s':>20}")
    for n, t in times.items():
        print(f"{n:>8} {t:>9.2f} {games / t:>10,.0f} {times[1] / (n * t):>11.2f} {serial[n]:>20.2f}")
    print(f"serial share: Amdahl fit {amdahl(times):.3f}; this process's CPU time on one worker {serial[1] / times[1]:.3f}")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    print("tables: identical on every number of workers")


if __name__ == "__main__":
    main()
