"""The "What the readings change" pages: a small, cached rule-impact study per option.

For every interpretation option of every ruleset, the same seeds are played
under each of its readings (:mod:`wararchive.study`). All the studies that
are not in the site cache run together in one parallel run before Sphinx
reads (every core busy); each is cached under a key of the ruleset's data,
the engine's code and the design, so an unchanged archive pays nothing.
The ``wa-readings`` directive then shows a study from the cache: results
with Wilson intervals, paired differences against the default reading with
McNemar's test, and the rules that fired more or less, linked to their
passages.

The studies are deliberately small (the site must build quickly); the page
says so, and gives the command that runs a larger one.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..drawing.colours import side_colours
from ..engine import ruleset, rulesets
from ..engine.fingerprint import source_hash
from .cache import cached, cached_figure, fingerprint, is_cached, site_cache_dir
from .html import el
from .refs import rule_link
from .runner import POOL
from .tables import badge, citations, table

if TYPE_CHECKING:  # the study package loads pandas and Dask: only a build that runs a study needs it
    from ..study import Design, Study

GAMES = 6  # seeds per reading: small, so that the whole site's studies take some ten seconds on two cores
PLAYERS = ("greedy", "greedy")
SEED = 1
FOLDER = "readings"


def options_studied(ruleset_id: str) -> list[str]:
    """The options whose readings are interpretations of the text (settings such as ply limits are not)."""
    return [o.name for o in ruleset(ruleset_id).declared.values() if o.readings and o.kind == "interpretation"]


def _readings(ruleset_id: str, option: str) -> list[Any]:
    return [r.value for r in ruleset(ruleset_id).declared[option].readings or ()]


def site_design(ruleset_id: str, option: str) -> Design:
    from ..study import design

    return design(ruleset_id, {option: _readings(ruleset_id, option)}, GAMES, PLAYERS, SEED)


def _key(ruleset_id: str, option: str) -> tuple[str, str]:
    """Cache name and key of a study, from its inputs alone.

    The ruleset's fingerprint covers its data (the option and its readings)
    and the engine's code; checking the cache builds no design, whose
    validation constructs a ruleset per reading (seconds on every rebuild).
    """
    inputs = [option, _readings(ruleset_id, option), GAMES, list(PLAYERS), SEED, source_hash("study")]
    return f"readings-{ruleset_id}-{option}", fingerprint(ruleset_id, "readings", inputs)


def _summary(s: Study) -> dict[str, Any]:
    """What a page shows of a study, as JSON for the cache."""

    def records(df) -> list[dict[str, Any]]:
        return json.loads(df.to_json(orient="records"))  # NaN → null

    return {
        "meta": s.meta,
        "readings": records(s.readings),
        "pairs": records(s.pairs),
        "rule_changes": records(s.rule_changes),
    }


def prepare(cache_dir: Path, ruleset_ids: list[str] | None = None, workers: int | None = None) -> None:
    """Run every study of the site that the cache lacks, all in one parallel run."""
    wanted = [(r, o) for r in ruleset_ids or rulesets() for o in options_studied(r)]
    missing = [(r, o) for r, o in wanted if not is_cached(cache_dir, *_key(r, o))]
    if not missing:
        return
    from ..study import studies

    designs = [site_design(r, o) for r, o in missing]
    for (r, o), s in zip(missing, studies(designs, workers=workers, progress=True, pool=POOL), strict=True):
        cached(cache_dir, *_key(r, o), lambda s=s: _summary(s))


def load(cache_dir: Path, ruleset_id: str, option: str) -> dict[str, Any]:
    from ..study import studies

    return cached(
        cache_dir, *_key(ruleset_id, option), lambda: _summary(studies([site_design(ruleset_id, option)], pool=POOL)[0])
    )


def generate(srcdir: Path, cache_dir: Path, ruleset_ids: list[str] | None = None, workers: int | None = None) -> None:
    """Run the missing studies, then write ``readings/index.md`` and one page per ruleset."""
    from .pages import TEMPLATES, write

    ids = ruleset_ids or rulesets()
    prepare(cache_dir, ids, workers)
    written: set[Path] = set()
    games = [ruleset(r) for r in ids]
    for rs in games:
        opts = [rs.declared[o] for o in options_studied(rs.id)]
        page = TEMPLATES.get_template("readings.md.j2").render(rs=rs, options=opts, games=GAMES, players=PLAYERS, seed=SEED)
        write(srcdir / FOLDER / f"{rs.id}.md", page, written, fingerprint(rs.id, "readings", GAMES, PLAYERS, SEED))
    write(srcdir / FOLDER / "index.md", TEMPLATES.get_template("readings-index.md.j2").render(games=games), written)


def _interval(rate: float, lo: float, hi: float) -> str:
    return f"{rate:.2f} [{lo:.2f}, {hi:.2f}]"


def _difference(row: dict[str, Any]) -> str:
    return f"{row['difference']:+.2f} [{row['difference_lo']:+.2f}, {row['difference_hi']:+.2f}]"


class Readings(SphinxDirective):
    """``{wa-readings} RULESET OPTION``: what each reading of one option changes, from the cached study."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        from .figures import rates_figure

        rid, option = self.arguments
        rs = ruleset(rid)
        cache_dir = site_cache_dir(self.config, self.env.srcdir)
        data = load(cache_dir, rid, option)
        labels = {r["label"]: r["label"].partition("=")[2] for r in data["meta"]["readings"]}
        # the study's own record of its readings: no design (a ruleset built per reading) for each page read
        default = next(r["label"] for r in data["meta"]["readings"] if r["options"][option] == rs.declared[option].default)
        out: list[nodes.Node] = []

        img = Path(self.env.srcdir) / FOLDER / "_img" / f"{rid}-{option}.png"
        title = f"{rs.title}: {option}"
        colours = dict(zip(rs.sides, side_colours(list(rs.sides), rs.board), strict=True))
        draw = partial(rates_figure, data["readings"], rs.sides, labels, title=title, colours=colours)
        alt = cached_figure(cache_dir, img, draw, data["readings"], labels, title, colours)
        out.append(nodes.image(uri=f"_img/{rid}-{option}.png", alt=alt))

        heads = ["reading", "games", *(f"{s} wins" for s in rs.sides), "draws", "mean plies", "balance", "decisive"]
        rows = [
            [labels[r["reading"]] + (" (default)" if r["reading"] == default else ""), str(r["games"])]
            + [_interval(r[f"{s}_wins_rate"], r[f"{s}_wins_lo"], r[f"{s}_wins_hi"]) for s in rs.sides]
            + [_interval(r["draws_rate"], r["draws_lo"], r["draws_hi"]), f"{r['mean_plies']:.0f}"]
            + [f"{r['balance']:.2f}", f"{r['decisiveness']:.2f}"]
            for r in data["readings"]
        ]
        out.append(table(heads, rows, classes=["wa-readings-results"]))

        against = [p for p in data["pairs"] if default in (p["reading_a"], p["reading_b"])]
        rows = [
            [
                f"{labels[p['reading_a']]} → {labels[p['reading_b']]}",
                p["measure"],
                _difference(p),
                "" if p["a_only"] is None else f"{p['a_only']} / {p['b_only']}",
                "" if p["mcnemar_p"] is None else f"{p['mcnemar_p']:.3g}",
            ]
            for p in against
        ]
        heads = ["readings a → b", "measure", "b − a [95% interval]", "seeds a only / b only", "McNemar p"]
        out.append(table(heads, rows, classes=["wa-readings-pairs"]))

        changed = [
            c
            for c in data["rule_changes"]
            if default in (c["reading_a"], c["reading_b"]) and (c["difference_lo"] > 0 or c["difference_hi"] < 0)
        ]
        if changed:
            rows = [
                [
                    [rule_link(rid, c["rule"])] if c["summary"] else c["rule"],
                    [badge(c["certainty"])] if c["certainty"] else "",
                    f"{labels[c['reading_a']]} {c['per_game_a']:.2f} → {labels[c['reading_b']]} {c['per_game_b']:.2f}",
                    _difference(c),
                    citations((c["cites"] or "").split(), wording=False),
                ]
                for c in changed
            ]
            heads = ["rule", "certainty", "fired per game", "b − a [95% interval]", "passages"]
            out += [el("p", "Rules that fired more or less often (the interval excludes 0):"), table(heads, rows)]
        else:
            out.append(el("p", "No rule fired measurably more or less often in these games.", class_="wa-muted"))
        return out
