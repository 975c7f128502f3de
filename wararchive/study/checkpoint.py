"""The checkpoints of ``publish-studies``: a block of played games saved as it completes, refused unless it is intact.

A saved block is published without being replayed, so it must be what was
saved: its first line names the format, the run (:func:`.publish._run_key`:
the studies and the code that plays them) and the seeds it was played for,
and the SHA-256 of that line and of the games after it. A block changed,
truncated, not a block at all or saved for another run is refused, naming
it. The format is part of the run key: a block saved in another format is
never found, let alone read.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from ..errors import WararchiveError
from .played import Played

FORMAT = "wararchive-block 2"  # a saved block's first line starts so; a new format gets a new number


class BlockError(WararchiveError):
    """A saved block that cannot be trusted: publishing it would publish games that were never played so."""

    def __init__(self, path: Path, problem: str):
        self.path = path
        super().__init__(
            f"saved block {path} {problem}; delete it, or run again with --discard-bad-blocks to play its seeds again"
        )


def _bound(run: str, block: str) -> bytes:
    """What a block's checksum binds its games to: the format, the run (studies and code, see _run_key) and the seeds."""
    return f"{FORMAT} {run} {block}".encode()


def encode(run: str, block: str, games: Played) -> bytes:
    """A saved block: one line of what it is for and its SHA-256, then its games' columns as gzipped JSON."""
    body = gzip.compress(json.dumps(games.to_json()).encode(), compresslevel=1, mtime=0)  # a cache: speed over size
    head = _bound(run, block)
    return head + b" " + hashlib.sha256(head + b"\n" + body).hexdigest().encode() + b"\n" + body


def read(path: Path, run: str, block: str, games: int) -> Played:
    """The games saved in a block, refused unless it was saved for this run and seeds and is unchanged since."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BlockError(path, f"cannot be read ({exc.strerror})") from None
    if not data:
        raise BlockError(path, "is empty")
    head, newline, body = data.partition(b"\n")
    bound, _, digest = head.rpartition(b" ")
    if not newline or not bound.startswith(FORMAT.encode() + b" "):
        raise BlockError(path, "is not a block (garbage, or saved by an older version)")
    if bound != _bound(run, block):
        saved = bound.decode(errors="replace").split(" ")[2:]
        raise BlockError(path, f"was saved for another design or other seeds (run and seeds {' '.join(saved)!r})")
    if hashlib.sha256(bound + b"\n" + body).hexdigest().encode() != digest:
        raise BlockError(path, "has changed or been truncated since it was saved (its SHA-256 differs)")
    try:
        got = Played.from_json(json.loads(gzip.decompress(body)))
    except (OSError, EOFError, ValueError, KeyError, TypeError) as exc:  # only a forged checksum gets here
        raise BlockError(path, f"holds games that cannot be decoded ({exc!r:.200})") from None
    if len(got) != games:
        raise BlockError(path, f"does not hold its {games} games")
    return got
