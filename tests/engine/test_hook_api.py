"""The hooks' contract with the engine: changes only through the cited mutation API, per-game state per game.

Three properties of issue 11: no ruleset writes the engine's state directly
(an AST scan of each installed ruleset's module, naming file and line; the
scan and the interleaving check live in :mod:`wararchive.testing.hooks`); every change
a hook makes to the pieces is attributable to a rule the record cites in the
same ply; and a cached ruleset (hence its one hooks object) plays any number
of games at once, each as it plays alone.
"""

from __future__ import annotations

import inspect

import pytest

from wararchive.engine import REFEREE, BoardGame, ruleset, rulesets
from wararchive.engine.transcript import play_ply
from wararchive.players import make_player
from wararchive.testing import check_interleaved_games, check_no_direct_writes, direct_writes

BOARD_RULESETS = ["japanese-war-game", "spionaaz", "finnish-front", "sojamang-1935"]


# -- no direct writes ----------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", rulesets())
def test_no_ruleset_writes_engine_state_directly(rid):
    """Rulesets change a game only through its mutation API (reveal, freeze, relocate…), so every change is cited."""
    check_no_direct_writes(rid)


@pytest.mark.parametrize(
    "code",
    [
        "def f(game, p, u):\n    game.known[p].add(u)",
        "def f(game, c):\n    game.blocked[c] = 1",
        "def f(game, p):\n    game.bonus_plies[p] += 2",
        "def f(game):\n    game.extra['soj'] = None",
        "def f(game, u):\n    frozen = game.frozen\n    frozen.discard(u)",
        "def f(game, c):\n    kind, owner = game.kind, game.owner\n    owner[c] = 0",
        "def f(game, c):\n    del game.enter_by[0][c]",
    ],
)
def test_the_scan_finds_each_kind_of_direct_write(code):
    """The scan above can fail: each way of writing engine state is named with its line."""
    found = direct_writes(code, "example.py")
    assert len(found) == 1 and found[0].startswith(f"example.py:{code.count(chr(10)) + 1}:")


def test_the_scan_lets_hooks_read_the_board_and_keep_their_own_state():
    code = (
        "def f(self, game, c, u):\n"
        "    owner, kind = game.owner, game.kind\n"
        "    if owner[c] >= 0 and kind[c] == 3:\n"
        "        game.remove(c, 'r')\n"
        "    self.state(game).used.add(u)\n"
        "    event = {}\n"
        "    event['pieces'] = [u]\n"
    )
    assert direct_writes(code, "example.py") == []


# -- every change cited --------------------------------------------------------------------------------
BOARD_CHANGES = ("relocate", "remove", "transform", "transfer", "add_piece")


@pytest.mark.parametrize("rid", BOARD_RULESETS)
def test_every_board_change_a_hook_makes_is_cited_in_its_ply(rid, monkeypatch):
    """A hook's relocate/remove/transform/transfer/add_piece names a rule the ply's events cite, or its move's own rule."""
    calls: list[tuple[int, str]] = []
    for name in BOARD_CHANGES:
        method = getattr(BoardGame, name)

        def logged(self, *args, _method=method, **kwargs):
            calls.append((self.ply, inspect.signature(_method).bind(self, *args, **kwargs).arguments["rule"]))
            return _method(self, *args, **kwargs)

        monkeypatch.setattr(BoardGame, name, logged)
    rs = ruleset(rid, ply_limit=300)
    checked = 0
    for seed in range(4):
        game = rs.new_game(seed=seed)
        players = [make_player("greedy" if side == 0 else "random", f"cited:{seed}:{side}") for side in (0, 1)]
        move_rules = {0: None}
        while game.result is None:
            move = players[game.to_move].choose(game)
            move_rules[game.ply + 1] = game.seen(move, REFEREE)[1]
            game.play(move)
        cited: dict[int, set[str]] = {}
        for e in game.events:
            cited.setdefault(e["ply"], set()).add(e["rule"])
        for ply, rule in calls:
            assert rule in cited.get(ply, set()) or rule == move_rules.get(ply), f"seed {seed} ply {ply}: {rule} not cited"
        checked += len(calls)
        calls.clear()
    if rid in ("finnish-front", "sojamang-1935"):  # their hooks move and remove pieces: the check has checked something
        assert checked > 0


# -- revealing -----------------------------------------------------------------------------------------
def test_a_reveal_is_read_by_the_learner_alone_and_names_only_what_he_learned():
    """et-spionaaz:24-26 (spz.unmask): the revealed event goes to the spy's side and the referee, nobody else."""
    g = ruleset("spionaaz").position(
        {"d4": "south:spy", "a1": "south:corporal", "e6": "north:general", "f6": "north:sapper", "h9": "north:corporal"},
        to_move="south",
    )
    south = play_ply(g.clone(), g.parse_move("d4-d5"), "south")
    north = play_ply(g.clone(), g.parse_move("d4-d5"), "north")
    referee = play_ply(g, g.parse_move("d4-d5"), REFEREE)
    assert south[1:] == referee[1:] == ["  revealed: e6 general [spz.unmask; et-spionaaz:24, et-spionaaz:25, et-spionaaz:26]"]
    assert north == ["ply 1: south d4-d5"]  # f6 is not beside d5: nothing about the sapper anywhere
    ev = g.events[-1]
    assert ev["to"] == ["south"] and all(g.knows(0, u) for u, _, _ in ev["pieces"])
    assert g.reveal(0, [u for u, _, _ in ev["pieces"]], "spz.unmask") is None  # nothing new: no second event


def test_reveal_skips_own_pieces_and_returns_the_event():
    g = ruleset("spionaaz").position({"d4": "south:spy", "a1": "south:corporal", "h9": "north:corporal"}, to_move="south")
    own, enemy = g.uid[g.board.cell("a1")], g.uid[g.board.cell("h9")]
    ev = g.reveal(0, [own, enemy, enemy], "spz.unmask")
    assert ev is not None and ev["pieces"] == [[enemy, "corporal", "north"]] and ev["cells"] == ["h9"]
    assert g.known_to(0) == {enemy} and g.known_to(1) == frozenset()


def test_a_private_rank_change_is_forgotten_a_public_one_is_revealed():
    """et-sojamang-1935:82 (soj.deserter): the deserter turns captain in public; a promotion (:35) is private."""
    g = ruleset("sojamang-1935").position({"a1": "pink:colonel", "a10": "light-blue:colonel", "e5": "pink:pioneer"})
    u = g.uid[g.board.cell("e5")]
    g.reveal(1, (u,), "soj.in-turn")
    g.transform(g.board.cell("e5"), "ensign", "soj.pioneer-promoted")
    assert not g.knows(1, u) and g.view("light-blue").piece_at("e5")["piece"] is None
    g.transform(g.board.cell("e5"), "captain", "soj.deserter", public=True)
    assert g.knows(1, u) and g.events[-1]["pieces"] == [[u, "captain", "pink"]] and g.events[-1]["to"] == ["light-blue"]


# -- the other mutations -------------------------------------------------------------------------------
def test_freeze_holds_a_piece_and_unfreeze_lets_it_go_each_with_a_cited_event():
    """et-sojamang-1935:66, :68 (soj.cabaret-nails, soj.cabaret-arrest) through the API itself."""
    g = ruleset("sojamang-1935").position({"a1": "pink:colonel", "a10": "light-blue:colonel", "e5": "pink:captain"})
    u = g.uid[g.board.cell("e5")]
    g.freeze((u,), "soj.cabaret-nails")
    assert g.is_frozen(u) and not [m for m in g.legal_moves() if m.frm == g.board.cell("e5")]
    g.unfreeze((u,), "soj.cabaret-arrest")
    assert not g.is_frozen(u) and [m for m in g.legal_moves() if m.frm == g.board.cell("e5")]
    assert [(e["type"], e["rule"], e["cells"]) for e in g.events] == [
        ("frozen", "soj.cabaret-nails", ["e5"]),
        ("unfrozen", "soj.cabaret-arrest", ["e5"]),
    ]


def test_owed_plies_let_the_same_side_move_again():
    """et-sojamang-1935:64 (soj.wagon-extra-moves): two plies owed, taken when the turn ends."""
    g = ruleset("sojamang-1935").position({"a1": "pink:colonel", "a10": "light-blue:colonel"})
    g.grant_plies(0, 2, "soj.wagon-extra-moves")
    for _ in range(3):
        assert g.side == "pink"
        g.play(g.legal_moves()[0])
    assert g.side == "light-blue"


def test_an_unknown_rule_is_refused_by_the_mutation_that_names_it():
    g = ruleset("spionaaz").position({"d4": "south:spy", "h9": "north:corporal"}, to_move="south")
    with pytest.raises(Exception, match=r"spz\.no-such-rule"):
        g.relocate(g.board.cell("d4"), g.board.cell("d5"), "spz.no-such-rule")


# -- per-game hook state -------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", rulesets())
def test_games_interleaved_on_one_cached_ruleset_play_as_they_do_alone(rid):
    """Two games of one cached ruleset, ply by ply in turn, give exactly the records each gives alone."""
    check_interleaved_games(rid)


def test_hook_state_is_typed_per_ruleset_and_copied_with_a_clone():
    from wararchive.rulesets.sojamang_1935.abilities import State
    from wararchive.rulesets.spionaaz import SpionaazState

    soj = ruleset("sojamang-1935").new_game(seed=1)
    assert isinstance(soj.hook_state, State) and soj.hooks.state(soj) is soj.hook_state
    copy = soj.clone()
    copy.hook_state.used.add(-5)
    assert -5 not in soj.hook_state.used
    spz = ruleset("spionaaz").new_game(seed=1)
    assert isinstance(spz.hook_state, SpionaazState)
    assert [spz.board.names[c] for c in spz.hook_state.volcanoes] == spz.record()["prepared"]["volcanoes"]
    assert ruleset("japanese-war-game").new_game(seed=1).hook_state is None
