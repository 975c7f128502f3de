"""The Finnish–Swedish parallel page: clause by clause, with the differences marked word by word.

The two originals are in different languages, so they cannot be compared
word for word; their English translations, made to follow each original
closely, can. In the units whose meaning differs, words present in one
translation and not in the other are highlighted (in units of the same
meaning the translations differ only in wording, which would be noise), and a
reader can hide the units that say the same thing.
"""

from __future__ import annotations

import difflib
import re

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..corpus import load
from .html import el
from .refs import passage_link

WORD = re.compile(r"\w+|[^\w\s]+|\s+")


def word_diff(mine: str, theirs: str) -> list[nodes.Node]:
    """``mine`` with the words that ``theirs`` lacks wrapped in ``<mark>`` (case-insensitive)."""
    a, b = WORD.findall(mine), WORD.findall(theirs)
    matcher = difflib.SequenceMatcher(None, [w.lower() for w in a], [w.lower() for w in b], autojunk=False)
    out: list[nodes.Node] = []
    for op, i1, i2, _, _ in matcher.get_opcodes():
        chunk = "".join(a[i1:i2])
        if op == "equal" or not chunk.strip():
            out.append(nodes.Text(chunk))
        else:
            out.append(el("mark", chunk, class_="wa-wdiff"))
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
            english = {
                side: " ".join(c.passage(pid).translation for pid in pids) for side, pids in (("l", u.left), ("r", u.right))
            }
            for side, pids, text in (("l", u.left, left), ("r", u.right, right)):
                col = el("div", class_="wa-side", lang=text.lang)
                for pid in pids:
                    p = c.passage(pid)
                    col += el("div", el("a", f"unit {u.n}", href=f"#unit-{u.n}", class_="wa-unit-n"), " ", passage_link(pid))
                    col += el("div", p.reading, class_="wa-reading-text")
                other = english["r" if side == "l" else "l"]
                words = word_diff(english[side], other) if u.relation == "differs" else [nodes.Text(english[side])]
                col += el("div", *words, class_="wa-trans-text", lang="en")
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
        tools = el(
            "div",
            el("label", el("input", type="checkbox", class_="wa-diff-only"), " show only the units that differ"),
            el("span", " · where units differ, highlighted words are in one translation only", class_="wa-hint"),
            class_="wa-toolbar wa-parallel-tools",
        )
        return [head, tools, out]
