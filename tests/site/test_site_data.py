"""The simulated games shipped for the site (``wararchive/site/simulations.json``): current, used only under their key.

A fresh clone's first build reads them instead of playing some seven hundred
games. After a change to a ruleset or to the code that plays, they are
stale: the build would still be right (a stale entry is played again) but
slow, so this test fails and names the command that regenerates them.
"""

from __future__ import annotations

import json

import pytest

from wararchive.engine import rulesets
from wararchive.site import cache
from wararchive.site.replay import choice_entry, game_replay, illustrative_game, record_entry
from wararchive.site.stats import stats_entry

REFRESH = "run `wararchive site --refresh-data` and commit wararchive/site/simulations.json"


def test_shipped_simulations_are_current_and_complete():
    shipped = cache.shipped()
    needed = {}
    for rid in rulesets():
        needed |= dict([stats_entry(rid), choice_entry(rid)])
        for g in shipped.get(choice_entry(rid)[0], {}).get("value", []):
            needed |= dict([record_entry(rid, g["seed"])])
    assert {name: e["key"] for name, e in shipped.items()} == needed, f"the shipped simulations are stale: {REFRESH}"


def test_a_shipped_entry_is_used_under_its_own_key_only(monkeypatch, tmp_path):
    monkeypatch.setattr(cache, "shipped", lambda: {"stats-x": {"key": "k1", "value": "shipped"}})
    assert cache.is_cached(tmp_path, "stats-x", "k1") and not cache.is_cached(tmp_path, "stats-x", "k2")
    assert cache.cached(tmp_path, "stats-x", "k2", lambda: "computed") == "computed"
    assert cache.cached(tmp_path, "stats-x", "k1", lambda: "computed") == "shipped"
    assert json.loads((tmp_path / "stats-x-k1.json").read_text()) == "shipped"  # then kept in the build cache


@pytest.mark.kernel  # plays on the compiled kernel: run after its first compile (tests/kernel_warmup.py)
def test_a_replay_rebuilt_from_its_record_is_the_replay_of_the_game(tmp_path):
    played = illustrative_game(("japanese-war-game", 1))
    name, key = record_entry("japanese-war-game", 1)
    (tmp_path / f"{name}-{key}.json").write_text(json.dumps(played["record"]))
    assert game_replay(tmp_path, "japanese-war-game", 1) == played["replay"]
