"""Boards: squares with terrain, or named points joined by lines.

A board is a set of numbered cells with names, drawing coordinates, terrain
tags and precomputed neighbour tables. The engine's hot path (move
generation) only ever indexes lists of ints, which is what makes random
playouts fast enough to simulate thousands of games.

Square boards number rows from the first player's side: player 0 sets up on
rows 1…, player 1 on the last rows, and "forward" is up for player 0 and
down for player 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import UnknownIdError

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTIONS = (NORTH, EAST, SOUTH, WEST)
OPPOSITE = (SOUTH, WEST, NORTH, EAST)
FORWARD = (NORTH, SOUTH)  # indexed by player
FILES = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class Board:
    """Cells, their names and terrain, and who owns which rows."""

    kind: str
    names: list[str]
    coords: list[tuple[float, float]]
    terrain: list[frozenset[str]]
    step: list[list[int]]  # step[direction][cell] -> cell or -1
    around: list[tuple[int, ...]]  # the up-to-8 cells touching a cell, diagonals included
    home: tuple[tuple[int, ...], tuple[int, ...]]  # each player's setup cells
    width: int = 0
    height: int = 0
    description: str = ""
    _index: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._index = {n: i for i, n in enumerate(self.names)}

    def __len__(self) -> int:
        return len(self.names)

    def cell(self, name: str) -> int:
        try:
            return self._index[name]
        except KeyError:
            raise UnknownIdError("square", name, self.names) from None

    def has(self, cell: int, tag: str) -> bool:
        return tag in self.terrain[cell]

    def cells_with(self, tag: str) -> list[int]:
        return [c for c in range(len(self.names)) if tag in self.terrain[c]]

    def row(self, cell: int) -> int:
        return cell // self.width

    def col(self, cell: int) -> int:
        return cell % self.width

    def row_from_back(self, cell: int, player: int) -> int:
        """0 for a player's last (rearmost) row, 1 for the one in front of it…"""
        r = self.row(cell)
        return r if player == 0 else self.height - 1 - r

    def to_dict(self) -> dict:
        """What a page or a record needs to draw the board."""
        return {
            "kind": self.kind,
            "width": self.width,
            "height": self.height,
            "cells": [
                {"name": n, "x": x, "y": y, "terrain": sorted(t)}
                for n, (x, y), t in zip(self.names, self.coords, self.terrain, strict=True)
            ],
            "description": self.description,
        }


def grid(
    width: int,
    height: int,
    home_rows: int,
    terrain: dict[str, set[str]] | None = None,
    description: str = "",
) -> Board:
    """A ``width`` × ``height`` square board; each player's home is ``home_rows`` deep.

    ``terrain`` maps square names ("d6") to tags. Squares tagged ``water`` or
    ``void`` are not part of the playing area for movement.
    """
    terrain = terrain or {}
    n = width * height
    names = [f"{FILES[c]}{r + 1}" for r in range(height) for c in range(width)]
    tags = [frozenset(terrain.get(name, ())) for name in names]
    step = [[-1] * n for _ in DIRECTIONS]
    around: list[tuple[int, ...]] = []
    for cell in range(n):
        r, c = divmod(cell, width)
        for d, (dr, dc) in zip(DIRECTIONS, ((1, 0), (0, 1), (-1, 0), (0, -1)), strict=True):
            rr, cc = r + dr, c + dc
            if 0 <= rr < height and 0 <= cc < width:
                step[d][cell] = rr * width + cc
        around.append(
            tuple(
                (r + dr) * width + (c + dc)
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width
            )
        )
    homes = (
        tuple(range(home_rows * width)),
        tuple(range((height - home_rows) * width, n)),
    )
    coords = [(float(c % width), float(c // width)) for c in range(n)]
    return Board("grid", names, coords, tags, step, around, homes, width, height, description)
