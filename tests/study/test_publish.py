"""Publishing studies: one command, every option, resumable, any pair of players (small runs on chess)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from wararchive.cli.main import main
from wararchive.errors import WararchiveError
from wararchive.study import publish
from wararchive.study.output import META_FILE


def test_publish_writes_every_option_with_fingerprints_and_resumes(tmp_path, monkeypatch):
    monkeypatch.setattr(publish, "BLOCK", 2)
    written = publish.publish(tmp_path, games=3, ruleset_ids=["chess"], workers=1, progress=False)
    assert written == [tmp_path / "chess" / "end_conditions" / "greedy-vs-greedy"]
    folder = written[0]
    meta = json.loads((folder / META_FILE).read_text())
    assert meta["design"]["games"] == 3 and meta["seeds"] == {"first": 1, "last": 3}
    assert all(len(r["fingerprint"]) == 20 for r in meta["readings"])
    assert meta["published"]["default"] == "end_conditions=leaflet" and "greedy" in meta["published"]["players"]
    assert "pieces.parquet" not in {p.name for p in folder.iterdir()} and not list(folder.glob("*.csv"))
    games = pd.read_parquet(folder / "games.parquet")
    assert sorted(games["seed"].unique()) == [1, 2, 3] and len(games) == 6
    summary = json.loads((folder / publish.SUMMARY).read_text())
    assert summary["omnibus"][0]["games"] == 3 and {p["interval"] for p in summary["pairs"]} >= {"Tango score"}

    def no_games(job):
        raise AssertionError(f"played again: {job}")

    monkeypatch.setattr(publish, "play_seeds", no_games)
    assert publish.publish(tmp_path, games=3, ruleset_ids=["chess"], workers=1, progress=False) == []  # current: kept
    (folder / META_FILE).unlink()
    again = publish.publish(tmp_path, games=3, ruleset_ids=["chess"], workers=1, progress=False)  # from the saved blocks
    assert again == [folder] and pd.read_parquet(folder / "games.parquet").equals(games)
    blocks = sorted(p.name for p in (tmp_path / publish.PARTIAL).glob("*/block-*"))
    assert blocks == ["block-0000001-0000002.block", "block-0000003-0000003.block"]


def test_a_larger_run_reuses_the_seeds_already_played(tmp_path, monkeypatch):
    monkeypatch.setattr(publish, "BLOCK", 2)
    publish.publish(tmp_path, games=2, ruleset_ids=["chess"], workers=1, progress=False)
    played = []
    real = publish.play_seeds
    monkeypatch.setattr(publish, "play_seeds", lambda job: played.extend(job[3]) or real(job))
    publish.publish(tmp_path, games=4, ruleset_ids=["chess"], workers=1, progress=False)
    assert sorted(set(played)) == [3, 4]


def test_publish_takes_other_players_and_a_smaller_n(tmp_path):
    argv = ["publish-studies", "--games", "2", "--players", "random,greedy", "--ruleset", "chess", "--out", str(tmp_path)]
    code = main([*argv, "--workers", "1", "--quiet"])
    assert code == 0
    meta = json.loads((tmp_path / "chess" / "end_conditions" / "random-vs-greedy" / META_FILE).read_text())
    assert meta["design"]["players"] == ["random", "greedy"] and meta["design"]["alternate"] is True
    assert meta["published"]["command"] == "wararchive publish-studies --games 2 --players random,greedy --ruleset chess"
    assert meta["published"]["target_games"] is None  # its N is its own: no shortfall against greedy's target


@pytest.mark.parametrize(("args", "message"), [(["--games", "0"], "from 1 to"), (["--players", "greedy"], "--players")])
def test_publish_command_errors_are_one_line(capsys, tmp_path, args, message):
    try:
        code = main(["publish-studies", "--ruleset", "chess", "--out", str(tmp_path), "--quiet", *args])
    except SystemExit as exc:  # argparse refuses an argument of the wrong form before the command runs
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_a_studys_fingerprint_counts_its_own_players_code_only():
    """Work on the search player leaves greedy studies current; greedy's own code, or the rules', makes them stale."""
    from wararchive.engine.fingerprint import SHARED_CODE, ruleset_fingerprint
    from wararchive.players import player_code
    from wararchive.study.design import design

    greedy = set(player_code(("greedy", "greedy")))
    assert {"players/baseline.py", "players/player.py", "players/registry.py"} <= greedy
    assert not greedy & {"players/strong.py", "players/belief.py", "players/ismcts.py"}
    assert {"players/strong.py", "players/belief.py"} <= set(player_code(("strong", "greedy")))  # strong imports belief
    assert "players/ismcts.py" in player_code(("ismcts:4", "random"))
    # strong imports a sibling as `from . import strong_compiled`: that names no code of the package's __init__, which
    # imports every player, so the search's fixes leave strong's studies current
    assert not set(player_code(("strong", "greedy"))) & {"players/ismcts.py", "players/__init__.py"}
    assert "players/belief.py" in player_code(("ismcts:4", "random"))  # its guesses count the army as belief does
    assert "kernel" in SHARED_CODE and "engine" in SHARED_CODE  # the kernel plays greedy games: its code counts for them
    d = design("spionaaz", {"volcanoes": [0, 4]}, 2, ("greedy", "greedy"))
    assert d.fingerprints() == [ruleset_fingerprint("spionaaz", r.options, tuple(sorted(greedy))) for r in d.readings]
    assert d.fingerprints() != design("spionaaz", {"volcanoes": [0, 4]}, 2, ("strong", "greedy")).fingerprints()


def test_a_studys_fingerprint_counts_its_own_rulesets_code_only(monkeypatch):
    """A fix to one rulebook's module leaves the other rulebooks' studies current, and makes its own stale."""
    from wararchive.engine import fingerprint
    from wararchive.engine.fingerprint import ruleset_code, ruleset_fingerprint

    assert ruleset_code("sojamang-1935") == tuple(f"rulesets/sojamang_1935/{m}.py" for m in ("__init__", "abilities", "data"))
    assert {"rulesets/finnish_front.py", "rulesets/finland_map.py"} <= set(ruleset_code("finnish-front"))  # imported
    before = {rid: ruleset_fingerprint(rid, {}) for rid in ("spionaaz", "sojamang-1935")}
    real = fingerprint.source_hash.__wrapped__

    def edited(*parts: str) -> str:  # as if abilities.py had changed
        return real(*parts) + ("*" if "rulesets/sojamang_1935/abilities.py" in parts else "")

    monkeypatch.setattr(fingerprint, "source_hash", edited)
    assert ruleset_fingerprint("spionaaz", {}) == before["spionaaz"]
    assert ruleset_fingerprint("sojamang-1935", {}) != before["sojamang-1935"]


def test_a_finding_is_retested_on_the_confirmation_seeds_and_a_changed_analysis_republishes(tmp_path, monkeypatch):
    """A finding over the family (here forced: 3 seeds find nothing) gets a retest of its own on fresh seeds."""
    from wararchive.study import verdicts
    from wararchive.study.seeds import CONFIRMATION_SEED

    real = verdicts.family

    def everything_found(summaries):
        return {k: c.__class__(**{**c.__dict__, "q": 0.001}) for k, c in real(summaries).items()}

    monkeypatch.setattr(publish, "family", everything_found)
    written = publish.publish(tmp_path, games=3, ruleset_ids=["chess"], workers=1, progress=False)
    retest = tmp_path / verdicts.CONFIRMATION / "chess" / "end_conditions" / "greedy-vs-greedy"
    assert written == [tmp_path / "chess" / "end_conditions" / "greedy-vs-greedy", retest]
    meta = json.loads((retest / META_FILE).read_text())
    assert meta["seeds"] == {"first": CONFIRMATION_SEED, "last": CONFIRMATION_SEED + 2}
    assert meta["published"]["findings"] == ["end_conditions=modern"]
    assert retest in publish.published(tmp_path)
    assert publish.publish(tmp_path, games=3, ruleset_ids=["chess"], workers=1, progress=False) == []  # all current

    monkeypatch.setattr(publish, "ANALYSIS", "other analysis code")
    monkeypatch.setattr(publish, "play_seeds", lambda job: pytest.fail(f"played again: {job}"))
    again = publish.publish(tmp_path, games=3, ruleset_ids=["chess"], workers=1, progress=False)
    assert again == written  # analysed again from the saved blocks, no game played

    monkeypatch.setattr(publish, "family", real)  # 3 seeds find nothing: the finding is gone, and so is its retest
    assert publish.publish(tmp_path, games=3, ruleset_ids=["chess"], workers=1, progress=False) == []
    assert not retest.exists() and retest not in publish.published(tmp_path)


def test_retests_wait_until_every_study_of_the_pairing_is_current(tmp_path, monkeypatch, capsys):
    """Findings are drawn over the whole family, so while another ruleset's studies are stale no retest is played (its
    findings could be the old code's), the wait is said; publishing those plays each retest once, after the last."""
    from wararchive.engine import fingerprint
    from wararchive.study import verdicts

    real_family = verdicts.family

    def everything_found(summaries):
        return {k: c.__class__(**{**c.__dict__, "q": 0.001}) for k, c in real_family(summaries).items()}

    monkeypatch.setattr(publish, "family", everything_found)
    retests = tmp_path / verdicts.CONFIRMATION
    publish.publish(tmp_path, games=3, ruleset_ids=["chess", "spionaaz"], workers=1, progress=False)
    assert {p.parts[-3] for p in retests.glob("*/*/greedy-vs-greedy")} == {"chess", "spionaaz"}
    real_hash = fingerprint.source_hash.__wrapped__

    def edited(*parts: str) -> str:  # as if Spionaaž's module had changed
        return real_hash(*parts) + ("*" if "rulesets/spionaaz.py" in parts else "")

    monkeypatch.setattr(fingerprint, "source_hash", edited)
    assert publish.not_current(tmp_path, publish.BASELINE) == sorted(f"spionaaz/{o}" for o in publish.options_studied("spionaaz"))
    capsys.readouterr()
    played = []
    real_play = publish.play_seeds
    monkeypatch.setattr(publish, "play_seeds", lambda job: played.append(job[0]) or real_play(job))
    assert publish.publish(tmp_path, games=3, ruleset_ids=["chess"], workers=1, progress=False) == []
    assert "retests wait: 4 published greedy-vs-greedy studies are not current (spionaaz/" in capsys.readouterr().err
    assert not played  # chess is current, and its retest waits
    written = publish.publish(tmp_path, games=3, ruleset_ids=["spionaaz"], workers=1, progress=False)
    assert set(played) == {"spionaaz"} and publish.not_current(tmp_path, publish.BASELINE) == []
    assert {p.parts[-3] for p in written if verdicts.CONFIRMATION in p.parts} == {"spionaaz"}  # chess's retest kept
    assert "retests wait" not in capsys.readouterr().err


def test_a_changed_analysis_without_saved_blocks_reanalyses_the_published_games_to_the_same_bytes(tmp_path, monkeypatch):
    """The published games (and the survival table's sums) are all the analysis needs: nothing is played again, and the
    files are byte for byte those a full run with the current analysis writes."""
    import shutil

    fresh, old = tmp_path / "fresh", tmp_path / "old"
    publish.publish(fresh, games=3, ruleset_ids=["chess"], workers=1, progress=False)
    with monkeypatch.context() as m:
        m.setattr(publish, "ANALYSIS", "an earlier analysis")
        publish.publish(old, games=3, ruleset_ids=["chess"], workers=1, progress=False)
    shutil.rmtree(old / publish.PARTIAL)  # no saved block: only the published games are left
    folder = old / "chess" / "end_conditions" / "greedy-vs-greedy"
    entry = publish.entries(3, publish.BASELINE, ruleset_ids=["chess"])[0]
    assert publish.status(entry, old) == publish.REANALYSE  # the games current, the analysis not
    monkeypatch.setattr(publish, "play_seeds", lambda job: pytest.fail(f"played again: {job}"))
    assert publish.publish(old, games=3, ruleset_ids=["chess"], workers=1, progress=False) == [folder]
    same = fresh / "chess" / "end_conditions" / "greedy-vs-greedy"
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == {p.name: p.read_bytes() for p in same.iterdir()}


def test_more_seeds_than_a_block_are_refused(tmp_path):
    with pytest.raises(WararchiveError, match="at most 1,000,000"):
        publish.publish(tmp_path, games=1_000_001, ruleset_ids=["chess"], workers=1, progress=False)


def test_a_belief_players_note_says_what_its_belief_is_where_no_rank_is_hidden():
    """Chess hides no rank (its "hidden ranks" feature is false): strong's "belief about hidden ranks" is the position."""
    chess = publish.player_notes(("strong:16", "greedy"), "chess")
    assert "no rank is hidden" in chess["strong:16"] and "no rank is hidden" not in chess["greedy"]
    assert "no rank is hidden" not in publish.player_notes(("strong", "greedy"), "spionaaz")["strong"]
