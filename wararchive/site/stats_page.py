"""The ``wa-stats`` directive: the statistics tables and figures of a ruleset's simulated games.

Kept apart from :mod:`.stats`, which plays and summarises the games: the
simulation cache is keyed by the code that makes the data, not by its display.
Every share is shown as its count, its N and its Wilson 95 % interval, the
mean length with its bootstrap interval, and the conditions (players, seeds,
sides, ply limit) beside them: a figure without them cannot be weighed.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..drawing.colours import side_colours
from ..engine import ruleset
from .cache import cached_figure, site_cache_dir
from .html import el
from .inputs import depends_on
from .stats import DRAW, SEED, UNFINISHED, statistics
from .tables import share, table

OUTCOME_NAMES = {DRAW: "draws", UNFINISHED: "unfinished"}


def outcome_name(outcome: str) -> str:
    """A result as a column or legend names it: ``pink wins``, ``draws``, ``unfinished``."""
    return OUTCOME_NAMES.get(outcome, f"{outcome} wins")


def mean_plies(m: dict[str, float]) -> str:
    """The mean length with its bootstrap 95 % interval and N."""
    return f"{m['mean']:.0f} [{m['lo']:.0f}, {m['hi']:.0f}] (N = {m['n']})"


def side_rows(data: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The results-by-side table: one row per pairing, every share with its N and interval."""

    outcomes = list(next(iter(data.values()))["by_side"])
    heads = ["players", "games", *(outcome_name(o) for o in outcomes), "mean plies [95% interval]", "median plies"]
    rows = [
        [label, str(d["games"]), *(share(d["by_side"][o]) for o in outcomes), mean_plies(d["mean_plies"]), str(d["median_plies"])]
        for label, d in data.items()
    ]
    return heads, rows


def player_rows(data: dict[str, Any], sides: list[str]) -> tuple[list[str], list[list[str]]]:
    """The results-by-player table, for pairings of two different players: wins overall and on each side."""

    heads = ["players", "player", "wins, all games", *(f"wins as {s}" for s in sides)]
    rows = [
        [label, player, share(w["all"]), *(share(w[s]) for s in sides)]
        for label, d in data.items()
        for player, w in d["by_player"].items()
    ]
    return heads, rows


def figure_rows(data: dict[str, Any]) -> dict[str, dict[str, dict[str, float]]]:
    """What the results figure plots: each pairing's shares by side, then, where the players differ, by player."""
    rows = {label: {outcome_name(o): r for o, r in d["by_side"].items()} for label, d in data.items()}
    for label, d in data.items():
        if d["by_player"]:
            rows[f"{label}, by player"] = {f"{p} wins": w["all"] for p, w in d["by_player"].items()}
    return rows


class Stats(SphinxDirective):
    """``{wa-stats} RULESET``: results and length distributions of simulated games, with their intervals."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        rid = self.arguments[0]
        rs = ruleset(rid)
        depends_on(self.env, "ruleset", rid)
        sides = list(rs.sides)
        cache_dir = site_cache_dir(self.config, self.env.srcdir)
        data = statistics(cache_dir, rid)
        limit = rs.options.get("ply_limit")
        title = f"{rs.title} (ply limit {limit})" if limit else rs.title
        img_dir = Path(self.env.srcdir) / "games" / "_img"

        colours = {outcome_name(s): c for s, c in zip(sides, side_colours(sides, rs.board), strict=True)}
        rows = figure_rows(data)
        alt = cached_figure(
            cache_dir,
            img_dir / f"{rid}-results.png",
            lambda p: _figures().rates_figure(rows, p, title, colours),
            rows,
            colours,
            title,
        )
        figs = [nodes.image(uri=f"_img/{rid}-results.png", alt=alt)]
        lengths = {k: d["lengths"] for k, d in data.items()}
        means = {k: d["mean_plies"] for k, d in data.items()}
        alt = cached_figure(
            cache_dir,
            img_dir / f"{rid}-lengths.png",
            lambda p: _figures().length_histogram(lengths, means, p, title),
            lengths,
            means,
            title,
        )
        figs.append(nodes.image(uri=f"_img/{rid}-lengths.png", alt=alt))

        alternated = [label for label, d in data.items() if d["alternate"]]
        swap = (
            f" Where the players differ ({', '.join(alternated)}) they alternate sides: on odd seeds the first-named "
            f"player takes {sides[1]}, so each plays each side in half the games; the table by player gives both."
            if alternated
            else ""
        )
        stop = f"stopped by the project's ply limit ({limit} plies)" if limit else "stopped by the project's ply limit"
        note = el(
            "p",
            f"From {sum(d['games'] for d in data.values())} games simulated by the engine with seeds {SEED}… "
            f"(game k of a pairing uses seed {SEED}+k).{swap} Each share is given as its count of N games and its "
            f"Wilson 95 % interval; the mean length with a percentile bootstrap 95 % interval. A game {stop} is "
            "unfinished, not a draw: the limit is the project's, not the text's.",
            class_="wa-muted",
        )
        out = [table(*side_rows(data), classes=["wa-stats"])]
        if any(d["by_player"] for d in data.values()):
            out.append(table(*player_rows(data, sides), classes=["wa-stats", "wa-stats-players"]))
        return [*out, note, *figs]


def _figures() -> ModuleType:
    """The drawing module, imported only to draw a figure.

    A page read again copies its figures from the cache, and matplotlib takes half a second to load.
    """
    from . import figures

    return figures
