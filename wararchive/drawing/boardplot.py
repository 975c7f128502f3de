"""Board pictures with matplotlib: squares with terrain, or (through :mod:`.mapplot`) maps.

Used by ``wararchive board`` and by the site, so it lives apart from both
and needs nothing of Sphinx. Every picture comes with its alt text, because a
picture a reader cannot see must still say what it shows; a view's hidden
ranks are drawn as ``?``.
"""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ..engine.game import Game
from ..engine.placing import Placing
from ..engine.view import View
from ..fileio import atomic_write_bytes
from .colours import side_colours


def save(fig, path: Path) -> None:
    """Write the figure only if its bytes changed: Sphinx re-reads a page whose image is newer."""
    buf = io.BytesIO()
    fmt = path.suffix.lstrip(".")
    # no version or date stamps: the same figure must give the same bytes
    fig.savefig(buf, format=fmt, metadata={"Software": None} if fmt == "png" else {"Date": None, "Creator": None})
    plt.close(fig)
    data = buf.getvalue()
    if not path.is_file() or path.read_bytes() != data:  # never read a device (/dev/zero has no end)
        atomic_write_bytes(path, data)


def _label_colour(hex_colour: str) -> str:
    """Dark text on light pieces, white on dark ones."""
    n = int(hex_colour[1:], 16)
    return "#1b1b1b" if 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 150 else "white"


TERRAIN_COLOURS = {"water": "#9cc3e6", "bridge": "#b58b5a", "wire": "#222222", "hq0": "#d9c27a", "hq1": "#d9c27a"}


def setup_is_random(game: Game) -> bool:
    """Whether a new game's armies are placed at random from its seed, not in one fixed position (chess).

    The ruleset says so by the game it makes: a game that places its armies
    (:class:`~wararchive.engine.placing.Placing`, every hidden-rank game) draws
    them from the seed unless a setup is given; chess starts from its FEN.
    """
    return isinstance(game, Placing)


def starting_setup(game: Game) -> str:
    """What a new game's position is, for alt text: "a random starting setup" only where :func:`setup_is_random`."""
    return "a random starting setup" if setup_is_random(game) else "the starting setup"


def indefinite(number: int) -> str:
    """``number`` with its indefinite article, as it is read aloud: "an 8", "an 11", "a 10", "a 7"."""
    digits = str(number)
    vowel = digits[0] == "8" or (len(digits) % 3 == 2 and digits[:2] in ("11", "18"))  # eight…, eleven…, eighteen…
    return f"{'an' if vowel else 'a'} {number}"


def board_figure(view: View, path: Path, title: str, what: str = "the starting setup") -> str:
    """Draw the board with the pieces of ``view``; returns the alt text (``what`` names the position)."""
    b = view.board
    if b.kind != "grid":
        from .mapplot import draw_board  # maps load only when a map is drawn

        save(draw_board(b, view, view.sides, title), path)
        seen = "" if view.player == "referee" else f", as {view.player} sees it (hidden ranks as '?')"
        return f"{title}: {b.description or 'a map'}; each side's marked points, and the pieces of {what}{seen}."
    fig, ax = plt.subplots(figsize=(0.42 * b.width + 0.6, 0.42 * b.height + 0.6), dpi=110)
    colours = side_colours(view.sides)
    for cell in range(len(b)):
        x, y = b.coords[cell]
        tags = b.terrain[cell]
        colour = next((TERRAIN_COLOURS[t] for t in ("water", "bridge", "wire", "hq0", "hq1") if t in tags), None)
        if colour is None:
            colour = "#f3ecdc" if (int(x) + int(y)) % 2 else "#e6dcc3"
        ax.add_patch(plt.Rectangle((x, y), 1, 1, facecolor=colour, edgecolor="#8a7f6a", linewidth=0.5))
        occupant = view.cells[cell]
        if occupant:
            fill = colours[view.sides.index(occupant["side"])]
            sym = view.symbols.get(occupant["piece"], "?") if occupant["piece"] else "?"
            ax.text(
                x + 0.5, y + 0.5, sym, ha="center", va="center", fontsize=7, color=_label_colour(fill), fontweight="bold",
                bbox={"boxstyle": "round,pad=0.25", "facecolor": fill, "edgecolor": "#333", "linewidth": 0.5},
            )  # fmt: skip
        elif b.names[cell] in view.blocked and "water" not in tags:
            ax.text(x + 0.5, y + 0.5, "▲", ha="center", va="center", fontsize=9, color="#7b3f00")
    for c in range(b.width):
        ax.text(c + 0.5, -0.35, b.names[c][0], ha="center", va="center", fontsize=7)
    for r in range(b.height):
        ax.text(-0.35, r + 0.5, str(r + 1), ha="center", va="center", fontsize=7)
    ax.set_xlim(-0.7, b.width + 0.1)
    ax.set_ylim(-0.7, b.height + 0.1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    save(fig, path)
    terrain = sorted({t for tags in b.terrain for t in tags if not t.startswith("hq")})
    return (
        f"{title}: {indefinite(b.width)} by {b.height} board"
        + (f" with {', '.join(terrain)} squares" if terrain else "")
        + f"; {view.sides[0]} pieces at the bottom, {view.sides[1]} at the top, in {what}"
        + ("." if view.player == "referee" else f", as {view.player} sees it (hidden ranks as '?').")
    )
