"""A docutils node for arbitrary HTML elements whose content stays docutils.

Raw HTML would be neither escaped by Sphinx nor indexed by its search; an
:class:`element` node writes its own tag and attributes (``lang="et"``,
``id="et-spionaaz:21"``) but leaves its children to the HTML translator, so
corpus text is escaped and searchable like any paragraph.
"""

from __future__ import annotations

from html import escape
from typing import Any

from docutils import nodes


class element(nodes.General, nodes.TextElement):
    """``<tag attrs>children</tag>``."""


def el(tag: str, *children: nodes.Node | str, **attrs: Any) -> element:
    """Build an element; strings become text nodes; ``class_`` sets the class."""
    node = element(tag=tag, attrs={k.rstrip("_").replace("_", "-"): v for k, v in attrs.items() if v is not None})
    for child in children:
        node += nodes.Text(child) if isinstance(child, str) else child
    return node


def visit_element_html(self, node: element) -> None:
    attrs = "".join(f' {k}="{escape(str(v), quote=True)}"' for k, v in node["attrs"].items())
    self.body.append(f"<{node['tag']}{attrs}>")


def depart_element_html(self, node: element) -> None:
    if node["tag"] not in ("img", "br", "input"):
        self.body.append(f"</{node['tag']}>")


def visit_element_other(self, node: element) -> None:
    """Other builders (text, LaTeX) just render the children."""


def depart_element_other(self, node: element) -> None:
    pass


def register(app) -> None:
    other = (visit_element_other, depart_element_other)
    app.add_node(element, html=(visit_element_html, depart_element_html), text=other, latex=other, man=other, texinfo=other)
