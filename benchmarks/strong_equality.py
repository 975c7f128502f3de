"""The full check of the compiled ``strong``: many whole games, each played on both engines in lockstep.

Run: ``python benchmarks/strong_equality.py [--games N] [--start S] [--against greedy|strong|both] [--workers W]
[RULESET ...]``.

For each ruleset (default: the four with hidden ranks) and seed S…S+N-1,
the game is played twice, ``strong`` judging on the reference engine in one
and on the compiled kernel in the other, and the two must choose the same
move at every ply, leave their generators in the same state and end with
equal records (:func:`wararchive.testing.kernel.check_strong_game`, which
``tests/players/test_strong_compiled.py`` runs on a few games). Against
greedy, ``strong`` takes the first side on even seeds and the second on odd
ones; ``--against strong`` puts it on both sides; ``both`` plays each seed
both ways. Games are spread over W worker processes (default: every core).

Printed per ruleset: games, ``strong`` choices compared, games whose
engines parted (with the first few places), CPU seconds of the workers
and wall time. It exits 1 if any game parted. This is not a timed test.
Against greedy a game cost 1.6 CPU-seconds in Spionaaž and 0.45 in the map
game (N = 2 each, 2 workers, load 2.1–2.2, recorded 2026-11-27); with the
per-move times of ``strong_speed.py`` for the other two, 1,000 games of each
of the four rulesets come to some 1.5–3 CPU-hours, so a machine with many
cores is where the full check belongs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from tqdm import tqdm

from wararchive.engine import ruleset
from wararchive.errors import WararchiveError
from wararchive.runner import parallel_iter
from wararchive.testing.kernel import check_strong_game

HIDDEN_RANK_GAMES = ("japanese-war-game", "spionaaz", "finnish-front", "sojamang-1935")
SHOWN = 5  # disagreements printed per ruleset


def one_game(job: tuple[str, int, str]) -> tuple[str, int, int, str | None, float]:
    """Play one seed on both engines: (ruleset, seed, choices compared, where they parted or None, CPU seconds)."""
    rid, seed, against = job
    sides = (0, 1) if against == "strong" else (seed % 2,)
    cpu = time.process_time()
    try:
        compared, parted = check_strong_game(ruleset(rid), seed, sides), None
    except AssertionError as exc:
        compared, parted = 0, str(exc).splitlines()[0]
    return rid, seed, compared, parted, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=list(HIDDEN_RANK_GAMES))
    parser.add_argument("--games", type=int, default=10, help="seeds per ruleset (default 10; the full check is 1000)")
    parser.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--against", choices=("greedy", "strong", "both"), default="greedy")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    opponents = ("greedy", "strong") if args.against == "both" else (args.against,)
    jobs = [(rid, seed, o) for rid in args.rulesets for o in opponents for seed in range(args.start, args.start + args.games)]
    print(f"{len(jobs)} games, load average {os.getloadavg()[0]:.2f} at the start", flush=True)
    print("| ruleset | games | strong choices compared | games parted | CPU s | wall s |")
    print("|---|---:|---:|---:|---:|---:|")
    totals: dict[str, list] = {rid: [0, 0, [], 0.0] for rid in args.rulesets}
    start = time.perf_counter()
    want = len(opponents) * args.games  # games per ruleset
    try:
        for rid, seed, compared, parted, cpu in parallel_iter(
            one_game, jobs, workers=args.workers, pool="processes", chunk=1, progress="games"
        ):
            t = totals[rid]
            t[0] += 1
            t[1] += compared
            t[3] += cpu
            if parted:
                t[2].append(f"seed {seed}: {parted}")
            if t[0] == want:
                row = f"| {rid} | {t[0]} | {t[1]:,} | {len(t[2])} | {t[3]:.1f} | {time.perf_counter() - start:.1f} |"
                tqdm.write(row, file=sys.stdout)  # on a line of its own, above the progress bar, wherever both go
    except WararchiveError as exc:
        sys.exit(f"strong_equality: {exc}")
    except KeyboardInterrupt:
        sys.exit("strong_equality: interrupted")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    parted = [(rid, p) for rid, t in totals.items() for p in t[2]]
    for rid, where in parted[:SHOWN]:
        print(f"parted: {rid}, {where}")
    return 1 if parted else 0


if __name__ == "__main__":
    sys.exit(main())
