"""Combat resolution as data: rank order, a tie rule and named exceptions.

Every war game in the archive decides a collision the same way at heart (the
higher rank wins) and differs in its ties and its exceptions (the spy and the
top general, mines and sappers). A :class:`CombatTable` holds exactly that
and is compiled to a matrix indexed by piece-type numbers, so the engine's
hot path is two list look-ups, and the site can print the same table.
"""

from __future__ import annotations

from dataclasses import dataclass

ATTACKER_WINS = "attacker_wins"
DEFENDER_WINS = "defender_wins"
BOTH_REMOVED = "both_removed"
NEITHER_REMOVED = "neither_removed"  # both stay: a piece that cannot be taken, or is taken otherwise (Sõjamäng's cabaret)
OUTCOMES = (ATTACKER_WINS, DEFENDER_WINS, BOTH_REMOVED, NEITHER_REMOVED)


@dataclass(frozen=True)
class Exception_:
    """``attackers`` against ``defenders`` end in ``outcome``, by ``rule``.

    ``None`` for either side means "any piece". The first matching
    exception wins, so specific cases are listed before general ones.
    """

    attackers: frozenset[str] | None
    defenders: frozenset[str] | None
    outcome: str
    rule: str

    def matches(self, attacker: str, defender: str) -> bool:
        return (self.attackers is None or attacker in self.attackers) and (self.defenders is None or defender in self.defenders)


def exception(attackers: str | list[str] | None, defenders: str | list[str] | None, outcome: str, rule: str) -> Exception_:
    """Shorthand: single ids or lists; ``None`` or ``"*"`` for any piece."""

    def norm(x):
        if x is None or x == "*":
            return None
        return frozenset([x] if isinstance(x, str) else x)

    if outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {outcome!r}")
    return Exception_(norm(attackers), norm(defenders), outcome, rule)


@dataclass(frozen=True, kw_only=True)
class CombatTable:
    """How a collision is decided: higher strength wins, ties, then exceptions."""

    higher_rule: str
    tie_outcome: str
    tie_rule: str
    exceptions: tuple[Exception_, ...] = ()

    def resolve(self, attacker: str, defender: str, strength: dict[str, int]) -> tuple[str, str]:
        """(outcome, rule id) for ``attacker`` striking ``defender``."""
        for ex in self.exceptions:
            if ex.matches(attacker, defender):
                return ex.outcome, ex.rule
        a, d = strength[attacker], strength[defender]
        if a == d:
            return self.tie_outcome, self.tie_rule
        return (ATTACKER_WINS if a > d else DEFENDER_WINS), self.higher_rule

    def matrix(self, ids: list[str], strength: dict[str, int]) -> list[list[tuple[str, str]]]:
        """``matrix[a][d]`` for piece-type indices: the engine's fast path."""
        return [[self.resolve(a, d, strength) for d in ids] for a in ids]
