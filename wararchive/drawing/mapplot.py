"""Figures of point boards (maps): towns, lines, strategic points, headquarters and pieces.

Draws any board of kind ``"graph"`` (see :func:`wararchive.engine.board.graph`)
with matplotlib, and, given a :class:`~wararchive.engine.view.View`, the
pieces as that view shows them (a hidden piece as ``?``). Coordinates are
(longitude, latitude), drawn in an equirectangular projection whose aspect
is corrected by cos(latitude), so that a map looks like the map it is.

What the figure reads from the board, all generic:

* lines and their style (``solid``/``dashed``), points and their tags:
  ``strategic:SIDE``, ``hq0``/``hq1`` (the headquarters of the first and
  second side), ``holding:SIDE`` (off-map points: drawn in a box per side);
* ``board.drawing``: optional ``coast`` (a polyline with the sea below it),
  ``guides`` (``{"label", "y", "color"}`` lines of latitude), ``boxes``
  (where each side's holding box stands), ``colors`` (per side).

matplotlib is imported here only, through :class:`matplotlib.figure.Figure`
(no pyplot, no global backend state): ``import wararchive.engine`` stays light.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import WararchiveError
from .colours import side_colours

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from ..engine.board import Board
    from ..engine.view import View

LABEL_PLACES = {  # where a point's name goes: offset in points and alignment (board.drawing["labels"])
    "right": (6, 4, "left"),
    "left": (-6, 4, "right"),
    "above": (0, 8, "center"),
    "below": (0, -13, "center"),
    "below-right": (5, -11, "left"),
    "below-left": (-5, -11, "right"),
}
RAIL, ROAD, LAND, SEA = "#3a3a3a", "#7a6a55", "#f4f1e8", "#cfe3ef"


def _side_colors(board: Board, sides: list[str]) -> dict[str, str]:
    return dict(zip(sides, side_colours(sides, board), strict=True))


def draw_board(board: Board, view: View | None = None, sides: list[str] | None = None, title: str = "") -> Figure:
    """A figure of ``board`` (with the pieces of ``view``, if given)."""
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    if board.kind != "graph":
        raise WararchiveError(f"draw_board draws point boards (maps), not a {board.kind!r} board")
    sides = list(view.sides if view is not None else sides or ("side 0", "side 1"))
    colors = _side_colors(board, sides)
    holding = {c for c in range(len(board)) if any(t.startswith("holding:") for t in board.terrain[c])}
    on_map = [c for c in range(len(board)) if c not in holding]
    xs = [board.coords[c][0] for c in range(len(board))]
    ys = [board.coords[c][1] for c in range(len(board))]
    x0, x1, y0, y1 = min(xs) - 0.25, max(xs) + 0.45, min(ys) - 0.2, max(ys) + 0.15
    aspect = 1 / math.cos(math.radians((y0 + y1) / 2))
    width = 10.0
    fig = Figure(figsize=(width, width * (y1 - y0) * aspect / (x1 - x0) + 0.6), dpi=120)
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.93))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect(aspect)
    ax.set_facecolor(LAND)
    ax.set_xticks([])
    ax.set_yticks([])

    coast = board.drawing.get("coast")
    if coast:
        cx = [x0 - 1] + [p[0] for p in coast] + [x1 + 1]
        cy = [coast[0][1]] + [p[1] for p in coast] + [coast[-1][1]]
        ax.fill_between(cx, cy, y0 - 1, color=SEA, zorder=0)
        ax.plot(cx, cy, color="#8fb3c9", linewidth=0.8, zorder=0.5)
    for note in board.drawing.get("texts", []):
        ax.text(
            note["x"], note["y"], note["text"], fontsize=note.get("size", 9), color=note.get("color", "#4a6f86"), style="italic"
        )
    for guide in board.drawing.get("guides", []):
        ax.axhline(guide["y"], color=guide.get("color", "#2b6cb0"), linewidth=2.2, alpha=0.55, zorder=0.8)
        ax.text(x0 + 0.05, guide["y"] + 0.02, guide["label"], color=guide.get("color", "#2b6cb0"), fontsize=8, style="italic")

    for name, run in board.lines.items():
        dashed = board.line_style[name] == "dashed"
        ax.plot(
            [board.coords[c][0] for c in run],
            [board.coords[c][1] for c in run],
            color=ROAD if dashed else RAIL,
            linestyle=(0, (4, 3)) if dashed else "-",
            linewidth=1.3 if dashed else 2.2,
            zorder=1,
        )

    cells = view.cells if view is not None else [None] * len(board)
    places = board.drawing.get("labels", {})
    for c in on_map:
        x, y = board.coords[c]
        tags = board.terrain[c]
        strategic = [t.split(":", 1)[1] for t in tags if t.startswith("strategic:")]
        hq = [sides[int(t[2])] for t in tags if t in ("hq0", "hq1")]
        if hq:
            ax.scatter([x], [y], marker="*", s=420, color=colors.get(hq[0], "k"), edgecolor="k", linewidth=0.8, zorder=3)
        elif strategic:
            ax.scatter(
                [x], [y], marker="s", s=110, facecolor="white", edgecolor=colors.get(strategic[0], "k"), linewidth=2.2, zorder=3
            )
        else:
            ax.scatter([x], [y], marker="o", s=16, color="white", edgecolor=RAIL, linewidth=0.9, zorder=3)
        dx, dy, ha = LABEL_PLACES[places.get(board.names[c], "right")]
        ax.annotate(board.names[c], (x, y), xytext=(dx, dy), textcoords="offset points", fontsize=7, ha=ha, zorder=5)
        if cells[c] is not None:
            _piece(ax, x, y, cells[c], view, colors)

    boxes = board.drawing.get("boxes", {})
    for side, box in boxes.items():
        mine = [c for c in holding if f"holding:{side}" in board.terrain[c]]
        if not mine:
            continue
        bx = [board.coords[c][0] for c in mine]
        by = [board.coords[c][1] for c in mine]
        from matplotlib.patches import FancyBboxPatch

        ax.add_patch(
            FancyBboxPatch(
                (min(bx) - 0.09, min(by) - 0.06),
                max(bx) - min(bx) + 0.18,
                max(by) - min(by) + 0.12,
                boxstyle="round,pad=0.01",
                facecolor="white",
                edgecolor=colors.get(side, "k"),
                linewidth=1.2,
                zorder=2,
            )
        )
        held = sum(1 for c in mine if cells[c] is not None)
        ax.text(min(bx) - 0.08, max(by) + 0.08, f"{box.get('label', side)} ({held})", fontsize=7.5, color=colors.get(side, "k"))
        for c in mine:
            if cells[c] is not None:
                _piece(ax, *board.coords[c], cells[c], view, colors)

    handles = [
        Line2D([], [], color=RAIL, linewidth=2.2, label="railway (solid line)"),
        Line2D([], [], color=ROAD, linewidth=1.3, linestyle=(0, (4, 3)), label="road (dashed line)"),
    ]
    for side in sides:
        handles.append(
            Line2D(
                [],
                [],
                marker="s",
                linestyle="",
                markerfacecolor="white",
                markeredgecolor=colors[side],
                markeredgewidth=2,
                label=f"{side} strategic point",
            )
        )
        handles.append(
            Line2D(
                [],
                [],
                marker="*",
                linestyle="",
                color=colors[side],
                markeredgecolor="k",
                markersize=13,
                label=f"{side} headquarters",
            )
        )
    if view is not None:
        handles.append(Line2D([], [], marker="o", linestyle="", color="#888", markersize=9, label="piece (? = hidden)"))
    ax.legend(handles=handles, loc=board.drawing.get("legend", "upper right"), fontsize=7.5, framealpha=0.92)
    if title:
        fig.suptitle(title, fontsize=11)
    if board.drawing.get("caption"):
        ax.text(0.01, 0.005, board.drawing["caption"], transform=ax.transAxes, fontsize=6.5, color="#555", va="bottom")
    return fig


def _piece(ax: Any, x: float, y: float, occupant: dict[str, Any], view: View | None, colors: dict[str, str]) -> None:
    symbol = occupant["piece"] and (view.symbols.get(occupant["piece"]) or occupant["piece"][0].upper()) if view else None
    ax.scatter([x], [y], marker="o", s=150, color=colors.get(occupant["side"], "k"), edgecolor="k", linewidth=0.7, zorder=4)
    fill = colors.get(occupant["side"], "#000000")
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5)) if fill.startswith("#") and len(fill) == 7 else (0, 0, 0)
    ink = "black" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"
    ax.text(x, y, symbol or "?", ha="center", va="center", fontsize=7, color=ink, fontweight="bold", zorder=6)


def save_board(path: str | Path, board: Board, view: View | None = None, sides: list[str] | None = None, title: str = "") -> Path:
    """Write the figure to ``path`` (PNG, SVG or PDF by the suffix); returns the path."""
    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise WararchiveError(f"{path}: a map figure is written as .png, .svg or .pdf")
    fig = draw_board(board, view, sides, title)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=fig.dpi)
    return path
