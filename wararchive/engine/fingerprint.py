"""Fingerprints of rulesets and of the code that runs them, for caches and reproducible studies.

A simulated result depends on the ruleset's data (with its options) and on
the engine's code; a fingerprint hashes both, so a changed rule or engine
never passes for the one that produced a stored result. Kept in the engine
so that studies need not import the site (and Sphinx) to label their output.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
from collections.abc import Iterable
from functools import cache
from importlib.machinery import ModuleSpec
from pathlib import Path
from typing import Any

from .registry import ruleset, source_files

PACKAGE = Path(__file__).resolve().parents[1]
# The code that plays games: the rules core, the rulesets and the players (and the kernel, where
# there is one); drawing, the runner and the site shape no game. Read by folder, not by import,
# so this module need import none of the layers above it.
GAME_CODE = tuple(part for part in ("engine", "rulesets", "players", "kernel") if (PACKAGE / part).is_dir())
SHARED_CODE = tuple(part for part in GAME_CODE if part not in ("rulesets", "players"))
"""The code every game runs, whatever its rules and players; a fingerprint adds its ruleset's and its players'."""


@cache
def source_hash(*parts: str) -> str:
    """The Python sources of these package folders or files (``engine``, ``site/runner.py``), hashed."""
    h = hashlib.sha256()
    for part in parts:
        path = PACKAGE / part
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            h.update(file.read_bytes())
    return h.hexdigest()[:16]


@cache
def ruleset_code(ruleset_id: str) -> tuple[str, ...]:
    """The files that make ``ruleset_id``'s rules beyond :data:`SHARED_CODE`: its own module and what it imports.

    Every file of the module that builds the ruleset (:func:`~.registry.source_files`)
    and every module of this package those import, followed transitively:
    a fix to one rulebook leaves the studies of the others current.
    """
    return module_closure(source_files(ruleset_id))


def ruleset_fingerprint(ruleset_id: str, options: dict[str, Any], players_code: tuple[str, ...] | None = None) -> str:
    """The ruleset with these options and the code that plays it: 20 hex digits.

    The code is :data:`SHARED_CODE`, the ruleset's own (:func:`ruleset_code`)
    and ``players_code``: the files of the players that play
    (:func:`wararchive.players.player_code`), or None for every player's. A
    study's games depend on its own rules and players only, so work on
    another rulebook or player must not make it stale.
    """
    players = ("players",) if players_code is None else players_code
    code = (*SHARED_CODE, *ruleset_code(ruleset_id), *players)
    data = json.dumps([ruleset(ruleset_id, **options).to_dict(), source_hash(*code)], sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()[:20]


def module_closure(files: Iterable[Path], unfollowed: Iterable[Path] = ()) -> tuple[str, ...]:
    """These module files and every module of this package they import, followed transitively, but for :data:`SHARED_CODE`.

    The shared folders are counted whole by every fingerprint. ``unfollowed``:
    files counted whose own imports are not followed (a registry that
    imports every player). Paths are relative to the package, or absolute
    for a file outside it (a plugin's, whose own imports are its business), sorted.
    """
    shared = tuple(PACKAGE / part for part in SHARED_CODE)
    todo, seen = [Path(f).resolve() for f in files], {Path(f).resolve() for f in unfollowed}
    while todo:
        path = todo.pop()
        if path in seen or any(path.is_relative_to(s) for s in shared):
            continue
        seen.add(path)
        if path.is_relative_to(PACKAGE):
            todo += [found.resolve() for found in _imported_here(path)]
    return tuple(sorted(str(p.relative_to(PACKAGE)) if p.is_relative_to(PACKAGE) else str(p) for p in seen))


def _imported_here(path: Path) -> list[Path]:
    """The files of this package's modules that ``path`` (a module of it) imports, relatively or by full name."""
    module = ".".join((PACKAGE.name, *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
    parent = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), parent) if node.level else node.module
            named = [f"{base}.{a.name}" for a in node.names]  # `from . import x` names a module
            # `from . import x` of a submodule takes nothing from the package's __init__, which may import
            # every sibling (the players' does): following it would tie each player's code to all the others'
            if node.module is not None or any(_module_spec(name) is None for name in named):
                names.append(base or "")
            names += named
        elif isinstance(node, ast.Import):
            names += [a.name for a in node.names]
    found = []
    for name in names:
        if name.split(".")[0] != PACKAGE.name:
            continue
        spec = _module_spec(name)
        if spec is not None and spec.origin and spec.origin.endswith(".py"):
            found.append(Path(spec.origin))
    return found


def _module_spec(name: str) -> ModuleSpec | None:
    """``name``'s module spec, or None if it names no module (``from .x import f`` also yields ``x.f``, a function)."""
    try:
        return importlib.util.find_spec(name)
    except (ImportError, ValueError):  # its parent is not a package
        return None
