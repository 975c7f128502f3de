"""The ``study`` command: what an ambiguous reading changes, measured on paired games."""

from __future__ import annotations

import argparse
from typing import Any

from ..engine.limits import check_seeds
from ..errors import WararchiveError
from ..runner import shared_workers
from ..study.seeds import EXPLORATION_SEED
from .engine_cmds import (
    MAX_GAMES,
    PLAYER_KINDS,
    SEEDS,
    _parse_options,
    _players,
    engine_argument,
    games_count,
    parallel_arguments,
    seed_number,
)
from .output import render


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "study",
        help="measure what a reading of the rules changes, on paired games",
        description="Play the same seeds under two or more readings of a ruleset's options and compare them. "
        "Per pair of readings, first one answer: how many seeds changed their outcome (a side's win, a draw by the "
        "rules, or unfinished at the project's ply limit) and how many flipped the winner, with Stuart–Maxwell's test "
        "of the 4×4 table of outcomes (exact while small) and its Benjamini–Hochberg q over the study's comparisons; "
        "then paired differences of the rates with Tango score intervals and the "
        "discordant seeds beside them, and the rules that fired more or less (exact sign tests, Holm-adjusted, "
        "rules with at least 10 discordant seeds). Per reading: win, draw and unfinished rates with Wilson intervals, length, "
        "balance, decisiveness, lead changes (how often the side ahead in material changed), piece survival. "
        "Tables are saved as Parquet and CSV with the metadata that reproduces them.",
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
    p.add_argument(
        "--seed",
        type=seed_number,
        default=EXPLORATION_SEED,
        help=f"first seed; the study plays seed … seed+games-1 ({SEEDS}; default {EXPLORATION_SEED:,}: a block that no "
        "published study or retest plays, so a run here is a new sample, not a replay of the published games)",
    )
    p.add_argument(
        "--alternate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="when the two players differ, they change sides on odd seeds (default), so that a side's advantage "
        "is not mistaken for a player's; --no-alternate keeps the first-named player on the first side",
    )
    parallel_arguments(p)
    engine_argument(p)
    p.add_argument("--out", metavar="DIR", help="directory for the tables (default: study-RULESET)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=study_cmd)

    p = sub.add_parser(
        "publish-studies",
        help="regenerate the published studies of every reading (docs/studies)",
        description="Study every interpretation option of every ruleset on the same seeds under each of its readings "
        "and save the results as versioned data (Parquet, study.json with fingerprints, summary.json) that the site "
        "renders. Resumable: seeds are played in blocks saved as they complete, each with a checksum that a resumed run "
        "checks, and a study whose design and fingerprints are unchanged (and whose files match their hashes) is kept; "
        "if only the statistics changed, it is analysed again from its published games, none played.",
    )
    p.add_argument(
        "--games", type=games_count, help=f"paired seeds per reading, at most {MAX_GAMES:,} (default: 2000, the published target)"
    )
    p.add_argument("--players", default="greedy,greedy", help=f"two of {PLAYER_KINDS} (default: greedy,greedy)")
    p.add_argument("--seed", type=seed_number, help=f"first seed ({SEEDS}; default: 1)")
    p.add_argument("--ruleset", action="append", metavar="RULESET", help="only this ruleset (repeatable; default: all)")
    p.add_argument(
        "--out",
        metavar="DIR",
        help="where to write (default: docs/studies in a source checkout, else ./studies, "
        "which wararchive site run in the same directory shows)",
    )
    p.add_argument(
        "--discard-bad-blocks",
        action="store_true",
        help="delete a saved block (under .partial/) that is changed, truncated or saved for another design, and play "
        "its seeds again, instead of refusing it",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    parallel_arguments(p)
    p.set_defaults(run=publish_cmd)

    from ..study.ladder import GAMES, HIDDEN_RANK_GAMES, PLAYERS

    p = sub.add_parser(
        "ladder",
        help="rate the computer players against each other (docs/studies/ladder)",
        description="A round robin of the computer players in each hidden-rank game: every pair meets on the same fresh "
        "seeds (3,000,001 on, which no study played), sides alternating, at the default options. A win scores 1, a game "
        "with no winner ½ each. Saves each game, each pairing's score with its Wilson interval, and Bradley–Terry "
        "ratings on the Elo scale (random at 0) with bootstrap intervals, as Parquet and CSV with a study.json that "
        "fingerprints the code; the site's Strength ladder page shows them. A ruleset already published with the same "
        "design and code is kept; each is saved as soon as it is played.",
    )
    p.add_argument("--games", type=games_count, default=GAMES, help=f"games a pairing (default {GAMES})")
    p.add_argument(
        "--players",
        default=",".join(PLAYERS),
        help=f"two or more of {PLAYER_KINDS}, separated by commas (default: {','.join(PLAYERS)})",
    )
    p.add_argument(
        "--ruleset",
        action="append",
        choices=HIDDEN_RANK_GAMES,
        metavar="RULESET",
        help=f"only this ruleset (repeatable; default: {', '.join(HIDDEN_RANK_GAMES)})",
    )
    p.add_argument("--out", metavar="DIR", help="the studies' folder to write under (default: as publish-studies)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    parallel_arguments(p)
    p.set_defaults(run=ladder_cmd)


def ladder_cmd(args: argparse.Namespace) -> None:
    from pathlib import Path

    from ..fileio import output_directory
    from ..study import ladder, publish

    players = _players(args.players, many=True)
    ladder.check(players, args.games, ladder.LADDER_SEED)
    root = Path(args.out) if args.out else publish.default_root()
    output_directory(root)
    with shared_workers():  # one set of workers for every pairing's games
        written = ladder.publish(
            root, args.ruleset, args.games, players, workers=args.workers, scheduler=args.scheduler, progress=not args.quiet
        )
    print(
        f"{len(written)} ladders written under {root / ladder.FOLDER}/"
        if written
        else f"every ladder under {root / ladder.FOLDER}/ is current"
    )


def publish_cmd(args: argparse.Namespace) -> None:
    from pathlib import Path

    from ..fileio import output_directory
    from ..study import publish

    games = publish.GAMES if args.games is None else args.games
    seed = publish.SEED if args.seed is None else args.seed
    check_seeds(seed, games)  # the last seed too, before anything is made
    root = Path(args.out) if args.out else publish.default_root()
    output_directory(root)  # a bad --out fails now, not after the games
    with shared_workers():  # one set of workers for both rounds' games and their analyses
        written = publish.publish(
            root,
            games,
            _players(args.players),
            seed,
            args.ruleset,
            args.workers,
            args.scheduler,
            progress=not args.quiet,
            discard=args.discard_bad_blocks,
        )
    print(f"{len(written)} studies written under {root}/" if written else f"every study under {root}/ is current")


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

    check_seeds(args.seed, args.games)  # the last seed too, before anything is made
    out = args.out or f"study-{args.ruleset}"
    output_directory(out)  # a bad --out fails now, not after every game was played
    vary, fixed = _split(args.option)
    with shared_workers():  # the games and their analysis on the same workers
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
            alternate=args.alternate,
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
    """The one-line answers first, then the cross-tables, the readings, their paired differences and the rule screen."""
    from ..study import stats

    d = s.design
    sides = "sides alternated on odd seeds" if d.alternates else f"{d.players[0]} plays the first side"
    head = (
        f"{d.ruleset}, varying {', '.join(d.vary)}: {d.games} seeds from {d.seed} under each reading; "
        f"{d.players[0]} vs {d.players[1]} ({sides})"
    )
    name = _short_names(s)
    omnibus = s.omnibus.to_dict(orient="records")
    q = stats.benjamini_hochberg([o["p"] for o in omnibus])
    answers = [
        f"{name[o['reading_a']]} → {name[o['reading_b']]}: {stats.answer_line(o, qv)}" for o, qv in zip(omnibus, q, strict=True)
    ]
    answers.append(
        f"(q: Benjamini–Hochberg over this study's {len(omnibus)} comparison{'s' * (len(omnibus) > 1)}; with no reading "
        "changing anything, about "
        f"{len(omnibus) * stats.ALPHA:.2f} of them would show p < 0.05 by chance. Seeds {d.seed:,}… are not the "
        "published studies' (1…) nor their retests' (1,000,001…), unless --seed chose them; a result here is a "
        "lead to retest on fresh seeds, not a finding.)"
    )
    outcomes = [c[: -len("_to_draw")] for c in s.omnibus.columns if c.endswith("_to_draw")]
    tables = []
    for o in s.omnibus.to_dict(orient="records"):
        cross = [{"a \\ b": x} | {y: o[f"{x}_to_{y}"] for y in outcomes} for x in outcomes]
        tables += [f"{name[o['reading_a']]} (rows) → {name[o['reading_b']]} (columns)", render(cross, list(cross[0]), "table")]
    head += "\n" + engine_line(s.meta.get("engine"))
    rows = []
    for r in s.readings.to_dict(orient="records"):
        row = {"reading": name[r["reading"]], "games": r["games"]}
        for key in [c[: -len("_rate")] for c in s.readings.columns if c.endswith("_rate")]:
            if key == "player1_wins" and not d.alternates:
                continue  # the first side's wins
            row[key] = f"{r[key + '_rate']:.3f} [{r[key + '_lo']:.3f}, {r[key + '_hi']:.3f}]"
        row |= {"mean plies": f"{r['mean_plies']:.1f}", "balance": f"{r['balance']:.3f}", "decisive": f"{r['decisiveness']:.3f}"}
        row["lead changes"] = f"{r['mean_lead_changes']:.2f}"
        rows.append(row)
    pairs = [
        {
            "a → b": f"{name[p['reading_a']]} → {name[p['reading_b']]}",
            "measure": p["measure"],
            "a": f"{p['value_a']:.3f}",
            "b": f"{p['value_b']:.3f}",
            "b − a [95% CI]": f"{p['difference']:+.3f} [{p['difference_lo']:+.3f}, {p['difference_hi']:+.3f}]",
            "interval": p["interval"],
            "seeds a / b": f"{p['a_only']} / {p['b_only']}",
        }
        for p in s.pairs.to_dict(orient="records")
    ]
    flagged = s.rule_changes[s.rule_changes["flagged"]]
    rules = [
        {
            "a → b": f"{name[r['reading_a']]} → {name[r['reading_b']]}",
            "rule": r["rule"],
            "per game a": f"{r['per_game_a']:.3f}",
            "per game b": f"{r['per_game_b']:.3f}",
            "seeds more / fewer": f"{r['seeds_more']} / {r['seeds_fewer']}",
            "Holm p": stats.p_text(r["p_holm"]).removeprefix("p "),
            "cites": r["cites"],
        }
        for r in flagged.to_dict(orient="records")
    ]
    screened = s.rule_changes.groupby(["reading_a", "reading_b"])["screened"].sum()
    out = [head, "", "ANSWER (per pair of readings, the same seeds)", *answers, "", "RESULTS, SEED BY SEED", *tables]
    out += ["", "READINGS (rates with Wilson 95% intervals)", render(rows, list(rows[0]), "table")]
    out += ["", "PAIRED DIFFERENCES (b − a on the same seeds; seeds a / b: seeds with the outcome under a only / b only)"]
    out.append(render(pairs, list(pairs[0]), "table"))
    out += [
        "",
        f"RULES THAT FIRED MORE OR LESS (exact sign tests, {stats.SCREEN}-adjusted at 5 % per pair of readings over "
        f"the rules whose count differed on ≥ {stats.MIN_DISCORDANT} seeds: {int(screened.sum())} screened in all)",
    ]
    out.append(render(rules, list(rules[0]), "table") if rules else "none")
    return "\n".join(out)


def _short_names(s) -> dict[str, str]:
    """With one varied option, a reading is named by its value alone, to keep the tables narrow."""
    if len(s.design.vary) > 1:
        return {r.label: r.label for r in s.design.readings}
    return {r.label: r.label.partition("=")[2] for r in s.design.readings}
