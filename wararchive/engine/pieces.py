"""Piece types: what a ruleset's army is made of, with the evidence for each field."""

from __future__ import annotations

from dataclasses import dataclass, field

MOVEMENTS = ("step", "slide", "immobile")
"""step: one square or point; slide: along a free line as far as it likes;
immobile: never moves once placed (mines, flags, headquarters)."""


@dataclass(frozen=True, kw_only=True)
class PieceType:
    """One kind of piece.

    ``rank`` is the source's own label ("1", "6a") or ``None`` for unranked
    pieces; ``strength`` is the engine's total order (higher beats lower),
    kept separate because the texts number ranks in opposite directions.
    ``concept`` ties the piece to the shared vocabulary so that the site can
    line up a Finnish *vakooja* with an Estonian *spioon*.
    """

    id: str
    name: str
    name_en: str
    count: int
    rank: str | None
    strength: int
    movement: str
    cites: tuple[str, ...]
    certainty: str = "attested"
    reason: str = ""
    symbol: str = ""
    concept: str | None = None
    abilities: tuple[str, ...] = ()
    names: dict[str, str] = field(default_factory=dict, hash=False)
    move_rule: str = ""  # the rule that governs how it moves, shown with each plain move
    steps: int = 1  # for map games: the number of points it may move ("printed on the piece")

    def __post_init__(self) -> None:
        if self.movement not in MOVEMENTS:
            raise ValueError(f"piece {self.id}: movement {self.movement!r} not in {MOVEMENTS}")

    @property
    def mobile(self) -> bool:
        return self.movement != "immobile"
