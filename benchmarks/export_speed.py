"""How long ``wararchive export`` takes per format, against building its tables.

Run: ``python benchmarks/export_speed.py``. The reference is building every
table in memory (:func:`wararchive.dataset.tables`) in the same run, so each
ratio shows what writing one format adds on this machine.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path


def median_time(fn, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    from wararchive import corpus
    from wararchive.dataset import tables
    from wararchive.export import FORMATS, export

    c = corpus.load()
    tables(c)  # warm: rulesets built and cached, as in a second export of one process
    reference = median_time(lambda: tables(c))
    print(f"reference: build all tables in memory   {reference * 1000:7.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        for fmt in FORMATS:
            out = Path(tmp) / (f"{fmt}.sqlite" if fmt == "sqlite" else fmt)
            t = median_time(lambda out=out, fmt=fmt: export(c, fmt, out))
            size = sum(p.stat().st_size for p in ([out] if out.is_file() else out.iterdir()))
            ratio = t / reference
            print(f"export {fmt:<8} (tables + write)         {t * 1000:7.1f} ms  ({ratio:.1f}x reference; {size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
