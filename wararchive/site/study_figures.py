"""The readings pages' figure: paired differences of the results against the default reading, with their intervals.

Drawn on a transparent background with ink of the class ``wa-plot``, which
the site's stylesheet inverts in dark mode, so the figure reads on either
page colour (no grey reads well on both white and near-black).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt

from ..drawing.boardplot import save
from .figures import DRAW_COLOUR

INK = "#222222"
MARGINS, ROW = 0.85, 0.28  # inches: above and below the rows, and per row


def paired_differences(
    pairs: list[dict[str, Any]], names: dict[str, str], measures: list[str], path: Path, title: str, colours: dict[str, str]
) -> str:
    """One row per non-default reading and measure: b − a with its 95 % interval, and a zero line; returns the alt text.

    ``pairs`` are the rows of the study's ``pairs`` table against the default
    reading; ``measures`` the rate measures shown, in order; ``colours`` the
    colour of each measure's marker.
    """
    rows = [p for p in pairs if p["measure"] in measures]
    height = MARGINS + ROW * len(rows)  # inches: fixed margins, a row per difference
    fig, ax = plt.subplots(figsize=(5.6, height), dpi=110)
    fig.patch.set_alpha(0)
    ax.patch.set_alpha(0)
    ys = list(range(len(rows)))[::-1]
    for y, p in zip(ys, rows, strict=True):
        colour = colours.get(p["measure"], DRAW_COLOUR)
        err = [[p["difference"] - p["difference_lo"]], [p["difference_hi"] - p["difference"]]]
        ax.errorbar([p["difference"]], [y], xerr=err, fmt="o", capsize=3, color=colour, markeredgecolor=INK, ecolor=INK)
    ax.axvline(0, color=INK, linewidth=0.8, linestyle="--")
    labels = [f"{names[p['reading_b']]}: {p['measure']}" for p in rows]
    ax.set_yticks(ys, labels, fontsize=7, color=INK)
    ax.set_xlabel(f"difference from the default reading ({names[rows[0]['reading_a']]})" if rows else "", color=INK, fontsize=8)
    fig.suptitle(title, fontsize=9, color=INK, x=0.02, ha="left")
    ax.tick_params(colors=INK, labelsize=7)
    for spine in ax.spines.values():
        spine.set_color(INK)
    fig.subplots_adjust(left=0.36, right=0.97, bottom=0.5 / height, top=1 - 0.3 / height)
    save(fig, path)  # the figure's own patch is transparent, so the PNG is
    parts = [
        f"{names[p['reading_b']]}, {p['measure']}: {p['difference']:+.3f} [{p['difference_lo']:+.3f}, {p['difference_hi']:+.3f}]"
        for p in rows
    ]
    return f"Paired differences from the default reading with 95% intervals, {title}. " + "; ".join(parts) + "."
