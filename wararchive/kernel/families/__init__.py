"""The compiled hooks families: what the kernel needs of a ruleset's hooks, one module per family.

A ruleset's :class:`~wararchive.engine.hooks.Hooks` change the shared
mechanism of :class:`~wararchive.engine.board_game.BoardGame`; the kernel
plays a ruleset only if a *family* here mirrors its hooks, and only the
family its hooks' class declares (:attr:`~wararchive.engine.hooks.Hooks.kernel_mirror`).
A family has two halves:

* its :class:`Family` object (Python, once per ruleset): the settings it
  writes into ``Spec.P``, the tables it adds to the
  :class:`~wararchive.kernel.playout.Spec`, the room its games need, and
  how a reference position's hook state is checked and loaded
  (:mod:`wararchive.kernel.position`);
* its compiled functions, one per hook (``prepare``, ``begin``,
  ``decider``, ``after_move``…), which :mod:`wararchive.kernel.hooks`
  calls for the shared mechanism (:mod:`wararchive.kernel.playout`); the
  mechanism itself names no family.

:data:`FAMILIES` lists them in the order of their codes (``layout.HOOKS_*``,
``Spec.P[P_HOOKS]``).
"""

from __future__ import annotations

from .base import Family
from .finnish_front import FinnishFront
from .japanese_war_game import JapaneseWarGame
from .sojamang_tables import Sojamang
from .spionaaz import Spionaaz

FAMILIES: tuple[Family, ...] = (Family(), JapaneseWarGame(), Spionaaz(), FinnishFront(), Sojamang())
"""The families by code: the default hooks', the Japanese War Game's, Spionaaž's, the map game's, Sõjamäng's."""
NAMES = tuple(f.name for f in FAMILIES)
"""Their names, by code: what a hooks class may declare in ``kernel_mirror``."""


def family(code: int) -> Family:
    """The family with code ``code`` (``Spec.P[P_HOOKS]``)."""
    return FAMILIES[code]
