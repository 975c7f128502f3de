"""The state of one game: the interface every ruleset's game offers, its record and its copies.

:class:`Game` is what all rulesets share (chess included): moves, play,
views, records, clones. The one mechanism every Stratego-like war game runs
on is :class:`~wararchive.engine.board_game.BoardGame`; what a rulebook adds
in code is a :class:`~wararchive.engine.hooks.Hooks` object.
"""

from __future__ import annotations

from typing import Any, Protocol, Self

from .moves import IllegalMoveError
from .pieces import PieceType
from .rules import Rule
from .view import View

RECORD_FORMAT = "wararchive-record/1"
REFEREE = "referee"


class Rules(Protocol):
    """What a game reads of its ruleset here: :class:`~wararchive.engine.ruleset.Ruleset` has it all.

    A protocol rather than the class, because the ruleset module imports this
    one to type the games it makes; games that read more of their ruleset
    (``BoardGame``) declare ``rs: Ruleset`` themselves.
    """

    id: str
    sides: tuple[str, str]
    options: dict[str, Any]

    def rule(self, rule_id: str) -> Rule: ...

    def piece(self, piece_id: str) -> PieceType: ...

    def side_index(self, side: str | int) -> int: ...


class Game:
    """What every game offers: moves, play, views, records.

    Subclasses implement :meth:`legal_moves`, :meth:`_apply`, :meth:`view`
    and the notation of moves; bookkeeping (ply count, records, refusing
    illegal moves with their ply and reason) lives here once.
    """

    rs: Rules
    seed: int

    def __init__(self, rs: Rules, seed: int):
        self.rs = rs
        self.seed = seed
        self.ply = 0
        self.to_move = 0
        self.result: dict[str, Any] | None = None
        self.history: list[str] = []
        self.events: list[dict[str, Any]] = []
        self.scenario = False  # a position set up by hand rather than two full armies
        self.start_side = 0

    # -- the interface ---------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        raise NotImplementedError

    def move_text(self, move: Any) -> str:
        raise NotImplementedError

    def seen(self, move: Any, player: int | str) -> tuple[str, str | None]:
        """The move as ``player`` (a side, or the referee) may read it before it is played, and the rule it acts under.

        This and :meth:`visible_events` are the one filter every transcript
        passes through (the CLI's ``play`` and ``replay``, the site's
        replays): nothing a viewer reads of a move names a rank the rules
        have not shown him. The rule is None when naming it would tell the
        mover's rank (a plain move of an unknown piece).
        """
        cell = self.view(player).cells[self.origin(move)]
        piece = cell and cell["piece"]
        return self.move_text(move), (self.rs.piece(piece).move_rule or None) if piece else None

    def public_text(self, move: Any, player: int | str) -> str:
        """The move as ``player`` may see it written (see :meth:`seen`)."""
        return self.seen(move, player)[0]

    def visible_events(self, player: int | str, since: int = 0) -> list[dict[str, Any]]:
        """The events from index ``since`` on that ``player`` may read, redacted where they would name a rank he has not
        been shown (``since`` lets a reader that keeps up with the game take only the new ones)."""
        return [dict(e) for e in self.events[since:]]

    def parse_move(self, text: str) -> Any:
        raise NotImplementedError

    def view(self, player: int | str, with_events: bool = True) -> View:
        """What ``player`` (a side, its index, or the referee) sees; ``with_events=False`` leaves the history out.

        A player choosing a move reads the position, not the history: redacting
        every past event on every move made a long greedy game quadratic.
        """
        raise NotImplementedError

    def setup_record(self) -> dict[str, Any]:
        return {}

    def prepared_record(self) -> dict[str, Any]:
        return {}

    def _apply(self, move: Any) -> None:
        raise NotImplementedError

    def explain_illegal(self, move: Any) -> str:
        return "not among the legal moves of this position"

    def origin(self, move: Any) -> int:
        """The cell the move starts from (its mover's square)."""
        return move.frm

    def move_values(self, moves: list[Any], view: View) -> list[float]:
        """How good each move looks to the player whose ``view`` this is (greedy play)."""
        raise NotImplementedError

    def material(self, player: int) -> float:
        """What ``player`` has on the board, by the engine's piece values (search scores positions with it).

        Reads every rank, hidden ones included: call it only on a game whose
        hidden ranks are the searcher's own guess (see :mod:`.ismcts`).
        """
        raise NotImplementedError

    def clone(self) -> Self:
        """An independent copy of this game, for search and perft.

        Copies only what playing on can change (the ply, the move list, the
        events list, the result); the ruleset, the board and every table
        built from them are shared, which is what makes a copy cheap
        (``copy.deepcopy`` would copy the whole ruleset). Events and moves
        are never mutated once recorded, so their lists are copied, not
        their items. Subclasses copy their own mutable state in
        :meth:`_copy_state`.

        A copy behaves exactly like its original: the same legal moves in
        the same order, ply after ply (board games walk their cells in
        ascending order, :class:`~wararchive.engine.cells.CellSet`), so a
        seeded player chooses alike in both.
        """
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.history = list(self.history)
        new.events = list(self.events)
        new.result = None if self.result is None else dict(self.result)
        new._copy_state()
        return new

    def _copy_state(self) -> None:
        """Give this fresh copy its own copies of the subclass's mutable state (none here)."""

    # -- shared bookkeeping ----------------------------------------------------
    @property
    def side(self) -> str:
        """The name of the side to move."""
        return self.rs.sides[self.to_move]

    def play(self, move: Any) -> None:
        """Play ``move`` (a move object or its notation) or refuse it with the ply and reason."""
        ply = self.ply + 1
        if isinstance(move, str):
            move = self.parse_move(move)
        text = self.move_text(move)
        if self.result is not None:
            raise IllegalMoveError(ply, text, "the game is over")
        if move not in self.legal_moves():
            raise IllegalMoveError(ply, text, self.explain_illegal(move))
        self.ply = ply
        self.history.append(text)
        self._apply(move)

    def event(self, kind: str, rule: str, **data: Any) -> dict[str, Any]:
        """Record that ``rule`` fired; the citation travels with the event."""
        ev = {"ply": self.ply, "type": kind, "rule": rule, "cites": list(self.rs.rule(rule).cites), **data}
        self.events.append(ev)
        return ev

    def finish(self, winner: int | None, rule: str, adjudicated: bool = False) -> None:
        r = self.rs.rule(rule)
        self.result = {
            "winner": None if winner is None else self.rs.sides[winner],
            "reason": rule,
            "summary": r.summary,
            "cites": list(r.cites),
            "certainty": r.certainty,
            "adjudicated": adjudicated,
            "ply": self.ply,
        }
        self.event("end", rule, winner=self.result["winner"])

    def player_index(self, player: int | str) -> int | None:
        """None for the referee, else 0 or 1."""
        return None if player == REFEREE else self.rs.side_index(player)

    def record(self) -> dict[str, Any]:
        """The whole game as JSON-ready data, enough to replay it exactly."""
        extra = {"scenario": {"to_move": self.rs.sides[self.start_side]}} if self.scenario else {}
        return game_record(self, **extra)


def game_record(game: Any, **extra: Any) -> dict[str, Any]:
    """A game's record (``extra`` first), for the reference :class:`Game` and the kernel's read-back alike.

    One writer for the one format: a kernel game's record must be the
    record the reference engine writes for the same game, byte for byte.
    """
    return {
        **extra,
        "format": RECORD_FORMAT,
        "ruleset": game.rs.id,
        "options": dict(game.rs.options),
        "seed": game.seed,
        "sides": list(game.rs.sides),
        "setups": game.setup_record(),
        "prepared": game.prepared_record(),
        "moves": list(game.history),
        "events": [dict(e) for e in game.events],
        "result": game.result,
    }
