"""Fingerprints of rulesets and of the code that runs them, for caches and reproducible studies.

A simulated result depends on the ruleset's data (with its options) and on
the engine's code; a fingerprint hashes both, so a changed rule or engine
never passes for the one that produced a stored result. Kept in the engine
so that studies need not import the site (and Sphinx) to label their output.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from .registry import ruleset

PACKAGE = Path(__file__).resolve().parents[1]
# The code that plays games: the rules core, the rulesets and the players (and the kernel, where
# there is one); drawing, the runner and the site shape no game. Read by folder, not by import,
# so this module need import none of the layers above it.
GAME_CODE = tuple(part for part in ("engine", "rulesets", "players", "kernel") if (PACKAGE / part).is_dir())
RULES_CODE = tuple(part for part in GAME_CODE if part != "players")
"""The code every game runs, whoever plays it; a fingerprint adds the players' (:data:`GAME_CODE`: all of theirs)."""


@cache
def source_hash(*parts: str) -> str:
    """The Python sources of these package folders or files (``engine``, ``site/runner.py``), hashed."""
    h = hashlib.sha256()
    for part in parts:
        path = PACKAGE / part
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            h.update(file.read_bytes())
    return h.hexdigest()[:16]


def ruleset_fingerprint(ruleset_id: str, options: dict[str, Any], players_code: tuple[str, ...] | None = None) -> str:
    """The ruleset with these options and the code that plays it: 20 hex digits.

    ``players_code`` narrows the players' part to the files of the players
    that play (:func:`wararchive.players.player_code`), beside
    :data:`RULES_CODE`; None counts every player's code (:data:`GAME_CODE`).
    A study's games depend on its own players only, so work on another
    player must not make it stale.
    """
    code = GAME_CODE if players_code is None else (*RULES_CODE, *players_code)
    data = json.dumps([ruleset(ruleset_id, **options).to_dict(), source_hash(*code)], sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:20]
