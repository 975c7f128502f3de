"""Tabular output for the command line: an aligned table, CSV or JSON.

Kept free of pandas so that ``wararchive search`` answers from a cold start
in well under a second.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Sequence
from typing import Any

FORMATS = ("table", "csv", "json")


def render(rows: Sequence[dict[str, Any]], columns: Sequence[str], fmt: str = "table") -> str:
    """``rows`` as text in ``fmt``; lists are joined with ``; `` for table and CSV."""
    if fmt == "json":
        return json.dumps([{c: r.get(c) for c in columns} for r in rows], ensure_ascii=False, indent=2)
    flat = [[_cell(r.get(c)) for c in columns] for r in rows]
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(flat)
        return buf.getvalue().rstrip("\n")
    return _table(list(columns), flat)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return "; ".join(str(v) for v in value)
    return " ".join(str(value).split())


def _table(header: list[str], rows: list[list[str]]) -> str:
    """Columns padded to their width; the widest column is cut to fit the terminal."""
    width = shutil.get_terminal_size((120, 24)).columns
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]
    excess = sum(widths) + 2 * (len(widths) - 1) - width
    if excess > 0:
        widest = widths.index(max(widths))
        widths[widest] = max(12, widths[widest] - excess)

    def line(cells: list[str]) -> str:
        out = []
        for cell, w in zip(cells, widths, strict=True):
            out.append(cell if len(cell) <= w else cell[: w - 1] + "…")
            out[-1] = out[-1].ljust(w)
        return "  ".join(out).rstrip()

    sep = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), sep] + [line(r) for r in rows])
