"""Rule tests for Sõjamäng (1935); each names the passage of et-sojamang-1935 it checks.

The board is the default reconstruction (option board=cfi): 9 files × 10 rows,
pink on rows 1–4 moving up, light-blue on rows 7–10 moving down, barbed wire
on c5 c6 f5 f6 i5 i6. Scenario positions keep a piece that could take a flag
on each side ("keepers") so that the referee's draw does not end them early.
"""

from __future__ import annotations

from collections import deque

import pytest

from wararchive.engine import IllegalMoveError, SetupError, ruleset
from wararchive.players import make_player, simulate_one

RID = "sojamang-1935"
KEEP = {"a1": "pink:colonel", "a10": "light-blue:colonel"}


def game(pieces, to_move="pink", keep=True, **options):
    return ruleset(RID, **options).position({**(KEEP if keep else {}), **pieces}, to_move=to_move)


def at(g, square):
    seen = g.view("referee").piece_at(square)
    return seen and seen["piece"]


def last(g, kind):
    return [e for e in g.events if e["type"] == kind][-1]


def moves(g):
    return {g.move_text(m) for m in g.legal_moves()}


def shuffle(g, n, pink=("a1", "a2"), blue=("a10", "a9")):
    """n moves of each side to and fro (by default the keepers)."""
    for _ in range(n):
        for a, b in (pink, blue):
            g.play(f"{a}-{b}" if at(g, a) else f"{b}-{a}")


# -- the army, the board, the setup ------------------------------------------------------------
def test_army_of_36_from_the_corrected_rank_table():
    """et-sojamang-1935:9, :24 — 36 pieces a side with the corrected table's counts and ranks."""
    rs = ruleset(RID)
    counts = dict(zip(rs.pieces.piece_id, rs.pieces["count"], strict=True))
    assert sum(counts.values()) == 36
    assert counts == {
        "general": 1, "lieutenant_general": 1, "major_general": 2, "colonel": 2, "tank": 2, "captain": 2,
        "battery_commander": 1, "lieutenant": 2, "junior_lieutenant": 2, "ensign": 2, "cavalry_ensign": 1,
        "cavalryman": 2, "pioneer": 4, "aviator": 2, "private": 0, "poison_gas": 1, "signal_post": 1,
        "supply_wagon": 1, "mine": 4, "cabaret": 1, "spy": 1, "flag": 1,
    }  # fmt: skip
    lettered = ("battery_commander", "cavalry_ensign", "pioneer", "aviator", "flag")
    assert [rs.piece(p).rank for p in lettered] == ["6a", "9a", "10a", "10b", None]


def test_board_has_three_real_passages_through_the_wire():
    """et-sojamang-1935:33, :93 (option board, conjecture) — six wire squares, three passages, only tanks enter."""
    g = ruleset(RID).new_game(seed=1)
    b = g.board
    assert sorted(b.names[c] for c in b.cells_with("wire")) == ["c5", "c6", "f5", "f6", "i5", "i6"]
    assert len(b.home[0]) == len(b.home[1]) == 36
    colonel, tank = g.rs.type_index["colonel"], g.rs.type_index["tank"]
    assert not g.enter[colonel][b.cell("c5")] and g.enter[tank][b.cell("c5")]
    # a piece that may not enter the wire crosses the middle only on the passage files
    crossing = {b.names[c][0] for c in range(len(b)) if b.row(c) in (4, 5) and g.enter[colonel][c]}
    assert crossing == set("abdegh")
    groups, seen = 0, set()
    for c in (c for c in range(len(b)) if b.row(c) == 4 and g.enter[colonel][c]):
        if c in seen:
            continue
        groups += 1
        todo = deque([c])
        while todo:
            x = todo.popleft()
            if x in seen:
                continue
            seen.add(x)
            todo.extend(y for y in (b.step[1][x], b.step[3][x]) if y >= 0 and g.enter[colonel][y])
    assert groups == 3


@pytest.mark.parametrize("seed", range(6))
def test_random_setups_keep_every_placement_rule(seed):
    """et-sojamang-1935:10, :28, :32, :33, :56, :62, :65, :72, :84 — a random setup obeys every placement rule."""
    g = ruleset(RID).new_game(seed=seed)
    for side, placed in g.record()["setups"].items():
        assert len(placed) == 36
        back = (lambda sq: int(sq[1:])) if side == "pink" else (lambda sq: 11 - int(sq[1:]))
        rows = {pid: sorted({back(sq) for sq, p in placed.items() if p == pid}) for pid in set(placed.values())}
        assert rows["flag"] == [1] and rows["ensign"] == [1]
        assert set(rows["signal_post"]) <= {1, 2} and set(rows["supply_wagon"]) <= {1, 2}
        assert set(rows["cabaret"]) <= {1, 3}  # three last lines, never the line in front of the flag (row 2)
        assert sum(1 for sq, p in placed.items() if p == "mine" and back(sq) == 2) <= 2
        front = {sq[0] for sq, p in placed.items() if p == "mine" and back(sq) == 4}
        assert not all(front & set(files) for files in ("ab", "de", "gh"))


def test_setups_breaking_the_mine_and_cabaret_rules_are_refused():
    """et-sojamang-1935:32, :33, :72 — mines on the flag's line, before all passages; the cabaret's line."""
    rs = ruleset(RID)
    good = rs.new_game(seed=3).record()["setups"]
    pink = dict(good["pink"])

    def swap(placed, a, b):
        out = dict(placed)
        out[a], out[b] = placed[b], placed[a]
        return out

    def put(placed, pid, squares):
        out = dict(placed)
        for sq in squares:
            other = next(s for s, p in out.items() if p == pid and s not in squares)
            out = swap(out, sq, other)
        return out

    row2 = [sq for sq in pink if sq.endswith("2") and pink[sq] not in ("flag", "signal_post", "supply_wagon")]
    with pytest.raises(SetupError, match="more than 2 mines on the line in front of the flag"):
        rs.new_game(seed=3, setup={"pink": put(pink, "mine", row2[:3]), "light-blue": good["light-blue"]})
    with pytest.raises(SetupError, match="mines in front of all three passages"):
        rs.new_game(seed=3, setup={"pink": put(pink, "mine", ["a4", "d4", "g4"]), "light-blue": good["light-blue"]})
    with pytest.raises(SetupError, match="cabaret may not be placed on"):
        rs.new_game(seed=3, setup={"pink": put(pink, "cabaret", [row2[0]]), "light-blue": good["light-blue"]})
    flag = next(sq for sq, p in pink.items() if p == "flag")
    with pytest.raises(SetupError, match="flag may not be placed"):
        rs.new_game(seed=3, setup={"pink": swap(pink, flag, "e3"), "light-blue": good["light-blue"]})


def test_flag_line_option_file_reading():
    """et-sojamang-1935:32, :72 (option flag_line=file) — the squares ahead of the flag in its file."""
    rs = ruleset(RID, flag_line="file")
    g = rs.new_game(seed=2)
    for placed in g.record()["setups"].values():
        flag = next(sq for sq, p in placed.items() if p == "flag")
        ahead = [sq for sq in placed if sq[0] == flag[0] and sq != flag]
        assert sum(placed[sq] == "mine" for sq in ahead) <= 2 and "cabaret" not in [placed[sq] for sq in ahead]


# -- moves and combat -------------------------------------------------------------------------
def test_one_free_square_and_immobile_mines_and_flag():
    """et-sojamang-1935:12, :30, :31 — one free square forward, back or sideways; mines and flag never move."""
    g = game({"e3": "pink:captain", "e4": "pink:mine", "b1": "pink:flag"}, keep=False)
    assert moves(g) == {"e3-e2", "e3-d3", "e3-f3"}


def test_attack_face_to_face_the_referee_removes_the_junior_silently():
    """et-sojamang-1935:14, :15 — the attacker comes face to face; the junior is removed; no rank is told."""
    g = game({"d3": "pink:colonel", "d5": "light-blue:ensign"})
    g.play("d3-d4")
    ev = last(g, "combat")
    assert ev["outcome"] == "attacker_wins" and ev["rule"] == "soj.higher-wins"
    assert at(g, "d4") == "colonel" and at(g, "d5") is None  # the winner does not move into the square
    blue = g.view("light-blue")
    assert blue.piece_at("d4")["piece"] is None
    assert blue.events[0]["pieces"][0][1] is None and blue.events[0]["rule"] == "hidden"
    assert g.view("pink").removed[0]["piece"] is None  # the ensign's rank is not told either


def test_forward_move_option_no_sideways_attack():
    """et-sojamang-1935:14 (option attack) — by default any move ending face to face attacks; optionally only forward."""
    pos = {"c4": "pink:colonel", "d5": "light-blue:ensign"}
    g = game(pos)
    g.play("c4-d4")
    assert last(g, "combat")["outcome"] == "attacker_wins"
    g = game(pos, attack="forward-move")
    g.play("c4-d4")
    assert not [e for e in g.events if e["type"] == "combat"]


@pytest.mark.parametrize(("reading", "expected"), [("equal", "both_removed"), ("below", "attacker_wins")])
def test_equal_ranks_both_removed_and_lettered_ranks(reading, expected):
    """et-sojamang-1935:17, :24, :50 (option lettered_ranks) — equals fall together; cavalryman 10 vs aviator 10b."""
    g = game({"d3": "pink:junior_lieutenant", "d5": "light-blue:junior_lieutenant"})
    g.play("d3-d4")
    assert last(g, "combat")["outcome"] == "both_removed" and last(g, "combat")["rule"] == "soj.tie"
    g = game({"d3": "pink:cavalryman", "d5": "light-blue:aviator"}, lettered_ranks=reading)
    g.play("d3-d4")
    assert last(g, "combat")["outcome"] == expected


@pytest.mark.parametrize(
    ("referee", "pink_learns", "blue_learns"),
    [("present", False, False), ("attacked-names", True, False), ("in-turn", False, True)],
)
def test_two_player_ways_of_announcing_ranks(referee, pink_learns, blue_learns):
    """et-sojamang-1935:15, :20 — with a referee nobody learns ranks; without, the attacked names his piece, or they
    name in turn (the attacker first)."""
    g = game({"d3": "pink:colonel", "d5": "light-blue:lieutenant"}, referee=referee)
    g.play("d3-d4")
    assert (g.view("pink").removed[0]["piece"] == "lieutenant") is pink_learns
    assert (g.view("light-blue").piece_at("d4")["piece"] == "colonel") is blue_learns


def test_the_flag_is_known_and_taken_by_reaching_the_square_in_front():
    """et-sojamang-1935:11, :29 — the flag's place is public; a piece in front of it takes it and wins."""
    g = game({"d8": "pink:ensign", "d10": "light-blue:flag"})
    assert g.view("pink").piece_at("d10")["piece"] == "flag"
    g.play("d8-d9")
    assert g.result["winner"] == "pink" and g.result["reason"] == "soj.win-flag"


def test_the_spy_may_not_go_face_to_face_with_the_flag():
    """et-sojamang-1935:75 — the spy cannot stand in front of the enemy flag."""
    g = game({"d8": "pink:spy", "d10": "light-blue:flag"})
    assert "d8-d9" not in moves(g)
    with pytest.raises(IllegalMoveError):
        g.play("d8-d9")


def test_mines_three_charges_and_the_pioneer():
    """et-sojamang-1935:34, :35 — every piece but the pioneer perishes on a mine, which goes after three explosions."""
    g = game({"b3": "pink:general", "d3": "pink:tank", "f3": "pink:major_general", "d5": "light-blue:mine",
              "b5": "light-blue:mine", "h9": "light-blue:captain"})  # fmt: skip
    for step, moved in (("d3-d4", "tank"), ("f3-e3", None), ("e3-e4", None)):
        g.play(step)
        if moved:
            assert last(g, "combat")["rule"] == "soj.mine" and at(g, "d5") == "mine"
        g.play("h9-h8" if g.ply % 4 == 1 else "h8-h9")
    g.play("e4-d4")  # the second victim
    assert at(g, "d5") == "mine"
    g.play("h9-h8" if at(g, "h9") else "h8-h9")
    g.play("b3-c3")
    g.play("h9-h8" if at(g, "h9") else "h8-h9")
    g.play("c3-c4")  # wire? c4 is in pink's field; c4 faces c5, wire: no fight
    g.play("h9-h8" if at(g, "h9") else "h8-h9")
    g.play("c4-d4")  # third explosion
    ev = last(g, "combat")
    assert ev["rule"] == "soj.mine-charges" and ev["outcome"] == "both_removed" and at(g, "d5") is None


def test_pioneer_defeats_a_mine_is_promoted_next_move_and_keeps_his_skill():
    """et-sojamang-1935:34, :36, :37 — the pioneer removes the mine, becomes an ensign at his next move, keeps his skill."""
    g = game({"d3": "pink:pioneer", "d5": "light-blue:mine", "e6": "light-blue:mine", "h9": "light-blue:captain"})
    g.play("d3-d4")
    assert last(g, "combat")["rule"] == "soj.pioneer-mine" and at(g, "d5") is None
    assert at(g, "d4") == "pioneer"  # not at once
    g.play("h9-h8")
    assert at(g, "d4") == "ensign" and last(g, "promotion")["rule"] == "soj.pioneer-promoted"
    assert "promotion" not in [e["type"] for e in g.view("light-blue").events]
    g.play("d4-e4")
    g.play("h8-h9")
    g.play("e4-e5")
    assert last(g, "combat")["rule"] == "soj.pioneer-keeps-skill" and at(g, "e6") is None


def test_cavalry_gallops_and_only_tanks_enter_the_wire():
    """et-sojamang-1935:38, :40, :42, :93 — cavalry (and the cavalry ensign) gallop; the wire stops all but tanks."""
    g = game({"b2": "pink:cavalryman", "h2": "pink:cavalry_ensign", "c4": "pink:tank", "a1": "pink:colonel"}, keep=False)
    ms = moves(g)
    assert {"b2-b10", "b2-g2", "h2-h10", "h2-h1"} <= ms and "b2-h2" not in ms
    assert "c4-c5" in ms and "b2-c2" in ms
    g2 = game({"c3": "pink:cavalryman", "f4": "pink:captain"}, keep=False)
    assert "c3-c5" not in moves(g2) and "f4-f5" not in moves(g2)
    assert "c3-c4" in moves(g2)
    g3 = game({"b2": "pink:cavalryman"}, gallop="eight-way", keep=False)
    assert "b2-e5" in moves(g3)


def test_cavalry_ensign_reconnaissance_reveals_exactly_one_rank_to_his_commander():
    """et-sojamang-1935:40, :41 — once a game the attacked piece must be named: its rank is told to him alone."""
    g = game({"a3": "pink:cavalry_ensign", "a7": "light-blue:captain", "d9": "light-blue:major_general"})
    assert "recon:a3-a6>a7" in moves(g)
    known_before = set(g.known_to(0))
    g.play("recon:a3-a6>a7")
    assert at(g, "a6") is None  # the ensign (9a) perished against the captain (6)
    assert g.known_to(0) - known_before == {g.uid[g.board.cell("a7")]}
    assert g.view("pink").piece_at("a7")["piece"] == "captain"
    assert g.view("light-blue").removed[0]["piece"] is None  # the enemy is not told what attacked him
    assert [e for e in g.view("pink").events if e["type"] == "reconnaissance"]
    assert not [e for e in g.view("light-blue").events if e["type"] == "reconnaissance"]
    g.play("d9-d8")
    assert not [m for m in moves(g) if m.startswith("recon")]


# -- the battery --------------------------------------------------------------------------------
def battery(**options):
    pos = {"d1": "pink:battery_commander", "d2": "pink:lieutenant", "d3": "pink:ensign",
           "d7": "light-blue:captain", "d9": "light-blue:mine", "d10": "light-blue:flag"}  # fmt: skip
    return game(pos, **options)


def test_battery_fires_only_under_cover_and_never_at_the_flag():
    """et-sojamang-1935:43, :45 — two own pieces in front; fire straight forward over them at any enemy square."""
    g = battery()
    fire = {m for m in moves(g) if m.startswith("fire")}
    assert "fire:d1-d1>d7=captain" in fire and "fire:d1-d1>d9=mine" in fire
    assert not [m for m in fire if ">d10" in m]
    g = game({"d1": "pink:battery_commander", "d2": "pink:lieutenant", "d7": "light-blue:captain"})
    assert not [m for m in moves(g) if m.startswith("fire")]


def test_battery_named_rank_destroys_the_target_and_hides_its_square():
    """et-sojamang-1935:43, :44, :45, :46 — a correctly named target perishes; the enemy never learns where the fire
    came from."""
    g = battery()
    g.play("fire:d1-d1>d7=captain")
    assert at(g, "d7") is None and last(g, "fire")["hit"] is True
    blue = g.view("light-blue")
    assert blue.piece_at("d1")["moved"] is False and blue.piece_at("d1")["piece"] is None
    for ev in blue.events:
        assert "d1" not in ev.get("cells", []) and "d1" not in str(ev.get("target"))
    assert next(e for e in g.view("pink").events if e["type"] == "fire-order")["cells"] == ["d1", "d7"]


def test_battery_wrong_guess_harmless_and_demoted_to_captain():
    """et-sojamang-1935:44 — a wrong name does no harm and turns the battery commander into a captain."""
    g = battery()
    g.play("fire:d1-d1>d7=colonel")
    assert at(g, "d7") == "captain" and at(g, "d1") == "captain"
    assert last(g, "fire")["hit"] is False and last(g, "fire")["rule"] == "soj.battery-miss"


def test_battery_fire_spares_mines():
    """et-sojamang-1935:45 — mines do not suffer from artillery fire."""
    g = battery()
    g.play("fire:d1-d1>d9=mine")
    assert at(g, "d9") == "mine" and at(g, "d1") == "battery_commander"
    assert last(g, "fire")["rule"] == "soj.battery-immune"


def test_battery_naming_a_mine_rightly_learns_the_rank():
    """et-sojamang-1935:44, :45 — unharmed but not demoted, the firer knows his guess was right: his view shows the mine."""
    g = battery()
    assert g.view("pink").piece_at("d9")["piece"] is None
    g.play("fire:d1-d1>d9=mine")
    assert g.view("pink").piece_at("d9")["piece"] == "mine"
    g = battery()
    g.play("fire:d1-d1>d9=captain")  # a wrong guess (:44) teaches him only that it is not a captain
    assert g.view("pink").piece_at("d9")["piece"] is None


def test_battery_move_and_fire_option():
    """et-sojamang-1935:43 (option battery_fire) — the battery may step, then fire from its new square."""
    g = game({"c1": "pink:battery_commander", "d2": "pink:lieutenant", "d3": "pink:ensign", "d7": "light-blue:captain"},
             battery_fire="move-and-fire")  # fmt: skip
    assert "fire:c1-d1>d7=captain" in moves(g)
    g.play("fire:c1-d1>d7=captain")
    assert at(g, "d1") == "battery_commander" and at(g, "d7") is None


# -- the aviator ---------------------------------------------------------------------------------
def test_aviator_flies_bombs_and_must_return():
    """et-sojamang-1935:47, :48, :49 — fly to a free square with two free squares in front, bomb a diagonal square,
    come back with the next move."""
    g = game({"a2": "pink:aviator", "e8": "light-blue:general", "h9": "light-blue:captain"})
    assert "fly:a2-d7>e8" in moves(g) and "fly:a2-f7>e8" in moves(g)
    g.play("fly:a2-d7>e8")
    assert at(g, "e8") is None and at(g, "d7") == "aviator" and last(g, "bombs")["rule"] == "soj.aviator-bombs"
    assert g.view("light-blue").piece_at("d7")["piece"] == "aviator"  # a flight cannot be hidden
    g.play("h9-h8")
    assert moves(g) == {"return:d7-a2"}
    with pytest.raises(IllegalMoveError, match="pink must play return:d7-a2"):
        g.play("a1-b1")
    g.play("return:d7-a2")
    assert at(g, "a2") == "aviator"


def test_aviator_needs_three_free_squares_in_a_line():
    """et-sojamang-1935:47 — no landing where a piece stands in the two squares in front."""
    g = game({"a2": "pink:aviator", "e8": "light-blue:general", "d9": "light-blue:captain", "f8": "light-blue:lieutenant"})
    ms = moves(g)
    assert "fly:a2-d7>e8" not in ms  # d9 is taken
    assert "fly:a2-f7>e8" not in ms  # f8 is taken


def test_aviator_bombing_a_mine_perishes_with_it():
    """et-sojamang-1935:34, :48 — bombs remove a mine and the aviator dies in the double explosion."""
    g = game({"a2": "pink:aviator", "e8": "light-blue:mine", "h9": "light-blue:captain"})
    g.play("fly:a2-d7>e8")
    assert at(g, "e8") is None and at(g, "d7") is None and last(g, "bombs")["rule"] == "soj.aviator-mine"
    g.play("h9-h8")
    assert not [m for m in moves(g) if m.startswith("return")]


@pytest.mark.parametrize(("reading", "flag_target"), [("immune", False), ("taken", True)])
def test_bombs_and_the_flag(reading, flag_target):
    """et-sojamang-1935:48 (option bomb_flag) — by default the flag cannot be bombed."""
    g = game({"a2": "pink:aviator", "e8": "light-blue:flag"}, bomb_flag=reading)
    assert ("fly:a2-d7>e8" in moves(g)) is flag_target
    if flag_target:
        g.play("fly:a2-d7>e8")
        assert g.result["winner"] == "pink"


# -- the gas ------------------------------------------------------------------------------------
def test_gas_release_kills_the_line_spares_mines_and_flag_and_stops_at_gas_masks():
    """et-sojamang-1935:53, :54, :55, :76 — once, along a line: own and enemy perish, mines and flag stay, a junior
    lieutenant stops it; the gas is spent."""
    g = game({"a3": "pink:poison_gas", "b3": "pink:captain", "c3": "light-blue:captain", "d3": "pink:mine",
              "e3": "light-blue:junior_lieutenant", "f3": "light-blue:general"})  # fmt: skip
    assert {"gas:a3-a3>b3", "gas:a3-a3>a4", "gas:a3-a3>a2"} <= moves(g)
    g.play("gas:a3-a3>b3")
    assert [at(g, sq) for sq in ("a3", "b3", "c3", "d3", "e3", "f3")] == [
        None, None, None, "mine", "junior_lieutenant", "general"]  # fmt: skip
    assert last(g, "gas-spent")["rule"] == "soj.gas-spent"


def test_gas_passes_over_the_barbed_wire():
    """et-sojamang-1935:54 — the barbed wire does not stop the gas."""
    g = game({"c4": "pink:poison_gas", "c7": "light-blue:captain", "c10": "light-blue:flag"})
    g.play("gas:c4-c4>c5")
    assert at(g, "c7") is None and at(g, "c10") == "flag"


# -- the signal post -----------------------------------------------------------------------------
def test_signal_post_captured_demotes_officers_and_is_won_back():
    """et-sojamang-1935:57, :58, :59, :60 — captured, not destroyed; officers 1–8 fall a rank; recaptured."""
    g = game({"d7": "pink:colonel", "d9": "light-blue:signal_post", "b5": "pink:colonel",
              "b7": "light-blue:colonel", "e3": "light-blue:lieutenant"})  # fmt: skip
    g.play("d7-d8")
    assert last(g, "signal-post")["rule"] == "soj.signal-captured"
    assert at(g, "d9") is None and at(g, "e1") == "signal_post"
    assert g.view("referee").piece_at("e1")["side"] == "pink"
    assert "e1-f1" in {m for m in moves_of(g, "pink")}  # it moves for its captor, on his last two lines
    g.play("b7-b6")  # light-blue's colonel, now one rank lower, attacks pink's colonel
    ev = last(g, "combat")
    assert ev["outcome"] == "defender_wins" and ev["rule"] == "soj.signal-demotion"
    g.play("a1-a2")
    g.play("e3-e2")  # light-blue goes up against its lost post from the front
    assert last(g, "signal-post")["rule"] == "soj.signal-recapture"
    assert at(g, "e1") is None and at(g, "e10") == "signal_post" and not g.hook_state.no_post[1]


def moves_of(g, side):
    """The moves ``side`` would have if it were to move now (without changing the game)."""
    saved, g.to_move, g._legal = g.to_move, g.rs.side_index(side), None
    try:
        return {g.move_text(m) for m in g.legal_moves()}
    finally:
        g.to_move, g._legal = saved, None


def test_signal_post_destroyed_by_gas_and_not_taken_by_the_spy():
    """et-sojamang-1935:57, :59 — gas destroys it (officers fall); the spy can neither capture nor recapture it."""
    g = game({"d7": "pink:spy", "d9": "light-blue:signal_post"})
    g.play("d7-d8")
    assert last(g, "combat")["rule"] == "soj.signal-spy" and at(g, "d9") == "signal_post"
    g = game({"g9": "light-blue:poison_gas", "d9": "light-blue:signal_post"}, to_move="light-blue")
    g.play("gas:g9-g9>f9")
    assert at(g, "d9") is None and g.hook_state.no_post[1]


def test_signal_post_and_supply_wagon_keep_to_the_last_two_lines():
    """et-sojamang-1935:56, :62 — placed and moving only on the last two lines of their own field."""
    g = game({"d2": "pink:signal_post", "f2": "pink:supply_wagon"})
    ms = moves(g)
    assert {"d2-d1", "d2-c2", "f2-f1", "f2-g2"} <= ms and "d2-d3" not in ms and "f2-f3" not in ms


# -- the supply wagon -----------------------------------------------------------------------------
def test_losing_the_supply_wagon_gives_the_enemy_two_more_moves():
    """et-sojamang-1935:13, :63, :64 — anyone but the spy takes it; the captor then makes two more moves in a row."""
    g = game({"d7": "pink:lieutenant", "d9": "light-blue:supply_wagon", "h9": "light-blue:captain"})
    g.play("d7-d8")
    assert last(g, "combat")["rule"] == "soj.wagon-taken" and at(g, "d9") is None
    assert {k: last(g, "extra-moves")[k] for k in ("rule", "side", "moves")} == {
        "rule": "soj.wagon-extra-moves",
        "side": "pink",
        "moves": 2,
    }
    assert g.side == "pink"
    g.play("d8-d9")
    assert g.side == "pink"
    g.play("d9-d10")
    assert g.side == "light-blue"
    g = game({"d7": "pink:spy", "d9": "light-blue:supply_wagon"})
    g.play("d7-d8")
    assert last(g, "combat")["rule"] == "soj.wagon-not-spy" and at(g, "d9") == "supply_wagon"
    assert g.side == "light-blue"


# -- the cabaret ---------------------------------------------------------------------------------
def cabaret(nailed="captain", **options):
    return game({"d6": f"pink:{nailed}", "d8": "light-blue:cabaret", "h9": "light-blue:captain",
                 "b7": "pink:general", "e4": "pink:poison_gas"}, **options)  # fmt: skip


def test_cabaret_nails_its_attacker():
    """et-sojamang-1935:66 — the attacked cabaret stays; the attacker stands nailed before it."""
    g = cabaret()
    g.play("d6-d7")
    assert last(g, "combat")["outcome"] == "neither_removed" and last(g, "combat")["rule"] == "soj.cabaret-nails"
    assert at(g, "d7") == "captain" and at(g, "d8") == "cabaret"
    assert not [m for m in moves(g) if m.startswith("d7")]
    assert g.is_frozen(g.uid[g.board.cell("d7")]) and g.is_frozen(g.uid[g.board.cell("d8")])
    assert (last(g, "frozen")["rule"], sorted(last(g, "frozen")["cells"])) == ("soj.cabaret-nails", ["d7", "d8"])
    assert g.view("pink").piece_at("d8")["piece"] == "cabaret"
    told = [e for e in g.view("pink").events if e["type"] == "revealed"][-1]
    assert (told["rule"], told["cells"], told["pieces"][0][1]) == ("soj.cabaret-nails", ["d8"], "cabaret")
    g.play("h9-h8")
    with pytest.raises(IllegalMoveError, match="may not move for now"):
        g.play("d7-c7")


def test_cabaret_rescue_removes_it_and_arrests_the_piece():
    """et-sojamang-1935:66, :67, :68 — a higher piece comes beside it; the cabaret goes; the piece sits out 3 moves."""
    g = cabaret()
    g.play("d6-d7")
    g.play("h9-h8")
    g.play("b7-c7")  # the general comes beside the nailed captain
    assert last(g, "rescue")["rule"] == "soj.cabaret-rescue" and at(g, "d8") is None
    assert at(g, "e1") == "captain" and at(g, "d7") is None
    for i in range(3):
        assert not [m for m in moves_of(g, "pink") if m.startswith("e1")]
        g.play("h8-h9" if i % 2 == 0 else "h9-h8")
        g.play("a1-a2" if i % 2 == 0 else "a2-a1")
    assert [m for m in moves_of(g, "pink") if m.startswith("e1")]
    assert (last(g, "unfrozen")["rule"], last(g, "unfrozen")["cells"]) == ("soj.cabaret-arrest", ["e1"])


def test_a_lower_piece_cannot_rescue():
    """et-sojamang-1935:66 — only a piece higher in rank than the nailed one leads it away."""
    g = game({"d6": "pink:colonel", "d8": "light-blue:cabaret", "h9": "light-blue:captain", "b7": "pink:captain"})
    g.play("d6-d7")
    g.play("h9-h8")
    g.play("b7-c7")
    assert at(g, "d8") == "cabaret" and at(g, "d7") == "colonel"


@pytest.mark.parametrize(("move", "becomes"), [("b7-c7", "private"), ("rescue:b7-c7>d7=cavalryman", "cavalryman")])
def test_a_rescued_general_is_demoted(move, becomes):
    """et-sojamang-1935:69 — a general rescued from the cabaret becomes a private, pioneer or cavalryman."""
    g = game({"d6": "pink:major_general", "d8": "light-blue:cabaret", "h9": "light-blue:captain", "b7": "pink:general"})
    g.play("d6-d7")
    g.play("h9-h8")
    assert {"rescue:b7-c7>d7=pioneer", "rescue:b7-c7>d7=cavalryman"} <= moves(g)
    g.play(move)
    assert at(g, "e1") == becomes and g.view("light-blue").piece_at("e1")["piece"] is None


def test_gas_on_the_cabaret_takes_the_nailed_piece_too():
    """et-sojamang-1935:70 — gas (bombs, fire) aimed at the cabaret carries it off with its nailed piece."""
    g = game({"d6": "pink:captain", "d8": "light-blue:cabaret", "h8": "light-blue:poison_gas"})
    g.play("d6-d7")
    g.play("gas:h8-h8>g8")
    assert at(g, "d8") is None and at(g, "d7") is None


def test_cabaret_moves_with_its_nailed_piece():
    """et-sojamang-1935:71 — the pair moves one square on the cabaret's lines if both squares are free."""
    g = cabaret()
    g.play("d6-d7")
    assert "cabaret:d8-e8>d7" in moves(g) and not [m for m in moves(g) if m.startswith("d8-")]
    g.play("cabaret:d8-e8>d7")
    assert at(g, "e8") == "cabaret" and at(g, "e7") == "captain"


def test_cabaret_keeps_off_the_line_in_front_of_the_flag():
    """et-sojamang-1935:65, :72 — three last lines, never the line in front of the flag."""
    g = game({"d3": "pink:cabaret", "e1": "pink:flag"})
    ms = moves(g)
    assert "d3-d2" not in ms and "d3-d4" not in ms and {"d3-c3", "d3-e3"} <= ms


# -- the spy ------------------------------------------------------------------------------------
def test_spy_takes_only_the_general_and_is_promoted():
    """et-sojamang-1935:73, :74 — the spy takes the general, becomes a lieutenant at his next move; others shoot him."""
    g = game({"d3": "pink:spy", "d5": "light-blue:general", "h9": "light-blue:captain"})
    g.play("d3-d4")
    assert last(g, "combat")["rule"] == "soj.spy-takes-general" and at(g, "d5") is None
    g.play("h9-h8")
    assert at(g, "d4") == "lieutenant"
    g = game({"d3": "pink:spy", "d5": "light-blue:ensign"})
    g.play("d3-d4")
    assert last(g, "combat")["rule"] == "soj.spy-shot" and at(g, "d4") is None


@pytest.mark.parametrize(("reading", "expected"), [("any-collision", "defender_wins"), ("spy-attacks", "attacker_wins")])
def test_general_attacking_the_spy(reading, expected):
    """et-sojamang-1935:73, :74 (option spy_vs_general) — by default the spy takes the general whoever attacks."""
    g = game({"d3": "pink:general", "d5": "light-blue:spy"}, spy_vs_general=reading)
    g.play("d3-d4")
    assert last(g, "combat")["outcome"] == expected


# -- points 15–20 --------------------------------------------------------------------------------
def test_machine_gun_in_attack_lowers_the_enemy_two_ranks():
    """et-sojamang-1935:77, :79 — once a game: the colonel falls to the captain's rank, so both fall."""
    g = game({"d3": "pink:captain", "d5": "light-blue:colonel"})
    assert "mg:d3-d4>d5" in moves(g)
    g.play("mg:d3-d4>d5")
    ev = last(g, "combat")
    assert ev["rule"] == "soj.machine-gun" and ev["outcome"] == "both_removed"


def test_machine_gun_survivor_stays_lowered_until_his_next_move():
    """et-sojamang-1935:77, :78, :79 — a general hit by the machine gun fights as a major general until he moves again."""
    g = game({"d3": "pink:captain", "d5": "light-blue:general", "e3": "pink:major_general"},
             to_move="light-blue", defence_weapons="first-attack")  # fmt: skip
    g.play("d5-d4")  # the captain's gun fires in defence; the general, lowered two ranks, still wins
    assert last(g, "combat")["rule"] == "soj.machine-gun" and at(g, "d3") is None and at(g, "d4") == "general"
    g.play("e3-d3")  # the major general meets the general, still lowered: equals
    assert last(g, "combat")["outcome"] == "both_removed" and last(g, "combat")["rule"] == "soj.lowered"


def test_machine_gun_in_defence():
    """et-sojamang-1935:79 (option defence_weapons) — the captain's gun fires when he is attacked and would lose."""
    g = game({"d3": "pink:captain", "d5": "light-blue:colonel"}, to_move="light-blue")
    g.play("d5-d4")
    assert last(g, "combat")["rule"] == "soj.machine-gun" and last(g, "combat")["outcome"] == "both_removed"


def test_a_gun_fired_in_defence_is_told_to_its_owner_only():
    """et-sojamang-1935:79 (option defence_weapons) — the referee fires it for him, so he learns it is spent; the
    attacker reads only the outcome, whose rule stays hidden from him."""
    g = game({"d3": "pink:captain", "d5": "light-blue:colonel"}, to_move="light-blue")
    g.play("d5-d4")
    told = last(g, "weapon")
    assert told["rule"] == "soj.machine-gun" and told["to"] == ["pink"] and told["cells"] == ["d3"]
    assert not [e for e in g.visible_events("light-blue") if e["type"] == "weapon"]
    assert [e["rule"] for e in g.visible_events("light-blue") if e["type"] == "combat"] == ["hidden"]


def test_a_gun_fired_in_defence_keeps_its_rule_from_an_attacker_who_knows_both_ranks():
    """et-sojamang-1935:79, :80, :20 — an attacker shown the defender's rank reads what the combat table and the outcome
    tell him, not that the gun fired (he was never told it was unfired); the defender and the referee read the rule."""
    g = game({"d3": "pink:captain", "d5": "light-blue:colonel"}, to_move="light-blue")
    g.reveal(1, [g.uid[g.board.cell("d3")]], "soj.attacked-names")
    g.play("d5-d4")  # the colonel should win; the gun fires and both fall
    assert last(g, "combat")["rule"] == "soj.machine-gun" and last(g, "combat")["rule_to"] == ["pink"]
    (seen,) = [e for e in g.visible_events("light-blue") if e["type"] == "combat"]
    assert seen["pieces"][1][1] == "captain" and (seen["rule"], seen["cites"]) == ("hidden", [])
    assert "rule_to" not in seen and "rule_else" not in seen  # nor who was told
    g = game({"d3": "pink:lieutenant", "d5": "light-blue:major_general"}, to_move="light-blue",
             defence_weapons="first-attack")  # fmt: skip
    g.reveal(1, [g.uid[g.board.cell("d3")]], "soj.attacked-names")
    g.play("d5-d4")  # the grenade fires at the first attack, and the major general wins as the table says
    assert last(g, "combat")["rule"] == "soj.grenade"
    (seen,) = [e for e in g.visible_events("light-blue") if e["type"] == "combat"]
    assert seen["rule"] == "soj.higher-wins" and seen["outcome"] == "attacker_wins"


def test_lieutenant_hand_grenades_lower_one_rank():
    """et-sojamang-1935:80 — the same, once, one rank: a captain meets the lieutenant as an equal."""
    g = game({"d3": "pink:lieutenant", "d5": "light-blue:captain"})
    g.play("grenade:d3-d4>d5")
    assert last(g, "combat")["rule"] == "soj.grenade" and last(g, "combat")["outcome"] == "both_removed"
    assert not [m for m in moves_of(g, "pink") if m.startswith("grenade")]


def test_deserter_after_ten_moves_reports_his_neighbours():
    """et-sojamang-1935:82, :83, :84 — after ten moves an ensign is claimed, becomes a captain, tells who stood
    beside him."""
    g = game({"c10": "light-blue:ensign", "b10": "light-blue:lieutenant", "d10": "light-blue:major_general"})
    shuffle(g, 9)
    assert not [m for m in moves(g) if m.startswith("desert")]
    shuffle(g, 1)
    assert "desert:e1-e1" in moves(g)
    g.play("desert:e1-e1")
    assert at(g, "c10") is None and at(g, "e1") == "captain"
    assert g.view("referee").piece_at("e1")["side"] == "pink"
    pink = g.view("pink")
    assert pink.piece_at("b10")["piece"] == "lieutenant" and pink.piece_at("d10")["piece"] == "major_general"
    g.play("a10-a9" if at(g, "a10") else "a9-a10")
    assert not [m for m in moves(g) if m.startswith("desert")]


def test_the_army_both_sides_count_follows_deserters_and_reinforcements_but_not_promotions_out_of_sight():
    """et-sojamang-1935:82, :84 (a claimed ensign goes over and becomes a captain, openly), :89 (a general places a
    new battery commander; the enemy sees a piece appear, not which) and :34, :36 (a pioneer's promotion, told to his
    own side only): ``army`` counts the deserter as he is, the reinforcement as one more of each rank a general may
    bring in (a bound: the enemy cannot tell which), and not the promotion, which changes no number of pieces."""
    setup = {pt.id: pt.count for pt in ruleset(RID).piece_types}
    g = game({"c10": "light-blue:ensign", "b10": "light-blue:lieutenant"})
    shuffle(g, 10)
    g.play("desert:e1-e1")
    assert g.army(0) == {**setup, "captain": setup["captain"] + 1}
    assert g.army(1) == {**setup, "ensign": setup["ensign"] - 1}

    g = game({"e3": "pink:general", "b1": "pink:flag", "e1": "pink:mine"})
    g.play("reinforce:d1-d1>e3=battery_commander")
    assert next(e for e in g.view("light-blue").events if e["type"] == "reinforcement")["pieces"][0][1] is None
    brought = ("battery_commander", "aviator", "pioneer", "cavalryman")
    assert g.army(0) == {**setup, **{pid: setup[pid] + 1 for pid in brought}} and g.army(1) == setup

    g = game({"d3": "pink:pioneer", "d5": "light-blue:mine", "h9": "light-blue:captain"})
    g.play("d3-d4")
    g.play("h9-h8")
    assert at(g, "d4") == "ensign" and g.army(0) == setup


def test_soldiers_beside_the_cabaret_for_the_first_ten_moves_are_removed():
    """et-sojamang-1935:86 — own soldiers that stood by the cabaret throughout the first ten moves are removed."""
    g = game({"e1": "pink:cabaret", "d1": "pink:colonel", "f1": "pink:captain", "e2": "pink:mine"})
    g.play("f1-g1")
    g.play("a10-a9")
    shuffle(g, 9, blue=("a9", "a8"))
    assert at(g, "d1") is None and at(g, "g1") == "captain" and at(g, "e2") == "mine"
    assert last(g, "cabaret-neighbours")["rule"] == "soj.cabaret-neighbours"


def test_rearrangement_after_the_loss_of_the_four_generals():
    """et-sojamang-1935:87, :88 — up to four pieces (not the flag) moved to free squares of the own field, not
    counted as moves."""
    g = game({"d3": "pink:general", "d5": "light-blue:spy", "b1": "pink:flag", "c1": "pink:mine"}, to_move="light-blue")
    g.play("d5-d4")  # the spy takes the last general
    assert g.side == "pink"
    ms = moves(g)
    assert "rearrange:c1-e2" in ms and not [m for m in ms if m.startswith("rearrange:b1")]
    assert not [m for m in ms if m.startswith("rearrange:") and m.endswith("-d3")]  # the spy stands in front of d3
    g.play("rearrange:c1-e2")
    assert g.side == "pink" and at(g, "e2") == "mine"
    g.play("a1-a2")  # an ordinary move: the right lapses
    assert g.side == "light-blue"
    g.play("a10-a9")
    assert not [m for m in moves(g) if m.startswith("rearrange")]


def test_generals_replace_a_lost_arm_once():
    """et-sojamang-1935:89, :90 — with the battery lost, the general places a new battery commander, once."""
    g = game({"e3": "pink:general", "a1": "pink:colonel", "b1": "pink:flag", "e1": "pink:mine"})
    ms = moves(g)
    assert "reinforce:d1-d1>e3=battery_commander" in ms
    g.play("reinforce:d1-d1>e3=battery_commander")
    assert at(g, "d1") == "battery_commander" and at(g, "e3") == "general"
    assert g.created[-1][2] == 0
    g.play("a10-a9")
    assert not [m for m in moves(g) if m.startswith("reinforce") and "battery" in m]


def test_beginners_game_leaves_out_points_15_to_20():
    """et-sojamang-1935:27 — no machine gun, grenades, deserters, cabaret rule, rearrangement or replacement."""
    pos = {"d3": "pink:captain", "f3": "pink:lieutenant", "d5": "light-blue:colonel", "e3": "pink:general",
           "c10": "light-blue:ensign", "e1": "pink:cabaret", "d1": "pink:colonel"}  # fmt: skip
    g = game(pos, game="beginners")
    assert not [m for m in moves(g) if m.split(":")[0] in ("mg", "grenade", "reinforce")]
    shuffle(g, 10)
    assert not [m for m in moves(g) if m.startswith("desert")] and at(g, "d1") == "colonel"
    full = game(pos)
    assert [m for m in moves(full) if m.startswith("mg")] and [m for m in moves(full) if m.startswith("reinforce")]


def test_referee_draws_when_no_one_can_take_a_flag():
    """et-sojamang-1935:22 (conjecture soj.draw-forces) — nothing left that could reach the enemy flag."""
    g = game({"d3": "pink:colonel", "d5": "light-blue:colonel", "b1": "pink:mine", "h10": "light-blue:spy"}, keep=False)
    g.play("d3-d4")
    assert g.result["winner"] is None and g.result["reason"] == "soj.draw-forces"


def test_referee_draws_after_a_quiet_stretch():
    """et-sojamang-1935:22 (option quiet_plies, conjecture) — a long stretch without losses ends in a draw."""
    g = game({}, quiet_plies=4)
    shuffle(g, 2)
    assert g.result["reason"] == "soj.draw-quiet" and g.ply == 4


# -- whole games -----------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["full", "beginners"])
@pytest.mark.parametrize("kinds", [("random", "random"), ("greedy", "random"), ("random", "greedy")])
def test_random_and_greedy_games_finish(mode, kinds):
    """et-sojamang-1935:11, :22, :27 — simulated games end (flag, draw, or the ply limit) in both games."""
    rs = ruleset(RID, game=mode)
    for seed in range(2):
        g = simulate_one(rs, seed, kinds)
        assert g.result is not None and g.result["ply"] == g.ply


@pytest.mark.parametrize("referee", ["present", "in-turn", "attacked-names"])
def test_views_never_show_an_unrevealed_enemy_rank(referee):
    """et-sojamang-1935:15, :20, :46 — in every announcing method a view shows only the ranks its side was told,
    and private events (fire orders, promotions, reports) reach only their side."""
    rs = ruleset(RID, referee=referee, ply_limit=250)
    for seed, kinds in ((1, ("random", "random")), (2, ("greedy", "random"))):
        g = rs.new_game(seed=seed)
        players = [make_player(k, seed) for k in kinds]
        while g.result is None:
            for me, side in enumerate(rs.sides):
                view = g.view(side)
                for cell, seen in enumerate(view.cells):
                    if seen and seen["side"] != side and seen["piece"] is not None:
                        assert g.knows(me, g.uid[cell])
                for ev in view.events:
                    assert side in ev.get("to", rs.sides)
                    for uid, piece, owner in ev.get("pieces", []):
                        assert piece is None or owner == side or g.knows(me, uid)
            g.play(players[g.to_move].choose(g))


def test_the_enemy_reads_a_fire_order_without_the_battery_square():
    """et-sojamang-1935:46 — the enemy does not know from which square the fire is opened."""
    g = battery()
    move = g.parse_move("fire:d1-d1>d7=captain")
    assert g.public_text(move, "light-blue") == "fire:?>d7"
    assert g.public_text(move, "pink") == g.public_text(move, "referee") == "fire:d1-d1>d7=captain"


# -- the board's readings, the demotion's reading, the no-moves convention ----------------------
def put_mines(placed, squares):
    """``placed`` with its mines moved onto ``squares`` (pieces there swapped to where the mines were)."""
    out = dict(placed)
    for sq in squares:
        other = next(s for s, p in out.items() if p == "mine" and s not in squares)
        out[sq], out[other] = out[other], out[sq]
    return out


@pytest.mark.parametrize(("board", "closable"), [("cfi", False), ("adg", False), ("narrow", True)])
def test_four_mines_close_every_passage_only_on_the_narrow_board(board, closable):
    """et-sojamang-1935:33 — 'not in front of all three passages': possible to break with four mines only if narrow."""
    rs = ruleset(RID, board=board, mined_passage="closed")
    g = rs.new_game(seed=3)
    colonel, b = rs.type_index["colonel"], g.board
    passable = sorted({b.names[c][0] for c in range(len(b)) if b.row(c) in (4, 5) and g.enter[colonel][c]})
    files_needed = len(passable)  # 'closed': a mine on every front-row square facing a passage
    assert (files_needed <= 4) is closable
    good = g.record()["setups"]
    if closable:
        assert passable == ["c", "f", "i"]
        with pytest.raises(SetupError, match="mines in front of all three passages"):
            rs.new_game(seed=3, setup={"pink": put_mines(good["pink"], ["c4", "f4", "i4"]), "light-blue": good["light-blue"]})
    assert "c, e and g" in rs.declared["board"].rationale and "four gaps" in rs.declared["board"].rationale
    assert "fits it exactly" not in rs.declared["board"].rationale


@pytest.mark.parametrize(
    ("reading", "plain", "choices"), [("private", "private", {"pioneer", "cavalryman"}), ("the-ranks", "pioneer", {"cavalryman"})]
)
def test_general_demotion_option_reads_reamees_as_a_piece_or_as_the_ranks(reading, plain, choices):
    """et-sojamang-1935:69 — 'reameheks, pioneeriks või ratsanikuks': a private piece, or 'the ranks' (no private)."""
    g = game(
        {"d6": "pink:major_general", "d8": "light-blue:cabaret", "h9": "light-blue:captain", "b7": "pink:general"},
        general_demotion=reading,
    )
    g.play("d6-d7")
    g.play("h9-h8")
    assert {m.rsplit("=", 1)[1] for m in moves(g) if m.startswith("rescue:b7-c7>d7=")} == choices
    g.play("b7-c7")
    assert at(g, "e1") == plain and last(g, "demotion")["rule"] == "soj.cabaret-general"


def test_no_moves_rule_names_whose_convention_it_is():
    """No passage: soj.no-moves is conjecture and says Stratego has the convention, L'Attaque does not."""
    rule = ruleset(RID).rule("soj.no-moves")
    assert rule.certainty == "conjecture" and "Stratego" in rule.reason and "L'Attaque" in rule.reason
    assert "only by the capture of the flag" in rule.reason
