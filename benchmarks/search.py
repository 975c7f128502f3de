"""The search player ``ismcts`` on the compiled kernel against the same search on the reference engine.

Run: ``python benchmarks/search.py [--iterations N] [--positions P] [--playouts R] [--plies D] [RULESET ...]``.

The positions are P reference games of greedy against greedy (seeds
0…P-1) stopped at ply 10, 40 and 100 (fewer where a game ends first). In
each, ``ismcts`` with N iterations chooses a move twice, its guessed
worlds (the tree's moves in them and the playouts) once on the reference
engine and once on the kernel, from the same seed; the
two choices (and the player's generator afterwards) must be equal, or the
run stops, naming the position. Printed per ruleset: the positions, the
mean CPU milliseconds per move on each engine and their ratio, the
playouts per CPU-second, and what the ratio buys: the kernel's search
given the reference's time, i.e. N × the ratio iterations, measured on
the same positions (its milliseconds per move beside it). The
reference figure is measured in the same run, position by position,
so the ratio is what to compare across machines. ``--playouts`` and
``--plies`` set the search's playouts per leaf and plies per playout
(``PLAYOUTS``, ``PLAYOUT_PLIES`` of :mod:`wararchive.players.ismcts`) for
this run: the longer the playouts, the more of the search's time they take
and the more the kernel saves. The machine's load average is printed at
the start and the end. The kernel's compile or cache load is paid in a
warm-up move before the timing.
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*", default=["japanese-war-game", "spionaaz"])
    ap.add_argument("--iterations", type=int, default=ismcts.DEFAULT_ITERATIONS)
    ap.add_argument("--positions", type=int, default=10, help="games to take positions from (three positions each)")
    ap.add_argument("--playouts", type=int, default=ismcts.PLAYOUTS, help="playouts per leaf")
    ap.add_argument("--plies", type=int, default=ismcts.PLAYOUT_PLIES, help="plies per playout")
    args = ap.parse_args()
    ismcts.PLAYOUTS, ismcts.PLAYOUT_PLIES = args.playouts, args.plies
    leaf = f"{args.playouts} playout(s) of {args.plies} plies a leaf"
    print(f"load average at start: {os.getloadavg()[0]:.2f}; ismcts:{args.iterations}, {leaf}")
    print(
        "| ruleset | positions | ms/move reference | ms/move kernel | ratio | playouts/CPU-s reference | kernel "
        "| kernel search in the reference's time: iterations, ms/move |"
    )
    print("|---|---|---|---|---|---|---|---|")
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
        n, playouts = len(games), len(games) * args.iterations * args.playouts
        ratio = spent["reference"] / spent["kernel"]
        more = round(args.iterations * ratio)
        bought = sum(timed("kernel", game, i, more)[1] for i, game in enumerate(games))
        print(
            f"| {rid} | {n} | {spent['reference'] / n * 1e3:.1f} | {spent['kernel'] / n * 1e3:.1f} | {ratio:.2f}× "
            f"| {playouts / spent['reference']:,.0f} | {playouts / spent['kernel']:,.0f} | {more}, {bought / n * 1e3:.1f} |"
        )
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
