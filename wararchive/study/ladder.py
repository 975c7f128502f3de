"""The strength ladder: a round robin of the computer players in each hidden-rank game, rated by Bradley–Terry.

The studies' verdicts are about the play that produced them, so a reader
needs to know how strong that play is. Every pair of :data:`PLAYERS` meets
on the same block of fresh seeds (:data:`~wararchive.study.seeds.LADDER_SEED`,
which no study and no tuning played), sides alternating seed by seed, at the
ruleset's default options. A won game scores 1 to its winner; a game with no
winner (a draw by the rules, or unfinished at the project's ply limit)
scores ½ to each, as ``benchmarks/players.py`` scores it.

Ratings are Bradley–Terry strengths fitted to those scores by Hunter's MM
algorithm (2004), with one virtual drawn game added between every pair
that met (the prior BayesElo uses, so that a player who never scored still
has a finite rating). They are shown on the Elo scale, 400·log10 of the
strength ratio, with random play at 0. Intervals are percentile bootstrap
intervals: each pairing's games resampled (wins, no-results and losses
drawn multinomially from its own counts) and the ratings refitted. Ratings
compare these players in this game only: they say nothing of human play.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine import ruleset
from ..engine.fingerprint import ruleset_fingerprint, source_hash
from ..errors import WararchiveError
from ..players import player_code
from . import POOL, output
from .seeds import BLOCK as SEED_BLOCK, LADDER_SEED

if TYPE_CHECKING:
    import pandas as pd

PLAYERS = ("random", "greedy", "ismcts:48", "ismcts:400", "strong", "strong:16")
"""From no intent to the most search: the players the studies use and the search players they are measured against."""
HIDDEN_RANK_GAMES = ("japanese-war-game", "spionaaz", "finnish-front", "sojamang-1935")
GAMES = 200  # per pairing: the target
FOLDER = "ladder"  # under the studies' root: ladder/RULESET/
COMMAND = "wararchive ladder"
RESAMPLES = 2000
BOOTSTRAP_SEED = 20261126
PRIOR_DRAWS = 1.0  # virtual drawn games between every pair that met
ELO = 400 / np.log(10)
FORMAT = "wararchive-ladder/1"
ANALYSIS = source_hash("study/ladder.py")


@dataclass(frozen=True)
class Ladder:
    """One ruleset's round robin: who plays, how many games a pairing, from which seed."""

    ruleset: str
    players: tuple[str, ...] = PLAYERS
    games: int = GAMES
    seed: int = LADDER_SEED

    def pairings(self) -> list[tuple[str, str]]:
        return list(combinations(self.players, 2))

    def jobs(self) -> list[tuple]:
        """One study job per game (a ``run.EngineJob``), the pairing as its label; sides alternate by seed."""
        rs = ruleset(self.ruleset)
        out = []
        for a, b in self.pairings():
            for seed in range(self.seed, self.seed + self.games):
                swapped = bool((seed - self.seed) % 2)
                sides = (b, a) if swapped else (a, b)
                out.append((self.ruleset, f"{a} v {b}", dict(rs.options), seed, sides, swapped, "auto"))
        return out

    def fingerprint(self) -> str:
        """The ruleset at its defaults, the rules' code and every player's code: a ladder played by other code is stale."""
        return ruleset_fingerprint(self.ruleset, {}, player_code(self.players))

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "players": list(self.players), "games": self.games, "seed": self.seed}


def check(players: tuple[str, ...], games: int, seed: int) -> None:
    """Refuse a ladder that cannot be rated or would leave its block of seeds, in one line."""
    if len(set(players)) != len(players) or len(players) < 2:
        raise WararchiveError(f"a ladder needs at least two different players, got {', '.join(players)}")
    if not 1 <= games <= SEED_BLOCK:
        raise WararchiveError(f"--games {games:,}: from 1 to {SEED_BLOCK:,} a pairing")
    if not (seed >= LADDER_SEED and seed + games <= LADDER_SEED + SEED_BLOCK):
        raise WararchiveError(f"seeds {seed:,}…{seed + games - 1:,}: the ladder plays its own block, {LADDER_SEED:,} on")


def games_table(ladder: Ladder, raw: pd.DataFrame) -> pd.DataFrame:
    """One row per game, read from the study tables' ``games`` (the pairing as its reading): who played which side, the score."""
    rs = ruleset(ladder.ruleset)
    first, second = zip(*(label.split(" v ") for label in raw["reading"]), strict=True)
    winner = raw["winner"].astype(object)
    score = np.where(winner.isna(), 0.5, (winner == raw["first_player"]).astype(float))
    import pandas as pd

    return pd.DataFrame(
        {
            "first": list(first),
            "second": list(second),
            "seed": raw["seed"].to_numpy(),
            "first_side": raw["first_player"].to_numpy(),
            "winner": winner.where(winner.notna(), None),
            "score_first": score,
            "unfinished": (raw["end_rule"] == "project.ply-limit").to_numpy(),
            "plies": raw["plies"].to_numpy(),
            "end_rule": raw["end_rule"].to_numpy(),
        }
    ).assign(ruleset=rs.id)


def scores(players: tuple[str, ...], games: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """``(won, met)``: ``won[i, j]`` is i's score against j, ``met[i, j]`` how often they met."""
    index = {p: i for i, p in enumerate(players)}
    k = len(players)
    won, met = np.zeros((k, k)), np.zeros((k, k))
    for (a, b), g in games.groupby(["first", "second"], sort=False):
        i, j, s = index[a], index[b], float(g["score_first"].sum())
        won[i, j] += s
        won[j, i] += len(g) - s
        met[i, j] += len(g)
        met[j, i] += len(g)
    return won, met


def bradley_terry(won: np.ndarray, met: np.ndarray, iterations: int = 10_000, tol: float = 1e-12) -> np.ndarray:
    """Log-strengths fitted by Hunter's MM algorithm, the first player's 0; ``won``/``met`` may be stacked (resamples first).

    One virtual drawn game (``PRIOR_DRAWS``) is added between every pair that met.
    """
    prior = (met > 0) * PRIOR_DRAWS
    w, n = won + prior / 2, met + prior
    strength = np.ones(w.shape[:-1])
    for _ in range(iterations):
        denom = (n / (strength[..., :, None] + strength[..., None, :])).sum(axis=-1)
        new = w.sum(axis=-1) / denom
        new /= new[..., :1]
        done = np.max(np.abs(np.log(new) - np.log(strength))) < tol
        strength = new
        if done:
            break
    return np.log(strength)


def ratings(players: tuple[str, ...], games: pd.DataFrame, resamples: int = RESAMPLES) -> pd.DataFrame:
    """Each player's Elo-scale rating (random play, or the first player, at 0) with its bootstrap 95 % interval."""
    import pandas as pd

    won, met = scores(players, games)
    theta = bradley_terry(won, met)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    boot_won = np.zeros((resamples, *won.shape))
    for (a, b), g in games.groupby(["first", "second"], sort=False):
        i, j = players.index(a), players.index(b)
        counts = [(g["score_first"] == v).sum() for v in (1.0, 0.5, 0.0)]
        draws = rng.multinomial(len(g), np.array(counts) / len(g), size=resamples)
        s = draws[:, 0] + 0.5 * draws[:, 1]
        boot_won[:, i, j] += s
        boot_won[:, j, i] += len(g) - s
    boot = bradley_terry(boot_won, np.broadcast_to(met, boot_won.shape))
    lo, hi = np.percentile(boot, [2.5, 97.5], axis=0)
    total = won.sum(axis=1)
    played = met.sum(axis=1)
    return pd.DataFrame(
        {
            "player": list(players),
            "rating": theta * ELO,
            "rating_lo": lo * ELO,
            "rating_hi": hi * ELO,
            "games": played.astype(int),
            "score": np.divide(total, played, out=np.zeros_like(total), where=played > 0),
        }
    ).sort_values("rating", ascending=False, kind="stable", ignore_index=True)


def pairings_table(games: pd.DataFrame) -> pd.DataFrame:
    """Per pairing: games, the first-named player's mean score with its Wilson 95 % interval, and the unfinished share."""
    import pandas as pd

    from .stats import wilson_score

    rows = []
    for (a, b), g in games.groupby(["first", "second"], sort=False):
        n, s = len(g), float(g["score_first"].sum())
        lo, hi = wilson_score(s / n, n)
        rows.append(
            {
                "first": a,
                "second": b,
                "games": n,
                "score_first": s / n,
                "lo": lo,
                "hi": hi,
                "unfinished": float(g["unfinished"].mean()),
            }
        )
    return pd.DataFrame(rows)


def folder(root: str | Path, ruleset_id: str) -> Path:
    """Where one ruleset's ladder is saved under the studies' folder ``root``."""
    return Path(root) / FOLDER / ruleset_id


def _published(ladder: Ladder, root: Path) -> tuple[pd.DataFrame | None, bool]:
    """The games of this ladder as published, if its design and code fingerprint still hold; and whether all else is current.

    Games played by the same code on the same design are the same games, so
    a new analysis (this module changed) rates them again without replaying.
    """
    try:
        tables, meta = output.load(folder(root, ladder.ruleset))
    except (output.ContentError, OSError):
        return None, False
    if meta.get("design") != ladder.to_dict() or meta.get("fingerprint") != ladder.fingerprint():
        return None, False
    return tables["games"], meta.get("analysis") == ANALYSIS


def publish(
    root: Path,
    ruleset_ids: list[str] | None = None,
    games: int = GAMES,
    players: tuple[str, ...] = PLAYERS,
    seed: int = LADDER_SEED,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: bool = True,
) -> list[Path]:
    """Play and save the ladder of every hidden-rank game (or these) not already published as it would be; the folders written.

    Each ruleset is saved as soon as its games are played, so an
    interrupted run keeps the rulesets it finished; a ladder whose games are
    current but whose analysis is not is rated again from its saved games.
    """
    from ..runner import parallel_map
    from .run import block_jobs, play_seeds, unblock

    check(players, games, seed)
    written = []
    for rid in ruleset_ids or HIDDEN_RANK_GAMES:
        ladder = Ladder(rid, players, games, seed)
        table, current = _published(ladder, root)
        if current:
            continue
        if table is None:
            jobs = ladder.jobs()  # every game once: each pairing on each seed
            blocks, where = block_jobs(jobs, workers)
            label = f"ladder {rid}" if progress else None
            results = parallel_map(play_seeds, blocks, workers=workers, scheduler=scheduler, progress=label, chunk=1, pool=POOL)
            table = games_table(ladder, unblock(len(jobs), where, results).tables([j[1] for j in jobs])["games"])
        rated = ratings(players, table)
        meta = {
            "format": FORMAT,
            "design": ladder.to_dict(),
            "fingerprint": ladder.fingerprint(),
            "analysis": ANALYSIS,
            "command": f"{COMMAND} --ruleset {rid} --games {games}",
            "scoring": "win 1, loss 0, no winner (drawn, or unfinished at the ply limit) ½ each",
            "ratings": f"Bradley–Terry (MM), {PRIOR_DRAWS:g} virtual draw a pair, Elo scale, {players[0]} at 0; "
            f"percentile bootstrap 95 % ({RESAMPLES} resamples of each pairing's games, seed {BOOTSTRAP_SEED})",
        }
        tables = {"games": table, "pairings": pairings_table(table), "ratings": rated}
        output.save(tables, meta, folder(root, rid), csv=True)
        written.append(folder(root, rid))
    return written


def load(root: str | Path, ruleset_id: str) -> tuple[dict[str, pd.DataFrame], dict[str, Any]] | None:
    """A published ladder's tables and metadata (checked against their hashes), or None if none is published."""
    where = folder(root, ruleset_id)
    if not (where / output.META_FILE).is_file():
        return None
    return output.load(where)
