"""Hidden information: what a side reads of a game never depends on a rank the rules have not shown it.

The swap comparison lives in the conformance kit (:mod:`wararchive.testing.leaks`),
which runs it over every installed ruleset; here it runs under hypothesis over
the project's rulesets and information options, and is shown to catch leaks.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from wararchive.engine import rulesets
from wararchive.testing import check_hidden_information
from wararchive.testing.leaks import compare

SPECS = [
    ("japanese-war-game", {}),
    ("japanese-war-game", {"referee": True}),
    ("spionaaz", {}),
    ("finnish-front", {}),
    ("finnish-front", {"combat_reveal": "both", "redeploy": "one-move"}),
    ("sojamang-1935", {}),
    ("sojamang-1935", {"game": "beginners"}),
    ("sojamang-1935", {"referee": "in-turn"}),
    ("sojamang-1935", {"referee": "attacked-names"}),
]


@example(("finnish-front", {}), 0, 0, 1)  # a gas command off the viewer's map told by the moves it closed
@example(("sojamang-1935", {}), 14, 0, 14)
@example(("sojamang-1935", {"game": "beginners"}), 519, 1, 148)  # a battery naming a mine rightly learns it is one
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SPECS), st.integers(0, 10_000), st.integers(0, 1), st.integers(0, 1000))
def test_swapping_two_unlearned_enemy_pieces_changes_nothing_the_viewer_reads(spec, seed, viewer, pick):
    """Hidden ranks in every ruleset and information option: fi-japanilainen-sotapeli:5, :11 (jwg.hidden);
    et-spionaaz:5; sv-krigsspel-finland:4, :27 (ff.hidden, ff.ask); et-sojamang-1935:10, :15, :46 (soj.hidden)."""
    rid, opts = spec
    compare(rid, opts, seed, viewer, pick)


@pytest.mark.parametrize("rid,opts", SPECS + [(rid, {}) for rid in rulesets() if rid not in {r for r, _ in SPECS}])
def test_the_swap_comparison_is_not_vacuous(rid, opts):
    """The lockstep comparison does run over plies in every installed ruleset (else the property would prove nothing)."""
    check_hidden_information(rid, opts)


def test_the_swap_comparison_catches_a_leaking_move_text(monkeypatch):
    """A move text that names the mover's piece (the old ``mg:g7-g6>g5``, et-sojamang-1935:77) is caught."""
    from wararchive.engine import BoardGame

    def leaky(game, move, player):
        text, rule = game.seen_unfiltered(move, player)
        u = game.uid[move.frm]
        return (f"{text}={game.types[game.kind[move.frm]].id}" if u >= 0 and move.frm != move.to else text), rule

    monkeypatch.setattr(BoardGame, "seen_unfiltered", BoardGame.seen, raising=False)
    monkeypatch.setattr(BoardGame, "seen", leaky)
    with pytest.raises(AssertionError, match="transcript tells the swapped ranks apart"):
        for seed in range(6):
            compare("japanese-war-game", {}, seed, seed % 2, seed)


def test_the_swap_comparison_catches_sojamang_s_old_move_texts(monkeypatch):
    """et-sojamang-1935:77, :80, :89 — the texts that named the mover (``mg:…``, ``reinforce:…=piece``) are caught."""
    from wararchive.rulesets.sojamang_1935.abilities import SojamangHooks

    def old(self, game, move, player):  # the filter as it was: only the battery's square hidden
        if move.action == "fire" and player is not None and player != game.owner[move.frm]:
            return f"fire:?>{game.board.names[move.target]}"
        return None

    seeds = range(4)
    assert max(compare("sojamang-1935", {}, seed, seed % 2, seed) for seed in seeds) > 8
    monkeypatch.setattr(SojamangHooks, "public_notation", old)
    with pytest.raises(AssertionError, match="transcript tells the swapped ranks apart"):
        for seed in seeds:
            compare("sojamang-1935", {}, seed, seed % 2, seed)
