"""The published studies: every interpretation option of every ruleset, studied on paired seeds, kept as data.

``wararchive publish-studies`` (:mod:`wararchive.cli.study_cmds`) plays,
for every option, the same seeds under each of its readings and writes
``docs/studies/RULESET/OPTION/PLAYERS/``: the tables as Parquet,
``study.json`` (the design, the seeds, every reading's fingerprint: its
ruleset data and the code that plays the games, its players' code only) and ``summary.json``, what
the site's readings pages show. The site renders these files and plays no game.

All options' games share one parallel run (every core, or a Dask cluster
with ``--scheduler``), and a game that several studies need (the default
reading, on the same seed, with the same players) is played once. The seeds
are played in blocks, each saved under ``.partial/`` (not versioned) as it
completes, so an interrupted run resumes where it stopped and a larger run
of the same code reuses the seeds already played; a study whose saved
design and fingerprints still hold (and whose files match their hashes,
see :mod:`.output`) is not played again. A study whose games are current
but whose analysis is not (a change to the statistics) is analysed again
from its own published games: none is played.

A saved block is published without being replayed, so it must be what was
saved (:mod:`.checkpoint`): a block that is not is refused, naming it, and
``--discard-bad-blocks`` deletes such blocks and plays their seeds again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import ruleset, rulesets
from ..engine.fingerprint import source_hash
from ..errors import WararchiveError
from ..fileio import atomic_write_bytes
from ..paths import STUDIES, in_checkout
from ..players import players as registered_players
from ..players.strong import BeliefPlayer
from ..runner import parallel_iter
from . import POOL, Study, _analyse, checkpoint, output
from .design import Design, design, options_studied, slug
from .played import Played
from .run import GameKey, block_jobs, engines, game_keys, play_seeds, unblock
from .seeds import BLOCK as SEED_BLOCK, CONFIRMATION_SEED, DISCOVERY_SEED
from .verdicts import CONFIRMATION, family, summaries

ROOT = Path(__file__).resolve().parents[2] / "docs" / "studies"  # in the source tree, beside the site that renders them


def default_root() -> Path:
    """Where studies are published unless told: the source tree's ``docs/studies``, or ``./studies`` for an installed package.

    An installed package never writes into its own folder; ``wararchive site``
    run in the same directory shows what was published there.
    """
    return ROOT if in_checkout() else Path.cwd() / STUDIES


GAMES = 2000  # the target: paired seeds per reading for greedy against greedy
BASELINE = ("greedy", "greedy")  # the pairing every page leads with
NAIVE = (("random", "random"), BASELINE)
"""The pairings studied for every ruleset at the target: with no intent at all, and looking one move ahead."""
TARGETS = {**dict.fromkeys(NAIVE, GAMES), ("strong", "strong"): GAMES}
"""The seeds a pairing's studies aim at: each player against itself at 2,000 (a page says where a study has
fewer, and the command for the full one); other pairings' N is their own. Random, greedy and strong against
themselves are the three kinds of play each reading's effect is compared across (:mod:`.robustness`)."""
SEED = DISCOVERY_SEED
BLOCK = 50  # seeds per checkpoint
PARTIAL = ".partial"
SUMMARY = "summary.json"
COMMAND = "wararchive publish-studies"
ENGINE = "auto"  # the compiled kernel where it covers a game, else the reference engine: the same facts either way
UNPUBLISHED = ("pieces",)  # every piece of every game: the survival table keeps its sums, at a fraction of the size

STRENGTH = {
    "random": (
        "A floor, not a player: every legal move equally likely. What a reading changes in random play is what the "
        "rules do with no intent behind the moves; it says nothing of play with a plan."
    ),
    "greedy": (
        "It looks one move ahead and never plans. Measured by benchmarks/players.py (seeds 0-99, sides alternated, "
        "default options and ply limits; a game with no winner scores ½: unfinished at the ply limit, or a draw where "
        "the rules define one): "
        "against uniformly random play it scores 0.865 [0.784, 0.919] in the Japanese War Game, 0.950 [0.888, 0.978] "
        "in Spionaaž, 0.955 [0.895, 0.981] in Sõjamäng, 0.820 [0.733, 0.883] in the map game and 1.000 [0.963, 1.000] "
        "in chess (N = 100 each, Wilson 95 %; the Benchmarks page, 'greedy against random'); the search player 'strong' "
        "outscores it in all four hidden-rank games (the Benchmarks page gives N, intervals and conditions). "
        "A weak player: these studies show what "
        "a reading changes in naive play, not in expert play."
    ),
    "strong": (
        "It plans a little: a belief about every hidden rank from its own view, four worlds drawn from it, each legal "
        "move followed by the enemy's greedy replies; in Sõjamäng with weights tuned for that game (its ruleset's "
        "tuning). Measured against greedy by benchmarks/players.py and benchmarks/strong_tuning.py on seeds no "
        "tuning used (N = 1,000 each, sides alternated, default options and ply limits, a game with no winner scoring "
        "½, Wilson 95 %): 0.795 [0.769, 0.819] in the Japanese War Game, 0.660 [0.630, 0.689] in Spionaaž and "
        "0.781 [0.755, 0.806] in the map game (seeds 9,500,000-9,500,999), 0.781 [0.754, 0.806] in Sõjamäng (seeds "
        "9,700,000-9,700,999); a median of about 1 ms a move on one core, its judging compiled; not measured in "
        "chess. Stronger than greedy, far from expert: these "
        "studies show what a reading changes when both sides plan a little."
    ),
}


@dataclass(frozen=True)
class Entry:
    """One published study: an option of a ruleset, all of its readings, with the players."""

    ruleset: str
    option: str
    design: Design
    findings: tuple[str, ...] = ()  # a retest's: the readings found to differ from the default, retested on fresh seeds

    def folder(self, root: Path) -> Path:
        return root / self.ruleset / self.option / slug(self.design.players)


def entries(games: int, players: tuple[str, str], seed: int = SEED, ruleset_ids: list[str] | None = None) -> list[Entry]:
    """Every option of every ruleset (or of these), each with all of its readings, at the ruleset's other defaults."""
    out = []
    for rid in ruleset_ids or rulesets():
        for option in options_studied(rid):
            values = [r.value for r in ruleset(rid).declared[option].readings or ()]
            out.append(Entry(rid, option, design(rid, {option: values}, games, players, seed)))
    return out


def player_notes(players: tuple[str, str], rid: str) -> dict[str, str]:
    """Each player named, with its method (the class's own summary) and, where measured, a note on its strength.

    A belief player's method speaks of hidden ranks; in a game that hides none (chess) the note says what its
    belief comes to there.
    """
    hides = any(f.topic == "information" and f.name == "hidden ranks" and f.value for f in ruleset(rid).features)
    notes = {}
    for kind in players:
        cls = registered_players()[kind.partition(":")[0]]
        method = (cls.__doc__ or kind).strip().splitlines()[0]
        notes[kind] = f"{method.rstrip('.')}. {STRENGTH.get(kind, 'Its strength is not measured here.')}"
        if not hides and issubclass(cls, BeliefPlayer):
            notes[kind] += " In this game no rank is hidden: its belief holds the one true position, and only its search is left."
    return notes


def _meta(entry: Entry, study: Study) -> dict[str, Any]:
    """The study's metadata, its seeds as a range (a list of thousands rides in every Parquet file), and what was published."""
    d = entry.design
    return study.meta | {
        "seeds": {"first": d.seed, "last": d.seed + d.games - 1},
        "engine": engines(d, ENGINE),
        "published": {
            "ruleset": entry.ruleset,
            "option": entry.option,
            "default": _default_label(entry),
            "games": entry.design.games,
            "target_games": TARGETS.get(tuple(entry.design.players)),
            "players": player_notes(entry.design.players, entry.ruleset),
            "command": command(entry.design),
            **({"findings": list(entry.findings)} if entry.findings else {}),
        },
        "analysis": ANALYSIS,
    }


def _default_label(entry: Entry) -> str:
    default = ruleset(entry.ruleset).declared[entry.option].default
    return next(r.label for r in entry.design.readings if r.options[entry.option] == default)


def command(d: Design) -> str:
    """The command that regenerates a study (with its ruleset's others: one run shares the default reading's games).

    The naive pairings are studied for every ruleset, so their command names
    none; another pairing (a search player's, at a smaller N) is published
    for the rulesets it was run on, so its command names the ruleset.
    """
    only = "" if d.players in NAIVE else f" --ruleset {d.ruleset}"
    return f"{COMMAND} --games {d.games} --players {','.join(d.players)}{only}"


def _records(df) -> list[dict[str, Any]]:
    """Rows as JSON values at full precision (pandas' own JSON keeps 10 decimals, and a p-value of 1e-12 became 0); NaN → null."""
    return [{k: _plain(v) for k, v in row.items()} for row in df.to_dict(orient="records")]


def _plain(value: Any) -> Any:
    value = value.item() if hasattr(value, "item") else value  # numpy scalars
    return None if isinstance(value, float) and value != value else value


def summary(study: Study, meta: dict[str, Any]) -> dict[str, Any]:
    """What the readings pages show of a study: the answers, rates, differences and the screened rules."""
    screened = study.rule_changes[study.rule_changes["screened"]]
    return {
        "meta": meta,
        "readings": _records(study.readings),
        "omnibus": _records(study.omnibus),
        "pairs": _records(study.pairs),
        "rule_changes": _records(screened),
    }


CURRENT, REANALYSE, PLAY = "current", "analyse again", "play"
"""What publishing a study takes (:func:`status`)."""


def status(entry: Entry, root: Path) -> str:
    """What publishing ``entry`` under ``root`` takes, from its files read and verified once.

    :data:`CURRENT`: nothing; it is published, unchanged since, with this
    design and findings, every reading's current fingerprint and the current
    analysis. :data:`REANALYSE`: its published games are those the current
    code plays, but another analysis made its tables; they are made again
    from those games, none played. :data:`PLAY`: its games are played (or
    read from saved blocks).
    """
    try:
        meta, _ = output.verified(entry.folder(root))
    except output.ContentError:
        return PLAY
    games = (
        meta.get("design") == entry.design.to_dict()
        and [r["fingerprint"] for r in meta.get("readings", [])] == entry.design.fingerprints()
        and meta.get("published", {}).get("findings", []) == list(entry.findings)
    )
    if not games:
        return PLAY
    return CURRENT if meta.get("analysis") == ANALYSIS else REANALYSE


def _run_key(todo: list[Entry]) -> str:
    """The checkpoints' folder: a hash of the studies (but not of their number of seeds) and of the code.

    A stale block is never reused, while a larger run of the same studies
    (``--games 2000`` after ``--games 1000``) reuses every block it shares.
    """
    studies = [
        [
            {k: v for k, v in e.design.to_dict().items() if k != "games"},
            e.design.fingerprints(),
        ]
        for e in todo
    ]
    data = [studies, source_hash("study/run.py", "study/compiled.py", "study/played.py"), checkpoint.FORMAT]
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _blocks(todo: list[Entry]) -> tuple[list[tuple[str, list, list]], list[list[GameKey]]]:
    """Per block of seeds: its first and last seed, the unique games' keys and one job for each, in a fixed order; and
    each study's game keys, in the order of its jobs (where its games are found among the played ones)."""
    d0 = todo[0].design
    per_study = [[(*j, ENGINE) for j in e.design.jobs()] for e in todo]
    jobs = [j for js in per_study for j in js]  # built once: per block, they cost more than the games
    keys = game_keys(jobs)
    per: list[dict] = [{} for _ in range(0, d0.games, BLOCK)]
    for key, j in zip(keys, jobs, strict=True):
        per[(j[3] - d0.seed) // BLOCK].setdefault(key, j)
    out = []
    for start, unique in zip(range(d0.seed, d0.seed + d0.games, BLOCK), per, strict=True):
        last = min(start + BLOCK, d0.seed + d0.games) - 1  # a short last block is named by its end
        out.append((f"{start:07d}-{last:07d}", list(unique), list(unique.values())))
    ends = np.cumsum([len(js) for js in per_study])
    return out, [keys[end - len(js) : end] for end, js in zip(ends, per_study, strict=True)]


def _played(
    blocks: list[tuple[str, list, list]], partial: Path, workers: int | None, scheduler: str | None, progress: bool, discard: bool
) -> tuple[Played, dict]:
    """Every game the studies need: their facts, and each game's row in them by key; from saved blocks, the rest played.

    Each block is saved as it completes. A bad saved block is refused, or
    with ``discard`` deleted (said on stderr) and its seeds played again.
    """
    run = partial.name  # the run key: the folder is named by it
    parts: list[Played] = []
    order: list = []  # the game keys of the parts' rows, in order
    pending = []
    for name, keys, jobs in blocks:
        path = partial / f"block-{name}.block"
        if path.exists():
            try:
                parts.append(checkpoint.read(path, run, name, len(keys)))
                order += keys
                continue
            except checkpoint.BlockError as exc:
                if not discard:
                    raise
                path.unlink()
                print(f"discarded {exc.path}: its seeds are played again", file=sys.stderr)
        pending.append((path, name, keys, jobs))
    done = len(blocks) - len(pending)
    label = f"publish-studies ({done} of {len(blocks)} blocks saved before)" if progress else None
    # Each saved block's games go to the workers as blocks of seeds (one reading, one pairing of sides each): on the
    # kernel one compiled call per reading, the ruleset built once per worker and never sent with a task. On this
    # machine they go to the process pool the analyses use (POOL), on a cluster (--scheduler) to its workers.
    split = [block_jobs(jobs, workers) for *_, jobs in pending]
    blocks_of_seeds = [b for bs, _ in split for b in bs]
    stream = parallel_iter(play_seeds, blocks_of_seeds, workers=workers, scheduler=scheduler, progress=label, pool=POOL)
    try:
        for (path, name, keys, jobs), (bs, where) in zip(pending, split, strict=True):
            got = unblock(len(jobs), where, [next(stream) for _ in bs])
            atomic_write_bytes(path, checkpoint.encode(run, name, got))
            parts.append(got)
            order += keys
    finally:
        stream.close()  # stops the workers at once if a block failed or Ctrl-C came
    return Played.concat(parts), dict(zip(order, range(len(order)), strict=True))


ANALYSIS = source_hash("study/stats.py", "study/verdicts.py", "study/publish.py")
"""The code that turns played games into published tables: a study analysed by other code is analysed again from its
published games, none played (:func:`status`)."""


def confirmation_entries(root: Path, players: tuple[str, str]) -> list[Entry]:
    """The retests the published studies of ``players`` call for: per option, its findings against the default.

    Findings are drawn over the whole family (every study of this pairing
    under ``root``, :func:`~.verdicts.family`); each option with any is
    played again, its default and those readings only, on the confirmation
    seeds, as many as its discovery study had.
    """
    found = summaries(root, players)
    comparisons = family(found)
    out = []
    for s in found:
        pub, d = s["meta"]["published"], s["meta"]["design"]
        mine = [c for c in comparisons.values() if (c.ruleset, c.option) == (pub["ruleset"], pub["option"])]
        findings = tuple(c.reading for c in mine if c.finding)
        if not findings:
            continue
        discovery = design(pub["ruleset"], d["vary"], d["games"], players, d["seed"])  # the study's own design
        values = {r.label: r.options[pub["option"]] for r in discovery.readings}
        vary = {pub["option"]: [values[pub["default"]], *(values[f] for f in findings)]}
        retest = design(pub["ruleset"], vary, d["games"], players, CONFIRMATION_SEED)
        out.append(Entry(pub["ruleset"], pub["option"], retest, findings))
    return out


def publish(
    root: Path | None = None,
    games: int = GAMES,
    players: tuple[str, str] = BASELINE,
    seed: int = SEED,
    ruleset_ids: list[str] | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = True,
    discard: bool = False,
) -> list[Path]:
    """Play and save every study that is not published with its current design and fingerprints; returns the folders written.

    With ``discard``, a saved block that cannot be trusted is deleted and its seeds played again, instead of refused.
    """
    root = default_root() if root is None else root
    if games > SEED_BLOCK:
        raise WararchiveError(f"--games {games:,}: at most {SEED_BLOCK:,}, or the seeds would reach the confirmation block")
    written = _publish(entries(games, players, seed, ruleset_ids), root, workers, scheduler, progress, discard)
    waiting = not_current(root, players)
    if waiting:  # findings drawn from games the current code no longer plays would send the wrong readings to retest
        print(
            f"retests wait: {len(waiting)} published {slug(players)} studies are not current "
            f"({', '.join(waiting[:3])}{', …' if len(waiting) > 3 else ''}); publish them too, and the last run plays "
            "the retests their findings call for",
            file=sys.stderr,
        )
        return written
    retests, needed = root / CONFIRMATION, confirmation_entries(root, players)
    _drop_retests_not_called_for(retests, players, needed)
    return written + _publish(needed, retests, workers, scheduler, progress, discard)


def not_current(root: Path, players: tuple[str, str]) -> list[str]:
    """The studies of this pairing published under ``root`` (its family) that publishing again would change, as
    RULESET/OPTION.

    The retests are drawn from the family's findings, so they are played
    only once every study of the family is current: after a change to the
    shared code, running the readings guide's commands one after another
    plays each retest once, after the last, not once per command.
    """
    out = []
    for s in summaries(root, players):
        pub, d = s["meta"]["published"], s["meta"]["design"]
        entry = Entry(pub["ruleset"], pub["option"], design(pub["ruleset"], d["vary"], d["games"], players, d["seed"]))
        if status(entry, root) != CURRENT:
            out.append(f"{entry.ruleset}/{entry.option}")
    return out


def _drop_retests_not_called_for(retests: Path, players: tuple[str, str], needed: list[Entry]) -> None:
    """Remove this pairing's retests whose finding the family no longer has (its games or analysis changed).

    Such a retest is neither played again nor analysed again, and a page must
    not show a confirmation of a finding the published studies do not make.
    The removal is said on stderr, as it deletes published files.
    """
    keep = {e.folder(retests) for e in needed}
    for meta in sorted(retests.glob(f"*/*/{slug(players)}/study.json")):
        if meta.parent not in keep:
            shutil.rmtree(meta.parent)
            print(f"removed {meta.parent}: the published studies no longer call for this retest", file=sys.stderr)


def _publish(
    candidates: list[Entry], root: Path, workers: int | None, scheduler: str | None, progress: bool, discard: bool
) -> list[Path]:
    """Play (or read from saved blocks), analyse and save those of these studies under ``root`` that are not current;
    returns their folders. A study whose published games are current is only analysed again, from them."""
    states = [status(e, root) for e in candidates]
    again = [e for e, state in zip(candidates, states, strict=True) if state == REANALYSE]
    todo = [e for e, state in zip(candidates, states, strict=True) if state == PLAY]
    if again:
        if progress:
            print(f"{len(again)} studies analysed again from their published games (none played)", file=sys.stderr)
        jobs = [(e, e.folder(root)) for e in again]
        remade = parallel_iter(_reanalysed_files, jobs, workers=workers, scheduler=scheduler, pool=POOL)
        for e, files in zip(again, remade, strict=True):
            output.write(files, e.folder(root))
    if not todo:
        return [e.folder(root) for e in again]
    partial = root / PARTIAL / _run_key(todo)
    partial.mkdir(parents=True, exist_ok=True)
    blocks, keys = _blocks(todo)
    played, row = _played(blocks, partial, workers, scheduler, progress, discard)
    jobs = [(e, played.take([row[k] for k in ks]), _labels(e.design)) for e, ks in zip(todo, keys, strict=True)]
    # Each study is cut from the games, analysed and encoded where it runs: here only its bytes are written. A local
    # process pool pipes the games, where Dask would embed them in its task graph (and warn of a graph of tens of MiB).
    analysed = parallel_iter(_study_files, jobs, workers=workers, scheduler=scheduler, pool=POOL)
    written = [e.folder(root) for e in again]
    for e, files in zip(todo, analysed, strict=True):
        written.append(e.folder(root))
        output.write(files, written[-1])
    return written


def _labels(d: Design) -> list[str]:
    """The reading of each of the design's games, in the order of its jobs (seed-major: :meth:`.design.Design.jobs`)."""
    return [r.label for r in d.readings] * len(d.seeds)


def _study_files(job: tuple[Entry, Played, list[str]]) -> dict[str, bytes]:
    """A study's files, from its games (each under its reading's label): tables, analysis, summary (module-level: it
    runs on workers)."""
    entry, games, labels = job
    return _files(entry, games.tables(labels))


def _reanalysed_files(job: tuple[Entry, Path]) -> dict[str, bytes]:
    """A published study's files made again from its own published games (its :func:`status` is :data:`REANALYSE`).

    The raw tables are the published ones; the pieces of every game are not
    published, but the survival table keeps their sums per reading, side and
    piece, which is all the analysis reads of them.
    """
    entry, folder = job
    tables, _ = output.load(folder)
    pieces = tables["survival"][["reading", "side", "piece", "start", "end"]]
    return _files(entry, {"games": tables["games"], "fired": tables["fired"], "pieces": pieces})


def _files(entry: Entry, raw: dict[str, Any]) -> dict[str, bytes]:
    """A study's files from its raw tables (``games``, ``fired``, ``pieces``): tables, analysis and summary."""
    s = _analyse((entry.design, raw))
    meta = _meta(entry, s)
    tables = {k: v for k, v in s.tables().items() if k not in UNPUBLISHED}
    return output.encode(tables, meta, csv=False, extra={SUMMARY: json.dumps(summary(s, meta), indent=1, sort_keys=True) + "\n"})


def published(root: Path = ROOT) -> list[Path]:
    """The folders of every published study, the retests on fresh seeds included."""
    found = [*root.glob(f"*/*/*/{output.META_FILE}"), *(root / CONFIRMATION).glob(f"*/*/*/{output.META_FILE}")]
    return sorted(p.parent for p in found)
