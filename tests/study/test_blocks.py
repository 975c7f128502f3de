"""A study's games in blocks of seeds: on the kernel, one compiled call per block, the same facts as game by game."""

from __future__ import annotations

import pandas as pd
import pytest

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.errors import WararchiveError
from wararchive.study import run as study_run
from wararchive.study.played import Played

pytest.importorskip("numba")

CASES = [  # every covered family, both players, and a pairing whose sides are swapped
    ("japanese-war-game", ("random", "random"), False, {}),
    ("japanese-war-game", ("greedy", "random"), True, {"spy_vs_marshal": "swedish"}),
    ("spionaaz", ("greedy", "greedy"), False, {}),  # volcanoes: the setup hash reads the blocked cells
    ("sojamang-1935", ("random", "greedy"), True, {}),
    ("finnish-front", ("greedy", "greedy"), False, {}),
]


@pytest.mark.parametrize(("rid", "players", "swapped", "options"), CASES)
def test_a_compiled_block_gives_each_games_facts_as_the_game_by_game_path(rid, players, swapped, options):
    seeds = tuple(range(5, 17))
    got = study_run.play_seeds((rid, "r", options, seeds, players, swapped, "kernel")).tables(["r"] * len(seeds))
    want = Played.from_facts([study_run.play((rid, "r", options, s, players, swapped, "kernel")) for s in seeds])
    for name, table in want.tables(["r"] * len(seeds)).items():
        pd.testing.assert_frame_equal(got[name], table, check_exact=True)
        assert len(table) >= len(seeds), name  # every game has rows in each table
    assert got["games"]["setup"].nunique() > 1  # the seeds' setups differ: the hash is not a constant
    assert got["games"]["lead_changes"].gt(0).any()  # the kernel's count of lead changes met the replay's, not only at 0


def test_blocks_keep_job_order_and_decide_the_engine_once_per_reading(monkeypatch):
    asked = []
    choose = kernel.choose
    monkeypatch.setattr(kernel, "choose", lambda *a: asked.append(a[0]) or choose(*a))
    players = ("greedy", "random")
    sides = {False: players, True: players[::-1]}
    jobs = [
        ("japanese-war-game", label, {"spy_vs_marshal": label}, seed, sides[seed % 2 == 1], seed % 2 == 1, "auto")
        for seed in range(40)
        for label in ("finnish", "swedish")
    ]
    blocks, where = study_run.block_jobs(jobs, workers=2)
    assert len(asked) == 2  # one question per reading, not per game (the sides' order does not change the answer)
    assert sorted(i for part in where for i in part) == list(range(len(jobs)))
    for b, part in zip(blocks, where, strict=True):
        assert b[-1] == "kernel" and b[3] == tuple(jobs[i][3] for i in part)
        assert {(jobs[i][1], jobs[i][5]) for i in part} == {(b[1], b[5])}  # one reading, one pairing of sides
    played = study_run.unblock(len(jobs), where, [study_run.play_seeds(b) for b in blocks])
    games = played.tables([j[1] for j in jobs])["games"]
    assert games["seed"].tolist() == [j[3] for j in jobs]
    assert games["first_player"].tolist() == [("south", "north")[j[5]] for j in jobs]  # each block's pairing, back in place


def test_the_reference_engine_still_plays_one_game_a_job():
    jobs = [("japanese-war-game", "a", {"ply_limit": 30}, s, ("random", "random"), False, "reference") for s in range(3)]
    blocks, _ = study_run.block_jobs(jobs, workers=1)
    assert [b[3] for b in blocks] == [(0,), (1,), (2,)] and {b[-1] for b in blocks} == {"reference"}


def test_a_bad_seed_is_refused_in_one_line_before_compiled_code():
    with pytest.raises(WararchiveError, match="seed"):
        kernel.play_block(ruleset("japanese-war-game"), [1, 2**63], ("random", "random"))
    with pytest.raises(WararchiveError, match="kernel cannot play"):
        kernel.play_block(ruleset("chess"), [1], ("random", "random"))


def _loaded_blocks() -> bool:
    """On a worker: whether it played compiled blocks (the module is imported by nothing else)."""
    import sys

    return "wararchive.study.compiled" in sys.modules


@pytest.mark.slow  # ten seconds of starting a cluster: CI runs it (.ci/run); the README's command stays under five minutes
def test_a_cluster_of_separate_processes_through_scheduler_writes_the_one_worker_files(capsys, tmp_path):
    from dask.distributed import Client, LocalCluster

    from wararchive.cli.main import main

    argv = ["study", "japanese-war-game", "-o", "spy_vs_marshal=finnish,swedish", "-o", "ply_limit=200", "--games", "40"]
    argv += ["--players", "greedy,random", "--quiet"]
    assert main([*argv, "--workers", "1", "--out", str(tmp_path / "one")]) == 0
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        Client(cluster) as client,
    ):
        assert main([*argv, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "cluster")]) == 0
        assert any(client.run(_loaded_blocks).values())  # the games were played there, not in this process
    capsys.readouterr()
    one = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert one == sorted(p.name for p in (tmp_path / "cluster").iterdir()) and "games.parquet" in one
    for name in one:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "cluster" / name).read_bytes(), name


def test_lead_changes_count_only_a_lead_passing_to_the_other_side():
    """Issue 36's playability measure: level positions change no one's lead; the first lead is not a change."""
    trail = iter([(0, 0), (3, 1), (3, 3), (3, 5), (2, 5), (6, 5), (6, 5)])  # start, then after each ply

    class Replay:
        def play(self, move):
            self.now = next(trail)

        def material(self, side):
            return float(self.now[side])

    class Game:
        def record(self):
            return {"seed": 1, "setups": {}, "moves": ["a", "b", "c", "d", "e", "f"]}

        class rs:  # stands in for the ruleset
            @staticmethod
            def new_game(seed, setup):
                replay = Replay()
                replay.now = next(trail)
                return replay

    assert study_run.lead_changes(Game()) == 2  # south leads, level, north leads (1), north, south leads (2), south


def test_a_setup_text_orders_sides_and_cells_as_json_dumps_does_beyond_ascii(monkeypatch):
    """The joined text must be ``json.dumps``'s, sorted keys and all: a plugin's names may be any text, and ``json.dumps``
    sorts the raw names ("a" before "Ö"), not their escaped forms ("\\u00d6" before "a")."""
    import json
    from types import SimpleNamespace

    import numpy as np

    from wararchive.kernel import families
    from wararchive.study import compiled

    names, sides, pieces = ["b1", "Ä2", "a3", "z4", "Ö5"], ["Ö-side", "a-side"], ("Spy", "Ärm")
    kind, owner = [0, 1, 0, 1, 0], [0, 1, 1, 0, 0]
    rs = SimpleNamespace(
        board=SimpleNamespace(names=names), sides=sides, piece_types=[SimpleNamespace(id=p) for p in pieces]
    )  # only what the layout reads of a ruleset
    monkeypatch.setattr(compiled, "spec", lambda rs: SimpleNamespace(P=np.zeros(64, np.int64)))
    monkeypatch.setattr(families, "family", lambda code: SimpleNamespace(prepared_record=lambda names, blocked: {}))
    text = compiled._SetupText(rs, names).text(np.array([kind, owner, [0] * len(names)]), np.full(len(names), -1))
    record = {s: {n: pieces[k] for n, k, o in zip(names, kind, owner, strict=True) if o == p} for p, s in enumerate(sides)}
    assert text == json.dumps([record, {}], sort_keys=True, default=str)
