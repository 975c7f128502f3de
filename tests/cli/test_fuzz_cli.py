"""The command line under hostile input: every input is refused in one line, never a traceback.

The explicit cases are the classes of issue 10 (option values, record
shapes, record encodings and nesting, output paths); the properties throw
random values of the same classes at the same entry points.
"""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from fuzzing import EXAMPLES, cli, json_values, write_record
from hypothesis import HealthCheck, given, settings, strategies as st

from wararchive.engine import replay, ruleset, rulesets
from wararchive.errors import WararchiveError
from wararchive.players import simulate_one

FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> dict[str, dict]:
    """Two short real records: chess (a FEN setup) and Spionaaž (placed armies, volcanoes)."""
    return {rid: simulate_one(ruleset(rid, ply_limit=6), seed=1).record() for rid in ("chess", "spionaaz")}


# -- options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset_id", "option", "message"),
    [
        ("chess", "ply_limit=[1]", "option 'ply_limit' takes an integer, not [1]"),
        ("chess", 'ply_limit={"a": 1}', "option 'ply_limit' takes an integer"),
        ("chess", "ply_limit=100.0", "option 'ply_limit' takes an integer, not 100.0"),
        ("chess", "ply_limit=-1", "option 'ply_limit' must be at least 1"),
        ("chess", "ply_limit=0", "option 'ply_limit' must be at least 1"),
        ("chess", "ply_limit=99999999999", "option 'ply_limit' must be at most 1000000"),
        ("japanese-war-game", "referee=1", "unknown value for option 'referee' 1 (valid: false, true)"),
        ("spionaaz", "volcanoes=true", "unknown value for option 'volcanoes' True"),
        ("sojamang-1935", "quiet_plies=-3", "option 'quiet_plies' must be at least 0"),
        ("chess", "ply_limit", "must be NAME=VALUE"),
    ],
)
def test_bad_option_values_are_refused_by_name(ruleset_id, option, message):
    result = cli("rules", ruleset_id, "-o", option)
    assert result.handled and result.code == 2
    assert message in result.err


def test_an_option_is_the_same_cached_or_not():
    """100 builds the cache entry; 100.0 and True must still be refused, not served from it."""
    assert ruleset("chess", ply_limit=100).options["ply_limit"] == 100
    with pytest.raises(WararchiveError, match="takes an integer"):
        ruleset("chess", ply_limit=100.0)
    assert ruleset("japanese-war-game", referee=True).options["referee"] is True
    with pytest.raises(WararchiveError, match="unknown value for option 'referee'"):
        ruleset("japanese-war-game", referee=1)


@FUZZ
@given(data=st.data(), value=json_values())
def test_any_option_value_is_accepted_exactly_or_refused(data, value):
    rid = data.draw(st.sampled_from(rulesets()))
    name = data.draw(st.sampled_from([*ruleset(rid).declared, "no_such_option"]))
    try:
        rs = ruleset(rid, **{name: value})
    except WararchiveError:
        pass
    else:  # accepted: stored as given, with its type (not an equal value of another type from the cache)
        assert rs.options[name] == value and type(rs.options[name]) is type(value)
    assert cli("rules", rid, "-o", f"{name}={json.dumps(value)}").handled


# -- records -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rid", "change", "message"),
    [
        ("chess", {"events": "x"}, "record.events must be a JSON array, not 'x'"),
        ("chess", {"result": "x"}, "record.result must be a JSON object or a JSON null, not 'x'"),
        ("chess", {"scenario": {}}, "record.scenario has no 'to_move'"),
        ("chess", {"setups": {"white": {"e1": "king"}}}, "record.setups holds more or other than the setup"),
        ("chess", {"setups": {"fen": 5}}, "record.setups must be"),
        ("chess", {"pgn": "1. e4 *"}, "record.pgn is not the PGN of the replayed game"),
        ("chess", {"sides": ["black", "white"]}, "record.sides"),
        ("chess", {"cheat": 1}, "record has an unknown field 'cheat'"),
        ("spionaaz", {"setups": {"north": "x"}}, "record.setups must be"),
        ("spionaaz", {"scenario": {"to_move": "north"}, "setups": {"fen": "x"}}, "record.setups of a scenario must be"),
        ("spionaaz", {"moves": ["a1-a2", 3]}, r"record.moves[1] must be a JSON string"),
    ],
)
def test_records_of_the_wrong_shape_are_refused_naming_the_field(tmp_path, records, rid, change, message):
    path = write_record(tmp_path / "r.json", {**records[rid], **change})
    result = cli("replay", str(path))
    assert result.handled and result.code == 2
    assert message in result.err


TAMPERED = {
    "an event changed": lambda r: {**r, "events": [{**r["events"][0], "rule": "chess.checkmate"}, *r["events"][1:]]},
    "an event dropped": lambda r: {**r, "events": r["events"][:-1]},
    "the result changed": lambda r: {**r, "result": {**r["result"], "reason": "resignation"}},
    "the PGN changed": lambda r: {**r, "pgn": r["pgn"].replace("1.", "2.", 1)} if "pgn" in r else {**r, "pgn": "1. e4 *"},
    "moves truncated": lambda r: {**r, "moves": r["moves"][:-2]},
    "an illegal special move": lambda r: {**r, "moves": ["fire:a1-a1>a9=flag", *r["moves"][1:]]},
}


@pytest.mark.parametrize("mode", [[], ["--moves"], ["--step"], ["--ply", "1"]])
@pytest.mark.parametrize("rid", ["chess", "spionaaz"])
@pytest.mark.parametrize("tamper", sorted(TAMPERED))
def test_every_way_of_reading_a_record_checks_it_first(tmp_path, monkeypatch, records, tamper, rid, mode):
    """One check for every path: a record that does not replay prints nothing, whatever is asked of it."""
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))  # --step would read its commands here
    path = write_record(tmp_path / "r.json", TAMPERED[tamper](records[rid]))
    result = cli("replay", str(path), *mode)
    assert result.handled and result.code == 2 and result.out == "", (result.err, result.out[:200])
    board = cli("board", "--record", str(path), "--out", str(tmp_path / "b.svg"))
    assert board.handled and board.code == 2 and not (tmp_path / "b.svg").exists()


def test_game_zero_is_refused_not_read_as_the_first(tmp_path, records):
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records.values()))
    for game in ("0", "-1"):
        result = cli("replay", str(path), "--game", game)
        assert result.handled and result.code == 2 and "--game counts records from 1" in result.err


def test_a_tampered_chess_setup_is_refused():
    """Chess records its setup as a FEN: a changed FEN or a placement beside it must not replay."""
    rs = ruleset("chess")
    game = rs.new_game(seed=0, setup={"fen": "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"})
    game.play("e1g1")
    record = json.loads(json.dumps(game.record()))
    assert replay(record).ply == 1
    for setups in ({"fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, {**record["setups"], "white": {"a1": "rook"}}):
        with pytest.raises(WararchiveError):
            replay({**record, "setups": setups})


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": "é"}\n'.encode("latin-1"), "not UTF-8 text (byte 12)"),
        (b"[" * 100_000 + b"]" * 100_000 + b"\n", "JSON nested too deeply"),
        (b"{\n", "not JSON"),
    ],
)
def test_unreadable_record_files_are_refused_naming_the_file(tmp_path, suffix, content, message):
    path = tmp_path / f"r{suffix}"
    path.write_bytes(content)
    for argv in (["replay", str(path)], ["board", "--record", str(path), "--out", str(tmp_path / "b.png")]):
        result = cli(*argv)
        assert result.handled and result.code == 2
        assert str(path) in result.err and message in result.err
    assert not (tmp_path / "b.png").exists()


def _scalars(value) -> list:
    """Every scalar in ``value``: squares, piece ids, moves, rule ids, a tamperer's plausible values."""
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *_scalars(v)]]
    if isinstance(value, list):
        return [s for v in value for s in _scalars(v)]
    return [value]


@FUZZ
@given(data=st.data())
def test_a_record_with_any_field_replaced_replays_or_is_refused(records, data):
    """Any value at any place up to three levels down: random JSON, or a value taken from the record itself."""
    record = json.loads(json.dumps(records[data.draw(st.sampled_from(sorted(records)))]))
    target, field = record, data.draw(st.sampled_from([*record, "scenario", "extra"]))
    for _ in range(data.draw(st.integers(0, 2))):
        inner = target.get(field) if isinstance(target, dict) else target[field]
        if not isinstance(inner, dict | list) or not inner:
            break
        target, field = inner, data.draw(st.sampled_from(list(inner) if isinstance(inner, dict) else range(len(inner))))
    target[field] = data.draw(json_values() | st.sampled_from(_scalars(record)))
    with contextlib.suppress(WararchiveError):  # refused with a reason is right; anything else fails the test
        replay(record)


@FUZZ
@given(content=st.binary(max_size=200), suffix=st.sampled_from([".json", ".jsonl"]), ply=st.integers(-5, 10**6))
def test_any_bytes_as_a_record_file_are_handled(tmp_path, content, suffix, ply):
    path = tmp_path / f"r{suffix}"
    path.write_bytes(content)
    assert cli("replay", str(path), "--ply", str(ply)).handled


# -- output paths --------------------------------------------------------------------------

WRITERS = {
    "play --out": lambda p: ["play", "chess", "-o", "ply_limit=2", "--out", p],
    "play --pgn": lambda p: ["play", "chess", "-o", "ply_limit=2", "--pgn", p],
    "simulate --out": lambda p: ["simulate", "chess", "-o", "ply_limit=2", "--games", "1", "--quiet", "--out", p],
    "board --out": lambda p: ["board", "chess", "--out", p if p in ("", ".") else p + ".png"],
    "export tei": lambda p: ["export", "tei", p],
    "export csv": lambda p: ["export", "csv", p],
    "export sqlite": lambda p: ["export", "sqlite", p],
    "export annotations": lambda p: ["export", "annotations", p],
}


def _bad_paths(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "a-directory").mkdir()
    (tmp_path / "a-directory.png").mkdir()
    (tmp_path / "a-file").write_text("x")
    return {
        "a directory": str(tmp_path / "a-directory"),
        "the current directory": ".",
        "empty": "",
        "under a file": str(tmp_path / "a-file" / "x"),
        "in /proc": "/proc/wararchive-test",
        "a name too long": str(tmp_path / ("d" * 300) / "x"),  # ENAMETOOLONG, which Path.exists() raises
    }


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("kind", ["a directory", "the current directory", "empty", "under a file", "in /proc", "a name too long"])
def test_bad_output_paths_are_refused_in_one_line(tmp_path, monkeypatch, writer, kind):
    monkeypatch.chdir(tmp_path)
    path = _bad_paths(tmp_path)[kind]
    if writer in ("export tei", "export csv") and kind in ("a directory", "the current directory"):
        pytest.skip("a directory is what export writes into")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = cli(*WRITERS[writer](path))
    assert result.handled and result.code == 2, result.err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing written, no temporary file left


HUGE = "9" * 5_000  # more digits than Python converts from a string (4,300): json.loads and int() raise ValueError


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rules", "chess", "-o", f"ply_limit={HUGE}"], "option 'ply_limit': a number of more than 4,300 digits"),
        (["play", "chess", "--players", "ismcts:²,random"], "a budget is a whole number of iterations from 1 to 1,000,000"),
        (["play", "chess", "--players", f"ismcts:{HUGE},random"], "a budget is a whole number of iterations"),
        (["simulate", "chess", "--players", "ismcts:0,random", "--games", "30", "--out", "x"], "a budget is a whole number"),
        (["simulate", "chess", "--games", "10^12", "--out", "x"], "--games: must be a whole number from 1 to 1,000,000"),
        (["simulate", "chess", "--games", str(10**12), "--out", "x"], "--games: must be a whole number from 1 to 1,000,000"),
        (["study", "chess", "-o", "ply_limit=2,3", "--games", "1000001"], "--games: must be a whole number from 1 to"),
        (["export", "csv", "d" * 300], "cannot write into ddd"),
        (["study", "chess", "-o", "ply_limit=2,3", "--games", "2", "--out", "d" * 300], "cannot write into ddd"),
    ],
)
def test_inputs_that_were_internal_errors_are_refused_in_one_line(tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    result = cli(*argv)
    assert result.handled and result.code == 2 and message in result.err, result.err
    assert list(tmp_path.iterdir()) == []  # refused before anything was written or played


def test_a_huge_number_in_a_record_is_refused_naming_the_file(tmp_path, records):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(records["chess"]).replace('"seed": 1', f'"seed": {HUGE}'))
    result = cli("replay", str(path))
    assert result.handled and result.code == 2 and f"{path}: a number of more than 4,300 digits" in result.err


def _run(shell: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """``wararchive …`` through a shell, for redirections the in-process runner cannot make."""
    cmd = f"{shlex.quote(sys.executable)} -m wararchive.cli.main {shell}"
    return subprocess.run(["sh", "-c", cmd], capture_output=True, text=True, cwd=tmp_path, timeout=120)


@pytest.mark.parametrize(
    ("shell", "code", "message"),
    [
        ("texts > /dev/full", 2, "wararchive: error: cannot write to standard output: No space left on device"),
        ("play chess --players human,random <&-", 2, "wararchive: error: input ended while white was to move (ply 1)"),
    ],
)
def test_standard_streams_that_fail_are_one_line(tmp_path, shell, code, message):
    proc = _run(shell, tmp_path)
    assert proc.returncode == code and proc.stderr.strip() == message


def test_a_port_out_of_range_is_refused_before_the_site_builds():
    result = cli("site", "--serve", "--port", "99999")
    assert result.handled and result.code == 2 and "--port must be 1 to 65535" in result.err


# -- any arguments -------------------------------------------------------------------------

WORDS = [
    *("", ".", "-1", "0", "1", "99999999999999999999", "x", "é", "\x00", "[", "(?", "*", "\\"),
    *("et-spionaaz:21", "et-spionaaz", "chess", "spionaaz", "sojamang-1935", "north", "referee", "spy"),
    *("--format", "json", "csv", "--lang", "et", "--concept", "--layer", "all", "-o", "ply_limit=3", "--game", "--ply"),
    *("--as", "--moves", "--step", "RECORD", "RECORDS", "²", "10^12", HUGE, f"ply_limit={HUGE}", "ismcts:²"),
]


@FUZZ
@given(
    command=st.sampled_from(["texts", "show", "search", "rulesets", "rules", "replay"]),
    words=st.lists(st.sampled_from(WORDS), max_size=5),
)
def test_any_arguments_to_the_quick_commands_are_handled(tmp_path, records, command, words):
    """Every word a user might type, in any order: the command answers or refuses in one line."""
    files = {"RECORD": write_record(tmp_path / "r.json", records["chess"]), "RECORDS": tmp_path / "r.jsonl"}
    files["RECORDS"].write_text("".join(json.dumps(r) + "\n" for r in records.values()))
    assert cli(command, *(str(files.get(w, w)) for w in words)).handled
