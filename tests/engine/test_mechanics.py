"""Ruleset.params: a typed Mechanics, checked when a ruleset is built."""

from __future__ import annotations

import dataclasses
import re

import pytest

from wararchive import engine
from wararchive.engine.mechanics import Mechanics


def rebuilt(rid: str, **changes):
    """The ruleset ``rid`` rebuilt with its params dict changed: the build checks them again."""
    rs = engine.ruleset(rid)
    params = {f.name: getattr(rs.params, f.name) for f in dataclasses.fields(Mechanics)}
    return dataclasses.replace(rs, params={**params, **changes})


def test_every_ruleset_holds_typed_mechanics():
    for rid in engine.rulesets():
        assert isinstance(engine.ruleset(rid).params, Mechanics)
    # et-spionaaz:9 (spz.two-moves): two moves a turn; et-sojamang-1935:42 (soj.wire): only tanks on the wire
    assert engine.ruleset("spionaaz").params.moves_per_turn == 2
    assert engine.ruleset("sojamang-1935").params.restricted["wire"] == frozenset({"tank"})


def test_a_misspelt_key_is_refused_with_the_likely_name():
    expected = r"spionaaz: mechanics parameter 'moves_per_trun': unknown \(did you mean 'moves_per_turn'\?\)"
    with pytest.raises(ValueError, match=expected):
        rebuilt("spionaaz", moves_per_trun=3)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"combat_mode": "melee"}, "'combat_mode': 'melee' is not one of 'face', 'displace', 'named'"),
        ({"moves_per_turn": 0}, "'moves_per_turn': must be a whole number of at least 1, not 0"),
        ({"moves_per_turn": True}, "'moves_per_turn': must be a whole number"),
        ({"reveal_on_combat": "yes"}, "'reveal_on_combat': must be true or false"),
        ({"no_moves_rule": "spz.no-such-rule"}, "'no_moves_rule': names no rule of the ruleset: 'spz.no-such-rule'"),
        ({"capture_wins": {"flag": "spz.win-hq"}}, "'capture_wins': names no piece of the ruleset: 'flag'"),
        ({"restricted": {"wire": {"tank"}}}, "'restricted': terrain 'wire' names no piece of the ruleset: 'tank'"),
    ],
)
def test_bad_values_are_refused_naming_the_key(changes, message):
    with pytest.raises(ValueError, match="spionaaz: mechanics parameter " + re.escape(message)):
        rebuilt("spionaaz", **changes)


def test_rebuilding_with_the_same_params_gives_the_same_game():
    rs = rebuilt("spionaaz")
    a, b = rs.new_game(seed=3), engine.ruleset("spionaaz").new_game(seed=3)
    for _ in range(20):
        move = a.legal_moves()[0]
        a.play(move)
        b.play(move)
    assert a.record() == b.record()
