"""Setting up: placing each army on its home squares, at random or as given.

Placement rules come from the ruleset's data (``params.setup_rows``,
terrain restrictions, army counts) and its hooks (``setup_errors`` for
constraints beyond rows, such as Sõjamäng's mines before the passages). A
random setup draws from its own random stream per side, so a record replayed
with its stored setup stays aligned with the game that made it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import WararchiveError

if TYPE_CHECKING:
    from .board_game import BoardGame


class SetupError(WararchiveError):
    """A starting position that breaks the ruleset's setup rules."""


def allowed_cells(game: BoardGame, player: int, piece_id: str) -> list[int]:
    """The home cells where this piece may start: its terrain and setup rows allow it."""
    rows = game.rs.params.setup_rows.get(piece_id)
    t = game.rs.type_index[piece_id]
    cells = [c for c in game.board.home[player] if game.enter[t][c]]
    if rows is not None:
        cells = [c for c in cells if game.board.row_from_back(c, player) in rows]
    return cells


def random_placement(game: BoardGame, player: int) -> dict[int, str]:
    """A legal random placement of ``player``'s army, from that side's own random stream."""
    rng = game.rs.rng(game.seed, f"setup:{game.rs.sides[player]}")
    constrained = game.rs.params.setup_rows
    army = [pt.id for pt in game.types for _ in range(pt.count)]
    # pieces barred from part of the home (terrain, params.restricted) are placed first, like row-bound ones
    home_n = len(game.board.home[player])
    narrow = {pid for pid in set(army) if pid not in constrained and len(allowed_cells(game, player, pid)) < home_n}
    first = sorted((p for p in army if p in constrained), key=lambda p: len(constrained[p]))
    first += sorted((p for p in army if p in narrow), key=lambda p: len(allowed_cells(game, player, p)))
    rest = [p for p in army if p not in constrained and p not in narrow]
    for _ in range(1000):
        placement: dict[int, str] = {}
        for pid in first:
            free = [c for c in allowed_cells(game, player, pid) if c not in placement]
            if not free:
                break
            placement[rng.choice(free)] = pid
        else:
            free = [c for c in game.board.home[player] if c not in placement]
            rng.shuffle(free)
            placement.update(zip(free, rest, strict=False))
            if len(placement) == len(army) and not placement_errors(game, player, placement):
                return placement
    raise SetupError(f"no legal random setup found for {game.rs.sides[player]} in 1000 tries")


def read_placement(game: BoardGame, player: int, given: dict[str, str]) -> dict[int, str]:
    """A given placement (square -> piece id), checked; a scenario may break the army rules."""
    side = game.rs.sides[player]
    if not isinstance(given, dict):
        raise SetupError(f"setup for {side!r} must map squares to piece ids")
    placement = {}
    for name, pid in given.items():
        cell = game.board.cell(name)
        game.rs.piece(pid)
        placement[cell] = pid
    errors = placement_errors(game, player, placement)
    if errors and not game.scenario:
        raise SetupError(f"setup for {side!r}: {errors[0]}")
    for cell, pid in placement.items():
        if not game.enter[game.rs.type_index[pid]][cell]:
            raise SetupError(f"setup for {side!r}: a {pid} cannot stand on {game.board.names[cell]}")
    return placement


def placement_errors(game: BoardGame, player: int, placement: dict[int, str]) -> list[str]:
    """Every way the placement breaks the setup rules, one readable line each."""
    errors = []
    home = set(game.board.home[player])
    want: dict[str, int] = {pt.id: pt.count for pt in game.types}
    for cell, pid in placement.items():
        want[pid] -= 1
        name = game.board.names[cell]
        if cell not in home:
            errors.append(f"{name} is not in {game.rs.sides[player]}'s setup area")
        elif cell not in allowed_cells(game, player, pid):
            errors.append(f"{pid} may not be placed on {name} ({_setup_rule(game, pid)})")
    errors += [f"{n:+d} {pid} (the army has {game.rs.piece(pid).count})" for pid, n in want.items() if n]
    return errors + game.hooks.setup_errors(game, player, placement)


def _setup_rule(game: BoardGame, pid: str) -> str:
    rule = game.rs.params.setup_rule.get(pid)
    return game.rs.rule(rule).summary if rule else "not allowed there"
