"""The Python half of a compiled hooks family, and the family of the default hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .. import layout as k

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np

    from ...engine.board_game import BoardGame
    from ...engine.ruleset import Ruleset
    from ..layout import Spec, Work


class Family:
    """The Python half of a compiled hooks family; this base is the family of the default hooks (``"none"``).

    Every method here is what the default hooks do (nothing): a family
    overrides what its hooks change.
    """

    name: ClassVar[str] = "none"
    """The name a hooks class declares in ``kernel_mirror``."""
    point_board: ClassVar[bool] = False
    """Its hooks make every move, on a point board (the shared generator of steps and slides is not used)."""
    entry_tables: ClassVar[bool] = False
    """Its moves read the per-type entry tables (``params.restricted``/``confined``); the others ignore them."""
    prepare_draws: ClassVar[bool] = False
    """Its ``prepare`` draws from the prepare stream (the others leave it unseeded in bulk play)."""
    army_per_side: ClassVar[bool] = False
    """A position may hold at most one army a side (its move buffer is sized per army), not both armies anywhere."""
    combat_modes: ClassVar[tuple[str, ...]] = ("face", "displace")
    """The ``params.combat_mode`` values it plays."""

    def params(self, rs: Ruleset, P: np.ndarray, rule_index: dict[str, int]) -> None:
        """Write its settings (the hooks' pieces, options and the rules they cite) into ``P``."""

    def tables(self, rs: Ruleset, rule_index: dict[str, int]) -> dict[str, np.ndarray]:
        """Its own fields of :class:`~wararchive.kernel.layout.Spec`, read from its hooks (none here)."""
        return {}

    def empty_tables(self, types: int, cells: int) -> dict[str, np.ndarray]:
        """The same fields for a ruleset of another family: of the same kinds, so every ruleset compiles to one signature."""
        return {}

    def buffers(self, S: Spec) -> tuple[int, int, int]:
        """Rows for the legal moves, the event log and the event cells a game of ``S`` needs (``playout.work``)."""
        n, u, limit, width = S.step.shape[1], int(S.P[k.P_UIDS]), int(S.P[k.P_PLY_LIMIT]), int(S.P[k.P_WIDTH])
        # four lines of at most the longest slide a piece;
        # a ply logs at most one combat and two reveals, the start and the end one each
        return 4 * u * max(width, n // width), 3 * limit + 8, 2 * u + n

    def check_state(self, S: Spec, W: Work, game: BoardGame) -> None:
        """Refuse (:func:`~wararchive.kernel.arrays.unfit`) hook state of ``game`` that ``W``'s arrays cannot hold."""

    def load_state(self, S: Spec, W: Work, game: BoardGame) -> None:
        """Write ``game``'s hook state into ``W`` (after :meth:`check_state`)."""

    def prepared_record(self, names: Sequence[str], blocked: list[int]) -> dict[str, Any]:
        """What ``Hooks.prepared_record`` records of a kernel game's preparation, given the cells' names and those it blocked."""
        return {}
