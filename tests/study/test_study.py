"""Rule-impact studies: pairing, statistics, reproducibility, Dask, the command."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from wararchive.cli.main import main
from wararchive.engine import ruleset
from wararchive.errors import WararchiveError
from wararchive.runner import parallel_map
from wararchive.study import output, stats, study

SPY = {"spy_vs_marshal": ["finnish", "swedish"]}
SHORT = {"ply_limit": 200}  # the project's adjudication, lowered so that a drawn game does not take 1,500 plies


@pytest.fixture(scope="module")
def small():
    """Japanese War Game, Finnish vs Swedish spy reading (fi-japanilainen-sotapeli:22), greedy players (short games)."""
    return study("japanese-war-game", SPY, games=6, players=("greedy", "greedy"), seed=3, options=SHORT, workers=1)


def test_pairing_is_real_same_armies_under_both_readings(small):
    # The readings differ only in fi-japanilainen-sotapeli:22 / sv-japanska-krigsspelet:22; the armies must not.
    for seed in range(3, 9):
        a = ruleset("japanese-war-game", spy_vs_marshal="finnish").new_game(seed=seed)
        b = ruleset("japanese-war-game", spy_vs_marshal="swedish").new_game(seed=seed)
        assert a.setup_record() == b.setup_record()
    g = small.games
    by_seed = g.pivot(index="seed", columns="reading", values="setup")
    assert (by_seed.nunique(axis=1) == 1).all()
    assert set(small.pairs["same_setup"]) == {1.0}
    assert list(g["seed"]) == [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]


def test_pairing_reports_when_a_reading_changes_the_armies():
    # The board's shape is the project's conjecture (no passage gives it): 7×5 and 9×4 fields hold different setups.
    s = study("japanese-war-game", {"board": ["7x5", "9x4"]}, games=2, players=("greedy", "greedy"), options=SHORT, workers=1)
    assert s.pairs["same_setup"].iloc[0] == 0.0


def test_reading_rates_have_wilson_intervals_and_ludii_metrics(small):
    r = small.readings.set_index("reading").loc["spy_vs_marshal=finnish"]
    k, n = int(r["north_wins"]), int(r["games"])
    assert n == 6 and k + int(r["south_wins"]) + int(r["draws"]) + int(r["unfinished"]) == 6
    assert r["draws"] == 0  # the Japanese War Game defines no draw: a game with no winner was stopped unfinished
    assert r["north_wins_lo"] <= k / n <= r["north_wins_hi"]
    assert r["balance"] == pytest.approx(1 - abs(r["north_wins_rate"] - r["south_wins_rate"]))
    assert r["drawishness"] == r["draws_rate"]


def test_wilson_and_exact_sign_test_against_known_values():
    lo, hi = stats.wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775, abs=1e-4)
    assert stats.sign_test(22, 8) == pytest.approx(0.0161, abs=5e-4)  # the hand count
    assert stats.sign_test(0, 0) == 1.0


def test_rule_firings_cite_their_passages(small):
    rules = small.rules.set_index(["reading", "rule"])
    row = rules.loc[("spy_vs_marshal=finnish", "jwg.higher-wins")]
    assert row["per_game"] > 0 and "fi-japanilainen-sotapeli:20" in row["cites"].split()
    changes = small.rule_changes
    assert set(changes["rule"]) == set(small.fired["rule"])
    assert (changes["seeds_more"] + changes["seeds_fewer"] <= 6).all() and not changes["screened"].any()  # 6 seeds: none screened


def test_piece_survival_counts_the_whole_army(small):
    rs = ruleset("japanese-war-game")
    sv = small.survival[small.survival["reading"] == "spy_vs_marshal=finnish"]
    starts = sv.groupby("piece")["start"].sum()
    for p in rs.piece_types:
        assert starts[p.id] == 2 * 6 * p.count  # two sides, six games
    assert ((sv["survival"] >= 0) & (sv["survival"] <= 1)).all()


def test_study_reproduces_exactly_and_saves_with_metadata(small, tmp_path):
    again = study("japanese-war-game", SPY, games=6, players=("greedy", "greedy"), seed=3, options=SHORT, workers=1)
    for name, df in small.tables().items():
        pd.testing.assert_frame_equal(df, getattr(again, name), check_exact=True)
    small.save(tmp_path / "one")
    again.save(tmp_path / "two")
    for f in sorted((tmp_path / "one").iterdir()):
        assert f.read_bytes() == (tmp_path / "two" / f.name).read_bytes(), f.name
    tables, meta = output.load(tmp_path / "one")
    pd.testing.assert_frame_equal(tables["pairs"], small.pairs)
    assert meta["seeds"] == [3, 4, 5, 6, 7, 8] and meta["design"]["players"] == ["greedy", "greedy"]
    assert {r["label"] for r in meta["readings"]} == {"spy_vs_marshal=finnish", "spy_vs_marshal=swedish"}
    import pyarrow.parquet as pq

    embedded = pq.read_schema(tmp_path / "one" / "games.parquet").metadata[b"wararchive.study"]
    assert json.loads(embedded)["readings"] == meta["readings"]


def test_a_study_encoded_on_a_worker_is_written_as_save_writes_it(small, tmp_path):
    """publish-studies encodes a study where it was analysed and writes the bytes here: the same files as a save."""
    tables, meta = small.tables(), {"design": small.design.to_dict()}
    output.save(tables, meta, tmp_path / "saved", csv=False, extra={"summary.json": "{}\n"})
    files = output.encode(tables, meta, csv=False, extra={"summary.json": "{}\n"})
    assert list(files)[-1] == output.META_FILE  # written last: it holds the others' hashes
    output.write(files, tmp_path / "written")
    saved = {f.name: f.read_bytes() for f in (tmp_path / "saved").iterdir()}
    assert saved == {f.name: f.read_bytes() for f in (tmp_path / "written").iterdir()} == files
    assert output.verified(tmp_path / "written")[0]["design"] == meta["design"]
    with pytest.raises(ValueError, match=r"study\.json"):
        output.write({"games.parquet": files["games.parquet"]}, tmp_path / "no-metadata")


def test_one_worker_and_two_give_identical_tables():
    kw = {"games": 3, "players": ("greedy", "greedy"), "seed": 11, "options": SHORT}
    one = study("japanese-war-game", SPY, workers=1, **kw)
    two = study("japanese-war-game", SPY, workers=2, **kw)
    for name, df in one.tables().items():
        pd.testing.assert_frame_equal(df, getattr(two, name), check_exact=True)


def test_an_existing_dask_cluster_gives_the_same_tables():
    from dask.distributed import LocalCluster

    kw = {"games": 2, "players": ("greedy", "greedy"), "seed": 11, "options": SHORT}
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster:
        remote = study("japanese-war-game", SPY, scheduler=cluster.scheduler_address, **kw)
    local = study("japanese-war-game", SPY, workers=1, **kw)
    for name, df in local.tables().items():
        pd.testing.assert_frame_equal(df, getattr(remote, name), check_exact=True)


def test_different_players_alternate_sides_by_seed_and_stay_paired():
    kw = {"games": 4, "players": ("random", "greedy"), "seed": 2, "options": SHORT, "workers": 1}
    s = study("japanese-war-game", SPY, **kw)
    sides = ruleset("japanese-war-game").sides
    first = s.games.groupby("seed")["first_player"].agg(set)
    assert first.to_dict() == {2: {sides[0]}, 3: {sides[1]}, 4: {sides[0]}, 5: {sides[1]}}  # paired: alike under both readings
    assert s.meta["design"]["alternate"] is True
    r = s.readings.iloc[0]
    g = s.games[s.games["reading"] == r["reading"]]
    assert r["player1_wins"] == int((g["winner"] == g["first_player"]).sum())
    fixed = study("japanese-war-game", SPY, alternate=False, **kw)
    assert set(fixed.games["first_player"]) == {sides[0]} and fixed.meta["design"]["alternate"] is False
    same = study("japanese-war-game", SPY, **{**kw, "players": ("greedy", "greedy")})
    assert same.meta["design"]["alternate"] is False  # nothing to alternate


def test_study_help_says_sides_alternate(capsys):
    with pytest.raises(SystemExit):
        main(["study", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--alternate, --no-alternate" in text and "change sides on odd seeds" in text


def _fail(x: int) -> int:
    if x == 3:
        raise WararchiveError("job 3 refused")
    return x * x


def test_parallel_map_keeps_order_and_raises_a_workers_error():
    assert parallel_map(_fail, [0, 1, 2], workers=1) == [0, 1, 4]
    with pytest.raises(WararchiveError, match="job 3 refused"):
        parallel_map(_fail, range(5), workers=1)
    with pytest.raises(WararchiveError, match="at least 1"):
        parallel_map(_fail, range(5), workers=0)


def test_simulate_on_all_cores_writes_the_serial_bytes(capsys, tmp_path):
    serial, par = tmp_path / "serial.jsonl", tmp_path / "parallel.jsonl"
    argv = ["simulate", "spionaaz", "--games", "6", "--seed", "2", "-o", "ply_limit=100", "--quiet"]
    assert main([*argv, "--workers", "1", "--out", str(serial)]) == 0
    assert main([*argv, "--workers", "2", "--out", str(par)]) == 0
    assert serial.read_bytes() == par.read_bytes()
    capsys.readouterr()


def test_study_command_prints_and_saves(capsys, tmp_path):
    out = tmp_path / "s"
    argv = ["study", "japanese-war-game", "-o", "spy_vs_marshal=finnish,swedish", "-o", "referee=true", "-o", "ply_limit=200"]
    code = main([*argv, "--games", "3", "--players", "greedy,greedy", "--workers", "1", "--quiet", "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0 and "finnish → swedish: seeds whose outcome changed: " in printed and "Stuart–Maxwell p" in printed
    meta = json.loads((out / "study.json").read_text())
    assert meta["design"]["fixed"] == {"referee": True, "ply_limit": 200}
    assert (out / "readings.csv").read_text().startswith("reading,games,")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "spy_vs_marshal=finnish"], "needs an option to vary"),
        (["-o", "spy_vs_marshal=finnish,finnish"], "named twice"),
        (["-o", "spy_vs_marshal=finnish,norse"], "'norse'"),
        (["-o", "spy_vs_marshal"], "must be NAME=READING_A,READING_B"),
        (["-o", "spy_vs_marshal=finnish,swedish", "--games", "0"], "from 1 to 1,000,000"),
        (["-o", "spy_vs_marshal=finnish,swedish", "--games", "10^12"], "from 1 to 1,000,000"),
        (["-o", "spy_vs_marshal=finnish,swedish", "--out", "/proc/wararchive-test"], "cannot write into /proc/wararchive-test"),
        (["-o", "spy_vs_marshal=finnish,swedish", "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
    ],
)
def test_study_command_errors_are_one_line(capsys, tmp_path, monkeypatch, args, message):
    monkeypatch.setattr("wararchive.runner.CONNECT_TIMEOUT", "1s")
    argv = ["study", "japanese-war-game", "--games", "2", "-o", "ply_limit=50", "--quiet", "--out", str(tmp_path / "x")]
    try:
        code = main([*argv, *args])
    except SystemExit as exc:  # argparse refusing an argument
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
