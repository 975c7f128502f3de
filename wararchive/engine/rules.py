"""Citations, rules and interpretation options: what makes a ruleset scholarly.

Every rule the engine applies is a :class:`Rule` that cites the passages it
implements and says how sure we are of it. Where a text can be read more than
one way, the choice is an :class:`Option` with named readings, a default and
the reason for it, never a silent choice in the code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..errors import UnknownIdError, WararchiveError

CERTAINTIES = ("attested", "inferred", "conjecture")
"""attested: the text says it; inferred: it follows from the text;
conjecture: the project's reconstruction where the text is silent."""


@dataclass(frozen=True, kw_only=True)
class Rule:
    """One rule as the engine implements it, with its evidence.

    ``reason`` is required for anything not attested: a reader must be able
    to see why we believe an inferred rule and where a conjecture comes from.
    """

    id: str
    summary: str
    cites: tuple[str, ...]
    certainty: str = "attested"
    reason: str = ""
    topic: str = "general"

    def __post_init__(self) -> None:
        if self.certainty not in CERTAINTIES:
            raise ValueError(f"rule {self.id}: certainty {self.certainty!r} not in {CERTAINTIES}")
        if self.certainty != "attested" and not self.reason:
            raise ValueError(f"rule {self.id}: a {self.certainty} rule needs a reason")
        if self.certainty != "conjecture" and not self.cites:
            raise ValueError(f"rule {self.id}: an {self.certainty} rule must cite a passage")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "summary": self.summary,
            "cites": list(self.cites),
            "certainty": self.certainty,
            "reason": self.reason,
            "topic": self.topic,
        }


@dataclass(frozen=True)
class Reading:
    """One way of reading an ambiguous passage."""

    value: Any
    summary: str


@dataclass(frozen=True, kw_only=True)
class Option:
    """An interpretation choice (or a play setting) with named readings.

    ``readings`` lists the allowed values; ``None`` means any value of the
    default's type within ``minimum``..``maximum`` is allowed (e.g. a ply
    limit), checked by ``validate``. Numbers in this archive are counts, so
    ``minimum`` defaults to 0: a negative ply limit has no meaning.
    """

    name: str
    summary: str
    default: Any
    rationale: str
    cites: tuple[str, ...] = ()
    readings: tuple[Reading, ...] | None = None
    certainty: str = "conjecture"
    kind: str = "interpretation"  # or "setting": a play parameter, not a reading of the text
    minimum: int | None = 0
    maximum: int | None = None

    def validate(self, value: Any) -> Any:
        """``value`` if it is allowed, else a one-line error naming the option.

        Types are compared exactly (``1`` is not ``True``, ``100.0`` is not
        ``100``): a ruleset is cached by its options, so a value that merely
        compares equal to an allowed one would otherwise be accepted or
        refused depending on what was built before.
        """
        if self.readings is not None:
            allowed = [r.value for r in self.readings]
            if not any(_same(value, a) for a in allowed):
                raise UnknownIdError(f"value for option {self.name!r}", value, [_show(v) for v in allowed])
            return value
        expected = type(self.default)
        if type(value) is not expected:
            raise WararchiveError(f"option {self.name!r} takes {_TYPE_NAMES.get(expected, expected.__name__)}, not {value!r}")
        if self.minimum is not None and isinstance(value, int | float) and value < self.minimum:
            raise WararchiveError(f"option {self.name!r} must be at least {self.minimum}, not {value!r}")
        if self.maximum is not None and isinstance(value, int | float) and value > self.maximum:
            raise WararchiveError(f"option {self.name!r} must be at most {self.maximum}, not {value!r}")
        return value

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "summary": self.summary,
            "default": self.default,
            "rationale": self.rationale,
            "cites": list(self.cites),
            "certainty": self.certainty,
            "kind": self.kind,
            "readings": [{"value": r.value, "summary": r.summary} for r in self.readings or ()],
        }


_TYPE_NAMES = {int: "an integer", bool: "true or false", str: "a string", float: "a number"}


def _same(value: Any, allowed: Any) -> bool:
    """Equal and of the same type: ``1 == True`` and ``8 == 8.0`` in Python, not here."""
    return type(value) is type(allowed) and value == allowed


def _show(value: Any) -> str:
    """An allowed value as a user types it after ``-o NAME=`` (JSON: ``true``, ``8``, ``swedish``)."""
    return json.dumps(value) if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class NotImplemented_:
    """A normative passage the engine does not implement, and why."""

    passage: str
    reason: str


@dataclass
class RuleBook:
    """The rules of one ruleset, looked up by id when an event fires."""

    rules: dict[str, Rule] = field(default_factory=dict)

    def add(self, *rules: Rule) -> None:
        for r in rules:
            if r.id in self.rules:
                raise ValueError(f"rule {r.id} defined twice")
            self.rules[r.id] = r

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __iter__(self):
        return iter(self.rules.values())

    def __len__(self) -> int:
        return len(self.rules)


def resolve_options(declared: dict[str, Option], given: dict[str, Any], ruleset_id: str) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names and values are refused."""
    for name in given:
        if name not in declared:
            raise UnknownIdError(f"option for {ruleset_id}", name, sorted(declared))
    return {name: opt.validate(given[name]) if name in given else opt.default for name, opt in declared.items()}
