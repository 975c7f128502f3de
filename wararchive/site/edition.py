"""Edition directives: a text's metadata, its passages side by side, the fi–sv parallel."""

from __future__ import annotations

from functools import cache

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..corpus import load
from ..corpus.model import Passage
from ..languages import NAMES
from .html import el
from .refs import passage_link, rule_link
from .tables import implemented_by, table

SITE_URL = "https://wararchive.example/"  # the published address; the cite line uses it


@cache
def _implementations() -> dict[str, list[tuple[str, str]]]:
    return implemented_by()


def cite_line(pid: str) -> str:
    text_id = pid.rpartition(":")[0]
    return f"{pid}, wararchive digital edition, {SITE_URL}texts/{text_id}.html#{pid}"


class TextMeta(SphinxDirective):
    """``{wa-text-meta} TEXT_ID``: metadata, provenance and how to cite."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        c = load()
        t = c.text(self.arguments[0])
        src = c.sources[t.source]
        rows = [
            ("Title", el("span", t.title, lang=t.lang)),
            ("English title", t.title_en),
            ("Language", NAMES[t.lang]),
            ("Date", f"{t.date} — {t.date_certainty}"),
            ("Place", t.place),
            ("Kind of source", t.source_kind),
            ("Description", t.description),
            ("Transcription quality", t.quality),
            ("Source file", f"{t.source} (characters {t.start}–{t.end}); SHA-256 {src.sha256}"),
            ("Transcription", src.description),
            ("Edition", f"{len(t.passages)} passages, {len(t.corrections)} recorded corrections"),
            ("Translation and annotation", "the wararchive project's own work"),
        ]
        out = table(["", ""], rows, classes=["wa-meta"], widths=[1, 4])
        cite = el(
            "p",
            el("strong", "Cite this text: "),
            f"{t.title_en} ({t.text_id}), wararchive digital edition, {SITE_URL}texts/{t.text_id}.html. "
            "Cite a passage by its id, e.g. ",
            el("code", t.passages[0].id),
            ".",
            class_="wa-cite",
        )
        return [out, cite]


def _reading_nodes(p: Passage) -> list[nodes.Node]:
    """The reading with every correction marked; its reason shows on hover."""
    out: list[nodes.Node] = []
    for seg in p.segments:
        if seg.correction is None:
            out.append(nodes.Text(seg.text))
            continue
        k = seg.correction
        title = f"{k.kind}: {k.reason} — the source has {k.original!r}"
        out.append(el("ins" if k.reading else "del", k.reading or k.original, class_="wa-corr", title=title, data_id=k.id))
    return out


def passage_block(p: Passage) -> nodes.Node:
    """One passage: id anchor, labels, original (diplomatic / reading) beside English."""
    head = el("header", class_="wa-phead")
    head += el("a", p.id, href=f"#{p.id}", class_="wa-pid", title="permalink to this passage")
    if p.label:
        head += el("span", p.label, class_="wa-label")
    head += el("span", p.category, class_=f"wa-cat wa-cat-{p.category}")
    if p.normative:
        head += el("span", "rule", class_="wa-norm", title="states a rule of play")
    for k in p.concepts:
        head += el("span", k, class_="wa-concept")
    original = el("div", class_="wa-orig", lang=p.lang)
    original += el("div", p.diplomatic.strip("\n"), class_="wa-diplomatic")
    reading = el("div", class_="wa-reading")
    reading.extend(_reading_nodes(p))
    original += reading
    translation = el("div", p.translation, class_="wa-trans", lang="en")
    cols = el("div", original, translation, class_="wa-cols")
    foot = el("footer", class_="wa-pfoot")
    impl = _implementations().get(p.id, [])
    if impl:
        foot += el("span", "Implemented by: ", class_="wa-implemented")
        for i, (rid, rule) in enumerate(impl):
            if i:
                foot += nodes.Text(", ")
            foot += rule_link(rid, rule, f"{rid} › {rule}")
        foot += nodes.Text(". ")
    if p.note:
        foot += el("span", el("strong", "Note: "), p.note, class_="wa-note")
    foot += el("span", el("strong", " Cite as: "), cite_line(p.id), class_="wa-citeline")
    return el("section", head, cols, foot, class_="wa-passage", id=p.id)


class Edition(SphinxDirective):
    """``{wa-edition} TEXT_ID``: every passage, original beside English, aligned passage by passage."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        t = load().text(self.arguments[0])
        switch = el("div", class_="wa-layer-switch", role="group", aria_label="original layer")
        switch += el("span", "Original shown as: ")
        switch += el("button", "corrected reading", type="button", data_layer="reading", aria_pressed="true")
        switch += el("button", "diplomatic transcription", type="button", data_layer="diplomatic", aria_pressed="false")
        switch += el("span", " · corrections are underlined; hover for the reason.", class_="wa-hint")
        body = el("div", class_="wa-edition wa-show-reading", data_text=t.text_id)
        body.extend(passage_block(p) for p in t.passages)
        return [switch, body]


class Parallel(SphinxDirective):
    """``{wa-parallel} ALIGNMENT_ID``: two language versions clause by clause, differences marked."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        c = load()
        a = c.parallels[self.arguments[0]]
        left, right = c.text(a.left), c.text(a.right)
        out = el("div", class_="wa-parallel")
        for u in a.units:
            unit = el("section", class_=f"wa-unit wa-{u.relation}", id=f"unit-{u.n}")
            for side, text in ((u.left, left), (u.right, right)):
                col = el("div", class_="wa-side", lang=text.lang)
                for pid in side:
                    p = c.passage(pid)
                    col += el("div", passage_link(pid), class_="wa-pid-line")
                    col += el("div", p.reading, class_="wa-reading-text")
                    col += el("div", p.translation, class_="wa-trans-text", lang="en")
                unit += col
            verdict = el("div", class_="wa-relation")
            verdict += el("span", {"same": "same meaning", "differs": "differs"}.get(u.relation, u.relation), class_="wa-rel")
            if u.difference:
                verdict += el("span", " " + u.difference, class_="wa-difference")
            unit += verdict
            out += unit
        head = el(
            "div",
            el("span", left.title, lang=left.lang),
            " · ",
            el("span", right.title, lang=right.lang),
            class_="wa-parallel-head",
        )
        return [head, out]
