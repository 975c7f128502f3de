"""The site's figures (a starting board, wins, draws, game lengths, readings' rates), with their alt text.

Each is drawn through :func:`.cache.cached_figure`, which keys it by what it
shows and by this module's code. Plots have a transparent ground and dark
ink; in dark mode the site's stylesheet inverts their lightness (keeping the
hues), so they read light on dark instead of glaring white.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt

from ..drawing.boardplot import board_figure, save


def starting_board(rs, path: Path) -> str:
    """The board of a ruleset at the starting position of seed 0, as the referee sees it."""
    return board_figure(rs.new_game(seed=0).view("referee"), path, rs.title)


def length_histogram(lengths: dict[str, list[int]], path: Path, title: str) -> str:
    """Game lengths per pairing of players; returns the alt text."""
    fig, ax = plt.subplots(figsize=(5.6, 2.8), dpi=110)
    for label, values in lengths.items():
        ax.hist(values, bins=20, alpha=0.6, label=label)
    ax.set_xlabel("plies")
    ax.set_ylabel("games")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    save(_transparent(fig), path)
    parts = [f"{label}: median {sorted(v)[len(v) // 2]} plies over {len(v)} games" for label, v in lengths.items() if v]
    return f"Histogram of game lengths for {title}. " + "; ".join(parts) + "."


DRAW_COLOUR = "#9a9a9a"


def _transparent(fig):
    """The figure with no ground of its own, so the page's background shows through (light or dark)."""
    fig.patch.set_alpha(0)
    for ax in fig.axes:
        ax.patch.set_alpha(0)
    return fig


def results_bar(counts: dict[str, dict[str, int]], path: Path, title: str, colours: dict[str, str]) -> str:
    """Wins per side, each in its side's colour (``colours``), and draws in grey per pairing; returns the alt text."""
    fig, ax = plt.subplots(figsize=(5.6, 2.4), dpi=110)
    labels = list(counts)
    outcomes = [o for o in [*colours, "draw"] if any(o in c for c in counts.values())]
    left = [0] * len(labels)
    for o in outcomes:
        vals = [counts[lbl].get(o, 0) for lbl in labels]
        colour = colours.get(o, DRAW_COLOUR)
        ax.barh(labels, vals, left=left, label=o, color=colour, edgecolor="#333333", linewidth=0.6)
        left = [a + b for a, b in zip(left, vals, strict=True)]
    ax.set_xlabel("games")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    save(_transparent(fig), path)
    parts = [f"{lbl}: " + ", ".join(f"{o} {n}" for o, n in c.items()) for lbl, c in counts.items()]
    return f"Results of simulated games of {title}. " + "; ".join(parts) + "."


def rates_figure(
    readings: list[dict[str, Any]],
    sides: list[str],
    labels: dict[str, str],
    path: Path,
    title: str,
    colours: dict[str, str] | None = None,
) -> str:
    """Win and draw rates per reading with their Wilson 95 % intervals, sides in their colours; returns the alt text."""
    colours = colours or {}
    fig, ax = plt.subplots(figsize=(5.6, 2.6), dpi=110)
    outcomes = [(f"{s}_wins", f"{s} wins") for s in sides] + [("draws", "draws")]
    width = 0.8 / len(outcomes)
    for j, (key, name) in enumerate(outcomes):
        xs = [i + (j - (len(outcomes) - 1) / 2) * width for i in range(len(readings))]
        rates = [r[f"{key}_rate"] for r in readings]
        err = [[r[f"{key}_rate"] - r[f"{key}_lo"] for r in readings], [r[f"{key}_hi"] - r[f"{key}_rate"] for r in readings]]
        colour = colours.get(key.removesuffix("_wins"), DRAW_COLOUR)
        ax.errorbar(xs, rates, yerr=err, fmt="o", capsize=3, label=name, color=colour, markeredgecolor="#333333")
    ax.set_xticks(range(len(readings)), [labels[r["reading"]] for r in readings], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    fig.subplots_adjust(left=0.1, right=0.98, bottom=0.14, top=0.88)  # fixed: tight_layout would cost a third of the time
    save(_transparent(fig), path)
    parts = [
        f"{labels[r['reading']]}: " + ", ".join(f"{name} {r[f'{key}_rate']:.2f}" for key, name in outcomes) for r in readings
    ]
    return f"Win and draw rates with 95% intervals per reading, {title}. " + "; ".join(parts) + "."
