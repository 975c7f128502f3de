"""``Game.clone()``: an independent copy, so search can play ahead without touching the real game."""

from __future__ import annotations

import copy
import json
import random

import pytest

from wararchive.engine import ruleset, rulesets
from wararchive.engine.perft import perft
from wararchive.players import make_player


def _random_plies(game, n: int, seed: int) -> list[str]:
    """Play up to ``n`` random plies; return their notation."""
    rng = random.Random(seed)
    played = []
    while game.result is None and len(played) < n:
        move = rng.choice(game.legal_moves())
        played.append(game.move_text(move))
        game.play(move)
    return played


def _state(game) -> str:
    """Everything a game shows: its record and the referee's view, as bytes to compare."""
    return json.dumps([game.record(), game.view("referee").to_dict()], sort_keys=True, default=str)


@pytest.mark.parametrize("rid", rulesets())
def test_clone_is_independent_and_plays_on_identically(rid):
    """Playing a clone to its end leaves the original as it was; the same moves give the same game."""
    for seed in (1, 2):
        game = ruleset(rid).new_game(seed=seed)
        _random_plies(game, 30, seed)
        before = _state(game)
        twin = game.clone()
        assert _state(twin) == before
        assert set(twin.legal_moves()) == set(game.legal_moves())
        continuation = _random_plies(twin, 400, seed + 100)
        assert _state(game) == before, "playing the clone changed the original"
        for text in continuation:
            game.play(text)
        assert _state(game) == _state(twin)


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("rid", rulesets())
def test_a_clone_lists_moves_in_the_same_order_and_a_seeded_player_plays_it_alike(rid, kind):
    """A clone behaves exactly like its original: the same legal moves in the same order, ply after ply.

    Copies of Python sets may walk their members in another order than the
    original, which made a clone list its moves differently after one ply
    and a seeded player (who picks by index) choose differently in it.
    """
    for seed in (1, 2, 3):
        game = ruleset(rid).new_game(seed=seed)
        _random_plies(game, 10 + 7 * seed, seed)
        twin = game.clone()
        players = [(make_player(kind, f"{seed}:{s}"), make_player(kind, f"{seed}:{s}")) for s in (0, 1)]
        while game.result is None and game.ply < 250:
            assert [str(m) for m in twin.legal_moves()] == [str(m) for m in game.legal_moves()], f"seed {seed}, ply {game.ply}"
            mine, theirs = players[game.to_move]
            a, b = mine.choose(game), theirs.choose(twin)
            assert a == b, f"seed {seed}, ply {game.ply + 1}: {game.move_text(a)} vs {twin.move_text(b)} in the clone"
            game.play(a)
            twin.play(b)
        assert _state(game) == _state(twin)


def test_perft_with_clone_matches_deepcopy():
    """Perft on clones counts what perft on deep copies counts (Japanese War Game, Spionaaž, from a seeded setup)."""

    def deep_perft(game, depth):
        if depth == 0:
            return 1
        total = 0
        for move in game.legal_moves():
            child = copy.deepcopy(game)
            child.play(move)
            total += deep_perft(child, depth - 1) if child.result is None else 1
        return total

    for rid in ("japanese-war-game", "spionaaz"):
        game = ruleset(rid).new_game(seed=3)
        _random_plies(game, 10, 3)
        assert perft(game, 2) == deep_perft(game, 2) > 0


def test_perft_through_the_engine_matches_chess_counts():
    """Perft on clones through the engine's API gives the published chess counts (20, 400 from the start)."""
    game = ruleset("chess").new_game()
    assert [perft(game, d) for d in (1, 2)] == [20, 400]
