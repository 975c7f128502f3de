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

from functools import cache
from importlib.metadata import entry_points

from ..engine.game import Game
from ..errors import UnknownIdError, WararchiveError
from .baseline import GreedyPlayer, RandomPlayer
from .ismcts import ISMCTSPlayer
from .player import Player
from .strong import BeliefPlayer

GROUP = "wararchive.players"
OWN: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "ismcts": ISMCTSPlayer,
    "belief": BeliefPlayer,  # "belief:K" searches K worlds a move
    "strong": BeliefPlayer,  # the archive's strongest player: belief at its default number of worlds
}


@cache
def players() -> dict[str, type[Player]]:
    """Every registered player by name: the project's own, then the plugins' in name order."""
    found = dict(OWN)
    for ep in sorted(entry_points(group=GROUP), key=lambda ep: ep.name):
        if ep.name in OWN:  # a plugin may not pass for one of the project's players: records name players by name
            raise WararchiveError(f"entry point {ep.name!r} of {GROUP!r} takes the name of one of wararchive's own players")
        found[ep.name] = ep.load()
    return found


MAX_BUDGET = 1_000_000  # iterations a move at most: far beyond any useful search, and a bound on a typed number


def budgeted() -> set[str]:
    """The players whose strength is a budget (``name:N``)."""
    return {name for name, cls in players().items() if cls.budgeted}


def make_player(kind: str, seed: int | str) -> Player:
    """A registered player by name, or ``name:N`` to give a search player a budget of N."""
    name, sep, budget = kind.partition(":")
    registered = players()
    if name not in registered:
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


def play_out(game: Game, players: tuple[Player, Player]) -> Game:
    """Let ``players`` play ``game`` to its end (the ply limit guarantees one)."""
    while game.result is None:
        game.play(players[game.to_move].choose(game))
    return game


def simulate_one(rs, seed: int, kinds: tuple[str, str] = ("random", "random")) -> Game:
    """One game from ``seed``: setups and both players' choices derive from it."""
    game = rs.new_game(seed=seed)
    chosen = tuple(make_player(k, f"{rs.id}:{seed}:player:{side}") for k, side in zip(kinds, rs.sides, strict=True))
    return play_out(game, chosen)
