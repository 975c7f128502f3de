"""What each viewer may see of a board game: ranks, views and events filtered by what he has been shown.

A mixin of :class:`~wararchive.engine.board_game.BoardGame`. Hidden
information is kept in one place, the board game's private ``_known``
(per player, the ids of enemy pieces whose rank he has been shown, changed
only by ``reveal``); every view and event list leaves the game through the
filters here, so no caller can leak a rank by accident.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .game import REFEREE
from .view import View

if TYPE_CHECKING:
    from .board import Board
    from .pieces import PieceType
    from .ruleset import Ruleset

HIDDEN_RULE = "hidden"
"""The rule a viewer reads of a combat whose deciding rule would tell him what he was not shown."""


class Observer:
    """Per-viewer filters of a board game (mixed into ``BoardGame``)."""

    rs: Ruleset
    board: Board
    types: tuple[PieceType, ...]
    kind: list[int]
    owner: list[int]
    uid: list[int]
    uid_owner: dict[int, int]
    moved: set[int]
    removed: list[tuple[int, int, int, int]]
    events: list[dict[str, Any]]
    ply: int
    result: dict[str, Any] | None
    _known: tuple[set[int], set[int]]
    _blocked: bytearray

    def sees(self, player: int | None, uid: int) -> bool:
        """May ``player`` (None: the referee) know the rank of piece ``uid``?"""
        return player is None or self.uid_owner.get(uid) == player or uid in self._known[player]

    def view(self, player: int | str, with_events: bool = True) -> View:
        pl = self.player_index(player)
        cells = []
        for c in range(len(self.board)):
            o = self.owner[c]
            if o < 0:
                cells.append(None)
                continue
            u = self.uid[c]
            cells.append(
                {
                    "side": self.rs.sides[o],
                    "uid": u,
                    "piece": self.types[self.kind[c]].id if self.sees(pl, u) else None,
                    "moved": u in self.moved,
                }
            )
        return View(
            ruleset=self.rs.id,
            player=REFEREE if pl is None else self.rs.sides[pl],
            ply=self.ply,
            to_move=self.side,
            result=self.result,
            board=self.board,
            sides=list(self.rs.sides),
            cells=cells,
            blocked=[self.board.names[c] for c in range(len(self.board)) if self._blocked[c]],
            events=self.visible_events(player) if with_events else [],
            removed=[
                {"uid": u, "side": self.rs.sides[o], "piece": self.types[t].id if self.sees(pl, u) else None, "ply": ply}
                for u, t, o, ply in self.removed
            ],
            symbols={pt.id: pt.symbol for pt in self.types},
        )

    def visible_events(self, player: int | str, since: int = 0) -> list[dict[str, Any]]:
        """The events from index ``since`` on that ``player`` may read, redacted (``since``: only the newest)."""
        pl = self.player_index(player)
        # an event with "to" (side names) is private to those sides and the referee
        return [self._redact(e, pl) for e in self.events[since:] if pl is None or self.rs.sides[pl] in e.get("to", self.rs.sides)]

    def _redact(self, ev: dict[str, Any], pl: int | None) -> dict[str, Any]:
        """``ev`` as ``pl`` may read it: ranks he has not been shown are None.

        A combat he cannot read in full (the referee variant) names only the
        two pieces that met, without the rule that decided it, the rule it went
        through (``via``: the flag's backer) or any third piece it consulted
        (the tile behind a flag): each of these would tell what was struck.
        A combat whose rule the hooks kept to some sides
        (:meth:`~wararchive.engine.board_game.BoardGame.keep_rule`) shows any
        other side the rule the table and the outcome tell (``rule_else``),
        and no side learns who else was told.
        """
        if "pieces" not in ev or pl is None:
            return dict(ev)
        out = dict(ev)
        kept_to = out.pop("rule_to", None)
        rule_else = out.pop("rule_else", None)
        if kept_to is not None and self.rs.sides[pl] not in kept_to:
            out["rule"] = rule_else
            out["cites"] = [] if rule_else == HIDDEN_RULE else list(self.rs.rule(rule_else).cites)
        pieces = []
        for u, pid, side in ev["pieces"]:
            shown = self.rs.sides.index(side) == pl or u in self._known[pl]
            pieces.append([u, pid if shown else None, side])
        out["pieces"] = pieces
        if not all(p[1] for p in pieces) and "outcome" in out:
            out["rule"], out["cites"] = HIDDEN_RULE, []  # which rule fired would betray the ranks
            out["pieces"] = pieces[:2]
            out.pop("via", None)
        return out
