"""The site's games: what each one is reduced to, and the one runner that plays them all.

The site plays a few thousand games (statistics, candidates for the
illustrative games, replays). They run through the
engine's parallel runner (:mod:`wararchive.runner`), whose results
come in input order, so the pages are byte-identical to a serial build; on a
plain local process pool, because a Dask cluster's start-up of several
seconds is a large share of the site's one-minute build budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import ruleset
from ..players import simulate_one
from ..runner import Pool, parallel_map as engine_map

POOL: Pool = "processes"


def parallel_map(fn: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
    """``[fn(x) for x in items]`` on every core (in this process when there is one core or item).

    One job a chunk: the site's games range from milliseconds (a random game) to seconds (an
    ISMCTS game), and a long one must not hold up the others behind it.
    """
    return engine_map(fn, items, pool=POOL, chunk=1)


def call(job: tuple[Callable[[Any], Any], Any]) -> Any:
    """``fn(arg)`` of a job ``(fn, arg)``: lets games of different kinds share one parallel run."""
    fn, arg = job
    return fn(arg)


def game_summary(job: tuple[str, int, tuple[str, str]]) -> dict[str, Any]:
    """Play ``(ruleset id, seed, player kinds)`` and keep what the statistics need."""
    rid, seed, kinds = job
    return summary(simulate_one(ruleset(rid), seed, kinds))


def summary(game) -> dict[str, Any]:
    """What the statistics and the choice of illustrative games read of a finished game."""
    return {
        "ply": game.ply,
        "winner": game.result["winner"],
        "adjudicated": game.result["adjudicated"],
        "rules": [e["rule"] for e in game.events],
    }
