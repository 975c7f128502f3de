"""How long ``strong`` takes a move on the reference engine and on the compiled kernel, in the same positions.

Run: ``python benchmarks/strong_speed.py [--games N] [--start S] [--worlds K] [--against greedy|strong] [--alone]
[RULESET ...]``.

For each ruleset (default: the four with hidden ranks) N games are played
on seeds S…S+N-1 at the ruleset's default options, ``strong`` (``belief:K``)
on the first side on even seeds and the second on odd ones against greedy
(or, with ``--against strong``, on both sides). Each game is played twice
in lockstep, ``strong`` judging on each engine from the same generator
state (:func:`wararchive.testing.kernel.check_strong_game`), and each choice
is timed on one core (``time.perf_counter``); a choice that differs stops
the run (``benchmarks/strong_equality.py`` counts them over many games). Printed per ruleset: moves timed, median and mean
milliseconds a move on each engine, the ratio of the medians, and the load
average (``os.getloadavg``, 1 minute) before and after, since the times
depend on it. The kernel's compile (or cache load) is paid before the
timing starts, by a few moves of a warm-up game.

With ``--alone`` the same games (the same seeds and player seeds, so the
same moves) are played once, on the kernel only, and each ``strong`` move
is timed as a game plays it: a move timed just after the reference engine
judged the same position runs slower than it does in a game of its own.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from wararchive.engine import ruleset
from wararchive.players.baseline import GreedyPlayer
from wararchive.players.strong import BeliefPlayer
from wararchive.testing.kernel import check_strong_game

HIDDEN_RANK_GAMES = ("japanese-war-game", "spionaaz", "finnish-front", "sojamang-1935")
ENGINES = ("reference", "kernel")


def _warm_up(rid: str, worlds: int) -> None:
    """A few kernel moves, so that numba's compile or cache load is not timed."""
    game = ruleset(rid).new_game(seed=10**6)
    player = BeliefPlayer(0, worlds, engine="kernel")
    for _ in range(6):
        if game.result is not None:
            break
        game.play(player.choose(game))


def time_games(rid: str, seeds: range, worlds: int, against: str) -> dict[str, list[float]]:
    """Seconds per ``strong`` move on each engine over the games on ``seeds``, in the same positions (checked equal)."""
    rs = ruleset(rid)
    times: dict[str, list[float]] = {e: [] for e in ENGINES}
    for seed in seeds:
        sides = (0, 1) if against == "strong" else (seed % 2,)
        try:
            check_strong_game(rs, seed, sides, worlds=worlds, timings=times)
        except AssertionError as exc:
            sys.exit(str(exc))
    return times


def time_alone(rid: str, seeds: range, worlds: int, against: str) -> dict[str, list[float]]:
    """Seconds per ``strong`` move over :func:`time_games`' games, played once on the kernel alone (the same player seeds)."""
    rs = ruleset(rid)
    times: list[float] = []
    for seed in seeds:
        sides = (0, 1) if against == "strong" else (seed % 2,)
        players = [
            BeliefPlayer(f"{seed}:{p}", worlds, engine="kernel") if p in sides else GreedyPlayer(f"{seed}:{p}") for p in (0, 1)
        ]
        game = rs.new_game(seed=seed)
        while game.result is None:
            p = game.to_move
            start = time.perf_counter()
            move = players[p].choose(game)
            if p in sides:
                times.append(time.perf_counter() - start)
            game.play(move)
    return {"kernel, the games alone": times}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=list(HIDDEN_RANK_GAMES))
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--against", choices=("greedy", "strong"), default="greedy")
    parser.add_argument("--alone", action="store_true", help="time the same games played on the kernel alone")
    args = parser.parse_args(argv)
    measure, engines = (time_alone, ["kernel, the games alone"]) if args.alone else (time_games, list(ENGINES))
    ratio = len(engines) == 2
    heads = [f"{e} median / mean ms" for e in engines] + (["median ratio"] if ratio else [])
    print("| ruleset | moves | " + " | ".join(heads) + " | load before / after |")
    print("|---|---:|" + "---:|" * len(heads) + "---|")
    for rid in args.rulesets:
        _warm_up(rid, args.worlds)
        before = os.getloadavg()[0]
        times = measure(rid, range(args.start, args.start + args.games), args.worlds, args.against)
        after = os.getloadavg()[0]
        medians = [1000 * statistics.median(times[e]) for e in engines]
        cells = [f"{m:.2f} / {1000 * statistics.fmean(times[e]):.2f}" for m, e in zip(medians, engines, strict=True)]
        cells += [f"{medians[0] / medians[1]:.1f}×"] if ratio else []
        print(f"| {rid} | {len(times[engines[-1]])} | " + " | ".join(cells) + f" | {before:.2f} / {after:.2f} |", flush=True)


if __name__ == "__main__":
    main()
