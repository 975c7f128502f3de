"""Setting up: placing each army on its home squares, at random or as given (a mixin of ``BoardGame``).

Placement rules come from the ruleset's data (``params.setup_rows``,
terrain restrictions, army counts) and its hooks (``setup_errors`` for
constraints beyond rows, such as Sõjamäng's mines before the passages). A
random setup draws from its own random stream per side, so a record replayed
with its stored setup stays aligned with the game that made it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import WararchiveError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .board import Board
    from .pieces import PieceType
    from .ruleset import Ruleset


class SetupError(WararchiveError):
    """A starting position that breaks the ruleset's setup rules."""


def allowed_cells(rs: Ruleset, enter: Sequence[Sequence[int]], player: int, piece_id: str) -> list[int]:
    """The home cells where ``piece_id`` may start: its terrain (``enter[type][cell]``) and setup rows allow it.

    A function of the ruleset and its entry tables, not of a game, so that
    the compiled kernel (:mod:`wararchive.kernel.tables`) sets up by it too.
    """
    assert rs.board is not None
    rows = rs.params.setup_rows.get(piece_id)
    t = rs.type_index[piece_id]
    cells = [c for c in rs.board.home[player] if enter[t][c]]
    if rows is not None:
        cells = [c for c in cells if rs.board.row_from_back(c, player) in rows]
    return cells


def placement_order(rs: Ruleset, enter: Sequence[Sequence[int]], player: int) -> tuple[list[str], list[str]]:
    """The order a random setup places ``player``'s army in: the pieces drawn a cell each, then those shuffled in.

    Row-bound pieces come first (fewest rows first), then the pieces barred
    from part of the home (terrain, ``params.restricted``; fewest cells
    first), each drawn onto one of its allowed cells; the rest fill the
    free cells in a shuffle. Shared with the kernel, which must draw alike.
    """
    assert rs.board is not None
    constrained = rs.params.setup_rows
    army = [pt.id for pt in rs.piece_types for _ in range(pt.count)]
    home_n = len(rs.board.home[player])
    room = {pid: len(allowed_cells(rs, enter, player, pid)) for pid in set(army)}
    narrow = {pid for pid in room if pid not in constrained and room[pid] < home_n}
    first = sorted((p for p in army if p in constrained), key=lambda p: len(constrained[p]))
    first += sorted((p for p in army if p in narrow), key=lambda p: room[p])
    rest = [p for p in army if p not in constrained and p not in narrow]
    return first, rest


class Placing:
    """Setting up a board game's armies (mixed into ``BoardGame``, whose state it reads and never writes).

    A mixin rather than functions taking the game, so that this module need
    not import the board game that imports it.
    """

    rs: Ruleset
    seed: int
    board: Board
    types: tuple[PieceType, ...]
    enter: list[Any]
    scenario: bool
    hooks: Any

    def allowed_cells(self, player: int, piece_id: str) -> list[int]:
        """The home cells where this piece may start: its terrain and setup rows allow it."""
        return allowed_cells(self.rs, self.enter, player, piece_id)

    def random_placement(self, player: int) -> dict[int, str]:
        """A legal random placement of ``player``'s army, from that side's own random stream."""
        rng = self.rs.rng(self.seed, f"setup:{self.rs.sides[player]}")
        first, rest = placement_order(self.rs, self.enter, player)
        army_n = len(first) + len(rest)
        for _ in range(1000):
            placement: dict[int, str] = {}
            for pid in first:
                free = [c for c in self.allowed_cells(player, pid) if c not in placement]
                if not free:
                    break
                placement[rng.choice(free)] = pid
            else:
                free = [c for c in self.board.home[player] if c not in placement]
                rng.shuffle(free)
                placement.update(zip(free, rest, strict=False))
                if len(placement) == army_n and not self.placement_errors(player, placement):
                    return placement
        raise SetupError(f"no legal random setup found for {self.rs.sides[player]} in 1000 tries")

    def read_placement(self, player: int, given: dict[str, str]) -> dict[int, str]:
        """A given placement (square -> piece id), checked; a scenario may break the army rules."""
        side = self.rs.sides[player]
        if not isinstance(given, dict):
            raise SetupError(f"setup for {side!r} must map squares to piece ids")
        placement = {}
        for name, pid in given.items():
            cell = self.board.cell(name)
            self.rs.piece(pid)
            placement[cell] = pid
        errors = self.placement_errors(player, placement)
        if errors and not self.scenario:
            raise SetupError(f"setup for {side!r}: {errors[0]}")
        for cell, pid in placement.items():
            if not self.enter[self.rs.type_index[pid]][cell]:
                raise SetupError(f"setup for {side!r}: a {pid} cannot stand on {self.board.names[cell]}")
        return placement

    def placement_errors(self, player: int, placement: dict[int, str]) -> list[str]:
        """Every way the placement breaks the setup rules, one readable line each."""
        errors = []
        home = set(self.board.home[player])
        want: dict[str, int] = {pt.id: pt.count for pt in self.types}
        for cell, pid in placement.items():
            want[pid] -= 1
            name = self.board.names[cell]
            if cell not in home:
                errors.append(f"{name} is not in {self.rs.sides[player]}'s setup area")
            elif cell not in self.allowed_cells(player, pid):
                errors.append(f"{pid} may not be placed on {name} ({self._setup_rule(pid)})")
        errors += [f"{n:+d} {pid} (the army has {self.rs.piece(pid).count})" for pid, n in want.items() if n]
        return errors + self.hooks.setup_errors(self, player, placement)

    def _setup_rule(self, pid: str) -> str:
        rule = self.rs.params.setup_rule.get(pid)
        return self.rs.rule(rule).summary if rule else "not allowed there"
