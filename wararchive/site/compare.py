"""Comparison tables generated from the rulesets' data — never typed by hand.

Each table has one column per ruleset; every cell is computed from what the
engine runs (piece tables, combat tables, features) and links to the rule
and the passages behind it, with their reading on demand (corrections marked).
"""

from __future__ import annotations

from collections.abc import Callable

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..engine import ruleset, rulesets
from ..engine.ruleset import Ruleset
from .html import el
from .inputs import depends_on
from .refs import rule_link
from .tables import badge, citations, table

OUTCOME_TEXT = {
    "attacker_wins": "striker wins",
    "defender_wins": "struck piece wins",
    "both_removed": "both removed",
    "neither_removed": "both stay",
}
TOPICS = {
    "army": "Army composition",
    "ranks": "Rank orders aligned by concept",
    "movement": "Movement",
    "combat": "How combat is resolved",
    "special": "Special pieces",
    "information": "Hidden information and the referee",
    "victory": "Victory and draws",
}
CONCEPT_ORDER = [
    "field-marshal", "general", "officer", "tank", "artillery", "cavalry", "sapper", "aviator", "infantry",
    "machine-gun", "armoured-train", "poison-gas", "signal-post", "supply", "cabaret", "spy", "mine", "flag",
    "headquarters", "king", "queen", "rook", "bishop", "knight", "pawn",
]  # fmt: skip


def _all() -> list[Ruleset]:
    return [ruleset(r) for r in rulesets()]


def _rule_cell(rs: Ruleset, rule_id: str, text: str) -> list[nodes.Node]:
    r = rs.rule(rule_id)
    return [
        el("span", text, class_="wa-value"),
        nodes.Text(" "),
        badge(r.certainty, rs.responsible),
        el("br"),
        el("span", "rule ", rule_link(rs.id, r.id), class_="wa-muted"),
        el("br"),
        *citations(r.cites, responsible=rs.responsible),
    ]


def _pieces_by_concept(rs: Ruleset) -> dict[str, list]:
    out: dict[str, list] = {}
    for p in rs.piece_types:
        out.setdefault(p.concept or p.id, []).append(p)
    return out


def army_rows(games: list[Ruleset], ranks: bool) -> list[list]:
    concepts = [k for k in CONCEPT_ORDER if any(k in _pieces_by_concept(g) for g in games)]
    concepts += sorted({k for g in games for k in _pieces_by_concept(g)} - set(concepts))
    rows = []
    for k in concepts:
        row: list = [k.replace("-", " ")]
        for g in games:
            cell: list[nodes.Node] = []
            for p in _pieces_by_concept(g).get(k, []):
                if cell:
                    cell.append(el("br"))
                what = f"rank {p.rank}" if ranks and p.rank else (f"×{p.count}" if not ranks else "unranked")
                cell += [
                    el("span", p.name, lang=next(iter(p.names), "en")),
                    nodes.Text(f" ({p.name_en}) {what} "),
                    *citations(p.cites[:2], wording=ranks),
                ]
            row.append(cell or "—")
        rows.append(row)
    if not ranks:
        rows.append(["total"] + [str(sum(p.count for p in g.piece_types)) for g in games])
    return rows


def _feature_rows(games: list[Ruleset], topics: set[str]) -> list[list]:
    names: list[tuple[str, str]] = []
    for g in games:
        for f in g.features:
            if f.topic in topics and (f.topic, f.name) not in names:
                names.append((f.topic, f.name))
    rows = []
    for topic, name in names:
        row: list = [name]
        for g in games:
            f = next((f for f in g.features if (f.topic, f.name) == (topic, name)), None)
            row.append(_rule_cell(g, f.rule, str(f.value)) if f else "—")
        rows.append(row)
    return rows


def _draw_cell(g: Ruleset) -> list | str:
    """The rules by which the game ends drawn (topic ``draw``); most of these texts define none, so no game of theirs is drawn."""
    rules = [r for r in g.rules if r.topic == "draw"]
    if not rules:
        return "none: no game ends drawn"
    out: list[nodes.Node] = []
    for r in rules:
        out += [*([el("br")] if out else []), rule_link(g.id, r.id), nodes.Text(" "), badge(r.certainty, g.responsible)]
    return out


def _no_move_cell(g: Ruleset) -> list | str:
    """What the engine does to a side left without a move (board games: the no-moves rule)."""
    rule = g.params.no_moves_rule
    if rule is None:
        return "— (see stalemate)" if any(f.name == "stalemate" for f in g.features) else "—"
    return _rule_cell(g, rule, "that side loses")


def _combat_case(g: Ruleset, pick: Callable[[Ruleset], tuple[str, str] | None]) -> list | str:
    if g.combat_table is None:
        return "— (no ranks: a capture always succeeds)"
    pair = pick(g)
    if pair is None:
        return "— (no such pieces)"
    result = g.combat(*pair)
    a, d = g.piece(pair[0]).name_en, g.piece(pair[1]).name_en
    return _rule_cell(g, result.rule.id, f"{a} → {d}: {OUTCOME_TEXT[result.outcome]}")


def _top(g: Ruleset) -> str:
    return max((p for p in g.piece_types if p.mobile), key=lambda p: p.strength).id


def _by_concept(g: Ruleset, concept: str) -> str | None:
    return next((p.id for p in g.piece_types if p.concept == concept), None)


def _mid(g: Ruleset) -> str:
    """A middling piece: ranked if the game ranks its pieces, else by strength."""
    mobile = [p for p in g.piece_types if p.mobile]
    ranked = sorted([p for p in mobile if p.rank] or mobile, key=lambda p: p.strength)
    return ranked[len(ranked) // 2].id


COMBAT_CASES: list[tuple[str, Callable[[Ruleset], tuple[str, str] | None]]] = [
    ("equal ranks meet", lambda g: (_mid(g), _mid(g))),
    ("higher rank strikes lower", lambda g: (_top(g), _mid(g))),
    ("spy strikes the top piece", lambda g: (s, _top(g)) if (s := _by_concept(g, "spy")) else None),
    ("top piece strikes the spy", lambda g: (_top(g), s) if (s := _by_concept(g, "spy")) else None),
    ("sapper meets a mine", lambda g: (s, m) if (s := _by_concept(g, "sapper")) and (m := _by_concept(g, "mine")) else None),
    ("other piece meets a mine", lambda g: (_mid(g), m) if (m := _by_concept(g, "mine")) else None),
]


def topic_tables(topic: str) -> list[nodes.Node]:
    games = _all()
    heads = ["question", *(g.title for g in games)]
    if topic in ("army", "ranks"):
        return [table(heads, army_rows(games, ranks=topic == "ranks"), classes=["wa-compare"])]
    if topic == "combat":
        cases = [[name] + [_combat_case(g, pick) for g in games] for name, pick in COMBAT_CASES]
        return [table(heads, _feature_rows(games, {"combat"}) + cases, classes=["wa-compare"])]
    if topic == "movement":
        rows = _feature_rows(games, {"turn"})
        for kind in ("step", "slide", "immobile"):
            row: list = [f"moves: {kind}"]
            for g in games:
                ps = [p for p in g.piece_types if p.movement == kind]
                row.append(
                    [rule_link(g.id, ps[0].move_rule, ", ".join(p.name_en for p in ps))]
                    if ps and ps[0].move_rule
                    else ", ".join(p.name_en for p in ps) or "—"
                )
            rows.append(row)
        return [table(heads, rows, classes=["wa-compare"])]
    if topic == "special":
        rows = []
        for concept in ("spy", "mine", "sapper", "cavalry", "aviator", "artillery", "poison-gas"):
            row = [concept.replace("-", " ")]
            for g in games:
                ps = [p for p in g.piece_types if p.concept == concept]
                row.append(
                    [
                        el(
                            "span",
                            ", ".join(
                                f"{p.name_en} ×{p.count}" + (f" ({', '.join(p.abilities)})" if p.abilities else "") for p in ps
                            ),
                        ),
                        *citations(ps[0].cites),
                    ]
                    if ps
                    else "—"
                )
            rows.append(row)
        ability_row: list = ["other abilities"]
        for g in games:
            abil = [
                f"{p.name_en}: {', '.join(p.abilities)}"
                for p in g.piece_types
                if p.abilities and p.concept not in ("spy", "mine", "sapper", "cavalry", "aviator", "artillery", "poison-gas")
            ]
            ability_row.append("; ".join(abil) or "—")
        rows.append(ability_row)
        return [table(heads, rows, classes=["wa-compare"])]
    if topic == "information":
        return [table(heads, _feature_rows(games, {"information"}), classes=["wa-compare"])]
    if topic == "victory":
        rows = _feature_rows(games, {"victory", "draw"})
        rows.append(["draw defined by the text"] + [_draw_cell(g) for g in games])
        rows.append(["no legal move"] + [_no_move_cell(g) for g in games])
        row = ["stopped by the project (no result)"]
        for g in games:
            row.append(_rule_cell(g, "project.ply-limit", f"unfinished after {g.options.get('ply_limit')} plies"))
        rows.append(row)
        return [table(heads, rows, classes=["wa-compare"])]
    raise ValueError(f"unknown comparison topic {topic!r} (known: {', '.join(TOPICS)})")


class Compare(SphinxDirective):
    """``{wa-compare} TOPIC``: one comparison table (topics in :data:`TOPICS`)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        topic = self.arguments[0]
        if topic not in TOPICS:
            raise self.error(f"unknown comparison topic {topic!r} (known: {', '.join(TOPICS)})")
        for rid in rulesets():  # a column per ruleset, whether or not a cell links to it
            depends_on(self.env, "ruleset", rid)
        return topic_tables(topic)
