"""Golden games: one recorded game per ruleset and per notable option.

Each stored record must replay to the same end, and simulating it afresh from
its seed must give the same record byte for byte. A change in any rule's
behaviour shows up here first; regenerate with ``tests/golden/make.py`` only
when the change is intended.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wararchive.engine import replay, ruleset
from wararchive.engine.record import RecordError, dumps
from wararchive.engine.registry import own_rulesets
from wararchive.players import simulate_one

HERE = Path(__file__).resolve().parents[1] / "golden"
NOTABLE = [
    ("japanese-war-game", {"referee": True}),
    ("japanese-war-game", {"spy_vs_marshal": "swedish", "strike": "any-move"}),
    ("japanese-war-game", {"board": "9x4", "bridges": "spread"}),
    ("spionaaz", {"no_return": "player-move", "combat_reveals": True}),
    ("chess", {"end_conditions": "modern"}),
    ("sojamang-1935", {"game": "beginners"}),
]
GOLDEN = [(rid, {}) for rid in own_rulesets()] + NOTABLE  # a plugin's rulesets keep golden records of their own, if any
SEED = 7


def path_of(spec) -> Path:
    rid, options = spec
    suffix = "".join(f"-{k}={v}" for k, v in sorted(options.items()))
    return HERE / f"{rid}{suffix}.json"


def golden_game(spec):
    rid, options = spec
    return simulate_one(ruleset(rid, **options), SEED, ("greedy", "random"))


@pytest.mark.parametrize("spec", GOLDEN, ids=[path_of(s).stem for s in GOLDEN])
def test_golden_record(spec):
    path = path_of(spec)
    assert path.exists(), f"no golden record {path.name}: run tests/golden/make.py"
    stored = path.read_text(encoding="utf-8")
    record = json.loads(stored)
    game = replay(record)
    assert game.result == record["result"] and game.ply == len(record["moves"])
    assert dumps(golden_game(spec).record()) + "\n" == stored


def test_a_record_from_before_kept_rules_still_replays():
    """et-sojamang-1935:77-:80 — records written before 0.3 do not mark a combat rule kept to one side (``rule_to``,
    ``rule_else``); they replay as they were written, and a changed kept rule is still caught."""
    record = json.loads(path_of(("sojamang-1935", {})).read_text(encoding="utf-8"))
    kept = next(e for e in record["events"] if "rule_to" in e)
    older = json.loads(json.dumps(record))
    for e in older["events"]:
        e.pop("rule_to", None), e.pop("rule_else", None)
    assert replay(older).result == record["result"]
    kept["rule_else"] = "soj.higher-wins" if kept["rule_else"] == "hidden" else "hidden"
    with pytest.raises(RecordError, match="differs from the record"):
        replay(record)
