"""The ``study`` command: what an ambiguous reading changes, measured on paired games."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import WararchiveError
from .engine_cmds import MAX_GAMES, PLAYER_KINDS, _parse_options, _players, engine_argument, games_count, parallel_arguments
from .output import render


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "study",
        help="measure what a reading of the rules changes, on paired games",
        description="Play the same seeds under two or more readings of a ruleset's options and compare them: "
        "win and draw rates with Wilson intervals, length, balance, decisiveness, the rules that fired, "
        "piece survival, and per pair of readings paired differences with exact McNemar tests and bootstrap "
        "intervals. Tables are saved as Parquet and CSV with the metadata that reproduces them.",
    )
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=A,B[,…]",
        help="an option to vary over readings A, B, …; with one value, an option fixed for every reading (repeatable)",
    )
    p.add_argument(
        "--games", type=games_count, default=200, help=f"seeds to play under every reading, at most {MAX_GAMES:,} (default 200)"
    )
    p.add_argument(
        "--players",
        default="greedy,greedy",
        help=f"two of {PLAYER_KINDS}, separated by a comma (default: greedy,greedy)",
    )
    p.add_argument("--seed", type=int, default=0, help="first seed; the study plays seed … seed+games-1 (default 0)")
    parallel_arguments(p)
    engine_argument(p)
    p.add_argument("--out", metavar="DIR", help="directory for the tables (default: study-RULESET)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=study_cmd)


def _split(pairs: list[str]) -> tuple[dict[str, list[Any]], dict[str, Any]]:
    """``NAME=A,B`` pairs into varied options; ``NAME=A`` into fixed ones."""
    vary: dict[str, list[Any]] = {}
    fixed: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name or not raw:
            raise WararchiveError(f"option {pair!r} must be NAME=READING_A,READING_B")
        values = [_parse_options([f"{name}={v.strip()}"])[name] for v in raw.split(",")]
        if name in vary or name in fixed:
            raise WararchiveError(f"option {name} is given twice")
        if len(values) > 1:
            vary[name] = values
        else:
            fixed[name] = values[0]
    return vary, fixed


def study_cmd(args: argparse.Namespace) -> None:
    from ..fileio import output_directory
    from ..study import study

    out = args.out or f"study-{args.ruleset}"
    output_directory(out)  # a bad --out fails now, not after every game was played
    vary, fixed = _split(args.option)
    result = study(
        args.ruleset,
        vary,
        games=args.games,
        players=_players(args.players),
        seed=args.seed,
        options=fixed,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=not args.quiet,
        engine=args.engine,
    )
    result.save(out)
    print(summary(result))
    print(f"\ntables written to {out}/ (Parquet and CSV; study.json reproduces the study)")


def engine_line(info: dict[str, Any] | None) -> str:
    """Which engine played the games: the compiled kernel, or the reference engine and why."""
    if not info:
        return "engine: reference"
    ran = {r["ran"] for r in info["readings"]}
    if ran == {"kernel"}:
        return "engine: kernel (compiled; plays the reference engine's games move for move)"
    why = sorted({r["why_not_kernel"] for r in info["readings"] if r["ran"] == "reference"})
    which = "reference" if ran == {"reference"} else "kernel for some readings, reference for others"
    return f"engine: {which} ({'; '.join(why)})"


def summary(s) -> str:
    """The readings and their paired differences, as text tables."""
    d = s.design
    head = (
        f"{d.ruleset}, varying {', '.join(d.vary)}: {d.games} seeds from {d.seed} under each reading; "
        f"{d.players[0]} vs {d.players[1]}"
    )
    name = _short_names(s)
    head += "\n" + engine_line(s.meta.get("engine"))
    rows = []
    for r in s.readings.to_dict(orient="records"):
        row = {"reading": name[r["reading"]], "games": r["games"]}
        for key in [c[: -len("_rate")] for c in s.readings.columns if c.endswith("_rate")]:
            row[key] = f"{r[key + '_rate']:.3f} [{r[key + '_lo']:.3f}, {r[key + '_hi']:.3f}]"
        row |= {"mean plies": f"{r['mean_plies']:.1f}", "balance": f"{r['balance']:.3f}", "decisive": f"{r['decisiveness']:.3f}"}
        rows.append(row)
    pairs = [
        {
            "a → b": f"{name[p['reading_a']]} → {name[p['reading_b']]}",
            "measure": p["measure"],
            "a": f"{p['value_a']:.3f}",
            "b": f"{p['value_b']:.3f}",
            "b − a [95% CI]": f"{p['difference']:+.3f} [{p['difference_lo']:+.3f}, {p['difference_hi']:+.3f}]",
            "a only / b only": "" if p["measure"] == "mean plies" else f"{p['a_only']:.0f} / {p['b_only']:.0f}",
            "McNemar p": "" if p["measure"] == "mean plies" else f"{p['mcnemar_p']:.4g}",
        }
        for p in s.pairs.to_dict(orient="records")
    ]
    changed = s.rule_changes[(s.rule_changes["difference_lo"] > 0) | (s.rule_changes["difference_hi"] < 0)]
    rules = [
        {
            "a → b": f"{name[r['reading_a']]} → {name[r['reading_b']]}",
            "rule": r["rule"],
            "per game a": f"{r['per_game_a']:.3f}",
            "per game b": f"{r['per_game_b']:.3f}",
            "b − a [95% CI]": f"{r['difference']:+.3f} [{r['difference_lo']:+.3f}, {r['difference_hi']:+.3f}]",
            "cites": r["cites"],
        }
        for r in changed.to_dict(orient="records")
    ]
    out = [head, "", "READINGS (rates with Wilson 95% intervals)", render(rows, list(rows[0]), "table")]
    out += ["", "PAIRED DIFFERENCES (same seeds; bootstrap 95% intervals; exact McNemar on discordant seeds)"]
    out.append(render(pairs, list(pairs[0]), "table"))
    out += ["", "RULES THAT FIRED MORE OR LESS (95% interval excludes 0)"]
    out.append(render(rules, list(rules[0]), "table") if rules else "none")
    return "\n".join(out)


def _short_names(s) -> dict[str, str]:
    """With one varied option, a reading is named by its value alone, to keep the tables narrow."""
    if len(s.design.vary) > 1:
        return {r.label: r.label for r in s.design.readings}
    return {r.label: r.label.partition("=")[2] for r in s.design.readings}
