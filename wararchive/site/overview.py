"""``{wa-overview}``: the home page's texts and games at a glance."""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.images import get_image_size

from ..corpus import load
from ..engine import ruleset, rulesets
from ..languages import NAMES
from .html import el
from .inputs import depends_on

LANGS = NAMES


class Overview(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        c = load()
        texts = el("div", class_="wa-cards")
        for t in c.texts.values():
            depends_on(self.env, "text", t.text_id)
            card = el("a", class_="wa-card", href=f"texts/{t.text_id}.html")
            card += el("span", t.title, class_="wa-card-title", lang=t.lang)
            card += el("span", t.title_en, class_="wa-card-sub")
            card += el("span", f"{LANGS[t.lang]} · {t.date} · {t.source_kind}", class_="wa-card-meta")
            texts += card
        games = el("div", class_="wa-cards wa-games")
        for rid in rulesets():
            rs = ruleset(rid)
            depends_on(self.env, "ruleset", rid)
            card = el("a", class_="wa-card", href=f"games/{rid}.html")
            thumb = f"games/_img/{rid}-thumb.webp"
            size = get_image_size(Path(self.env.srcdir) / thumb)
            if size is None:
                raise self.error(f"{thumb}: no thumbnail (wararchive.site.pages writes it before Sphinx reads)")
            width, height = size
            card += nodes.image(
                uri=thumb,
                alt=f"The board of {rs.title}",
                classes=["wa-card-img", "no-scaled-link"],  # the card is the link: no link to the image inside it
                width=str(width // 2),  # CSS pixels: the file has twice as many, for sharp screens
                height=str(height // 2),
                loading="lazy",
            )
            card += el("span", rs.title, class_="wa-card-title")
            card += el("span", rs.summary, class_="wa-card-sub")
            games += card
        return [el("h2", "The texts"), texts, el("h2", "The games"), games]
