"""Hidden information: what a side reads of a game never depends on a rank the rules have not shown it.

The swap comparison lives in the conformance kit (:mod:`wararchive.testing.leaks`),
which runs it over every installed ruleset; here it runs under hypothesis over
the project's rulesets and information options, through the interactive
terminal too, and is shown to catch leaks.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from wararchive.engine import rulesets
from wararchive.testing import check_hidden_information
from wararchive.testing.leaks import compare, lockstep

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
@example(("japanese-war-game", {"referee": True}), 55, 0, 17)  # a striker told the flag's backer (via, a third piece)
@example(("sojamang-1935", {}), 14, 0, 14)
@example(("finnish-front", {"combat_reveal": "both", "redeploy": "one-move"}), 772, 0, 0)  # the gas command swapped onto the map
@example(("sojamang-1935", {"game": "beginners"}), 519, 1, 148)  # a battery naming a mine rightly learns it is one
@example(("sojamang-1935", {"referee": "in-turn"}), 288, 1, 263)  # a lieutenant's grenade fired for him in defence
@example(("sojamang-1935", {}), 6213, 1, 816)  # a reinforcement of another rank in the twin, later reported
# derandomize: the same examples every run, so that the suite fails on a change, not on a draw; the known leak below
# (2 of 31,304 random examples over these specs and Sõjamäng's defence_weapons=first-attack) has its own test
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(st.sampled_from(SPECS), st.integers(0, 10_000), st.integers(0, 1), st.integers(0, 1000))
def test_swapping_two_unlearned_enemy_pieces_changes_nothing_the_viewer_reads(spec, seed, viewer, pick):
    """Hidden ranks in every ruleset and information option: fi-japanilainen-sotapeli:5, :11 (jwg.hidden);
    et-spionaaz:5; sv-krigsspel-finland:4, :27 (ff.hidden, ff.ask); et-sojamang-1935:10, :15, :46 (soj.hidden)."""
    rid, opts = spec
    compare(rid, opts, seed, viewer, pick)


def test_a_swap_that_the_rules_show_parts_the_twins_at_once():
    """sv-krigsspel-finland:1 (ff.gas-seen): the gas command is known to the enemy once on the map.

    Swapped from a reserve onto the map, it is shown in the twin alone, as the
    rules say: the twins part before the first ply, and nothing is a leak.
    """
    twins = lockstep("finnish-front", {"combat_reveal": "both", "redeploy": "one-move"}, 772, 0, 0)
    assert twins is not None and twins.plies == 0
    assert twins.setups[0] != twins.setups[1]


@pytest.mark.parametrize("rid,opts", SPECS + [(rid, {}) for rid in rulesets() if rid not in {r for r, _ in SPECS}])
def test_the_swap_comparison_is_not_vacuous(rid, opts):
    """The lockstep comparison does run over plies in every installed ruleset (else the property would prove nothing)."""
    check_hidden_information(rid, opts)


def test_a_defence_weapon_fired_by_the_referee_is_told_to_its_owner():
    """et-sojamang-1935:79, :80 (option defence_weapons, "when-losing"): a lieutenant's grenade fires for him only
    when it saves him, which depends on the attacker's hidden rank.

    Once untold, the spent grenade still changed his legal moves: a leak found at
    ply 68 of this game. The referee's message to him now parts the twins at
    the combat (ply 61), where the rules give him that knowledge.
    """
    twins = lockstep("sojamang-1935", {"referee": "in-turn"}, 288, 1, 263)
    assert twins is not None and twins.plies == 60


@pytest.mark.parametrize(
    ("opts", "seed", "viewer", "pick", "plies"),
    [
        ({"referee": "in-turn"}, 9605, 1, 293, 160),  # the enemy's signal post bombed: his captain's gun fires in defence
        ({"referee": "attacked-names"}, 2277, 1, 45, 117),  # his lieutenant lowered: the grenade fires
    ],
)
def test_a_combats_rule_tells_no_hidden_state(opts, seed, viewer, pick, plies):
    """et-sojamang-1935:20 (the referee names a piece), :57, :58 (a lost signal post lowers the ranks), :77-:80
    (weapons). Once the referee has named both pieces of a combat, the viewer read the rule that decided it
    (``soj.machine-gun`` against ``soj.signal-demotion``), and the rule depended on what he was not shown: whether
    the enemy's signal post was destroyed, or a weapon still unfired. Such a rule is now kept to the side that
    knows (``BoardGame.keep_rule``); both games compare to their last ply."""
    assert compare("sojamang-1935", opts, seed, viewer, pick) == plies


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


def test_the_swap_comparison_catches_a_combat_naming_the_flag_s_backer(monkeypatch):
    """fi-japanilainen-sotapeli:23, :27 — the referee variant's combat once kept, for the striker, the rule the flag's
    rank came through (``via``) and the tile behind the flag as a third piece; the comparison catches it."""
    from wararchive.engine.observer import Observer

    redact = Observer._redact

    def old(self, ev, pl):
        out = redact(self, ev, pl)
        if pl is not None and out.get("rule") == "hidden":
            out["pieces"] += [[u, None, side] for u, _, side in ev["pieces"][2:]]
            out.update({"via": ev["via"]} if "via" in ev else {})
        return out

    compare("japanese-war-game", {"referee": True}, 55, 0, 17)
    monkeypatch.setattr(Observer, "_redact", old)
    with pytest.raises(AssertionError, match="tells the swapped ranks apart"):
        compare("japanese-war-game", {"referee": True}, 55, 0, 17)


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


# -- the interactive path: `wararchive play` with a human on either side ------------------------------------------------
def play_at_the_terminal(rid: str, opts: dict, seed: int, setups: dict, moves: list, human: int, old_help: bool = False) -> str:
    """All that ``wararchive play --players`` prints to the person at the keyboard (side ``human``).

    The game starts from ``setups``; he types his side's ``moves``, the computer
    plays the others (a scripted player in place of ``random``), then he quits
    (or the computer, out of moves, abandons). ``old_help``: print the help
    before the first move from the mover's moves, as ``play`` once did.
    """
    from wararchive.cli import terminal
    from wararchive.cli.main import main
    from wararchive.engine import Ruleset

    computer = iter([text for mover, text in moves if mover != human])
    typed = iter([*(text for mover, text in moves if mover == human), "quit"])

    class Scripted:
        def choose(self, game):
            text = next(computer, None)
            if text is None:
                raise terminal.GameAbandoned(game.side, game.ply + 1)
            return game.parse_move(text)

    new_game = Ruleset.new_game

    def set_up(rs, seed=0, setup=None):
        game = new_game(rs, seed, setups)
        if old_help:
            print(terminal.help_text(game, game.side))
        return game

    args = ["play", rid, "--seed", str(seed), "--players", "human,random" if human == 0 else "random,human"]
    args += [a for k, v in {"ply_limit": 160, **opts}.items() for a in ("-o", f"{k}={json.dumps(v)}")]
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp, redirect_stdout(out):
        mp.setattr(Ruleset, "new_game", set_up)
        mp.setattr("wararchive.players.make_player", lambda kind, seed: Scripted())
        mp.setattr("builtins.input", lambda prompt="": next(typed))
        assert main(args) == 0
    return out.getvalue()


def compare_at_the_terminal(rid: str, opts: dict, seed: int, human: int, pick: int, old_help: bool = False) -> int:
    """The person at the keyboard reads the same, byte for byte, in a game and its swapped twin; returns the plies compared."""
    twins = lockstep(rid, opts, seed, human, pick)
    if twins is None:
        return 0
    one, two = (play_at_the_terminal(rid, opts, seed, twins.setups[k], twins.moves[k], human, old_help=old_help) for k in (0, 1))
    assert one == two, f"{rid} {opts} seed {seed}, human {human}: the terminal tells the swapped ranks apart"
    return len(twins.moves[0])


@example(("sojamang-1935", {}), 2, 1, 0)  # the help once quoted the computer's battery on f2 and gas on e2
@example(("finnish-front", {}), 1, 1, 0)  # … and a flyer of the Finnish map game
@example(("japanese-war-game", {"referee": True}), 0, 0, 0)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SPECS), st.integers(0, 10_000), st.integers(0, 1), st.integers(0, 1000))
def test_playing_at_the_terminal_reads_the_same_whichever_unlearned_pieces_were_swapped(spec, seed, human, pick):
    """The interactive ``play`` (legend, help, boards, moves, events), with the human first or second: hidden ranks
    stay hidden, fi-japanilainen-sotapeli:5 (jwg.hidden); et-spionaaz:5; sv-krigsspel-finland:4 (ff.hidden);
    et-sojamang-1935:10, :15 (soj.hidden)."""
    rid, opts = spec
    compare_at_the_terminal(rid, opts, seed, human, pick)


def test_the_terminal_comparison_catches_a_help_quoting_the_computers_moves():
    """et-sojamang-1935:15 — the help ``play`` printed before the first move quoted the mover's legal moves (a battery's
    ``fire:f2-f2>…``, ``gas:e2-e2>…``): with the human second, the computer's; the comparison catches it."""
    pick = 48  # swaps pink's battery commander on f2 with the lieutenant on i2
    compare_at_the_terminal("sojamang-1935", {}, 2, 1, pick)
    with pytest.raises(AssertionError, match="the terminal tells the swapped ranks apart"):
        compare_at_the_terminal("sojamang-1935", {}, 2, 1, pick, old_help=True)
