"""Edition directives: a text's metadata and its passages, original beside English.

The edition page has a sticky toolbar (which layer of the original to show,
whether the English translation stands beside it, both remembered across
pages, and an outline of the passages), so a reader deep in a long text can
switch layers and jump without scrolling back to the top.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..corpus import load
from ..corpus.bibliography import references
from ..corpus.citation import cite_text
from ..languages import NAMES
from .citations import citation_links, coins_span
from .html import el
from .passage import base_url, copy_button, passage_block
from .tables import table
from .transcription import correction_numbers

LAYERS = (("reading", "corrected reading"), ("diplomatic", "diplomatic transcription"), ("both", "both, with apparatus"))


class TextMeta(SphinxDirective):
    """``{wa-text-meta} TEXT_ID``: metadata and provenance, folded so the text starts on the first screen."""

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
        corrections = f"{len(t.corrections)} correction{'s' if len(t.corrections) != 1 else ''}"
        summary = el(
            "summary",
            el("strong", "About this text: "),
            f"{t.date}; {len(t.passages)} passages, {corrections}. Date and its evidence, place, source file and its SHA-256",
        )
        meta = el("details", summary, table(["field", "value"], rows, classes=["wa-meta"], widths=[1, 4]), class_="wa-meta-box")
        url = base_url(self.config)
        line = cite_text(t, url)
        cite = el(
            "p",
            el("strong", "Cite this text: "),
            el("span", line, class_="wa-citeline"),
            coins_span(references(c, t.text_id, base=url)[0]),
            " ",
            copy_button(line, t.text_id),
            " Cite a passage by its id, e.g. ",
            el("code", t.passages[0].id),
            "; for a reference manager: ",
            *citation_links(t.text_id),
            ".",
            class_="wa-cite",
        )
        return [meta, cite]


def toolbar(text) -> nodes.Node:
    """The layer switch, the translation toggle and the passage outline, kept in view while reading.

    The toggle is one button whose pressed state is the translation being shown: a screen reader says
    "English translation, toggle button, pressed", and the name does not change with the state.
    """
    bar = el("div", class_="wa-toolbar")
    switch = el("div", el("span", "Original: "), class_="wa-layer-switch", role="group", aria_label="layer of the original")
    for layer, label in LAYERS:
        switch += el("button", label, type="button", data_layer=layer, aria_pressed=str(layer == "reading").lower())
    bar += switch
    bar += el("button", "English translation", type="button", class_="wa-trans-toggle", aria_pressed="true")
    outline = el("ol", class_="wa-outline-list")
    for p in text.passages:
        outline += el("li", el("a", p.id.rpartition(":")[2], href=f"#{p.id}", class_="wa-outline-id"), " ", p.label or p.category)
    bar += el("details", el("summary", "Passages"), outline, class_="wa-outline")
    return bar


class Edition(SphinxDirective):
    """``{wa-edition} TEXT_ID``: every passage, original beside English, with the apparatus of corrections."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        t = load().text(self.arguments[0])
        numbers = correction_numbers(t)
        hint = el(
            "p",
            "Corrections are underlined and numbered; the number leads to the apparatus entry under the passage "
            "(what the source has, the reading, and why). Line numbers are those of the source file.",
            class_="wa-hint",
        )
        body = el("div", class_="wa-edition wa-show-reading", data_text=t.text_id)
        url = base_url(self.config)
        body.extend(passage_block(p, url, numbers) for p in t.passages)
        return [toolbar(t), hint, body]
