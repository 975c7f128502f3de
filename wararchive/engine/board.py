"""Boards: squares with terrain, or named points joined by lines.

A board is a set of numbered cells with names, drawing coordinates, terrain
tags and precomputed neighbour tables. The engine's hot path (move
generation) only ever indexes lists of ints (``benchmarks/playouts.py``
measures the plies a second it reaches, against python-chess in the same
run).

Square boards number rows from the first player's side: player 0 sets up on
rows 1…, player 1 on the last rows, and "forward" is up for player 0 and
down for player 1.

Point boards (``kind == "graph"``, built by :func:`graph`) are maps: named
points at real coordinates (x = longitude, y = latitude) joined by lines of
a style ("solid", "dashed"), each line a named run of consecutive points.
They have no compass steps (``step`` is empty): a ruleset on such a board
generates its moves through its hooks from ``links`` and ``lines``, and
"forward" is judged from the coordinates by :meth:`Board.heading`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

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
    # point boards only (see graph()):
    links: list[tuple[tuple[int, str, str], ...]] = field(default_factory=list)  # (neighbour, style, line) per cell
    lines: dict[str, tuple[int, ...]] = field(default_factory=dict)  # named runs of consecutive points
    line_style: dict[str, str] = field(default_factory=dict)
    forward_sign: tuple[int, int] = (1, -1)  # which way y grows towards the enemy, per player
    sideways_angle: float = 45.0
    drawing: dict = field(default_factory=dict)  # extras for figures (guide lines, coast), not rules
    _headings: tuple[list[bytes], list[bytes]] | None = field(default=None, repr=False)

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

    def heading(self, frm: int, to: int, player: int) -> int:
        """+1 if going from ``frm`` to ``to`` is forward for ``player``, -1 backward, 0 sideways.

        Square boards: by rows. Point boards: by the coordinates, forward being
        towards the enemy along y (``forward_sign``); a move within
        ``sideways_angle`` degrees of the x axis (distances on the ground,
        x scaled by cos y for longitudes) is sideways.
        """
        if self.kind != "graph":
            d = (self.row(to) - self.row(frm)) * (1 if player == 0 else -1)
            return (d > 0) - (d < 0)
        if self._headings is None:
            self._headings = _heading_tables(self)
        return self._headings[player][frm][to] - 1

    def to_dict(self) -> dict:
        """What a page or a record needs to draw the board."""
        out = {
            "kind": self.kind,
            "width": self.width,
            "height": self.height,
            "cells": [
                {"name": n, "x": x, "y": y, "terrain": sorted(t)}
                for n, (x, y), t in zip(self.names, self.coords, self.terrain, strict=True)
            ],
            "description": self.description,
        }
        if self.kind == "graph":
            out["lines"] = [
                {"name": name, "style": self.line_style[name], "points": [self.names[c] for c in run]}
                for name, run in self.lines.items()
            ]
        return out


def _heading_tables(board: Board) -> tuple[list[bytes], list[bytes]]:
    """``tables[player][a][b]``: heading + 1 (0 back, 1 sideways, 2 forward) for every pair of points."""
    tan = math.tan(math.radians(board.sideways_angle))
    out: tuple[list[bytes], list[bytes]] = ([], [])
    for x0, y0 in board.coords:
        rows: list[list[int]] = [[], []]
        for x1, y1 in board.coords:
            dx = abs(x1 - x0) * math.cos(math.radians((y0 + y1) / 2))
            dy = y1 - y0
            for p in (0, 1):
                fwd = dy * board.forward_sign[p]
                rows[p].append(1 if abs(fwd) <= tan * dx else (2 if fwd > 0 else 0))
        out[0].append(bytes(rows[0]))
        out[1].append(bytes(rows[1]))
    return out


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


def graph(
    points: list[tuple[str, float, float, set[str]]],
    lines: list[tuple[str, str, list[str]]],
    homes: tuple[list[str], list[str]],
    forward_sign: tuple[int, int] = (1, -1),
    sideways_angle: float = 45.0,
    description: str = "",
    drawing: dict | None = None,
) -> Board:
    """A board of named points joined by lines (a map).

    ``points`` are ``(name, x, y, tags)`` with x = longitude and y = latitude
    for a real map; ``lines`` are ``(line name, style, [point names…])``,
    each joining consecutive points; ``homes`` are each player's setup
    points. Points on no line (an off-map reserve box) have no neighbours.
    ``forward_sign[player]`` is +1 if that player advances towards larger y.
    """
    names = [p[0] for p in points]
    index = {n: i for i, n in enumerate(names)}
    if len(index) != len(names):
        raise ValueError("graph: point names must be unique")
    links: list[list[tuple[int, str, str]]] = [[] for _ in names]
    runs: dict[str, tuple[int, ...]] = {}
    styles: dict[str, str] = {}
    seen: set[frozenset[int]] = set()
    for name, style, run in lines:
        cells = tuple(index[n] for n in run)
        for a, b in pairwise(cells):
            if frozenset((a, b)) in seen:
                raise ValueError(f"graph: {names[a]}–{names[b]} is on two lines")
            seen.add(frozenset((a, b)))
            links[a].append((b, style, name))
            links[b].append((a, style, name))
        runs[name], styles[name] = cells, style
    return Board(
        "graph",
        names,
        [(float(x), float(y)) for _, x, y, _ in points],
        [frozenset(tags) for *_, tags in points],
        [],
        [tuple(sorted({b for b, _, _ in ls})) for ls in links],
        (tuple(index[n] for n in homes[0]), tuple(index[n] for n in homes[1])),
        description=description,
        links=[tuple(ls) for ls in links],
        lines=runs,
        line_style=styles,
        forward_sign=forward_sign,
        sideways_angle=sideways_angle,
        drawing=drawing or {},
    )


def move_is_forward(board: Board, frm: int, to: int, player: int) -> bool:
    """Did the move go towards the enemy's side?"""
    if board.kind == "graph":
        return board.heading(frm, to, player) > 0
    return (board.row(to) - board.row(frm)) * (1 if player == 0 else -1) > 0
