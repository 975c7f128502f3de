"""Computer players.

A player chooses among ``game.legal_moves()``. The greedy player scores each
move with ``game.move_values(moves, view)``, where ``view`` is its own
:class:`~wararchive.engine.view.View`: it never sees a rank the rules keep
from it, so its play is a fair illustration of the game as each side saw it.
The search player (``ismcts``, :mod:`.ismcts`) keeps to the same rule: it
guesses the ranks its view hides and never reads them.
"""

from __future__ import annotations

from typing import Any

from ..errors import UnknownIdError, WararchiveError
from .game import Game
from .ismcts import ISMCTSPlayer
from .openspiel_player import OpenSpielISMCTSPlayer
from .player import Player


class RandomPlayer(Player):
    """Uniformly random among the legal moves."""

    name = "random"

    def choose(self, game: Game) -> Any:
        return self.rng.choice(game.legal_moves())


class GreedyPlayer(Player):
    """The move with the best immediate value as its own view estimates it."""

    name = "greedy"

    def choose(self, game: Game) -> Any:
        moves = game.legal_moves()
        values = game.move_values(moves, game.view(game.to_move, with_events=False))
        best, best_moves = None, []
        for m, v in zip(moves, values, strict=True):
            if best is None or v > best + 1e-9:
                best, best_moves = v, [m]
            elif abs(v - best) <= 1e-9:
                best_moves.append(m)
        return self.rng.choice(best_moves)


PLAYERS: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "ismcts": ISMCTSPlayer,
    "openspiel-ismcts": OpenSpielISMCTSPlayer,  # needs the openspiel extra
}
BUDGETED = {"ismcts", "openspiel-ismcts"}  # players whose strength is a budget: "ismcts:400" searches 400 iterations a move
MAX_BUDGET = 1_000_000  # iterations a move at most: far beyond any useful search, and a bound on a typed number


def make_player(kind: str, seed: int | str) -> Player:
    """A registered player by name, or ``name:N`` to give a search player a budget of N."""
    name, sep, budget = kind.partition(":")
    if name not in PLAYERS:
        raise UnknownIdError("player", kind, list(PLAYERS))
    if not sep:
        return PLAYERS[name](seed)
    # ASCII digits only (str.isdigit() accepts "²", which int() refuses), and few of them (int() refuses 5,000)
    digits = budget.isascii() and budget.isdigit() and len(budget) <= len(str(MAX_BUDGET))
    if name not in BUDGETED or not digits or not 1 <= int(budget) <= MAX_BUDGET:
        raise WararchiveError(
            f"player {kind[:40]!r}: a budget is a whole number of iterations from 1 to {MAX_BUDGET:,}, "
            f"for {', '.join(sorted(BUDGETED))} only (e.g. ismcts:200)"
        )
    return PLAYERS[name](seed, int(budget))


def play_out(game: Game, players: tuple[Player, Player]) -> Game:
    """Let ``players`` play ``game`` to its end (the ply limit guarantees one)."""
    while game.result is None:
        game.play(players[game.to_move].choose(game))
    return game


def simulate_one(rs, seed: int, kinds: tuple[str, str] = ("random", "random")) -> Game:
    """One game from ``seed``: setups and both players' choices derive from it."""
    game = rs.new_game(seed=seed)
    players = tuple(make_player(k, f"{rs.id}:{seed}:player:{side}") for k, side in zip(kinds, rs.sides, strict=True))
    return play_out(game, players)
