"""The shared mechanism's settings for one ruleset, typed and checked at build.

A ruleset module states how the common board-game mechanism runs its game
(combat by facing or by moving onto a piece, moves per turn, what wins…).
It writes them as a plain dict, ``params={...}``, which :class:`Ruleset`
turns into a :class:`Mechanics` when it is built: a misspelt key, a value
of the wrong type or a name of a rule or piece the ruleset lacks stops the
build with a message naming the ruleset and the key, instead of being
silently ignored and changing the game.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

COMBAT_MODES = ("face", "displace", "named")
"""face: pieces fight across a line without moving onto each other; displace:
the attacker moves onto the defender's square; named: strikes are special
moves the ruleset's hooks generate."""
STRIKES = ("any", "forward")
NO_RETURN = ("piece-move", "player-move")


@dataclass(frozen=True, kw_only=True)
class Mechanics:
    """How the shared mechanism plays one ruleset; see the module docstring."""

    combat_mode: str | None = None  # one of COMBAT_MODES; None for games the mechanism does not run (chess)
    strike: str = "any"  # which moves may strike: any, or only forward ones
    moves_per_turn: int = 1
    no_return: str | None = None  # a piece may not go straight back: until it ("piece-move") or its player moves
    reveal_on_combat: bool = True  # both players see the ranks that fought
    capture_wins: Mapping[str, str] = field(default_factory=dict)  # piece id → rule: capturing it wins
    occupy_wins: str | None = None  # rule: moving onto the enemy headquarters wins
    no_moves_rule: str | None = None  # rule: a side left without a move loses
    restricted: Mapping[str, frozenset[str]] = field(default_factory=dict)  # terrain tag → the pieces that may enter
    confined: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # piece id → rows from its back it may move on
    setup_rows: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # piece id → rows from the back it starts on
    setup_rule: Mapping[str, str] = field(default_factory=dict)  # piece id → the rule of its setup rows

    @classmethod
    def from_params(
        cls, params: Mapping[str, Any], ruleset_id: str, rules: Collection[str], pieces: Collection[str]
    ) -> Mechanics:
        """Check ``params`` (a ruleset module's dict) and build the typed settings.

        Raises ``ValueError`` naming the ruleset and the key: a bad key is a
        bug in the ruleset module, found when it is built, never mid-game.
        """
        known = [f.name for f in fields(cls)]

        def fail(key: str, problem: str) -> ValueError:
            return ValueError(f"{ruleset_id}: mechanics parameter {key!r}: {problem}")

        for key in params:
            if key not in known:
                close = difflib.get_close_matches(key, known, n=1)
                raise fail(key, "unknown" + (f" (did you mean {close[0]!r}?)" if close else f"; known: {', '.join(known)}"))
        p = dict(params)

        def choice(key: str, allowed: tuple[str | None, ...]) -> None:
            if key in p and p[key] not in allowed:
                raise fail(key, f"{p[key]!r} is not one of {', '.join(map(repr, allowed))}")

        def rule(key: str, value: Any) -> None:
            if value is not None and value not in rules:
                raise fail(key, f"names no rule of the ruleset: {value!r}")

        def piece_keys(key: str) -> None:
            for pid in p.get(key, {}):
                if pid not in pieces:
                    raise fail(key, f"names no piece of the ruleset: {pid!r}")

        choice("combat_mode", (*COMBAT_MODES, None))
        choice("strike", STRIKES)
        choice("no_return", (*NO_RETURN, None))
        per_turn = p.get("moves_per_turn", 1)
        if not isinstance(per_turn, int) or isinstance(per_turn, bool) or per_turn < 1:
            raise fail("moves_per_turn", f"must be a whole number of at least 1, not {per_turn!r}")
        if not isinstance(p.get("reveal_on_combat", True), bool):
            raise fail("reveal_on_combat", f"must be true or false, not {p['reveal_on_combat']!r}")
        for key in ("occupy_wins", "no_moves_rule"):
            rule(key, p.get(key))
        for key in ("capture_wins", "setup_rule"):
            for value in p.get(key, {}).values():
                rule(key, value)
        for key in ("capture_wins", "setup_rule", "setup_rows", "confined"):
            piece_keys(key)
        for tag, allowed in p.get("restricted", {}).items():
            for pid in allowed:
                if pid not in pieces:
                    raise fail("restricted", f"terrain {tag!r} names no piece of the ruleset: {pid!r}")
        p["restricted"] = {tag: frozenset(allowed) for tag, allowed in p.get("restricted", {}).items()}
        for key in ("confined", "setup_rows"):
            p[key] = {pid: tuple(rows) for pid, rows in p.get(key, {}).items()}
        return cls(**p)
