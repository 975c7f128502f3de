"""Rule tests for the Japanese War Game; each names the clause it checks.

Clause n is the same in both versions (fi-japanilainen-sotapeli:n and
sv-japanska-krigsspelet:n are aligned one to one).
"""

from __future__ import annotations

import pytest

from wararchive.engine import IllegalMoveError, SetupError, ruleset

FI = "fi-japanilainen-sotapeli"


def game(pieces, to_move="south", **options):
    return ruleset("japanese-war-game", **options).position(pieces, to_move=to_move)


def outcome(g):
    return [e for e in g.events if e["type"] == "combat"][-1]


def test_army_has_35_tiles_with_the_listed_counts():
    """fi:13-16 — 35 tiles a side; the table's counts."""
    rs = ruleset("japanese-war-game")
    counts = dict(zip(rs.pieces.piece_id, rs.pieces["count"], strict=True))
    assert sum(counts.values()) == 35
    assert counts == {
        "field_marshal": 1, "lieutenant_general": 1, "major_general": 2, "colonel": 3, "lieutenant_colonel": 3,
        "major": 3, "captain": 3, "lieutenant": 3, "second_lieutenant": 3, "cavalryman": 3, "pioneer": 4,
        "mine": 4, "spy": 1, "flag": 1,
    }  # fmt: skip


def test_every_square_but_the_bridges_is_filled():
    """fi:9 — the tiles fill every square of the own field (7x5 board)."""
    g = ruleset("japanese-war-game").new_game(seed=4)
    occupied = [c for c in range(len(g.board)) if g.owner[c] >= 0]
    river = [c for c in range(len(g.board)) if g.board.has(c, "water") or g.board.has(c, "bridge")]
    assert len(occupied) == 70 and not set(occupied) & set(river)


def test_higher_rank_knocks_out_lower_without_moving():
    """fi:6, fi:20 — the higher knocks out the lower and does not take its place."""
    g = game({"d3": "south:colonel", "d5": "north:major"})
    g.play("d3-d4")
    ev = outcome(g)
    assert ev["outcome"] == "attacker_wins" and ev["rule"] == "jwg.higher-wins"
    assert f"{FI}:20" in ev["cites"]
    assert g.view("referee").piece_at("d4")["piece"] == "colonel"
    assert g.view("referee").piece_at("d5") is None


def test_lower_rank_striking_is_knocked_out():
    """fi:6 — the higher wins whichever side moved."""
    g = game({"d3": "south:major", "d5": "north:colonel"})
    g.play("d3-d4")
    assert outcome(g)["outcome"] == "defender_wins"
    assert g.view("referee").piece_at("d4") is None


def test_equal_ranks_both_knocked_out():
    """fi:26 — equal ranks: both fall."""
    g = game({"d3": "south:captain", "d5": "north:captain", "a1": "south:lieutenant", "a11": "north:lieutenant"})
    g.play("d3-d4")
    assert outcome(g)["outcome"] == "both_removed" and outcome(g)["rule"] == "jwg.tie"


def test_only_pioneers_knock_out_mines():
    """fi:21 — pioneers knock out mines; any other tile in front of a mine falls."""
    g = game({"d3": "south:field_marshal", "d5": "north:mine", "a11": "north:lieutenant"})
    g.play("d3-d4")
    assert outcome(g)["rule"] == "jwg.mine" and outcome(g)["outcome"] == "defender_wins"
    g = game({"d2": "south:pioneer", "d5": "north:mine", "a11": "north:lieutenant"})
    g.play("d2-d4")  # pioneers slide (fi:18)
    assert outcome(g)["rule"] == "jwg.pioneer-mine" and outcome(g)["outcome"] == "attacker_wins"


def test_spy_beats_field_marshal_and_loses_to_all_others():
    """fi:22 — the spy knocks out the field marshal; every other tile knocks out the spy."""
    g = game({"d3": "south:spy", "d5": "north:field_marshal", "a11": "north:lieutenant"})
    g.play("d3-d4")
    assert outcome(g)["rule"] == "jwg.spy-beats-marshal" and outcome(g)["outcome"] == "attacker_wins"
    g = game({"d3": "south:spy", "d5": "north:pioneer", "a11": "north:lieutenant"})
    g.play("d3-d4")
    assert outcome(g)["outcome"] == "defender_wins"


@pytest.mark.parametrize(("reading", "expected"), [("finnish", "defender_wins"), ("swedish", "attacker_wins")])
def test_field_marshal_striking_the_spy_follows_the_option(reading, expected):
    """fi:22 / sv:22 differ: the field marshal striking the spy."""
    g = game({"d7": "north:field_marshal", "d5": "south:spy", "a1": "south:lieutenant"}, to_move="north", spy_vs_marshal=reading)
    g.play("d7-d6")
    assert outcome(g)["outcome"] == expected


def test_strikes_only_forward_by_default_a_sideways_move_does_not_fight():
    """fi:25 — knocking out only when moving forward (option strike=forward-move)."""
    g = game({"c4": "south:colonel", "d5": "north:major", "a11": "north:lieutenant"})
    g.play("c4-d4")  # now face to face with d5, but the move was sideways
    assert not [e for e in g.events if e["type"] == "combat"]
    g = game({"c4": "south:colonel", "d5": "north:major", "a11": "north:lieutenant"}, strike="any-move")
    g.play("c4-d4")  # sv:25: strikes straight forward after any move
    assert outcome(g)["outcome"] == "attacker_wins"


def test_flag_takes_the_rank_of_the_tile_behind_it():
    """fi:23 — the flag's rank is that of the tile directly behind it."""
    g = game({"d3": "south:captain", "d5": "north:flag", "d6": "north:colonel", "a11": "north:lieutenant"})
    g.play("d3-d4")
    ev = outcome(g)
    assert ev["outcome"] == "defender_wins" and ev["rule"] == "jwg.higher-wins" and ev["via"] == "jwg.flag-rank"
    g = game({"d3": "south:colonel", "d5": "north:flag", "d6": "north:captain"})
    g.play("d3-d4")
    assert g.result["winner"] == "south" and g.result["reason"] == "jwg.win-flag"  # fi:8


def test_flag_alone_is_defenceless():
    """fi:23 (conjecture jwg.flag-alone) — nothing behind: any tile takes it; fi:8 taking it wins."""
    g = game({"d3": "south:spy", "d5": "north:flag", "a11": "north:lieutenant"})
    g.play("d3-d4")
    assert outcome(g)["rule"] == "jwg.flag-alone"
    assert g.result["reason"] == "jwg.win-flag"


def test_occupying_the_enemy_headquarters_wins():
    """fi:7 — occupying the headquarters square (back-centre, conjecture) wins."""
    g = game({"c11": "south:lieutenant", "a10": "north:lieutenant"})
    g.play("c11-d11")
    assert g.result == {**g.result, "winner": "south", "reason": "jwg.win-hq"}


def test_pioneers_and_cavalry_slide_others_step():
    """fi:17-19 — pioneers and cavalry move as far as the way is free; others one square."""
    g = game({"a1": "south:cavalryman", "g1": "south:major", "a11": "north:lieutenant"})
    targets = {g.move_text(m) for m in g.legal_moves()}
    assert {"a1-a5", "a1-f1"} <= targets  # up to the river bank and along the row
    assert "a1-a6" not in targets  # the river (a6 is water on the default board)
    assert {m for m in targets if m.startswith("g1")} == {"g1-g2", "g1-f1"}  # one square only


def test_mines_and_flag_do_not_move():
    """fi:15 — mines and the flag are immobile."""
    g = game({"a1": "south:mine", "b1": "south:flag", "g1": "south:lieutenant", "a11": "north:lieutenant"})
    assert {g.move_text(m).split("-")[0] for m in g.legal_moves()} == {"g1"}
    with pytest.raises(IllegalMoveError, match=r"ply 1: .*immobile"):
        g.play("a1-a2")


def test_flag_must_stand_in_three_rear_rows():
    """fi:24 — the flag on one of the three rearmost rows."""
    rs = ruleset("japanese-war-game")
    g = rs.new_game(seed=1)
    setup = g.record()["setups"]
    flag_square = next(sq for sq, p in setup["south"].items() if p == "flag")
    assert int(flag_square[1:]) <= 3
    bad = dict(setup["south"])
    far = next(sq for sq, p in bad.items() if sq.endswith("5"))
    bad[flag_square], bad[far] = bad[far], "flag"
    with pytest.raises(SetupError, match="flag may not be placed"):
        rs.new_game(seed=1, setup={"south": bad, "north": setup["north"]})


def test_referee_variant_hides_the_ranks_of_fighting_tiles():
    """fi:27 — the referee removes beaten tiles without telling their ranks."""
    pieces = {"d3": "south:colonel", "d5": "north:major", "e5": "north:captain", "a1": "south:lieutenant"}
    plain = game(pieces)
    plain.play("d3-d4")
    assert plain.view("north").piece_at("d4")["piece"] == "colonel"  # fi:20: ranks examined
    secret = game(pieces, referee=True)
    secret.play("d3-d4")
    assert secret.view("north").piece_at("d4")["piece"] is None
    ev = secret.view("north").events[0]
    assert ev["pieces"][0][1] is None and ev["rule"] == "hidden"
    assert secret.view("referee").events[0]["pieces"][0][1] == "colonel"


# the striker's colonel meets a flag backed by the field marshal, or a lieutenant general: he falls either way
FLAG_BACKED = {"d7": "south:colonel", "d9": "north:flag", "d10": "north:field_marshal", "a1": "south:major", "g11": "north:major"}
GENERAL = {**FLAG_BACKED, "d9": "north:lieutenant_general"}


def test_referee_variant_does_not_tell_the_striker_he_met_the_flag():
    """fi:27 (jwg.referee), fi:23 (jwg.flag-rank) — in the referee variant the striker of a flag learns no more than
    that his tile fell: the combat he reads names neither the rule the flag's rank came through (``via``) nor the tile
    behind it, in his events, his view or his transcript, and reads the same as a fall against a higher tile."""
    import json

    from wararchive.engine.transcript import play_ply

    read = []
    for pieces in (FLAG_BACKED, GENERAL):
        g = game(pieces, referee=True)
        lines = play_ply(g, g.parse_move("d7-d8"), "south")
        ev = g.visible_events("south")[-1]
        assert ev["outcome"] == "defender_wins" and ev["rule"] == "hidden" and "via" not in ev and len(ev["pieces"]) == 2
        view = json.dumps(g.view("south").to_dict(), sort_keys=True)
        read.append((lines, view, g.visible_events("south")))
    assert read[0] == read[1]
    referee = game(FLAG_BACKED, referee=True)
    referee.play("d7-d8")
    ev = referee.visible_events("referee")[-1]
    assert ev["via"] == "jwg.flag-rank" and ev["pieces"][2][1] == "field_marshal"  # the referee's record keeps it all


def test_board_option_9x4_leaves_headquarters_empty():
    """fi:4, fi:9 (option board) — the Gunjin-style 9x4 field keeps its headquarters square free."""
    g = ruleset("japanese-war-game", board="9x4").new_game(seed=2)
    assert g.view("referee").piece_at("e1") is None and g.view("referee").piece_at("e9") is None
    assert sum(1 for c in g.owner if c == 0) == 35


# -- the open cases: each a named reading, none labelled attested -------------------------------
def test_open_cases_are_not_labelled_attested():
    """fi:21-23, fi:26 — the notes call these cases open: conjecture or inferred, with a reason."""
    rs = ruleset("japanese-war-game")
    for rule in ("jwg.flag-backer", "jwg.flag-tie", "jwg.mine-contact"):
        assert rs.rule(rule).certainty == "conjecture" and rs.rule(rule).reason
    for rule in ("jwg.mine-stays", "jwg.spy-vs-spy", "jwg.marshal-strikes-spy"):
        assert rs.rule(rule).certainty == "inferred" and rs.rule(rule).reason
    assert "stays" not in rs.rule("jwg.mine").summary
    assert rs.declared["spy_vs_marshal"].certainty == "inferred"
    assert [r.value for r in rs.declared["spy_vs_marshal"].readings] == ["finnish", "swedish", "both-fall"]


@pytest.mark.parametrize(("to_move", "spy", "marshal", "mover"), [("north", "d5", "d7", "d7-d6"), ("south", "d3", "d5", "d3-d4")])
def test_spy_and_marshal_both_fall_in_the_both_fall_reading(to_move, spy, marshal, mover):
    """sv-japanska-krigsspelet:22 reading (c) — 'beaten by all others, but beats the field marshal': each beats the
    other; the record names the inferred rule of that reading, not the attested jwg.spy-beats-marshal."""
    pieces = {marshal: "north:field_marshal", spy: "south:spy", "a1": "south:lieutenant", "a11": "north:lieutenant"}
    g = game(pieces, to_move=to_move, spy_vs_marshal="both-fall")
    g.play(mover)
    assert outcome(g)["outcome"] == "both_removed" and outcome(g)["rule"] == "jwg.spy-marshal-both-fall"
    rule = g.rs.rule("jwg.spy-marshal-both-fall")
    assert rule.certainty == "inferred" and "sv-japanska-krigsspelet:22" in rule.cites
    assert ruleset("japanese-war-game", spy_vs_marshal="swedish").combat("spy", "field_marshal").rule.id == (
        "jwg.spy-beats-marshal"
    )


def test_spy_meeting_spy_both_fall_by_an_inferred_rule():
    """fi:22, fi:26 — 'all other tiles' does not cover a spy; both fall (jwg.spy-vs-spy, inferred)."""
    g = game({"d3": "south:spy", "d5": "north:spy", "a1": "south:lieutenant", "a11": "north:lieutenant"})
    g.play("d3-d4")
    assert outcome(g)["rule"] == "jwg.spy-vs-spy" and outcome(g)["outcome"] == "both_removed"


BACKED = {"d3": "south:captain", "d5": "north:flag", "a1": "south:lieutenant", "a11": "north:lieutenant"}


@pytest.mark.parametrize(
    ("backer", "reading", "taken"),
    [("mine", "as-tile", False), ("mine", "rank-only", True), ("spy", "as-tile", True), ("spy", "rank-only", True)],
)
def test_flag_backed_by_a_mine_or_the_spy_follows_option_flag_backer(backer, reading, taken):
    """fi:23 — a mine and the spy have no rank: jwg.flag-backer (conjecture) and option flag_backer decide."""
    g = game({**BACKED, "d6": f"north:{backer}"}, flag_backer=reading)
    g.play("d3-d4")
    assert outcome(g)["via"] == "jwg.flag-backer"
    assert (g.result is not None and g.result["reason"] == "jwg.win-flag") is taken


@pytest.mark.parametrize(("reading", "spy_wins"), [("as-tile", True), ("rank-only", False)])
def test_spy_striking_a_flag_backed_by_the_marshal_follows_option_flag_backer(reading, spy_wins):
    """fi:22, fi:23 — whether the spy's exception against the field marshal passes to the flag."""
    g = game({**BACKED, "d3": "south:spy", "d6": "north:field_marshal"}, flag_backer=reading)
    g.play("d3-d4")
    ev = outcome(g)
    assert ev["rule"] == "jwg.flag-backer"
    assert ev["outcome"] == ("attacker_wins" if spy_wins else "defender_wins")
    assert (g.result is not None) is spy_wins


def test_a_tie_against_the_flag_follows_option_flag_tie():
    """fi:23, fi:26 — a striker equal to the tile behind the flag: jwg.flag-tie (conjecture)."""
    g = game({**BACKED, "d6": "north:captain"})
    g.play("d3-d4")
    assert outcome(g)["rule"] == "jwg.flag-tie" and g.result["reason"] == "jwg.win-flag"
    g = game({**BACKED, "d6": "north:captain"}, flag_tie="backer-falls")
    g.play("d3-d4")
    ev, ref = outcome(g), g.view("referee")
    assert ev["rule"] == "jwg.flag-tie" and len(ev["removed"]) == 2 and g.result is None
    assert ref.piece_at("d4") is None and ref.piece_at("d6") is None and ref.piece_at("d5")["piece"] == "flag"


def test_a_sideways_move_in_front_of_a_mine_follows_option_mine_contact():
    """fi:21, fi:25 — 'all others are knocked out when they come in front of the mines', whatever the move?"""
    pieces = {"c4": "south:colonel", "d5": "north:mine", "a1": "south:lieutenant", "a11": "north:lieutenant"}
    g = game(pieces)
    g.play("c4-d4")
    assert not [e for e in g.events if e["type"] == "combat"]
    g = game(pieces, mine_contact="any-move")
    g.play("c4-d4")
    assert outcome(g)["rule"] == "jwg.mine" and outcome(g)["outcome"] == "defender_wins"
    assert g.view("referee").piece_at("d5")["piece"] == "mine"  # jwg.mine-stays


@pytest.mark.parametrize(("tie", "taken"), [("flag-falls", True), ("backer-falls", False)])
def test_spy_and_marshal_falling_together_before_the_flag_is_a_tie(tie, taken):
    """sv:22 (c), fi:23, fi:26 — the spy striking a marshal-backed flag when both fall: a tie, option flag_tie."""
    g = game({**BACKED, "d3": "south:spy", "d6": "north:field_marshal"}, spy_vs_marshal="both-fall", flag_tie=tie)
    g.play("d3-d4")
    assert outcome(g)["rule"] == "jwg.flag-tie" and (g.result is not None) is taken
