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
from wararchive.engine.record import dumps
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
