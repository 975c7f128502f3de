"""Simulation statistics per ruleset: wins, draws and game lengths, played and summarised (shown by :mod:`.stats_page`)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from .cache import cached, fingerprint
from .runner import game_summary, parallel_map

PAIRINGS = {"random vs random": (("random", "random"), 80), "greedy vs random": (("greedy", "random"), 40)}
SEED = 1


def stats_jobs(ruleset_id: str) -> list[tuple[str, int, tuple[str, str]]]:
    """Every game of every pairing, as jobs for :func:`.runner.game_summary`."""
    return [(ruleset_id, seed, kinds) for kinds, n in PAIRINGS.values() for seed in range(SEED, SEED + n)]


def summarise(summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """Results and lengths per pairing, from the summaries of :func:`stats_jobs`, in order."""
    out: dict[str, Any] = {}
    games = iter(summaries)
    for label, (_, n) in PAIRINGS.items():
        played = [next(games) for _ in range(n)]
        results = Counter(g["winner"] or "draw" for g in played)
        lengths = [g["ply"] for g in played]
        out[label] = {
            "games": n,
            "results": dict(results),
            "lengths": lengths,
            "adjudicated": sum(g["adjudicated"] for g in played),
        }
    return out


def stats_entry(ruleset_id: str) -> tuple[str, str]:
    """Name and key of a ruleset's cached statistics."""
    return f"stats-{ruleset_id}", fingerprint(ruleset_id, PAIRINGS, SEED)


def statistics(cache_dir: Path, ruleset_id: str, summaries: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The statistics, from the cache, else from ``summaries`` of :func:`stats_jobs`, else by playing the games."""
    return cached(
        cache_dir, *stats_entry(ruleset_id), lambda: summarise(summaries or parallel_map(game_summary, stats_jobs(ruleset_id)))
    )
