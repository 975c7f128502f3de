"""A kernel game read back as the engine writes games: moves, events, result, record.

The compiled game leaves arrays (:mod:`.playout`); :class:`KernelGame`
turns them into what the reference :class:`~wararchive.engine.game.Game`
offers to simulations and studies: ``history``, ``events`` (the same
dicts, with the rules' citations), ``result``, ``record()``, and the
armies at the start and the end. A record from here replays through the
reference engine to the same end (the equality test checks it).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.combat import OUTCOMES
from ..engine.game import game_record
from ..engine.moves import Move, notation
from ..engine.observer import HIDDEN_RULE
from . import playout as k
from .families import family, sojamang as soj

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset


class KernelGame:
    """One finished game the kernel played, with the reference game's read-only interface."""

    engine = "kernel"

    def __init__(self, rs: Ruleset, seed: int, W: k.Work):
        self.rs, self.seed = rs, seed
        self.ply = int(W.G[k.G_PLY])
        self._moves = W.moves[: self.ply].copy()
        self._log = W.log[: W.G[k.G_EVENTS]].copy()
        self._aux = W.aux[: W.G[k.G_AUX]].copy()
        self._paux = W.paux[: W.sg[soj.SG_PAUX]].copy()
        self._start = W.start.copy()
        self._end = np.stack([W.kind, W.owner, W.uid]).copy()
        self._rules = list(rs.rules)
        winner, rule = int(W.G[k.G_WINNER]), self._rules[W.G[k.G_END_RULE]]
        self.result: dict[str, Any] = {
            "winner": None if winner < 0 else rs.sides[winner],
            "reason": rule.id,
            "summary": rule.summary,
            "cites": list(rule.cites),
            "certainty": rule.certainty,
            "adjudicated": bool(W.G[k.G_ADJUDICATED]),
            "ply": self.ply,
        }

    @property
    def names(self) -> list[str]:
        assert self.rs.board is not None
        return self.rs.board.names

    @cached_property
    def history(self) -> list[str]:
        names = self.names
        return [notation(m, names) for m in self.moves()]

    def moves(self) -> list[Move]:
        """The moves as the engine's :class:`~wararchive.engine.moves.Move` (from, to, action, target, argument)."""
        types = self.rs.piece_types
        return [Move(c, x, k.ACTIONS[a], aim, types[arg].id if arg >= 0 else "") for c, x, a, aim, arg in self._moves.tolist()]

    def fired(self) -> Counter[str]:
        """How often each rule fired (an event per firing, as in the reference game's events)."""
        return Counter(self._rules[r].id for r in self._log[:, k.L_RULE].tolist())

    @cached_property
    def events(self) -> list[dict[str, Any]]:
        return [self._event(row) for row in self._log.tolist()]

    def _event(self, row: list[int]) -> dict[str, Any]:
        rule, names, sides, types = self._rules[row[k.L_RULE]], self.names, self.rs.sides, self.rs.piece_types
        ev: dict[str, Any] = {"ply": row[k.L_PLY], "type": "", "rule": rule.id, "cites": list(rule.cites)}
        kind = row[k.L_TYPE]
        if kind == k.E_COMBAT:
            p = row[k.L_SIDE]
            pieces = [[row[k.L_A_UID], types[row[k.L_A_T]].id, sides[p]], [row[k.L_D_UID], types[row[k.L_D_T]].id, sides[1 - p]]]
            if row[k.L_DEC_UID] >= 0:
                pieces.append([row[k.L_DEC_UID], types[row[k.L_DEC_T]].id, sides[1 - p]])
            ev.update(
                type="combat",
                cells=[names[row[k.L_ATT]], names[row[k.L_DFN]]],
                pieces=pieces,
                outcome=OUTCOMES[row[k.L_OUTCOME]],
                removed=row[k.L_REM0 : k.L_REM0 + row[k.L_NREM]],
            )
            if row[k.L_VIA] >= 0:
                ev["via"] = self._rules[row[k.L_VIA]].id
            if row[k.L_KEPT] >= 0:
                ev["rule_to"] = [side for i, side in enumerate(sides) if row[k.L_KEPT] >> i & 1]
                ev["rule_else"] = self._rules[row[k.L_RULE_ELSE]].id if row[k.L_RULE_ELSE] >= 0 else HIDDEN_RULE
        elif kind == k.E_REVEALED:
            aux = self._aux[row[k.L_OFFSET] : row[k.L_OFFSET] + row[k.L_COUNT]].tolist()
            ev.update(
                type="revealed",
                to=[sides[row[k.L_LEARNER]]],
                pieces=[[u, types[t].id, sides[o]] for u, t, _, o in aux],
                cells=[names[c] if c >= 0 else None for _, _, c, _ in aux],  # None: the piece has left the board
            )
        elif kind == k.E_BLOCKED:
            ev.update(type="blocked", cells=[names[c] for c in self.blocked])
        elif kind == k.E_NOTE:
            cells = [names[c] for c in (row[k.L_CELL0], row[k.L_CELL1]) if c >= 0]
            ev.update(type=k.NOTES[row[k.L_NOTE]], side=sides[row[k.L_N_SIDE]], cells=cells)
        elif kind == k.E_GAS:  # told to the gassed side alone (FinnishFrontHooks._release_gas says why)
            p, caught = row[k.L_GAS_SIDE], self._aux[row[k.L_OFFSET] : row[k.L_OFFSET] + row[k.L_COUNT], 0].tolist()
            cells, gassed = [names[row[k.L_GAS_CELL]]], [names[c] for c in caught]
            ev.update(type="gas", to=[sides[1 - p]], side=sides[p], cells=cells, gassed=gassed)
        elif kind == k.E_SOJ:
            self._hooks_event(row, ev)
        else:
            ev.update(type="end", winner=None if row[k.L_WINNER] < 0 else sides[row[k.L_WINNER]])
        return ev

    def _hooks_event(self, row: list[int], ev: dict[str, Any]) -> None:
        """A Sõjamäng event (:data:`.families.sojamang.EVENTS`), its keys in the hooks' order: from the row, cells, pieces."""
        names, sides, types = self.names, self.rs.sides, self.rs.piece_types
        kind, keys = soj.EVENTS[row[soj.L_SK]]
        ev["type"] = kind
        cells = self._aux[row[soj.L_COFF] : row[soj.L_COFF] + row[soj.L_CCOUNT], 0].tolist()
        pieces = self._paux[row[soj.L_POFF] : row[soj.L_POFF] + max(row[soj.L_PCOUNT], 0)].tolist()
        values = {
            "to": lambda: [sides[row[soj.L_TO]]],
            "side": lambda: sides[row[soj.L_SIDE]],
            "cells": lambda: [names[c] if c >= 0 else None for c in cells],
            "pieces": lambda: [[u, types[t].id, sides[o]] for u, t, o in pieces],
            "piece": lambda: types[row[soj.L_X]].id,
            "named": lambda: types[row[soj.L_X]].id,
            "target": lambda: names[row[soj.L_X]],
            "hit": lambda: bool(row[soj.L_HIT]),
            "moves": lambda: row[soj.L_X],
        }
        for key in keys:
            if key != "pieces" or row[soj.L_PCOUNT] >= 0:  # a battery's miss names no piece
                ev[key] = values[key]()

    @cached_property
    def blocked(self) -> list[int]:
        """The cells blocked before the setup (Spionaaž's volcanoes), in the order they were blocked."""
        blocked = self._log[self._log[:, k.L_TYPE] == k.E_BLOCKED]
        return (
            []
            if not len(blocked)
            else self._aux[blocked[0, k.L_OFFSET] : blocked[0, k.L_OFFSET] + blocked[0, k.L_COUNT], 0].tolist()
        )

    def setup_record(self) -> dict[str, dict[str, str]]:
        kind, owner, _ = self._start.tolist()
        names, ids = self.names, [t.id for t in self.rs.piece_types]  # read once: a study hashes every game's setup
        return {
            side: {name: ids[t] for name, t, o in zip(names, kind, owner, strict=False) if o == p}
            for p, side in enumerate(self.rs.sides)
        }

    def prepared_record(self) -> dict[str, list[str]]:
        """What the hooks record of the game's preparation (its family's :meth:`~.families.base.Family.prepared_record`)."""
        from .tables import spec

        return family(int(spec(self.rs).P[k.P_HOOKS])).prepared_record(self.names, self.blocked)

    def army(self, at_end: bool = True) -> Counter[tuple[str, str]]:
        """(side, piece) → how many stand on the board at the end (or the start)."""
        kind, owner, _ = (self._end if at_end else self._start).tolist()
        types, sides = self.rs.piece_types, self.rs.sides
        return Counter((sides[o], types[t].id) for t, o in zip(kind, owner, strict=True) if o >= 0)

    def record(self) -> dict[str, Any]:
        """The game as :meth:`Game.record` writes it: replayable by the reference engine."""
        return game_record(self)
