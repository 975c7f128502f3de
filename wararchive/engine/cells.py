"""Sets of cells that are walked in ascending order, so a game and its copies list moves alike.

A Python set iterates in the order its hash table happens to lay members
out, and that layout depends on the set's history (what was added and
removed, and when the table grew): a copy, built fresh, may walk the same
cells in another order. Move generation and the hooks walk a side's cells,
so the order of the legal moves (and the choice a seeded player makes by
index) would differ between a game and its clone. Walking cells in
ascending order makes the order a property of the position alone, which is
also the order a compiled kernel gets by scanning the board.
"""

from __future__ import annotations

from collections.abc import Iterator


class CellSet(set[int]):
    """A set of cell indices that iterates in ascending order (membership and updates as a set's)."""

    __slots__ = ()

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(set.__iter__(self)))

    def copy(self) -> CellSet:
        return CellSet(self)
