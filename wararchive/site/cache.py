"""A build cache for simulations, keyed by everything that could change their result.

Simulated statistics and illustrative games depend on the ruleset's data and
on the engine's code; the key hashes both, so editing a rule re-simulates on
the next build while an unchanged archive rebuilds in seconds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import ruleset
from ..fileio import atomic_write_text

PACKAGE = Path(__file__).resolve().parents[1]


@cache
def code_hash() -> str:
    h = hashlib.sha256()
    for folder in ("engine", "rulesets"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def fingerprint(ruleset_id: str, *extra: Any) -> str:
    data = json.dumps([ruleset(ruleset_id).to_dict(), code_hash(), extra], sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:20]


def cached(folder: Path, name: str, key: str, compute: Callable[[], Any]) -> Any:
    """JSON result of ``compute()``, reused while ``key`` is unchanged."""
    path = folder / f"{name}-{key}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    value = compute()
    atomic_write_text(path, json.dumps(value))
    return value


def site_cache_dir(config, srcdir: str | Path) -> Path:
    """Where simulations are cached: ``wararchive_cache`` in conf, else ``docs/_build/.wararchive-cache``."""
    return Path(config.wararchive_cache or Path(srcdir) / "_build" / ".wararchive-cache")
