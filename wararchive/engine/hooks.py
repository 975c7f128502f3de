"""The extension protocol: what a rulebook adds in code to the shared board-game mechanism.

A ruleset's :class:`Hooks` subclass is built once with the ruleset and
shared by every game of it (rulesets are cached), so it holds only what the
rules and the board determine. What one game remembers beyond its pieces
(mine charges, nailed pieces, the volcanoes drawn for it) is the hooks'
*per-game state*: an object of the type the hooks declare (``Hooks[S]``),
made by :meth:`Hooks.new_state` for every game (with the random generator
:meth:`Hooks.prepare` then uses), copied with the game, and read as
``self.state(game)`` (typed), which is ``game.hook_state``.

Hooks never write the engine's arrays or what a player knows: they change a
game only through the board game's mutation API (``reveal``, ``freeze``,
``relocate``, ``remove``… each taking the rule that causes the change; see
:mod:`wararchive.engine.board_game`), so every change is cited in the record.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar, Generic, TypeVar

from ..errors import WararchiveError
from .game import Game
from .moves import Move
from .view import View

# The hooks receive the board game (wararchive.engine.board_game.BoardGame), which imports this
# module: they are typed with the Game it extends, so the protocol sits below the mechanism that
# calls it. A ruleset's hooks annotate ``game: Game``.

S = TypeVar("S")


class Hooks(Generic[S]):
    """Ruleset-specific behaviour that is not expressible as data.

    Every method has a neutral default, so a ruleset overrides only what its
    text demands, and the shared mechanism never tests for a ruleset id.
    ``S`` is the type of the per-game state (None for hooks that need none).
    """

    kernel_mirror: ClassVar[str | None] = "none"
    """The family of compiled hooks in :mod:`wararchive.kernel` that plays these hooks move for move, or None.

    The kernel reads it from the class's *own* namespace, never inherited:
    a subclass that overrides a method plays other games, so it runs on the
    reference engine until it declares a family itself. The families are
    ``kernel.families.NAMES``: ``"none"`` (these default hooks: the shared
    mechanism alone) and those of the four rulebooks the project ships. A
    declaration is a claim that the compiled family plays exactly these
    hooks' games; :func:`wararchive.testing.check_kernel_equality` (part of
    ``check_ruleset``) tests it game by game against the reference engine.
    """

    brought_in: ClassVar[tuple[str, ...]] = ()
    """The piece types these hooks may bring into play (``BoardGame.add_piece``) without showing the enemy which.

    Each piece brought in counts as one more of each of these in the army
    the enemy can count (``BoardGame.army``), so that his guesses at the
    hidden ranks never run out of ranks before he runs out of pieces.
    """

    # -- per-game state ---------------------------------------------------------------
    def new_state(self, game: Game, rng: random.Random) -> S:
        """A fresh per-game state, made before :meth:`prepare` with the same ``rng`` (the default hooks keep none)."""
        return None  # type: ignore[return-value]

    def state(self, game: Game) -> S:
        """``game``'s per-game state, typed as these hooks declare it."""
        return game.hook_state  # type: ignore[attr-defined]  # set by BoardGame

    def copy_state(self, state: S) -> S:
        """An independent copy of ``state`` for a cloned game (plain data: copied in depth by :func:`copied`)."""
        return copied(state)

    def guessed(self, game: Game, player: int, uids: frozenset[int]) -> None:
        """``game`` is a search's copy in which ``player``'s guesses replaced the ranks of the enemy pieces ``uids``.

        State that follows from the true ranks (who the generals are, which
        piece is the signal post, whether it is lost, what reinforcements are
        open) must follow the guess instead, and what only a true rank could
        have caused (a mine's spent charges, a spent weapon) must be
        forgotten: else the search's look-ahead would read what the player
        may not know, and two games he cannot tell apart would be searched
        differently (``tests/kernel/test_guessed_worlds.py``). Called through
        :meth:`~wararchive.engine.board_game.BoardGame.redrawn`; the default
        hooks keep no per-piece state.
        """

    def prepared_record(self, game: Game) -> dict[str, list[str]]:
        """What :meth:`prepare` drew for this game, as the record keeps it (Spionaaž: ``{"volcanoes": [...]}``)."""
        return {}

    # -- the game ---------------------------------------------------------------------
    def prepare(self, game: Game, rng: random.Random) -> None:
        """Per-game random terrain (Spionaaž's volcanoes), before the armies are placed."""

    def setup_errors(self, game: Game, player: int, placement: dict[int, str]) -> list[str]:
        """Setup rules beyond "these rows only" (mines in front of the passages…)."""
        return []

    def extra_moves(self, game: Game, player: int) -> Iterable[Move]:
        """Ability moves (fire, fly, release gas) available to ``player``."""
        return ()

    def perform(self, game: Game, move: Move, player: int) -> None:
        """Carry out an ability move."""
        raise WararchiveError(f"{game.rs.id} has no ability {move.action!r}")

    def decider(self, game: Game, defender_cell: int) -> tuple[int, str | None]:
        """The cell of the piece whose rank defends ``defender_cell``, and the rule that says so.

        -1 means the defender is defenceless. The default is the defender
        itself; the Japanese War Game's flag is defended by the tile behind it.
        """
        return defender_cell, None

    def after_move(self, game: Game, move: Move, player: int) -> None:
        """Effects that follow any move (a spy unmasking its neighbours)."""

    def begin(self, game: Game) -> None:
        """Per-game state that depends on the setup, once both armies stand (a flag made public)."""

    def turn_start(self, game: Game, player: int) -> None:
        """A new turn of ``player`` begins (promotions that take effect "at the next move")."""

    def forced_moves(self, game: Game, player: int) -> list[Move] | None:
        """The only moves ``player`` may make now (an aviator bound to return), or None: no constraint."""
        return None

    def resolve(self, game: Game, att: int, dfn: int, outcome: str, rule: str) -> tuple[str, str]:
        """Adjust the combat table's verdict by the game's state (demoted ranks, a machine gun, mine charges)."""
        return outcome, rule

    def after_combat(self, game: Game, att: int, dfn: int, player: int, event: dict[str, Any]) -> None:
        """Effects of a collision beyond removing the loser (a captured signal post, a nailed piece).

        ``att``/``dfn`` are the cells the two stood on, ``event`` the combat
        event (its ``pieces`` hold the uids, ``outcome`` and ``rule`` the verdict).
        """

    def public_notation(self, game: Game, move: Move, player: int | None) -> str | None:
        """How ``player`` (None: the referee) sees a move written, if a rule hides part of it; None: in full.

        An ability the viewer may not learn is written as the plain move it
        looks like (``a2-a3``); one he sees keeps its ``action:`` prefix.
        """
        return None

    def action_rule(self, game: Game, move: Move) -> str | None:
        """The rule an ability move acts under (shown with the move, so a replay cites it), or None."""
        return None

    def action_value(self, game: Game, move: Move, view: View, unknown: dict[str, int]) -> float | None:
        """How good an ability move looks to greedy play (``unknown``: enemy pieces not yet seen), or None."""
        return None


def copied(value: Any) -> Any:
    """A copy in depth of plain per-game state: dicts, lists, sets, tuples and simple objects.

    Set members and dict keys are hashable, hence immutable, and are
    shared; so are numbers and strings. ``copy.deepcopy`` does the same 5 to
    13 times slower (it memoizes every object): Sõjamäng's hook state 20
    random plies into the game of seed 1, 25 µs against 317 µs a copy in the
    last of 5 timings of 2,000 copies each, on a shared 2-core machine. A
    search clones games thousands of times.
    """
    t = type(value)
    if t is dict:
        return {k: copied(v) for k, v in value.items()}
    if t is list:
        return [copied(v) for v in value]
    if t is set:
        return set(value)
    if t is tuple:
        return tuple(copied(v) for v in value)
    if hasattr(value, "__dict__") and not isinstance(value, type):
        new = object.__new__(t)
        new.__dict__.update({k: copied(v) for k, v in value.__dict__.items()})
        return new
    return value
