"""One passage of an edition: both layers with source line numbers, the critical apparatus, notes, citation.

A correction is marked in the reading and numbered; the number is a link to
its apparatus entry (original, reading, kind and reason) printed under the
passage, so the reason is reachable by touch and keyboard, not only on hover.
"""

from __future__ import annotations

import re
from functools import cache

from docutils import nodes
from sphinx import addnodes

from ..corpus import load
from ..corpus.bibliography import references
from ..corpus.citation import cite
from ..corpus.model import Correction, Passage
from .citations import coins_span
from .html import el
from .inputs import depends_on
from .refs import passage_link, rule_link
from .tables import implemented_by
from .transcription import correction_anchor, reading, visible

PASSAGE_ID = re.compile(r"\b[a-z]{2}-[a-z0-9-]+:\d+\b")


@cache
def _implementations() -> dict[str, list[tuple[str, str]]]:
    return implemented_by()


@cache
def aligned_with() -> dict[str, list[tuple[str, str, int, str]]]:
    """Passage id → (aligned passage, alignment id, unit number, relation) for every Finnish↔Swedish unit."""
    out: dict[str, list[tuple[str, str, int, str]]] = {}
    for a in load().parallels.values():
        for u in a.units:
            for mine, theirs in ((u.left, u.right), (u.right, u.left)):
                for pid in mine:
                    out.setdefault(pid, []).extend((other, a.alignment_id, u.n, u.relation) for other in theirs)
    return out


def base_url(config) -> str:
    """The published address (``html_baseurl``: ``$WARARCHIVE_BASE_URL`` or the CLI's default) ending in a slash."""
    url = config.html_baseurl or ""
    return url if not url or url.endswith("/") else url + "/"


def cite_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{wa-cite}`et-spionaaz:21``` : the citation line of a passage, with the configured base URL."""
    env, pid = inliner.document.settings.env, text.strip()
    line = cite_line(pid, base_url(env.config))
    depends_on(env, "text", pid.rpartition(":")[0])  # the line names the text (title, date, place) and the passage
    depends_on(env, "passage", pid)
    return [nodes.literal(text=line)], []


def cite_line(pid: str, base_url: str) -> str:
    """How to cite a passage, as the CLI does, under the site's base URL (a relative path if that is empty)."""
    c = load()
    p = c.passage(pid)
    return cite(c.text(p.text_id), p, base_url)


def copy_button(line: str, what: str) -> nodes.Node:
    """A button that copies a citation line (the script fills the clipboard; the line stays selectable without it)."""
    return el("button", "Copy", type="button", class_="wa-copy", data_copy=line, aria_label=f"Copy the citation of {what}")


def with_passage_links(text: str) -> list[nodes.Node]:
    """Text in which every existing passage id becomes a link to that passage."""
    c = load()
    out: list[nodes.Node] = []
    at = 0
    for m in PASSAGE_ID.finditer(text):
        if c.has_passage(m.group()):
            out += [nodes.Text(text[at : m.start()]), passage_link(m.group())]
            at = m.end()
    return [*out, nodes.Text(text[at:])]


def _diplomatic(p: Passage) -> nodes.Node:
    """The transcription line by line, each line numbered as in the source file."""
    source = load().sources[load().text(p.text_id).source].text
    first = source.count("\n", 0, p.start) + 1
    lines = source[p.start : p.end].split("\n")
    box = el("div", class_="wa-diplomatic")
    for i, line in enumerate(lines):
        if line or 0 < i < len(lines) - 1:
            box += el("span", line, class_="wa-line", data_line=str(first + i))
    return box


def _reading(p: Passage, numbers: dict[str, int]) -> nodes.Node:
    """The reading with every correction marked and numbered; the number links to the apparatus.

    The transcription's pipe tables and ``**`` marks show as a table and emphasis (:mod:`.transcription`).
    """

    def number(k: Correction) -> nodes.Node:
        n = numbers[k.id]
        return el("a", str(n), href=f"#{correction_anchor(k)}", class_="wa-corr-ref", aria_label=f"correction {n}")

    return el("div", *reading(p, number), class_="wa-reading")


def _apparatus(corrections: list[Correction], numbers: dict[str, int]) -> nodes.Node:
    lst = el("ol", class_="wa-apparatus", aria_label="critical apparatus: the corrections of this passage")
    for k in corrections:
        lst += el(
            "li",
            el("span", f"{numbers[k.id]}. ", class_="wa-app-n"),
            el("span", "source ", class_="wa-app-key"),
            el("span", visible(k.original), class_="wa-app-orig"),
            " → ",
            el("span", "reading ", class_="wa-app-key"),
            el("span", visible(k.reading), class_="wa-app-read"),
            el("span", f" — {k.kind}: {k.reason}", class_="wa-app-reason"),
            id=correction_anchor(k),
            value=str(numbers[k.id]),
        )
    return lst


def _foot(p: Passage, base_url: str) -> nodes.Node:
    foot = el("div", class_="wa-pfoot")
    impl = _implementations().get(p.id, [])
    if impl:
        line = el("div", el("strong", "Implemented by: "), class_="wa-implemented")
        for i, (rid, rule) in enumerate(impl):
            line += [nodes.Text(", ")] if i else []
            line += rule_link(rid, rule, f"{rid} › {rule}")
        foot += line
    aligned = aligned_with().get(p.id, [])
    if aligned:
        line = el("div", el("strong", "Aligned with: "), class_="wa-aligned")
        for i, (other, alignment, n, relation) in enumerate(aligned):
            line += [nodes.Text("; ")] if i else []
            line += passage_link(other)
            line += nodes.Text(f" ({relation}, ")
            line += el("a", f"parallel unit {n}", href=f"{alignment}-parallel.html#unit-{n}")
            line += nodes.Text(")")
        foot += line
    if p.note:
        foot += el("div", el("strong", "Note: "), *with_passage_links(p.note), class_="wa-note")
    line = cite_line(p.id, base_url)
    (ref,) = references(load(), p.id, base=base_url)
    foot += el(
        "div",
        el("strong", "Cite as: "),
        el("span", line, class_="wa-citeline"),
        coins_span(ref),
        " ",
        copy_button(line, p.id),
    )
    return foot


def passage_block(p: Passage, base_url: str, numbers: dict[str, int]) -> nodes.Node:
    """One passage: id anchor, labels, original (diplomatic / reading / both) beside English, apparatus, notes."""
    head = el("div", class_="wa-phead")
    head += el("a", p.id, href=f"#{p.id}", class_="wa-pid", title="permalink to this passage")
    if p.label:
        head += el("span", p.label, class_="wa-label")
    head += el("span", p.category, class_=f"wa-cat wa-cat-{p.category}")
    if p.normative:
        head += el("span", "rule", class_="wa-norm", title="states a rule of play")
    for k in p.concepts:
        head += el("span", k, class_="wa-concept")
    original = el("div", _diplomatic(p), _reading(p, numbers), class_="wa-orig", lang=p.lang)
    translation = el("div", p.translation, class_="wa-trans", lang="en")
    parts: list[nodes.Node] = [head, el("div", original, translation, class_="wa-cols")]
    if p.corrections:
        parts.append(_apparatus(p.corrections, numbers))
    parts.append(_foot(p, base_url))
    return el("section", index_entries(p), *parts, class_="wa-passage", id=p.id)


def index_entries(p: Passage) -> addnodes.index:
    """The site's Index lists every passage under its concepts, its category and its label."""
    terms = [f"{k} (concept); {p.id}" for k in p.concepts] + [f"{p.category} (category); {p.id}"]
    if p.label:
        terms.append(f"{p.label}; {p.id}")
    return addnodes.index(entries=[("single", term, p.id, "", None) for term in terms])
