"""Moves and their notation.

A move is a small tuple so that move generation stays cheap; its notation
(``"b2-b3"``, ``"fire:c1>c5=captain"``) is what records store and what a
user types, and :func:`parse` turns it back using the board's square names.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import WararchiveError


class IllegalMoveError(WararchiveError):
    """A move that the rules do not allow at this point of the game."""

    def __init__(self, ply: int, move: str, reason: str):
        self.ply, self.move, self.reason = ply, move, reason
        super().__init__(f"ply {ply}: illegal move {move!r}: {reason}")


class Move(NamedTuple):
    """``frm`` → ``to`` on board cells; ``action`` names a special ability.

    For an ability, ``target`` is the cell it acts on and ``arg`` a chosen
    value (a named rank, a direction).
    """

    frm: int
    to: int
    action: str = ""
    target: int = -1
    arg: str = ""


def notation(move: Move, names: list[str]) -> str:
    """The move as text: ``a2-a3``, or ``action:a2-a3>c5=arg`` for an ability."""
    text = f"{names[move.frm]}-{names[move.to]}"
    if move.action:
        text = f"{move.action}:{text}"
        if move.target >= 0:
            text += f">{names[move.target]}"
        if move.arg:
            text += f"={move.arg}"
    return text


def parse(text: str, index: dict[str, int], ply: int) -> Move:
    """Read a move in :func:`notation`; unknown squares name the ply and the square."""
    action, _, rest = text.rpartition(":") if ":" in text else ("", "", text)
    rest, _, arg = rest.partition("=")
    path, _, target = rest.partition(">")
    frm, sep, to = path.partition("-")
    if not sep:
        raise IllegalMoveError(ply, text, "expected FROM-TO, e.g. 'b2-b3'")
    cells = []
    for name in (frm, to, target):
        if name == "":
            cells.append(-1)
        elif name in index:
            cells.append(index[name])
        else:
            raise IllegalMoveError(ply, text, f"no square or point named {name!r}")
    return Move(cells[0], cells[1], action, cells[2], arg)
