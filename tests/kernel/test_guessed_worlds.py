"""Guessed worlds keep nothing of the true ranks: the swap test over every field of the hooks' state.

A search guesses the enemy ranks its player has not seen and plays on in
that guessed world (``BoardGame.redrawn``; on the kernel
``ismcts_compiled._guess``). What the hooks derive from ranks (Sõjamäng's
lost signal post, the reinforcements a general may call, the generals and
their numbers) must follow the guess there, or the search reads the
ranks it never saw. The twins come from the swap comparison
(:func:`wararchive.testing.leaks.lockstep`): a random game and the same game
with two enemy pieces its viewer never learnt swapped in the setup, played
alike for as long as the viewer cannot tell them apart. In every position
of theirs where the viewer moves, the guessed worlds of both twins, drawn
alike, must hold the same hook state field for field, on either engine,
and ``ismcts`` and ``strong`` must choose the same move.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_kernel import sojamang_state

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.players.belief import Belief, Tracker
from wararchive.players.ismcts import Guesser, ISMCTSPlayer
from wararchive.players.strong import BeliefPlayer
from wararchive.testing.leaks import lockstep

HIDDEN_RANK_GAMES = ("japanese-war-game", "spionaaz", "sojamang-1935", "finnish-front")
# Sõjamäng's twins and the rank-derived field each differs in, in truth (et-sojamang-1935 passages)
SEEDS = {
    "sojamang-1935": {
        19: "no_post",  # red's signal post lost, blue never told (:57-58)
        116: "rearrange_due",  # red's last general fallen since his turn began (:87)
        27: "reinforce_open",  # other arms open to red's generals (:89)
        0: "reinforce_used",  # another of his generals called a reinforcement (:89)
        7: "mg_no",  # another piece is his other major general
        5: "generals",
        31: "neighbours",  # other pieces beside his cabaret (note 18)
    }
}
# the map game's hook state on the kernel (Work's arrays); Sõjamäng's is sojamang_state's
MAP_STATE = ("gas_at", "redeployed")


def twin_positions(rid: str, seed: int):
    """The swapped twins of ``seed`` in every position where their viewer moves: (game, twin, viewer), each a copy."""
    viewer = seed % 2
    twins = lockstep(rid, {}, seed, viewer, seed)
    if twins is None:
        return
    rs = ruleset(rid, ply_limit=160)
    one, two = rs.new_game(seed=seed, setup=twins.setups[0]), rs.new_game(seed=seed, setup=twins.setups[1])
    for (_, a), (_, b) in zip(*twins.moves, strict=True):
        if one.result is None and one.to_move == viewer:
            yield one.clone(), two.clone(), viewer
        one.play(a)
        two.play(b)


def fields(game) -> dict:
    """Every field of the hooks' state (none for hooks that keep none)."""
    st = game.hook_state
    return {} if st is None else dict(vars(st))


def guessed_fields(game, me: int, draw: int) -> list[dict]:
    """The hook state of the worlds ismcts and strong guess for ``me`` with generator ``draw`` (and the worlds' ranks)."""
    out = []
    for world in (
        Guesser(game, me).sample(random.Random(draw)),
        Belief(game, me, Tracker(me)).sample(game, random.Random(draw)),
    ):
        out.append({**fields(world), "kind": world.kind, "removed": world.removed})
    return out


def kernel_guessed(game, me: int, draw: int, where: str) -> list:
    """The kernel's world guessed for ``me`` (ismcts' draw ``draw``): its ranks and hook state.

    On Sõjamäng the reference world guessed alike, loaded into the kernel's
    arrays, must hold the same state (what the existing kernel test checks
    on greedy positions, here on the twins' positions, where the state the
    guess rebuilds differs in truth).
    """
    from wararchive.kernel import playout
    from wararchive.kernel.families import family
    from wararchive.players import ismcts_compiled

    on_kernel = kernel.worlds(game)
    S, W = on_kernel.S, on_kernel.buffer
    playout.restore(S, on_kernel.root, W)
    scratch = np.empty((3, len(game.kind)), np.int64)
    ismcts_compiled._guess(S, W, me, kernel.mirror(random.Random(draw)), scratch, *Guesser(game, me).arrays())
    if S.P[playout.P_HOOKS] != playout.HOOKS_SOJ:
        return [W.kind.tolist(), *(getattr(W, a).tolist() for a in MAP_STATE)]
    reference = playout.work(S)
    family(playout.HOOKS_SOJ).load_state(S, reference, Guesser(game, me).sample(random.Random(draw)))
    assert sojamang_state(W) == sojamang_state(reference), f"{where}: the engines' guessed worlds differ"
    return [W.kind.tolist(), sojamang_state(W)]


@pytest.mark.parametrize("rid", HIDDEN_RANK_GAMES)
def test_guessed_worlds_keep_nothing_of_the_swapped_ranks(rid):
    """Twins told apart by no view: their guessed worlds hold the same hook state, every field, on both engines.

    Sõjamäng's twins (:data:`SEEDS`) differ in truth in each field the hooks
    derive from ranks, so the test looks where a leak would be. The other
    games' hooks keep no rank-derived state (Spionaaž's volcanoes are drawn
    before the armies; in the map game the enemy's gassed pieces are none
    when the player is to move, lost or saved at the enemy's move, and his
    own were told to him).
    """
    covered = kernel.covers(ruleset(rid))
    differed: set[str] = set()
    for seed in SEEDS.get(rid, range(6)):
        for game, twin, me in twin_positions(rid, seed):
            truth, other = fields(game), fields(twin)
            differed |= {k for k in truth if truth[k] != other[k]}
            for draw in (0, 1):
                where = f"{rid} seed {seed} ply {game.ply} draw {draw}"
                worlds = zip(("ismcts", "strong"), guessed_fields(game, me, draw), guessed_fields(twin, me, draw), strict=True)
                for engine, a, b in worlds:
                    assert a["kind"] == b["kind"], f"{where}: the guessed ranks differ"
                    leaked = sorted(k for k in a if a[k] != b[k])
                    assert not leaked, f"{where}: {engine}'s guessed world keeps the true ranks' {leaked}"
                if covered:
                    assert kernel_guessed(game, me, draw, where) == kernel_guessed(twin, me, draw, where), where
    if rid == "sojamang-1935":
        assert set(SEEDS[rid].values()) <= differed, f"the twins differ in truth in {sorted(differed)} only"


@pytest.mark.parametrize(
    ("rid", "seed"),
    [
        ("japanese-war-game", 2),
        ("spionaaz", 4),
        ("finnish-front", 0),
        ("sojamang-1935", 19),  # red's signal post lost unseen: ismcts chose otherwise in 7 of 18 positions
        # the same case as seed 19 in other games, behind slow (the README's command stays under five minutes):
        pytest.param("sojamang-1935", 220, marks=pytest.mark.slow),  # ismcts in 2 positions, strong in 3
        pytest.param("sojamang-1935", 178, marks=pytest.mark.slow),  # ismcts in 7 of 80 positions, strong in 1
        pytest.param("sojamang-1935", 116, marks=pytest.mark.slow),  # red's last general fell unseen (:87)
        pytest.param("sojamang-1935", 27, marks=pytest.mark.slow),  # other arms open to red's generals (:89)
    ],
)
def test_search_choices_do_not_depend_on_swapped_ranks(rid, seed):
    """``ismcts`` (kernel and reference) and ``strong`` choose alike in the twins, in every position of the viewer's.

    The counts in the comments are the twins' positions where the choices
    differed before the guessed worlds rebuilt all rank-derived state.
    """
    positions = list(twin_positions(rid, seed))
    assert len(positions) >= 10, f"{rid} seed {seed}: {len(positions)} positions only"
    follow = [BeliefPlayer(seed, 2), BeliefPlayer(seed, 2)]
    for game, twin, me in positions:
        for player, g in zip(follow, (game, twin), strict=True):  # strong follows the game from its start
            player._trackers.setdefault(me, Tracker(me)).update(g)
        where = f"{rid} seed {seed} ply {game.ply}"
        for engine in ("auto", "reference"):
            a, b = ISMCTSPlayer(seed, 16, engine).choose(game), ISMCTSPlayer(seed, 16, engine).choose(twin)
            assert a == b, f"{where}: ismcts ({engine}) chose {game.move_text(a)} and {twin.move_text(b)}"
        a, b = (BeliefPlayer(seed, 2) for _ in range(2))
        a._trackers, b._trackers = ({me: _copy(p._trackers[me])} for p in follow)
        assert a.choose(game) == b.choose(twin), f"{where}: strong chose differently"


def _copy(tracker: Tracker) -> Tracker:
    return Tracker(tracker.player, dict(tracker.approaches), dict(tracker.advances), dict(tracker._where), tracker._ply)
