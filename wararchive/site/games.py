"""Game-page directives: pieces, rules with citations and certainty, options."""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..engine import ruleset
from .html import el
from .inputs import depends_on
from .refs import option_anchor, rule_anchor
from .tables import badge, citations, table


class Pieces(SphinxDirective):
    """``{wa-pieces} RULESET``: source names, English names, counts, ranks, evidence."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        rs = ruleset(self.arguments[0])
        depends_on(self.env, "ruleset", rs.id)
        who = rs.responsible
        rows = []
        for p in rs.piece_types:
            names = [el("span", p.name, lang=next(iter(p.names), "en"))] if p.names else [nodes.Text(p.name)]
            for lang, other in list(p.names.items())[1:]:
                names += [nodes.Text(" / "), el("span", other, lang=lang)]
            moves = p.movement + (f" (up to {p.steps})" if p.steps > 1 else "")
            rows.append(
                [
                    names,
                    p.name_en,
                    str(p.count),
                    p.rank or "—",
                    moves,
                    [badge(p.certainty, who)],
                    citations(p.cites, wording=False, responsible=who),
                ]
            )
        total = sum(p.count for p in rs.piece_types)
        rows.append(["", "total", str(total), "", "", "", ""])
        return [table(["name", "English", "count", "rank", "moves", "certainty", "passages"], rows, classes=["wa-pieces"])]


class Rules(SphinxDirective):
    """``{wa-rules} RULESET``: every rule the engine applies, with its evidence."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        rs = ruleset(self.arguments[0])
        depends_on(self.env, "ruleset", rs.id)
        who = rs.responsible
        out = el("div", class_="wa-rules")
        out += el("p", el("strong", "Responsible for the inferences, conjectures and readings: "), who, class_="wa-responsible")
        topics: dict[str, list] = {}
        for r in rs.rules:
            topics.setdefault(r.topic, []).append(r)
        for topic, rules in topics.items():
            out += el("h3", topic.replace("-", " ").capitalize(), class_="wa-topic")
            for r in rules:
                item = el("div", class_=f"wa-rule wa-rule-{r.certainty}", id=rule_anchor(r.id))
                item += el("div", badge(r.certainty, who), " ", el("code", r.id), " ", r.summary, class_="wa-rule-head")
                if r.reason:
                    item += el("div", el("strong", "Why: "), r.reason, class_="wa-reason")
                item += el("div", el("strong", "Passages: "), *citations(r.cites, responsible=who), class_="wa-rule-cites")
                out += item
        return [out]


class Options(SphinxDirective):
    """``{wa-options} RULESET``: the interpretation options, their readings and defaults."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        rs = ruleset(self.arguments[0])
        depends_on(self.env, "ruleset", rs.id)
        rows = []
        for o in rs.declared.values():
            readings = el("ul", class_="wa-readings")
            for r in o.readings or ():
                mark = " (default)" if r.value == o.default else ""
                readings += el("li", el("code", repr(r.value)), f": {r.summary}{mark}")
            if not o.readings:
                readings += el("li", el("code", repr(o.default)), " (default)")
            rows.append(
                [
                    [el("code", o.name, id=option_anchor(o.name)), nodes.Text(f" ({o.kind})")],
                    [nodes.Text(o.summary), readings],
                    [badge(o.certainty, rs.responsible), nodes.Text(" " + o.rationale)],
                    citations(o.cites, wording=False, responsible=rs.responsible),
                ]
            )
        notes = []
        if rs.not_implemented:
            lst = el("ul", class_="wa-notimpl")
            for n in rs.not_implemented:
                lst += el("li", *citations([n.passage], wording=False), f": {n.reason}")
            notes = [el("p", el("strong", "Passages not implemented, and why:")), lst]
        return [table(["option", "readings", "default because", "passages"], rows, classes=["wa-options"]), *notes]
