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
    from .board import Board
    from .pieces import PieceType
    from .ruleset import Ruleset


class SetupError(WararchiveError):
    """A starting position that breaks the ruleset's setup rules."""


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
        rows = self.rs.params.setup_rows.get(piece_id)
        t = self.rs.type_index[piece_id]
        cells = [c for c in self.board.home[player] if self.enter[t][c]]
        if rows is not None:
            cells = [c for c in cells if self.board.row_from_back(c, player) in rows]
        return cells

    def random_placement(self, player: int) -> dict[int, str]:
        """A legal random placement of ``player``'s army, from that side's own random stream."""
        rng = self.rs.rng(self.seed, f"setup:{self.rs.sides[player]}")
        constrained = self.rs.params.setup_rows
        army = [pt.id for pt in self.types for _ in range(pt.count)]
        # pieces barred from part of the home (terrain, params.restricted) are placed first, like row-bound ones
        home_n = len(self.board.home[player])
        narrow = {pid for pid in set(army) if pid not in constrained and len(self.allowed_cells(player, pid)) < home_n}
        first = sorted((p for p in army if p in constrained), key=lambda p: len(constrained[p]))
        first += sorted((p for p in army if p in narrow), key=lambda p: len(self.allowed_cells(player, p)))
        rest = [p for p in army if p not in constrained and p not in narrow]
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
                if len(placement) == len(army) and not self.placement_errors(player, placement):
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
