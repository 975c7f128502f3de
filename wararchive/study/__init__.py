"""Rule-impact studies: what an ambiguous reading changes, measured on paired games.

>>> from wararchive.study import study
>>> s = study("japanese-war-game", {"spy_vs_marshal": ["finnish", "swedish"]}, games=4, workers=1)
>>> list(s.readings["reading"])
['spy_vs_marshal=finnish', 'spy_vs_marshal=swedish']

Modules by job: :mod:`.design` (readings, seeds, players), :mod:`.run`
(playing the games, on Dask), :mod:`.stats` (intervals and tests),
:mod:`.output` (Parquet/CSV with reproducibility metadata).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import ruleset
from ..runner import Pool, parallel_map
from .design import Design, design
from .seeds import EXPLORATION_SEED

if TYPE_CHECKING:  # pandas, scipy and Dask load when a study is run or read, not when the site lists what is studied
    import pandas as pd

FORMAT = "wararchive-study/1"
POOL: Pool = "processes"
"""The local workers of ``study``, ``publish-studies`` and ``ladder`` (a Dask cluster with ``scheduler``).

A process pool rather than an embedded Dask cluster: nothing to start (the
workers are forked with the archive and the compiled kernel already
loaded), and no scheduler in this process. Measured on 2 cores, warmed,
N = 2 each: a Japanese War Game study of 4,000 greedy games on 2 workers
took 0.53-0.62 s against 2.35-2.89 s on Dask, its start included; for the
Japanese War Game's 10 studies at 1,000 seeds (12,000 games) on 8 workers,
this process spent 0.24-0.25 CPU-s against 0.50-0.75 on Dask, and that
process's work is what no added worker takes over.
"""


@dataclass
class Study:
    """A study's design, metadata and tables (pandas DataFrames).

    ``games``: one row per game (reading, seed, first player, winner, plies,
    adjudicated, end rule, lead changes, setup hash); ``fired`` and
    ``pieces``: per game, how often each rule fired and which pieces
    survived; ``readings``: per reading, rates with Wilson intervals,
    length, mean lead changes and Ludii's metrics; ``omnibus``: per pair of
    readings, the one answer (seeds whose outcome changed, winners flipped,
    the 4 × 4 cross-table of sides' wins, draws and unfinished games,
    Stuart–Maxwell's test); ``pairs``: per pair and measure, paired differences with
    Tango's interval and the discordant counts; ``rules`` / ``rule_changes``:
    rule firings per reading and the screen of their paired changes, with
    each rule's certainty and passages; ``survival``: the share of each
    piece left at the end (see :mod:`.stats`).
    """

    design: Design
    meta: dict[str, Any]
    games: pd.DataFrame
    fired: pd.DataFrame
    pieces: pd.DataFrame
    readings: pd.DataFrame
    omnibus: pd.DataFrame
    pairs: pd.DataFrame
    rules: pd.DataFrame
    rule_changes: pd.DataFrame
    survival: pd.DataFrame

    TABLES = ("games", "fired", "pieces", "readings", "omnibus", "pairs", "rules", "rule_changes", "survival")

    def tables(self) -> dict[str, pd.DataFrame]:
        return {name: getattr(self, name) for name in self.TABLES}

    def save(self, folder: str | Path) -> list[Path]:
        from . import output

        return output.save(self.tables(), self.meta, folder)


def study(
    ruleset_id: str,
    vary: dict[str, list[Any]],
    games: int = 200,
    players: tuple[str, str] | list[str] = ("greedy", "greedy"),
    seed: int = EXPLORATION_SEED,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
    alternate: bool = True,
    engine: str = "auto",
) -> Study:
    """Play ``games`` seeds under every combination of the ``vary`` readings and compare them.

    The seeds start at :data:`~wararchive.study.seeds.EXPLORATION_SEED` unless ``seed``
    says otherwise: a block no published study or retest plays, so a study
    run here is a new sample, not a replay of the published games.
    ``options`` fixes other options for all readings; two different
    ``players`` change sides on odd seeds unless ``alternate`` is False. ``workers`` local
    processes (default: every core; 1: in this process) or a Dask
    ``scheduler`` address play the games; the tables do not depend on which,
    nor on the ``engine`` (``auto``: the compiled kernel where it covers the
    ruleset and players, :mod:`wararchive.kernel`; ``meta["engine"]`` says which ran).
    """
    d = design(ruleset_id, vary, games, players, seed, options, alternate)
    return studies([d], workers=workers, scheduler=scheduler, progress=progress, engine=engine)[0]


def studies(
    designs: list[Design],
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
    pool: Pool = POOL,
    engine: str = "auto",
) -> list[Study]:
    """Several studies whose games share one parallel run (see :func:`study`; ``pool`` as in :mod:`wararchive.runner`).

    Their analyses (bootstrap intervals, rule tables) are independent too, and
    for many small studies (the site's) they cost as much as the games: they
    are spread over the same workers.
    """
    from .run import engines, run

    ran = [engines(d, engine) for d in designs]  # refuses engine="kernel" where it does not cover, before any game
    raws = run(designs, workers=workers, scheduler=scheduler, progress=progress, pool=pool, engine=engine)
    out = parallel_map(_analyse, list(zip(designs, raws, strict=True)), workers=workers, scheduler=scheduler, pool=pool)
    for s, e in zip(out, ran, strict=True):
        s.meta["engine"] = e
    return out


def _analyse(job: tuple[Design, dict[str, pd.DataFrame]]) -> Study:
    from . import stats

    d, raw = job
    order = [r.label for r in d.readings]
    sides = list(ruleset(d.ruleset).sides)
    info = _rule_info(d)
    matrices = stats.fired_matrices(raw["fired"], raw["games"], order)
    return Study(
        design=d,
        meta=_meta(d),
        **raw,
        readings=stats.readings_table(raw["games"], sides, order),
        omnibus=stats.omnibus_table(raw["games"], sides, order),
        pairs=stats.pairs_table(raw["games"], sides, order),
        rules=stats.rules_table(matrices, info),
        rule_changes=stats.rule_changes(matrices, info),
        survival=stats.survival_table(raw["pieces"], order),
    )


def _rule_info(d: Design) -> pd.DataFrame:
    """Every rule of every reading: its summary, certainty and cited passages (the first reading's wording wins)."""
    import pandas as pd

    seen: dict[str, dict[str, Any]] = {}
    for r in d.readings:
        for rule in ruleset(d.ruleset, **r.options).rules:
            seen.setdefault(
                rule.id, {"rule": rule.id, "summary": rule.summary, "certainty": rule.certainty, "cites": " ".join(rule.cites)}
            )
    return pd.DataFrame(list(seen.values()), columns=["rule", "summary", "certainty", "cites"])


def _meta(d: Design) -> dict[str, Any]:
    from . import stats

    try:
        package = version("wararchive")
    except PackageNotFoundError:  # running from a source tree that is not installed
        package = "unknown"
    return {
        "format": FORMAT,
        "design": d.to_dict(),
        "seeds": d.seeds,
        "readings": [
            {"label": r.label, "options": r.options, "fingerprint": f} for r, f in zip(d.readings, d.fingerprints(), strict=True)
        ],
        "package": package,
        "statistics": {
            "confidence": stats.CONFIDENCE,
            "omnibus": f"Stuart–Maxwell (exact conditional up to {stats.EXACT_LIMIT} tables, else χ²)",
            "rate_intervals": "Tango score",
            "rule_screen": f"exact sign test, {stats.SCREEN}-adjusted, rules with ≥ {stats.MIN_DISCORDANT} discordant seeds",
            "bootstrap_seed": stats.BOOTSTRAP_SEED,
            "bootstrap_resamples": stats.BOOTSTRAP_RESAMPLES,
        },
    }


__all__ = ["Design", "Study", "design", "studies", "study"]
