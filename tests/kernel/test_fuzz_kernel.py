"""The compiled kernel under hostile input: every input is played or refused in one line, never a crash (issue 32).

Compiled code checks no index, so a number out of range there wraps round
or writes past a buffer: a seed of -2**63 made ``simulate`` exit 139, a
Sõjamäng position with too many generals corrupted the heap. Everything
is now checked in Python first. Here every public function of
:mod:`wararchive.kernel`, and the commands that play on it, are driven
with extreme integers, bad arrays and malformed positions.

Whatever could crash runs in a worker process (:class:`Isolated`), so that
a crash fails the test, naming the call, instead of killing pytest. The
worker loads the kernel once (from numba's cache after the first run) and
answers call after call; a call that crashes or hangs it is reported and
the worker is started again. ``WARARCHIVE_FUZZ_EXAMPLES`` raises the number
of random inputs per property (default 30).
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import selectors
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fuzzing import EXAMPLES, cli
from hypothesis import HealthCheck, given, settings, strategies as st

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.engine.limits import SEED_MAX
from wararchive.errors import WararchiveError

TESTS = Path(__file__).resolve().parents[1]  # fuzzing.py, which the worker script imports

pytestmark = pytest.mark.skipif(kernel.numba_gap() is not None, reason=str(kernel.numba_gap()))

FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
COVERED = ("japanese-war-game", "spionaaz", "finnish-front", "sojamang-1935")
LIMIT = 40  # the games' ply limit here: the inputs are the test, not long games
EXTREME = [0, -1, 1, 2**31, -(2**31), 2**32, SEED_MAX, -SEED_MAX, 2**63, -(2**63), 2**64, -(2**64), 10**30, -(10**30), 2**1000]
extreme = st.sampled_from(EXTREME) | st.integers()
anything = (
    st.sampled_from(EXTREME) | st.none() | st.booleans() | st.floats() | st.text(max_size=4) | st.lists(st.integers(), max_size=2)
)


# -- the worker: kernel calls in a process of their own ----------------------------------------


def _game(rid: str, seed: int, plies: int, edits: list[list[Any]]):
    """A reference game of ``rid`` some plies in, with ``edits`` (each a [what, …] of :data:`EDITS`) made to its position."""
    rs = ruleset(rid, ply_limit=LIMIT)
    game, rng = rs.new_game(seed=seed), random.Random(seed)
    for _ in range(plies):
        if game.result is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    for what, *values in edits:
        EDITS[what](game, *values)
    return game


def _cell(game, i: int) -> int:
    return i % len(game.kind)


def _soj(game):
    """The Sõjamäng hook state (an edit of it is skipped on the other games)."""
    return game.hook_state if game.rs.id == "sojamang-1935" else None


EDITS = {
    "kind": lambda game, i, v: game.kind.__setitem__(_cell(game, i), v),
    "owner": lambda game, i, v: game.owner.__setitem__(_cell(game, i), v),
    "uid": lambda game, i, v: game.uid.__setitem__(_cell(game, i), v),
    "ply": lambda game, v: setattr(game, "ply", v),
    "to_move": lambda game, v: setattr(game, "to_move", v),
    "turn_plies": lambda game, v: setattr(game, "turn_plies", v),
    "fallen": lambda game, u, t, o: game.removed.append((u, t, o, 0)),
    "known": lambda game, side, u: game._known[side % 2].add(u),
    "moved": lambda game, u: game.moved.add(u),
    "frozen": lambda game, u: game._frozen.add(u),
    "last_from": lambda game, u, c: game.last_from.__setitem__(u, c),
    "turn_moved": lambda game, n: game.turn_moved.update(range(n % 64)),
    "over": lambda game: setattr(game, "result", {"winner": None}),
    "generals": lambda game, side, u: _soj(game) and _soj(game).generals[side % 2].add(u),
    "reinforce": lambda game, side, u: _soj(game) and _soj(game).reinforce_open[side % 2].append((u, "aviator")),
    "flag_cell": lambda game, side, c: _soj(game) and _soj(game).flag_cell.__setitem__(side % 2, c),
    "away": lambda game, side, u, c: _soj(game) and _soj(game).away.__setitem__(side % 2, (u, c)),
    "pending": lambda game, side, u: _soj(game) and _soj(game).pending.append((side, u, "ensign", "soj.pioneer-promoted")),
    "n_removed": lambda game, n: _soj(game) and setattr(_soj(game), "n_removed", n),
    "charges": lambda game, u, n: _soj(game) and _soj(game).charges.__setitem__(u, n),
    "arrest": lambda game, u, n: _soj(game) and _soj(game).arrest.__setitem__(u, n),
    "own_moves": lambda game, side, n: _soj(game) and _soj(game).own_moves.__setitem__(side % 2, n),
    "bonus": lambda game, side, n: game._bonus_plies.__setitem__(side % 2, n),
    "collisions": lambda game, n: _soj(game) and setattr(_soj(game), "collisions", n),
    "stuck": lambda game: [game.kind.__setitem__(c, game.rs.type_index["mine"]) for c in game.positions[game.to_move]],
}


def _stream(kind: str) -> Any:
    """A playouts' stream: a good one (:func:`kernel.mirror`), or one bad in the way ``kind`` names."""
    good = kernel.mirror(random.Random(7))
    bad = {
        "good": good,
        "int32": good.astype(np.int32),
        "short": good[:-1].copy(),
        "2d": good.reshape(25, 25),
        "list": good.tolist(),
        "strided": np.repeat(good, 2)[::2],
        "read-only": np.frombuffer(good.tobytes(), np.int64),
        "position past": np.concatenate([good[:-1], [625]]),
        "position negative": np.concatenate([good[:-1], [-(2**40)]]),
        "negative word": np.concatenate([[-1], good[1:]]),
        "wide word": np.concatenate([[2**40], good[1:]]),
    }
    return bad[kind]


STREAMS = ["good", "int32", "short", "2d", "list", "strided", "read-only", "position past", "position negative"]
STREAMS += ["negative word", "wide word"]


def _soldiers(side_generals: int) -> Any:
    """Sõjamäng from ``Ruleset.position``: both flags, and ``side_generals`` generals for pink (the army has four)."""
    rs = ruleset("sojamang-1935", ply_limit=LIMIT)
    names = rs.board.names
    pieces = {"a1": "pink:flag", "i10": "light-blue:flag", "i9": "light-blue:general", "e2": "pink:battery_commander"}
    pieces |= {"e1": "light-blue:colonel", "d2": "light-blue:colonel", "f2": "light-blue:colonel"}
    pieces |= {names[9 + i]: "pink:general" for i in range(side_generals)}
    return rs.position(pieces, to_move="light-blue")


CALLS = {
    "play": lambda rid, seed, players: kernel.play(ruleset(rid, ply_limit=LIMIT), seed, players),
    "play_many": lambda rid, seeds, players: kernel.play_many(ruleset(rid, ply_limit=LIMIT), seeds, players),
    "choose": lambda engine, rid, players: kernel.choose(engine, ruleset(rid), players),
    "mirror": lambda value: kernel.mirror(value),
    "playouts": lambda game, count, plies, stream, me, advance: kernel.search_playouts(
        _game(*game), count, plies, _stream(stream), me, advance
    ),
    "soldiers": lambda generals: kernel.search_playouts(_soldiers(generals), 20, 30, _stream("good"), 1, 0.1),
    "worlds": lambda game: kernel.worlds(_game(*game)),
    "cli": lambda argv: _cli(argv),
}


def _cli(argv: list[str]) -> None:
    """The command in this (worker) process: a success, or a one-line refusal (else a failure the test reports)."""
    result = cli(*argv)
    if not result.handled:
        raise AssertionError(f"exit {result.code}: {result.err.strip()[-300:]}")
    if result.code:
        raise WararchiveError(result.err.strip())


def _serve() -> None:
    """The worker's loop: a call a line on stdin (JSON: [name, args]), its outcome a line on stdout."""
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # whatever the calls print goes to stderr, not into the replies
    for line in sys.stdin:
        name, args = json.loads(line)
        try:
            CALLS[name](*args)
            reply = {"ok": True}
        except WararchiveError as exc:
            reply = {"refused": str(exc)}
        except Exception as exc:  # not refused in one line: the test fails on it
            reply = {"raised": f"{type(exc).__name__}: {exc}"[:500]}
        replies.write(json.dumps(reply) + "\n")
        replies.flush()


class Isolated:
    """A worker process for kernel calls: a crash or a hang there fails the test (naming the call), not pytest."""

    FIRST, LATER = 900, 60  # seconds for a fresh worker's first call (it may compile the kernel), then for each call

    def __init__(self, log: Any) -> None:
        self.proc: subprocess.Popen | None = None
        self.answered = False  # the worker has answered a call: the kernel is compiled
        self.log = log  # the worker's stderr, shown when it dies

    def __call__(self, name: str, *args: Any) -> dict[str, str]:
        if self.proc is None or self.proc.poll() is not None:
            self.answered = False
            self.proc = subprocess.Popen(
                [sys.executable, __file__],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.log,
                text=True,
                cwd=Path(__file__).parent,
                env={**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), *filter(None, [os.environ.get("PYTHONPATH")])])},
            )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([name, args]) + "\n")
        self.proc.stdin.flush()
        with selectors.DefaultSelector() as sel:
            sel.register(self.proc.stdout, selectors.EVENT_READ)
            ready = sel.select(self.LATER if self.answered else self.FIRST)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            self.proc.kill()
            code = self.proc.wait()
            self.log.seek(0)
            tail = self.log.read().decode(errors="replace")[-800:]
            pytest.fail(f"{name}{tuple(args)!r:.300} {'hung' if not ready else f'crashed the process (exit {code})'}:\n{tail}")
        reply, self.answered = json.loads(line), True
        assert "raised" not in reply, f"{name}{tuple(args)!r:.300} raised, not refused in one line: {reply['raised']}"
        assert "\n" not in reply.get("refused", ""), reply
        return reply

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()  # type: ignore[union-attr]
            self.proc.wait(timeout=60)


@pytest.fixture(scope="module")
def isolated():
    with tempfile.TemporaryFile() as log:
        worker = Isolated(log)
        yield worker
        worker.close()


# -- seeds -------------------------------------------------------------------------------------


@FUZZ
@given(rid=st.sampled_from(COVERED), seed=extreme)
def test_any_seed_is_played_on_either_engine_or_refused_on_both(isolated, rid, seed):
    """One range of seeds for both engines: the kernel plays a seed iff the reference engine does, and only those."""
    reply = isolated("play", rid, seed, ["random", "random"])
    assert ("ok" in reply) == (abs(seed) <= SEED_MAX), reply
    if "refused" in reply:
        assert "seed must be a whole number from -9,223,372,036,854,775,807 to 9,223,372,036,854,775,807" in reply["refused"]
        with pytest.raises(WararchiveError, match="seed must be a whole number"):
            ruleset(rid).new_game(seed=seed)
        with pytest.raises(WararchiveError, match="seed must be a whole number"):
            ruleset(rid).rng(seed, "prepare")


def test_the_extreme_seeds_play_the_reference_game(isolated):
    """The largest seeds of either sign play the reference engine's games (Sõjamäng's deserters draw by the seed)."""
    from wararchive.players import simulate_one

    rs = ruleset("sojamang-1935", ply_limit=400)
    for seed in (SEED_MAX, -SEED_MAX, -1):
        assert isolated("play", rs.id, seed, ["random", "random"]) == {"ok": True}
        assert kernel.play(rs, seed).history == simulate_one(rs, seed).history


@FUZZ
@given(
    rid=st.sampled_from(COVERED),
    seeds=st.lists(extreme | anything, max_size=3),
    players=st.lists(st.sampled_from(["random", "greedy", "ismcts", "x", ""]), max_size=3),
)
def test_any_seeds_and_players_of_play_many_are_played_or_refused(isolated, rid, seeds, players):
    reply = isolated("play_many", rid, seeds, players)
    valid = all(isinstance(s, int) and not isinstance(s, bool) and abs(s) <= SEED_MAX for s in seeds)
    assert ("ok" in reply) == (valid and len(players) == 2 and set(players) <= {"random", "greedy"}), reply


@FUZZ
@given(
    engine=st.sampled_from(["auto", "kernel", "reference", "", "x"]),
    rid=st.sampled_from(["chess", *COVERED]),
    players=st.lists(st.text(max_size=8), max_size=3),
)
def test_any_choice_of_engine_is_answered_or_refused(isolated, engine, rid, players):
    isolated("choose", engine, rid, players)


@pytest.mark.parametrize(
    "value", [random.Random(1), random.SystemRandom(), None, 3, "seed", [1, 2]], ids=lambda v: type(v).__name__
)
def test_mirror_takes_only_a_random_generator(value):
    if type(value) is random.Random:
        assert kernel.mirror(value).tolist() == list(value.getstate()[1])
    else:
        with pytest.raises(WararchiveError, match=r"mirrors a random\.Random"):
            kernel.mirror(value)


# -- playouts: numbers, streams, positions -----------------------------------------------------


@FUZZ
@given(
    rid=st.sampled_from(COVERED),
    count=st.sampled_from([0, 1, 3, 10**6 + 1]) | extreme.filter(lambda n: not 3 < n <= 10**6),  # many playouts take long
    plies=st.sampled_from([0, 1, 30, 10**6, 10**6 + 1]) | extreme,
    stream=st.sampled_from(STREAMS),
    me=st.sampled_from([0, 1, 2, -1, True]),
    advance=st.sampled_from([0.1, 0, -3.5, math.inf, -math.inf, math.nan, True, "x", None]),
)
def test_any_numbers_and_stream_of_the_playouts_are_played_or_refused(isolated, rid, count, plies, stream, me, advance):
    """The playouts' numbers and stream are checked before the compiled call, a bad one refused in one line naming it."""
    bad = {
        "count": not 0 <= count <= 10**6,
        "plies": not 0 <= plies <= 10**6,
        "me (": me not in (0, 1) or me is True,
        "advance": not isinstance(advance, int | float) or advance is True or not math.isfinite(advance),
        "stream": stream != "good",
    }
    reply = isolated("playouts", [rid, 3, 5, []], count, plies, stream, me, advance)
    assert ("ok" in reply) == (not any(bad.values())), reply
    if "refused" in reply:
        assert any(name in reply["refused"] for name, wrong in bad.items() if wrong), reply


near = st.integers(-3, 100) | extreme  # a uid, a cell or a count: in range, just past it, or far
EDIT = st.one_of(
    st.tuples(st.sampled_from(["kind", "owner", "uid"]), st.integers(0, 200), near),
    st.tuples(st.sampled_from(["ply", "to_move", "turn_plies", "n_removed", "turn_moved", "collisions"]), near),
    st.tuples(st.just("fallen"), near, near, near),
    st.tuples(
        st.sampled_from(["known", "generals", "reinforce", "flag_cell", "pending", "own_moves", "bonus"]), st.integers(0, 1), near
    ),
    st.tuples(st.sampled_from(["moved", "frozen"]), near),
    st.tuples(st.sampled_from(["last_from", "charges", "arrest"]), near, near),
    st.tuples(st.just("away"), st.integers(0, 1), near, near),
    st.tuples(st.just("over")),
)


@FUZZ
@given(
    rid=st.sampled_from(COVERED), seed=st.integers(0, 50), plies=st.integers(0, 12), edits=st.lists(EDIT, min_size=1, max_size=3)
)
def test_a_malformed_position_is_played_or_refused_never_a_crash(isolated, rid, seed, plies, edits):
    """Positions edited by hand (any cell, uid, count or hook state set to any integer): played on, or refused in one line."""
    game = [rid, seed, plies, [list(e) for e in edits]]
    isolated("playouts", game, 2, 20, "good", 0, 0.1)
    isolated("worlds", game)


@pytest.mark.parametrize("generals", [1, 4, 5, 8, 30])
def test_more_generals_than_an_army_has_are_refused_naming_them(isolated, generals):
    """Issue 32's heap corruption: Sõjamäng's kernel holds an army's four generals a side; more are refused, not written past."""
    if generals > 9:  # more than a row: the reference engine refuses to place them already
        with pytest.raises(WararchiveError, match="cannot stand"):
            _soldiers(generals)
        return
    reply = isolated("soldiers", generals)
    if generals <= 4:
        assert reply == {"ok": True}
    else:
        assert f"pink has {generals} generals" in reply["refused"] and "holds at most 4 a side" in reply["refused"], reply


@pytest.mark.parametrize("rid", ["japanese-war-game", "spionaaz", "sojamang-1935"])
def test_a_position_whose_side_to_move_has_no_move_is_refused_not_played_for_ever(isolated, rid):
    """Every piece of the mover made a mine, the game not ended: the playouts would draw from no moves (a hang)."""
    reply = isolated("playouts", [rid, 1, 0, [["stuck"]]], 2, 20, "good", 0, 0.1)
    assert "is to move and has no move, yet the game is not over" in reply["refused"], reply


def test_a_position_of_more_pieces_than_the_armies_is_refused_before_the_generals_bring_in_more(isolated):
    """80 pieces with eight generals whose reinforcements would take uids past the kernel's room (exit 139 before the fix)."""
    names = ruleset("sojamang-1935").board.names
    lead = ["flag", "general", "lieutenant_general", "major_general", "major_general"]
    pieces = {}
    for side, cells in (("pink", range(0, 40)), ("light-blue", range(89, 49, -1))):
        pieces |= {names[c]: f"{side}:{lead[i] if i < len(lead) else 'tank'}" for i, c in enumerate(cells)}
    game = ruleset("sojamang-1935", ply_limit=LIMIT).position(pieces, to_move="pink")
    with pytest.raises(WararchiveError, match="40 and 40 pieces on the board: more than the armies have"):
        kernel.search_playouts(game, 1, 1, kernel.mirror(random.Random(1)), 0, 0.1)  # refused before any compiled call


@pytest.mark.parametrize("iterations", [0, -1, 2**63, 10**6 + 1, True, 1.5])
def test_a_search_budget_out_of_range_is_refused_before_the_compiled_tree_is_sized(iterations):
    """ismcts's compiled tree holds iterations + 1 nodes: a budget of -1 would size it 0 and write past it."""
    from wararchive.players import make_player
    from wararchive.players.ismcts import ISMCTSPlayer

    with pytest.raises(WararchiveError, match="ismcts's iterations must be a whole number from 1 to 1,000,000"):
        ISMCTSPlayer(0, iterations)
    with pytest.raises(WararchiveError, match="a budget is a whole number of iterations from 1 to 1,000,000"):
        make_player(f"ismcts:{iterations}", 0)


# -- the command line --------------------------------------------------------------------------

SEED_WORDS = [str(n) for n in EXTREME] + ["", "-", "+5", " 7 ", "0x10", "1e3", "²", "٣", "9" * 5000, "-0"]


@FUZZ
@given(command=st.sampled_from(["simulate", "study", "play", "board"]), seed=st.sampled_from(SEED_WORDS) | st.text(max_size=6))
def test_a_seed_out_of_range_is_refused_by_argparse_before_anything_is_made(command, seed):
    """``--seed`` is an argument type: a bad one exits 2 in one line, in every command, with no file made."""
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / ("b.png" if command == "board" else "g.jsonl" if command == "simulate" else "s"))
        argv = {"simulate": ["--games", "2", "--out", out], "study": ["-o", "ply_limit=2,3", "--out", out]}.get(command, [])
        argv += ["--out", out] if command == "board" else []
        number = re.fullmatch(r"\s*([+-]?[0-9]{1,25})\s*", seed)
        valid = number is not None and abs(int(number[1])) <= SEED_MAX
        if valid:
            return  # a good seed plays (on the kernel): the worker runs those (test_an_extreme_seed_in_range_plays)
        rid = "japanese-war-game" if command == "board" else "chess"
        result = cli(command, rid, f"--seed={seed}", *argv)  # --seed=: a seed may start with a minus
        assert result.handled and result.code == 2, result
        assert "argument --seed: must be a whole number from -9,223,372,036,854,775,807" in result.err
        assert os.listdir(tmp) == []


@pytest.mark.parametrize("seed", [SEED_MAX, -SEED_MAX, SEED_MAX - 1])
def test_an_extreme_seed_in_range_plays_on_the_kernel(isolated, tmp_path, seed):
    out = str(tmp_path / "g.jsonl")
    argv = ["simulate", "sojamang-1935", "--seed", str(seed), "--games", "2" if seed < SEED_MAX else "1", "--workers", "1"]
    assert isolated("cli", [*argv, "--quiet", "--engine", "kernel", "-o", "ply_limit=30", "--out", out]) == {"ok": True}
    assert [json.loads(line)["seed"] for line in Path(out).read_text().splitlines()] == list(
        range(seed, min(seed + 2, SEED_MAX + 1))
    )


@pytest.mark.parametrize("command", ["simulate", "study", "publish-studies"])
def test_a_last_seed_past_the_range_is_refused_before_anything_is_made(tmp_path, command):
    argv = {
        "simulate": ["simulate", "chess", "--out", str(tmp_path / "g.jsonl")],
        "study": ["study", "chess", "-o", "ply_limit=2,3", "--out", str(tmp_path / "s")],
        "publish-studies": ["publish-studies", "--out", str(tmp_path / "p")],
    }[command]
    result = cli(*argv, "--seed", str(SEED_MAX - 1), "--games", "3")
    assert result.handled and result.code == 2
    assert "the last seed, 9223372036854775806 + 3 - 1, is past the largest seed" in result.err
    assert os.listdir(tmp_path) == []


def _run(tmp: Path, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wararchive.cli.main", *argv], capture_output=True, text=True, cwd=tmp, timeout=300
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "sojamang-1935", "--seed", "-9223372036854775808", "--workers", "1", "--out", "g.jsonl"],  # issue 32's
        ["simulate", "sojamang-1935", "--seed", str(2**64), "--workers", "2", "--out", "g.jsonl"],
        ["simulate", "sojamang-1935", "--seed", str(SEED_MAX), "--games", "2", "--workers", "1", "--out", "g.jsonl"],
        ["simulate", "sojamang-1935", "--seed", "0", "--games", str(10**12), "--out", "g.jsonl"],
        ["study", "sojamang-1935", "-o", "bomb_flag=immune,taken", "--seed", str(-(2**63)), "--workers", "1", "--out", "s"],
        ["simulate", "sojamang-1935", "-o", f"quiet_plies={2**64}", "--workers", "1", "--out", "g.jsonl"],
    ],
    ids=["min-int64", "2**64-dask", "last-seed-past", "games-huge", "study-min-int64", "option-huge"],
)
def test_the_commands_refuse_extreme_numbers_in_one_line_and_make_nothing(tmp_path, argv):
    """Real processes, as a user runs them: exit 2, one line on stderr, no traceback, no output, .tmp or .lock file."""
    proc = _run(tmp_path, *argv)
    assert proc.returncode == 2, proc
    assert len(proc.stderr.strip().splitlines()) == 1 and proc.stderr.startswith("wararchive"), proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert os.listdir(tmp_path) == []


# -- numba's bounds checking -------------------------------------------------------------------

BOUNDS_SAMPLE = "defaults or play_many or mixed_pairings"
"""Which of ``tests/kernel/test_kernel.py`` run under bounds checking: every check at each ruleset's defaults, and a few more."""

PROBE = """
import numpy as np
from wararchive.kernel import mt
state = np.zeros(mt.STATE, np.int64)
mt.seed(state, mt.seed_key("probe"))
try:
    mt.shuffle(state, np.zeros(2, np.int64), 4)  # x[:4] of a two-element x: past its end
except IndexError:
    print("bounds checked")
"""


@pytest.mark.slow
def test_a_sample_of_the_equality_suite_passes_with_numbas_bounds_checking(tmp_path):
    """The kernel's equality test, compiled with every index checked, on a sample of seeds: no index goes past an array.

    Without bounds checking an index out of range reads or writes another
    array's memory silently, and the games may still agree; with it, numba
    raises IndexError. The kernel compiles afresh into its own cache
    (``NUMBA_CACHE_DIR``: the cached code next to the modules is compiled
    without the checks), minutes of it. The full suite under the checks:
    ``NUMBA_BOUNDSCHECK=1 NUMBA_CACHE_DIR=$(mktemp -d) python -m pytest tests/kernel/test_kernel.py``.
    """
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "WARARCHIVE_KERNEL_GAMES": "3"}
    root = Path(__file__).resolve().parents[2]
    probe = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, cwd=root, timeout=600)
    assert probe.stdout.strip() == "bounds checked", probe  # the kernel's own compiled code checks its indices
    argv = [
        "-m",
        "pytest",
        "-x",
        "-p",
        "no:cacheprovider",
        "-n",
        "0",  # in this process, not pyproject's two: one compile under the checks
        "tests/kernel/test_kernel.py",
        "-k",
        BOUNDS_SAMPLE,
    ]  # -q by pyproject
    proc = subprocess.run([sys.executable, *argv], env=env, capture_output=True, text=True, cwd=root, timeout=5400)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout and "deselected" in proc.stdout


if __name__ == "__main__":
    _serve()
