"""What better guessing could give ``strong``: the same player with the true hidden ranks in its worlds, against greedy.

Run: ``python benchmarks/strong_oracle.py RULESET [--know all|flag] [--games N] [--start S] [--workers W]``.

This player cheats on purpose. Each world ``strong`` searches is drawn from
its belief as usual (so its generator draws what it always draws) by the
compiled draw (``belief_compiled.assignments``, the path these four games take), then the
drawn ranks are overwritten with the truth: every hidden enemy rank
(``--know all``), or only where the enemy's flag or headquarters stands,
swapped with the piece drawn in its place (``--know flag``). Everything else
(the search, the evaluation, the blind strike's odds from the belief) is
unchanged. The score against greedy thus measures what knowing the ranks
is worth to this search (not a bound: in the Japanese War Game knowing more
scored no better), on the same seeds as ``players.py``'s games (sides
alternated by seed): a measure of where strength is lost, not a player.
Printed: N, wins-draws-unfinished-losses, the score (draw or unfinished ½)
with its Wilson 95 % interval.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from players import play_set_up, tally

from wararchive.players import belief, belief_compiled

_LAST: dict[str, Any] = {}  # the belief being used and its game: the patched draw reads the truth from them


def _truth(know: str):
    """A stand-in for ``belief_compiled.assignments`` that draws as it does, then writes the truth over the draws."""
    drawn = belief_compiled.assignments

    def assignments(pool, marginal, likelihood, possible, rng, count) -> np.ndarray:
        out = np.array(drawn(pool, marginal, likelihood, possible, rng, count), np.int64).reshape(count, len(marginal))
        b, game = _LAST["belief"], _LAST["game"]
        fallen = {uid: t for uid, t, _, _ in game.removed}
        true = [game.kind[c] for c in b.cells] + [fallen[u] for u in b.uids[len(b.cells) :]]
        if know == "all":
            return np.array([true] * count, np.int64)
        for j, t in enumerate(true):
            if t not in game.capture_wins:
                continue
            for row in out:  # the flag where it stands; the piece drawn there goes where the world had put the flag
                if row[j] != t:
                    where = np.flatnonzero(row == t)
                    if where.size:
                        row[where[0]] = row[j]
                    row[j] = t
        return out

    return assignments


def _cheat(know: str) -> None:
    """In this (worker) process: remember each belief's game, and draw the truth."""
    made = belief.Belief.__init__

    def init(self, game, *args, **kwargs) -> None:
        made(self, game, *args, **kwargs)
        _LAST["belief"], _LAST["game"] = self, game

    belief.Belief.__init__ = init
    belief_compiled.assignments = _truth(know)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset")
    ap.add_argument("--know", choices=("all", "flag"), default="all")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    jobs = [(args.ruleset, "strong", "greedy", seed) for seed in range(args.start, args.start + args.games)]
    games = play_set_up(jobs, args.workers, _cheat, args.know)
    counts, score, lo, hi = tally(games)
    n = len(games)
    print(
        f"{args.ruleset} strong knowing {args.know} against greedy, seeds {args.start}-{args.start + n - 1} "
        f"N={n} {counts} score {score:.3f} [{lo:.3f}, {hi:.3f}]"
    )


if __name__ == "__main__":
    main()
