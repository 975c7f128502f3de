"""The baseline players: uniformly random, and greedy by the move values of the player's own view.

The greedy player scores each move with ``game.move_values(moves, view)``,
where ``view`` is its own :class:`~wararchive.engine.view.View`: it never
sees a rank the rules keep from it, so its play is a fair illustration of
the game as each side saw it.
"""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
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
