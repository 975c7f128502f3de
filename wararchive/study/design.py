"""The design of a rule-impact study: which readings, which seeds, which players.

A study is *paired*: every seed is played once under every reading. A
game's setups and both players' random choices derive from the ruleset id
and the seed only (:meth:`Ruleset.rng`, :func:`~wararchive.players.simulate_one`),
never from the options, so seed k starts from the same armies under every
reading unless the reading itself changes the armies (then the games table
says so: its ``setup`` hash differs).

When the two players differ, they alternate sides by default: on odd seeds
the first-named player takes the second side. Otherwise a study of
``ismcts`` against ``greedy`` would measure the readings only with the
stronger player on one side, and a side's advantage would be confounded
with a player's. The swap depends on the seed alone, so a seed's games are
still paired across readings.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from ..engine import ruleset
from ..engine.fingerprint import ruleset_fingerprint
from ..engine.limits import check_seeds
from ..errors import WararchiveError
from ..players import make_player, player_code
from .seeds import EXPLORATION_SEED

Job = tuple[str, str, dict[str, Any], int, tuple[str, str], bool]
"""(ruleset, reading label, options, seed, players in the order of the sides, whether the first-named player is second)."""


@dataclass(frozen=True)
class Reading:
    """One combination of option values that the study compares."""

    label: str
    options: dict[str, Any]


@dataclass(frozen=True)
class Design:
    """Everything that determines a study's games, so that it reproduces exactly."""

    ruleset: str
    vary: dict[str, list[Any]]
    games: int
    players: tuple[str, str]
    seed: int = EXPLORATION_SEED
    fixed: dict[str, Any] = field(default_factory=dict)
    alternate: bool = True

    @property
    def seeds(self) -> list[int]:
        return list(range(self.seed, self.seed + self.games))

    @property
    def readings(self) -> list[Reading]:
        """Every combination of the varied options, each over the fixed ones."""
        names = list(self.vary)
        out = []
        for values in itertools.product(*(self.vary[n] for n in names)):
            chosen = dict(zip(names, values, strict=True))
            label = ";".join(f"{n}={_text(v)}" for n, v in chosen.items())
            out.append(Reading(label, {**self.fixed, **chosen}))
        return out

    @property
    def alternates(self) -> bool:
        """Whether the players change sides from seed to seed (only two different players do)."""
        return self.alternate and self.players[0] != self.players[1]

    def swapped(self, seed: int) -> bool:
        """Whether the first-named player takes the second side on this seed."""
        return self.alternates and seed % 2 == 1

    def sides(self, seed: int) -> tuple[str, str]:
        """The players in the order of the sides on this seed."""
        return self.players[::-1] if self.swapped(seed) else self.players

    def jobs(self) -> list[Job]:
        """One job per (seed, reading), seed-major so that a seed's games run close together."""
        readings = self.readings  # built once, not once per seed: a 2,000-seed study has tens of thousands of jobs
        out: list[Job] = []
        for s in self.seeds:
            sides, swapped = self.sides(s), self.swapped(s)
            out += [(self.ruleset, r.label, r.options, s, sides, swapped) for r in readings]
        return out

    def fingerprints(self) -> list[str]:
        """Each reading's fingerprint: its ruleset data, the rules' code and the code of this design's players only."""
        code = player_code(self.players)
        return [ruleset_fingerprint(self.ruleset, r.options, code) for r in self.readings]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "vary": self.vary,
            "fixed": self.fixed,
            "games": self.games,
            "seed": self.seed,
            "players": list(self.players),
            "alternate": self.alternates,
        }


def options_studied(ruleset_id: str) -> list[str]:
    """The options whose readings are interpretations of the text (settings such as ply limits are not)."""
    return [o.name for o in ruleset(ruleset_id).declared.values() if o.readings and o.kind == "interpretation"]


def slug(players: tuple[str, str] | list[str]) -> str:
    """A folder name for a pairing of players: ``greedy-vs-greedy``, ``ismcts-200-vs-greedy``."""
    return "-vs-".join(p.replace(":", "-") for p in players)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def design(
    ruleset_id: str,
    vary: dict[str, list[Any]],
    games: int,
    players: tuple[str, str] | list[str] = ("greedy", "greedy"),
    seed: int = EXPLORATION_SEED,
    options: dict[str, Any] | None = None,
    alternate: bool = True,
) -> Design:
    """A validated design: every reading must build, players must exist, readings must differ."""
    fixed = dict(options or {})
    if not vary:
        raise WararchiveError("a study needs an option to vary, e.g. spy_vs_marshal=finnish,swedish")
    for name, values in vary.items():
        if len(values) < 2:
            raise WararchiveError(f"option {name}: a study compares at least two readings, got {len(values)}")
        if len(set(map(_text, values))) != len(values):
            raise WararchiveError(f"option {name}: a reading is named twice in {', '.join(map(_text, values))}")
        if name in fixed:
            raise WararchiveError(f"option {name} is both varied and fixed")
    check_seeds(seed, games)  # every seed a seed of both engines, the last too
    players = tuple(players)
    if len(players) != 2:
        raise WararchiveError(f"a study needs two players, not {','.join(players)!r}")
    for kind in players:
        make_player(kind, 0)  # refuses an unknown player or a bad budget ("ismcts:400") with the valid choices
    d = Design(ruleset_id, {k: list(v) for k, v in vary.items()}, games, players, seed, fixed, alternate)  # type: ignore[arg-type]
    for r in d.readings:
        ruleset(ruleset_id, **r.options)  # refuses an unknown ruleset, option or value with the valid choices
    return d
