"""Small builders shared by the directives: tables, badges, citation lists."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial

from docutils import nodes

from ..corpus import load
from ..corpus.model import Correction
from ..engine.ruleset import PROJECT
from .html import el
from .refs import passage_link
from .transcription import correction_anchor, correction_numbers, reading


def cell_nodes(value: nodes.Node | str | Sequence[nodes.Node]) -> list[nodes.Node]:
    if isinstance(value, str):
        return [nodes.paragraph(text=value)] if value else []
    if isinstance(value, nodes.Node):
        return [value if isinstance(value, nodes.Body | nodes.Structural) else nodes.paragraph("", "", value)]
    return [nodes.paragraph("", "", *value)] if value else []


def table(
    headers: Sequence[str], rows: Iterable[Sequence], classes: Sequence[str] = (), widths: Sequence[int] | None = None
) -> nodes.table:
    """A docutils table; each cell is a string, a node or a list of inline nodes."""
    tbl = nodes.table(classes=["wa-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    tbl += group
    for w in widths or [1] * len(headers):
        group += nodes.colspec(colwidth=w)
    head = nodes.thead()
    head += _row(headers)
    group += head
    body = nodes.tbody()
    for r in rows:
        body += _row(r)
    group += body
    return tbl


def _row(values: Sequence) -> nodes.row:
    row = nodes.row()
    for v in values:
        entry = nodes.entry()
        entry.extend(cell_nodes(v))
        row += entry
    return row


def badge(certainty: str, responsible: str = PROJECT) -> nodes.Node:
    """attested / inferred / conjecture, styled and explained on hover (a conjecture is ``responsible``'s)."""
    titles = {
        "attested": "attested: the text says it",
        "inferred": "inferred: it follows from the text",
        "conjecture": f"conjecture: {responsible}'s reconstruction where the text is silent",
    }
    return el("span", certainty, class_=f"wa-badge wa-{certainty}", title=titles.get(certainty, certainty))


def citations(pids: Iterable[str], wording: bool = True, responsible: str = PROJECT) -> list[nodes.Node]:
    """Links to passages; with ``wording``, their reading on demand (a <details>); none: ``responsible``'s own."""
    pids = list(pids)
    if not pids:
        return [el("span", f"no passage: {responsible}'s own", class_="wa-own")]
    out: list[nodes.Node] = []
    for i, pid in enumerate(pids):
        if i:
            out.append(nodes.Text(", "))
        out.append(passage_link(pid))
    if wording:
        out.append(wording_box(pids))
    return out


def wording_box(pids: Sequence[str]) -> nodes.Node:
    """The passages' reading and translation, folded; labelled *corrected reading* where the project corrected any.

    The reading is the project's, not the source's text: every correction is
    marked and numbered as on the edition page, its number a link to its entry
    in the apparatus there (what the source has, and why it was corrected).
    """
    c = load()
    passages = [c.passage(pid) for pid in pids]
    corrected = any(p.corrections for p in passages)
    label = "corrected reading" if corrected else "reading"
    details = el("details", el("summary", label), class_="wa-wording")
    for p in passages:
        number = partial(_apparatus_link, p.id, correction_numbers(c.text(p.text_id)))
        cite = el("cite", passage_link(p.id))
        if p.corrections:
            n = len(p.corrections)
            cite += nodes.Text(
                f": {n} correction{'s' if n > 1 else ''} marked; each number leads to the source's text in the apparatus"
            )
        details += el(
            "blockquote",
            el("div", *reading(p, number), lang=p.lang, class_="wa-orig-text"),
            el("div", p.translation, lang="en", class_="wa-trans-text"),
            cite,
        )
    return details


def _apparatus_link(pid: str, numbers: dict[str, int], k: Correction) -> nodes.Node:
    """A correction's number, linking to its entry in the apparatus of ``pid`` on the edition page."""
    n = numbers[k.id]
    title = f"correction {n} ({k.kind}): in the apparatus of {pid}, with the source's text"
    return passage_link(pid, str(n), anchor=correction_anchor(k), title=title, classes=("wa-corr-ref",))


def implemented_by() -> dict[str, list[tuple[str, str]]]:
    """passage id -> [(ruleset id, rule id)] for every rule of every ruleset."""
    from ..engine import ruleset, rulesets

    out: dict[str, list[tuple[str, str]]] = {}
    for rid in rulesets():
        for r in ruleset(rid).rules:
            for pid in r.cites:
                out.setdefault(pid, []).append((rid, r.id))
    return out


def share(r: dict[str, float]) -> str:
    """A rate as its count, its N, the share and its 95 % interval: ``18 of 40: 0.45 [0.31, 0.60]``."""
    return f"{r['k']} of {r['n']}: {r['rate']:.2f} [{r['lo']:.2f}, {r['hi']:.2f}]"
