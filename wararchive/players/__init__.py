"""Computer players and search: where a player author works.

A player chooses among ``game.legal_moves()`` from what its side may see
(``game.view(side)``); it never reads a rank the rules hide. The project's
own players are ``random`` and ``greedy`` (:mod:`.baseline`), ``ismcts``
(:mod:`.ismcts`) and ``belief`` (alias ``strong``: :mod:`.strong`, searching
worlds drawn from :mod:`.belief`); another package adds one through the ``wararchive.players``
entry-point group (see :mod:`.registry`).

>>> from wararchive import engine, players
>>> game = players.simulate_one(engine.ruleset("spionaaz"), seed=1)
>>> game.result is not None
True
"""

from __future__ import annotations

from .baseline import GreedyPlayer, RandomPlayer
from .belief import Belief
from .ismcts import ISMCTSPlayer
from .player import Player
from .registry import make_player, play_out, player_code, players, simulate, simulate_one
from .strong import BeliefPlayer

__all__ = [
    "Belief",
    "BeliefPlayer",
    "GreedyPlayer",
    "ISMCTSPlayer",
    "Player",
    "RandomPlayer",
    "make_player",
    "play_out",
    "player_code",
    "players",
    "simulate",
    "simulate_one",
]
