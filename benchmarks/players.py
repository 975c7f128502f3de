"""How strong and how fast a player is against another, in each hidden-rank game at its default options.

Run: ``python benchmarks/players.py [--player strong] [--opponent greedy] [--games N] [--start S] [--workers W] [RULESET ...]``.

For each ruleset (default: the four with hidden ranks) the player plays N
games against the opponent on seeds S…S+N-1 (S = 0 unless ``--start``) at the ruleset's default options
(its default ply limit), taking the first side on even seeds and the second
on odd ones. Printed per ruleset: N, wins-draws-unfinished-losses (a draw
as the rules define one, apart from a game the project's ply limit stopped,
which has no result), the score (win 1, draw or unfinished ½) with its
Wilson 95 % interval, the ply limit, the median and mean milliseconds per move
of the player and the mean of the opponent (measured in the same games:
compare their ratio across machines, not the absolute times), and the
machine's load average (``os.getloadavg``) when the ruleset started and
ended, since the times depend on it. ``--markdown`` prints the Benchmarks
page's table. With ``--workers 1`` the games run one after another in this
process: the player's times are then those of one core.
Each game is also written to stderr as it ends (ruleset, seed, result, the
player's seconds and moves, the opponent's, plies).

Games run on ``--workers`` processes (default: every core) through the
archive's runner (:mod:`wararchive.runner`); each game derives
everything from its seed, so the results do not depend on the worker count.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from wararchive.engine import DRAW, UNFINISHED, outcome, ruleset
from wararchive.players import make_player
from wararchive.runner import parallel_iter
from wararchive.study.stats import wilson_score

HIDDEN_RANK_GAMES = ("japanese-war-game", "spionaaz", "sojamang-1935", "finnish-front")


def play_one(job: tuple[str, str, str, int]) -> tuple[str, float, int, float, int, int, list[float]]:
    """One game: (the player's result W/D/U/L, his seconds and moves, the opponent's seconds and moves, plies, his
    seconds for each move).

    U: unfinished, stopped by the project's ply limit (no result; :func:`wararchive.engine.outcome`).
    """
    rid, kind, opponent, seed = job
    rs = ruleset(rid)
    me = seed % 2
    players = [make_player(opponent, f"{seed}:opponent"), make_player(opponent, f"{seed}:opponent")]
    players[me] = make_player(kind, f"{seed}:player")
    seconds, moves, mine = [0.0, 0.0], [0, 0], []
    game = rs.new_game(seed=seed)
    while game.result is None:
        side = game.to_move
        start = time.perf_counter()
        move = players[side].choose(game)
        took = time.perf_counter() - start
        seconds[side] += took
        if side == me:
            mine.append(took)
        moves[side] += 1
        game.play(move)
    ended = outcome(game.result["winner"], game.result["reason"])
    result = {rs.sides[me]: "W", DRAW: "D", UNFINISHED: "U"}.get(ended, "L")
    return result, seconds[me], moves[me], seconds[1 - me], moves[1 - me], game.ply, mine


SCORE = {"W": 1.0, "D": 0.5, "U": 0.5, "L": 0.0}
"""A game's score for the player by its result: a draw and an unfinished game count ½."""


def tally(games: list[tuple]) -> tuple[str, float, float, float]:
    """:func:`play_one`'s games as W-D-U-L counts, the mean :data:`SCORE` and its Wilson 95 % interval."""
    counts = "-".join(str(sum(g[0] == r for g in games)) for r in "WDUL")
    n = len(games)
    score = sum(SCORE[g[0]] for g in games) / n if n else 0.0
    return (counts, score, *wilson_score(score, n))


def move_ms(games: list[tuple]) -> tuple[float, float]:
    """The player's median and mean milliseconds a move over :func:`play_one`'s games (NaN median if he never moved)."""
    mine = [t for g in games for t in g[6]]
    median = 1000 * statistics.median(mine) if mine else float("nan")
    return median, 1000 * sum(g[1] for g in games) / max(sum(g[2] for g in games), 1)


def play_set_up(jobs: list[tuple[str, str, str, int]], workers: int, set_up: Callable[..., None], *args: Any) -> list[tuple]:
    """:func:`play_one` of each job on ``workers`` processes, each of which first runs ``set_up(*args)`` (a tuning, a cheat)."""
    with multiprocessing.Pool(workers, initializer=set_up, initargs=args) as pool:
        return pool.map(play_one, jobs, chunksize=4)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rulesets", nargs="*", default=list(HIDDEN_RANK_GAMES))
    ap.add_argument("--player", default="strong")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--start", type=int, default=0, help="first seed (a run split across machines: seeds START…START+N-1)")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    ap.add_argument("--markdown", action="store_true", help="print the Benchmarks page's table")
    args = ap.parse_args()
    if args.markdown:
        who = f"ms/move {args.player}, median / mean | ms/move {args.opponent}, mean"
        print(f"| ruleset | N | W-D-U-L | score [Wilson 95 %] | ply limit | {who} | load |")
        print("|---|---|---|---|---|---|---|---|")
    else:
        print(f"{args.player} against {args.opponent}, sides alternated, default options")
    for rid in args.rulesets:
        load0 = os.getloadavg()[0]
        jobs = [(rid, args.player, args.opponent, seed) for seed in range(args.start, args.start + args.games)]
        games = []
        for seed, game in enumerate(parallel_iter(play_one, jobs, workers=args.workers, pool="processes", chunk=1)):
            games.append(game)
            print(
                rid, args.start + seed, *game[:6], sep="\t", file=sys.stderr, flush=True
            )  # each game as it ends, for a run cut short
        load1 = os.getloadavg()[0]
        counts, score, lo, hi = tally(games)
        n = len(games)
        median, ms = move_ms(games)
        ms_opp = 1000 * sum(g[3] for g in games) / max(sum(g[4] for g in games), 1)
        limit = ruleset(rid).options.get("ply_limit")
        plies = sum(g[5] for g in games) / max(n, 1)
        if args.markdown:
            print(
                f"| {rid} | {n} | {counts} | {score:.3f} [{lo:.3f}, {hi:.3f}] | {limit} "
                f"| {median:.2f} / {ms:.2f} | {ms_opp:.2f} "
                f"| {load0:.1f}→{load1:.1f} |",
                flush=True,
            )
        else:
            print(
                f"{rid:<18} N={n} {counts} score {score:.3f} [{lo:.3f}, {hi:.3f}] ply limit {limit} "
                f"mean plies {plies:.0f} ms/move median {median:.2f} mean {ms:.2f} (opponent {ms_opp:.2f}) "
                f"load {load0:.1f}→{load1:.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
