"""A passage's reading as a page shows it: the transcriber's Markdown rendered, its corrections marked.

Some seed transcriptions write the print's tables as Markdown pipe tables
and mark emphasis with ``**``. The reading keeps that notation as written
(it is derived from the source, :mod:`wararchive.corpus.reading`), and the
TEI export already writes such a table as rows and cells
(:mod:`wararchive.corpus.tables`); on a page the reading shows them as what
they stand for, a table and emphasis, where the raw pipes and asterisks read
as markup left over. The diplomatic layer shows neither: it is the source,
character for character.
"""

from __future__ import annotations

import re

from docutils import nodes

from ..corpus import tables
from ..corpus.model import Correction, Passage, Text
from .html import el

MARKED = re.compile(r"\*\*(?=\S)([^\n]*?\S)\*\*")
"""A span the transcription marks with ``**`` (Markdown bold): presumably emphasis in the print (see the text's notes)."""


def visible(text: str) -> str:
    """A correction's original or reading with line breaks and blanks shown, never as a literal ``\\n``."""
    if not text:
        return "(nothing)"
    return text.replace("\n", "⏎") if text.strip() else text.replace("\n", "⏎").replace(" ", "␣")


def marked(text: str) -> list[nodes.Node]:
    """Text in which each ``**span**`` of the transcription is emphasis, its asterisks dropped."""
    out: list[nodes.Node] = []
    at = 0
    for m in MARKED.finditer(text):
        out += [nodes.Text(text[at : m.start()])] if m.start() > at else []
        out.append(el("strong", m.group(1), class_="wa-marked", title="marked in the transcription (Markdown bold)"))
        at = m.end()
    return [*out, nodes.Text(text[at:])] if at < len(text) else out


def rendered(text: str) -> list[nodes.Node]:
    """Reading text with the transcription's pipe tables as tables and its ``**`` marks as emphasis.

    A table stands on its own lines: the line break on either side of it is
    the table's edge, not a line of the text, so it is not printed again.
    """
    out: list[nodes.Node] = []
    at = 0
    for t in tables.find(text):
        before = text[at : t.start]
        out += marked(before[:-1] if before.endswith("\n") else before)
        out.append(_table(t.rows))
        at = t.end + 1 if text[t.end : t.end + 1] == "\n" else t.end
    return out + marked(text[at:])


def _table(rows: tuple[tuple[str, ...], ...]) -> nodes.Node:
    """A pipe table as an HTML table; its header row only where the transcription's has words (the print may have none)."""
    head, body = rows[0], rows[1:]
    table = el("table", class_="wa-source-table")
    if any(head):
        table += el("thead", el("tr", *(el("th", *marked(cell), scope="col") for cell in head)))
    table += el("tbody", *(el("tr", *(el("td", *marked(cell)) for cell in row)) for row in body))
    return table


def reading(p: Passage, ref=None) -> list[nodes.Node]:
    """The passage's reading, every correction marked: an insertion or replacement as ``ins``, a deletion as ``del``
    (its original struck through). ``ref(correction)`` may add a node after each mark (its number in the apparatus)."""
    out: list[nodes.Node] = []
    for seg in p.segments:
        k = seg.correction
        if k is None:
            out += rendered(seg.text)
            continue
        out.append(correction_mark(k))
        if ref is not None:
            out.append(ref(k))
    return out


def correction_mark(k: Correction) -> nodes.Node:
    """A correction in the reading: what the project reads, or the source's text it deletes, struck through.

    A reading with words keeps its line breaks (a rebuilt table keeps its lines, as the reading does); one of blanks
    alone, and a deletion, show them (⏎, ␣), or the mark would be invisible or break the line the reading joins.
    """
    if k.reading.strip():
        return el("ins", k.reading, class_="wa-corr", data_id=k.id)
    return el("ins" if k.reading else "del", visible(k.reading or k.original), class_="wa-corr", data_id=k.id)


def correction_numbers(t: Text) -> dict[str, int]:
    """Each correction of the text by its number in the apparatus: 1, 2, … through the whole edition page."""
    return {k.id: i for i, k in enumerate((k for p in t.passages for k in p.corrections), 1)}


def correction_anchor(k: Correction) -> str:
    """The id of the correction's entry in the apparatus, on its edition page."""
    return "corr-" + k.id.replace(":", "-")
