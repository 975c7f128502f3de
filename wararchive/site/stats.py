"""Simulation statistics per ruleset: wins, draws and game lengths, with figures."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..engine import ruleset
from ..engine.boardplot import side_colours
from .cache import cached, fingerprint, site_cache_dir
from .figures import length_histogram, results_bar
from .html import el
from .runner import game_summary, parallel_map
from .tables import table

PAIRINGS = {"random vs random": (("random", "random"), 200), "greedy vs random": (("greedy", "random"), 60)}
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


class Stats(SphinxDirective):
    """``{wa-stats} RULESET``: results and length distributions of simulated games."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        rid = self.arguments[0]
        rs = ruleset(rid)
        data = statistics(site_cache_dir(self.config, self.env.srcdir), rid)
        rows = []
        for label, d in data.items():
            lengths = sorted(d["lengths"])
            rows.append(
                [label, str(d["games"])]
                + [str(d["results"].get(s, 0)) for s in rs.sides]
                + [
                    str(d["results"].get("draw", 0)),
                    str(d["adjudicated"]),
                    f"{sum(lengths) / len(lengths):.0f}",
                    str(lengths[len(lengths) // 2]),
                ]
            )
        heads = [
            "players",
            "games",
            *(f"{s} wins" for s in rs.sides),
            "draws",
            "of which by ply limit",
            "mean plies",
            "median plies",
        ]
        img_dir = Path(self.env.srcdir) / "games" / "_img"
        figs = []
        colours = dict(zip(rs.sides, side_colours(list(rs.sides), rs.board), strict=True))
        alt = results_bar({k: d["results"] for k, d in data.items()}, img_dir / f"{rid}-results.png", rs.title, colours)
        figs.append(nodes.image(uri=f"_img/{rid}-results.png", alt=alt))
        alt = length_histogram({k: d["lengths"] for k, d in data.items()}, img_dir / f"{rid}-lengths.png", rs.title)
        figs.append(nodes.image(uri=f"_img/{rid}-lengths.png", alt=alt))
        note = el(
            "p",
            f"From {sum(d['games'] for d in data.values())} games simulated by the engine with seeds {SEED}… "
            f"(game k of a pairing uses seed {SEED}+k; the first-named player takes {rs.sides[0]}). "
            "Draws by ply limit are the project's adjudication, not the text's.",
            class_="wa-muted",
        )
        return [table(heads, rows, classes=["wa-stats"]), note, *figs]
