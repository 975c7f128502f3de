"""``strong``'s strength against an opponent with some of its constants changed: a tuning run, not a setting.

Run: ``python benchmarks/strong_tuning.py RULESET [--set NAME=VALUE ...] [--games N] [--start S] [--player strong:K]
[--opponent greedy] [--results FILE] [--paired FILE]``.

The constants are :mod:`wararchive.players.strong`'s module-level numbers
(``DANGER``, ``HIDE``, ``CONTACT``…: its docstring says what each weighs)
and its belief's (:mod:`wararchive.players.belief`: ``BOLDNESS``,
``ADVANCE``, ``SURPRISE``);
``--set`` changes them in every worker before any game, so both the Python
search and the compiled judging (which read them through
``strong.Settings``) use the new values; strong's are forced over a
ruleset's own tuning (``strong.FORCED``), so ``--set`` always means the
value named. With no ``--set``, a game plays its ruleset's tuning. The games are
:func:`players.play_one`'s (sides alternated by seed). Printed: the
settings, N, wins-draws-unfinished-losses, the score (draw or unfinished ½)
with its Wilson 95 % interval, and the player's median and mean milliseconds a move.

A run on the same seeds as another compares settings on the same deals
(paired); a setting chosen as the best of several runs is confirmed only on
seeds none of them used. ``--results`` saves each seed's result (CSV:
seed, result, score); ``--paired`` reads such a file of another run and
prints the paired difference of the scores over the seeds both played, with
its percentile bootstrap 95 % interval and a two-sided sign test over the
seeds whose score differs (the study statistics' own functions).
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import numpy as np
from players import SCORE, move_ms, play_set_up, tally

from wararchive.players import belief, strong
from wararchive.study.stats import paired_interval, sign_test

UNSET = {"DEFAULT_WORLDS"}  # read once, as a default argument: play ``strong:K`` (``--player``) for K worlds
NUMBERS = {
    name: module
    for module in (strong, belief)
    for name, value in vars(module).items()
    if name.isupper() and type(value) in (int, float) and name not in UNSET
}
"""Each settable constant's module (the belief's ``SINKHORN_ROUNDS`` too; no name is in both)."""


def setting(text: str) -> tuple[str, int | float]:
    """``NAME=VALUE`` as a constant of the strong player's or its belief's module and a value of the same type."""
    name, sep, value = text.partition("=")
    if not sep or name not in NUMBERS:
        raise argparse.ArgumentTypeError(f"{text!r}: NAME=VALUE with NAME one of {', '.join(sorted(NUMBERS))}")
    current = getattr(NUMBERS[name], name)
    try:
        return name, type(current)(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: {name} is a {type(current).__name__}") from None


def _apply(settings: list[tuple[str, int | float]]) -> None:
    """Set the constants in this (worker) process: strong's over any ruleset's own tuning (``strong.FORCED``)."""
    for name, value in settings:
        if name in strong.TUNABLE:
            strong.FORCED[name] = value
        else:
            setattr(NUMBERS[name], name, value)


def save(path: Path, seeds: range, games: list[tuple]) -> None:
    """Each seed's result and score, one row per game."""
    with path.open("w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["seed", "result", "score"])
        out.writerows((seed, g[0], SCORE[g[0]]) for seed, g in zip(seeds, games, strict=True))


def paired(path: Path, seeds: range, games: list[tuple]) -> str:
    """This run's scores less those saved in ``path`` on the seeds both played: mean [95 %], and the sign test."""
    with path.open(newline="") as f:
        other = {int(row["seed"]): float(row["score"]) for row in csv.DictReader(f)}
    diffs = np.array([SCORE[g[0]] - other[s] for s, g in zip(seeds, games, strict=True) if s in other])
    if not len(diffs):
        return f"paired with {path}: no seed in common"
    (lo,), (hi,) = paired_interval(diffs)
    more, fewer = int((diffs > 0).sum()), int((diffs < 0).sum())
    return (
        f"paired with {path} on {len(diffs)} seeds: difference {diffs.mean():+.3f} [{lo:+.3f}, {hi:+.3f}], "
        f"better on {more} seeds, worse on {fewer}, sign test p = {sign_test(more, fewer):.3g}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset")
    ap.add_argument("--set", dest="settings", type=setting, action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--player", default="strong", help="strong, or strong:K for K worlds a move")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--results", type=Path, help="save each seed's result here (CSV)")
    ap.add_argument("--paired", type=Path, help="compare with another run's --results on the same seeds")
    args = ap.parse_args()
    jobs = [(args.ruleset, args.player, args.opponent, seed) for seed in range(args.start, args.start + args.games)]
    games = play_set_up(jobs, args.workers, _apply, args.settings)
    counts, score, lo, hi = tally(games)
    n = len(games)
    median, ms = move_ms(games)
    shown = ", ".join(f"{name}={value}" for name, value in args.settings) or "the ruleset's own settings"
    print(
        f"{args.ruleset} {shown} seeds {args.start}-{args.start + n - 1} N={n} {counts} "
        f"score {score:.3f} [{lo:.3f}, {hi:.3f}] ms/move median {median:.2f} mean {ms:.2f}"
    )
    seeds = range(args.start, args.start + n)
    if args.results:
        save(args.results, seeds, games)
    if args.paired:
        print(paired(args.paired, seeds, games))


if __name__ == "__main__":
    main()
