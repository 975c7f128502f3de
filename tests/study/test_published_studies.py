"""The published studies (docs/studies) are honest: made by the code that plays the games, they replay, unchanged since.

If the engine, a ruleset or a player changed since they were published, the
fingerprint test fails and names the command that regenerates them; if a
published file changed since, the content test fails and names it.
"""

from __future__ import annotations

import hashlib
import json
import random

import pandas as pd
import pytest

from wararchive.engine.fingerprint import ruleset_fingerprint
from wararchive.players import player_code
from wararchive.study import ladder, output, publish, robustness, stats
from wararchive.study.design import options_studied
from wararchive.study.publish import ROOT, SUMMARY, published
from wararchive.study.run import play

FOLDERS = published(ROOT)
SAMPLE = 3  # games replayed per run, drawn afresh each time: over many runs, many seeds are checked


def _meta(folder) -> dict:
    return json.loads((folder / output.META_FILE).read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", publish.NAIVE, ids=publish.slug)
def test_every_option_of_every_ruleset_is_published_in_naive_play(players):
    from wararchive.engine import rulesets

    wanted = {(r, o) for r in rulesets() for o in options_studied(r)}
    have = {(f.parent.parent.name, f.parent.name) for f in FOLDERS if f.name == publish.slug(players)}
    command = f"wararchive publish-studies --players {','.join(players)}"
    assert wanted <= have, f"not published: {sorted(wanted - have)}; run `{command}`"


def test_the_readme_leads_with_where_the_published_effects_hold():
    """Issue 36, item 6: the README quotes the readings index's headline, as the published data make it today."""
    from wararchive.paths import CHECKOUT

    line = robustness.headline(robustness.readings(ROOT))
    readme = " ".join((CHECKOUT / "README.md").read_text(encoding="utf-8").split())
    assert line in readme, f"the README should quote, as the published studies now give it: {line}"


def test_the_readmes_call_for_the_same_as_a_dataframe_runs_as_written(monkeypatch):
    """The README's ``robustness.table(...)`` call, as written there, gives the headline's readings (run in a clone,
    whose working folder is the checkout)."""
    import re

    from wararchive.paths import CHECKOUT

    readme = (CHECKOUT / "README.md").read_text(encoding="utf-8")
    call = re.search(r"`wararchive\.study\.robustness\.table\((\"[^\"]+\")\)`", readme)
    assert call, "the README no longer names robustness.table"
    monkeypatch.chdir(CHECKOUT)
    table = robustness.table(json.loads(call.group(1)))
    assert len(table[["ruleset", "option", "reading"]].drop_duplicates()) == len(robustness.readings(ROOT))


@pytest.mark.parametrize("rid", ladder.HIDDEN_RANK_GAMES)
def test_a_published_ladder_was_played_and_rated_by_the_current_code(rid):
    found = ladder.load(ROOT, rid)
    if found is None:
        pytest.skip(f"no ladder published for {rid}")
    tables, meta = found
    d = meta["design"]
    current = ladder.Ladder(d["ruleset"], tuple(d["players"]), d["games"], d["seed"])
    assert meta["fingerprint"] == current.fingerprint(), f"{rid}: played by other code; run `{meta['command']}`"
    assert meta["analysis"] == ladder.ANALYSIS, f"{rid}: rated by other code; run `{meta['command']}` (no game replayed)"
    assert len(tables["games"]) == d["games"] * len(current.pairings())


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: "/".join(f.parts[-3:]))
def test_published_tables_were_made_by_the_current_analysis_code(folder):
    """A study analysed by other code is analysed again from its published games by its command (none played)."""
    meta = _meta(folder)
    assert meta["analysis"] == publish.ANALYSIS, (
        f"{folder}: analysed by other code; run `{meta['published']['command']}` (no game played)"
    )


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: "/".join(f.parts[-3:]))
def test_published_fingerprints_match_the_code_that_plays_the_games(folder):
    meta = _meta(folder)
    code = player_code(meta["design"]["players"])
    stale = [
        r["label"]
        for r in meta["readings"]
        if ruleset_fingerprint(meta["design"]["ruleset"], r["options"], code) != r["fingerprint"]
    ]
    assert not stale, (
        f"{folder}: published with other game code or ruleset data ({', '.join(stale)}); "
        f"regenerate with `{meta['published']['command']}`"
    )


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: "/".join(f.parts[-3:]))
def test_published_files_match_their_content_hash(folder):
    """Recomputed here, not by the loader: study.json lists the SHA-256 of every other file's bytes and of its own metadata."""
    meta = _meta(folder)
    regenerate = f"regenerate with `{meta.get('published', {}).get('command', 'wararchive publish-studies')}`"
    content = meta.pop(output.CONTENT, None)
    assert content, f"{folder / output.META_FILE}: no content hash; {regenerate}"
    body = json.dumps(meta, sort_keys=True, separators=(",", ":")).encode()
    assert hashlib.sha256(body).hexdigest() == content["meta"], (
        f"{folder / output.META_FILE}: changed since published; {regenerate}"
    )
    files = {p.name for p in folder.iterdir()} - {output.META_FILE}
    assert files == set(content["files"]), f"{folder}: files not published with it: {sorted(files ^ set(content['files']))}"
    for name, digest in sorted(content["files"].items()):
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest, f"{folder / name}: changed since published"


def test_a_random_sample_of_published_games_replays_to_identical_results():
    rng = random.Random()  # a fresh sample each run; the failure message names it
    for folder in rng.sample(FOLDERS, min(SAMPLE, len(FOLDERS))):
        meta = _meta(folder)
        d = meta["design"]
        games = pd.read_parquet(folder / "games.parquet")
        fired = pd.read_parquet(folder / "fired.parquet")
        row = games.iloc[rng.randrange(len(games))]
        options = next(r["options"] for r in meta["readings"] if r["label"] == row["reading"])
        swapped = bool(d["alternate"]) and row["seed"] % 2 == 1
        players = tuple(d["players"][::-1] if swapped else d["players"])
        again = play((d["ruleset"], row["reading"], options, int(row["seed"]), players, swapped, "reference"))
        where = f"{folder}, {row['reading']}, seed {row['seed']}"
        for key in ("winner", "plies", "adjudicated", "end_rule", "lead_changes", "setup", "first_player"):
            assert again[key] == (None if pd.isna(row[key]) else row[key]), f"{where}: {key} differs on replay"
        kept = fired[(fired["reading"] == row["reading"]) & (fired["seed"] == row["seed"])]
        assert again["fired"] == dict(zip(kept["rule"], kept["count"].astype(int), strict=True)), f"{where}: rule firings differ"


def test_a_published_summary_is_what_the_statistics_make_of_its_games():
    folder = random.Random().choice(FOLDERS)
    meta = _meta(folder)
    summary = json.loads((folder / SUMMARY).read_text(encoding="utf-8"))
    games = pd.read_parquet(folder / "games.parquet")
    order = [r["label"] for r in meta["readings"]]
    from wararchive.engine import ruleset

    sides = list(ruleset(meta["design"]["ruleset"]).sides)
    again = publish._records(stats.omnibus_table(games, sides, order))  # the summary's own JSON values
    assert again == summary["omnibus"], f"{folder}: the summary is stale; regenerate with `{meta['published']['command']}`"
    assert meta["published"]["games"] == meta["design"]["games"] == len(games) // len(order)
