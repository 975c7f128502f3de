"""Rule tests for the Finnish map game; each names the passage of sv-krigsspel-finland it checks."""

from __future__ import annotations

import pytest

from wararchive.drawing.mapplot import save_board
from wararchive.engine import IllegalMoveError, ruleset
from wararchive.players import simulate_one
from wararchive.rulesets import finland_map as fmap

TEXT = "sv-krigsspel-finland"


def game(pieces, to_move="blue", **options):
    return ruleset("finnish-front", **options).position(pieces, to_move=to_move)


def moves(g):
    return {g.move_text(m) for m in g.legal_moves()}


def last(g, kind):
    return [e for e in g.events if e["type"] == kind][-1]


def seen(g, viewer, kind):
    """The last event of ``kind`` that ``viewer`` may read."""
    return [e for e in g.view(viewer).events if e["type"] == kind][-1]


def at(g, point):
    seen = g.view("referee").piece_at(point)
    return seen and f"{seen['side']}:{seen['piece']}"


# -- setup, army, turn ------------------------------------------------------------------------
def test_army_is_seventeen_a_side_and_every_number_is_labelled_conjecture():
    """:9 — yellow has ten pieces on strategic points and seven in reserve; the numbers are the project's."""
    rs = ruleset("finnish-front")
    assert sum(p.count for p in rs.piece_types) == 17
    for p in rs.piece_types:
        assert p.certainty == "conjecture" and "project" in p.reason
    assert {p.id for p in rs.piece_types} == {"infantry", "machine_gun", "artillery", "flyer", "armoured_train", "gas_command"}


def test_blue_sets_up_all_pieces_north_of_the_upper_blue_line():
    """:6, :7 — all blue pieces north of the upper blue line, at will."""
    g = ruleset("finnish-front").new_game(seed=2)
    blue = [g.board.names[c] for c in g.positions[0]]
    assert len(blue) == 17
    assert all(fmap.POINTS[n][0] > fmap.UPPER_BLUE_LINE for n in blue)


def test_yellow_occupies_all_ten_strategic_points_and_keeps_seven_in_reserve():
    """:8, :9, :10 — the ten strategic points occupied, seven pieces off the map."""
    g = ruleset("finnish-front").new_game(seed=2)
    on = {g.board.names[c] for c in g.positions[1]}
    assert set(fmap.STRATEGIC["yellow"]) <= on
    assert sum(1 for n in on if n.startswith("yellow reserve")) == 7
    assert "off the map (yellow): 7" in g.view("blue").render()


def test_the_reserve_is_counted_by_the_opponent_by_a_conjecture_not_by_the_text():
    """:9, :30 — pieces out of the game are off the map (ff.off-map, attested); that the opponent may count them, never
    seeing which they are, is the project's conjecture (ff.off-map-count), a rule of its own."""
    g = ruleset("finnish-front").new_game(seed=2)
    off_map, count = g.rs.rule("ff.off-map"), g.rs.rule("ff.off-map-count")
    assert off_map.certainty == "attested" and f"{TEXT}:9" in off_map.cites and f"{TEXT}:30" in off_map.cites
    assert "count" not in off_map.summary and "opponent" not in off_map.summary
    assert count.certainty == "conjecture" and "project" in count.reason
    held = [c for c in g.positions[1] if g.board.names[c].startswith("yellow reserve")]
    seen = g.view("blue")
    assert "off the map (yellow): 7" in seen.render() and all(seen.cells[c]["piece"] is None for c in held)


def test_trains_and_guns_are_set_up_on_railway_points():
    """:23, :25 — pieces confined to solid lines never start on a road-only point."""
    for seed in range(5):
        g = ruleset("finnish-front").new_game(seed=seed)
        for c in g.positions[0]:
            if g.types[g.kind[c]].id in ("armoured_train", "artillery", "gas_command"):
                assert not g.board.has(c, "road-only")


def test_blue_moves_first_then_one_piece_each_in_turn():
    """:11, :12 — blue makes the first move with one piece, then yellow, and so on."""
    g = ruleset("finnish-front").new_game(seed=1)
    assert g.side == "blue"
    g.play(g.legal_moves()[0])
    assert g.side == "yellow"
    g.play(g.legal_moves()[0])
    assert g.side == "blue"


# -- forward, backward, sideways ----------------------------------------------------------------
def test_forward_is_towards_the_enemy_by_the_compass():
    """:16, :17 — forward is south for blue and north for yellow; east–west lines are sideways."""
    b = ruleset("finnish-front").board
    kouvola, kotka, utti, selanpaa = (b.cell(n) for n in ("Kouvola", "Kotka", "Utti", "Selänpää"))
    assert b.heading(kouvola, kotka, 0) == 1 and b.heading(kouvola, kotka, 1) == -1
    assert b.heading(kouvola, selanpaa, 0) == -1 and b.heading(kouvola, selanpaa, 1) == 1
    assert b.heading(kouvola, utti, 0) == 0 == b.heading(kouvola, utti, 1)


def test_the_sideways_angle_is_an_option():
    """:16, :17 — Lahti–Vierumäki slopes 38°: sideways at 45°, forward/back at 30°."""
    for angle, expected in ((45, 0), (30, 1), (60, 0)):
        b = ruleset("finnish-front", sideways_angle=angle).board
        assert b.heading(b.cell("Lahti"), b.cell("Vierumäki"), 1) == expected


# -- movement -------------------------------------------------------------------------------------
BASE = {"Pieksämäki": "blue:infantry", "Helsinki": "yellow:infantry"}


def test_at_most_the_marked_steps_and_fewer_allowed():
    """:13, :14 — an infantry company (2 steps) reaches points one and two lines away, no further."""
    g = game({**BASE, "Mäntyharju": "blue:infantry"})
    got = {t.split("-")[1] for t in moves(g) if t.startswith("Mäntyharju-")}
    assert {"Voikoski", "Hillosensalmi", "Otava", "Mikkeli", "Pertunmaa", "Heinola", "Hirvensalmi"} <= got
    assert "Selänpää" not in got and "Kouvola" not in got
    g = game({**BASE, "Mäntyharju": "blue:artillery"})
    assert {t.split("-")[1] for t in moves(g) if t.startswith("Mäntyharju-")} == {"Voikoski", "Otava"}


def test_pieces_move_forward_backward_and_sideways():
    """:16 — a piece may go back as well as forward."""
    g = game({**BASE, "Kouvola": "blue:infantry"})
    assert {"Kouvola-Myllykoski", "Kouvola-Selänpää", "Kouvola-Utti"} <= moves(g)


def test_a_move_does_not_pass_through_another_piece():
    """:13 (ff.path, conjecture) — the way beyond an occupied point is barred to ground pieces."""
    g = game({**BASE, "Voikoski": "blue:infantry", "Hillosensalmi": "blue:machine_gun"})
    assert "Voikoski-Selänpää" not in moves(g)


def test_infantry_uses_dashed_lines_others_only_solid():
    """:24, :25 — infantry and machine guns on broken and unbroken lines, the rest only unbroken."""
    g = game({**BASE, "Heinola": "blue:machine_gun"})
    assert "Heinola-Pertunmaa" in moves(g)
    g = game({**BASE, "Heinola": "blue:artillery"})
    assert "Heinola-Pertunmaa" not in moves(g) and "Heinola-Vierumäki" in moves(g)


def test_broken_lines_forward_only_reading():
    """:24 — option broken_lines=forward-only: on a dashed line only forward."""
    pieces = {**BASE, "Kausala": "blue:infantry"}
    assert "Kausala-Vierumäki" in moves(game(pieces))
    assert "Kausala-Vierumäki" not in moves(game(pieces, broken_lines="forward-only"))
    assert "Kausala-Uusikylä" in moves(game(pieces, broken_lines="forward-only"))


def test_flyers_fly_a_whole_straight_line_over_pieces_and_on_dashed_lines():
    """:21, :22 — as far as the straight line goes (Kouvola–Pieksämäki), dashed lines too."""
    g = game({"Pieksämäki": "blue:flyer", "Otava": "blue:infantry", "Helsinki": "yellow:infantry"})
    got = moves(g)
    assert "Pieksämäki-Kouvola" in got and "Pieksämäki-Selänpää" in got and "Pieksämäki-Kantala" in got
    assert "Pieksämäki-Kangasniemi" in got  # the dashed road to Heinola
    assert "Pieksämäki-Heinola" in got
    assert "Pieksämäki-Lahti" not in got  # another line: not in one move


def test_flyer_direction_option():
    """:21 — option flyer_direction=forward: only forward along the line."""
    g = game({"Mikkeli": "blue:flyer", "Helsinki": "yellow:infantry", "Pieksämäki": "blue:infantry"}, flyer_direction="forward")
    got = moves(g)
    assert "Mikkeli-Kouvola" in got and "Mikkeli-Haukivuori" not in got


def test_armoured_trains_run_solid_lines_and_stop_at_pieces():
    """:23 — like flyers, but never on dashed lines; a train cannot pass a piece."""
    g = game({"Pieksämäki": "blue:armoured_train", "Otava": "blue:infantry", "Helsinki": "yellow:infantry"})
    got = moves(g)
    assert "Pieksämäki-Mikkeli" in got and "Pieksämäki-Mäntyharju" not in got
    assert not any(t.startswith("Pieksämäki-Kangasniemi") for t in got)


# -- combat -------------------------------------------------------------------------------------
def test_strike_from_the_nearest_point_stronger_stays():
    """:26, :19, :28 — move up to the point next to the target, name it; the stronger stays."""
    g = game({**BASE, "Hillosensalmi": "blue:machine_gun", "Kouvola": "yellow:infantry", "Kotka": "yellow:infantry"})
    assert "Hillosensalmi-Kouvola" not in moves(g)  # never onto the enemy's point
    g.play("attack:Hillosensalmi-Selänpää>Kouvola")
    ev = last(g, "combat")
    assert ev["outcome"] == "attacker_wins" and ev["rule"] == "ff.stronger" and f"{TEXT}:28" in ev["cites"]
    assert at(g, "Selänpää") == "blue:machine_gun" and at(g, "Kouvola") is None


def test_the_weaker_attacker_is_removed():
    """:28 — the weaker piece leaves the game whichever side struck."""
    g = game({**BASE, "Selänpää": "blue:infantry", "Kouvola": "yellow:artillery", "Kotka": "yellow:infantry"})
    g.play("attack:Selänpää-Selänpää>Kouvola")
    assert last(g, "combat")["outcome"] == "defender_wins" and at(g, "Selänpää") is None


def test_equal_strength_both_leave():
    """:29 — equally strong: both out of the game."""
    g = game({**BASE, "Selänpää": "blue:infantry", "Kouvola": "yellow:infantry", "Kotka": "yellow:infantry"})
    g.play("attack:Selänpää-Selänpää>Kouvola")
    assert last(g, "combat")["rule"] == "ff.tie" and at(g, "Selänpää") is None and at(g, "Kouvola") is None


def test_one_target_named_among_several():
    """:19 — next to two enemies, the attacker names one; the other is untouched."""
    g = game({**BASE, "Selänpää": "blue:artillery", "Kouvola": "yellow:infantry", "Hillosensalmi": "yellow:infantry"})
    targets = {t for t in moves(g) if t.startswith("attack:Selänpää-Selänpää")}
    assert targets == {"attack:Selänpää-Selänpää>Kouvola"}  # Hillosensalmi is behind (north): not struck
    g = game({**BASE, "Kausala": "blue:artillery", "Kouvola": "yellow:infantry", "Uusikylä": "yellow:infantry"})
    g.play("attack:Kausala-Kausala>Kouvola")
    assert at(g, "Uusikylä") == "yellow:infantry" and at(g, "Kouvola") is None


def test_no_strike_backwards_but_flyers_strike_every_way():
    """:17, :18 — never backwards, except flyers."""
    pieces = {**BASE, "Kouvola": "blue:machine_gun", "Selänpää": "yellow:infantry"}
    assert not any(t.startswith("attack:Kouvola-Kouvola") for t in moves(game(pieces)))
    pieces["Kouvola"] = "blue:flyer"
    assert "attack:Kouvola-Kouvola>Selänpää" in moves(game(pieces))


def test_the_attacker_learns_the_defender_not_the_reverse():
    """:27 — the attacker asks the strength (ff.ask, attested) and so knows the piece (ff.ask-arm, inferred: a strength
    names the arm only by the project's strengths); option combat_reveal=both tells both."""
    pieces = {**BASE, "Selänpää": "blue:artillery", "Kouvola": "yellow:machine_gun", "Kotka": "yellow:infantry"}
    g = game(pieces)
    g.play("attack:Selänpää-Selänpää>Kouvola")
    assert last(g, "combat")["pieces"][1][1] == "machine_gun"
    assert seen(g, "blue", "combat")["pieces"][1][1] == "machine_gun"
    assert seen(g, "blue", "revealed")["pieces"] == [last(g, "combat")["pieces"][1]]  # uid, rank, side
    assert seen(g, "blue", "revealed")["rule"] == "ff.ask-arm"
    assert seen(g, "yellow", "combat")["pieces"][0][1] is None
    assert not [e for e in g.view("yellow").events if e["type"] == "revealed"]  # the defender is told nothing
    g = game(pieces, combat_reveal="both")
    g.play("attack:Selänpää-Selänpää>Kouvola")
    assert seen(g, "yellow", "combat")["pieces"][0][1] == "artillery"
    assert seen(g, "yellow", "revealed")["pieces"][0][1:] == ["artillery", "blue"]


def test_asking_the_strength_is_attested_learning_the_arm_inferred():
    """:27, :4 — the text has the attacker ask 'how strong' (ff.ask, attested); the arm is what a flyer may ask as its
    own right (:4), so that the attacker learns it too is a reading (ff.ask-arm, inferred), resting on the project's
    strengths being one to an arm."""
    rs = ruleset("finnish-front")
    ask, arm = rs.rule("ff.ask"), rs.rule("ff.ask-arm")
    assert ask.certainty == "attested" and ask.cites == (f"{TEXT}:27",) and "arm" not in ask.summary
    assert arm.certainty == "inferred" and set(arm.cites) == {f"{TEXT}:27", f"{TEXT}:4"} and ":4" in arm.reason
    strengths = [p.strength for p in rs.piece_types]
    assert len(set(strengths)) == len(strengths)  # what the inference rests on: a strength names one arm


def test_attack_timing_next_move_reading():
    """:26, :27 — option attack_timing=next-move: moving up only threatens."""
    pieces = {**BASE, "Hillosensalmi": "blue:machine_gun", "Kouvola": "yellow:infantry"}
    assert "attack:Hillosensalmi-Selänpää>Kouvola" in moves(game(pieces))
    assert "attack:Hillosensalmi-Selänpää>Kouvola" not in moves(game(pieces, attack_timing="next-move"))


def test_flyers_beaten_by_artillery_and_machine_guns_and_beat_infantry():
    """:2, :3 — flyers lose to guns and machine guns whoever strikes, and beat infantry companies."""
    rs = ruleset("finnish-front")
    assert rs.combat("flyer", "artillery").outcome == "defender_wins"
    assert rs.combat("machine_gun", "flyer").outcome == "attacker_wins"
    assert rs.combat("flyer", "machine_gun").rule.id == "ff.flyer-beaten"
    assert rs.combat("flyer", "infantry").outcome == "attacker_wins"
    assert rs.combat("infantry", "flyer").rule.id == "ff.flyer-beats-infantry"
    g = game({**BASE, "Mikkeli": "blue:flyer", "Kouvola": "yellow:infantry", "Kotka": "yellow:infantry"})
    g.play("attack:Mikkeli-Selänpää>Kouvola")
    assert last(g, "combat")["outcome"] == "attacker_wins" and at(g, "Selänpää") == "blue:flyer"


def test_flyer_reconnoitres_arm_and_strength():
    """:4 — a flyer moved up to an enemy piece may ask its arm and strength."""
    g = game({**BASE, "Mikkeli": "blue:flyer", "Kouvola": "yellow:artillery"})
    assert g.view("blue").piece_at("Kouvola")["piece"] is None
    g.play("recon:Mikkeli-Selänpää>Kouvola")
    assert g.view("blue").piece_at("Kouvola")["piece"] == "artillery"
    assert last(g, "reveal")["rule"] == "ff.flyer-recon"
    assert at(g, "Kouvola") == "yellow:artillery"  # asking is not striking


# -- gas -----------------------------------------------------------------------------------------
GAS = {"Pieksämäki": "blue:infantry", "Helsinki": "yellow:infantry", "Myllykoski": "yellow:gas_command"}


def test_gas_forces_infantry_back_and_a_piece_not_withdrawn_is_lost():
    """:1, :20 — gassed infantry and machine guns must withdraw in the next move, or are lost."""
    g = game({**GAS, "Selänpää": "blue:infantry", "Utti": "blue:machine_gun", "Kausala": "blue:artillery"}, to_move="yellow")
    g.play("Myllykoski-Kouvola")
    ev = last(g, "gas")
    assert sorted(ev["gassed"]) == ["Selänpää", "Utti"] and ev["rule"] == "ff.gas"  # not the artillery
    g.play("Selänpää-Voikoski")  # withdraws one; the other stays in the gas
    lost = last(g, "gas-lost")
    assert lost["cells"] == ["Utti"] and lost["rule"] == "ff.gas-withdraw" and f"{TEXT}:20" in lost["cites"]
    assert at(g, "Utti") is None and at(g, "Voikoski") == "blue:infantry" and at(g, "Kausala") == "blue:artillery"


def test_the_gas_player_is_not_told_which_pieces_his_gas_caught():
    """:1, :20 — the gas acts on infantry and machine guns; no passage tells the gas player which pieces it caught,
    so the gassed points are told to the gassed side alone: the gas player reads the same whichever of the hidden
    pieces next to it are infantry (and whether any is)."""
    from wararchive.engine.transcript import play_ply

    read = []
    for selanpaa, utti in (("infantry", "artillery"), ("artillery", "infantry"), ("artillery", "artillery")):
        g = game({**GAS, "Selänpää": f"blue:{selanpaa}", "Utti": f"blue:{utti}"}, to_move="yellow")
        lines = play_ply(g, g.parse_move("Myllykoski-Kouvola"), "yellow")
        assert not [e for e in g.visible_events("yellow") if e["type"] == "gas"]
        read.append((lines, g.view("yellow").to_dict()["cells"]))
        if "infantry" in (selanpaa, utti):
            assert seen(g, "blue", "gas")["gassed"] == ["Selänpää" if selanpaa == "infantry" else "Utti"]
    assert read[0] == read[1] == read[2]


def test_gas_closes_the_way_except_to_flyers():
    """:1 — no enemy piece but a flyer may enter the gassed points or strike the gas command."""
    pieces = {**GAS, "Voikoski": "blue:infantry", "Mikkeli": "blue:flyer", "Kouvola": "yellow:gas_command"}
    pieces.pop("Myllykoski")
    got = moves(game(pieces))
    assert "Voikoski-Hillosensalmi" in got and "Voikoski-Selänpää" not in got  # Selänpää is next to the gas
    assert not any(t.startswith("attack:Voikoski") for t in got)
    assert "Mikkeli-Selänpää" in got and "attack:Mikkeli-Selänpää>Kouvola" in got
    got = moves(game(pieces, gas_closes="own-point"))
    assert "Voikoski-Selänpää" in got and "attack:Voikoski-Selänpää>Kouvola" not in got


# -- reserves, redeployment, victory ---------------------------------------------------------------
def test_reserves_enter_one_a_move_on_a_free_strategic_point():
    """:9, :11 — yellow brings a reserve in at will, as its one move, on a free strategic point."""
    g = ruleset("finnish-front").new_game(seed=4)
    g.play(g.legal_moves()[0])
    assert not any(t.startswith("enter:") for t in moves(g))  # all ten points still held
    mover = next(t for t in moves(g) if t.startswith("Kotka-"))
    g.play(mover)
    g.play(g.legal_moves()[0])
    enters = [t for t in moves(g) if t.startswith("enter:")]
    ends = {t.rsplit("-", 1)[1] for t in enters}
    assert "Kotka" in ends and ends <= set(fmap.STRATEGIC["yellow"])
    g.play(next(t for t in enters if t.endswith("-Kotka")))
    assert at(g, "Kotka").startswith("yellow:") and last(g, "enter")["rule"] == "ff.reserve"


def test_redeployment_by_way_of_the_strategic_points():
    """:30 — to a strategic point, out of the game, then in again on another strategic point."""
    g = game({**BASE, "Kausala": "yellow:artillery", "Kotka": "yellow:infantry"}, to_move="yellow")
    assert "withdraw:Kausala-yellow reserve 1" in moves(g)
    assert not any(t.startswith("withdraw:Helsinki") for t in moves(g))  # not a strategic point
    g.play("withdraw:Kausala-yellow reserve 1")
    g.play("Pieksämäki-Kantala")
    assert "enter:yellow reserve 1-Viipuri" in moves(g) and "enter:yellow reserve 1-Hamina" not in moves(g)
    g.play("enter:yellow reserve 1-Viipuri")
    assert at(g, "Viipuri") == "yellow:artillery" and last(g, "enter")["rule"] == "ff.redeploy"
    g = game({**BASE, "Kausala": "yellow:artillery"}, to_move="yellow", redeploy="one-move")
    assert "redeploy:Kausala-Viipuri" in moves(g)


def test_blue_has_no_strategic_points_in_the_yellow_only_reading():
    """:8, :30, :31 — option strategic_points=yellow-only: blue cannot redeploy."""
    g = game({**BASE, "Heinola": "blue:artillery"}, strategic_points="yellow-only")
    assert not any(t.startswith("withdraw:") for t in moves(g))
    assert any(t.startswith("withdraw:Heinola") for t in moves(game({**BASE, "Heinola": "blue:artillery"})))


def test_taking_the_enemy_headquarters_wins():
    """:31 — the side that takes the opponent's headquarters has won."""
    g = game({"Kerava": "blue:infantry", "Pieksämäki": "blue:infantry", "Kotka": "yellow:infantry"})
    g.play("Kerava-Helsinki")
    assert g.result["winner"] == "blue" and g.result["reason"] == "ff.win-hq" and f"{TEXT}:31" in g.result["cites"]


def test_five_enemy_strategic_points_at_once_win():
    """:31 — occupying five of the opponent's strategic points at the same time wins."""
    held = {p: "blue:infantry" for p in ("Kotka", "Kouvola", "Lahti", "Simola")}
    g = game({**held, "Järvelä": "blue:infantry", "Helsinki": "yellow:infantry"})
    g.play("Järvelä-Riihimäki")
    assert g.result["winner"] == "blue" and g.result["reason"] == "ff.win-strategic"
    g = game({**held, "Järvelä": "blue:infantry", "Helsinki": "yellow:infantry"})
    g.play("Järvelä-Hyvinkää")
    assert g.result is None


def test_illegal_moves_are_refused_with_the_ply():
    """:26 — a piece never moves onto the enemy's point."""
    g = game({**BASE, "Selänpää": "blue:infantry", "Kouvola": "yellow:infantry"})
    with pytest.raises(IllegalMoveError, match="ply 1"):
        g.play("Selänpää-Kouvola")


# -- figures, views, play ------------------------------------------------------------------------
def test_the_map_renders_with_a_position(tmp_path):
    """The figure: the map, and a game's position as one side sees it (hidden pieces as '?')."""
    rs = ruleset("finnish-front")
    path = save_board(tmp_path / "map.png", rs.board, sides=list(rs.sides), title="map")
    assert path.stat().st_size > 10_000
    g = rs.new_game(seed=1)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    path = save_board(tmp_path / "pos.svg", rs.board, g.view("blue"))
    assert path.stat().st_size > 10_000
    text = g.view("blue").render()
    assert "Kouvola" in text and "-?" in text and "off the map (yellow)" in text


@pytest.mark.parametrize("kinds", [("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")])
def test_computer_players_finish_games(kinds):
    rs = ruleset("finnish-front", ply_limit=400)
    for seed in range(3):
        g = simulate_one(rs, seed, kinds)
        assert g.result is not None and g.result["ply"] == g.ply <= 400


# -- the map's facts and the readings that make or unmake the one-flight win --------------------
def line_style(rs, a, b):
    return next(style for x, style, _ in rs.board.links[rs.board.cell(a)] if x == rs.board.cell(b))


def test_porvoo_loviisa_and_hamina_are_on_railways():
    """:23 — Kerava–Porvoo (1874), Lahti–Loviisa (1900) and Inkeroinen–Hamina (1899) were railways long before the text."""
    rs = ruleset("finnish-front")
    assert line_style(rs, "Kerava", "Porvoo") == "solid"
    assert line_style(rs, "Lahti", "Orimattila") == "solid" and line_style(rs, "Lapinjärvi", "Loviisa") == "solid"
    assert line_style(rs, "Inkeroinen", "Hamina") == "solid"
    for town in ("Porvoo", "Loviisa", "Hamina"):
        assert not rs.board.has(rs.board.cell(town), "road-only")
    g = game({"Hamina": "yellow:armoured_train", "Pieksämäki": "blue:infantry"}, to_move="yellow")
    assert "Hamina-Inkeroinen" in moves(g)
    reason = rs.rule("ff.railways").reason
    assert "Lahti–Loviisa 1900" in reason and "narrow-gauge" in reason and "Kerava–Porvoo 1874" in reason


def test_period_option_draws_lahti_heinola_as_a_road_in_the_1920s():
    """:21, :23 — Lahti–Heinola opened in 1932: a railway only if the undated text is of the 1930s."""
    assert line_style(ruleset("finnish-front"), "Lahti", "Vierumäki") == "solid"
    rs = ruleset("finnish-front", period="1920s")
    assert line_style(rs, "Lahti", "Vierumäki") == "dashed" and rs.board.has(rs.board.cell("Heinola"), "road-only")
    assert "Lahti–Heinola" in rs.rule("ff.roads").summary and "Lahti–Heinola" not in rs.rule("ff.railways").summary
    assert line_style(rs, "Kerava", "Porvoo") == "solid"


FLYER_RAID = {"Kouvola": "yellow:flyer", "Mikkeli": "blue:infantry", "Helsinki": "yellow:infantry"}


def test_the_one_flight_win_exists_only_under_three_conjectures():
    """:21, :31 — flyer over pieces + flyer takes headquarters + headquarters on the flyer's line: one flight wins."""
    rs = ruleset("finnish-front")
    for rule in ("ff.hq-place", "ff.flyer-over", "ff.flyer-hq"):
        assert rs.rule(rule).certainty == "conjecture"
    for name in ("headquarters", "flyer_passes", "flyer_takes_hq"):
        assert rs.declared[name].certainty == "conjecture" and len(rs.declared[name].readings) == 2
    g = game(FLYER_RAID, to_move="yellow")
    assert "Kouvola-Pieksämäki" in moves(g)
    g.play("Kouvola-Pieksämäki")
    assert g.result["winner"] == "yellow" and g.result["reason"] == "ff.win-hq"
    assert "Kouvola-Pieksämäki" not in moves(game(FLYER_RAID, to_move="yellow", flyer_passes="blocked"))
    assert "Kouvola-Mäntyharju" in moves(game(FLYER_RAID, to_move="yellow", flyer_passes="blocked"))
    no_hq = moves(game(FLYER_RAID, to_move="yellow", flyer_takes_hq=False))
    assert "Kouvola-Pieksämäki" not in no_hq and "Kouvola-Kantala" in no_hq
    juva = game(FLYER_RAID, to_move="yellow", headquarters="juva")
    assert juva.board.has(juva.board.cell("Juva"), "hq0") and "Kouvola-Juva" not in moves(juva)
    juva.play("Kouvola-Pieksämäki")
    assert juva.result is None


def test_readings_beyond_the_letter_are_not_labelled_attested():
    """:14, :20, :31 — stopping a flight short, what 'withdrawn' means, 'taking' a point: inferred, with reasons."""
    rs = ruleset("finnish-front")
    for rule in ("ff.flyer-move", "ff.gas-withdraw", "ff.win-hq"):
        assert rs.rule(rule).certainty == "inferred" and rs.rule(rule).reason


def test_no_two_place_names_of_the_map_overlap():
    """sv-krigsspel-finland:1 (the map) — every point's name is placed (board.drawing["labels"]) clear of the others.

    The site's replay viewer places the names with the same offsets (LABEL_PLACES).
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from wararchive.drawing.mapplot import draw_board

    rs = ruleset("finnish-front")
    g = rs.new_game(seed=0)
    fig = draw_board(g.board, g.view("referee"), list(rs.sides), rs.title)
    renderer = FigureCanvasAgg(fig).get_renderer()
    names = set(g.board.names)
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for ax in fig.axes for t in ax.texts if t.get_text() in names]
    assert len(boxes) >= 40  # the map's towns and junctions (the holding boxes carry no names)
    clashes = [(a, b) for i, (a, box) in enumerate(boxes) for b, other in boxes[i + 1 :] if box.overlaps(other)]
    assert clashes == []
