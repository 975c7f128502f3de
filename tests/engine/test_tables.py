"""Rulesets as tables for historians: the combat table and the rank orders across games."""

from __future__ import annotations

import pytest

from wararchive import engine
from wararchive.engine.rank_orders import HIGHEST_FIRST, LOWEST_FIRST, UNRANKED, direction


def test_combat_table_is_labelled_attacker_by_defender_with_the_rule():
    rs = engine.ruleset("japanese-war-game")
    table = rs.combat_table
    assert table.index.names == ["attacker", "defender"]
    assert len(table) == len(rs.piece_types) ** 2
    # fi-japanilainen-sotapeli:22: the spy knocks out the field marshal when it attacks
    spy = table.loc[("spy", "field_marshal")]
    assert spy.outcome == rs.combat("spy", "field_marshal").outcome == "attacker_wins"
    assert spy.rule == rs.combat("spy", "field_marshal").rule.id and "fi-japanilainen-sotapeli:22" in spy.cites
    grid = table.outcome.unstack()
    assert list(grid.index) == list(grid.columns) == [p.id for p in rs.piece_types]  # the army list's order


@pytest.mark.parametrize("rid", ["spionaaz", "sojamang-1935", "finnish-front"])
def test_combat_table_agrees_with_combat_everywhere(rid):
    rs = engine.ruleset(rid)
    for (a, d), row in rs.combat_table.iterrows():
        result = rs.combat(a, d)
        assert (row.outcome, row.rule, row.cites) == (result.outcome, result.rule.id, list(result.cites))


def test_chess_has_no_combat_table():
    assert engine.ruleset("chess").combat_table is None


def test_rank_orders_say_which_way_each_game_counts():
    # et-spionaaz:17: corporal 1 … general 5; fi-japanilainen-sotapeli:14: No. 1 the field marshal
    assert direction(engine.ruleset("spionaaz")) == LOWEST_FIRST
    assert direction(engine.ruleset("japanese-war-game")) == HIGHEST_FIRST
    assert direction(engine.ruleset("sojamang-1935")) == HIGHEST_FIRST
    assert direction(engine.ruleset("chess")) == UNRANKED
    r = engine.rank_orders()
    top = r[r.order == 1].set_index("ruleset")
    assert top.loc["spionaaz", "rank"] == "5" and top.loc["japanese-war-game", "rank"] == "1"
    ladder = r.pivot_table(index="order", columns="ruleset", values="label", aggfunc=" / ".join)
    assert ladder.loc[1, "spionaaz"] == "5 General"
    sojamang = r[r.ruleset == "sojamang-1935"]
    assert sojamang[sojamang["rank"] == "6"].order.iloc[0] == sojamang[sojamang["rank"] == "6a"].order.iloc[0]
