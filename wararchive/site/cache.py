"""A build cache for simulations, keyed by everything that could change their result.

Simulated statistics and illustrative games depend on the ruleset's data and
on the engine's code; the key hashes both, so editing a rule re-simulates on
the next build while an unchanged archive rebuilds in seconds.

The results the pages need also ship with the code (:data:`SHIPPED`,
written by ``wararchive site --refresh-data``), each under the key it was
computed for: a fresh clone's first build, whose cache is empty, plays no
game, and an entry whose key no longer matches is never used (its games are
played again, as without it).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import ruleset
from ..engine.fingerprint import GAME_CODE, source_hash
from ..fileio import atomic_write_text, write_generated

SIMULATION_CODE = (*GAME_CODE, "runner.py", "site/runner.py", "site/replay.py", "site/stats.py")
FIGURE_CODE = ("site/figures.py", "drawing")
SHIPPED = Path(__file__).with_name("simulations.json")
"""``{name: {"key": key, "value": result}}``: the statistics, the choices of illustrative games and their records."""


def code_hash() -> str:
    """The code that plays the games and shapes the cached results; editing the rest of the site re-simulates nothing."""
    return source_hash(*SIMULATION_CODE)


def short_hash(text: str) -> str:
    """A 20-hex-digit digest: enough to tell versions of the same data apart."""
    return hashlib.sha256(text.encode()).hexdigest()[:20]


@cache
def _ruleset_digest(ruleset_id: str) -> str:
    """The ruleset's data and the code, hashed once: rulesets are immutable within a process."""
    data = json.dumps([ruleset(ruleset_id).to_dict(), code_hash()], sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()


def fingerprint(ruleset_id: str, *extra: Any) -> str:
    return short_hash(json.dumps([_ruleset_digest(ruleset_id), extra], sort_keys=True, default=str))


@cache
def all_rulesets_fingerprint() -> str:
    from ..engine import rulesets

    return short_hash("".join(fingerprint(r) for r in rulesets()))


def text_fingerprint(text) -> str:
    """Everything a text's pages show of it, plus the rules that cite it."""
    data = [
        [p.id, p.start, p.end, p.category, p.concepts, p.normative, p.translation, p.label, p.note,
         [(s.text, s.correction and s.correction.reason) for s in p.segments]]
        for p in text.passages
    ]  # fmt: skip
    meta = {k: v for k, v in vars(text).items() if k not in ("passages", "retired")}
    return short_hash(json.dumps([data, meta, all_rulesets_fingerprint()], sort_keys=True, default=str))


def notebook_fingerprint(corpus) -> str:
    """What the notebook reads: the texts' metadata, passages (not translations or notes), corrections, rulesets.

    Editing a translation or a note changes nothing the notebook shows, so it
    does not re-run it (a kernel start costs seconds).
    """
    data = [
        [vars(t).get(k) for k in sorted(vars(t)) if k not in ("passages", "retired")]
        + [[p.id, p.category, p.concepts, p.diplomatic, p.reading] for p in t.passages]
        + [[k.id, k.kind, k.original, k.reading] for k in t.corrections]
        for t in corpus.texts.values()
    ]
    concepts = [[c.id, c.label, c.description, c.names] for c in corpus.vocabulary.values()]  # no pandas on a rebuild
    return short_hash(json.dumps([data, concepts, all_rulesets_fingerprint()], sort_keys=True, default=str))


@cache
def shipped() -> dict[str, dict[str, Any]]:
    """The shipped results (:data:`SHIPPED`), or none where the file is absent."""
    return json.loads(SHIPPED.read_text(encoding="utf-8")) if SHIPPED.exists() else {}


def _shipped(name: str, key: str) -> dict[str, Any] | None:
    entry = shipped().get(name)
    return entry if entry is not None and entry["key"] == key else None


def is_cached(folder: Path, name: str, key: str) -> bool:
    return (folder / f"{name}-{key}.json").exists() or _shipped(name, key) is not None


def cached(folder: Path, name: str, key: str, compute: Callable[[], Any]) -> Any:
    """JSON result of ``compute()``, reused while ``key`` is unchanged: from the cache, else as shipped under ``key``."""
    path = folder / f"{name}-{key}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    entry = _shipped(name, key)
    value = entry["value"] if entry is not None else compute()
    write_generated(path, json.dumps(value))  # another build storing the same entry this moment is left to it
    return value


def write_shipped(entries: Iterable[tuple[str, str, Any]]) -> Path:
    """Write ``(name, key, result)`` entries as :data:`SHIPPED`: one a line, sorted, so a regeneration diffs by entry."""
    lines = [
        f"{json.dumps(name)}: {json.dumps({'key': key, 'value': value}, sort_keys=True)}"
        for name, key, value in sorted(entries, key=lambda e: e[0])
    ]
    atomic_write_text(SHIPPED, "{\n" + ",\n".join(lines) + "\n}\n")
    shipped.cache_clear()
    return SHIPPED


def site_cache_dir(config, srcdir: str | Path) -> Path:
    """Where simulations are cached: ``wararchive_cache`` in conf, else ``docs/_build/.wararchive-cache``."""
    return Path(config.wararchive_cache or Path(srcdir) / "_build" / ".wararchive-cache")


def cached_figure(cache_dir: Path, img: Path, draw: Callable[[Path], str], *key: Any) -> str:
    """Draw a figure into the cache once per ``key`` and copy it to ``img``; returns its alt text.

    ``key`` is what the figure shows (its data, or a fingerprint of it);
    the drawing code (:data:`FIGURE_CODE`) joins it. A matplotlib figure takes a
    tenth of a second or more and the site has some sixty, so a page that is
    read again copies its figures instead of drawing them; ``img`` is
    written only when its bytes change, as Sphinx re-reads a page whose
    image is newer.
    """
    name = short_hash(json.dumps([key, source_hash(*FIGURE_CODE)], sort_keys=True, default=str))
    png, alt = cache_dir / f"figure-{img.stem}-{name}{img.suffix}", cache_dir / f"figure-{img.stem}-{name}.txt"
    if not (png.exists() and alt.exists()):
        png.parent.mkdir(parents=True, exist_ok=True)
        drawn = png.with_name(f".{png.stem}.{os.getpid()}{png.suffix}")  # drawn aside: a concurrent build never reads half
        text = draw(drawn)
        os.replace(drawn, png)
        write_generated(alt, text)
    if not img.exists() or img.read_bytes() != png.read_bytes():
        img.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(png, img)
    return alt.read_text(encoding="utf-8")
