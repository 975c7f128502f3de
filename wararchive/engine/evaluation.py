"""Greedy evaluation of a board game: what a move looks worth, judged from a view or (in search) from a guessed world.

A mixin of :class:`~wararchive.engine.board_game.BoardGame`, kept apart
because it is not the rules: players and search read it, the rules never do.
It reads the board game's arrays and never changes them.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from .board import FORWARD, move_is_forward
from .combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS
from .moves import Move
from .view import View

if TYPE_CHECKING:
    from collections.abc import Container, Iterable, Sequence

    from .board import Board
    from .hooks import Hooks
    from .pieces import PieceType
    from .ruleset import Ruleset


def type_values(rs: Ruleset) -> tuple[float, ...]:
    """Each piece type's worth to greedy judgement, by type index.

    A piece whose capture ends the game is worth 1000 (it decides the game
    rather than the balance); any other 1 + its strength. A function of the
    ruleset, not of a game, so that the compiled kernel
    (:mod:`wararchive.kernel.tables`) judges by these very numbers.
    """
    wins = {rs.type_index[pid] for pid in rs.params.capture_wins}
    return tuple(1000.0 if i in wins else 1.0 + max(pt.strength, 0) for i, pt in enumerate(rs.piece_types))


def exchanges(rs: Ruleset) -> tuple[tuple[float, ...], ...]:
    """What an attacker gains less what it loses striking each defender, ``[attacker][defender]`` by type index.

    The terms of greedy's expected gain (:meth:`GreedyEvaluation.move_values`),
    read from the combat table (not the position: the Japanese War Game's
    flag counts as the flag), shared with the compiled kernel like
    :func:`type_values`.
    """
    values, matrix = type_values(rs), rs.combat_matrix
    assert matrix is not None, f"{rs.id} has no rank combat"
    return tuple(
        tuple(
            (values[d] if outcome in (ATTACKER_WINS, BOTH_REMOVED) else 0.0)
            - (values[a] if outcome in (DEFENDER_WINS, BOTH_REMOVED) else 0.0)
            for d, (outcome, _) in enumerate(row)
        )
        for a, row in enumerate(matrix)
    )


def material(kind: Sequence[int], cells: Iterable[int], values: Sequence[float], ends: Container[int]) -> float:
    """The ``values`` of the pieces on ``cells`` (types in ``kind``), less those whose capture ends the game (``ends``).

    Added one by one in the cells' order, as the compiled kernel adds them
    (:func:`wararchive.kernel.playout.balance`), so that both score a
    position alike to the last bit on any Python (``sum`` compensates
    rounding from Python 3.12 on).
    """
    total = 0.0
    for c in cells:
        if kind[c] not in ends:
            total += values[kind[c]]
    return total


class GreedyEvaluation:
    """Move values, material and winning fights of a board game (mixed into ``BoardGame``)."""

    rs: Ruleset
    board: Board
    hooks: Hooks
    types: tuple[PieceType, ...]
    kind: list[int]
    owner: list[int]
    positions: tuple[set[int], set[int]]
    displace: bool
    strike: str
    capture_wins: dict[int, str]

    def engaged_cell(self, move: Move) -> int:
        """The enemy cell this move would fight (positions are public), or -1.

        The players judge moves by it and ``BoardGame._apply`` fights by it:
        the enemy moved onto, or (face to face, on a board with compass
        steps: on a point board combat is the hooks' business) the enemy the
        piece faces after a forward step, any step where ``strike`` is
        "any". Read before the move, which changes only the mover's square.
        """
        if move.action:
            return move.target if move.target >= 0 and self.owner[move.target] >= 0 else -1
        p = self.owner[move.frm]
        if self.owner[move.to] == 1 - p:
            return move.to
        if (
            self.displace
            or not self.board.step
            or not (self.strike == "any" or move_is_forward(self.board, move.frm, move.to, p))
        ):
            return -1
        front = self.board.step[FORWARD[p]][move.to]
        return front if front >= 0 and self.owner[front] == 1 - p else -1

    def move_values(self, moves: list[Move], view: View) -> list[float]:
        """Expected material gain of each move, judged from ``view`` alone.

        An unknown enemy piece is weighed by the enemy pieces the view cannot
        yet account for (a piece seen to move is no mine or flag). Winning
        captures and occupations dominate; otherwise a small bonus for
        advancing keeps greedy play moving towards the enemy.
        """
        p = self.rs.side_index(view.player)
        unknown = self._unaccounted(view, 1 - p)
        mobile_unknown = {t: n for t, n in unknown.items() if self.rs.piece(t).mobile}
        out = []
        for m in moves:
            if m.action and (v := self.hooks.action_value(self, m, view, unknown)) is not None:
                out.append(v)
                continue
            target = self.engaged_cell(m)
            advance = 0.01 * (1 if move_is_forward(self.board, m.frm, m.to, p) else 0)
            if target < 0:
                occupy = self.rs.params.occupy_wins and self.board.has(m.to, f"hq{1 - p}")
                out.append(1000.0 if occupy else advance)
                continue
            seen = view.cells[target]
            dist = {seen["piece"]: 1} if seen and seen["piece"] else mobile_unknown if seen and seen["moved"] else unknown
            out.append(self._expected(self.types[self.kind[m.frm]].id, dist) + advance)
        return out

    def material(self, player: int) -> float:
        """The pieces' values (see :func:`type_values`) without the piece whose capture ends the game.

        That piece decides the game rather than the balance, and both
        sides hold it while the game goes on.
        """
        return material(self.kind, self.positions[player], self._type_values, self.capture_wins)

    @cached_property
    def _type_values(self) -> tuple[float, ...]:
        """Each piece type's value, by type index (computed once; clones share it)."""
        return type_values(self.rs)

    @cached_property
    def _exchanges(self) -> tuple[tuple[float, ...], ...]:
        """:func:`exchanges` of the ruleset (computed once, on the first fight judged; clones share it)."""
        return exchanges(self.rs)

    def winning_fights(self, moves: list[Move]) -> list[Move]:
        """The ``moves`` that attack and beat (or occupy the enemy's headquarters), judged by the ranks on the board.

        Reads every rank: search's playout policy calls it only in a world
        whose hidden ranks are its own guess. Ability moves are not judged.
        """
        out = []
        matrix, kind = self.rs.combat_matrix, self.kind
        occupy = self.rs.params.occupy_wins
        for m in moves:
            if m.action:
                continue
            target = self.engaged_cell(m)
            if target < 0:
                if occupy and self.board.has(m.to, f"hq{1 - self.owner[m.frm]}"):
                    out.append(m)
                continue
            decider, _ = self.hooks.decider(self, target)
            if decider < 0 or matrix[kind[m.frm]][kind[decider]][0] == ATTACKER_WINS:
                out.append(m)
        return out

    def _unaccounted(self, view: View, enemy: int, army: dict[str, int] | None = None) -> dict[str, int]:
        """The enemy's ranks ``view`` does not show: ``army`` (by default the setup's counts) less every rank shown.

        Greedy play counts from the setup's army, as the kernel's mirror of
        it does; a belief passes the army as changed in the open
        (``BoardGame.army``), so that pieces gone over or brought in are counted.
        """
        side = self.rs.sides[enemy]
        left = dict(army) if army is not None else {pt.id: pt.count for pt in self.types}
        for c in view.cells:
            if c and c["side"] == side and c["piece"]:
                left[c["piece"]] -= 1
        for r in view.removed:
            if r["side"] == side and r["piece"]:
                left[r["piece"]] -= 1
        return {t: n for t, n in left.items() if n > 0}

    def _expected(self, attacker: str, dist: dict[str, int]) -> float:
        """The mean of :func:`exchanges` over ``dist`` (defender type id → count), summed in ``dist``'s order."""
        index = self.rs.type_index
        row = self._exchanges[index[attacker]]
        total = sum(dist.values()) or 1
        value = 0.0
        for defender, n in dist.items():
            value += n * row[index[defender]]
        return value / total
