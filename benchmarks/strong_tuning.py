"""``strong``'s strength against an opponent with some of its constants changed: a tuning run, not a setting.

Run: ``python benchmarks/strong_tuning.py RULESET [--set NAME=VALUE ...] [--games N] [--start S] [--player strong:K]
[--opponent greedy]``.

The constants are :mod:`wararchive.players.strong`'s module-level numbers
(``DANGER``, ``HIDE``, ``CONTACT``…: its docstring says what each weighs)
and its belief's (:mod:`wararchive.players.belief`: ``BOLDNESS``,
``ADVANCE``, ``SURPRISE``);
``--set`` changes them in every worker before any game, so both the Python
search and the compiled judging (which reads them through
``strong.compiled_settings``) use the new values. The games are
:func:`players.play_one`'s (sides alternated by seed). Printed: the
settings, N, wins-draws-unfinished-losses, the score (draw or unfinished ½)
with its Wilson 95 % interval, and the player's mean milliseconds a move.

A run on the same seeds as another compares settings on the same deals
(paired); a setting chosen as the best of several runs is confirmed only on
seeds none of them used.
"""

from __future__ import annotations

import argparse

from players import play_set_up, tally

from wararchive.players import belief, strong

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
    """Set the constants in this (worker) process."""
    for name, value in settings:
        setattr(NUMBERS[name], name, value)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset")
    ap.add_argument("--set", dest="settings", type=setting, action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--player", default="strong", help="strong, or strong:K for K worlds a move")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    jobs = [(args.ruleset, args.player, args.opponent, seed) for seed in range(args.start, args.start + args.games)]
    games = play_set_up(jobs, args.workers, _apply, args.settings)
    counts, score, lo, hi = tally(games)
    n = len(games)
    ms = 1000 * sum(g[1] for g in games) / max(sum(g[2] for g in games), 1)
    shown = ", ".join(f"{name}={value}" for name, value in args.settings) or "defaults"
    print(
        f"{args.ruleset} {shown} seeds {args.start}-{args.start + n - 1} N={n} {counts} "
        f"score {score:.3f} [{lo:.3f}, {hi:.3f}] ms/move {ms:.2f}"
    )


if __name__ == "__main__":
    main()
