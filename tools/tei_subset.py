"""Derive the TEI schema shipped in ``wararchive/data/tei_wararchive.rng`` from a TEI release's ``tei_all.rng``.

Why a subset: lxml needs about a minute to compile the whole of ``tei_all``
(55 s measured once on this project's shared 2-core machine, N=1), too slow
for ``export tei --validate`` and the test suite. The subset is ``tei_all``
(itself generated from the TEI's ODD) with every element the export does
not write made ``notAllowed`` and what then becomes unreachable dropped,
documentation and Schematron stripped. Making patterns ``notAllowed`` only
removes documents from the language, so a file valid against the subset is
valid against ``tei_all`` of that release.

Usage (the file of the release, e.g. from https://tei-c.org/Vault/P5/)::

    python tools/tei_subset.py tei_all.rng wararchive/data/tei_wararchive.rng

The elements kept are :data:`ELEMENTS`; add one here when the export starts
writing it (the test suite validates every export, so a missing one fails).
"""

from __future__ import annotations

import re
import sys

from lxml import etree

RNG = "http://relaxng.org/ns/structure/1.0"
ELEMENTS = frozenset(
    [
        "ab",
        "availability",
        "back",
        "bibl",
        "body",
        "catDesc",
        "category",
        "cell",
        "choice",
        "citeData",
        "citedRange",
        "citeStructure",
        "classDecl",
        "corr",
        "correction",
        "date",
        "desc",
        "div",
        "edition",
        "editionStmt",
        "editorialDecl",
        "encodingDesc",
        "fileDesc",
        "group",
        "head",
        "idno",
        "interpretation",
        "item",
        "language",
        "langUsage",
        "lb",
        "licence",
        "link",
        "linkGrp",
        "list",
        "name",
        "normalization",
        "note",
        "orgName",
        "orig",
        "p",
        "profileDesc",
        "projectDesc",
        "ptr",
        "publicationStmt",
        "publisher",
        "pubPlace",
        "refsDecl",
        "reg",
        "resp",
        "respStmt",
        "row",
        "segmentation",
        "sic",
        "sourceDesc",
        "table",
        "taxonomy",
        "TEI",
        "teiHeader",
        "text",
        "title",
        "titleStmt",
    ]
)


def subset(tree: etree._ElementTree, keep: frozenset[str]) -> etree._ElementTree:
    grammar = tree.getroot()
    comments = [c.text or "" for c in grammar.iterchildren(etree.Comment)]
    version = next((c for c in comments if "TEI Edition" in c), "")
    licence = next((c for c in comments if "licen" in c), "")
    for node in list(grammar.iter()):
        foreign = isinstance(node.tag, str) and not node.tag.startswith(f"{{{RNG}}}")
        if node is not grammar and (foreign or not isinstance(node.tag, str)):
            node.getparent().remove(node)  # documentation, Schematron, comments: the validator reads none of them
    defines = {d.get("name"): d for d in grammar.iterchildren(f"{{{RNG}}}define")}
    for define in defines.values():
        element = define.find(f"{{{RNG}}}element")
        if element is not None and element.get("name") not in keep:
            define[:] = [etree.Element(f"{{{RNG}}}notAllowed")]
    reached, todo = set(), [grammar.find(f"{{{RNG}}}start")]
    while todo:
        for ref in todo.pop().iter(f"{{{RNG}}}ref"):
            if ref.get("name") not in reached:
                reached.add(ref.get("name"))
                todo.append(defines[ref.get("name")])
    for name, define in defines.items():
        if name not in reached:
            grammar.remove(define)
    release = re.sub(r"\s+", " ", version).strip()
    grammar.insert(0, etree.Comment(f" {licence.strip()} "))
    grammar.insert(0, etree.Comment(f" tei_all ({release}) restricted to {len(keep)} elements by tools/tei_subset.py "))
    return tree


def main(argv: list[str]) -> None:
    source, target = argv
    tree = subset(etree.parse(source, etree.XMLParser(remove_blank_text=True)), ELEMENTS)
    tree.write(target, encoding="utf-8", xml_declaration=True, pretty_print=True)


if __name__ == "__main__":
    main(sys.argv[1:])
