"""Simulation statistics per ruleset: results and game lengths with their intervals, played and summarised.

Shown by :mod:`.stats_page`. Every rate carries its count, its N and a Wilson
95 % interval, and the mean length a percentile bootstrap interval: the
intervals of the studies (:mod:`wararchive.study.stats`), so that a game page
and a readings page state the same kind of evidence. Two different players
alternate sides as in a study (:class:`~wararchive.study.design.Design`: on
odd seeds the first-named player takes the second side), so that a side's
advantage is not mistaken for a player's; their results are given per side
and per player. A game stopped by the project's ply limit is *unfinished*,
counted apart from the draws the rules declare.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine import DRAW, UNFINISHED, ruleset
from ..engine.fingerprint import source_hash
from ..study.design import Design
from ..study.stats import mean_interval, wilson
from .cache import cached, fingerprint
from .runner import game_summary, parallel_map

PAIRINGS = {"random vs random": (("random", "random"), 80), "greedy vs random": (("greedy", "random"), 40)}
SEED = 1


def designs(ruleset_id: str) -> dict[str, Design]:
    """Each pairing as a study's design (no reading varied): its seeds and which of them swap the players' sides."""
    return {label: Design(ruleset_id, {}, n, kinds, SEED) for label, (kinds, n) in PAIRINGS.items()}


def stats_jobs(ruleset_id: str) -> list[tuple[str, int, tuple[str, str]]]:
    """Every game of every pairing, as jobs for :func:`.runner.game_summary`."""
    return [(ruleset_id, s, d.sides(s)) for d in designs(ruleset_id).values() for s in d.seeds]


def rate(k: int, n: int) -> dict[str, float | int]:
    """``k`` of ``n`` games as a share with its Wilson 95 % interval."""
    lo, hi = wilson(k, n)
    return {"k": k, "n": n, "rate": k / n, "lo": lo, "hi": hi}


def outcome(game: dict[str, Any]) -> str:
    """A game's result: the winning side, a draw by the rules, or unfinished (stopped at the ply limit)."""
    return UNFINISHED if game["adjudicated"] else game["winner"] or DRAW  # a summary keeps the flag, not the rule


def summarise(ruleset_id: str, summaries: list[dict[str, Any]]) -> dict[str, Any]:
    """Results per side (and per player where the players differ) and lengths, per pairing, from :func:`stats_jobs`' games.

    ``by_side`` maps each side, ``draw`` and ``unfinished`` to a :func:`rate`;
    ``by_player`` maps each player to its wins overall and on each side (N: the
    games it played there), and is empty when both players are of one kind.
    """
    sides = list(ruleset(ruleset_id).sides)
    out: dict[str, Any] = {}
    games = iter(summaries)
    for label, d in designs(ruleset_id).items():
        played = [(d.sides(s), next(games)) for s in d.seeds]
        results = [outcome(g) for _, g in played]
        n, lengths = len(played), [g["ply"] for _, g in played]
        by_player: dict[str, dict[str, Any]] = {}
        if d.alternates:
            for p in d.players:
                at = [kinds.index(p) for kinds, _ in played]  # the side this player took, game by game
                won = [r == sides[i] for r, i in zip(results, at, strict=True)]
                on = {side: [w for w, i in zip(won, at, strict=True) if i == j] for j, side in enumerate(sides)}
                by_player[p] = {"all": rate(sum(won), n)} | {side: rate(sum(w), len(w)) for side, w in on.items()}
        lo, hi = mean_interval(lengths)
        out[label] = {
            "players": list(d.players),
            "games": n,
            "alternate": d.alternates,
            "by_side": {o: rate(results.count(o), n) for o in [*sides, DRAW, UNFINISHED]},
            "by_player": by_player,
            "lengths": lengths,
            "mean_plies": {"mean": sum(lengths) / n, "lo": lo, "hi": hi, "n": n},
            "median_plies": sorted(lengths)[n // 2],
        }
    return out


def stats_entry(ruleset_id: str) -> tuple[str, str]:
    """Name and key of a ruleset's cached statistics (the study code that sets sides and intervals is part of the key)."""
    return f"stats-{ruleset_id}", fingerprint(ruleset_id, PAIRINGS, SEED, source_hash("study/design.py", "study/stats.py"))


def statistics(cache_dir: Path, ruleset_id: str, summaries: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The statistics, from the cache, else from ``summaries`` of :func:`stats_jobs`, else by playing the games."""
    return cached(
        cache_dir,
        *stats_entry(ruleset_id),
        lambda: summarise(ruleset_id, summaries or parallel_map(game_summary, stats_jobs(ruleset_id))),
    )
