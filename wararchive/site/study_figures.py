"""The readings pages' figure: paired differences of the results against the default reading, with their intervals.

Drawn on a transparent background with ink of the class ``wa-plot``, which
the site's stylesheet inverts in dark mode, so the figure reads on either
page colour (no grey reads well on both white and near-black).

Sized for a phone first: a page column is about 358 CSS px wide at 390 px,
so the figure is drawn :data:`WIDTH` inches wide (not much wider, or the
browser shrinks its words) with no word under :data:`SMALLEST` points, one
panel per reading so the labels need only name the measure and the plot keeps
most of the width. It is an SVG: sharp at any zoom and pixel density.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator

from ..drawing.boardplot import save
from .figures import DRAW_COLOUR

INK = "#222222"
WIDTH = 4.0  # inches: 384 CSS px, shown at about 0.93 of that in a phone's 358 px column
SMALLEST, TITLE = 10, 11  # points: tick labels and the x label; the title and each reading's panel title
EM = 0.6  # DejaVu Sans's average character, in ems: to wrap or make room for words before they are drawn
CHAR = EM * SMALLEST / 72  # inches: an average character of the tick labels
TOP, BOTTOM, HEAD, ROW, GAP = 0.12, 0.45, 0.3, 0.27, 0.12  # inches: margins, a panel's title, a row, between panels
LINE, XLINE = 1.35 * TITLE / 72, 1.35 * SMALLEST / 72  # inches: a line of the figure's title, of the x axis's label


def paired_differences(
    pairs: list[dict[str, Any]], names: dict[str, str], measures: list[str], path: Path, title: str, colours: dict[str, str]
) -> str:
    """One panel per non-default reading, a row per measure: b − a with its 95 % interval, and a zero line; returns the alt text.

    ``pairs`` are the rows of the study's ``pairs`` table against the default
    reading; ``measures`` the rate measures shown, in order; ``colours`` the
    colour of each measure's marker. The panels share their x axis, so the
    readings' differences compare by eye.
    """
    rows = [p for p in pairs if p["measure"] in measures]
    others = list(dict.fromkeys(p["reading_b"] for p in rows))
    panels = [[p for p in rows if p["reading_b"] == b] for b in others]
    labels = {m: m.replace("win rate", "wins").replace("draw rate", "draws") for m in measures}  # "rate" is the x label's
    left = min(0.4, (0.15 + CHAR * max((len(s) for s in labels.values()), default=0)) / WIDTH)
    # long names wrap rather than run off the figure: the title within its width, the x label within the axes'
    heading = textwrap.wrap(title, width=int(WIDTH * 72 / (EM * TITLE)))
    default = names[rows[0]["reading_a"]] if rows else ""
    xlabel = textwrap.wrap(f"change in the rate from the default ({default})", width=int((0.96 - left) * WIDTH / CHAR))
    height = TOP + LINE * len(heading) + sum(HEAD + ROW * len(rs) + GAP for rs in panels) + BOTTOM + XLINE * len(xlabel)
    with plt.rc_context({"svg.hashsalt": "wararchive"}):  # the same figure, the same bytes (no random ids in the SVG)
        fig = plt.figure(figsize=(WIDTH, height))
        fig.patch.set_alpha(0)
        fig.text(0.02, 1 - TOP / height, "\n".join(heading), fontsize=TITLE, color=INK, va="top")
        span = [min([0.0, *(p["difference_lo"] for p in rows)]), max([0.0, *(p["difference_hi"] for p in rows)])]
        pad = 0.06 * ((span[1] - span[0]) or 1)
        top = height - TOP - LINE * len(heading)  # inches from the bottom: where the next panel's title starts
        axes = []
        for b, mine in zip(others, panels, strict=True):
            tall = ROW * len(mine)
            ax = fig.add_axes((left, (top - HEAD - tall) / height, 0.96 - left, tall / height), sharex=axes[0] if axes else None)
            axes.append(ax)
            top -= HEAD + tall + GAP
            ax.patch.set_alpha(0)
            ys = list(range(len(mine)))[::-1]
            for y, p in zip(ys, mine, strict=True):
                err = [[p["difference"] - p["difference_lo"]], [p["difference_hi"] - p["difference"]]]
                colour = colours.get(p["measure"], DRAW_COLOUR)
                ax.errorbar([p["difference"]], [y], xerr=err, fmt="o", capsize=3, color=colour, markeredgecolor=INK, ecolor=INK)
            ax.axvline(0, color=INK, linewidth=0.8, linestyle="--")
            ax.set_yticks(ys, [labels[p["measure"]] for p in mine])
            ax.set_ylim(-0.6, len(mine) - 0.4)
            ax.set_title(names[b], fontsize=TITLE, color=INK, loc="left", fontweight="bold")
            ax.tick_params(colors=INK, labelsize=SMALLEST, labelbottom=False)
            for spine in ax.spines.values():
                spine.set_color(INK)
        if axes:
            axes[0].set_xlim(span[0] - pad, span[1] + pad)
            axes[0].xaxis.set_major_locator(MaxNLocator(4))  # five numbers at most: a phone's width holds them apart
            axes[-1].tick_params(labelbottom=True)
            axes[-1].set_xlabel("\n".join(xlabel), color=INK, fontsize=SMALLEST)
        save(fig, path)  # the figure's own patch is transparent, so the image is
    parts = [
        f"{names[p['reading_b']]}, {p['measure']}: {p['difference']:+.3f} [{p['difference_lo']:+.3f}, {p['difference_hi']:+.3f}]"
        for p in rows
    ]
    return f"Paired differences from the default reading with 95% intervals, {title}. " + "; ".join(parts) + "."
