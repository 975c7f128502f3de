"""Published data read once per build, and again only when a file it rests on changed.

A build renders hundreds of pages that quote the same published files: a
pairing's family of studies (each option's page), every reading's effect
across kinds of play, a ruleset's ladder (every pairing's notes). Each is
read once, kept under the files' modification times, and read again when one
of them changes, as Sphinx's incremental rebuild expects. One value is kept
per name: a changed file replaces the stale value rather than adding to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

_KEPT: dict[str, tuple[tuple, Any]] = {}


def read_once(name: str, paths: Sequence[Path], read: Callable[[], T]) -> T:
    """``read()``, or the value it gave for ``name`` while none of ``paths`` has changed (a missing file counts as a state)."""
    stamp = tuple((str(p), p.stat().st_mtime_ns if p.is_file() else None) for p in paths)
    kept = _KEPT.get(name)
    if kept is None or kept[0] != stamp:
        kept = _KEPT[name] = (stamp, read())
    return kept[1]
