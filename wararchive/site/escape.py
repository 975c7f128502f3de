"""Corpus and ruleset strings as inert data in the generated MyST pages.

The pages are MyST source rendered from templates, so a string pasted in
raw is parsed as markup: ``<script>`` becomes raw HTML, ``{role}`x``` a
role, a line ``---`` or ```` ``` ```` a block, and a ``"`` closes the front
matter's string. A text's title comes from an annotation file that an
outside package may contribute, so every such string goes through one of
these filters: :func:`inline` for running text (headings, tables, links),
:func:`code` for a code span,
:func:`oneline` for a directive option, whose value is not parsed as markup
but must stay on its line, and :func:`yaml_scalar` for the front matter;
:func:`script_json` puts data into a page's ``<script>`` element.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import yaml

_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
"""Every ASCII punctuation character: CommonMark lets a backslash make each of them literal."""


def oneline(value: Any) -> str:
    """``value`` as text on one line: every run of whitespace (line breaks too) becomes one space."""
    return " ".join(str(value).split())


def inline(value: Any) -> str:
    """``value`` as literal inline MyST text: on one line, every ASCII punctuation character backslash-escaped."""
    return _PUNCTUATION.sub(r"\\\1", oneline(value))


def code(value: Any) -> str:
    """``value`` as an inline code span, fenced by more backticks than any run of them inside it."""
    text = oneline(value)
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}" if text.startswith("`") or text.endswith("`") else f"{fence}{text}{fence}"


def yaml_scalar(value: Any) -> str:
    """``value`` as a double-quoted YAML string, control characters escaped (front matter is YAML)."""
    return yaml.safe_dump(str(value), default_style='"', allow_unicode=True, width=sys.maxsize).rstrip("\n")


def script_json(data: Any) -> str:
    """``data`` as JSON to sit inside a ``<script>`` element: no ``<``, ``>`` or ``&`` left to end or comment it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


FILTERS = {"md": inline, "code": code, "oneline": oneline, "yaml": yaml_scalar}
"""The filters as the templates name them."""
