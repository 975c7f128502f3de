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
from ..study.ladder import folder as ladder_folder
from ..study.publish import BASELINE
from ..study.stats import balance_interval, mean_interval, p_text, player_tested
from ..study.verdicts import (
    CONFIRMATION,
    Comparison,
    Retest,
    against_default,
    chance_sentence,
    excludes_zero,
    family,
    main_change,
    retest,
    rule_family as rule_q,
    summaries,
    summary_paths,
)
from . import robustness
from .cache import cached, cached_figure, fingerprint, short_hash, site_cache_dir
from .html import el
from .ladder import rating_note
from .memo import read_once
from .refs import rule_link
from .stats import rate
from .studies import studies_dir
from .tables import badge, citations, table

FOLDER = "readings"
ALPHA = 0.05  # the level of the omnibus test and of the rule screen (the studies' own, see wararchive.study.stats)
COMMAND = "wararchive publish-studies"


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
            srcdir / FOLDER / f"{rs.id}.md",
            page,
            written,
            fingerprint(rs.id, "readings", data, source_hash("site/readings.py", "site/robustness.py", "site/ladder.py")),
        )
    write(srcdir / FOLDER / "index.md", TEMPLATES.get_template("readings-index.md.j2").render(games=games), written)
    if ruleset_ids is None:  # the page of a ruleset no longer installed (a removed plugin's) must not linger
        for stale in set((srcdir / FOLDER).glob("*.md")) - written:
            stale.unlink()


def _interval(value: float, lo: float, hi: float, digits: int = 3) -> str:
    return f"{value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _share(r: dict[str, float]) -> str:
    """A :func:`.stats.rate` as the table shows it: the share and its Wilson 95 % interval (N is the row's games)."""
    return _interval(r["rate"], r["lo"], r["hi"])


def _difference(row: dict[str, Any]) -> str:
    return f"{row['difference']:+.3f} [{row['difference_lo']:+.3f}, {row['difference_hi']:+.3f}]"


def results_intervals(folder: Path, summary: dict[str, Any], sides: list[str], cache_dir: Path) -> dict[str, dict[str, Any]]:
    """Per reading, as the results table shows them: draws, unfinished, decided and won games, balance, length, lead changes.

    The shares take the summary's own outcome counts, with Wilson intervals;
    balance the image of Tango's interval of the sides' difference
    (:func:`~wararchive.study.stats.balance_interval`), mean plies and lead
    changes the studies' percentile bootstrap over the published games table
    (the summary has no spread of them). Cached by the games table's hash: the
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
        mine = games[games["reading"] == r["reading"]]
        n, won = r["games"], r[f"{sides[0]}_wins"] + r[f"{sides[1]}_wins"]  # the summary's own outcome counts
        out[r["reading"]] = {
            "draws": rate(r["draws"], n),
            "unfinished": rate(r["unfinished"], n),
            "decided": rate(n - r["unfinished"], n),
            "decisive": rate(won, n),
            "balance": [r["balance"], *balance_interval(r[f"{sides[0]}_wins"], r[f"{sides[1]}_wins"], n)],
            "mean_plies": [float(mine["plies"].mean()), *mean_interval(mine["plies"])],
            "lead_changes": [float(mine["lead_changes"].mean()), *mean_interval(mine["lead_changes"])],
        }
    return out


def _families(studies: Path, players: list[str]) -> tuple[dict, dict, list[Path]]:
    """The family of one pairing's published studies: its comparisons with q, its rules' q, and the files read.

    Read once per build and per pairing (a ruleset's page shows many options
    of the same family), again only when a summary changed.
    """
    paths = summary_paths(studies, players)

    def read() -> tuple[dict, dict, list[Path]]:
        found = summaries(studies, players)
        return family(found), rule_q(found), paths

    return read_once(f"family {studies} {'-'.join(players)}", paths, read)


def _length(pairs: list[dict[str, Any]]) -> str:
    """The change of game length, when its interval excludes 0 (a reading can lengthen games without changing who wins)."""
    plies = [p for p in pairs if p["measure"] == "mean plies" and excludes_zero(p)]
    return "".join(
        f" Games get {'longer' if p['difference'] > 0 else 'shorter'}: mean plies {p['value_a']:.1f} → {p['value_b']:.1f}, "
        f"{p['difference']:+.1f} [{p['difference_lo']:+.1f}, {p['difference_hi']:+.1f}] (paired bootstrap 95 % interval for this "
        "comparison alone, not adjusted for the others beside it; "
        f"longer on {p['b_only']:,} seeds, shorter on {p['a_only']:,})."
        for p in plies
    )


def verdict(
    answer: dict[str, Any],
    pairs: list[dict[str, Any]],
    rules: list[dict[str, Any]],
    comparison: Comparison,
    retested: Retest | None = None,
    play: str = "this play",
    draws: str = "",
) -> tuple[str, dict | None]:
    """One reading against the default in plain language, and the rule that carries a confirmed change (if any).

    ``answer`` is the pair's omnibus row, ``pairs`` its differences (the
    rates and mean plies), ``rules`` its rules flagged over the family,
    ``comparison`` its place in the family of everything published for this
    pairing (:mod:`wararchive.study.verdicts`) and ``retested`` its retest on
    fresh seeds. "Changes who wins" is said only of a finding (q < 0.05 over
    the family) that its retest confirmed, whose change is a side's win rate
    (a change of the draw or unfinished rate is named as such), and of the play that showed it
    (``play``, e.g. "greedy-against-greedy play"), not of the rules in
    general. The change named is the largest whose interval excludes 0,
    never one whose interval includes it. A change of length, whose interval
    excludes 0, is stated either way: it is not a question of who wins.
    """
    n, changed, flipped = answer["games"], answer["changed"], answer["flipped"]
    seeds = (
        f"{changed:,} of {n:,} seeds change outcome ({flipped:,} flip the winner); Stuart–Maxwell {p_text(answer['p'])}, "
        f"{p_text(comparison.q, 'q')} over the family"
    )
    big = main_change(pairs)
    moved = (
        f"{big['measure']} {big['value_a']:.3f} → {big['value_b']:.3f}, {_difference(big)} (Tango 95 % interval; "
        f"{big['a_only']} seeds lose it, {big['b_only']} gain it)"
        if big
        else "spread over the outcomes: no single rate's 95 % interval excludes 0"
    )
    carrier = None
    if not comparison.finding:
        text = f"No change that holds against the comparisons published beside it: {seeds}."
        if big:
            text += (
                f" The {big['measure']} alone moves {big['value_a']:.3f} → {big['value_b']:.3f}, {_difference(big)}: that "
                "interval excludes 0, but among this many comparisons one such is expected by chance, so it is not "
                "counted as a finding."
            )
    elif retested is None:
        text = f"Found on the discovery seeds, not yet retested on fresh seeds: {moved}; {seeds}."
    elif retested.confirmed:
        again = f", {_difference(retested.change)}" if retested.change else ""
        text = (
            f"In {play}, the reading changes {_what(big, draws)}: {moved}; {seeds}. Confirmed on fresh seeds: "
            f"{retested.games:,} seeds from {retested.first_seed:,} give Stuart–Maxwell {p_text(retested.p)}{again}, "
            "the same way."
        )
        carrier = min(rules, key=lambda r: (r["q"], -abs(r["seeds_more"] - r["seeds_fewer"]))) if rules else None
    else:
        text = (
            f"Not confirmed: found on the discovery seeds ({moved}; {seeds}), but the retest on {retested.games:,} fresh "
            f"seeds from {retested.first_seed:,} gives Stuart–Maxwell {p_text(retested.p)}"
            f"{_not_again(retested, comparison.sign)}."
        )
    if player_tested(answer):
        text += (
            f" Which player wins: {answer['player_changed']:,} seeds change, Stuart–Maxwell {p_text(answer['player_p'])} "
            "(the players' outcomes; the sides alternated; a p of its own, not controlled over the comparisons published "
            "beside it, so no finding)."
        )
    return text + _length(pairs), carrier


def _not_again(retested: Retest, sign: int) -> str:
    """What the fresh seeds showed of a finding (whose named change went ``sign``) they did not confirm: no clear
    change, or the named one not clear of 0 or the other way, and their own clearest change where it is another. Not
    confirmed is not "no effect", nor chance."""
    if retested.p >= ALPHA:
        return ": the fresh seeds show no change that clears the test (which does not show there is none)"
    if retested.change is None:  # the finding names no single change (none of its rates' intervals excluded 0)
        return "; no single rate's interval excludes 0 there"
    row = retested.change
    how = "the other way" if retested.sign == -sign else "an interval that includes 0"
    text = f"; its {row['measure']} moves {_difference(row)} there: {how}"
    other = retested.main
    if other is not None and other["measure"] != row["measure"]:
        text += f"; its clearest change there is the {other['measure']}, {_difference(other)}"
    return text


def _what(change: dict[str, Any] | None, draws: str = "") -> str:
    """What a confirmed change changes, by its measure: an unfinished game has no winner, so its rate is not "who wins";
    ``draws`` says which rules draw a game where they are the project's conjecture (:func:`conjectured_draws`)."""
    if change is None:
        return "the spread of outcomes"
    said = {"draw rate": f"how often a game is drawn{draws}", "unfinished rate": "how often a game ends before the ply limit"}
    return said.get(change["measure"], "who wins")


def conjectured_draws(rs: Any) -> str:
    """Where any of a ruleset's draws come from a rule the project conjectured, a clause naming every rule that draws a
    game and its certainty; else nothing.

    Sõjamäng's text gives the referee the decision to end a battle drawn but no
    test: its draws are the project's tests (``soj.draw-forces``,
    ``soj.draw-quiet``), so a change in them is a change under those tests.
    """
    rules = [r for r in rs.rules if r.topic == "draw"]
    if not any(r.certainty == "conjecture" for r in rules):
        return ""
    named = [f"{r.id}, " + ("the project's conjecture" if r.certainty == "conjecture" else r.certainty) for r in rules]
    return " (by " + "; or ".join(named) + ")"


def _engine_note(engine: dict[str, Any] | None) -> str:
    """Which engine played the games (provenance, not a caveat: the kernel plays the reference engine's games)."""
    ran = {r["ran"] for r in (engine or {}).get("readings", [])}
    if ran == {"kernel"}:
        return " Played by the compiled kernel, which plays the reference engine's games move for move (tested)."
    if ran == {"reference"}:
        return " Played by the reference engine."
    return " Played partly by the compiled kernel, partly by the reference engine (the same games either way)." if ran else ""


def _players_note(summary: dict[str, Any], studies: Path) -> tuple[nodes.Node, nodes.Node]:
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
        rerun = nodes.literal(text=pub["command"].replace(f"--games {d['games']}", f"--games {target}"))
        fewer = f" This is fewer than the {target:,} seeds the project aims at, to fit the machine it was run on; "
        short = [
            fewer,
            rerun,
            " runs the full study (resumable: it keeps these games and plays the rest); what it takes is measured on the ",
            robustness.costs_link(),
            ".",
        ]
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
        rated = rating_note(studies, d["ruleset"], kind)  # the ladder's figures, read from its published data
        notes += el(
            "li", el("strong", kind), ": ", *prose(note), *([" ", el("a", rated, href="../ladder.html")] if rated else [])
        )
    return out, notes


def prose(text: str) -> list[nodes.Node]:
    """A published note as a page shows it: a player's method is its docstring's first line, in which a name between
    double backticks (reST's inline code) becomes inline code instead of showing its backticks; unpaired ones stay text."""
    parts = text.split("``")
    if len(parts) % 2 == 0:
        return [nodes.Text(text)]
    return [nodes.literal(text=part) if k % 2 else nodes.Text(part) for k, part in enumerate(parts) if part]


def _playability(
    readings: list[dict[str, Any]],
    intervals: dict[str, dict[str, Any]],
    names: dict[str, str],
    default: str,
    certainty: str,
    meta: dict[str, Any],
    rs: Any,
) -> list[nodes.Node]:
    """Each reading's playability, as the Digital Ludeme Project ranks reconstructions: a table, and what it is evidence of.

    Balance, the share of games the rules decide, length and lead changes
    say whether a reading makes a game that can be played to an end, evenly
    and with some turns of fortune; they say nothing of what the authors
    meant. For an option the texts do not settle (a reconstruction), that is
    the only evidence the archive can offer, and the page says so.
    """
    heads = ["reading", "balance", "decided by the rules", "won", "unfinished", "mean plies", "lead changes"]
    rows = [
        [
            names[r["reading"]] + (" (default)" if r["reading"] == default else ""),
            _interval(*i["balance"]),
            _share(i["decided"]),
            _share(i["decisive"]),
            _share(i["unfinished"]),
            _interval(*i["mean_plies"], digits=1),
            _interval(*i["lead_changes"], digits=2),
        ]
        for r in readings
        for i in [intervals[r["reading"]]]
    ]
    limit = meta["design"]["fixed"].get("ply_limit", rs.options.get("ply_limit"))
    players = " against ".join(meta["design"]["players"])
    caveat = (
        "This option's readings are reconstructions (conjecture): how they play is the evidence the archive has for "
        "choosing among them, and it is evidence of playability only. "
        if certainty == "conjecture"
        else ""
    )
    return [
        el("p", el("strong", "Playability"), f" ({players} play):", class_="wa-playability-head"),
        table(heads, rows, classes=["wa-readings-playability"]),
        el(
            "p",
            caveat + "Evidence of playability, not of history: a reading that plays evenly is not thereby what the "
            "text meant. Each value with its 95 % interval over the row's games: Wilson's for the shares; a percentile "
            "bootstrap for the means; for balance (1 − the gap between the sides' win rates) Tango's interval of that "
            f"gap. Decided by the rules: won, or drawn by a rule of the game{conjectured_draws(rs)}; unfinished: stopped by "
            f"the project's ply limit ({limit} plies), not a draw. Lead changes: how often the side ahead in material "
            f"changed in a game. All of it describes {players} play, not the rules under every kind of play.",
            class_="wa-muted",
        ),
    ]


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
        out: list[nodes.Node] = robustness.option_table(studies, rid, option, self)
        for s in summaries:
            players = s["meta"]["design"]["players"]
            shown = self._study(rid, option, s)
            if players == list(BASELINE):
                out += shown
            else:  # summed up in the table across kinds of play: the pairing's own verdicts fold, as its evidence does
                out.append(
                    el(
                        "details",
                        el("summary", f"{' against '.join(players)}: the verdicts, plot and evidence"),
                        *shown,
                        class_="wa-pairing",
                    )
                )
        return out

    def _study(self, rid: str, option: str, s: dict[str, Any]) -> list[nodes.Node]:
        from .study_figures import paired_differences

        rs = ruleset(rid)
        meta = s["meta"]
        default = meta["published"]["default"]
        names = {r["label"]: r["label"].partition("=")[2] for r in meta["readings"]}
        studies = studies_dir(self.config, self.env.srcdir)
        self.env.note_dependency(str(ladder_folder(studies, rid) / output.META_FILE))  # the players' ratings
        design, notes = _players_note(s, studies)
        out: list[nodes.Node] = [design]
        players = meta["design"]["players"]
        folder = studies / rid / option / slug(players)
        intervals = results_intervals(folder, s, list(rs.sides), site_cache_dir(self.config, self.env.srcdir))
        comparisons, rules_q, family_files = _families(studies, players)
        for path in family_files:  # a verdict's q depends on every study published beside it
            self.env.note_dependency(str(path))

        answers, against, changes = (against_default(s[k], default) for k in ("omnibus", "pairs", "rule_changes"))
        changes = [r | {"q": rules_q[(rid, option, r["reading_b"], r["rule"])]} for r in changes]
        verdicts = el("ul", class_="wa-verdicts")
        for o in answers:
            other = o["reading_b"]
            pairs = [p for p in against if p["reading_b"] == other]
            flagged = [r for r in changes if r["reading_b"] == other and r["q"] < ALPHA]
            comparison = comparisons[(rid, option, other)]
            retested = retest(studies, comparison, players) if comparison.finding else None
            self.env.note_dependency(str(studies / CONFIRMATION / rid / option / slug(players) / "summary.json"))
            play = f"{' against '.join(players)} play"
            text, carrier = verdict(o, pairs, flagged, comparison, retested, play, conjectured_draws(rs))
            item = el("li", el("strong", f"{names[other]}: "), text)
            if carrier:
                item += nodes.Text(" The rule whose firing changed most clearly: ")
                item += rule_link(rid, carrier["rule"]) if carrier["summary"] else nodes.literal(text=carrier["rule"])
                item += nodes.Text(
                    f" (fired {carrier['per_game_a']:.2f} → {carrier['per_game_b']:.2f} times per game; "
                    f"more on {carrier['seeds_more']:,} seeds, fewer on {carrier['seeds_fewer']:,})."
                )
            verdicts += item
        out.append(verdicts)
        out.append(el("p", chance_sentence(list(comparisons.values())), class_="wa-muted"))

        seen = {p["measure"] for p in against if p["value_a"] or p["value_b"]}  # draws only where a rule defines one
        measures = [*(f"{side} win rate" for side in rs.sides), *(m for m in ("draw rate", "unfinished rate") if m in seen)]
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
        rows = [
            [names[r["reading"]] + (" (default)" if r["reading"] == default else ""), f"{r['games']:,}"]
            + [_interval(r[f"{side}_wins_rate"], r[f"{side}_wins_lo"], r[f"{side}_wins_hi"]) for side in rs.sides]
            + [_share(i["draws"]), _share(i["unfinished"])]
            for r in s["readings"]
            for i in [intervals[r["reading"]]]
        ]
        out.append(table(heads, rows, classes=["wa-readings-results"]))
        out += _playability(s["readings"], intervals, names, default, rs.declared[option].certainty, meta, rs)
        out += self._rules(rid, names, changes, len(rules_q))
        return [*out[:shown], _evidence(meta["design"]["players"], [notes, *out[shown:]])]

    def _rules(self, rid: str, names: dict[str, str], mine: list[dict[str, Any]], screened: int) -> list[nodes.Node]:
        flagged = [c for c in mine if c["q"] < ALPHA]
        screen = (
            f"exact sign tests on the seeds where a rule's count differs, for the {len(mine)} rules here with at least "
            f"10 such seeds; q: Benjamini–Hochberg over all {screened:,} rules screened for this pairing of players"
        )
        if not flagged:
            return [el("p", f"No rule fired detectably more or less often ({screen}).", class_="wa-muted")]
        rows = [
            [
                [rule_link(rid, c["rule"])] if c["summary"] else c["rule"],
                [badge(c["certainty"])] if c["certainty"] else "",
                f"{names[c['reading_a']]} {c['per_game_a']:.2f} → {names[c['reading_b']]} {c['per_game_b']:.2f}",
                f"{c['seeds_more']:,} / {c['seeds_fewer']:,}",
                p_text(c["p"]).removeprefix("p "),
                p_text(c["q"], "q").removeprefix("q "),
                citations((c["cites"] or "").split(), wording=False),
            ]
            for c in flagged
        ]
        heads = ["rule", "certainty", "fired per game", "seeds more / fewer", "p", "q", "passages"]
        return [el("p", f"Rules that fired more or less often ({screen}):"), table(heads, rows)]
