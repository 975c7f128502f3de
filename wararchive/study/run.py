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
from typing import Any

import pandas as pd

from .. import kernel
from ..engine import ruleset
from ..players import simulate
from ..runner import Pool, parallel_map
from .design import Design


def _army(game) -> Counter[tuple[str, str]]:
    """(side, piece) → how many stand on the board, as the referee sees it."""
    return Counter((c["side"], c["piece"]) for c in game.view("referee").cells if c is not None)


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


def _game_key(job: EngineJob) -> tuple[str, str, int, tuple[str, ...], bool]:
    """What decides a game: the ruleset with every option resolved, the seed and the players (not the label, nor the engine)."""
    rid, _, options, seed, players, swapped, _ = job
    return rid, json.dumps(ruleset(rid, **options).options, sort_keys=True, default=str), seed, tuple(players), swapped


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
    (see :func:`wararchive.kernel.choose`).
    """
    jobs = [[(*j, engine) for j in d.jobs()] for d in designs]
    label = f"study {', '.join(sorted({d.ruleset for d in designs}))}" if progress else None
    flat = [j for js in jobs for j in js]
    # Studies of different options all replay the default reading on the same seeds: a game is
    # played once per (ruleset, resolved options, seed, players) and its facts shared.
    keys = [_game_key(j) for j in flat]
    first = dict(zip(reversed(keys), reversed(flat), strict=True))  # each key's first job
    unique = list(dict.fromkeys(keys))
    results = parallel_map(play, [first[k] for k in unique], workers=workers, scheduler=scheduler, progress=label, pool=pool)
    played = dict(zip(unique, results, strict=True))
    facts = [{**played[k], "reading": j[1]} for k, j in zip(keys, flat, strict=True)]
    out, at = [], 0
    for js in jobs:
        out.append(_tables(facts[at : at + len(js)]))
        at += len(js)
    return out


def _tables(facts: list[dict[str, Any]]) -> dict[str, pd.DataFrame]:
    games = pd.DataFrame([{k: v for k, v in f.items() if k not in ("fired", "survival")} for f in facts])
    fired = pd.DataFrame(
        [(f["reading"], f["seed"], rule, n) for f in facts for rule, n in sorted(f["fired"].items())],
        columns=["reading", "seed", "rule", "count"],
    )
    pieces = pd.DataFrame(
        [(f["reading"], f["seed"], *row) for f in facts for row in f["survival"]],
        columns=["reading", "seed", "side", "piece", "start", "end"],
    )
    return {"games": games, "fired": fired, "pieces": pieces}
