"""The search player ``ismcts`` on the compiled kernel against the same search on the reference engine.

Run: ``python benchmarks/search.py [--iterations N] [--positions P] [--playouts R] [--plies D] [RULESET ...]``.

The positions are P reference games of greedy against greedy (seeds
0…P-1) stopped at ply 10, 40 and 100 (fewer where a game ends first). In
each, ``ismcts`` with N iterations chooses a move twice from the same
seed: its whole search on the reference engine, then on the kernel (one
compiled call a move, :mod:`wararchive.players.ismcts_compiled`); the two
choices (and the player's generator afterwards) must be equal, or the
run stops, naming the position. Printed per ruleset: the positions, the
mean CPU milliseconds per move on each engine and their ratio; the cost
of one more iteration on each (from the same moves searched with 4N
iterations: the difference over 3N, so the per-move cost of reading the
view, building the guesser and loading the position drops out) and its
ratio; and what that buys: how many iterations the kernel's search runs
in the reference's time a move (estimated from those two costs, then
corrected by measuring until within 5 %, at most three times, since an
iteration costs more as the tree grows; the last budget measured and its
milliseconds per move are printed). The reference figures are measured in
the same run, position by position, so the ratios are what to compare
across machines. ``--playouts`` and ``--plies`` set the search's playouts
per leaf and plies per playout (``PLAYOUTS``, ``PLAYOUT_PLIES`` of
:mod:`wararchive.players.ismcts`) for this run: the longer the playouts,
the more of the search's time they take and the more the kernel saves.
The machine's load average is printed at the start and the end. The
kernel's compile or cache load is paid in a warm-up move before the timing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.players import ismcts, make_player

STOPS = (10, 40, 100)


def positions(rid: str, count: int) -> list:
    """Greedy-vs-greedy reference games stopped at the plies in :data:`STOPS`."""
    rs, out = ruleset(rid), []
    for seed in range(count):
        game = rs.new_game(seed=seed)
        players = [make_player("greedy", f"{seed}:{side}") for side in rs.sides]
        for stop in STOPS:
            while game.result is None and game.ply < stop:
                game.play(players[game.to_move].choose(game))
            if game.result is None:
                out.append(game.clone())
    return out


def timed(engine: str, game, seed: int, iterations: int) -> tuple[object, float, tuple]:
    """ismcts's choice in ``game``, searched on ``engine``: (move, CPU seconds, the player's generator state)."""
    player = ismcts.ISMCTSPlayer(seed, iterations, engine)
    start = time.process_time()
    move = player.choose(game.clone())
    return move, time.process_time() - start, player.rng.getstate()


def per_move(engine: str, games: list, iterations: int) -> float:
    """Mean CPU seconds of ismcts's move in ``games``, searched with ``iterations`` on ``engine``."""
    return sum(timed(engine, game, i, iterations)[1] for i, game in enumerate(games)) / len(games)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*", default=["japanese-war-game", "spionaaz", "finnish-front", "sojamang-1935"])
    ap.add_argument("--iterations", type=int, default=ismcts.DEFAULT_ITERATIONS)
    ap.add_argument("--positions", type=int, default=10, help="games to take positions from (three positions each)")
    ap.add_argument("--playouts", type=int, default=ismcts.PLAYOUTS, help="playouts per leaf")
    ap.add_argument("--plies", type=int, default=ismcts.PLAYOUT_PLIES, help="plies per playout")
    args = ap.parse_args()
    ismcts.PLAYOUTS, ismcts.PLAYOUT_PLIES = args.playouts, args.plies
    leaf = f"{args.playouts} playout(s) of {args.plies} plies a leaf"
    print(f"load average at start: {os.getloadavg()[0]:.2f}; ismcts:{args.iterations}, {leaf}")
    print(
        "| ruleset | positions | ms/move reference | ms/move kernel | ratio | µs/iteration reference | kernel | ratio "
        "| kernel iterations in the reference's time a move, ms/move measured |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for rid in args.rulesets:
        if (why := kernel.gap(ruleset(rid))) is not None:
            print(f"{rid}: not on the kernel ({why})", file=sys.stderr)
            continue
        games = positions(rid, args.positions)
        timed("kernel", games[0], 0, 2)  # the compile, or the cache load, before the clock
        spent = {"reference": 0.0, "kernel": 0.0}
        for i, game in enumerate(games):
            ref, ref_s, ref_state = timed("reference", game, i, args.iterations)
            fast, fast_s, fast_state = timed("kernel", game, i, args.iterations)
            if (ref, ref_state) != (fast, fast_state):
                sys.exit(f"{rid} position {i} (ply {game.ply}): the two searches chose differently")
            spent["reference"] += ref_s
            spent["kernel"] += fast_s
        n, N = len(games), args.iterations
        ratio = spent["reference"] / spent["kernel"]
        # the cost of one more iteration, without the per-move cost (the view, the guesser, loading the position)
        ref_it = (per_move("reference", games, 4 * N) - spent["reference"] / n) / (3 * N)
        fast_it = (per_move("kernel", games, 4 * N) - spent["kernel"] / n) / (3 * N)
        # the budget that fills the reference's time: the straight-line estimate, then corrected by measuring
        # (an iteration costs more as the tree grows)
        fill = round((spent["reference"] / n - (spent["kernel"] / n - N * fast_it)) / fast_it)
        for _ in range(3):
            took = per_move("kernel", games, fill)
            if abs(took * n / spent["reference"] - 1) < 0.05:
                break
            fill = round(fill * spent["reference"] / n / took)
        print(
            f"| {rid} | {n} | {spent['reference'] / n * 1e3:.1f} | {spent['kernel'] / n * 1e3:.2f} | {ratio:.1f}× "
            f"| {ref_it * 1e6:.0f} | {fast_it * 1e6:.1f} | {ref_it / fast_it:.0f}× "
            f"| {fill:,}, {took * 1e3:.1f} |"
        )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
