"""The "What the readings change" pages, rendered from the published studies (``docs/studies``).

Every interpretation option of every ruleset is studied on paired seeds by
``wararchive publish-studies`` (:mod:`wararchive.study.publish`), whose
results are kept in the repository as data. The build plays no game: the
``wa-readings`` directive reads each option's ``summary.json`` and shows, per
pairing of players, a plain-language verdict for every reading against the
default one and the paired differences plotted with their intervals; the
evidence (the players' notes, the tables of differences and of results per
reading, the rules that fired more or less, linked to their passages) folds
away under each pairing, so that a ruleset of fifteen options reads as a list
of answers on a phone rather than tens of thousands of pixels of tables. An
option not yet published says so, with the command.
"""

from __future__ import annotations

import io
import json
from functools import partial
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.images import get_image_size

from ..drawing.colours import side_colours
from ..engine import ruleset, rulesets
from ..engine.fingerprint import source_hash
from ..study import output
from ..study.design import options_studied, slug
from ..study.stats import balance_interval, mean_interval
from .cache import cached, cached_figure, fingerprint, short_hash, site_cache_dir
from .html import el
from .refs import rule_link
from .stats import rate
from .tables import badge, citations, table

FOLDER = "readings"
STUDIES = "studies"  # beside the site's sources: docs/studies/RULESET/OPTION/PLAYERS/summary.json
ALPHA = 0.05  # the level of the omnibus test and of the rule screen (the studies' own, see wararchive.study.stats)
COMMAND = "wararchive publish-studies"


def studies_dir(config: Any, srcdir: str | Path) -> Path:
    """The published studies the pages show: ``wararchive_studies`` (``site --studies``), else ``studies/`` beside the pages."""
    return Path(config.wararchive_studies or Path(srcdir) / STUDIES)


def published(studies: Path, ruleset_id: str, option: str) -> list[dict[str, Any]]:
    """The published summaries of one option, greedy against greedy first, then by players.

    Each is checked against its study's content hash: a study changed by hand is refused, naming the file, not shown.
    """
    found = [json.loads(output.read(p.parent, p.name)) for p in sorted((studies / ruleset_id / option).glob("*/summary.json"))]
    return sorted(found, key=lambda s: (s["meta"]["design"]["players"] != ["greedy", "greedy"], s["meta"]["design"]["players"]))


def generate(srcdir: Path, studies: Path, ruleset_ids: list[str] | None = None) -> None:
    """Write ``readings/index.md`` and one page per ruleset; the directive fills them from the published studies."""
    from .pages import TEMPLATES, write

    ids = ruleset_ids or rulesets()
    written: set[Path] = set()
    games = [ruleset(r) for r in ids]
    for rs in games:
        opts = [rs.declared[o] for o in options_studied(rs.id)]
        page = TEMPLATES.get_template("readings.md.j2").render(rs=rs, options=opts, command=COMMAND)
        data = [[s["meta"] for s in published(studies, rs.id, o.name)] for o in opts]  # a republished study re-reads its page
        write(
            srcdir / FOLDER / f"{rs.id}.md", page, written, fingerprint(rs.id, "readings", data, source_hash("site/readings.py"))
        )
    write(srcdir / FOLDER / "index.md", TEMPLATES.get_template("readings-index.md.j2").render(games=games), written)
    if ruleset_ids is None:  # the page of a ruleset no longer installed (a removed plugin's) must not linger
        for stale in set((srcdir / FOLDER).glob("*.md")) - written:
            stale.unlink()


SWAPPED = (("reading_a", "reading_b"), ("value_a", "value_b"), ("a_only", "b_only"), ("per_game_a", "per_game_b"))
SWAPPED += (("seeds_more", "seeds_fewer"),)
NEGATED = ("difference", "score_shift", "half1_score_shift", "half2_score_shift")


def from_default(rows: list[dict[str, Any]], default: str) -> list[dict[str, Any]]:
    """The rows of pairs that include the default reading, each turned to read default → other (b − a as other − default).

    A study lists its pairs in the readings' declared order, and the default
    is not always first (Spionaaž's four volcanoes lie between 0 and 8).
    """
    out = []
    for row in rows:
        if row["reading_a"] == default:
            out.append(row)
        elif row["reading_b"] == default:
            turned = dict(row)
            for x, y in SWAPPED:
                if x in row:
                    turned[x], turned[y] = row[y], row[x]
            for k in NEGATED:
                if k in row:
                    turned[k] = -row[k]
            for k in row:
                if "_to_" in k:  # the cross-table, transposed
                    x, _, y = k.partition("_to_")
                    turned[k] = row[f"{y}_to_{x}"]
            if "difference_lo" in row:
                turned["difference_lo"], turned["difference_hi"] = -row["difference_hi"], -row["difference_lo"]
            out.append(turned)
    return out


def _interval(value: float, lo: float, hi: float, digits: int = 3) -> str:
    return f"{value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _share(r: dict[str, float]) -> str:
    """A :func:`.stats.rate` as the table shows it: the share and its Wilson 95 % interval (N is the row's games)."""
    return _interval(r["rate"], r["lo"], r["hi"])


def _difference(row: dict[str, Any]) -> str:
    return f"{row['difference']:+.3f} [{row['difference_lo']:+.3f}, {row['difference_hi']:+.3f}]"


def excludes_zero(row: dict[str, Any]) -> bool:
    """Whether a paired difference's 95 % interval lies wholly on one side of 0."""
    return row["difference_lo"] > 0 or row["difference_hi"] < 0


def results_intervals(folder: Path, summary: dict[str, Any], sides: list[str], cache_dir: Path) -> dict[str, dict[str, Any]]:
    """Per reading, with 95 % intervals, what the summary has none for: draws, unfinished games, decisiveness, balance, length.

    Computed at build time from the published games table (the summary has
    no spread of lengths, and counts a game stopped at the ply limit as a
    draw): draws, unfinished and decisive games get Wilson intervals,
    balance the image of Tango's interval of the sides' difference
    (:func:`~wararchive.study.stats.balance_interval`), mean plies the
    studies' percentile bootstrap. Cached by the games table's hash: the
    bootstrap costs some 40 ms a reading, and :func:`published` has already
    refused a table that is not the one saved.
    """
    games_hash = json.loads((folder / output.META_FILE).read_text(encoding="utf-8"))[output.CONTENT]["files"]["games.parquet"]
    key = short_hash(json.dumps([games_hash, sides, source_hash("study/stats.py", "site/readings.py", "site/stats.py")]))
    return cached(cache_dir, "readings-" + "-".join(folder.parts[-3:]), key, lambda: _results_intervals(folder, summary, sides))


def _results_intervals(folder: Path, summary: dict[str, Any], sides: list[str]) -> dict[str, dict[str, Any]]:
    import pandas as pd

    _, files = output.verified(folder)
    games = pd.read_parquet(io.BytesIO(files["games.parquet"]))
    out = {}
    for r in summary["readings"]:
        g = games[games["reading"] == r["reading"]]
        n, won, stopped = len(g), g["winner"].notna(), g["adjudicated"]
        mean, (lo, hi) = float(g["plies"].mean()), mean_interval(g["plies"])
        out[r["reading"]] = {
            "draws": rate(int((~won & ~stopped).sum()), n),
            "unfinished": rate(int(stopped.sum()), n),
            "decisive": rate(int((won & ~stopped).sum()), n),
            "balance": [r["balance"], *balance_interval(r[f"{sides[0]}_wins"], r[f"{sides[1]}_wins"], n)],
            "mean_plies": [mean, lo, hi],
        }
    return out


def no_winner_name(intervals: dict[str, dict[str, Any]]) -> str:
    """What the studies' "draw rate" counts on this page, named truly: games with no winner.

    They are draws by the rules, games the project stopped unfinished at its
    ply limit, or both; a game stopped at the limit is not called a draw.
    """
    drawn, unfinished = (any(i[k]["k"] for i in intervals.values()) for k in ("draws", "unfinished"))
    return "draw or unfinished" if drawn and unfinished else "unfinished" if unfinished else "draw"


def measure_name(measure: str, no_winner: str) -> str:
    """A study's measure as the page names it (``draw rate`` becomes ``unfinished rate`` where no game was drawn)."""
    return f"{no_winner} rate" if measure == "draw rate" else measure


def _length(pairs: list[dict[str, Any]]) -> str:
    """The change of game length, when its interval excludes 0 (a reading can lengthen games without changing who wins)."""
    plies = [p for p in pairs if p["measure"] == "mean plies" and excludes_zero(p)]
    return "".join(
        f" Games get {'longer' if p['difference'] > 0 else 'shorter'}: mean plies {p['value_a']:.1f} → {p['value_b']:.1f}, "
        f"{p['difference']:+.1f} [{p['difference_lo']:+.1f}, {p['difference_hi']:+.1f}] (paired bootstrap 95 % interval; "
        f"longer on {p['b_only']:,} seeds, shorter on {p['a_only']:,})."
        for p in plies
    )


def verdict(answer: dict[str, Any], pairs: list[dict[str, Any]], rules: list[dict[str, Any]]) -> tuple[str, dict | None]:
    """One reading against the default in plain language, and the rule that carries a detected change (if any).

    ``answer`` is the pair's omnibus row, ``pairs`` its differences (the
    rates and mean plies), ``rules`` its flagged rules. Who wins is answered
    by one test, Stuart–Maxwell's at 5 %: reading the rates' intervals one by
    one would make three chances of a false finding. So when it does not
    reject, the verdict is no detectable change, yet a rate whose own interval
    excludes 0 is still named, with its interval, as not counted (the page's
    table shows that interval, and the verdict must not seem to contradict
    it). When it rejects, the change named is the largest one whose interval
    excludes 0, never one whose interval includes it; with the flagged rule
    of smallest adjusted p-value. A change of length, whose interval excludes
    0, is stated either way: it is not a question of who wins.
    """
    n, changed, flipped = answer["games"], answer["changed"], answer["flipped"]
    seeds = f"{changed:,} of {n:,} seeds change result ({flipped:,} flip the winner; Stuart–Maxwell p = {answer['p']:.2g})"
    clear = [p for p in pairs if p["measure"] != "mean plies" and excludes_zero(p)]
    if answer["p"] >= ALPHA:
        text = f"No detectable change in who wins: {seeds}."
        for p in clear:
            text += (
                f" The {p['measure']} alone moves {p['value_a']:.3f} → {p['value_b']:.3f}, "
                f"{_difference(p)} (Tango 95 % interval): that interval excludes 0, but the one test of the whole table of "
                "results (Stuart–Maxwell, above) does not reject at 5 %, so it is not counted as a detected change."
            )
        return text + _length(pairs), None
    if clear:
        big = max(clear, key=lambda p: abs(p["difference"]))
        text = (
            f"The reading changes who wins: {big['measure']} {big['value_a']:.3f} → "
            f"{big['value_b']:.3f}, {_difference(big)} (Tango 95 % interval; {big['a_only']} seeds lose it, "
            f"{big['b_only']} gain it); {seeds}."
        )
    else:
        text = f"The reading changes who wins, spread over the results: no single rate's 95 % interval excludes 0; {seeds}."
    if not answer["halves_agree"]:
        text += " The two halves of the seeds disagree on its direction: treat it as tentative."
    carrier = min(rules, key=lambda r: (r["p_holm"], -abs(r["seeds_more"] - r["seeds_fewer"]))) if rules else None
    return text + _length(pairs), carrier


def _engine_note(engine: dict[str, Any] | None) -> str:
    """Which engine played the games (provenance, not a caveat: the kernel plays the reference engine's games)."""
    ran = {r["ran"] for r in (engine or {}).get("readings", [])}
    if ran == {"kernel"}:
        return " Played by the compiled kernel, which plays the reference engine's games move for move (tested)."
    if ran == {"reference"}:
        return " Played by the reference engine."
    return " Played partly by the compiled kernel, partly by the reference engine (the same games either way)." if ran else ""


def _players_note(summary: dict[str, Any]) -> tuple[nodes.Node, nodes.Node]:
    """The pairing's design (seeds, sides, engine, any shortfall), shown, and its players' notes, which go with the evidence.

    The notes are the same paragraph for every option of a ruleset: shown
    beside each, they made up a quarter of a long page.
    """
    meta, pub = summary["meta"], summary["meta"]["published"]
    d = meta["design"]
    first, last = d["seed"], d["seed"] + d["games"] - 1
    target = pub["target_games"]
    if target is None:  # a search pairing: smaller by design
        short = [
            " Pairings other than greedy against greedy are published on fewer seeds (a search player's games cost "
            "far more), so their intervals are wider; ",
            nodes.literal(text=pub["command"]),
            " regenerates it.",
        ]
    elif d["games"] < target:
        rerun = nodes.literal(text=f"{COMMAND} --games {target}")
        fewer = f" This is fewer than the {target:,} seeds the project aims at, to fit the machine it was run on; rerun "
        short = [fewer, rerun, " for the full study."]
    else:
        short = []
    sides = " Sides alternate: on odd seeds the first-named player takes the second side." if d.get("alternate") else ""
    out = el(
        "p",
        f"{' against '.join(d['players'])}: {d['games']:,} paired seeds ({first}…{last}), every reading on every seed.{sides}"
        f"{_engine_note(meta.get('engine'))}",
        *short,
    )
    notes = el("ul", class_="wa-players")
    for kind, note in pub["players"].items():
        notes += el("li", el("strong", kind), f": {note}")
    return out, notes


def _evidence(players: list[str], children: list[nodes.Node]) -> nodes.Node:
    """What a pairing's verdicts rest on, folded: a ``<details>`` that the reader opens, named by its pairing."""
    summary = el("summary", f"The evidence, {' against '.join(players)}: the players, the tables and the rules")
    return el("details", summary, *children, class_="wa-evidence")


class Readings(SphinxDirective):
    """``{wa-readings} RULESET OPTION``: what each reading of one option changes, from the published studies."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        rid, option = self.arguments
        studies = studies_dir(self.config, self.env.srcdir)
        summaries = published(studies, rid, option)
        if not summaries:
            command = nodes.literal(text=f"{COMMAND} --ruleset {rid}")
            return [el("p", "Not yet published: ", command, " studies it.", class_="wa-muted")]
        for s in summaries:  # a republished study re-reads the page
            self.env.note_dependency(str(studies / rid / option / slug(s["meta"]["design"]["players"]) / "summary.json"))
        out: list[nodes.Node] = []
        for s in summaries:
            out += self._study(rid, option, s)
        return out

    def _study(self, rid: str, option: str, s: dict[str, Any]) -> list[nodes.Node]:
        from .study_figures import paired_differences

        rs = ruleset(rid)
        meta = s["meta"]
        default = meta["published"]["default"]
        names = {r["label"]: r["label"].partition("=")[2] for r in meta["readings"]}
        design, notes = _players_note(s)
        out: list[nodes.Node] = [design]
        folder = studies_dir(self.config, self.env.srcdir) / rid / option / slug(meta["design"]["players"])
        intervals = results_intervals(folder, s, list(rs.sides), site_cache_dir(self.config, self.env.srcdir))
        no_winner = no_winner_name(intervals)

        answers, against, changes = (from_default(s[k], default) for k in ("omnibus", "pairs", "rule_changes"))
        against = [p | {"measure": measure_name(p["measure"], no_winner)} for p in against]
        verdicts = el("ul", class_="wa-verdicts")
        for o in answers:
            other = o["reading_b"]
            pairs = [p for p in against if p["reading_b"] == other]
            flagged = [r for r in changes if r["reading_b"] == other and r["flagged"]]
            text, carrier = verdict(o, pairs, flagged)
            item = el("li", el("strong", f"{names[other]}: "), text)
            if carrier:
                item += nodes.Text(" The rule that carries it: ")
                item += rule_link(rid, carrier["rule"]) if carrier["summary"] else nodes.literal(text=carrier["rule"])
                item += nodes.Text(
                    f" (fired {carrier['per_game_a']:.2f} → {carrier['per_game_b']:.2f} times per game; "
                    f"more on {carrier['seeds_more']:,} seeds, fewer on {carrier['seeds_fewer']:,})."
                )
            verdicts += item
        out.append(verdicts)

        measures = [*(f"{side} win rate" for side in rs.sides), measure_name("draw rate", no_winner)]
        img = Path(self.env.doc2path(self.env.docname)).parent / "_img" / f"{rid}-{option}-{slug(meta['design']['players'])}.svg"
        colours = {f"{k} win rate": v for k, v in zip(rs.sides, side_colours(list(rs.sides), rs.board), strict=True)}
        title = f"{rs.title}: {option} ({' vs '.join(meta['design']['players'])})"
        draw = partial(paired_differences, against, names, measures, title=title, colours=colours)
        key = (against, names, measures, title, colours, source_hash("site/study_figures.py"))
        alt = cached_figure(site_cache_dir(self.config, self.env.srcdir), img, draw, *key)
        size = dict(zip(("width", "height"), map(str, get_image_size(img) or ()), strict=False))  # no shift as it loads
        out.append(nodes.image(uri=f"_img/{img.name}", alt=alt, classes=["wa-plot", "no-scaled-link"], loading="lazy", **size))
        shown = len(out)  # the answer and its picture; the rest is the evidence, folded

        rows = [
            [
                f"{names[p['reading_a']]} → {names[p['reading_b']]}",
                p["measure"],
                _difference(p),
                p["interval"],
                f"{p['a_only']} / {p['b_only']}",
            ]
            for p in against
        ]
        heads = ["readings a → b", "measure", "b − a [95% interval]", "interval", "seeds: a only / b only"]
        out.append(table(heads, rows, classes=["wa-readings-pairs"]))

        heads = ["reading", "games", *(f"{side} wins" for side in rs.sides), "draws", "unfinished"]
        heads += ["mean plies", "balance", "decisive"]
        rows = [
            [names[r["reading"]] + (" (default)" if r["reading"] == default else ""), f"{r['games']:,}"]
            + [_interval(r[f"{side}_wins_rate"], r[f"{side}_wins_lo"], r[f"{side}_wins_hi"]) for side in rs.sides]
            + [_share(i["draws"]), _share(i["unfinished"]), _interval(*i["mean_plies"], digits=1)]
            + [_interval(*i["balance"]), _share(i["decisive"])]
            for r in s["readings"]
            for i in [intervals[r["reading"]]]
        ]
        out.append(table(heads, rows, classes=["wa-readings-results"]))
        limit = meta["design"]["fixed"].get("ply_limit", rs.options.get("ply_limit"))
        out.append(
            el(
                "p",
                "Each value with its 95 % interval, over the row's games: Wilson's for the shares; for the mean length a "
                "percentile bootstrap; for balance (1 − the gap between the sides' win rates) Tango's interval of that gap. "
                f"Unfinished: stopped by the project's ply limit ({limit} plies), not a draw; "
                "decisive: won by a rule of the game.",
                class_="wa-muted",
            )
        )
        out += self._rules(rid, names, changes)
        return [*out[:shown], _evidence(meta["design"]["players"], [notes, *out[shown:]])]

    def _rules(self, rid: str, names: dict[str, str], mine: list[dict[str, Any]]) -> list[nodes.Node]:
        flagged = [c for c in mine if c["flagged"]]
        screen = (
            f"exact sign tests on the seeds where a rule's count differs, for the {len(mine)} rules with at least "
            "10 such seeds, Holm-adjusted per pair of readings (family-wise error 5 %)"
        )
        if not flagged:
            return [el("p", f"No rule fired detectably more or less often ({screen}).", class_="wa-muted")]
        rows = [
            [
                [rule_link(rid, c["rule"])] if c["summary"] else c["rule"],
                [badge(c["certainty"])] if c["certainty"] else "",
                f"{names[c['reading_a']]} {c['per_game_a']:.2f} → {names[c['reading_b']]} {c['per_game_b']:.2f}",
                f"{c['seeds_more']:,} / {c['seeds_fewer']:,}",
                f"{c['p_holm']:.2g}",
                "yes" if c["halves_agree"] else "no",
                citations((c["cites"] or "").split(), wording=False),
            ]
            for c in flagged
        ]
        heads = ["rule", "certainty", "fired per game", "seeds more / fewer", "Holm p", "both seed halves", "passages"]
        return [el("p", f"Rules that fired more or less often ({screen}):"), table(heads, rows)]
