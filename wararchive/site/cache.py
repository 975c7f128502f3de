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
    for folder in ("engine", "rulesets", "site"):  # the data a page embeds is shaped by the site code too
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def fingerprint(ruleset_id: str, *extra: Any) -> str:
    data = json.dumps([ruleset(ruleset_id).to_dict(), code_hash(), extra], sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:20]


def all_rulesets_fingerprint() -> str:
    from ..engine import rulesets

    return hashlib.sha256("".join(fingerprint(r) for r in rulesets()).encode()).hexdigest()[:20]


def text_fingerprint(text) -> str:
    """Everything a text's pages show of it, plus the rules that cite it."""
    data = [
        [p.id, p.start, p.end, p.category, p.concepts, p.normative, p.translation, p.label, p.note,
         [(s.text, s.correction and s.correction.reason) for s in p.segments]]
        for p in text.passages
    ]  # fmt: skip
    meta = {k: v for k, v in vars(text).items() if k not in ("passages", "retired")}
    raw = json.dumps([data, meta, all_rulesets_fingerprint()], sort_keys=True, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()[:20]


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
