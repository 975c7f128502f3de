"""How fast the corpus loads and how fast ``wararchive search`` answers from a cold start.

Run: ``python benchmarks/corpus_speed.py``. The reference is a bare
``python -c pass`` started the same way, so the ratio shows what the archive
adds to an interpreter's start-up on this machine.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path


def timed(cmd: list[str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    from wararchive.corpus import default_root
    from wararchive.corpus.loader import load_corpus

    loads = []
    for _ in range(5):
        start = time.perf_counter()
        load_corpus(default_root())  # uncached: parse and validate everything
        loads.append(time.perf_counter() - start)
    bare = timed([sys.executable, "-c", "pass"])
    search = timed([sys.executable, "-m", "wararchive.cli.main", "search", "spioon"])
    concept = timed([sys.executable, "-m", "wararchive.cli.main", "search", "--concept", "mine"])
    words = timed([sys.executable, "-m", "wararchive.cli.main", "search", "spion fältmarskalk"])
    print(f"corpus load (parse + validate, in process): {statistics.median(loads) * 1000:7.1f} ms")
    print(f"reference: python -c pass                   {bare * 1000:7.1f} ms")
    print(f"wararchive search spioon (cold start)       {search * 1000:7.1f} ms  ({search / bare:.1f}x bare start-up)")
    print(f"wararchive search --concept mine            {concept * 1000:7.1f} ms  ({concept / bare:.1f}x bare start-up)")
    print(f"wararchive search 'spion fältmarskalk'      {words * 1000:7.1f} ms  ({words / bare:.1f}x bare start-up; all words)")
    print(f"(corpus: {Path(default_root())})")


if __name__ == "__main__":
    main()
