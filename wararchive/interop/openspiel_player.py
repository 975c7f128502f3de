"""OpenSpiel's ISMCTS bot as a wararchive player (``openspiel-ismcts``), for comparison with the archive's own.

The bot searches the game through the OpenSpiel adapter
(:mod:`wararchive.interop.openspiel`): its worlds are guessed from the
player's view as the ``ismcts`` player guesses them, its tree is keyed by
the information-state strings built from the views, and its leaves are
scored like ``ismcts``'s (a short playout, then the material balance):
OpenSpiel's random rollouts would play every leaf to the end of a game of
hundreds of plies. OpenSpiel is an optional dependency (the ``openspiel``
extra), imported only when the player is made.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine.game import Game
from ..errors import WararchiveError
from ..players.ismcts import DEFAULT_ITERATIONS, Playouts
from ..players.player import Player

UCT_C = 2.0


class OpenSpielISMCTSPlayer(Player):
    """OpenSpiel's ``ISMCTSBot`` with ``iterations`` simulations a move."""

    name = "openspiel-ismcts"
    budgeted = True

    def __init__(self, seed: int | str = 0, iterations: int = DEFAULT_ITERATIONS):
        super().__init__(seed)
        self.iterations = iterations
        try:
            from . import openspiel  # noqa: F401  (registers the games)
        except ImportError:
            raise WararchiveError("the openspiel-ismcts player needs OpenSpiel: pip install 'wararchive[openspiel]'") from None

    def choose(self, game: Game) -> Any:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from .openspiel import WararchiveState

        legal = game.legal_moves()
        if len(legal) == 1:
            return legal[0]
        state: WararchiveState = _spiel_game(game.rs.id, tuple(sorted(game.rs.options.items()))).new_initial_state()
        state.carried.world = game.clone()
        seed = self.rng.randrange(2**32)
        playouts = Playouts("auto", game, seed)

        class Scorer(mcts.Evaluator):
            """Leaves scored as the ``ismcts`` player scores them, on a copy of the leaf's world."""

            def evaluate(self, leaf: WararchiveState) -> np.ndarray:
                world = leaf.world
                if world.result is None:
                    world = world.clone()
                first = playouts.score(world, 0)
                return np.array([2 * first - 1, 1 - 2 * first])

            def prior(self, leaf: WararchiveState) -> list[tuple[int, float]]:
                actions = leaf.legal_actions()
                return [(a, 1.0 / len(actions)) for a in actions]

        bot = ismcts.ISMCTSBot(
            state.get_game(),
            Scorer(),
            uct_c=UCT_C,
            max_simulations=self.iterations,
            random_state=np.random.RandomState(seed),
            allow_inconsistent_action_sets=True,
        )
        return state.move_of(bot.step(state))


@cache
def _spiel_game(ruleset_id: str, options: tuple[tuple[str, Any], ...]) -> Any:
    """The OpenSpiel game of a ruleset with these options (loaded once)."""
    import pyspiel

    from .openspiel import game_name

    return pyspiel.load_game(game_name(ruleset_id), dict(options))
