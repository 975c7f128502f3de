"""The information-set MCTS player: blind to hidden ranks, and stronger than random and greedy play."""

from __future__ import annotations

import json
import random

import pytest

from wararchive.engine import ruleset, rulesets
from wararchive.errors import WararchiveError
from wararchive.players import make_player, play_out
from wararchive.players.ismcts import Guesser, ISMCTSPlayer


def _advance(game, plies: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(plies):
        if game.result is not None:
            break
        game.play(rng.choice(game.legal_moves()))


def _hidden_pair(game, player: int) -> tuple[int, int]:
    """Two enemy cells, unseen by ``player``, that hold different ranks and may trade places (both moved or both not)."""
    view = game.view(player)
    hidden = [c for c, seen in enumerate(view.cells) if seen and seen["side"] != view.player and seen["piece"] is None]
    mobile = [game.types[game.kind[c]].mobile for c in range(len(view.cells))]
    for a in hidden:
        for b in hidden:
            if game.kind[a] != game.kind[b] and view.cells[a]["moved"] == view.cells[b]["moved"] and mobile[a] == mobile[b]:
                return a, b
    raise AssertionError("no two hidden enemy pieces to swap")


@pytest.mark.parametrize("engine", ["auto", "reference"])
@pytest.mark.parametrize(
    ("rid", "plies"),
    [("japanese-war-game", 0), ("japanese-war-game", 40), ("spionaaz", 30), ("finnish-front", 30), ("sojamang-1935", 30)],
)
def test_choice_does_not_depend_on_hidden_ranks(rid, plies, engine):
    """Swapping two hidden enemy pieces in the real game leaves the chosen move unchanged (same seed).

    ``auto`` searches every game here on the kernel, whose root holds the real position, true ranks included (and on
    Sõjamäng the hooks' state they caused), until each world's guesses overwrite them; ``reference`` searches on the
    engine.
    """
    for seed in (1, 2, 3):
        game, swapped = ruleset(rid).new_game(seed=seed), ruleset(rid).new_game(seed=seed)
        _advance(game, plies, seed)
        _advance(swapped, plies, seed)  # the same history, so the same state down to the order of its sets
        me = game.to_move
        a, b = _hidden_pair(game, me)
        swapped.kind[a], swapped.kind[b] = swapped.kind[b], swapped.kind[a]
        swapped._legal = None
        assert swapped.view(me).to_dict() == game.view(me).to_dict()  # the player cannot tell them apart
        assert ISMCTSPlayer(seed, 32, engine).choose(game) == ISMCTSPlayer(seed, 32, engine).choose(swapped)


def test_determinize_keeps_what_the_view_shows_and_the_army_list():
    """A guessed world shows the player exactly his view, holds the enemy's full army, and no moved piece is immobile."""
    rs = ruleset("japanese-war-game")
    game = rs.new_game(seed=5)
    _advance(game, 60, 5)
    me = game.to_move
    world = Guesser(game, me).sample(random.Random(0))
    assert world.view(me).to_dict() == game.view(me).to_dict()
    enemy = rs.sides[1 - me]
    ref = world.view("referee")
    counts: dict[str, int] = {}
    for seen in [*ref.cells, *ref.removed]:
        if seen and seen["side"] == enemy:
            counts[seen["piece"]] = counts.get(seen["piece"], 0) + 1
    assert counts == {pt.id: pt.count for pt in rs.piece_types}
    assert all(rs.piece(c["piece"]).mobile for c in ref.cells if c and c["side"] == enemy and c["moved"])


@pytest.mark.parametrize("rid", rulesets())
def test_plays_every_ruleset_reproducibly(rid):
    """A short game of ismcts:8 against greedy in every ruleset; the same seeds give the same record, byte for byte."""

    def game():
        rs = ruleset(rid, ply_limit=12)
        return play_out(rs.new_game(seed=4), (make_player("ismcts:8", "a"), make_player("greedy", "b")))

    first = game().record()
    assert first["result"] is not None and len(first["moves"]) <= 12
    assert json.dumps(game().record(), sort_keys=True) == json.dumps(first, sort_keys=True)


def test_budget_in_the_name():
    assert make_player("ismcts:7", 0).iterations == 7
    for bad in ("ismcts:0", "ismcts:x", "greedy:5"):
        with pytest.raises(WararchiveError, match="budget"):
            make_player(bad, 0)


def test_a_position_beyond_both_armies_is_searched_on_the_reference_engine():
    """Sõjamäng's reinforcements can put more pieces on the board than both armies hold, which the kernel cannot load.

    The search then runs on the reference engine, to the same statistics
    and draws (seed 102 between the ``strong`` players ``simulate_one``
    makes reaches such a position by ply 6).
    """
    pytest.importorskip("numba")
    rs = ruleset("sojamang-1935")
    game = rs.new_game(seed=102)
    players = [make_player("strong", f"{rs.id}:102:player:{side}") for side in rs.sides]
    while sum(o >= 0 for o in game.owner) <= 2 * sum(t.count for t in rs.piece_types):
        assert game.ply < 12 and game.result is None, "the position beyond both armies was not reached"
        game.play(players[game.to_move].choose(game))
    kernel, reference = ISMCTSPlayer(7, 48, engine="kernel"), ISMCTSPlayer(7, 48, engine="reference")
    legal = game.legal_moves()
    assert kernel.statistics(game, legal) == reference.statistics(game, legal)
    assert kernel.rng.getstate() == reference.rng.getstate()
