"""The Strength ladder page: each hidden-rank game's round robin of computer players, rendered from the published ladder.

``wararchive ladder`` (:mod:`wararchive.study.ladder`) plays and saves it
under the studies' folder; ``{wa-ladder} RULESET`` shows one game's
Bradley–Terry ratings with their intervals and, folded, every pairing's
score. The build plays no game.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..engine import ruleset
from ..study import ladder as lad, output
from .html import el
from .memo import read_once
from .studies import studies_dir
from .tables import table


def _interval(value: float, lo: float, hi: float, digits: int) -> str:
    return f"{value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def _load(root: Path, rid: str) -> tuple | None:
    """:func:`wararchive.study.ladder.load`, read once per build (again when its ``study.json`` changed).

    Every pairing of every option quotes its players' ratings: a readings
    page asks for the same ladder some hundred times.
    """
    meta = lad.folder(root, rid) / output.META_FILE
    return read_once(f"ladder {meta}", [meta], lambda: lad.load(root, rid))


def rating_note(root: Path, rid: str, player: str) -> str | None:
    """A player's place on the ruleset's published ladder, as a clause for its strength note; None if not rated there."""
    found = _load(root, rid)
    if found is None:
        return None
    tables, meta = found
    row = tables["ratings"][tables["ratings"]["player"] == player]
    if row.empty:
        return None
    r = row.iloc[0]
    d = meta["design"]
    return (
        f"On the strength ladder of {ruleset(rid).title} ({len(d['players'])} players, {d['games']:,} games a pairing on "
        f"fresh seeds, sides alternated): rated {_interval(r.rating, r.rating_lo, r.rating_hi, 0)} on the Elo scale "
        f"with random at 0, mean score {r.score:.3f} over {r.games:,} games."
    )


class Ladder(SphinxDirective):
    """``{wa-ladder} RULESET``: one game's ratings and, folded, its pairings; or the command that publishes them."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        (rid,) = self.arguments
        ruleset(rid)  # an unknown id fails the build, naming it
        where = lad.folder(studies_dir(self.config, self.env.srcdir), rid)
        self.env.note_dependency(str(where / output.META_FILE))
        found = _load(where.parent.parent, rid)
        if found is None:
            command = nodes.literal(text=f"{lad.COMMAND} --ruleset {rid}")
            return [el("p", "Not yet published: ", command, " plays it.", class_="wa-muted")]
        return self._game(*found)

    def _game(self, tables: dict, meta: dict) -> list[nodes.Node]:
        d = meta["design"]
        pairs = len(d["players"]) * (len(d["players"]) - 1) // 2
        last = d["seed"] + d["games"] - 1
        anchor = d["players"][0]  # rated 0 by definition: no interval
        rows = [
            [
                r.player,
                "0 (the anchor)" if r.player == anchor else _interval(r.rating, r.rating_lo, r.rating_hi, 0),
                f"{r.score:.3f}",
                f"{r.games:,}",
            ]
            for r in tables["ratings"].itertuples()
        ]
        ratings = table(["player", "rating [95 % interval]", "mean score", "games"], rows, classes=["wa-ladder"])
        rows = [
            [f"{r.first} v {r.second}", f"{r.games:,}", _interval(r.score_first, r.lo, r.hi, 3), f"{r.unfinished:.3f}"]
            for r in tables["pairings"].itertuples()
        ]
        pairings = table(["pairing", "games", "first-named's score [Wilson 95 %]", "unfinished"], rows, classes=["wa-ladder"])
        what = (
            f"{pairs} pairings of {len(d['players'])} players, {d['games']:,} games each on seeds {d['seed']:,}…{last:,} "
            "(none played by a study or used to tune a player), sides alternating, default options. "
            f"Scoring: {meta['scoring']}. Ratings: {meta['ratings']}. "
        )
        short = f"Fewer than the {lad.GAMES} games a pairing aimed at; " if d["games"] < lad.GAMES else ""
        return [
            ratings,
            el("p", what, short, nodes.literal(text=meta["command"]), " regenerates it.", class_="wa-muted"),
            el("details", el("summary", "Every pairing's score"), pairings, class_="wa-evidence"),
        ]
