"""Run the site's simulations on every core, with results in the order of a serial run.

The site plays a few thousand games (statistics, candidates for the
illustrative games, replays); they are independent, so they are spread over
worker processes. ``Executor.map`` returns results in input order and each
game depends only on its ruleset and seed, so the output is byte-identical to
a serial run. This is the one place the site parallelises: point it at a
shared runner when the engine has one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..engine import ruleset, simulate_one


def parallel_map(fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
    """``[fn(x) for x in items]``, computed in worker processes when there is more than one core and item."""
    workers = min(os.cpu_count() or 1, len(items))
    if workers <= 1:
        return [fn(x) for x in items]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(fn, items, chunksize=max(1, len(items) // (workers * 8))))


def game_summary(job: tuple[str, int, tuple[str, str]]) -> dict[str, Any]:
    """Play ``(ruleset id, seed, player kinds)`` and keep what the statistics and the choice of games need."""
    rid, seed, kinds = job
    g = simulate_one(ruleset(rid), seed, kinds)
    return {
        "ply": g.ply,
        "winner": g.result["winner"],
        "adjudicated": g.result["adjudicated"],
        "rules": [e["rule"] for e in g.events],
    }
