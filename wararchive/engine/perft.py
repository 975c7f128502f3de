"""Perft: count the move sequences of a given depth, through the engine's public API.

The standard check of a move generator (chess programs publish their
counts), and a measure of how fast the engine explores positions: each
move is played on a :meth:`~wararchive.engine.game.Game.clone`, so the
position searched from is never changed.
"""

from __future__ import annotations

from .game import Game


def perft(game: Game, depth: int) -> int:
    """The number of legal move sequences ``depth`` plies long from ``game`` (ended games count once)."""
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        child = game.clone()
        child.play(move)
        total += perft(child, depth - 1) if child.result is None else 1
    return total
