"""``strong`` on the compiled kernel chooses the reference player's moves, ply by ply, and never reads a hidden rank.

The compiled judging (:mod:`wararchive.players.strong_compiled`) writes
the player's evaluation again for the kernel; equality is the contract, so
each game here is played twice in lockstep, once with every ``strong``
player judging on the reference engine and once on the kernel, from the
same seeds: the moves must be the same at every ply, the generators in the
same state after each choice, and the records equal at the end. A failure
names the ruleset, the seed and the ply. That the kernel player, too, never
reads a hidden rank is ``tests/players/test_players_belief.py``'s swap test,
run on both engines.
"""

from __future__ import annotations

import pytest

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.errors import WararchiveError
from wararchive.players.strong import BeliefPlayer
from wararchive.testing.kernel import check_strong_game

pytestmark = [
    pytest.mark.kernel,
    pytest.mark.skipif(kernel.numba_gap() is not None, reason="the compiled kernel needs numba"),
]

HIDDEN_RANK_GAMES = ("japanese-war-game", "spionaaz", "sojamang-1935", "finnish-front")


def _lockstep(rid: str, seed: int, strong_sides: tuple[int, ...], plies: int | None = None, names=None) -> list:
    """One game played twice, ``strong`` on ``strong_sides`` judging on each engine (greedy on the others), compared by ply
    (:func:`wararchive.testing.kernel.check_strong_game`). Returns the positions of the game, as the reference engine
    played it."""
    seen: list = []
    check_strong_game(ruleset(rid), seed, strong_sides, plies=plies, names=names, positions=seen)
    return seen


@pytest.mark.parametrize(
    "rid",
    [  # Sõjamäng's strong-against-strong game below covers it by default; this one, six seconds, behind slow
        pytest.param(r, marks=pytest.mark.slow) if r == "sojamang-1935" else r for r in HIDDEN_RANK_GAMES
    ],
)
def test_strong_against_greedy_chooses_alike_on_either_engine(rid):
    """A whole game of strong against greedy, the same move at every ply (strong first in two games, second in two)."""
    seed = HIDDEN_RANK_GAMES.index(rid)
    _lockstep(rid, seed, (seed % 2,))


@pytest.mark.parametrize("rid", HIDDEN_RANK_GAMES)
def test_strong_against_strong_chooses_alike_on_either_engine(rid):
    """The first 120 plies of strong against strong (or the whole game, if shorter), the same moves on either engine."""
    _lockstep(rid, 2, (0, 1), plies=120)


@pytest.mark.slow
@pytest.mark.parametrize("rid", HIDDEN_RANK_GAMES)
def test_many_games_choose_alike_on_either_engine(rid):
    """Ten whole games each of strong against greedy and of strong against strong."""
    for seed in range(3, 13):
        _lockstep(rid, seed, (seed % 2,))
        _lockstep(rid, seed, (0, 1))


def test_a_position_beyond_both_armies_is_judged_on_the_reference_engine():
    """Sõjamäng's reinforcements can put more pieces on the board than both armies hold, which the kernel cannot load.

    A study of strong against strong stopped on such a position; the
    player judges it on the reference engine instead, to the same choices.
    Seed 102 with the players ``simulate_one`` makes reaches it by ply 6.
    """
    rs = ruleset("sojamang-1935")
    seen = _lockstep(rs.id, 102, (0, 1), plies=12, names=lambda p: f"{rs.id}:102:player:{rs.sides[p]}")
    assert max(sum(o >= 0 for o in g.owner) for g in seen) > 2 * sum(t.count for t in rs.piece_types)


def test_an_engine_not_known_is_refused_in_one_line():
    """``engine`` is one of kernel.ENGINES, checked when the player is made; a game with nothing hidden needs no kernel."""
    with pytest.raises(WararchiveError, match="engine 'gpu'"):
        BeliefPlayer(0, engine="gpu")
    chess = ruleset("chess").new_game(seed=0)
    assert BeliefPlayer(0, engine="kernel").choose(chess) in chess.legal_moves()  # nothing hidden: no worlds to judge


def test_a_world_beyond_the_army_list_is_judged_on_the_reference_engine(monkeypatch):
    """A rule may bring pieces in out of the enemy's sight (none of the four games' rules does: Sõjamäng's say what
    they bring, ``BoardGame.army``). Then more pieces are hidden than ranks left, the belief draws the likeliest rank
    beyond the counts, a world the kernel's arrays (sized by the army) cannot hold. Such a move is judged on the
    reference engine, and the game goes on move for move alike (this game once wrote past the kernel's tables).
    Sõjamäng's reinforcements and deserters, counted as if unseen, make such worlds here."""
    from wararchive.engine.board_game import BoardGame
    from wararchive.players import strong_compiled

    monkeypatch.setattr(BoardGame, "army", lambda game, side: {pt.id: pt.count for pt in game.types})

    refused = []
    fits = strong_compiled.fits

    def counted(pool: list[int], draws: list[list[int]]) -> bool:
        ok = fits(pool, draws)
        if not ok:
            refused.append(draws)
        return ok

    monkeypatch.setattr(strong_compiled, "fits", counted)
    _lockstep("sojamang-1935", 2, (0,), plies=90)
    assert refused, "no world beyond the army list was drawn: the test no longer covers the fallback"
