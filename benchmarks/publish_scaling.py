"""How the command a user runs, ``wararchive publish-studies``, scales with workers: wall time, speed-up, efficiency.

Run: ``python benchmarks/publish_scaling.py [--games N] [--workers 1,2,4] [--repeat R] [--players P,P] [--ruleset ID]…``.

Where ``benchmarks/scaling.py`` times the games alone on a warmed cluster,
this times the whole command as a user types it, each run into an empty
``--out`` folder: the start of Python and the imports, the embedded Dask
cluster's start (one worker runs in the command's own process, as the
command does), the games, the analysis and the files written. Only
numba's cache is warm: a first, untimed run fills it, since a user pays the
compile once per installation, not per command (see "Compiling the kernel"
on the benchmarks page). The tables of every run are checked to be the same
as those of the one-worker run, and ``--compare DIR`` checks them against a
published folder as well (the package version recorded in the metadata is
left out of that comparison). Efficiency is the speed-up (of the medians, with ``--repeat``) over one worker
divided by the workers; the serial share is the least-squares Amdahl fit of
``benchmarks/scaling.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).parent))
from scaling import amdahl

from wararchive.study import output
from wararchive.study.publish import SUMMARY, published

WARM_GAMES = 10  # seeds of the untimed first run: enough to compile every game the timed runs play


def publish(out: Path, workers: int, args: argparse.Namespace) -> float:
    """Wall seconds of one ``publish-studies`` into ``out``."""
    cmd = [sys.executable, "-m", "wararchive.cli.main", "publish-studies", "--games", str(args.games)]
    cmd += ["--players", args.players, "--out", str(out), "--workers", str(workers), "--quiet"]
    for ruleset_id in args.ruleset:
        cmd += ["--ruleset", ruleset_id]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def studies(root: Path) -> dict[str, Path]:
    """Every study published under ``root``, the retests included, by its folder relative to ``root``."""
    return {str(folder.relative_to(root)): folder for folder in published(root)}


def tables(folder: Path) -> tuple[dict[str, pd.DataFrame], str]:
    """A study's tables and its summary, without the package version that wrote them."""
    frames, _ = output.load(folder)
    summary = json.loads((folder / SUMMARY).read_text(encoding="utf-8"))
    del summary["meta"]["package"]
    return frames, json.dumps(summary, sort_keys=True)


def same(a: Path, b: Path) -> int:
    """How many studies of ``a`` were compared with ``b``'s; raises on the first difference."""
    left, right = studies(a), studies(b)
    names = sorted(left)
    missing = [n for n in names if n not in right]
    if missing:
        raise SystemExit(f"{b} lacks {len(missing)} studies, e.g. {missing[0]}")
    for name in names:
        (fa, sa), (fb, sb) = tables(left[name]), tables(right[name])
        if sa != sb:
            raise SystemExit(f"{name}: summary.json differs")
        for key in fa:
            pd.testing.assert_frame_equal(fa[key], fb[key], check_exact=True, obj=f"{name}/{key}")
    return len(names)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="paired seeds per reading (default 2000, the published target)")
    ap.add_argument("--workers", default=None, help="worker counts, comma-separated (default 1, 2, 4… up to the cores)")
    ap.add_argument("--players", default="greedy,greedy")
    ap.add_argument("--ruleset", action="append", default=[], help="only this ruleset (repeatable; default: all)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each worker count; medians are compared (default 1)")
    ap.add_argument("--compare", type=Path, help="a published studies folder the tables must equal (e.g. docs/studies)")
    args = ap.parse_args()
    cores = len(os.sched_getaffinity(0))
    counts = [int(n) for n in args.workers.split(",")] if args.workers else [2**i for i in range(cores.bit_length())]
    rulesets = ", ".join(args.ruleset) or "every ruleset"
    print(f"publish-studies --games {args.games} --players {args.players}, {rulesets}; {cores} cores")
    with tempfile.TemporaryDirectory() as tmp:
        warm = argparse.Namespace(**{**vars(args), "games": min(args.games, WARM_GAMES)})
        cold = publish(Path(tmp) / "warm", 1, warm)
        print(
            f"untimed {warm.games}-seed run (fills numba's cache if empty): {cold:.1f} s; load average {os.getloadavg()[0]:.2f}",
            flush=True,
        )
        runs: dict[int, list[float]] = {n: [] for n in sorted({1, *counts})}
        first = Path(tmp) / "w1-0"
        for i in range(args.repeat):  # the counts in turn, so that a change in the machine's load touches them all
            for n in runs:
                out = Path(tmp) / f"w{n}-{i}"
                runs[n].append(publish(out, n, args))
                same(out, first)
                print(f"  {n} workers, run {i + 1}: {runs[n][-1]:.2f} s; load average {os.getloadavg()[0]:.2f}", flush=True)
                if out != first:
                    shutil.rmtree(out)
        times = {n: statistics.median(ts) for n, ts in runs.items()}
        print(f"{'workers':>8} {'seconds':>9} {'range':>15} {'speed-up':>9} {'efficiency':>11}  (medians of {args.repeat})")
        for n, t in times.items():
            spread = f"{min(runs[n]):.2f}-{max(runs[n]):.2f}"
            print(f"{n:>8} {t:>9.2f} {spread:>15} {times[1] / t:>9.2f} {times[1] / (n * t):>11.2f}")
        print(f"serial share (Amdahl fit): {amdahl(times):.3f}; load average at the end {os.getloadavg()[0]:.2f}")
        print(f"tables: the same on every number of workers ({len(studies(first))} studies)")
        if args.compare:
            print(f"tables: the same as {args.compare}'s ({same(first, args.compare)} studies compared)")


if __name__ == "__main__":
    main()
