"""The site's figures (a starting board, results and game lengths with their intervals), with their alt text.

Each is drawn through :func:`.cache.cached_figure`, which keys it by what it
shows and by this module's code. Plots have a transparent ground and dark
ink; in dark mode the site's stylesheet inverts their lightness (keeping the
hues), so they read light on dark instead of glaring white.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt

from ..drawing.boardplot import board_figure, save, starting_setup
from .tables import share


def starting_board(rs, path: Path) -> str:
    """The board of a ruleset at the starting position of seed 0, as the referee sees it."""
    game = rs.new_game(seed=0)
    return board_figure(game.view("referee"), path, rs.title, starting_setup(game))


def length_histogram(lengths: dict[str, list[int]], means: dict[str, dict[str, float]], path: Path, title: str) -> str:
    """Game lengths per pairing of players, each mean marked with its bootstrap 95 % interval; returns the alt text."""
    fig, ax = plt.subplots(figsize=(5.6, 2.8), dpi=110)
    drawn = [
        (label, ax.hist(v, bins=20, alpha=0.6, label=f"{label} (N = {len(v)})")[2][0].get_facecolor())
        for label, v in lengths.items()
    ]
    top = ax.get_ylim()[1]
    for i, (label, colour) in enumerate(drawn):  # each mean above the bars, one line per pairing
        m = means[label]
        xerr = [[m["mean"] - m["lo"]], [m["hi"] - m["mean"]]]
        ax.errorbar(m["mean"], top * (1.05 + 0.08 * i), xerr=xerr, fmt="o", capsize=3, color=colour[:3])
    ax.set_ylim(0, top * (1.1 + 0.08 * len(drawn)))
    ax.set_xlabel("plies (mean: dot with its 95 % interval)")
    ax.set_ylabel("games")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    save(_transparent(fig), path)
    parts = [
        f"{label}: {len(v)} games, mean {means[label]['mean']:.0f} plies [{means[label]['lo']:.0f}, {means[label]['hi']:.0f}], "
        f"median {sorted(v)[len(v) // 2]}"
        for label, v in lengths.items()
        if v
    ]
    return f"Histogram of game lengths for {title}, means with bootstrap 95% intervals. " + "; ".join(parts) + "."


DRAW_COLOUR = "#9a9a9a"
GREYS = {"draws": DRAW_COLOUR, "unfinished": "#cfcfcf"}  # no side's outcomes: in greys, unfinished as squares


def _transparent(fig):
    """The figure with no ground of its own, so the page's background shows through (light or dark)."""
    fig.patch.set_alpha(0)
    for ax in fig.axes:
        ax.patch.set_alpha(0)
    return fig


def rates_figure(rows: dict[str, dict[str, dict[str, float]]], path: Path, title: str, colours: dict[str, str]) -> str:
    """Shares of games per row (a pairing, or its players) and outcome, with their Wilson 95 % intervals; returns the alt text.

    ``rows`` maps a row's label to outcomes (``"pink wins"``, ``"draws"``…)
    and their :func:`.stats.rate`; an outcome is drawn in ``colours`` (a
    side's colour), else in grey, else in the plot's own cycle. Points with
    error bars, not stacked bars: a stacked bar shows counts but hides how
    uncertain each share is.
    """
    labels = list(rows)
    outcomes = list(dict.fromkeys(o for r in rows.values() for o in r))
    fig, ax = plt.subplots(figsize=(6.4, 1.1 + 0.5 * len(labels)), dpi=110)
    width = 0.8 / len(outcomes)
    for j, o in enumerate(outcomes):
        at = [(i, rows[lbl][o]) for i, lbl in enumerate(labels) if o in rows[lbl]]
        ys = [i + (j - (len(outcomes) - 1) / 2) * width for i, _ in at]
        xs = [r["rate"] for _, r in at]
        err = [[r["rate"] - r["lo"] for _, r in at], [r["hi"] - r["rate"] for _, r in at]]
        colour, marker = colours.get(o, GREYS.get(o)), "s" if o == "unfinished" else "o"
        ax.errorbar(xs, ys, xerr=err, fmt=marker, capsize=3, label=o, color=colour, markeredgecolor="#333333")
    ax.set_yticks(range(len(labels)), [f"{lbl} (N = {max(r['n'] for r in rows[lbl].values())})" for lbl in labels], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games (Wilson 95 % interval)")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1, 0.5))
    fig.tight_layout()
    save(_transparent(fig), path)
    parts = [f"{lbl}: " + ", ".join(f"{o} {share(r)}" for o, r in out.items()) for lbl, out in rows.items()]
    return f"Shares of games with Wilson 95% intervals, {title}. " + "; ".join(parts) + "."
