"""The compiled kernel plays the reference engine's games: same draws, moves, rule firings, result, record.

Equality is the kernel's contract (issue 17). Every option set the kernel
covers is checked (each ruleset's defaults, every other reading of each
option one at a time, and the combinations the golden records use) by
playing games both ways, random against random and greedy against greedy
(and the mixed pairings at the defaults). The reference side is one pass:
the kernel's moves are replayed through the reference engine while the
reference players choose, and each ply's choice must be the kernel's; a
divergence names the seed and the ply. At the end the results, the events
(every rule firing, with its data) and the setups must be equal.

Which games, per option set:

* short games (ply limit 16: setups, terrain, the first moves and fights):
  100 seeds for each ruleset's defaults and 50 for the other option sets, in each pairing;
  ``-m slow`` plays on to 1,000 and 500 seeds (so, with the two pairings, at least 1,000 games
  for every option set);
* full-length games on the seeds that, among the first 100, fire every rule
  that fires at all (the first seed for each rule), so the rare branches
  (the flag's borrowed rank, its ties, a spy at the marshal) are compared;
* ``WARARCHIVE_KERNEL_GAMES=N``: N short *and* N full-length seeds for every
  option set (the full check: N=1000 plays 1,000 full games per option set,
  some 15 minutes of one core).
"""

from __future__ import annotations

import os
import random
import sys

import numpy as np
import pytest

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.engine.moves import Move
from wararchive.errors import WararchiveError
from wararchive.players import make_player
from wararchive.testing.kernel import check_kernel_game as assert_same_game

pytestmark = pytest.mark.skipif(kernel.numba_gap() is not None, reason=str(kernel.numba_gap()))

SHORT_LIMIT = 16
FULL = int(os.environ.get("WARARCHIVE_KERNEL_GAMES", "0"))  # 0: the default run
COVER_SEEDS = 100


def option_sets() -> list[tuple[str, dict]]:
    """Each covered ruleset's defaults, every other reading of every option alone, and the golden records' pairs."""
    out: list[tuple[str, dict]] = []
    for rid in COVERED:
        out.append((rid, {}))
        for name, opt in ruleset(rid).declared.items():
            out += [(rid, {name: r.value}) for r in opt.readings or () if r.value != opt.default]
    out += [
        ("japanese-war-game", {"board": "9x4", "bridges": "spread"}),
        ("japanese-war-game", {"spy_vs_marshal": "swedish", "strike": "any-move"}),
        ("japanese-war-game", {"flag_backer": "rank-only", "spy_vs_marshal": "both-fall", "flag_tie": "backer-falls"}),
        ("spionaaz", {"combat_reveals": True, "no_return": "player-move"}),
    ]
    return out


COVERED = ("japanese-war-game", "spionaaz", "finnish-front", "sojamang-1935")
SETS = option_sets()
IDS = [f"{rid}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for rid, o in SETS]
SAMPLED_SETS = [
    pytest.param(rid, options, id=name, marks=() if len(options) != 1 else pytest.mark.slow)
    for (rid, options), name in zip(SETS, IDS, strict=True)
]
"""The option sets of the whole games', positions' and searches' checks: by default each ruleset's defaults and the
golden records' combinations (every option set's short games are compared by default all the same); ``-m slow`` takes
each option alone too."""


PAIRINGS = [("random", "random"), ("greedy", "greedy")]
SHORT_SEEDS = (50, 25)
"""Short games per pairing in the default run: for a ruleset's defaults, for each other option set."""
SHORT_SEEDS_SLOW = (1000, 500)
"""The same under ``-m slow``, which plays the seeds the default run leaves."""


def short_games_are_the_reference_games(rid: str, options: dict, kinds: tuple[str, str], seeds: range) -> None:
    short = ruleset(rid, **options, ply_limit=SHORT_LIMIT)
    assert kernel.covers(short, kinds), kernel.gap(short, kinds)
    for seed in seeds:
        assert_same_game(short, seed, kinds)


def rule_cover(rs, seeds: range, kinds: tuple[str, str] = ("random", "random")) -> list[int]:
    """The first seed, for each rule that fires in any of these games, whose game fires it."""
    first: dict[str, int] = {}
    for seed in seeds:
        for rule in kernel.play(rs, seed, kinds).fired():
            first.setdefault(rule, seed)
    return sorted(set(first.values()))


@pytest.mark.parametrize("kinds", PAIRINGS, ids=["-".join(k) for k in PAIRINGS])
@pytest.mark.parametrize(("rid", "options"), SETS, ids=IDS)
def test_short_kernel_games_are_the_reference_games(rid, options, kinds):
    """Every option set, its first plies (:data:`SHORT_LIMIT`): the set-up, the first moves and the rules they fire."""
    short_games_are_the_reference_games(rid, options, kinds, range(FULL or SHORT_SEEDS[bool(options)]))


@pytest.mark.parametrize("kinds", PAIRINGS, ids=["-".join(k) for k in PAIRINGS])
@pytest.mark.parametrize(("rid", "options"), SAMPLED_SETS)
def test_kernel_games_are_the_reference_games(rid, options, kinds):
    """Whole games that, between them, fire every rule that fires in the first :data:`COVER_SEEDS` seeds."""
    full = ruleset(rid, **options)
    seeds = range(FULL) if FULL else rule_cover(full, range(COVER_SEEDS), kinds)
    fired = set()
    for seed in seeds:
        assert_same_game(full, seed, kinds)
        fired |= set(kernel.play(full, seed, kinds).fired())
    assert "project.ply-limit" not in fired or len(fired) > 5  # the full games reached the fights, not only the limit


@pytest.mark.slow
@pytest.mark.parametrize("kinds", PAIRINGS, ids=["-".join(k) for k in PAIRINGS])
def test_many_more_short_games_of_every_option_set_are_the_reference_games(kinds):
    """The short games the default run leaves, to :data:`SHORT_SEEDS_SLOW` seeds per option set."""
    for rid, options in SETS:
        more = bool(options)
        short_games_are_the_reference_games(rid, options, kinds, range(SHORT_SEEDS[more], SHORT_SEEDS_SLOW[more]))


@pytest.mark.parametrize("rid", COVERED)
def test_mixed_pairings_are_the_reference_games(rid):
    """Random against greedy, on either side: each side's stream and view are its own."""
    rs = ruleset(rid)
    for kinds in (("random", "greedy"), ("greedy", "random")):
        for seed in range(FULL or 50):
            assert_same_game(rs, seed, kinds)


def test_greedy_ties_are_drawn_as_the_reference_player_draws_them():
    """Most of greedy's opening choices are ties (every quiet forward step is worth 0.01): the draw among them must agree.

    A kernel that broke ties by taking the first best move would play
    different games; this checks such ties occur, so the equality above is
    not won by luck.
    """
    from wararchive.players.baseline import GreedyPlayer

    rs = ruleset("spionaaz")
    game = rs.new_game(seed=4)
    values = game.move_values(game.legal_moves(), game.view(game.to_move, with_events=False))
    assert sum(abs(v - max(values)) <= 1e-9 for v in values) > 1
    first = kernel.play(rs, 4, ("greedy", "greedy")).moves()[0]
    move = GreedyPlayer(f"{rs.id}:4:player:{rs.sides[0]}").choose(game)
    assert move == first


def test_the_rare_rules_are_among_those_compared():
    """The rule cover reaches the flag's borrowed rank and its open cases, so the test compares them."""
    fired = set()
    for options in ({}, {"flag_tie": "backer-falls"}, {"flag_backer": "rank-only"}):
        rs = ruleset("japanese-war-game", **options)
        for seed in rule_cover(rs, range(COVER_SEEDS)):
            fired |= {r for e in kernel.play(rs, seed).events for r in (e["rule"], e.get("via"))}
    rare = {
        "jwg.flag-rank",
        "jwg.flag-alone",
        "jwg.flag-tie",
        "jwg.flag-backer",
        "jwg.spy-beats-marshal",
        "jwg.marshal-strikes-spy",
    }
    assert rare | {"jwg.spy-vs-spy"} <= fired


def test_a_kernel_record_replays_through_the_reference_engine():
    from wararchive.engine import replay

    for rid in COVERED:
        kg = kernel.play(ruleset(rid), 3)
        game = replay(kg.record())
        assert game.record() == kg.record()


@pytest.mark.parametrize(("rid", "options"), [("spionaaz", {"volcanoes": 6}), ("sojamang-1935", {})])
def test_play_many_plays_the_same_games_as_play(rid, options):
    """The batch loop seeds each game as play does (Sõjamäng's deserters draw from a stream named by the seed)."""
    rs = ruleset(rid, **options)
    rows = kernel.play_many(rs, [5, 6, 7])
    for (plies, winner, rule), seed in zip(rows.tolist(), [5, 6, 7], strict=True):
        kg = kernel.play(rs, seed)
        assert plies == kg.ply
        assert (None if winner < 0 else rs.sides[winner]) == kg.result["winner"]
        assert list(rs.rules)[rule].id == kg.result["reason"]
    if rid == "sojamang-1935":
        assert any("soj.deserter" in kernel.play(rs, s).fired() for s in (5, 6, 7))


# -- positions from reference games: what the search hands the kernel ----------------------------
POSITION_SEEDS = 12
CONTINUE = 60  # plies played on from each loaded position


def reference_position(rs, seed: int, kinds: tuple[str, str]):
    """The reference game of ``seed`` stopped at a ply the seed picks (1-50: mid-turn too where a turn has several)."""
    game = rs.new_game(seed=seed)
    players = [make_player(kind, f"{seed}:{side}") for kind, side in zip(kinds, rs.sides, strict=True)]
    for _ in range(1 + seed * 17 % 50):
        if game.result is not None:
            break
        game.play(players[game.to_move].choose(game))
    return game


@pytest.mark.parametrize("kinds", PAIRINGS, ids=["-".join(k) for k in PAIRINGS])
@pytest.mark.parametrize(("rid", "options"), SAMPLED_SETS)
def test_a_loaded_position_plays_on_as_the_reference_game_would(rid, options, kinds):
    """position.load carries everything the moves depend on: the kernel's continuation is the reference game's, ply by ply."""
    rs = ruleset(rid, **options)
    for seed in range(FULL or POSITION_SEEDS):
        game = reference_position(rs, seed, kinds)
        if game.result is None:
            assert_plays_on_alike(game, kinds, f"{rid} {options} {'-'.join(kinds)} seed {seed} from ply {game.ply}")


def test_a_map_position_with_gas_in_the_air_plays_on_alike():
    """The map game's positions right after a gas release (pieces caught, their side to move) load with their clouds."""
    rs, kinds, loaded = ruleset("finnish-front"), ("random", "random"), 0
    for seed in range(60):
        game = rs.new_game(seed=seed)
        players = [make_player(kind, f"{seed}:{side}") for kind, side in zip(kinds, rs.sides, strict=True)]
        while game.result is None and loaded < 6:
            game.play(players[game.to_move].choose(game))
            if game.result is None and any(game.hook_state.gassed):
                assert_plays_on_alike(game.clone(), kinds, f"seed {seed} from ply {game.ply}")
                loaded += 1
    assert loaded == 6, "too few gas releases to check"


def assert_plays_on_alike(game, kinds: tuple[str, str], where: str) -> None:
    """Load ``game``'s position into the kernel, play on with seeded players both ways, and compare ply by ply."""
    from wararchive.kernel import mt, playout, position
    from wararchive.kernel.tables import player_kinds

    rs = game.rs
    S, W = kernel._compiled(rs)
    start = game.ply
    position.load(S, W, game)
    for p, side in enumerate(rs.sides):
        mt.seed(W.rng[3 + p], mt.seed_key(f"on:{side}"))
    playout.play_on(S, W, player_kinds(kinds), start + CONTINUE)
    players = [make_player(kind, f"on:{side}") for kind, side in zip(kinds, rs.sides, strict=True)]
    for ply in range(start, int(W.G[playout.G_PLY])):
        assert game.result is None, f"{where}: the reference game ended at ply {game.ply}, the kernel's plays on"
        move = players[game.to_move].choose(game)
        c, x, act, aim, arg = W.moves[ply].tolist()
        said = f"{where}, ply {ply + 1}: the reference plays {game.move_text(move)}"
        assert move == Move(c, x, playout.ACTIONS[act], aim, rs.piece_types[arg].id if arg >= 0 else ""), said
        game.play(move)
    over = bool(W.G[playout.G_OVER])
    assert (game.result is not None) == over, f"{where}: one game ended at ply {game.ply}, the other did not"
    if over:
        winner = int(W.G[playout.G_WINNER])
        assert game.result["winner"] == (None if winner < 0 else rs.sides[winner]), where
        assert game.result["reason"] == list(rs.rules)[W.G[playout.G_END_RULE]].id, where


def search_worlds(rid: str, options: dict, count: int):
    """Guessed worlds as ISMCTS draws them (Guesser) from mid-game positions of greedy games, each with its player."""
    from wararchive.players.ismcts import Guesser

    rs, rng, out = ruleset(rid, **options), random.Random(1), []
    for seed in range(count):
        game = reference_position(rs, seed, ("greedy", "greedy"))
        if game.result is None:
            out.append((Guesser(game, game.to_move).sample(rng), game.to_move))
    return out


@pytest.mark.parametrize("playouts", [1, 3])
@pytest.mark.parametrize(("rid", "options"), SAMPLED_SETS)
def test_the_search_scores_its_playouts_alike_on_either_engine(rid, options, playouts, monkeypatch):
    """ISMCTS's playouts on the kernel: the same scores to the last bit, and the stream left where the reference leaves it."""
    from wararchive.players import ismcts

    monkeypatch.setattr(ismcts, "PLAYOUTS", playouts)
    worlds = search_worlds(rid, options, 8)
    assert worlds
    ref, fast = ismcts.Playouts("reference", worlds[0][0], 7), ismcts.Playouts("kernel", worlds[0][0], 7)
    assert not ref.kernel and fast.kernel
    for i, (world, me) in enumerate(worlds):
        a, b = ref.score(world.clone(), me), fast.score(world.clone(), me)
        assert a == b, f"{rid} {options} world {i}: the reference scores {a!r}, the kernel {b!r}"
        assert list(ref.rng.getstate()[1]) == fast.stream.tolist(), f"{rid} {options} world {i}: the streams parted"


@pytest.mark.parametrize(("rid", "options"), SAMPLED_SETS)
def test_a_kernel_world_is_the_guessed_reference_world(rid, options):
    """The compiled guess makes the reference guess (same ranks, same draws), and the world plays on alike, ply after ply."""
    from wararchive.kernel import playout
    from wararchive.kernel.families import family
    from wararchive.players import ismcts_compiled
    from wararchive.players.ismcts import Guesser

    rs, followed = ruleset(rid, **options), 0
    for seed in range(6):
        game = reference_position(rs, seed, ("greedy", "greedy"))
        if game.result is not None:
            continue
        guesser, on_kernel, cells = Guesser(game, game.to_move), kernel.worlds(game), len(game.kind)
        S, W, inputs = on_kernel.S, on_kernel.buffer, guesser.arrays()
        for draw in range(3):
            rng, stream = random.Random(draw), kernel.mirror(random.Random(draw))
            world = guesser.sample(rng)
            playout.restore(S, on_kernel.root, W)
            scratch = np.empty((3, len(game.kind)), np.int64)
            ismcts_compiled._guess(S, W, game.to_move, stream, scratch, *inputs)
            playout.resume(S, W)  # as the search does: the guess may change the moves (a guessed gas command)
            where = f"{rid} {options} seed {seed} world {draw}"
            assert W.kind.tolist() == world.kind, f"{where}: the guessed ranks differ"
            assert all(W.uid_kind[u] == t for u, t, _, _ in world.removed), f"{where}: the guesses of the fallen differ"
            assert stream.tolist() == list(rng.getstate()[1]), f"{where}: the guesses drew differently"
            if S.P[playout.P_HOOKS] == playout.HOOKS_SOJ:  # the hooks' state follows the guess
                redrawn = playout.work(S)
                family(playout.HOOKS_SOJ).load_state(S, redrawn, world)
                assert sojamang_state(W) == sojamang_state(redrawn), f"{where}: the guessed worlds' hook states differ"
                followed += sojamang_state(W) != sojamang_state(on_kernel.root)
            pick = random.Random(seed)
            for ply in range(30):
                where = f"{rid} {options} seed {seed} world {draw} ply {ply}"
                assert (world.result is None) == (not W.G[playout.G_OVER]), where
                if world.result is not None:
                    assert world.result["winner"] == (None if W.G[playout.G_WINNER] < 0 else rs.sides[W.G[playout.G_WINNER]])
                    break
                moves = world.legal_moves()
                codes = [playout.move_code(W, i) for i in range(W.G[playout.G_NMOVES])]
                assert [playout.code_of(m, cells, rs.type_index) for m in moves] == codes, where
                i = pick.randrange(len(moves))
                world.play(moves[i])
                playout.play_listed(S, W, i)
    if rid == "sojamang-1935" and not options:
        assert followed, "no guess changed Sõjamäng's hook state: SojamangHooks.guessed is not tested"


def sojamang_state(W) -> tuple:
    """The kernel's Sõjamäng hook state, comparable: per piece (less the scratch column), the scalars, the lists in use."""
    from wararchive.kernel.families import sojamang as soj

    per_piece = np.delete(W.su, soj.SU_NOW, axis=1).tolist()
    opened = [W.ropen[s, : W.sg[soj.SG_NROPEN + s]].tolist() for s in (0, 1)]
    return per_piece, W.sg.tolist(), W.pend[: W.sg[soj.SG_NPEND]].tolist(), opened


def late_position(rs, seed: int):
    """Greedy against greedy, stopped a few plies before the end: the search's tree and playouts reach the game's end."""

    def greedy_game(until: float):
        game = rs.new_game(seed=seed)
        players = [make_player("greedy", f"{seed}:{side}") for side in rs.sides]
        while game.result is None and game.ply < until:
            game.play(players[game.to_move].choose(game))
        return game

    return greedy_game(max(0, greedy_game(float("inf")).ply - 1 - seed % 4))


@pytest.mark.parametrize(("rid", "options"), SAMPLED_SETS)
def test_the_compiled_search_keeps_the_reference_searchs_statistics(rid, options):
    """ismcts on the kernel (one compiled call a move) and on the reference engine: every root statistic equal to the last bit.

    Mid-game positions and positions a few plies before the end (where the
    tree and the playouts reach finished games), and the player's generator
    left in the same state.
    """
    from wararchive.players.ismcts import ISMCTSPlayer

    rs = ruleset(rid, **options)
    for seed in range(3):
        for game in (reference_position(rs, seed, ("greedy", "greedy")), late_position(rs, seed)):
            if game.result is not None:
                continue
            legal = game.legal_moves()
            ref, fast = ISMCTSPlayer(seed, 40, "reference"), ISMCTSPlayer(seed, 40, "kernel")
            a, b = ref.statistics(game.clone(), legal), fast.statistics(game.clone(), legal)
            where = f"{rid} {options} seed {seed} ply {game.ply}"
            assert a == b, f"{where}: the root's statistics differ"
            assert sum(v for v, _ in a if v > 0) == 40, where
            assert ref.rng.getstate() == fast.rng.getstate(), f"{where}: the generators parted"


def test_a_guessed_world_that_leaves_the_searcher_no_move_is_a_loss_on_both_engines():
    """Sõjamäng, et-sojamang-1935:66 (an attacked cabaret nails its attacker) and :71 (the cabaret moves with the
    piece it holds, both onto free squares): pink has only his cabaret to move, onto squares the held light-blue piece
    may enter. A guess that makes that piece a signal post or a supply wagon (confined to its own rear rows) or a
    cabaret leaves pink no move in that world. The compiled search read past its arrays there and the process died
    (a ladder's pool broke on such a game); the Python search raised. Now the descent ends, the mover losing as the
    rules' no-move end has it, with the same statistics on both engines."""
    from wararchive.players import ismcts

    rs = ruleset("sojamang-1935")
    pieces = {"g1": "pink:cabaret", "i1": "pink:flag", "f4": "pink:mine", "g3": "light-blue:captain"}
    game = rs.position({**pieces, "a10": "light-blue:colonel", "b10": "light-blue:flag"}, to_move="light-blue")
    game.play("g3-g2")
    legal = game.legal_moves()
    assert [game.move_text(m) for m in legal] == ["cabaret:g1-h1>g2", "cabaret:g1-f1>g2"]
    guesser = ismcts.Guesser(game, 0)
    assert not guesser.may_run_dry()  # the compiled search is given this game
    rng = random.Random(0)
    assert any(not w.legal_moves() for w in (guesser.sample(rng) for _ in range(100))), "no world without a move"
    ref, fast = ismcts.ISMCTSPlayer(1, 400, "reference"), ismcts.ISMCTSPlayer(1, 400, "kernel")
    assert ref.statistics(game.clone(), legal) == fast.statistics(game.clone(), legal)
    assert ref.rng.getstate() == fast.rng.getstate()


def test_a_guess_that_changes_the_moves_changes_them_alike_on_the_kernel():
    """On the map a guessed gas command closes points: the world's moves are not the real position's, on either engine.

    The compiled search makes each world's moves again after the guess and
    gives a root move the real position lacks no prior (the Python search's
    ``prior.get(move, 0.0)``); its statistics must still be the reference's.
    """
    from wararchive.kernel import playout
    from wararchive.players import ismcts_compiled
    from wararchive.players.ismcts import Guesser, ISMCTSPlayer

    rs, changed = ruleset("finnish-front"), 0
    for seed in range(12):
        game = rs.new_game(seed=seed)
        players = [make_player("greedy", f"{seed}:{side}") for side in rs.sides]
        while game.result is None and game.ply < 10:
            game.play(players[game.to_move].choose(game))
        if game.result is not None:
            continue
        guesser, on_kernel, cells = Guesser(game, game.to_move), kernel.worlds(game), len(game.kind)
        real = [playout.code_of(m, cells, rs.type_index) for m in game.legal_moves()]
        found = False
        for draw in range(20):
            rng, stream = random.Random(draw), kernel.mirror(random.Random(draw))
            world = guesser.sample(rng)
            playout.restore(on_kernel.S, on_kernel.root, on_kernel.buffer)
            ismcts_compiled._guess(
                on_kernel.S, on_kernel.buffer, game.to_move, stream, np.empty((3, cells), np.int64), *guesser.arrays()
            )
            playout.resume(on_kernel.S, on_kernel.buffer)
            moves = [playout.code_of(m, cells, rs.type_index) for m in world.legal_moves()]
            assert [playout.move_code(on_kernel.buffer, i) for i in range(len(moves))] == moves, f"seed {seed} world {draw}"
            found |= moves != real
        if found:
            changed += 1
            legal = game.legal_moves()
            ref, fast = ISMCTSPlayer(seed, 48, "reference"), ISMCTSPlayer(seed, 48, "kernel")
            assert ref.statistics(game.clone(), legal) == fast.statistics(game.clone(), legal), f"seed {seed}"
    assert changed, "no guess changed the moves: the case is not tested"


# -- the random streams ------------------------------------------------------------------------
def test_the_generator_is_cpythons_draw_for_draw():
    from wararchive.kernel import mt

    state = np.zeros(mt.STATE, np.int64)
    for text in ("", "x", "japanese-war-game:1:player:south", "spionaaz:123456789:setup:north"):
        mt.seed(state, mt.seed_key(text))
        ref = random.Random(text)
        assert state.tolist() == list(ref.getstate()[1]), text
        for n in (1, 2, 3, 7, 64, 100, 2**31 + 5):
            assert [mt.randbelow(state, n) for _ in range(40)] == [ref._randbelow(n) for _ in range(40)]
        x, y = np.arange(35), list(range(35))
        mt.shuffle(state, x, 35)
        ref.shuffle(y)
        assert x.tolist() == y
        for k in range(9):  # both of CPython's sampling methods (a pool for small populations, a set for large)
            for pop in (20, 40):
                out = np.zeros(k, np.int64)
                mt.sample(state, np.arange(pop) * 3, k, out)
                assert out.tolist() == ref.sample([i * 3 for i in range(pop)], k), (k, pop)


# -- what the kernel covers, and what happens where it does not ------------------------------------
@pytest.mark.parametrize("rid", ["chess"])
def test_rulesets_it_does_not_cover_are_named_with_the_reason(rid):
    rs = ruleset(rid)
    assert not kernel.covers(rs)
    assert kernel.gap(rs)
    assert kernel.choose("auto", rs) == ("reference", kernel.gap(rs))
    with pytest.raises(WararchiveError, match="kernel cannot play"):
        kernel.choose("kernel", rs)


def test_the_map_games_rare_rules_are_among_those_compared():
    """The rule cover reaches gas, its losses, looks, reserves and the strategic points' victory, so the test compares them."""
    fired = set()
    for options in ({}, {"redeploy": "one-move"}):
        rs = ruleset("finnish-front", **options)
        for kinds in PAIRINGS:
            for seed in rule_cover(rs, range(COVER_SEEDS), kinds):
                fired |= set(kernel.play(rs, seed, kinds).fired())
    rare = {"ff.gas", "ff.gas-withdraw", "ff.gas-seen", "ff.flyer-recon", "ff.reserve", "ff.redeploy", "ff.win-hq"}
    assert rare <= fired, rare - fired


def test_sojamangs_rare_rules_are_among_those_compared():
    """The rule cover reaches the notes' rarer abilities (rescues, recaptured signal posts, sappers, promoted spies…)."""
    fired = set()
    for options in ({}, {"referee": "in-turn"}, {"defence_weapons": "first-attack"}):
        rs = ruleset("sojamang-1935", **options)
        for kinds in PAIRINGS:
            for seed in rule_cover(rs, range(COVER_SEEDS), kinds):
                fired |= set(kernel.play(rs, seed, kinds).fired())
    rare = {
        "soj.cabaret-rescue",
        "soj.cabaret-general",
        "soj.cabaret-arrest",
        "soj.signal-recapture",
        "soj.pioneer-keeps-skill",
        "soj.spy-promoted",
        "soj.deserter-none",
        "soj.battery-immune",
        "soj.in-turn",
    }
    assert rare <= fired, rare - fired


def test_the_deserters_stream_is_seeded_from_its_text_in_compiled_code():
    """Sõjamäng draws a deserter from ``Ruleset.rng(seed, f"deserter:{ply}")``: the kernel hashes that text itself."""
    import hashlib

    from wararchive.kernel import mt

    state = np.zeros(mt.STATE, np.int64)
    for text in ("", "sojamang-1935:7:deserter:123", "x" * 111, "y" * 112, "z" * 300):
        raw = np.frombuffer(text.encode(), np.uint8).copy()
        assert mt.sha512(raw, len(raw)).tobytes() == hashlib.sha512(text.encode()).digest(), text
        mt.seed_text(state, raw, len(raw))
        assert state.tolist() == list(random.Random(text).getstate()[1]), text


def test_search_players_are_left_to_the_reference_engine():
    rs = ruleset("japanese-war-game")
    assert kernel.choose("auto", rs, ("strong", "greedy"))[0] == "reference"
    assert "strong" in kernel.gap(rs, ("strong", "greedy"))
    assert kernel.choose("auto", rs) == ("kernel", None)
    assert kernel.choose("auto", rs, ("greedy", "greedy")) == ("kernel", None)


def test_without_numba_everything_runs_on_the_reference_engine(monkeypatch):
    """numba hidden (as on a machine without it): nothing is covered, and saying why is the answer."""
    monkeypatch.setitem(sys.modules, "numba", None)
    kernel.numba_gap.cache_clear()
    try:
        rs = ruleset("japanese-war-game")
        assert "numba is not installed" in kernel.gap(rs)
        assert kernel.choose("auto", rs) == ("reference", kernel.gap(rs))
        with pytest.raises(WararchiveError, match="numba is not installed"):
            kernel.play(rs, 1)
    finally:
        kernel.numba_gap.cache_clear()


# -- where the kernel is used: simulate and study ------------------------------------------------
def test_simulate_writes_the_same_records_on_either_engine(tmp_path, capsys):
    from wararchive.cli.main import main

    out = {}
    for engine in ("kernel", "reference"):
        path = tmp_path / f"{engine}.jsonl"
        main(["simulate", "spionaaz", "--games", "6", "--workers", "1", "--quiet", "--engine", engine, "--out", str(path)])
        out[engine] = path.read_bytes()
        assert f"engine: {engine}" in capsys.readouterr().out
    assert out["kernel"] == out["reference"]


def test_simulate_refuses_the_kernel_where_it_does_not_cover_in_one_line(tmp_path, capsys):
    from wararchive.cli.main import main

    argv = ["simulate", "chess", "--games", "2", "--players", "ismcts:2,random", "--engine", "kernel"]
    assert main([*argv, "--out", str(tmp_path / "c.jsonl")]) != 0
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "kernel cannot play this: the kernel plays only random, greedy players" in err


def test_a_study_has_the_same_tables_on_either_engine_and_says_which_ran():
    import pandas as pd

    from wararchive.study import study

    args = ("japanese-war-game", {"flag_tie": ["flag-falls", "backer-falls"]})
    kw = {"games": 6, "players": ("random", "random"), "workers": 1, "options": {"ply_limit": 300}}
    a, b = study(*args, **kw), study(*args, **kw, engine="reference")
    for name, df in a.tables().items():
        pd.testing.assert_frame_equal(df, b.tables()[name], check_exact=True)
    assert {r["ran"] for r in a.meta["engine"]["readings"]} == {"kernel"}
    assert {r["ran"] for r in b.meta["engine"]["readings"]} == {"reference"}
    searching = study(
        "japanese-war-game",
        {"flag_tie": ["flag-falls", "backer-falls"]},
        games=1,
        players=("ismcts:2", "greedy"),
        workers=1,
        options={"ply_limit": 12},
    )
    assert "ismcts" in searching.meta["engine"]["readings"][0]["why_not_kernel"]
    with pytest.raises(WararchiveError, match="kernel cannot play"):
        study(
            "japanese-war-game",
            {"flag_tie": ["flag-falls", "backer-falls"]},
            games=1,
            players=("ismcts:2", "greedy"),
            workers=1,
            engine="kernel",
        )


def test_the_kernel_compiles_without_reference_counts_where_numba_can_and_with_them_where_it_cannot(monkeypatch):
    """mt.LEAF turns numba's private ``_nrt`` off where numba has it; a numba without it gets no unknown option."""
    import numba.core.cpu

    from wararchive.kernel import mt

    assert mt.LEAF == {"cache": True, "_nrt": False} and mt.ALLOCATING == {"cache": True, "_nrt": True}
    monkeypatch.setattr(numba.core.cpu, "CPUTargetOptions", type("WithoutNrt", (), {}))
    assert mt._without_refcounts() == {}
