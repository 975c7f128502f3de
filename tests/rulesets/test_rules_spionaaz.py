"""Rule tests for Spionaaž; each names the passage of et-spionaaz it checks."""

from __future__ import annotations

import pytest

from wararchive.engine import IllegalMoveError, ruleset


def game(pieces, to_move="south", **options):
    return ruleset("spionaaz", volcanoes=0, **options).position(pieces, to_move=to_move)


def combat(g):
    return [e for e in g.events if e["type"] == "combat"][-1]


def test_army_of_thirty():
    """et-spionaaz:17 — 5 corporals, 4 lieutenants, 3 captains, 2 colonels, 2 generals, 5 spies, 4 sappers, 4 mines, 1 HQ."""
    rs = ruleset("spionaaz")
    assert dict(zip(rs.pieces.piece_id, rs.pieces["count"], strict=True)) == {
        "corporal": 5, "lieutenant": 4, "captain": 3, "colonel": 2, "general": 2,
        "spy": 5, "sapper": 4, "mine": 4, "headquarters": 1,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("attacker", "defender", "expected", "passage"),
    [
        ("captain", "lieutenant", "attacker_wins", "et-spionaaz:14"),
        ("lieutenant", "lieutenant", "attacker_wins", "et-spionaaz:14"),  # attacker wins ties
        ("corporal", "captain", "defender_wins", "et-spionaaz:15"),
        ("sapper", "general", "attacker_wins", "et-spionaaz:21"),
        ("general", "sapper", "attacker_wins", "et-spionaaz:21"),
        ("colonel", "general", "defender_wins", "et-spionaaz:31"),  # only sappers (and generals) take generals
        ("spy", "corporal", "defender_wins", "et-spionaaz:27"),
        ("spy", "sapper", "attacker_wins", "et-spionaaz:27"),
        ("sapper", "corporal", "defender_wins", "et-spionaaz:32"),
        ("sapper", "spy", "attacker_wins", "et-spionaaz:32"),
        ("general", "mine", "defender_wins", "et-spionaaz:22"),
        ("spy", "mine", "defender_wins", "et-spionaaz:27"),
        ("sapper", "mine", "attacker_wins", "et-spionaaz:30"),
        ("spy", "headquarters", "attacker_wins", "et-spionaaz:13"),
    ],
)
def test_combat_table(attacker, defender, expected, passage):
    """The capture rules, one passage per case (named in the parameters)."""
    result = ruleset("spionaaz").combat(attacker, defender)
    assert result.outcome == expected
    assert passage in result.cites


def test_attacker_moves_onto_the_square_and_mine_stays():
    """et-spionaaz:10, :14, :35 — the winner takes the square; a mine stays after killing."""
    g = game({"e4": "south:captain", "e5": "north:corporal", "a1": "south:headquarters", "a10": "north:headquarters"})
    g.play("e4-e5")
    assert g.view("referee").piece_at("e5")["piece"] == "captain" and g.view("referee").piece_at("e4") is None
    g = game({"e4": "south:captain", "e5": "north:mine", "a1": "south:headquarters", "a10": "north:headquarters"})
    g.play("e4-e5")
    assert g.view("referee").piece_at("e5")["piece"] == "mine" and g.view("referee").piece_at("e4") is None


def test_two_different_pieces_per_turn():
    """et-spionaaz:9 — a turn is two moves with two different pieces."""
    g = game({"c2": "south:corporal", "h2": "south:lieutenant", "c9": "north:corporal"})
    g.play("c2-c3")
    assert g.to_move == 0  # still south's turn
    assert all(m.frm != g.board.cell("c3") for m in g.legal_moves())
    with pytest.raises(IllegalMoveError, match="already moved this turn"):
        g.play("c3-c4")
    g.play("h2-h3")
    assert g.side == "north"


def test_no_move_straight_back():
    """et-spionaaz:8 — a piece cannot return to its previous square until it has moved elsewhere."""
    g = game({"c2": "south:corporal", "h2": "south:lieutenant", "c9": "north:corporal", "h9": "north:corporal"})
    g.play("c2-c3")
    g.play("h2-h3")
    g.play("c9-c8")
    g.play("h9-h8")
    with pytest.raises(IllegalMoveError, match="may not go straight back"):
        g.play("c3-c2")


def test_spy_unmasks_neighbours_for_good():
    """et-spionaaz:24-26 — every enemy piece next to a spy, diagonals included, stays visible to its owner."""
    g = game({"d4": "south:spy", "a1": "south:corporal", "e6": "north:general", "h9": "north:corporal"})
    assert g.view("south").piece_at("e6")["piece"] is None
    g.play("d4-d5")  # now diagonal to e6
    assert g.view("south").piece_at("e6")["piece"] == "general"
    told = [e for e in g.view("south").events if e["type"] == "revealed"]
    assert [(e["rule"], e["pieces"], e["cells"]) for e in told] == [
        ("spz.unmask", [[g.uid[g.board.cell("e6")], "general", "north"]], ["e6"])
    ]
    assert not [e for e in g.view("north").events if e["type"] == "revealed"]  # the unmasked side is not told
    g.play("a1-a2")  # the turn's second move, with another piece
    g.play("h9-h8")
    g.play("e6-e7")  # the general moves away from the spy: it stays unmasked
    assert g.view("south").piece_at("e7")["piece"] == "general"
    assert g.view("north").piece_at("d5")["piece"] is None  # the spy itself is not revealed


def test_volcanoes_block_and_are_placed_at_random():
    """et-spionaaz:12, :40 — no piece enters a volcano; their places come from the seed."""
    rs = ruleset("spionaaz", volcanoes=6)
    a, b = rs.new_game(seed=1), rs.new_game(seed=2)
    volcanoes = a.record()["prepared"]["volcanoes"]
    assert len(volcanoes) == 6 and volcanoes != b.record()["prepared"]["volcanoes"]
    assert volcanoes == rs.new_game(seed=1).record()["prepared"]["volcanoes"]
    blocked = {a.board.cell(v) for v in volcanoes}
    assert not any(m.to in blocked for m in a.legal_moves())
    assert all(a.is_blocked(c) for c in blocked)
    assert [(e["type"], e["rule"], e["cells"]) for e in a.events] == [("blocked", "spz.volcano-placement", volcanoes)]


def test_capturing_headquarters_wins_and_no_move_loses():
    """et-spionaaz:43 — capturing the HQ wins; :44 — a player who cannot move loses."""
    g = game({"e4": "south:spy", "e5": "north:headquarters", "a1": "south:headquarters"})
    g.play("e4-e5")
    assert g.result["winner"] == "south" and g.result["reason"] == "spz.win-hq"
    g = game({"e4": "south:corporal", "e6": "north:corporal", "a1": "south:headquarters", "a10": "north:headquarters"})
    g.play("e4-e5")  # only one south piece can move; the turn ends after one move
    g.play("e6-e5")  # north's corporal attacks: equal ranks, attacker wins
    assert g.result["winner"] == "north" and g.result["reason"] == "spz.no-move-loses"


def test_ranks_hidden_until_unmasked():
    """et-spionaaz:5 — the opponent sees positions, not ranks (captures reveal nothing by default)."""
    g = game({"e4": "south:captain", "e5": "north:corporal", "a1": "south:headquarters", "j10": "north:headquarters"})
    g.play("e4-e5")
    assert g.view("north").piece_at("e5")["piece"] is None
    assert g.view("north").events[0]["pieces"][0][1] is None


def test_what_the_text_does_not_say_of_spy_and_sapper_attacks_is_inferred():
    """et-spionaaz:27, :29, :31, :32 list what spies and sappers capture, not what befalls them attacking others (:15)."""
    rs = ruleset("spionaaz")
    for rule in ("spz.spy-captures-only", "spz.sapper-captures-only"):
        assert rs.rule(rule).certainty == "inferred" and "et-spionaaz:15" in rs.rule(rule).cites
    assert rs.combat("spy", "corporal").rule.id == "spz.spy-captures-only"
