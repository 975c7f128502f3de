"""Tabular output for the command line: an aligned table, CSV or JSON.

Tables are laid out by tabulate (light to import); kept free of pandas so that ``wararchive search`` answers from a cold start
in well under a second.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

FORMATS = ("table", "csv", "json")


def render(rows: Sequence[dict[str, Any]], columns: Sequence[str], fmt: str = "table") -> str:
    """``rows`` as text in ``fmt``; lists are joined with ``"; "`` for table and CSV.

    CSV keeps each cell's text exactly, as JSON does (the csv module quotes line breaks), so a
    search hit's ``left + match + right`` rebuilds its context; only the table, one line per
    row, runs white space together.
    """
    if fmt == "json":
        return json.dumps([{c: r.get(c) for c in columns} for r in rows], ensure_ascii=False, indent=2)
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows([_cell(r.get(c)) for c in columns] for r in rows)
        return buf.getvalue().rstrip("\n")
    return _table(list(columns), [[" ".join(_cell(r.get(c)).split()) for c in columns] for r in rows])


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return "; ".join(str(v) for v in value)
    return str(value)


def _table(header: list[str], rows: list[list[str]]) -> str:
    """Columns aligned by tabulate; the widest column is cut (with …) so the table fits the terminal, as ``ls`` would.

    Cut, not wrapped: a search's English column wrapped to the room left
    would turn each hit into a dozen lines; ``--format csv`` gives it whole.
    """
    width = shutil.get_terminal_size((120, 24)).columns
    widths = [max([len(h) + 2] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]  # tabulate pads headers by 2
    excess = sum(widths) + 2 * (len(widths) - 1) - width
    if excess > 0:
        widest = widths.index(max(widths))
        room = max(12, widths[widest] - excess)
        rows = [[*r[:widest], _cut(r[widest], room), *r[widest + 1 :]] for r in rows]
    return tabulate(rows, header, tablefmt="simple", disable_numparse=True).rstrip()


def _cut(cell: str, room: int) -> str:
    return cell if len(cell) <= room else cell[: room - 1] + "…"
