"""Which players exist, how to make one by name, and playing a game out.

The project's own players (``random``, ``greedy``, ``ismcts``, ``belief``
and its alias ``strong``) are named
here; any other package adds one through the ``wararchive.players``
entry-point group (the entry's name is the player's, its value the
:class:`~wararchive.players.player.Player` subclass), as rulesets join
through ``wararchive.rulesets``. The OpenSpiel bot (``openspiel-ismcts``,
:mod:`wararchive.interop.openspiel_player`) joins that way, so this layer
names nothing above it. A player class whose strength is a budget sets
``budgeted = True``: ``ismcts:400`` searches 400 iterations a move.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Sequence
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import TYPE_CHECKING

from .. import plugins
from ..engine.game import Game
from ..engine.limits import MAX_BUDGET
from ..errors import UnknownIdError, WararchiveError
from .baseline import GreedyPlayer, RandomPlayer
from .ismcts import ISMCTSPlayer
from .player import Player
from .strong import BeliefPlayer

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset
    from ..kernel.game import KernelGame

GROUP = "wararchive.players"
OWN: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "ismcts": ISMCTSPlayer,
    "belief": BeliefPlayer,  # "belief:K" searches K worlds a move
    "strong": BeliefPlayer,  # the archive's strongest player: belief at its default number of worlds
}


@cache
def _registered() -> tuple[dict[str, type[Player]], plugins.Registered]:
    """Every usable player by name (the project's own, then the plugins' in name order), and the refused claims.

    A plugin may not pass for one of the project's players (records name
    players by name), nor for another plugin's; one that cannot be loaded, or
    is no :class:`Player` subclass, is left out with one warning, and every
    other player keeps working.
    """
    own = {name: "one of wararchive's own players (package wararchive)" for name in OWN}
    registered = plugins.register(entry_points(group=GROUP), own)
    registered.warn_refused()
    found = dict(OWN)
    for name, ep in registered.found.items():
        try:
            found[name] = _player_class(ep)
        except plugins.PluginError as exc:
            plugins.warn(exc.warning)
            registered.refused.setdefault(name, []).append(exc)
    return found, registered


def _player_class(ep: EntryPoint) -> type[Player]:
    """The class ``ep`` names, or a :class:`~wararchive.plugins.PluginError` if it cannot be loaded or is no player."""
    cls = plugins.load(ep)
    if not (isinstance(cls, type) and issubclass(cls, Player)):
        raise plugins.PluginError(ep, f"{ep.value} is not a subclass of wararchive.players.Player")
    return cls


def players() -> dict[str, type[Player]]:
    """Every usable player by name: the project's own, then the plugins' in name order."""
    return _registered()[0]


def budgeted() -> set[str]:
    """The players whose strength is a budget (``name:N``)."""
    return {name for name, cls in players().items() if cls.budgeted}


def make_player(kind: str, seed: int | str) -> Player:
    """A registered player by name, or ``name:N`` to give a search player a budget of N."""
    name, sep, budget = kind.partition(":")
    registered, claims = _registered()
    if name not in registered:
        if name in claims.refused:  # a plugin's player that was skipped: say which and why
            raise claims.refused[name][0]
        raise UnknownIdError("player", kind, list(registered))
    if not sep:
        return registered[name](seed)
    # ASCII digits only (str.isdigit() accepts "²", which int() refuses), and few of them (int() refuses 5,000)
    digits = budget.isascii() and budget.isdigit() and len(budget) <= len(str(MAX_BUDGET))
    if name not in budgeted() or not digits or not 1 <= int(budget) <= MAX_BUDGET:
        raise WararchiveError(
            f"player {kind[:40]!r}: a budget is a whole number of iterations from 1 to {MAX_BUDGET:,}, "
            f"for {', '.join(sorted(budgeted()))} only (e.g. ismcts:200)"
        )
    return registered[name](seed, int(budget))


def player_code(kinds: Iterable[str]) -> tuple[str, ...]:
    """The source files that decide how these players play, for fingerprints (``engine.fingerprint``).

    This registry (which seeds and runs them; not what it imports: it
    imports every player), each player class's module and its bases', and
    every module of this package those import, followed transitively
    (``engine.fingerprint.module_closure``); the shared
    folders (``engine``, ``kernel``) are counted by the fingerprint itself.
    So a study of greedy players stays current while the search player is
    improved, and goes stale when greedy's code changes.
    """
    from ..engine.fingerprint import module_closure

    classes = [c for kind in kinds for c in players()[kind.partition(":")[0]].__mro__ if c.__module__ != "builtins"]
    return module_closure((Path(inspect.getfile(c)) for c in classes), unfollowed=[Path(__file__)])


def play_out(game: Game, players: tuple[Player, Player]) -> Game:
    """Let ``players`` play ``game`` to its end (the ply limit guarantees one)."""
    while game.result is None:
        game.play(players[game.to_move].choose(game))
    return game


def simulate_one(rs, seed: int, kinds: tuple[str, str] = ("random", "random")) -> Game:
    """One game from ``seed`` on the reference engine: setups and both players' choices derive from it."""
    game = rs.new_game(seed=seed)
    chosen = tuple(make_player(k, f"{rs.id}:{seed}:player:{side}") for k, side in zip(kinds, rs.sides, strict=True))
    return play_out(game, chosen)


def simulate(rs: Ruleset, seed: int, kinds: Sequence[str] = ("random", "random"), engine: str = "auto") -> Game | KernelGame:
    """:func:`simulate_one` on the engine :func:`wararchive.kernel.choose` picks: the same game either way.

    A :class:`~wararchive.kernel.game.KernelGame` has ``engine == "kernel"``;
    a reference game has no ``engine`` attribute.
    """
    from ..kernel import choose, play

    if choose(engine, rs, kinds)[0] == "kernel":
        return play(rs, seed, kinds)
    return simulate_one(rs, seed, (kinds[0], kinds[1]))
