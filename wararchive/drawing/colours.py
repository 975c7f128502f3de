"""The sides' colours, one rule for squares, maps, replays and the site's charts.

Apart from the drawing modules so that a page can colour a table or a
replay without loading matplotlib.
"""

from __future__ import annotations

from ..engine.board import Board

# Sides named after colours are drawn in them (the replay viewer uses the same table).
NAMED_COLOURS = {
    "pink": "#d6709b",
    "light-blue": "#5aa7d6",
    "blue": "#1f5fa8",
    "yellow": "#e0b000",
    "white": "#f4f1e8",
    "black": "#2b2b2b",
}
DEFAULT_COLOURS = ["#b03a2e", "#1f4e79"]


def side_colours(sides: list[str], board: Board | None = None) -> list[str]:
    """Each side's colour: the board's own (``board.drawing["colors"]``), else its name's, else a default."""
    given = board.drawing.get("colors", {}) if board is not None else {}
    return [given.get(side) or NAMED_COLOURS.get(side, DEFAULT_COLOURS[i % 2]) for i, side in enumerate(sides)]
