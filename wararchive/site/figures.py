"""Statistics figures for the site (wins, draws, game lengths), with their alt text."""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt

from ..engine.boardplot import save


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
    save(fig, path)
    parts = [f"{label}: median {sorted(v)[len(v) // 2]} plies over {len(v)} games" for label, v in lengths.items() if v]
    return f"Histogram of game lengths for {title}. " + "; ".join(parts) + "."


DRAW_COLOUR = "#9a9a9a"


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
    save(fig, path)
    parts = [f"{lbl}: " + ", ".join(f"{o} {n}" for o, n in c.items()) for lbl, c in counts.items()]
    return f"Results of simulated games of {title}. " + "; ".join(parts) + "."
