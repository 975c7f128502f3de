"""Game records: saving, checking and replaying them.

A record holds the ruleset, its options, the seed, both setups, the moves
and the events that fired. Replaying it rebuilds the game from the setups,
plays every move through the rules, and demands the same events and the same
result: a record that does not replay is refused with the ply where it
parts from the rules.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema.exceptions import relevance

from ..errors import WararchiveError
from ..fileio import named_path
from .game import RECORD_FORMAT, Game
from .registry import ruleset


class RecordError(WararchiveError):
    """A record that is malformed or does not replay to what it claims."""


_STRINGS = {"type": "array", "items": {"type": "string"}}
RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "ruleset", "options", "seed", "setups", "moves"],
    "additionalProperties": False,
    "properties": {
        "format": {"type": "string", "enum": [RECORD_FORMAT]},
        "ruleset": {"type": "string"},
        "options": {"type": "object", "additionalProperties": {"type": ["string", "integer", "number", "boolean"]}},
        "seed": {"type": "integer"},
        "sides": _STRINGS,
        "setups": {
            "title": '{"fen": FEN} (chess) or {side: {square: piece id}}',
            "anyOf": [
                {"type": "object", "additionalProperties": False, "properties": {"fen": {"type": "string"}}},
                {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": {"type": "string"}}},
            ],
        },
        "prepared": {"type": "object", "additionalProperties": _STRINGS},  # Spionaaž: {"volcanoes": [squares]}
        "moves": _STRINGS,
        "events": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["ply", "type", "rule"],
                # every event cites its rule; "to" makes it private to those sides (a revealed rank, an order)
                "properties": {
                    "ply": {"type": "integer"},
                    "type": {"type": "string"},
                    "rule": {"type": "string"},
                    "to": _STRINGS,
                },
            },
        },
        "result": {"type": ["object", "null"], "required": ["winner", "reason"]},
        "pgn": {"type": "string"},
        "scenario": {
            "type": "object",
            "required": ["to_move"],
            "additionalProperties": False,
            "properties": {"to_move": {"type": "string"}},
        },
    },
}
"""The one declared shape of a record (JSON Schema, draft 2020-12), checked before any replay.

A record is a file anyone can edit; checking its shape first means a wrong
field is named as such instead of failing somewhere deep in a ruleset.
"""
_STRICT = Draft202012Validator.TYPE_CHECKER.redefine("integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))
_VALIDATOR = validators.extend(Draft202012Validator, type_checker=_STRICT)(RECORD_SCHEMA)
"""JSON Schema's integers include 1.0; a seed or ply is a whole number in JSON's own spelling, so 1.0 is refused."""


def replay(record: dict[str, Any], upto: int | None = None) -> Game:
    """The game at the record's last ply (or at ply ``upto``).

    Every move is checked by the rules; the events and the result must match
    what the record says, so a tampered or stale record is refused.
    """
    check_record(record)
    try:
        rs = ruleset(record["ruleset"], **record["options"])
        if "scenario" in record:
            if not all(isinstance(placed, dict) for placed in record["setups"].values()):
                raise RecordError("record.setups of a scenario must be {side: {square: piece id}}")
            pieces = {sq: f"{side}:{pid}" for side, placed in record["setups"].items() for sq, pid in placed.items()}
            game = rs.position(pieces, to_move=record["scenario"]["to_move"], seed=record["seed"])
        else:
            game = rs.new_game(seed=record["seed"], setup=record["setups"] or None)
    except WararchiveError as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    if "sides" in record and record["sides"] != list(rs.sides):
        raise RecordError(f"record.sides {record['sides']} are not the sides of {rs.id} ({', '.join(rs.sides)})")
    if record["setups"] and _plain(game.setup_record()) != record["setups"]:
        raise RecordError("record.setups holds more or other than the setup the rules rebuild from it (tampered?)")
    if record.get("prepared") and game.prepared_record() != record["prepared"]:
        raise RecordError("record's prepared board (e.g. volcanoes) differs from what its seed gives")
    moves = record["moves"] if upto is None else record["moves"][:upto]
    for text in moves:
        game.play(text)
    if upto is None:
        _compare(game, record)
    return game


def check_record(record: Any) -> None:
    """Refuse ``record`` unless it has the shape of :data:`RECORD_SCHEMA`, naming the field.

    jsonschema finds every violation; the one reported is the most relevant
    at the top level (jsonschema's own ranking, without descending into an
    ``anyOf``'s alternatives, whose title says what the field may be).
    """
    errors = list(_VALIDATOR.iter_errors(record))
    if errors:
        raise RecordError(_message(max(errors, key=relevance)))


def _message(error: ValidationError) -> str:
    """One line naming the field, what it must be and what it is, in the words of the record format."""
    where = "record" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    rule, wanted, value = error.validator, error.validator_value, error.instance
    if rule == "type":
        types = [wanted] if isinstance(wanted, str) else wanted
        return f"{where} must be {' or '.join(f'a JSON {t}' for t in types)}, not {_short(value)}"
    if rule == "enum":
        return f"{where} must be {' or '.join(map(repr, wanted))}, not {_short(value)}"
    if rule == "required":
        return f"{where} has no {next(k for k in wanted if k not in value)!r}"
    if rule == "additionalProperties" and wanted is False:
        known = error.schema.get("properties", {})
        return f"{where} has an unknown field {next(k for k in value if k not in known)!r}"
    if rule == "anyOf":
        return f"{where} must be {error.schema['title']}, not {_short(value)}"
    return f"{where}: {error.message}"


def _short(value: Any) -> str:
    """A value in an error message, cut so a huge field stays one readable line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _plain(data: Any) -> Any:
    """``data`` as it reads back from JSON (tuples become lists), to compare with a loaded record."""
    return json.loads(json.dumps(data))


def _without_kept_rule(event: dict[str, Any]) -> dict[str, Any]:
    """``event`` as a record from before 0.3 wrote it: a combat's rule kept to some sides was not marked so then."""
    return {k: v for k, v in event.items() if k not in ("rule_to", "rule_else")}


def _compare(game: Game, record: dict[str, Any]) -> None:
    if "events" in record:
        got = _plain(game.events)
        for i, (mine, theirs) in enumerate(zip(got, record["events"], strict=False)):
            if mine != theirs and _without_kept_rule(mine) != theirs:
                raise RecordError(
                    f"ply {mine.get('ply')}: event {i} differs from the record ({mine['rule']} vs {theirs.get('rule')})"
                )
        if len(got) != len(record["events"]):
            raise RecordError(f"replay gives {len(got)} events, the record lists {len(record['events'])}")
    if "pgn" in record and record["pgn"] != getattr(game, "pgn", lambda: None)():
        raise RecordError("record.pgn is not the PGN of the replayed game")
    if "result" in record and _plain(game.result) != record["result"]:
        mine = game.result and game.result["reason"]
        theirs = record["result"] and record["result"].get("reason")
        raise RecordError(f"replay ends with {mine}, the record says {theirs}")


def dumps(record: dict[str, Any]) -> str:
    """One record as one line of canonical JSON (sorted keys: byte-stable)."""
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def read_records(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) for each line of a JSONL file; bad lines name their line."""
    path = named_path(path)
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise RecordError(f"{path}: {exc.strerror}") from None
    with fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                yield n, _parse(line, f"{path}:{n}")


def load_record(path: str | Path, game: int | None = None) -> dict[str, Any]:
    """One record from a .json file, or the ``game``-th (from 1) of a .jsonl file.

    ``game`` may be left out only when the file holds one record: picking the
    first of several silently would show a reader the wrong game.
    """
    path = named_path(path)
    if game is not None and game < 1:
        raise RecordError(f"--game counts records from 1, not {game}")
    if path.suffix == ".jsonl":
        wanted, count = None, 0
        for count, (_, record) in enumerate(read_records(path), 1):  # keep one record: a file may hold millions
            if count == (game or 1):
                wanted = record
        if game is None and count > 1:
            raise RecordError(f"{path} holds {count} records; choose one with --game 1 to {count}")
        if not 1 <= (game or 1) <= count:
            raise RecordError(f"{path} holds {count} records; --game must be 1 to {count}")
        return wanted
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"{path}: {exc.strerror}") from None
    return _parse(data, str(path))


def load_game(path: str | Path, game: int | None = None) -> tuple[dict[str, Any], Game]:
    """A record (see :func:`load_record`) and its game replayed to the end: the one check of every reader.

    Whatever a command then shows (a position, the move list, a step-through,
    a picture), the record has replayed to its events and result first, so a
    tampered or truncated record is refused before anything is printed.
    """
    record = load_record(path, game)
    return record, replay(record)


def _parse(data: bytes, where: str) -> Any:
    """JSON from ``data``; every way it can fail is one line naming ``where``."""
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise RecordError(f"{where}: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{where}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except ValueError:  # a number of more digits than Python converts
        raise RecordError(f"{where}: a number of more than {sys.get_int_max_str_digits():,} digits") from None
    except RecursionError:  # the decoder recurses once per nesting level
        raise RecordError(f"{where}: JSON nested too deeply") from None
