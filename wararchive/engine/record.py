"""Game records: saving, checking and replaying them.

A record holds the ruleset, its options, the seed, both setups, the moves
and the events that fired. Replaying it rebuilds the game from the setups,
plays every move through the rules, and demands the same events and the same
result: a record that does not replay is refused with the ply where it
parts from the rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import WararchiveError
from .game import RECORD_FORMAT, Game
from .registry import ruleset


class RecordError(WararchiveError):
    """A record that is malformed or does not replay to what it claims."""


_REQUIRED = {"format": str, "ruleset": str, "options": dict, "seed": int, "setups": dict, "moves": list}


def replay(record: dict[str, Any], upto: int | None = None) -> Game:
    """The game at the record's last ply (or at ply ``upto``).

    Every move is checked by the rules; the events and the result must match
    what the record says, so a tampered or stale record is refused.
    """
    _check_shape(record)
    try:
        rs = ruleset(record["ruleset"], **record["options"])
        if "scenario" in record:
            pieces = {sq: f"{side}:{pid}" for side, placed in record["setups"].items() for sq, pid in placed.items()}
            game = rs.position(pieces, to_move=record["scenario"]["to_move"], seed=record["seed"])
        else:
            game = rs.new_game(seed=record["seed"], setup=record["setups"] or None)
    except WararchiveError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    if record.get("prepared") and game.prepared_record() != record["prepared"]:
        raise RecordError("record's prepared board (e.g. volcanoes) differs from what its seed gives")
    moves = record["moves"] if upto is None else record["moves"][:upto]
    for text in moves:
        if not isinstance(text, str):
            raise RecordError(f"ply {game.ply + 1}: a move must be a string, not {text!r}")
        game.play(text)
    if upto is None:
        _compare(game, record)
    return game


def _check_shape(record: Any) -> None:
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    for key, typ in _REQUIRED.items():
        if key not in record:
            raise RecordError(f"record has no {key!r}")
        if not isinstance(record[key], typ) or (typ is int and isinstance(record[key], bool)):
            raise RecordError(f"record field {key!r} must be a {typ.__name__}")
    if record["format"] != RECORD_FORMAT:
        raise RecordError(f"unknown record format {record['format']!r} (expected {RECORD_FORMAT!r})")


def _compare(game: Game, record: dict[str, Any]) -> None:
    if "events" in record:
        got = json.loads(json.dumps(game.events))
        for i, (mine, theirs) in enumerate(zip(got, record["events"], strict=False)):
            if mine != theirs:
                raise RecordError(
                    f"ply {mine.get('ply')}: event {i} differs from the record ({mine['rule']} vs {theirs.get('rule')})"
                )
        if len(got) != len(record["events"]):
            raise RecordError(f"replay gives {len(got)} events, the record lists {len(record['events'])}")
    if "result" in record and json.loads(json.dumps(game.result)) != record["result"]:
        mine = game.result and game.result["reason"]
        theirs = record["result"] and record["result"].get("reason")
        raise RecordError(f"replay ends with {mine}, the record says {theirs}")


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of canonical JSON (sorted keys: byte-stable)."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def read_records(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) for each line of a JSONL file; bad lines name their line."""
    path = Path(path)
    try:
        fh = path.open(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: {exc.strerror}") from None
    with fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                yield n, json.loads(line)
            except json.JSONDecodeError as exc:
                raise RecordError(f"{path}:{n}: not JSON ({exc.msg})") from None
