"""Each reading's effect across kinds of play, side by side: the headline of every readings page and of their index.

The verdicts themselves come from :mod:`wararchive.study.robustness`, which
reads the published studies of random, greedy and strong self-play; this
module only lays them out: per option a table (one row per reading, one
column per kind of play, each cell the same change with its interval and
its verdict) and a sentence per reading saying where the effect holds; on
the index, the count of readings in each class and every reading with a
confirmed change in any play.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..engine import ruleset, rulesets
from ..study import robustness as rb
from ..study.publish import COMMAND, TARGETS
from ..study.stats import p_text
from ..study.verdicts import summary_paths
from .html import el
from .memo import read_once
from .studies import studies_dir
from .tables import badge, table


def _paths(studies: Path) -> list[Path]:
    """Every summary the verdicts rest on: each kind of play's studies and their retests."""
    return [p for play in rb.PLAYS for root in (studies, studies / "confirmation") for p in summary_paths(root, play)]


def read(studies: Path, directive: SphinxDirective | None = None) -> list[rb.Reading]:
    """:func:`wararchive.study.robustness.readings`, read once per build (again when a summary changed).

    With ``directive``, its page is rebuilt when any of those summaries changes.
    """
    paths = _paths(studies)
    if directive is not None:
        for p in paths:
            directive.env.note_dependency(str(p))
    return read_once(f"robustness {studies}", paths, lambda: rb.readings(studies))


def _cell(effect: rb.Effect | None, measure: str | None) -> str:
    if effect is None:
        return "not studied"
    status = f"{effect.status} ({p_text(effect.q, 'q')})"
    if measure is None or measure not in effect.measures:
        return status
    diff, lo, hi = effect.measures[measure]
    return f"{diff:+.3f} [{lo:+.3f}, {hi:+.3f}]; {status}"


def _games(found: list[rb.Reading], play: tuple[str, str]) -> str:
    ns = sorted({r.effects[play].games for r in found if play in r.effects})
    n = "/".join(f"{g:,}" for g in ns)
    return f"{rb.NAMES[play]} ({n} seeds)" if ns else rb.NAMES[play]


def option_table(studies: Path, rid: str, option: str, directive: SphinxDirective) -> list[nodes.Node]:
    """The option's readings against its default in each kind of play, and where each effect holds, in plain words."""
    found = [r for r in read(studies, directive) if (r.ruleset, r.option) == (rid, option)]
    if not found:
        return []
    names = {r.reading: r.reading.partition("=")[2] for r in found}
    heads = ["reading (change shown)", *(_games(found, p) for p in rb.PLAYS)]
    rows = [
        [f"{names[r.reading]} ({r.measure or 'no single rate'})", *(_cell(r.effects.get(p), r.measure) for p in rb.PLAYS)]
        for r in found
    ]
    holds = el("ul", class_="wa-holds")
    for r in found:
        holds += el("li", el("strong", f"{names[r.reading]}: "), r.holds)
    missing = [p for p in rb.PLAYS if not any(p in r.effects for r in found)]
    return [
        el(
            "p",
            el("strong", "Across kinds of play"),
            " (each player against itself; the default is ",
            nodes.literal(text=found[0].default.partition("=")[2]),
            "):",
            class_="wa-robustness-head",
        ),
        table(heads, rows, classes=["wa-robustness"]),
        holds,
        el(
            "p",
            "Each cell: the change from the default (the reading's headline change, the same measure in every column) "
            "with its 95 % interval on that play's seeds, then the verdict that play's study gives it: a finding is "
            "q < 0.05 over everything published for that pairing, confirmed only by its retest on fresh seeds. Not "
            "confirmed is not no effect: the interval shows how large a change the seeds could have missed. Random play "
            "has no intent; greedy looks one move ahead; strong plans a little. An effect seen in one kind of play is "
            "about that play, not the rules under every play.",
            class_="wa-muted",
        ),
        *(_not_published(rid, play) for play in missing),
    ]


def costs_link() -> nodes.Node:
    """The Benchmarks page's section on what a study costs, linked from a readings page (one folder below it)."""
    return el("a", "Benchmarks page", href="../benchmarks.html#studies")


def _not_published(rid: str, play: tuple[str, str]) -> nodes.Node:
    """A kind of play with no study of this ruleset: the command that plays it, and where its cost is measured."""
    command = f"{COMMAND} --games {TARGETS[play]} --players {','.join(play)} --ruleset {rid}"
    return el(
        "p",
        f"{rb.NAMES[play].capitalize()} against {rb.NAMES[play]} is not published for this ruleset yet: ",
        nodes.literal(text=command),
        " plays it (resumable, on every core or a Dask cluster). What it would take is measured on the ",
        costs_link(),
        ".",
        class_="wa-muted",
    )


class Robustness(SphinxDirective):
    """``{wa-robustness}``: the readings index's lead: how many effects hold in which play, and each confirmed one."""

    def run(self) -> list[nodes.Node]:
        found = read(studies_dir(self.config, self.env.srcdir), self)
        if not found:
            return [el("p", "No study is published yet: ", nodes.literal(text="wararchive publish-studies"), " runs them.")]
        titles = {rid: ruleset(rid).title for rid in rulesets()}
        rows = [
            [
                el(
                    "a",
                    titles.get(r.ruleset, r.ruleset),
                    href=f"{r.ruleset}.html#readings-{r.ruleset}-{r.option.replace('_', '-')}",
                ),
                nodes.literal(text=r.reading),
                badge(ruleset(r.ruleset).declared[r.option].certainty),
                *(r.effects[p].status if p in r.effects else "not studied" for p in rb.PLAYS),
                r.holds,
            ]
            for r in found
            if any(e.status == rb.CONFIRMED for e in r.effects.values())
        ]
        heads = ["ruleset", "reading", "the option's certainty", *(rb.NAMES[p] for p in rb.PLAYS), "where it holds"]
        return [
            el("p", rb.headline(found), " Where an effect is confirmed, on fresh seeds, in each kind of play:"),
            table(heads, rows, classes=["wa-robustness"]),
            el(
                "p",
                "Only readings with a confirmed change in at least one kind of play are listed; each reading's page "
                "has the rest, with the size of every change and its interval.",
                class_="wa-muted",
            ),
        ]
