"""Small builders shared by the directives: tables, badges, citation lists."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from docutils import nodes

from ..corpus import load
from ..engine.ruleset import PROJECT
from .html import el
from .refs import passage_link


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
    """Links to passages; with ``wording``, the source text on demand (a <details>); none: ``responsible``'s own."""
    pids = list(pids)
    if not pids:
        return [el("span", f"no passage: {responsible}'s own", class_="wa-own")]
    out: list[nodes.Node] = []
    for i, pid in enumerate(pids):
        if i:
            out.append(nodes.Text(", "))
        out.append(passage_link(pid))
    if wording:
        c = load()
        details = el("details", el("summary", "source wording"), class_="wa-wording")
        for pid in pids:
            p = c.passage(pid)
            details += el(
                "blockquote",
                el("span", p.reading, lang=p.lang, class_="wa-orig-text"),
                el("span", p.translation, lang="en", class_="wa-trans-text"),
                el("cite", pid),
            )
        out.append(details)
    return out


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
