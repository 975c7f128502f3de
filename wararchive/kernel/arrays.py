"""Checks and padding of the arrays the kernel is handed: shared by :mod:`.tables`, :mod:`.position` and the families.

Compiled code checks no index, so what a ruleset or a position writes into
the kernel's arrays is checked here first, each refusal one line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..engine.limits import whole_number
from ..errors import WararchiveError

if TYPE_CHECKING:
    from .layout import Work


def padded(rows: list[list[int]], width: int = 1) -> np.ndarray:
    """Rows of cells or types as one array, padded with -1 (the kernel reads up to the first -1)."""
    out = np.full((len(rows), max([width, *map(len, rows)])), -1, np.int64)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


def number(value: object, lo: int, hi: int, what: str) -> int:
    """:func:`~wararchive.engine.limits.whole_number`, said of the position (the families check their hook state with these)."""
    try:
        return whole_number(value, lo, hi, what)
    except WararchiveError as exc:
        raise unfit(str(exc)) from None


def plain(values: Sequence[object], lo: int, hi: int) -> bool:
    """Are ``values`` all plain ``int`` (``type``: no bool, no float) from ``lo`` to ``hi``?

    One pass at C speed: a search loads a position every move, and a
    game's numbers always pass; :func:`numbers` names a value that does not.
    """
    return not values or (set(map(type, values)) <= {int} and min(values) >= lo and max(values) <= hi)


def numbers(values: Iterable[object], lo: int, hi: int, what: str) -> None:
    """:func:`number` of each of ``values``: :func:`plain` first, then one by one only to name the first bad one."""
    values = values if isinstance(values, (list, tuple)) else list(values)
    if not plain(values, lo, hi):
        for v in values:
            number(v, lo, hi, what)


def uids(W: Work, what: str, values: Iterable[object], lo: int = 0) -> None:
    """Each of ``values`` a piece the kernel has room for (or from ``lo``: -1 stands for no piece where the engine writes it)."""
    numbers(values, lo, W.uid_owner.shape[0] - 1, f"a uid of {what}")


def cells(W: Work, what: str, values: Iterable[object]) -> None:
    """Each of ``values`` a cell of the board."""
    numbers(values, 0, W.kind.shape[0] - 1, f"a cell of {what}")


def sides(what: str, values: Iterable[object]) -> None:
    """Each of ``values`` a side (0 or 1)."""
    numbers(values, 0, 1, what)


class PositionUnfit(WararchiveError):
    """A position the kernel's arrays cannot hold: a search that meets one judges it on the reference engine instead."""


def unfit(problem: str) -> PositionUnfit:
    """The one-line refusal of a position, for the caller to raise."""
    return PositionUnfit(f"this position does not fit the kernel: {problem}")
