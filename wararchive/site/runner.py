"""The site's games: what each one is reduced to, and the one runner that plays them all.

The site plays a few thousand games (statistics, candidates for the
illustrative games, replays, the readings' studies). They run through the
engine's parallel runner (:mod:`wararchive.engine.parallel`), whose results
come in input order, so the pages are byte-identical to a serial build; on a
plain local process pool, because a Dask cluster's start-up of several
seconds is a large share of the site's one-minute build budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import ruleset, simulate_one
from ..engine.parallel import Pool
from ..engine.parallel import parallel_map as engine_map

POOL: Pool = "processes"


def parallel_map(fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
    """``[fn(x) for x in items]`` on every core (in this process when there is one core or item)."""
    return engine_map(fn, items, pool=POOL)


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
