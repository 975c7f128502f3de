"""Does a reading's effect hold across kinds of play? Each reading against its default under random, greedy and strong play.

A verdict of one study is about the play that produced it: greedy players
look one move ahead, and what a reading changes in their hands may vanish
when both sides plan, or appear only then. This module lines up, for every
reading of every option, its verdict in each of the three self-play
pairings the archive publishes at scale (:data:`PLAYS`): random against
random (no intent at all), greedy against greedy (naive play) and strong
against strong (both sides plan a little). Each verdict is the one its
readings page states: a *finding* is q < 0.05 over everything published for
that pairing (:func:`.verdicts.family`), and it is *confirmed* only by its
retest on fresh seeds (:func:`.verdicts.retest`).

The effect is then classed plainly (:func:`holds`): in every kind of play
studied, in naive play but not in strong play, the other way round, in some
other mix, or in none. A play whose studies are not published (strong play of a ruleset not
yet run) is named as missing, never read as "no effect"; and "not confirmed"
is never read as "no effect" either: the row keeps the interval, which says
how large an effect the seeds could have missed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .publish import NAIVE, TARGETS
from .verdicts import against_default, family, main_change, retest, summaries

if TYPE_CHECKING:
    import pandas as pd

PLAYS: tuple[tuple[str, str], ...] = tuple(TARGETS)
"""The kinds of play compared, from none to the most planning: the self-play pairings published at the target (random,
greedy and strong against themselves)."""
NAMES = {play: play[0] for play in PLAYS}

CONFIRMED, NOT_CONFIRMED, NOT_RETESTED, NO_FINDING = "confirmed", "not confirmed", "not yet retested", "no finding"
"""A reading's status in one kind of play, as its page words it: a finding confirmed on fresh seeds, one the fresh seeds
did not confirm, one not retested yet, and no finding (q ≥ 0.05 over its family)."""


@dataclass(frozen=True)
class Effect:
    """One reading against its default in one kind of play: its verdict and the size of the change on the seeds."""

    play: tuple[str, str]
    games: int
    p: float
    q: float
    status: str
    measures: dict[str, tuple[float, float, float]]  # measure → (difference, low, high): every paired difference
    main: str | None  # the measure of the change its verdict names (largest whose interval excludes 0), if any
    sign: int


@dataclass(frozen=True)
class Reading:
    """One reading of one option, and its effect in each kind of play published for it."""

    ruleset: str
    option: str
    reading: str
    default: str
    effects: dict[tuple[str, str], Effect]

    @property
    def measure(self) -> str | None:
        """The change to show across plays: the confirmed one of the most planning play, else any finding's, else greedy's."""
        ranked = [e for e in reversed(PLAYS) if e in self.effects]
        for wanted in (CONFIRMED, NOT_CONFIRMED, NOT_RETESTED, NO_FINDING):
            for play in ranked:
                if self.effects[play].status == wanted and self.effects[play].main:
                    return self.effects[play].main
        return None

    @property
    def holds(self) -> str:
        """Where its effect holds, in a sentence (:func:`holds`)."""
        return holds(self.effects, self.measure)[1]

    @property
    def kind(self) -> str:
        """Where its effect holds, as a class: one of the module's constants ``ALL``, ``NAIVE_ONLY``, … (:func:`holds`)."""
        return holds(self.effects, self.measure)[0]


ALL, DIFFERENT, NAIVE_ONLY, STRONG_ONLY, SOME, ONE, NONE = (
    "holds in every kind of play studied",
    "confirmed in several kinds of play, not as the same change",
    "confirmed in naive play, not in strong play",
    "confirmed in strong play, not in naive play",
    "in some kinds of play, not others",
    "confirmed in the one kind of play studied",
    "no confirmed change",
)
"""Where an effect holds, as classes (:func:`holds`'s first value): what the readings index counts."""


def holds(effects: dict[tuple[str, str], Effect], measure: str | None) -> tuple[str, str]:
    """Where the reading's effect is confirmed: its class, and a sentence saying so in plain words.

    A kind of play not published is named as not studied. Confirmed in
    several kinds of play is one effect only where ``measure`` (the change
    shown across them) moves the same way in each, its interval clear of 0;
    else the sentence says they are not the same change.
    """
    studied = [p for p in PLAYS if p in effects]
    confirmed = [p for p in studied if effects[p].status == CONFIRMED]
    missing = [NAMES[p] for p in PLAYS if p not in effects]
    gap = f" ({_words(missing)} play not studied)" if missing else ""
    ways = {_way(effects[p], measure) for p in confirmed}
    turn = " — but not the same change in each" if len(confirmed) > 1 and (len(ways) > 1 or 0 in ways) else ""
    unconfirmed = [p for p in studied if p not in confirmed]
    yes, no = _words([NAMES[p] for p in confirmed]), _words([NAMES[p] for p in unconfirmed])
    if not confirmed:
        return NONE, f"No confirmed change in {no} play{gap}."
    if confirmed == studied:
        if len(studied) == 1:
            return ONE, f"Confirmed in {yes} play{gap}."
        if turn:
            return DIFFERENT, f"Confirmed in every kind of play studied ({yes}), but not as the same change in each{gap}."
        return ALL, f"Holds in every kind of play studied: {yes}{gap}."
    if PLAYS[2] in studied and set(confirmed) <= set(NAIVE):
        said = f"Confirmed in {yes} play, not in {no} play{turn}{gap}"
        return DIFFERENT if turn else NAIVE_ONLY, said + _missed(effects, measure, confirmed, unconfirmed) + "."
    if confirmed == [PLAYS[2]]:
        said = f"Confirmed in strong play (both sides plan), not in {no} play{gap}"
        return STRONG_ONLY, said + _missed(effects, measure, confirmed, unconfirmed) + "."
    return DIFFERENT if turn else SOME, f"Confirmed in {yes} play, not in {no} play{turn}{gap}."


def _missed(effects: dict[tuple[str, str], Effect], measure: str | None, confirmed: list, unconfirmed: list) -> str:
    """Whether the plays that did not confirm the change rule out one as large as the confirmed plays found.

    Not confirmed is not "no effect": where such a play's interval of the
    same change still holds a confirmed play's estimate, the sentence says so.
    """
    found = [effects[p].measures[measure][0] for p in confirmed if measure in effects[p].measures]
    parts = []
    for p in unconfirmed:
        if measure not in effects[p].measures or not found:
            continue
        d, lo, hi = effects[p].measures[measure]
        rules_out = not any(lo <= f <= hi for f in found)
        parts.append(
            f"{NAMES[p]} play's {measure}, {d:+.3f} [{lo:+.3f}, {hi:+.3f}], "
            + ("rules out a change as large" if rules_out else "does not rule out a change as large")
        )
    return f"; {'; '.join(parts)}" if parts else ""


def _way(effect: Effect, measure: str | None) -> int:
    """Which way ``measure`` moved in this play: +1 or −1 where its interval excludes 0, else 0."""
    _, lo, hi = effect.measures.get(measure or "", (0.0, 0.0, 0.0))
    return 1 if lo > 0 else -1 if hi < 0 else 0


def _words(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``; nothing for none."""
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def readings(root: str | Path) -> list[Reading]:
    """Every reading-vs-default comparison published under ``root``, with its effect in each kind of play (:data:`PLAYS`)."""
    root = Path(root)
    found: dict[tuple[str, str, str], dict[tuple[str, str], Effect]] = {}
    defaults: dict[tuple[str, str, str], str] = {}
    for play in PLAYS:
        studies = summaries(root, play)
        comparisons = family(studies)
        for s in studies:
            pub, games = s["meta"]["published"], s["meta"]["design"]["games"]
            pairs = against_default(s["pairs"], pub["default"])
            for o in against_default(s["omnibus"], pub["default"]):
                key = (pub["ruleset"], pub["option"], o["reading_b"])
                c = comparisons[key]
                mine = [p for p in pairs if p["reading_b"] == o["reading_b"]]
                found.setdefault(key, {})[play] = Effect(
                    play,
                    games,
                    c.p,
                    c.q,
                    _status(root, c, play),
                    {p["measure"]: (p["difference"], p["difference_lo"], p["difference_hi"]) for p in mine},
                    (main_change(mine) or {}).get("measure"),
                    c.sign,
                )
                defaults[key] = pub["default"]
    return [Reading(*key, defaults[key], effects) for key, effects in sorted(found.items())]


def _status(root: Path, comparison: Any, play: tuple[str, str]) -> str:
    if not comparison.finding:
        return NO_FINDING
    again = retest(root, comparison, list(play))
    return NOT_RETESTED if again is None else CONFIRMED if again.confirmed else NOT_CONFIRMED


def headline(found: list[Reading]) -> str:
    """The count of readings in each class, in one sentence: what the readings index and the README lead with.

    It names the rulesets whose strong play is published, since the others'
    effects cannot yet be "confirmed in naive play but not in strong play", and the seeds of any published
    on fewer than the target.
    """
    from ..engine import ruleset

    phrases = {
        ALL: "{} hold in every kind of play studied",
        NAIVE_ONLY: "{} are confirmed in naive play but not in strong play",
        STRONG_ONLY: "{} in strong play but not in naive play",
        SOME: "{} in some kinds of play but not others",
        DIFFERENT: "{} are confirmed in several kinds of play but not as the same change",
        ONE: "{} are confirmed in the one kind of play studied",
        NONE: "{} show no confirmed change",
    }
    seeds: dict[str, int] = {}  # per ruleset with strong play published, its fewest seeds a study
    for r in found:
        if PLAYS[2] in r.effects:
            seeds[r.ruleset] = min(seeds.get(r.ruleset, TARGETS[PLAYS[2]]), r.effects[PLAYS[2]].games)
    named = []
    for rid in sorted(seeds):
        title = ruleset(rid).title  # "The Finnish map game" mid-sentence: "the Finnish map game"
        title = title[0].lower() + title[1:] if title.startswith("The ") else title
        short = seeds[rid] < TARGETS[PLAYS[2]]  # a smaller study is named as such, never passed off as the target
        named.append(f"{title} (on {seeds[rid]:,} paired seeds)" if short else title)
    where = _words(named) if named else "no game yet"
    parts = [phrase.format(n) for kind, phrase in phrases.items() if (n := sum(r.kind == kind for r in found))]
    return (
        f"Of the {len(found)} readings compared with their defaults in random, greedy and strong self-play (strong play "
        f"published so far for {where}): {_words(parts)}."
    )


def table(root: str | Path) -> pd.DataFrame:
    """:func:`readings` as one row per reading and kind of play, for pandas: the verdicts the pages line up, as data.

    Columns: ruleset, option, reading, default, play, games, p, q, status,
    measure (the change shown across plays), difference, low, high (its paired
    difference and 95 % interval in this play), and where the effect holds:
    ``holds_in`` (a class, :func:`holds`) and ``holds`` (the sentence).
    """
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for r in readings(root):
        for play, e in r.effects.items():
            diff = e.measures.get(r.measure or "", (None, None, None))
            rows.append(
                {
                    "ruleset": r.ruleset,
                    "option": r.option,
                    "reading": r.reading,
                    "default": r.default,
                    "play": NAMES[play],
                    "games": e.games,
                    "p": e.p,
                    "q": e.q,
                    "status": e.status,
                    "measure": r.measure,
                    "difference": diff[0],
                    "low": diff[1],
                    "high": diff[2],
                    "holds_in": r.kind,
                    "holds": r.holds,
                }
            )
    return pd.DataFrame(rows)
