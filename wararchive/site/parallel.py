"""The Finnish–Swedish parallel page: clause by clause, the annotated differences marked in the originals.

Where two clauses differ in meaning, the alignment's note says how, quoting
the words of each original that differ in single quotes (``fi 'kahtia'`` …
``sv 'i midten'``). Those quoted spans are what the page marks, in the
originals themselves: a word diff of the two English translations would mark
the translator's wording as if it were a difference between the texts. Words
a note quotes only to compare them, or to call them the same, are in double
quotes and mark nothing, nor do quotes that are English glosses, found in
neither original.
Each differing clause links the interpretation options of the rulesets that
cite it (on the game page, and their results on the readings page).
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..corpus import load
from ..engine import ruleset, rulesets
from .html import el
from .refs import option_link, passage_link
from .transcription import rendered

QUOTE = re.compile(r"(?<!\w)'([^']+?)'(?!\w)")
"""A quotation of differing words in an alignment note: 'words' between single quotes, not an apostrophe inside a word."""


def noted_spans(note: str, text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that ``note`` quotes, merged where they overlap, in order.

    A quote matches across line breaks and case; whole words first, and only
    if it occurs nowhere as whole words, as part of a word (a note may quote a
    word's stem).
    """
    spans = []
    for quote in QUOTE.findall(note or ""):
        body = r"\s+".join(re.escape(w) for w in quote.split())
        found = list(re.finditer(rf"(?<!\w){body}(?!\w)", text, re.IGNORECASE)) or list(re.finditer(body, text, re.IGNORECASE))
        spans += [m.span() for m in found]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def marked(text: str, spans: list[tuple[int, int]]) -> list[nodes.Node]:
    """``text`` with ``spans`` in ``<mark>``."""
    out: list[nodes.Node] = []
    at = 0
    for start, end in spans:
        out += [nodes.Text(text[at:start]), el("mark", text[start:end], class_="wa-noted")]
        at = end
    return [*out, nodes.Text(text[at:])]


def options_citing(pids: set[str], texts: set[str]) -> list[tuple[str, str]]:
    """(ruleset id, option name) of every interpretation option, of a ruleset of ``texts``, that cites one of ``pids``."""
    out = []
    for rid in rulesets():
        rs = ruleset(rid)
        if texts <= set(rs.texts):
            out += [(rid, o.name) for o in rs.declared.values() if o.kind == "interpretation" and pids & set(o.cites)]
    return out


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
            for pids, text in ((u.left, left), (u.right, right)):
                col = el("div", class_="wa-side", lang=text.lang)
                for pid in pids:
                    p = c.passage(pid)
                    col += el("div", el("a", f"unit {u.n}", href=f"#unit-{u.n}", class_="wa-unit-n"), " ", passage_link(pid))
                    spans = noted_spans(u.difference, p.reading) if u.relation == "differs" else []
                    shown = marked(p.reading, spans) if spans else rendered(p.reading)  # tables and ** as on the edition
                    col += el("div", *shown, class_="wa-reading-text")
                english = " ".join(c.passage(pid).translation for pid in pids)
                col += el("div", english, class_="wa-trans-text", lang="en")
                unit += col
            verdict = el("div", class_="wa-relation")
            verdict += el("span", {"same": "same meaning", "differs": "differs"}.get(u.relation, u.relation), class_="wa-rel")
            if u.difference:
                verdict += el("span", " " + u.difference, class_="wa-difference")
            options = options_citing({*u.left, *u.right}, {a.left, a.right}) if u.relation == "differs" else []
            if options:
                verdict += el("div", "Read as options: ", *_option_links(options), class_="wa-unit-options")
            unit += verdict
            out += unit
        head = el(
            "div",
            el("span", left.title, lang=left.lang),
            " · ",
            el("span", right.title, lang=right.lang),
            class_="wa-parallel-head",
        )
        tools = el(
            "div",
            el("label", el("input", type="checkbox", class_="wa-diff-only"), " show only the units that differ"),
            el(
                "span",
                " · where units differ, the words marked in each original are those its note says differ",
                class_="wa-hint",
            ),
            class_="wa-toolbar wa-parallel-tools",
        )
        return [head, tools, out]


def _option_links(options: list[tuple[str, str]]) -> list[nodes.Node]:
    """``name`` (rules · results) for each option: its row on the game page and its study on the readings page."""
    out: list[nodes.Node] = []
    for i, (rid, name) in enumerate(options):
        if i:
            out.append(nodes.Text("; "))
        out += [
            el("code", name),
            nodes.Text(f" of {ruleset(rid).title} ("),
            option_link(rid, name, "games", "the option"),
            nodes.Text(", "),
            option_link(rid, name, "readings", "what each reading changes"),
            nodes.Text(")"),
        ]
    return out
