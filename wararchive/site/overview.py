"""``{wa-overview}``: the home page's texts and games at a glance."""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..corpus import load
from ..engine import ruleset, rulesets
from ..languages import NAMES
from .html import el

LANGS = NAMES


class Overview(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        c = load()
        texts = el("div", class_="wa-cards")
        for t in c.texts.values():
            card = el("a", class_="wa-card", href=f"texts/{t.text_id}.html")
            card += el("span", t.title, class_="wa-card-title", lang=t.lang)
            card += el("span", t.title_en, class_="wa-card-sub")
            card += el("span", f"{LANGS[t.lang]} · {t.date} · {t.source_kind}", class_="wa-card-meta")
            texts += card
        games = el("div", class_="wa-cards wa-games")
        for rid in rulesets():
            rs = ruleset(rid)
            card = el("a", class_="wa-card", href=f"games/{rid}.html")
            card += nodes.image(uri=f"games/_img/{rid}-board.png", alt=f"The board of {rs.title}", classes=["wa-card-img"])
            card += el("span", rs.title, class_="wa-card-title")
            card += el("span", rs.summary, class_="wa-card-sub")
            games += card
        return [el("h2", "The texts"), texts, el("h2", "The games"), games]
