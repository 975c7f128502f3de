"""A ruleset: the data the engine executes, with every field's evidence.

A :class:`Ruleset` is built by a module in :mod:`wararchive.rulesets` from
its options. Everything the site's comparison tables show (pieces, combat,
movement, victory) is read from here, so what a reader sees is what the
engine runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..errors import UnknownIdError, WararchiveError
from .board import Board
from .combat import CombatTable
from .game import Game
from .limits import check_seed
from .mechanics import Mechanics
from .pieces import PieceType
from .rules import NotImplemented_, Option, Rule, RuleBook

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class CombatResult:
    """The outcome of one collision and the rule (with its citations) that decided it."""

    outcome: str
    rule: Rule

    @property
    def cites(self) -> tuple[str, ...]:
        return self.rule.cites


@dataclass(frozen=True)
class Feature:
    """A structural fact about a game (combat mode, ties, turn length…) for comparisons.

    ``value`` is machine-readable; ``rule`` names the rule that states it, so
    each comparison cell links to its passages.
    """

    topic: str
    name: str
    value: Any
    rule: str


PROJECT = "the wararchive project"


@dataclass(kw_only=True)
class Ruleset:
    """One rulebook as an executable, cited ruleset."""

    id: str
    title: str
    texts: tuple[str, ...]
    summary: str
    sides: tuple[str, str]
    options: dict[str, Any]
    declared: dict[str, Option]
    rules: RuleBook
    piece_types: tuple[PieceType, ...]
    new_game_fn: Callable[..., Game]
    board: Board | None = None
    combat_rules: CombatTable | None = None  # how collisions are decided; ``combat_table`` is its table
    features: tuple[Feature, ...] = ()
    not_implemented: tuple[NotImplemented_, ...] = ()
    hooks: Any = None
    # the shared mechanism's settings: a ruleset module passes a dict, checked and held as Mechanics
    params: Mechanics | Mapping[str, Any] = field(default_factory=dict)
    # who answers for the inferences, conjectures and readings (a plugin's are its author's, not the project's)
    responsible: str = PROJECT
    # per player name, constants that player uses in this game instead of its defaults (``{"strong": {"DANGER": 96}}``):
    # how a program is best set for the game, measured, not a rule of it; the player checks the names
    tuning: Mapping[str, Mapping[str, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.type_index = {p.id: i for i, p in enumerate(self.piece_types)}
        if not isinstance(self.params, Mechanics):
            self.params = Mechanics.from_params(self.params, self.id, self.rules.rules, self.type_index)
        self.strength = {p.id: p.strength for p in self.piece_types}
        ids = [p.id for p in self.piece_types]
        self.combat_matrix = self.combat_rules.matrix(ids, self.strength) if self.combat_rules else None
        self._check_names()

    def _check_names(self) -> None:
        """Refuse a ruleset whose data names a piece or rule it does not have, in one line naming the field.

        A misspelt name would not fail later: a combat exception for a piece
        that does not exist simply never fires, and the game plays on under
        other rules. So every name is checked when the ruleset is built, by
        its module's tests and by any plugin's first use.
        """
        if len(self.type_index) != len(self.piece_types):
            twice = sorted({p.id for p in self.piece_types if [q.id for q in self.piece_types].count(p.id) > 1})
            raise ValueError(f"{self.id}: piece_types: the id {twice[0]!r} is given to more than one piece")

        def known(field_: str, name: str | None, names: Collection[str], kind: str) -> None:
            if name is not None and name not in names:
                raise ValueError(f"{self.id}: {field_} names no {kind} of the ruleset: {name!r}")

        rules, pieces = self.rules.rules, self.type_index
        if self.combat_rules:
            known("combat_rules.higher_rule", self.combat_rules.higher_rule, rules, "rule")
            known("combat_rules.tie_rule", self.combat_rules.tie_rule, rules, "rule")
            for i, ex in enumerate(self.combat_rules.exceptions):
                known(f"combat_rules.exceptions[{i}].rule", ex.rule, rules, "rule")
                for role in ("attackers", "defenders"):
                    for pid in sorted(getattr(ex, role) or ()):
                        known(f"combat_rules.exceptions[{i}].{role} (rule {ex.rule})", pid, pieces, "piece")
        for p in self.piece_types:
            known(f"piece {p.id}: move_rule", p.move_rule or None, rules, "rule")
        for f in self.features:
            known(f"feature {f.topic}/{f.name}: rule", f.rule, rules, "rule")

    # -- look-ups ------------------------------------------------------------
    def piece(self, piece_id: str) -> PieceType:
        try:
            return self.piece_types[self.type_index[piece_id]]
        except KeyError:
            raise UnknownIdError(f"piece of {self.id}", piece_id, list(self.type_index)) from None

    def rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise UnknownIdError(f"rule of {self.id}", rule_id, [r.id for r in self.rules]) from None

    def side_index(self, side: str | int) -> int:
        """0 or 1 for a side's name or number."""
        if side in (0, 1):
            return int(side)
        if side in self.sides:
            return self.sides.index(side)
        raise UnknownIdError(f"side of {self.id}", side, list(self.sides))

    def citations(self) -> Iterator[tuple[str, str, tuple[str, ...]]]:
        """Every (``"rule"``, ``"piece"`` or ``"option"``, its id, the passage ids it cites) of this ruleset."""
        yield from (("rule", r.id, r.cites) for r in self.rules)
        yield from (("piece", p.id, p.cites) for p in self.piece_types)
        yield from (("option", o.name, o.cites) for o in self.declared.values())

    def cited_passages(self) -> set[str]:
        """Every passage id any rule, piece or option of this ruleset cites."""
        return {c for _, _, cites in self.citations() for c in cites}

    # -- combat ----------------------------------------------------------------
    def combat(self, attacker: str, defender: str) -> CombatResult:
        """Who wins when ``attacker`` strikes ``defender`` (a pure function of ids).

        Position-dependent cases (the Japanese War Game's flag takes the rank
        of the tile behind it) are resolved by the game, which calls this
        with the piece that actually decides.
        """
        if self.combat_rules is None:
            raise WararchiveError(f"{self.id} has no rank combat (captures follow the piece's moves)")
        a, d = self.piece(attacker), self.piece(defender)
        outcome, rule = self.combat_matrix[self.type_index[a.id]][self.type_index[d.id]]
        return CombatResult(outcome, self.rule(rule))

    # -- games ---------------------------------------------------------------
    def new_game(self, seed: int = 0, setup: dict | None = None) -> Game:
        """A new game; random legal setups from ``seed`` (:func:`~.limits.check_seed`) unless ``setup`` is given."""
        return self.new_game_fn(self, check_seed(seed), setup)

    def position(self, pieces: dict[str, str], to_move: str | int = 0, seed: int = 0) -> Game:
        """A game from an arbitrary position, for scenarios and study.

        ``pieces`` maps squares to ``"side:piece"`` (``{"d4": "south:spy"}``);
        army sizes and setup areas are not enforced, terrain is.
        """
        setup: dict[str, dict[str, str]] = {side: {} for side in self.sides}
        for square, spec in pieces.items():
            side, sep, piece = spec.partition(":")
            if not sep:
                raise WararchiveError(f"{square}: {spec!r} must be 'side:piece'")
            setup[self.sides[self.side_index(side)]][square] = piece
        return self.new_game_fn(self, check_seed(seed), setup, scenario=True, to_move=self.side_index(to_move))

    def rng(self, seed: int, stream: str) -> random.Random:
        """An independent random stream per purpose, so replays stay aligned.

        A record replayed with its stored setup must draw the same volcanoes
        as the game that made it, although it skips the setup draws. Seeds
        are checked (:func:`~.limits.check_seed`): the kernel writes the same
        text in 64-bit integers, and both engines must mean the same by it.
        """
        return random.Random(f"{self.id}:{check_seed(seed)}:{stream}")

    # -- tables ----------------------------------------------------------------
    @property
    def pieces(self) -> pd.DataFrame:
        """One row per piece type: names, count, rank, movement, evidence."""
        import pandas as pd

        return pd.DataFrame(self._piece_rows())

    def _piece_rows(self) -> list[dict[str, Any]]:
        """:attr:`pieces` as plain records (the fingerprint and JSON need no pandas, and keep None as None)."""
        return [
            {
                "piece_id": p.id,
                "name": p.name,
                "name_en": p.name_en,
                "count": p.count,
                "rank": p.rank,
                "strength": p.strength,
                "movement": p.movement,
                "abilities": list(p.abilities),
                "concept": p.concept,
                "citations": list(p.cites),
                "certainty": p.certainty,
                "reason": p.reason,
            }
            for p in self.piece_types
        ]

    @cached_property
    def combat_table(self) -> pd.DataFrame | None:
        """Every collision as a table: (attacker, defender) → outcome and the deciding rule.

        Indexed by piece ids; ``rs.combat_table.outcome.unstack()`` is the
        attacker × defender grid. ``None`` for games without rank combat
        (chess: a capture always succeeds).
        """
        if self.combat_matrix is None:
            return None
        import pandas as pd

        ids = [p.id for p in self.piece_types]
        rows = []
        for row in self.combat_matrix:
            for outcome, rule_id in row:
                rule = self.rules[rule_id]
                rows.append((outcome, rule_id, list(rule.cites), rule.certainty))
        # levels in the ruleset's piece order, so unstack() keeps the army list's order
        order = pd.CategoricalIndex(ids, categories=ids, ordered=True)
        index = pd.MultiIndex.from_product([order, order], names=["attacker", "defender"])
        return pd.DataFrame(rows, index=index, columns=["outcome", "rule", "cites", "certainty"])

    def rules_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame([r.to_dict() for r in self.rules])

    def to_dict(self) -> dict[str, Any]:
        """Everything about the ruleset as JSON-ready data (for the site and the CLI)."""
        return {
            "id": self.id,
            "title": self.title,
            "texts": list(self.texts),
            "summary": self.summary,
            "responsible": self.responsible,
            "sides": list(self.sides),
            "options": dict(self.options),
            "declared_options": [o.to_dict() for o in self.declared.values()],
            "pieces": self._piece_rows(),
            "rules": [r.to_dict() for r in self.rules],
            "features": [vars(f) for f in self.features],
            "not_implemented": [vars(n) for n in self.not_implemented],
            "board": self.board.to_dict() if self.board else None,
        }
