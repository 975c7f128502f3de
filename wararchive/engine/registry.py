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
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from ..errors import UnknownIdError, WararchiveError
from .ruleset import Ruleset

GROUP = "wararchive.rulesets"


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


def ruleset(ruleset_id: str, **options: Any) -> Ruleset:
    """Build ruleset ``ruleset_id`` with ``options`` over its defaults.

    Unknown ids, option names and option values are refused with the valid
    choices. Rulesets are cached per option set: they are immutable data.
    """
    if ruleset_id not in _entry_points():
        raise UnknownIdError("ruleset", ruleset_id, rulesets())
    return _build(ruleset_id, tuple(sorted(options.items(), key=lambda kv: kv[0])))


@lru_cache(maxsize=64)
def _build(ruleset_id: str, options: tuple[tuple[str, Any], ...]) -> Ruleset:
    module = _entry_points()[ruleset_id].load()
    rs = module.build(dict(options))
    if rs.id != ruleset_id:  # a plugin registered under another name than it builds: refuse, or records would lie
        raise WararchiveError(f"entry point {ruleset_id!r} of {GROUP!r} builds ruleset {rs.id!r}")
    return rs
