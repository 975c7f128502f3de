"""Which rulesets exist and how to build one.

Ruleset modules are imported on demand, so ``wararchive rulesets`` does not
pay for python-chess and ``wararchive rules chess`` does not build the
war games.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from ..errors import UnknownIdError
from .ruleset import Ruleset

RULESETS: dict[str, str] = {
    "japanese-war-game": "wararchive.rulesets.japanese_war_game",
    "spionaaz": "wararchive.rulesets.spionaaz",
    "chess": "wararchive.rulesets.chess",
    "finnish-front": "wararchive.rulesets.finnish_front",
    "sojamang-1935": "wararchive.rulesets.sojamang_1935",
}


def rulesets() -> list[str]:
    """The ids of every ruleset in the archive."""
    return list(RULESETS)


def ruleset(ruleset_id: str, **options: Any) -> Ruleset:
    """Build ruleset ``ruleset_id`` with ``options`` over its defaults.

    Unknown ids, option names and option values are refused with the valid
    choices. Rulesets are cached per option set: they are immutable data.
    """
    if ruleset_id not in RULESETS:
        raise UnknownIdError("ruleset", ruleset_id, rulesets())
    # The key carries each value's type: 100.0 == 100 and 1 == True in Python, and without the
    # type a cached ruleset would answer for a value its option validation refuses.
    key = tuple(sorted((name, type(value), value) for name, value in options.items()))
    try:
        hash(key)
    except TypeError:  # a list or a dict: no option takes one; building uncached refuses it by name
        return importlib.import_module(RULESETS[ruleset_id]).build(options)
    return _build(ruleset_id, key)


@lru_cache(maxsize=64)
def _build(ruleset_id: str, options: tuple[tuple[str, type, Any], ...]) -> Ruleset:
    module = importlib.import_module(RULESETS[ruleset_id])
    return module.build({name: value for name, _, value in options})
