"""Every ruleset as an OpenSpiel game: OpenSpiel's own checks pass, its ISMCTS bot plays, no view leaks a rank."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from wararchive.engine import rulesets  # noqa: E402
from wararchive.interop.openspiel import game_name  # noqa: E402
from wararchive.testing import check_openspiel  # noqa: E402


@pytest.mark.parametrize("rid", rulesets())
@pytest.mark.parametrize("serialize", [False, True])
def test_random_sim_test_passes(rid, serialize):
    """OpenSpiel's C++ consistency checks over two random games (ply limit kept short so it stays fast); with
    ``serialize``, each state also goes through OpenSpiel's serialization and back to the same information states."""
    assert check_openspiel(rid, serialize=serialize)


def test_options_are_parameters():
    game = pyspiel.load_game(game_name("japanese-war-game"), {"spy_vs_marshal": "swedish"})
    assert game.rs.options["spy_vs_marshal"] == "swedish"
    assert game.get_parameters()["spy_vs_marshal"] == "swedish"


def test_information_state_hides_what_the_view_hides():
    """The information state string is the player's view: an enemy rank it has not been shown is not in it."""
    game = pyspiel.load_game(game_name("japanese-war-game"))
    state = game.new_initial_state()
    state.apply_action(3)  # the setup of seed 3
    world = state.world
    text = state.information_state_string(0)
    enemy_ranks = {world.types[world.kind[c]].id for c in world.positions[1]}
    own_ranks = {world.types[world.kind[c]].id for c in world.positions[0]}
    assert all(f'"{r}"' in text for r in own_ranks)
    assert not any(f'"{r}"' in text for r in enemy_ranks - own_ranks - {None})
    # the observation tensor: every enemy piece in the "hidden rank" plane, none in a rank's plane
    ranks = len(game.rs.piece_types) + 1
    planes = np.array(state.observation_tensor(0)).reshape(-1, len(world.board))
    assert planes[ranks : 2 * ranks - 1].sum() == 0 and planes[2 * ranks - 1].sum() == len(world.positions[1])
    assert planes[:ranks].sum() == len(world.positions[0])
    # the hidden enemy ranks guessed afresh: the player cannot tell the difference
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(0) == text
    assert other.observation_tensor(0) == state.observation_tensor(0)


def _played(game, pieces, move):
    """An OpenSpiel state of ``game`` from a position set up by hand, after ``move``."""
    state = game.new_initial_state()
    state.carried.start(game.rs.position(pieces, to_move="south"))
    state.apply_action(next(a for a in state.legal_actions() if state.move_of(a) == state.world.parse_move(move)))
    return state


def test_information_state_of_a_striker_in_the_referee_variant():
    """fi-japanilainen-sotapeli:23, :27 (jwg.flag-rank, jwg.referee) — a striker who fell against a flag backed by the
    field marshal has the same information state as one who fell against a higher tile: neither the rule the flag's rank
    came through nor the tile behind it reaches it."""
    game = pyspiel.load_game(game_name("japanese-war-game"), {"referee": True})
    common = {"d7": "south:colonel", "d10": "north:field_marshal", "a1": "south:major", "g11": "north:major"}
    flag = _played(game, {**common, "d9": "north:flag"}, "d7-d8")
    general = _played(game, {**common, "d9": "north:lieutenant_general"}, "d7-d8")
    assert flag.world.events[-1]["via"] == "jwg.flag-rank"
    assert flag.information_state_string(0) == general.information_state_string(0)
    assert flag.information_state_string(1) != general.information_state_string(1)  # north knows what stood there


def test_information_state_stays_the_size_of_a_view():
    """The information state is the view plus a digest of the history read, not the history: its length does not grow
    with the game (it grew by every move and event, so a game's strings cost time quadratic in its length)."""
    game = pyspiel.load_game(game_name("japanese-war-game"), {"setups": 1})
    state = game.new_initial_state()
    state.apply_action(0)
    rng = np.random.RandomState(1)
    sizes = []
    while not state.is_terminal() and state.world.ply < 400:
        sizes.append(len(state.information_state_string(state.current_player())))
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.world.ply > 100 and max(sizes) < 1.5 * sizes[0]


def test_openspiel_ismcts_bot_plays_a_game():
    """OpenSpiel's ISMCTSBot (random-rollout evaluator) plays Spionaaž against OpenSpiel's uniform random bot to the end."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(game_name("spionaaz"), {"ply_limit": 40, "setups": 3})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng, allow_inconsistent_action_sets=True),
        pyspiel.make_uniform_random_bot(1, 0),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(1)
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.world.result is not None
    assert sum(state.returns()) == 0


def test_openspiel_ismcts_as_a_wararchive_player():
    """``openspiel-ismcts`` plays through the player registry, reproducibly: the same seeds give the same record."""
    import json

    from wararchive.engine import ruleset
    from wararchive.players import make_player, play_out

    def game():
        rs = ruleset("japanese-war-game", ply_limit=6)
        return play_out(rs.new_game(seed=2), (make_player("openspiel-ismcts:4", "a"), make_player("random", "b"))).record()

    first = game()
    assert first["result"] is not None
    assert json.dumps(game(), sort_keys=True) == json.dumps(first, sort_keys=True)
