"""What the published studies may claim: findings controlled across everything published together, then retested.

A readings page shows many comparisons side by side, so a p-value below
0.05 on one of them is no finding: with 54 comparisons and no reading
changing anything, chance alone would give about three. The verdicts are
therefore drawn per *family*, everything published together for one
pairing of players: every reading-vs-default comparison of every option of
every ruleset, and (a second family) every rule screened in them. Each
comparison gets a Benjamini–Hochberg q-value over its family, and only
q < 0.05 makes it a *finding*.

A finding is then retested on fresh seeds (:data:`~wararchive.study.seeds.CONFIRMATION_SEED`,
disjoint from the discovery seeds and from the command line's default
:data:`~wararchive.study.seeds.EXPLORATION_SEED`), as its own one-comparison study;
it is *confirmed* when that retest rejects at 5 % and the change the finding
names goes the same way there, its 95 % interval clear of 0. Under no
effect a finding is confirmed at most 5 % of the time (tested by
simulation in the suite); halves of the discovery seeds are no such
check: a false finding's halves agree most of the time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import output
from .design import slug
from .stats import ALPHA, benjamini_hochberg

CONFIRMATION = "confirmation"
"""The folder, beside the published studies, of the retests: ``confirmation/RULESET/OPTION/PLAYERS``.

One retest per option and pairing: the default and every reading of that option found to differ from it."""


@dataclass(frozen=True)
class Comparison:
    """One reading against its option's default in one published study, with its place in the family."""

    ruleset: str
    option: str
    reading: str  # the other reading's label, e.g. "spy_vs_marshal=swedish"
    default: str
    p: float
    q: float
    change: str | None  # the measure whose interval excludes 0 and moved most (None: no single rate's interval does)
    sign: int  # the direction of that change (+1 / −1; 0 without one)

    @property
    def finding(self) -> bool:
        return self.q < ALPHA


def against_default(rows: list[dict[str, Any]], default: str) -> list[dict[str, Any]]:
    """The rows of a study's pairs that compare a reading with the default, read default → other.

    A study lists its pairs in the readings' declared order and the default
    is not always first; a row with the default second is turned round
    (its readings, counts and cross-table swapped, its differences negated).
    """
    out = []
    for row in rows:
        if row["reading_a"] == default:
            out.append(row)
        elif row["reading_b"] == default:
            turned = dict(row)
            for x, y in (("reading_a", "reading_b"), ("value_a", "value_b"), ("a_only", "b_only"), ("per_game_a", "per_game_b")):
                if x in row:
                    turned[x], turned[y] = row[y], row[x]
            if "seeds_more" in row:
                turned["seeds_more"], turned["seeds_fewer"] = row["seeds_fewer"], row["seeds_more"]
            for k in ("difference", "score_shift"):
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


def excludes_zero(row: dict[str, Any]) -> bool:
    """Whether a paired difference's 95 % interval lies wholly on one side of 0."""
    return row["difference_lo"] > 0 or row["difference_hi"] < 0


def direction(row: dict[str, Any] | None) -> int:
    """Which way a paired difference went: +1, −1, or 0 (no change, or no row)."""
    return 0 if row is None or row["difference"] == 0 else (1 if row["difference"] > 0 else -1)


def clear_direction(row: dict[str, Any] | None) -> int:
    """Which way a paired difference went where its 95 % interval excludes 0; 0 where it includes 0 (or no row).

    A retest confirms a change only by this: a difference whose interval
    includes 0 shows no direction, however its point estimate falls.
    """
    return direction(row) if row is not None and excludes_zero(row) else 0


def main_change(pairs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Of one comparison's rate differences, the largest whose interval excludes 0; None if none does."""
    clear = [p for p in pairs if p["measure"] != "mean plies" and excludes_zero(p)]
    return max(clear, key=lambda p: abs(p["difference"])) if clear else None


def summary_paths(root: Path, players: tuple[str, str] | list[str]) -> list[Path]:
    """The ``summary.json`` of every study of one pairing published under ``root`` (its family), in a fixed order."""
    return sorted(root.glob(f"*/*/{slug(players)}/summary.json"))


def summaries(root: Path, players: tuple[str, str] | list[str]) -> list[dict[str, Any]]:
    """Every study of one pairing published under ``root``, each checked against its content hash (:func:`.output.read`)."""
    return [json.loads(output.read(p.parent, p.name)) for p in summary_paths(root, players)]


def family(summaries: list[dict[str, Any]]) -> dict[tuple[str, str, str], Comparison]:
    """Every reading-vs-default comparison of these summaries (one pairing's), with its q over all of them."""
    found = []
    for s in summaries:
        pub = s["meta"]["published"]
        default = pub["default"]
        pairs = against_default(s["pairs"], default)
        for o in against_default(s["omnibus"], default):
            change = main_change([p for p in pairs if p["reading_b"] == o["reading_b"]])
            found.append((pub["ruleset"], pub["option"], o["reading_b"], default, float(o["p"]), change, direction(change)))
    q = benjamini_hochberg([f[4] for f in found])
    return {
        (rid, opt, reading): Comparison(rid, opt, reading, default, p, float(qv), change and change["measure"], sign)
        for (rid, opt, reading, default, p, change, sign), qv in zip(found, q, strict=True)
    }


def rule_family(summaries: list[dict[str, Any]]) -> dict[tuple[str, str, str, str], float]:
    """Every rule screened against the default in these summaries, with its q over all of them.

    Keyed by (ruleset, option, reading, rule).
    """
    found = []
    for s in summaries:
        pub = s["meta"]["published"]
        for r in against_default(s["rule_changes"], pub["default"]):
            found.append(((pub["ruleset"], pub["option"], r["reading_b"], r["rule"]), float(r["p"])))
    q = benjamini_hochberg([p for _, p in found])
    return {key: float(qv) for (key, _), qv in zip(found, q, strict=True)}


def chance_sentence(comparisons: list[Comparison]) -> str:
    """How many findings chance alone would give, in plain words, beside how many there are."""
    m = len(comparisons)
    raw = sum(c.p < ALPHA for c in comparisons)
    kept = sum(c.finding for c in comparisons)
    return (
        f"{m} readings are compared with their defaults for this pairing. If no reading changed anything, about "
        f"{m * ALPHA:.1f} of them would still show p < {ALPHA:g} by chance; {raw} do. Controlling the false discovery "
        f"rate at 5 % over all {m} (Benjamini–Hochberg), {kept} remain as findings, each then retested on fresh seeds."
    )


@dataclass(frozen=True)
class Retest:
    """A finding's retest on fresh seeds: its Stuart–Maxwell p, the direction of the same change, and the verdict.

    ``change`` is the retest's row of the measure the finding names, ``main``
    the retest's own largest change clear of 0 (:func:`main_change`): a page
    says what the fresh seeds showed where they did not confirm the finding.
    """

    games: int
    first_seed: int
    p: float
    sign: int  # the named change's direction on the fresh seeds, 0 unless its interval excludes 0 (clear_direction)
    confirmed: bool
    change: dict[str, Any] | None = None
    main: dict[str, Any] | None = None


def confirmed(finding: Comparison, retest_p: float, retest_sign: int) -> bool:
    """The rule of confirmation: the fresh seeds reject at 5 % and the finding's change moves the same way there, its
    interval clear of 0 (``retest_sign`` from :func:`clear_direction`)."""
    return retest_p < ALPHA and (finding.sign == 0 or retest_sign == finding.sign)


def retest(root: Path, finding: Comparison, players: list[str]) -> Retest | None:
    """The published retest of ``finding`` (under ``root/confirmation``), or None if none is published yet."""
    path = root / CONFIRMATION / finding.ruleset / finding.option / slug(players) / "summary.json"
    if not path.is_file():
        return None
    s = json.loads(output.read(path.parent, path.name))
    if finding.reading not in s["meta"]["published"].get("findings", []):
        return None  # retested for other readings (the findings changed since): not this one's
    (o,) = [o for o in against_default(s["omnibus"], finding.default) if o["reading_b"] == finding.reading]
    pairs = [p for p in against_default(s["pairs"], finding.default) if p["reading_b"] == finding.reading]
    row = next((p for p in pairs if p["measure"] == finding.change), None)
    sign, d = clear_direction(row), s["meta"]["design"]
    return Retest(d["games"], d["seed"], float(o["p"]), sign, confirmed(finding, float(o["p"]), sign), row, main_change(pairs))
