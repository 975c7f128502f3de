"""What one player (or the referee) may see of a game, and its text rendering.

A :class:`View` is built by the game already filtered: a hidden enemy piece
has ``piece=None``. Rendering, JSON export and the site's replay viewer all
start from a view, so none of them can show a rank the rules have not
revealed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import Board


@dataclass(kw_only=True)
class View:
    ruleset: str
    player: str
    ply: int
    to_move: str
    result: dict[str, Any] | None
    board: Board
    sides: list[str]
    cells: list[dict[str, Any] | None]
    blocked: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    removed: list[dict[str, Any]] = field(default_factory=list)
    symbols: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; the board is named by its squares, not repeated in full."""
        return {
            "ruleset": self.ruleset,
            "player": self.player,
            "ply": self.ply,
            "to_move": self.to_move,
            "sides": self.sides,
            "result": self.result,
            "cells": {self.board.names[i]: c for i, c in enumerate(self.cells) if c is not None},
            "blocked": self.blocked,
            "events": self.events,
            "removed": self.removed,
            **self.extra,
        }

    def piece_at(self, square: str) -> dict[str, Any] | None:
        return self.cells[self.board.cell(square)]

    def render(self) -> str:
        """The board as text, first side at the bottom; hidden ranks as ``?``.

        Each square is four characters: a side mark (``+`` first side,
        ``-`` second), then the piece's symbol. ``~~`` is water, ``^^`` a
        blocked square such as a volcano, ``##`` restricted terrain.
        """
        b = self.board
        if b.kind == "graph":
            return self._render_points()
        blocked = set(self.blocked)
        lines = []
        for r in range(b.height - 1, -1, -1):
            row = [f"{r + 1:>2} "]
            for c in range(b.width):
                cell = r * b.width + c
                occupant = self.cells[cell]
                name = b.names[cell]
                if occupant is not None:
                    mark = "+" if occupant["side"] == self.sides[0] else "-"
                    sym = self.symbols.get(occupant["piece"], occupant["piece"]) if occupant["piece"] else "?"
                    row.append(f"{mark}{sym:<3}")
                elif b.has(cell, "water"):
                    row.append(" ~~ ")
                elif name in blocked:
                    row.append(" ^^ ")
                elif b.terrain[cell] - {"hq0", "hq1"}:
                    row.append(" ## " if not b.has(cell, "bridge") else " == ")
                else:
                    row.append(" .  ")
            lines.append("".join(row).rstrip())
        lines.append("   " + "".join(f" {chr(97 + c)}  " for c in range(b.width)).rstrip())
        return "\n".join(lines)

    def _render_points(self) -> str:
        """A point board (a map) as a list, north first: each point with its marks and occupant.

        Marks are the point's tags (``hq0``, ``strategic:blue``…); points tagged
        ``holding:SIDE`` (pieces off the map, e.g. in reserve) are summed up per side.
        """
        b = self.board
        shown, held = [], {side: [] for side in self.sides}
        order = sorted(range(len(b)), key=lambda c: (-b.coords[c][1], b.coords[c][0]))
        for cell in order:
            occupant = self.cells[cell]
            piece = ""
            if occupant is not None:
                mark = "+" if occupant["side"] == self.sides[0] else "-"
                piece = mark + (self.symbols.get(occupant["piece"], occupant["piece"]) if occupant["piece"] else "?")
            holding = [t.split(":", 1)[1] for t in b.terrain[cell] if t.startswith("holding:")]
            if holding:
                if occupant is not None:
                    held.setdefault(holding[0], []).append(piece)
                continue
            marks = ", ".join(sorted(b.terrain[cell]))
            shown.append(f"{b.names[cell]:<16}{piece:<5}{marks}".rstrip())
        for side, pieces in held.items():
            if pieces:
                shown.append(f"off the map ({side}): {len(pieces)}: {' '.join(sorted(pieces))}")
        return "\n".join(shown)
