"""The interface of a computer player, apart from the registry so that any module may define one."""

from __future__ import annotations

import random
from typing import Any

from ..engine.game import Game


class Player:
    """Chooses a move; seeded, so that games are reproducible."""

    name = "player"
    budgeted = False  # True: the constructor's second argument is a budget ("name:N" on the command line)

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Any:
        raise NotImplementedError
