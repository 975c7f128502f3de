"""Played games' facts by column: what workers send back, what checkpoints save, what the tables are cut from.

A study keeps of each game a row of the games table (seed, first player,
winner, plies, whether adjudicated, the end's rule, how often the lead in
material changed, a hash of the setup)
and its rows of two long tables: how often each rule fired, and each
(side, piece)'s count at the start and the end. :class:`Played` holds these
for many games as arrays, the long tables' rows of game ``i`` at
``fired_at[i]:fired_at[i + 1]`` (and ``pieces_at``), already in the order the
tables list them (rules by id, pieces by side then id). Thousands of games
then cross from a worker, join, and become tables by array operations: as
one dict per game, that Python work on the process that collects the
answers was the serial share that kept a parallel study from scaling.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

GAME_COLUMNS = ("seed", "first_player", "winner", "plies", "adjudicated", "end_rule", "lead_changes", "setup")
FIRED_COLUMNS = ("rule", "count")
PIECE_COLUMNS = ("side", "piece", "start", "end")
_KINDS = {
    "seed": np.int64,
    "plies": np.int64,
    "lead_changes": np.int64,
    "adjudicated": bool,
    "count": np.int64,
    "start": np.int64,
    "end": np.int64,
}


def column(name: str, values: Sequence[Any] | np.ndarray) -> np.ndarray:
    """``values`` as the array the column ``name`` keeps: whole numbers as int64, flags as bool, names (or None) as objects."""
    return np.asarray(values, dtype=_KINDS.get(name, object))


class Played:
    """Facts of games by column (see the module's docstring); built by :meth:`from_facts` or a compiled block's reader."""

    def __init__(self, games: dict[str, np.ndarray], fired_at: np.ndarray, fired: dict[str, np.ndarray], pieces_at, pieces):
        self.games, self.fired_at, self.fired, self.pieces_at, self.pieces = games, fired_at, fired, pieces_at, pieces

    def __len__(self) -> int:
        return len(self.fired_at) - 1

    @classmethod
    def from_facts(cls, facts: Sequence[dict[str, Any]]) -> Played:
        """Games' facts as :func:`.run.play` gives them, one dict each (the reference engine's games)."""
        games = {c: column(c, [f[c] for f in facts]) for c in GAME_COLUMNS}
        fired = [sorted(f["fired"].items()) for f in facts]
        pieces = [f["survival"] for f in facts]
        return cls(
            games,
            _offsets(len(rows) for rows in fired),
            {c: column(c, [r[i] for rows in fired for r in rows]) for i, c in enumerate(FIRED_COLUMNS)},
            _offsets(len(rows) for rows in pieces),
            {c: column(c, [r[i] for rows in pieces for r in rows]) for i, c in enumerate(PIECE_COLUMNS)},
        )

    @classmethod
    def concat(cls, parts: Sequence[Played]) -> Played:
        """These games one after another."""
        if not parts:
            return cls.from_facts([])
        return cls(
            {c: np.concatenate([p.games[c] for p in parts]) for c in GAME_COLUMNS},
            _joined([p.fired_at for p in parts]),
            {c: np.concatenate([p.fired[c] for p in parts]) for c in FIRED_COLUMNS},
            _joined([p.pieces_at for p in parts]),
            {c: np.concatenate([p.pieces[c] for p in parts]) for c in PIECE_COLUMNS},
        )

    def take(self, rows: Sequence[int] | np.ndarray) -> Played:
        """The games at ``rows`` (any order, repeats allowed), with their long tables' rows."""
        rows = np.asarray(rows, dtype=np.int64)
        fired_at, fired = _gather(self.fired_at, self.fired, rows)
        pieces_at, pieces = _gather(self.pieces_at, self.pieces, rows)
        return Played({c: v[rows] for c, v in self.games.items()}, fired_at, fired, pieces_at, pieces)

    def tables(self, readings: Sequence[str]) -> dict[str, pd.DataFrame]:
        """The raw tables ``games``, ``fired`` and ``pieces``, each game under its reading's label in ``readings``.

        A game's facts are shared by the studies that play it, under their
        own labels: the label comes beside them rather than in a copy.
        """
        labels = column("reading", readings)
        games = pd.DataFrame({"reading": labels, **self.games})
        seeds = self.games["seed"]
        return {
            "games": games,
            "fired": _long(labels, seeds, self.fired_at, self.fired),
            "pieces": _long(labels, seeds, self.pieces_at, self.pieces),
        }

    def to_json(self) -> dict[str, Any]:
        """The facts as JSON values (a checkpoint saves them: :mod:`.publish`)."""
        out: dict[str, Any] = {c: v.tolist() for c, v in self.games.items()}
        out |= {"fired_at": self.fired_at.tolist(), "pieces_at": self.pieces_at.tolist()}
        out |= {f"fired.{c}": v.tolist() for c, v in self.fired.items()}
        return out | {f"pieces.{c}": v.tolist() for c, v in self.pieces.items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Played:
        """:meth:`to_json`'s values back; a missing or malformed column raises ``KeyError``/``ValueError``/``TypeError``."""
        played = cls(
            {c: column(c, data[c]) for c in GAME_COLUMNS},
            column("seed", data["fired_at"]),
            {c: column(c, data[f"fired.{c}"]) for c in FIRED_COLUMNS},
            column("seed", data["pieces_at"]),
            {c: column(c, data[f"pieces.{c}"]) for c in PIECE_COLUMNS},
        )
        n = len(played)
        lengths = [len(v) for v in played.games.values()]
        if lengths != [n] * len(lengths) or played.fired_at[-1:].tolist() != [len(played.fired["rule"])]:
            raise ValueError("columns of different lengths")
        if played.pieces_at[-1:].tolist() != [len(played.pieces["side"])] or len(played.pieces_at) != n + 1:
            raise ValueError("columns of different lengths")
        return played


def _offsets(lengths) -> np.ndarray:
    """Where each game's rows begin, and the end: ``[0, l0, l0 + l1, …]``."""
    return np.concatenate([[0], np.cumsum(np.fromiter(lengths, np.int64))]).astype(np.int64)


def _joined(offsets: list[np.ndarray]) -> np.ndarray:
    """Offsets of parts laid end to end."""
    out, base = [np.zeros(1, np.int64)], 0
    for at in offsets:
        out.append(at[1:] + base)
        base += int(at[-1])
    return np.concatenate(out)


def _gather(at: np.ndarray, columns: dict[str, np.ndarray], rows: np.ndarray) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The long rows of games ``rows`` (each game's run of rows, in the order of ``rows``), and their offsets."""
    begin, counts = at[rows], at[rows + 1] - at[rows]
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    index = np.repeat(begin - offsets[:-1], counts) + np.arange(offsets[-1], dtype=np.int64)
    return offsets, {c: v[index] for c, v in columns.items()}


def _long(labels: np.ndarray, seeds: np.ndarray, at: np.ndarray, columns: dict[str, np.ndarray]) -> pd.DataFrame:
    """A long table: each game's label and seed beside each of its rows; names as strings, numbers as int64."""
    names = ["reading", "seed", *columns]
    if at[-1] == 0:
        return pd.DataFrame([], columns=names)
    counts = np.diff(at)
    out: dict[str, Any] = {"reading": np.repeat(labels, counts), "seed": np.repeat(seeds, counts), **columns}
    return pd.DataFrame({k: pd.array(v, dtype="str") if v.dtype == object else v for k, v in out.items()})
