"""Playing a study's games (on every core, or a Dask cluster) and tabulating each game.

Each game is reduced, on its worker, to a few plain facts: the result, the
length, a hash of the starting armies (the pairing check), how often each
rule fired and which pieces were left. Only these travel back, so a study of
thousands of games needs little memory and no records.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from .. import kernel
from ..engine import ruleset
from ..players import simulate
from ..runner import Pool, parallel_map
from .design import Design
from .played import Played


def _army(game) -> Counter[tuple[str, str]]:
    """(side, piece) → how many stand on the board, as the referee sees it."""
    return Counter((c["side"], c["piece"]) for c in game.view("referee").cells if c is not None)


def lead_changes(game) -> int:
    """How often the side ahead in material changed over ``game``: one of the playability measures (Browne's lead changes).

    Material is each side's :meth:`~wararchive.engine.game.Game.material`
    (the engine's piece values, hidden ranks included, the piece whose
    capture ends the game not counted), judged at the start and after every
    ply; a level position is nobody's lead, so it changes nothing by itself.
    The game is replayed from its record on the reference engine, whichever
    engine played it: this is the definition the kernel's count
    (:func:`wararchive.kernel.playout._lead`) is tested against.
    """
    record = game.record()
    replay = game.rs.new_game(seed=record["seed"], setup=record["setups"] or None)
    leader, changes = -1, 0
    for ply in range(len(record["moves"]) + 1):
        if ply:
            replay.play(record["moves"][ply - 1])
        mine, theirs = replay.material(0), replay.material(1)
        if mine != theirs:
            now = 0 if mine > theirs else 1
            changes += leader >= 0 and now != leader
            leader = now
    return changes


EngineJob = tuple[str, str, dict[str, Any], int, tuple[str, str], bool, str]
"""A :data:`.design.Job` and the engine that plays it."""


def play(job: EngineJob) -> dict[str, Any]:
    """One game of a study, as the facts the statistics need (module-level: it is sent to workers).

    ``engine`` as :func:`wararchive.kernel.choose` takes it: the kernel plays
    the reference engine's game, so the facts do not depend on which ran.
    """
    rid, label, options, seed, players, swapped, engine = job
    rs = ruleset(rid, **options)
    game = simulate(rs, seed, players, engine)
    if getattr(game, "engine", None) == "kernel":
        start, end = game.army(at_end=False), game.army()
    else:
        start, end = _army(rs.new_game(seed=seed)), _army(game)
    setup = json.dumps([game.setup_record(), game.prepared_record()], sort_keys=True, default=str)
    return {
        "reading": label,
        "seed": seed,
        "first_player": rs.sides[1 if swapped else 0],
        "winner": game.result["winner"],
        "plies": game.ply,
        "adjudicated": bool(game.result["adjudicated"]),
        "end_rule": game.result["reason"],
        "lead_changes": lead_changes(game),
        "setup": hashlib.sha256(setup.encode()).hexdigest()[:16],
        "fired": dict(Counter(ev["rule"] for ev in game.events)),
        "survival": [(side, piece, n, end[side, piece]) for (side, piece), n in sorted(start.items())],
    }


def engines(d: Design, engine: str) -> dict[str, Any]:
    """Which engine plays each reading's games, and why not the kernel (the study's metadata says so)."""
    readings = []
    for r in d.readings:
        ran, why = kernel.choose(engine, ruleset(d.ruleset, **r.options), d.players)
        readings.append({"label": r.label, "ran": ran, "why_not_kernel": why})
    return {"asked": engine, "readings": readings}


GameKey = tuple[str, str, int, tuple[str, ...], bool]


def _game_key(job: EngineJob) -> GameKey:
    """What decides a game: the ruleset with every option resolved, the seed and the players (not the label, nor the engine)."""
    return game_keys([job])[0]


def game_keys(jobs: list[EngineJob]) -> list[GameKey]:
    """:func:`_game_key` of every job, each reading's options resolved once (a study's jobs share a few readings)."""
    resolved: dict[tuple[str, str], str] = {}
    text = _options_text()
    out = []
    for rid, _, options, seed, players, swapped, _ in jobs:
        given = (rid, text(options))
        if given not in resolved:
            resolved[given] = json.dumps(ruleset(rid, **options).options, sort_keys=True, default=str)
        out.append((rid, resolved[given], seed, tuple(players), swapped))
    return out


def _options_text() -> Callable[[dict[str, Any]], str]:
    """Options as canonical JSON, each dict written once: a design's jobs share one dict per reading, not one per game.

    Keyed by the dict's identity, so the memo must not outlive the jobs
    that hold the dicts (a caller makes one per list of jobs).
    """
    seen: dict[int, tuple[dict[str, Any], str]] = {}

    def text(options: dict[str, Any]) -> str:
        if (known := seen.get(id(options))) is None or known[0] is not options:
            known = seen[id(options)] = (options, json.dumps(options, sort_keys=True, default=str))
        return known[1]

    return text


BlockJob = tuple[str, str, dict[str, Any], tuple[int, ...], tuple[str, str], bool, str]
"""Seeds of one reading between the same players on the same sides: (ruleset, a reading's label, options, seeds,
players in the order of the sides, whether the first-named player is second, the engine that plays them: ``kernel`` or
``reference``, decided once for the reading)."""

KERNEL_BLOCK = 256
"""The most seeds in one compiled call: long enough that the call's fixed cost vanishes, short enough (a second or so of
greedy play) that Ctrl-C is obeyed and the progress bar moves."""


def play_seeds(job: BlockJob) -> Played:
    """The facts of a block's games (module-level: it is sent to workers), by column, each game's as :func:`play` gives it.

    On the kernel the whole block is one compiled call (:func:`wararchive.kernel.play_block`, read by :mod:`.compiled`) and
    no game record is built; on the reference engine each game is played
    and read as :func:`play` does.
    """
    rid, label, options, seeds, players, swapped, engine = job
    if engine != "kernel":
        return Played.from_facts([play((rid, label, options, seed, players, swapped, engine)) for seed in seeds])
    from ..kernel import chess
    from .compiled import chess_facts, facts

    rs = ruleset(rid, **options)
    if chess.is_chess(rs):  # chess has compiled games of its own (python-chess's moves), read the same way
        return chess_facts(rs, chess.play_block(rs, seeds, players), swapped)
    return facts(rs, kernel.play_block(rs, seeds, players), swapped)


def block_jobs(jobs: list[EngineJob], workers: int | None) -> tuple[list[BlockJob], list[list[int]]]:
    """``jobs`` (one game each, none twice) as blocks of seeds, and for each block the positions of its games in ``jobs``.

    A block holds seeds of one reading and one pairing of sides; which
    engine plays a reading (:func:`wararchive.kernel.choose`, whose answer
    costs far more than a game) is asked once. Kernel blocks are sized so
    that every worker gets several (at most :data:`KERNEL_BLOCK` seeds
    each); the reference engine plays one game a job, as before, since a
    search player's game can take seconds.
    """
    from ..runner import CHUNKS_PER_WORKER, default_workers

    groups: dict[tuple, list[int]] = {}
    text = _options_text()
    for i, (rid, _, options, _, players, swapped, _) in enumerate(jobs):
        groups.setdefault((rid, text(options), tuple(players), swapped), []).append(i)
    ran: dict[tuple, str] = {}
    share = max(1, -(-len(jobs) // ((workers or default_workers()) * CHUNKS_PER_WORKER)))
    out: list[BlockJob] = []
    where: list[list[int]] = []
    for (rid, opts, players, _), index in groups.items():
        rid, label, options, _, players, swapped, engine = jobs[index[0]]
        decided = (rid, opts, tuple(sorted(players)), engine)  # the kernel covers a pairing whichever side each takes
        if decided not in ran:
            ran[decided] = kernel.choose(engine, ruleset(rid, **options), players)[0]
        size = min(KERNEL_BLOCK, share) if ran[decided] == "kernel" else 1
        for at in range(0, len(index), size):
            part = index[at : at + size]
            out.append((rid, label, options, tuple(jobs[i][3] for i in part), players, swapped, ran[decided]))
            where.append(part)
    return out, where


def unblock(count: int, where: list[list[int]], results: list[Played]) -> Played:
    """The blocks' games back in the order of the jobs they came from (:func:`block_jobs`)."""
    row = np.empty(count, np.int64)
    at = 0
    for part, got in zip(where, results, strict=True):
        row[part] = np.arange(at, at + len(got))
        at += len(got)
    return Played.concat(results).take(row)


def run(
    designs: list[Design],
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = False,
    pool: Pool = "dask",
    engine: str = "auto",
) -> list[dict[str, pd.DataFrame]]:
    """The raw tables of each study: ``games`` (one row per game), ``fired`` and ``pieces`` (long form).

    The games of all ``designs`` share one parallel run, so many small
    studies (the site's) keep every worker busy. Rows come back in job order
    whatever the number of workers, so the tables, and everything computed
    from them, are identical for the same designs, and for either ``engine``
    (see :func:`wararchive.kernel.choose`). The games go to the workers in
    blocks of seeds (:func:`block_jobs`), each job naming its ruleset and
    options only: every worker builds a ruleset's data once, and no task
    carries it.
    """
    jobs = [[(*j, engine) for j in d.jobs()] for d in designs]
    label = f"study {', '.join(sorted({d.ruleset for d in designs}))} (blocks of seeds)" if progress else None
    flat = [j for js in jobs for j in js]
    # Studies of different options all replay the default reading on the same seeds: a game is
    # played once per (ruleset, resolved options, seed, players) and its facts shared.
    keys = game_keys(flat)
    first = dict(zip(reversed(keys), reversed(flat), strict=True))  # each key's first job
    unique = list(dict.fromkeys(keys))
    blocks, where = block_jobs([first[k] for k in unique], workers)
    results = parallel_map(play_seeds, blocks, workers=workers, scheduler=scheduler, progress=label, pool=pool, chunk=1)
    played = unblock(len(unique), where, results)
    row = dict(zip(unique, range(len(unique)), strict=True))
    out, at = [], 0
    for js in jobs:
        out.append(played.take([row[k] for k in keys[at : at + len(js)]]).tables([j[1] for j in js]))
        at += len(js)
    return out
