"""Which rulesets exist and how to build one.

Rulesets are plugins found through the ``wararchive.rulesets`` entry-point
group (declared in ``pyproject.toml``): the entry's name is the ruleset id,
its value the module whose ``build(options)`` makes the ruleset. The engine
names no ruleset, so a sixth rulebook, in this package or another, is data
plus one module and one line of packaging (see ``docs/adding-a-rulebook.md``).

Modules are imported on demand, so ``wararchive rulesets`` does not pay for
python-chess and ``wararchive rules chess`` does not build the war games.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from .. import corpus
from ..errors import UnknownIdError, WararchiveError
from .ruleset import Ruleset

GROUP = "wararchive.rulesets"
OWN_PACKAGE = "wararchive.rulesets"  # the project's own rulesets live here; any other module is a plugin's


class CitationError(WararchiveError):
    """A ruleset cites a passage the archive does not have."""


@lru_cache(maxsize=1)
def _entry_points() -> dict[str, EntryPoint]:
    """Ruleset id → entry point, in id order (entry points come unordered)."""
    found = {ep.name: ep for ep in entry_points(group=GROUP)}
    if not found:
        raise WararchiveError(f"no rulesets in the {GROUP!r} entry-point group: (re)install wararchive (pip install -e .)")
    return dict(sorted(found.items()))


def rulesets() -> list[str]:
    """The ids of every registered ruleset."""
    return list(_entry_points())


def own_rulesets() -> list[str]:
    """The ids of the project's own rulesets (those in :mod:`wararchive.rulesets`), without any plugin's."""
    return [rid for rid, ep in _entry_points().items() if ep.module == OWN_PACKAGE or ep.module.startswith(OWN_PACKAGE + ".")]


def source_files(ruleset_id: str) -> list[Path]:
    """The Python files of the module that builds ``ruleset_id`` (every file of it, when it is a package)."""
    if ruleset_id not in _entry_points():
        raise UnknownIdError("ruleset", ruleset_id, rulesets())
    module = import_module(_entry_points()[ruleset_id].module)
    path = Path(module.__file__ or "")
    return sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]


def ruleset(ruleset_id: str, **options: Any) -> Ruleset:
    """Build ruleset ``ruleset_id`` with ``options`` over its defaults.

    Unknown ids, option names and option values are refused with the valid
    choices. Rulesets are cached per option set: they are immutable data.
    """
    if ruleset_id not in _entry_points():
        raise UnknownIdError("ruleset", ruleset_id, rulesets())
    # The key carries each value's type: 100.0 == 100 and 1 == True in Python, and without the
    # type a cached ruleset would answer for a value its option validation refuses.
    key = tuple(sorted((name, type(value), value) for name, value in options.items()))
    try:
        hash(key)
    except TypeError:  # a list or a dict: no option takes one; building uncached refuses it by name
        return _make(ruleset_id, options)
    return _build(ruleset_id, key)


@lru_cache(maxsize=64)
def _build(ruleset_id: str, options: tuple[tuple[str, type, Any], ...]) -> Ruleset:
    return _make(ruleset_id, {name: value for name, _, value in options})


def _make(ruleset_id: str, options: dict[str, Any]) -> Ruleset:
    module = _entry_points()[ruleset_id].load()
    rs = module.build(options)
    if rs.id != ruleset_id:  # a plugin registered under another name than it builds: refuse, or records would lie
        raise WararchiveError(f"entry point {ruleset_id!r} of {GROUP!r} builds ruleset {rs.id!r}")
    check_citations(rs)
    return rs


def check_citations(rs: Ruleset) -> None:
    """Refuse a ruleset that cites a passage the archive does not have, naming the ruleset, the rule and the passage.

    Checked when a ruleset is built (once per option set: rulesets are
    cached), so no command, export or page can show a citation that leads
    nowhere.
    """
    archive = corpus.load()
    for kind, owner, cites in rs.citations():
        for pid in cites:
            if not archive.has_passage(pid):
                raise CitationError(f"ruleset {rs.id}: {kind} {owner} cites passage {pid}, which is not in the corpus")
