"""The ``wa-stats`` directive: the statistics table and figures of a ruleset's simulated games.

Kept apart from :mod:`.stats`, which plays and summarises the games: the
simulation cache is keyed by the code that makes the data, not by its display.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..drawing.colours import side_colours
from ..engine import ruleset
from .cache import cached_figure, site_cache_dir
from .html import el
from .stats import SEED, statistics
from .tables import table


class Stats(SphinxDirective):
    """``{wa-stats} RULESET``: results and length distributions of simulated games."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from .figures import length_histogram, results_bar

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
        cache_dir = site_cache_dir(self.config, self.env.srcdir)
        results = {k: d["results"] for k, d in data.items()}
        alt = cached_figure(
            cache_dir,
            img_dir / f"{rid}-results.png",
            lambda p: results_bar(results, p, rs.title, colours),
            results,
            colours,
            rs.title,
        )
        figs.append(nodes.image(uri=f"_img/{rid}-results.png", alt=alt))
        lengths = {k: d["lengths"] for k, d in data.items()}
        alt = cached_figure(
            cache_dir, img_dir / f"{rid}-lengths.png", lambda p: length_histogram(lengths, p, rs.title), lengths, rs.title
        )
        figs.append(nodes.image(uri=f"_img/{rid}-lengths.png", alt=alt))
        note = el(
            "p",
            f"From {sum(d['games'] for d in data.values())} games simulated by the engine with seeds {SEED}… "
            f"(game k of a pairing uses seed {SEED}+k; the first-named player takes {rs.sides[0]}). "
            "Draws by ply limit are the project's adjudication, not the text's.",
            class_="wa-muted",
        )
        return [table(heads, rows, classes=["wa-stats"]), note, *figs]
