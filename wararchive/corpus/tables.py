"""Tables written as Markdown pipes in a reading, as rows of cells.

Some seed transcriptions carry the print's tables as Markdown: a header row
(empty where the print has none), a ``|---|`` separator line, then the rows.
The pipes and dashes are the transcription's notation, not the print's text,
so the TEI export writes such a block as ``<table>/<row>/<cell>`` and the
read-back renders it again in one canonical Markdown form
(:func:`render`); :func:`canonical` brings any reading to that same form,
so the two can be compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
_SEPARATOR = re.compile(r"^[ \t]*\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$")


@dataclass(frozen=True)
class Table:
    """A pipe table found in a text: where it stands and its rows (the first is the header)."""

    start: int
    end: int
    rows: tuple[tuple[str, ...], ...]


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip()[1:-1].split("|"))


def find(text: str) -> list[Table]:
    """The pipe tables of ``text``: a row line, a separator line, then any further row lines.

    ``start``/``end`` span whole lines without the final newline, so the
    text around a table keeps its own line breaks.
    """
    tables: list[Table] = []
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    k = 0
    while k < len(lines) - 1:
        if _ROW.match(lines[k]) and _SEPARATOR.match(lines[k + 1]):
            last = k + 1
            while last + 1 < len(lines) and _ROW.match(lines[last + 1]) and not _SEPARATOR.match(lines[last + 1]):
                last += 1
            rows = (_cells(lines[k]), *(_cells(line) for line in lines[k + 2 : last + 1]))
            tables.append(Table(offsets[k], offsets[last + 1] - 1, rows))
            k = last + 1
        else:
            k += 1
    return tables


def render(rows: list[tuple[str, ...]] | tuple[tuple[str, ...], ...]) -> str:
    """One canonical Markdown form: ``| a | b |`` rows, a ``|---|---|`` line after the header."""
    lines = ["| " + " | ".join(row) + " |" if any(row) else "|" + " |" * len(row) for row in rows]
    width = len(rows[0]) if rows else 0
    return "\n".join([*lines[:1], "|" + "---|" * width, *lines[1:]])


def canonical(text: str) -> str:
    """``text`` with every pipe table in :func:`render`'s form, the rest unchanged."""
    out, pos = [], 0
    for table in find(text):
        out += [text[pos : table.start], render(table.rows)]
        pos = table.end
    return "".join(out) + text[pos:]
