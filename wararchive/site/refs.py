"""Links to passages and rules, checked at build time.

``{passage}`et-spionaaz:21``` (or a :func:`passage_link` made by a
directive) becomes a link to the passage's anchor on its edition page. An id
that does not exist is a warning with the page and line, so the ``-W`` build
fails on a broken citation instead of publishing a dead link.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util import logging

from ..corpus import load

logger = logging.getLogger(__name__)


class passage_ref(nodes.Inline, nodes.Element):
    """A pending link to a passage (``pid``) or a rule (``rule`` of ``ruleset``)."""


def text_doc(text_id: str) -> str:
    return f"texts/{text_id}"


def game_doc(ruleset_id: str) -> str:
    return f"games/{ruleset_id}"


def passage_link(
    pid: str, label: str | None = None, anchor: str | None = None, title: str | None = None, classes: tuple[str, ...] = ()
) -> passage_ref:
    """A link to a passage on its edition page, or with ``anchor`` to that anchor of the page (a correction's entry in
    the apparatus); ``title`` replaces the passage's label as the link's title."""
    node = passage_ref(pid=pid, anchor=anchor, title=title, extra_classes=list(classes))
    node += nodes.Text(label or pid)
    return node


def rule_link(ruleset_id: str, rule_id: str, label: str | None = None) -> passage_ref:
    node = passage_ref(ruleset=ruleset_id, rule=rule_id)
    node += nodes.Text(label or rule_id)
    return node


def rule_anchor(rule_id: str) -> str:
    return f"rule-{rule_id}"


def option_link(ruleset_id: str, option: str, page: str, label: str) -> passage_ref:
    """A link to an interpretation option on its game page (``page="games"``) or its study (``"readings"``)."""
    node = passage_ref(ruleset=ruleset_id, option=option, page=page)
    node += nodes.Text(label)
    return node


def option_anchor(option: str) -> str:
    return f"option-{option}"


def _readings_anchor(env, docname: str, option: str) -> str:
    """The section of the readings page whose heading starts with the option's name (``name: summary``), else ''.

    Read from the page's table of contents, so the link follows the heading the page really has.
    """
    toc = env.tocs.get(docname)
    for ref in toc.findall(nodes.reference) if toc is not None else ():
        if ref.astext().startswith(f"{option}:"):
            return ref.get("anchorname", "").lstrip("#")
    return ""


def passage_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [passage_link(text.strip())], []


def resolve(app, doctree: nodes.document, docname: str) -> None:
    """Turn every pending link into a real one, or warn where it points nowhere."""
    corpus = load()
    builder = app.builder
    for node in list(doctree.findall(passage_ref)):
        if "pid" in node:
            pid = node["pid"]
            if not corpus.has_passage(pid):
                logger.warning("unknown passage id %r", pid, location=node)
                node.replace_self(nodes.literal(text=pid))
                continue
            target, anchor = text_doc(pid.rpartition(":")[0]), node.get("anchor") or pid
            title = node.get("title") or corpus.passage(pid).label or ""
        elif "option" in node:
            target, title = f"{node['page']}/{node['ruleset']}", node["option"]
            if target not in app.env.found_docs:  # a page this build was asked not to make is no error
                if node["page"] in app.config.wararchive_parts:
                    logger.warning("no %s page %r for option %r", node["page"], target, node["option"], location=node)
                node.replace_self(nodes.Text(node.astext()))
                continue
            if node["page"] == "games":
                anchor = option_anchor(node["option"])
            else:
                anchor = _readings_anchor(app.env, target, node["option"])
        else:
            target, anchor, title = game_doc(node["ruleset"]), rule_anchor(node["rule"]), node["rule"]
        uri = builder.get_relative_uri(docname, target) + ("#" + anchor if anchor else "")
        ref = nodes.reference(
            "", "", internal=True, refuri=uri, reftitle=title, classes=["wa-ref", *node.get("extra_classes", [])]
        )
        ref += node.children
        node.replace_self(ref)
