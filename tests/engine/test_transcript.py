"""What each side reads of a move, which rule a replay cites, the order of a ply's events, and the CLI's views.

Each test names the passage it checks. The swap property over whole games is
in ``test_leaks.py``; these are the scenarios for every special move kind.
"""

from __future__ import annotations

import json
import re

import pytest

from wararchive.cli.main import main
from wararchive.engine import ruleset
from wararchive.engine.record import replay
from wararchive.engine.transcript import play_ply, replay_lines
from wararchive.players import simulate_one

SOJ = "sojamang-1935"
KEEP = {"a1": "pink:colonel", "a10": "light-blue:colonel"}  # a piece able to take a flag on each side


def soj(pieces, to_move="pink", **options):
    return ruleset(SOJ, **options).position({**KEEP, **pieces}, to_move=to_move)


def tokens(text: str) -> set[str]:
    return set(re.split(r"[:>=\-]", text))


def special_moves(rid: str, seeds: range, **options):
    """(game before the move, move) for the first few of each ability seen in simulated games."""
    rs = ruleset(rid, ply_limit=300, **options)
    found: dict[str, list] = {}
    for seed in seeds:
        record = simulate_one(rs, seed, ("greedy", "random")).record()
        g = rs.new_game(seed=seed, setup=record["setups"])
        for text in record["moves"]:
            move = g.parse_move(text)
            if move.action and len(found.setdefault(move.action, [])) < 3:
                found[move.action].append((replay(record, upto=g.ply), move))
            g.play(move)
    return found


SOJ_MOVES = special_moves(SOJ, range(6))
FF_MOVES = {**special_moves("finnish-front", range(3)), **special_moves("finnish-front", range(2), redeploy="one-move")}
# to the enemy, these abilities are the plain move they look like (:40–41, :69, :77–80); fire and reinforcement
# show where they act, not from where nor what (:46, :89); the others are seen for what they are
SOJ_ENEMY_READS = {
    "mg": "plain",
    "grenade": "plain",
    "recon": "plain",
    "rescue": "plain",
    "fire": "target",
    "reinforce": "square",
}


@pytest.mark.parametrize("action", sorted(SOJ_MOVES))
def test_sojamang_special_moves_name_no_piece_to_the_enemy(action):
    """et-sojamang-1935:40, :46, :47, :53, :69, :77, :80, :82, :88, :89 — what the enemy reads of each ability."""
    pids = {p.id for p in ruleset(SOJ).piece_types}
    for g, move in SOJ_MOVES[action]:
        mover = g.side
        enemy = g.rs.sides[1 - g.to_move]
        text = g.seen(move, enemy)[0]
        full = g.move_text(move)
        names = g.board.names
        expected = {
            "plain": f"{names[move.frm]}-{names[move.to]}",
            "target": f"fire:?>{names[move.target] if move.target >= 0 else ''}",
            "square": f"reinforce:{names[move.to]}-{names[move.to]}",
        }.get(SOJ_ENEMY_READS.get(action, ""), full)
        assert text == expected
        named = tokens(text) & pids  # only the mover's own piece, and only when the enemy knows it (a nailing cabaret)
        assert not named or (named == {g.types[g.kind[move.frm]].id} and g.sees(1 - g.to_move, g.uid[move.frm])), text
        assert g.seen(move, mover) == g.seen(move, "referee") == (full, g.hooks.action_rule(g, move))


@pytest.mark.parametrize("action", sorted(SOJ_MOVES))
def test_sojamang_special_moves_cite_their_own_rule(action):
    """et-sojamang-1935:47, :49, :53 … — a flight, a gas release, every ability cites its rule, never soj.step."""
    for g, move in SOJ_MOVES[action]:
        _, rule = g.seen(move, "referee")
        assert rule and rule not in ("soj.step", "soj.gallop")
        assert g.rs.rule(rule).cites  # an ability's rule cites the note that gives it


def test_a_flight_and_a_gas_release_are_not_shown_as_steps():
    """et-sojamang-1935:47, :53 — the issue's case: replays cited soj.step for an aviator's flight and a gas release."""
    assert {g.seen(m, "referee")[1] for g, m in SOJ_MOVES["fly"]} == {"soj.aviator-flight"}
    assert {g.seen(m, "referee")[1] for g, m in SOJ_MOVES["gas"]} == {"soj.gas-release"}


def test_a_rescue_reads_as_a_plain_move_to_the_enemy():
    """et-sojamang-1935:69 — the rank chosen for a rescued general is not the enemy's to read."""
    g = soj({"d6": "pink:major_general", "d8": "light-blue:cabaret", "h9": "light-blue:captain", "b7": "pink:general"})
    g.play("d6-d7")
    g.play("h9-h8")
    move = g.parse_move("rescue:b7-c7>d7=cavalryman")
    assert g.seen(move, "light-blue") == ("b7-c7", None)
    assert g.seen(move, "pink") == ("rescue:b7-c7>d7=cavalryman", "soj.cabaret-rescue")


@pytest.mark.parametrize("action", sorted(FF_MOVES))
def test_finnish_front_special_moves_cite_their_rule_and_name_no_piece(action):
    """sv-krigsspel-finland:1, :26 — strikes, reconnaissance and reserves cite their own rule."""
    pids = {p.id for p in ruleset("finnish-front").piece_types}
    assert set(FF_MOVES) == {"attack", "recon", "enter", "withdraw", "redeploy"}
    for g, move in FF_MOVES[action]:
        for viewer in (*g.rs.sides, "referee"):
            text, rule = g.seen(move, viewer)
            assert text == g.move_text(move) and not tokens(text) & pids
            assert rule == g.hooks.action_rule(g, move) and rule.startswith("ff.")


def test_finnish_front_gas_command_on_the_map_is_known_to_the_enemy():
    """sv-krigsspel-finland:1 — the gas closes the way, so where it stands is no secret (ff.gas-seen, conjecture)."""
    g = ruleset("finnish-front").new_game(seed=0)
    gas = g.rs.type_index["gas_command"]
    for s in (0, 1):
        for c in g.positions[s]:
            on_map = c not in g.hooks.holding_set[s]
            if g.kind[c] == gas:
                assert (g.view(g.rs.sides[1 - s]).cells[c]["piece"] == "gas_command") == on_map
    assert g.rs.rule("ff.gas-seen").certainty == "conjecture"


# -- a ply's events: cause before effect ----------------------------------------------------------
def test_gas_release_comes_before_the_losses_it_sets_off():
    """et-sojamang-1935:53, :61 — gas kills the supply wagon: the release (pink sees the gas), then the wagon's extra moves."""
    g = soj({"h8": "light-blue:poison_gas", "c8": "pink:supply_wagon", "d8": "pink:captain"}, to_move="light-blue")
    g.play("gas:h8-h8>g8")
    kinds = [(e["type"], e["rule"]) for e in g.events if e["ply"] == 1]
    assert kinds == [
        ("gas", "soj.gas-release"),
        ("revealed", "soj.gas-release"),
        ("gas-spent", "soj.gas-spent"),
        ("extra-moves", "soj.wagon-extra-moves"),
    ]


@pytest.mark.parametrize("rid", ["japanese-war-game", "spionaaz", "chess", "finnish-front", SOJ])
def test_the_end_of_a_game_is_its_last_event(rid):
    """A game's end follows everything that brought it about (the rule that ended it is cited with it)."""
    for seed in range(3):
        g = simulate_one(ruleset(rid, ply_limit=300), seed, ("greedy", "random"))
        assert g.events[-1]["type"] == "end" and g.events[-1]["rule"] == g.result["reason"]
        assert [e["type"] for e in g.events].count("end") == 1


def test_a_battery_shot_comes_before_the_flag_it_takes_or_the_losses_it_sets_off():
    """et-sojamang-1935:43, :56 — the fire order and the shot (pink learns what he hit), then the signal post's loss."""
    pos = {"d1": "pink:battery_commander", "d2": "pink:lieutenant", "d3": "pink:ensign", "d7": "light-blue:signal_post"}
    g = soj(pos)
    g.play("fire:d1-d1>d7=signal_post")
    kinds = [e["type"] for e in g.events if e["ply"] == 1]
    assert kinds == ["fire-order", "fire", "revealed", "signal-post"]


def test_bombs_come_before_what_they_set_off():
    """et-sojamang-1935:48 — the flight, the bombs, then the wagon's extra moves."""
    for g, move in SOJ_MOVES["fly"]:
        g.play(move)
        kinds = [e["type"] for e in g.events if e["ply"] == g.ply]
        assert kinds[:2] == ["flight", "revealed"]  # the enemy sees the aviator (soj.aviator-seen)
        assert [k for k in kinds if k != "revealed"][:2] == ["flight", "bombs"]


# -- the deserter ----------------------------------------------------------------------------------------
def test_the_deserter_claim_does_not_tell_whether_the_enemy_has_an_ensign():
    """et-sojamang-1935:82 — the claim's only condition is the tenth move; with no ensign left it is spent for nothing."""
    with_ensign = {"e10": "light-blue:ensign", "e1": "pink:ensign"}
    claims = []
    for pieces in (with_ensign, {"e10": "light-blue:pioneer", "e1": "pink:ensign"}):
        g = soj(pieces)
        for i in range(10):
            g.play("a1-a2" if i % 2 == 0 else "a2-a1")
            g.play("a10-a9" if i % 2 == 0 else "a9-a10")
        claims.append(sorted(m for m in map(g.move_text, g.legal_moves()) if m.startswith("desert")))
        g.play(claims[-1][0])
        ev = [e for e in g.events if e["type"] == "desertion"][-1]
        assert ev["rule"] == ("soj.deserter" if pieces is with_ensign else "soj.deserter-none")
        g.play("a10-a9")
        assert g.side == "pink" and not [m for m in map(g.move_text, g.legal_moves()) if m.startswith("desert")]
    assert claims[0] == claims[1] != []


# -- the command line ----------------------------------------------------------------------------------------
def test_play_prints_each_ply_through_the_viewers_filter(capsys, tmp_path):
    """et-sojamang-1935:77 — the issue's case: seed 7 as pink printed ``light-blue mg:g7-g6>g5`` at ply 18."""
    out_file = tmp_path / "g.json"
    assert main(["play", SOJ, "--seed", "7", "--as", "pink", "--players", "random,random", "--out", str(out_file)]) == 0
    out = capsys.readouterr().out
    printed = [line for line in out.splitlines() if re.match(r"ply \d+: |  [a-z-]+[: ]", line)]  # not the boards
    assert "ply 18: light-blue g7-g6" in printed
    assert not [line for line in printed if re.search(r"light-blue (mg|grenade|recon|rescue):", line)]
    record = json.loads(out_file.read_text())
    g = ruleset(SOJ, **record["options"]).new_game(seed=7, setup=record["setups"])
    expected = [line for lines in replay_lines(g, record["moves"], "pink") for line in lines]
    assert printed == expected


def test_replay_prints_the_last_ply_as_the_viewer_reads_it(capsys, tmp_path):
    """et-sojamang-1935:46, :77 — ``replay --as`` shows the move and its events through the same filter."""
    out_file = tmp_path / "g.json"
    main(["play", SOJ, "--seed", "7", "--players", "random,random", "--out", str(out_file)])
    capsys.readouterr()
    assert main(["replay", str(out_file), "--ply", "18", "--as", "pink"]) == 0
    out = capsys.readouterr().out
    assert "ply 18: light-blue g7-g6" in out and "mg:" not in out
    main(["replay", str(out_file), "--ply", "18"])
    assert "ply 18: light-blue mg:g7-g6>g5 [soj.machine-gun]" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("players", "view"), [("human,greedy", "pink"), ("greedy,human", "light-blue"), ("greedy,random", "referee")]
)
def test_play_with_one_human_shows_that_humans_side_by_default(capsys, monkeypatch, players, view):
    """et-sojamang-1935:15 — a human playing must not see the enemy's ranks: the default view is his side."""

    def no_input(prompt=""):
        raise EOFError

    monkeypatch.setattr("builtins.input", no_input)
    code = main(["play", SOJ, "--seed", "1", "--players", players, "-o", "ply_limit=4"])
    out = capsys.readouterr().out
    assert f"; view: {view}" in out.splitlines()[0]
    assert (code != 0) == ("human" in players)  # the typed input ends at once


def test_a_spys_unmasking_is_told_to_its_owner_alone():
    """et-spionaaz:24, :25 — the unmasked piece is visible to the opponent; its owner is not told, which would show him
    where the spy stands (the issue: a spy's rank must not leak through who gets unmasked)."""
    g = ruleset("spionaaz").position(
        {"d4": "south:spy", "a1": "south:corporal", "e6": "north:general", "h9": "north:corporal"}, to_move="south"
    )
    lines = play_ply(g, g.parse_move("d4-d5"), "north")
    assert g.view("south").piece_at("e6")["piece"] == "general"
    assert [e["rule"] for e in g.visible_events("south") if e["ply"] == 1] == ["spz.unmask"]
    assert [e for e in g.visible_events("north") if e["ply"] == 1] == [] and lines == ["ply 1: south d4-d5"]


def test_site_replays_cite_the_rule_that_acted_and_read_as_each_side_does():
    """et-sojamang-1935:46, :47, :53 — the site's replay data takes each move's text and rule from the same filter."""
    from wararchive.site.replay import replay_of

    played = simulate_one(ruleset(SOJ), 2, ("greedy", "random"))  # a game with flights and gas (any game is replayed so)
    data, record = replay_of(played), played.record()
    g = ruleset(SOJ).new_game(seed=2, setup=record["setups"])
    acted = set()
    for ply, text in enumerate(record["moves"], 1):
        move = g.parse_move(text)
        for viewer in data["moves"]:
            assert [data["moves"][viewer][ply - 1], data["move_rules"][viewer][ply]] == list(g.seen(move, viewer))
        if move.action in ("fly", "gas"):
            assert data["move_rules"]["referee"][ply] in ("soj.aviator-flight", "soj.gas-release")
            acted.add(move.action)
        g.play(move)
    assert acted == {"fly", "gas"}


def test_every_sojamang_ability_has_a_rule_of_its_own_and_the_games_show_all_but_the_rescue():
    """et-sojamang-1935:40–89 — each ability the hooks carry out (``_do_*``) cites its own rule, not a movement rule."""
    from wararchive.engine import Move

    g = ruleset(SOJ).new_game(seed=0)
    actions = {name[4:] for name in dir(g.hooks) if name.startswith("_do_")}
    for action in actions:
        rule = g.hooks.action_rule(g, Move(0, 0, action))
        assert g.rs.rule(rule).cites and rule not in ("soj.step", "soj.gallop")
    assert set(SOJ_MOVES) == actions - {"rescue"}  # the rescue: test_a_rescue_reads_as_a_plain_move_to_the_enemy
