"""A ruleset's data is checked when it is built: every piece and rule it names exists.

A misspelt name would otherwise pass silently: a combat exception for a piece
that does not exist never fires, and the game plays on under other rules.
"""

from __future__ import annotations

import dataclasses

import pytest

from wararchive.engine import ruleset
from wararchive.engine.combat import exception


def rebuilt(rs, **changes):
    """``rs`` built again with ``changes``: the same check a ruleset module's constructor meets."""
    return dataclasses.replace(rs, **changes)


def test_a_misspelt_piece_in_a_combat_exception_is_refused():
    rs = ruleset("spionaaz")
    table = rs.combat_rules
    wrong = exception("spy", "feldmarshal", table.exceptions[0].outcome, table.exceptions[0].rule)
    with pytest.raises(ValueError) as info:
        rebuilt(rs, combat_rules=dataclasses.replace(table, exceptions=(*table.exceptions, wrong)))
    message = str(info.value)
    assert message.startswith("spionaaz: combat_rules.exceptions[")
    assert ".defenders" in message and "names no piece of the ruleset: 'feldmarshal'" in message
    assert "\n" not in message


def test_a_dangling_rule_in_a_combat_exception_is_refused():
    rs = ruleset("japanese-war-game")
    table = rs.combat_rules
    wrong = exception(None, None, table.exceptions[0].outcome, "jwg.no-such-rule")
    with pytest.raises(ValueError, match=r"japanese-war-game: combat_rules.exceptions\[\d+\].rule names no rule"):
        rebuilt(rs, combat_rules=dataclasses.replace(table, exceptions=(*table.exceptions, wrong)))


def test_a_feature_citing_no_rule_of_the_ruleset_is_refused():
    rs = ruleset("chess")
    wrong = dataclasses.replace(rs.features[0], rule="chess.nothing")
    with pytest.raises(ValueError, match=r"chess: feature .*: rule names no rule of the ruleset: 'chess.nothing'"):
        rebuilt(rs, features=(*rs.features, wrong))


def test_two_pieces_with_one_id_are_refused():
    rs = ruleset("spionaaz")
    with pytest.raises(ValueError, match=r"spionaaz: piece_types: the id '\w+' is given to more than one piece"):
        rebuilt(rs, piece_types=(*rs.piece_types, rs.piece_types[0]))


@pytest.mark.parametrize("rid", ["chess", "finnish-front", "japanese-war-game", "sojamang-1935", "spionaaz"])
def test_every_reading_of_every_shipped_ruleset_builds(rid):
    rs = ruleset(rid)
    for name, option in rs.declared.items():
        for reading in option.readings or ():
            assert ruleset(rid, **{name: reading.value}).id == rid
