"""Engine commands: ``rulesets``, ``rules``, ``play``, ``simulate``, ``replay``."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from ..engine.common import DRAW, UNFINISHED, outcome
from ..engine.limits import SEED_MAX, check_seeds, whole_number
from ..errors import WararchiveError
from ..result_text import result_sentence
from . import terminal
from .addresses import scheduler_address
from .output import FORMATS, render

# The player kinds of wararchive.players.players(), spelt out so that --help needs no engine import (a test keeps them in step).
PLAYER_KINDS = (
    "random, greedy, ismcts or ismcts:N (information-set MCTS, N searches a move), "
    "belief or belief:N (search over N worlds a move drawn from a belief about hidden ranks; strong, strong:N the same), "
    "openspiel-ismcts or openspiel-ismcts:N (OpenSpiel's ISMCTSBot)"
)


GAME_HELP = "which record of a JSONL file, from 1 (needed if it holds several; a .json file's one record is game 1)"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("rulesets", help="list the rulesets", description="List the executable rulesets and their texts.")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format (default: table)")
    p.set_defaults(run=rulesets_cmd)

    p = sub.add_parser(
        "rules",
        help="a ruleset's pieces, rules, citations and options",
        description="Print a ruleset's pieces, its rules with their citations and certainty, its interpretation options "
        "and the passages it does not implement.",
    )
    p.add_argument("ruleset", metavar="RULESET", help="ruleset id (see 'wararchive rulesets')")
    _options(p)
    p.add_argument("--format", choices=["text", "json"], default="text", help="output format (default: text)")
    p.set_defaults(run=rules_cmd)

    p = sub.add_parser(
        "play",
        help="let two computer players play a game, ply by ply",
        description="Play one game between two computer players and print it ply by ply as a text board.",
    )
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument(
        "--seed", type=seed_number, default=0, help=f"random seed: the same seed gives the same game ({SEEDS}; default 0)"
    )
    p.add_argument(
        "--as",
        dest="side",
        help="whose view to print: a side or 'referee' (default), while computers play. A human sees only his own side's "
        "view (--as may name only that side); two humans play hot-seat, each seeing only his own side, with a pause "
        "screen between turns (no --as)",
    )
    p.add_argument(
        "--players",
        default="greedy,random",
        help=f"two of {PLAYER_KINDS}, human (you type the moves; 'help' shows the legend), "
        "separated by a comma (default: greedy,random)",
    )
    p.add_argument("--out", help="also save the game's record (JSON) to this file")
    p.add_argument("--pgn", help="chess only: also save the game as PGN to this file")
    _options(p)
    p.set_defaults(run=play_cmd)

    p = sub.add_parser(
        "simulate",
        help="simulate many games and save their records",
        description="Simulate games between computer players, save one record per line (JSONL), print a summary.",
    )
    p.add_argument("ruleset", metavar="RULESET")
    p.add_argument("--games", type=games_count, default=100, help=f"number of games, at most {MAX_GAMES:,} (default 100)")
    p.add_argument(
        "--seed",
        type=seed_number,
        default=0,
        help=f"seed of the first game: game N of the file (from 1) uses seed+N-1 ({SEEDS}, the last seed too; default 0)",
    )
    p.add_argument(
        "--players", default="random,random", help=f"two of {PLAYER_KINDS}, separated by a comma (default: random,random)"
    )
    p.add_argument("--out", required=True, help="JSONL file to write (written atomically)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    parallel_arguments(p)
    engine_argument(p)
    _options(p)
    p.set_defaults(run=simulate_cmd)

    p = sub.add_parser(
        "board",
        help="draw a board (and a position) as a PNG or SVG picture",
        description="Draw a ruleset's board with a position: a new game's setup, or a recorded game at a ply, "
        "as one side or the referee sees it (hidden ranks drawn as '?').",
    )
    p.add_argument("ruleset", metavar="RULESET", nargs="?", help="ruleset id (not needed with --record; if given, the record's)")
    p.add_argument("--record", help="draw a position of this record (.json, or .jsonl with --game)")
    p.add_argument("--game", type=int, help=f"with --record: {GAME_HELP}")
    p.add_argument("--ply", type=int, help="with --record: the position after this ply (default: the last)")
    p.add_argument(
        "--seed",
        type=seed_number,
        help=f"the setup of a new game with this seed ({SEEDS}; default 0); with --record, only the record's own seed",
    )
    p.add_argument("--as", dest="side", default="referee", help="whose view: a side or 'referee' (default)")
    p.add_argument("--out", required=True, help="picture file to write (.png or .svg)")
    _options(p, "; with --record, only the record's own values")
    p.set_defaults(run=board_cmd)

    p = sub.add_parser(
        "replay",
        help="replay a recorded game and show a position",
        description="Replay a record (JSON, or one line of a JSONL file) through the rules and print a position.",
    )
    p.add_argument("file", metavar="FILE", help="a .json record or a .jsonl file of records")
    p.add_argument("--game", type=int, help=GAME_HELP)
    p.add_argument(
        "--ply", type=int, help="show the position after this ply (default: the last); with --step, start there (default: 0)"
    )
    p.add_argument("--as", dest="side", default="referee", help="whose view: a side or 'referee' (default)")
    how = p.add_mutually_exclusive_group()
    how.add_argument(
        "--moves", action="store_true", help="print the list of every ply, as the viewer may read them (not with --ply)"
    )
    how.add_argument("--step", action="store_true", help="step through the game: Enter next, p back, a number jumps, q quits")
    p.set_defaults(run=replay_cmd)


def _options(p: argparse.ArgumentParser, note: str = "") -> None:
    p.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"set an interpretation option (repeatable), e.g. -o spy_vs_marshal=swedish{note}",
    )


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise WararchiveError(f"option {pair!r} must be NAME=VALUE")
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw
        except ValueError:  # a number of more digits than Python converts
            raise WararchiveError(f"option {name!r}: a number of more than {sys.get_int_max_str_digits():,} digits") from None
    return out


def _ruleset(args: argparse.Namespace):
    from ..engine import ruleset

    return ruleset(args.ruleset, **_parse_options(args.option))


def _players(spec: str, human: bool = False, many: bool = False) -> tuple[str, ...]:
    """The players ``spec`` names: two (``many``: two or more, all different), each checked as a player would be made."""
    from ..players import make_player, players

    allowed = [*players(), "human"] if human else list(players())
    kinds = tuple(s.strip() for s in spec.split(","))
    count = len(kinds) >= 2 and len(set(kinds)) == len(kinds) if many else len(kinds) == 2
    if not count or any(k.partition(":")[0] not in allowed for k in kinds):  # "ismcts:400": a budget
        how = "two or more different players" if many else "two"
        raise WararchiveError(f"--players takes {how} of {', '.join(allowed)} separated by commas, not {spec!r}")
    for kind in kinds:
        if kind != "human":
            make_player(kind, 0)  # a bad budget is refused now, not in every worker after the cluster started
    return kinds  # type: ignore[return-value]


def rulesets_cmd(args: argparse.Namespace) -> None:
    from ..engine import ruleset, rulesets

    rows = []
    for rid in rulesets():
        rs = ruleset(rid)
        rows.append({"ruleset": rid, "title": rs.title, "texts": list(rs.texts), "sides": list(rs.sides), "rules": len(rs.rules)})
    print(render(rows, ["ruleset", "title", "texts", "sides", "rules"], args.format))


def rules_cmd(args: argparse.Namespace) -> None:
    rs = _ruleset(args)
    if args.format == "json":
        print(json.dumps(rs.to_dict(), ensure_ascii=False, indent=2, default=str))
        return
    out = [
        f"{rs.title} ({rs.id}) — from {', '.join(rs.texts)}",
        rs.summary,
        f"Responsible for its inferences, conjectures and readings: {rs.responsible}",
        "",
        "PIECES",
    ]
    rows = [
        {
            "piece": p.id,
            "name": p.name,
            "English": p.name_en,
            "count": p.count,
            "rank": p.rank or "",
            "strength": p.strength,
            **({"steps": p.steps or "line"} if rs.board is not None and rs.board.kind == "graph" else {}),
            "moves": p.movement,
            "certainty": p.certainty,
            "cites": list(p.cites),
        }
        for p in rs.piece_types
    ]
    out.append(render(rows, list(rows[0]), "table"))
    out += [f"- {p.id} [{p.certainty}]: {p.reason}" for p in rs.piece_types if p.reason]
    out += ["", "RULES (certainty; cited passages; reason where not attested)"]
    for r in rs.rules:
        cites = ", ".join(r.cites) or f"no passage: {rs.responsible}'s own"
        out.append(f"- [{r.certainty}] {r.id}: {r.summary}")
        out.append(f"    cites: {cites}" + (f"\n    why: {r.reason}" if r.reason else ""))
    out += ["", "OPTIONS (interpretations and settings; current value marked *)"]
    for o in rs.declared.values():
        out.append(f"- {o.name} = {rs.options[o.name]!r} (default {o.default!r}; {o.kind}, {o.certainty}): {o.summary}")
        for reading in o.readings or ():
            mark = "*" if reading.value == rs.options[o.name] else " "
            out.append(f"    {mark} {reading.value!r}: {reading.summary}")
        out.append(f"    why the default: {o.rationale}")
    if rs.not_implemented:
        out += ["", "NOT IMPLEMENTED"]
        out += [f"- {n.passage}: {n.reason}" for n in rs.not_implemented]
    print("\n".join(out))


def play_cmd(args: argparse.Namespace) -> None:
    from ..engine.transcript import play_ply
    from ..fileio import atomic_write_text, output_target
    from ..players import make_player

    rs = _ruleset(args)
    kinds = _players(args.players, human=True)
    game = rs.new_game(seed=args.seed)
    if args.pgn is not None and not hasattr(game, "pgn"):
        raise WararchiveError(f"--pgn is for chess; {rs.id} games are saved as records (--out)")
    for path in (args.out, args.pgn):
        if path is not None:
            output_target(path)  # a bad path fails now, not after the game
    if args.side is not None:
        game.view(args.side)  # an unknown side (an empty one too) is refused as replay refuses it
    view = _play_view(kinds, rs.sides, args.side)
    hot_seat = view is None
    view_as = "each side its own, hot-seat" if view is None else view
    players = [
        terminal.HumanPlayer(s) if k == "human" else make_player(k, f"{rs.id}:{args.seed}:player:{s}")
        for k, s in zip(kinds, rs.sides, strict=True)
    ]
    print(f"{rs.title}, seed {args.seed}: {rs.sides[0]} ({kinds[0]}) vs {rs.sides[1]} ({kinds[1]}); view: {view_as}")
    try:
        if hot_seat:
            terminal.hot_seat(game, players, clear=terminal.CLEAR_SCREEN if sys.stdout.isatty() else "")
        else:
            print(game.view(view_as).render())
            while game.result is None:
                move = players[game.to_move].choose(game)
                print("\n" + "\n".join(play_ply(game, move, view_as)))  # the move and events through the viewer's filter
                print(game.view(view_as).render())
    except terminal.GameAbandoned as stop:
        print(f"\n{stop}")
        return
    r = game.result
    print(
        f"\nresult: {result_sentence(r['winner'], r['reason'], r['ply'])} — {r['summary']} "
        f"({', '.join(r['cites']) or 'project rule'})"
    )
    if args.out is not None:
        from ..engine.record import dumps

        atomic_write_text(args.out, dumps(game.record()) + "\n")
        print(f"record saved to {args.out}")
    if args.pgn is not None:
        atomic_write_text(args.pgn, game.pgn() + "\n")
        print(f"PGN saved to {args.pgn}")


def _play_view(kinds: tuple[str, ...], sides: tuple[str, ...], asked: str | None) -> str | None:
    """The view ``play`` prints the game in (``asked``: ``--as``), or None for hot-seat, each side its own.

    A human at the terminal reads what is printed, so while one plays the
    board is his side's view: the referee's or the enemy's would show him
    ranks the rules keep from him. ``--as`` naming another view is refused,
    not obeyed. Two humans play hot-seat (:func:`terminal.hot_seat`), where
    any one fixed view would show one of them the other's pieces, so
    ``--as`` is refused there too. Computer players alone may be watched
    from any view.
    """
    humans = [side for kind, side in zip(kinds, sides, strict=True) if kind == "human"]
    if not humans:
        return "referee" if asked is None else asked
    if len(humans) > 1 and asked is not None:
        raise WararchiveError(f"--as {asked}: two humans play hot-seat, each seeing only his own side; leave --as out")
    if asked not in (None, humans[0]):
        raise WararchiveError(
            f"--as {asked}: a human plays {humans[0]} and may see only {humans[0]}'s view (leave --as out, or --as {humans[0]})"
        )
    return humans[0] if len(humans) == 1 else None


MAX_GAMES = 1_000_000
"""The most games one command plays: each has its job listed before any runs (about 100 bytes each)."""


SEEDS = f"a whole number from {-SEED_MAX:,} to {SEED_MAX:,}"
"""What ``--help`` says a seed is (:data:`~wararchive.engine.limits.SEED_MAX`): one range for both engines."""


def games_count(text: str) -> int:
    """``--games``: a whole number from 1 to :data:`MAX_GAMES`."""
    return _whole(text, 1, MAX_GAMES)


def seed_number(text: str) -> int:
    """``--seed``: a whole number from -SEED_MAX to SEED_MAX (:func:`~wararchive.engine.limits.check_seed`).

    An argument type, so that argparse refuses a bad seed before the command
    has made anything (an output's temporary or lock file).
    """
    return _whole(text, -SEED_MAX, SEED_MAX)


def _whole(text: str, lo: int, hi: int, why: str = "") -> int:
    """``text`` as a whole number from ``lo`` to ``hi``, else argparse's error, ending in ``why``.

    Only ASCII digits, few enough for ``int`` to read: a count of thousands
    of digits is refused without reading it.
    """
    digits = re.fullmatch(r"\s*([+-]?)0*([0-9]{1,40})\s*", text)
    try:
        return whole_number(int(digits[1] + digits[2]) if digits else text, lo, hi)
    except WararchiveError as exc:
        raise argparse.ArgumentTypeError(f"{exc}{why}") from None


def parallel_arguments(p: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--scheduler``, shared by every command that plays many games.

    They exclude each other: ``--workers`` counts processes on this machine,
    while on a cluster its own workers run the games, so a count given with
    ``--scheduler`` would be silently ignored.
    """
    from ..runner import WORKERS_PER_CORE

    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=workers_count,
        help=f"local worker processes, at most {WORKERS_PER_CORE} per core: each plays one game or block of games at a "
        "time, so more than the cores only cost memory (default: every core; 1 runs in this process)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        type=scheduler_address,
        help="run on an existing Dask cluster at HOST:PORT or tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786, whose own "
        "workers run the games",
    )


def workers_count(text: str) -> int:
    """``--workers``: a whole number within this machine's cap (:func:`~wararchive.runner.max_workers`)."""
    from ..runner import WORKERS_PER_CORE, default_workers, max_workers

    return _whole(text, 1, max_workers(), f" ({WORKERS_PER_CORE} per core of the {default_workers()} this process may use)")


def engine_argument(p: argparse.ArgumentParser) -> None:
    """``--engine``, shared by the commands that play many games."""
    p.add_argument(
        "--engine",
        choices=("auto", "kernel", "reference"),
        default="auto",
        help="auto (default): the compiled kernel where it covers the ruleset and players, else the reference engine; "
        "the same games either way",
    )


def _simulated(job: tuple[str, dict[str, Any], int, tuple[str, str], str]) -> tuple[str, str, int]:
    """One game of a simulation: its record line, its outcome (a side, ``draw`` or ``unfinished``) and its length."""
    from ..engine import ruleset
    from ..engine.record import dumps
    from ..players import simulate

    rid, options, seed, kinds, engine = job
    game = simulate(ruleset(rid, **options), seed, kinds, engine)
    return dumps(game.record()), outcome(game.result["winner"], game.result["reason"]), game.ply


def simulate_cmd(args: argparse.Namespace) -> None:
    from ..fileio import atomic_open, output_target
    from ..kernel import choose
    from ..runner import parallel_iter

    seeds = check_seeds(args.seed, args.games)  # the last seed too, before anything is made
    rs = _ruleset(args)
    kinds = _players(args.players)
    output_target(args.out)  # a bad path fails now, not after the games
    ran, why = choose(args.engine, rs, kinds)
    options = _parse_options(args.option)  # one dict shared by every job
    jobs = [(rs.id, options, seed, kinds, ran) for seed in seeds]
    games = parallel_iter(
        _simulated, jobs, workers=args.workers, scheduler=args.scheduler, progress=None if args.quiet else f"simulating {rs.id}"
    )
    wins: Counter[str] = Counter()
    plies = 0
    with atomic_open(args.out) as fh:  # records stream to the file as games finish, in seed order
        for line, winner, n in games:
            fh.write(line + "\n")
            wins[winner] += 1
            plies += n
    parts = [f"{side} {wins[side]}" for side in rs.sides] + [f"draws {wins[DRAW]}", f"unfinished {wins[UNFINISHED]}"]
    print(
        f"{args.games} games of {rs.id} ({kinds[0]} vs {kinds[1]}): "
        + ", ".join(parts)
        + f"; mean length {plies / args.games:.1f} plies"
    )
    print(
        "engine: kernel (compiled; the reference engine's games move for move)"
        if ran == "kernel"
        else f"engine: reference ({why})"
    )
    print(f"records written to {args.out}")


def _position(record: dict[str, Any], full, ply: int | None):
    """The game of a checked record (``full``: replayed to its end) at ``ply`` (default: the end)."""
    from ..engine.record import replay

    _check_ply(full, ply)
    return full if ply is None or ply == full.ply else replay(record, upto=ply)


def _check_ply(full, ply: int | None) -> None:
    """``--ply`` must name a ply of the game ``full`` (replayed to its end), or be left out."""
    from ..engine.record import RecordError

    if ply is not None and not 0 <= ply <= full.ply:
        raise RecordError(f"--ply must be 0 to {full.ply}")


def _load_game(path: str, game: int | None) -> tuple[dict[str, Any], Any]:
    """:func:`~wararchive.engine.record.load_game`, where a file of one record (not .jsonl) is game 1 and no other.

    The engine reads such a file whatever ``--game`` says; showing it as game 3
    would let a user believe he sees another game than the one he asked for.
    """
    from ..engine.record import load_game

    if game is not None and game != 1 and Path(path).suffix != ".jsonl":
        raise WararchiveError(f"{path} holds one record (only a .jsonl file holds several): --game must be 1, not {game}")
    return load_game(path, game)


def _record_agrees(args: argparse.Namespace, record: dict[str, Any], full) -> None:
    """RULESET, ``--seed`` and ``-o`` given with ``--record`` must say what the record says, else they are refused.

    A record fixes its ruleset, seed and options; ``board`` draws the record,
    so an argument naming anything else could not be honoured and would be
    silently dropped (a Japanese War Game drawn for ``board spionaaz``).
    """
    if args.ruleset is not None and args.ruleset != record["ruleset"]:
        raise WararchiveError(f"RULESET {args.ruleset} differs from the record's, {record['ruleset']}")
    if args.seed is not None and args.seed != record["seed"]:
        raise WararchiveError(f"--seed {args.seed} differs from the record's seed, {record['seed']}")
    if args.option:
        from ..engine import ruleset

        given = _parse_options(args.option)
        asked = ruleset(record["ruleset"], **given).options  # an unknown option or value is refused as everywhere
        for name in given:
            if asked[name] != full.rs.options[name]:
                raise WararchiveError(f"-o {name}={asked[name]!r} differs from the record's {name}={full.rs.options[name]!r}")


def board_cmd(args: argparse.Namespace) -> None:
    from ..drawing.boardplot import board_figure, setup_is_random, starting_setup
    from ..fileio import output_target

    out = Path(args.out)
    if out.suffix not in (".png", ".svg"):
        raise WararchiveError(f"--out must end in .png or .svg, not {out.name!r}")
    output_target(out)
    if args.record:
        record, full = _load_game(args.record, args.game)
        _record_agrees(args, record, full)
        game = _position(record, full, args.ply)
        title, what = f"{game.rs.title}, seed {record['seed']}, ply {game.ply}", f"the position after ply {game.ply}"
    else:
        recorded = [flag for flag, value in (("--game", args.game), ("--ply", args.ply)) if value is not None]
        if recorded:  # they choose a position of a record: without one they would be ignored, the setup drawn instead
            raise WararchiveError(
                f"{' and '.join(recorded)} {'choose' if len(recorded) > 1 else 'chooses'} a position of a record: give --record"
            )
        if not args.ruleset:
            raise WararchiveError("name a RULESET, or give --record")
        seed = 0 if args.seed is None else args.seed
        game = _ruleset(args).new_game(seed=seed)
        what = starting_setup(game)
        title = f"{game.rs.title}, {f'setup of seed {seed}' if setup_is_random(game) else 'starting setup'}"
    view = game.view(args.side)
    alt = board_figure(view, out, f"{title} ({view.player})", what)
    print(f"{out}: {alt}")


def replay_cmd(args: argparse.Namespace) -> None:
    if args.moves and args.ply is not None:  # argparse keeps --moves and --step apart; --step starts at --ply
        raise WararchiveError("--moves lists every ply; --ply shows one position: give one of them")
    record, full = _load_game(args.file, args.game)  # refused here if it does not replay, whatever is shown
    full.view(args.side)  # an unknown side is refused before anything is printed
    if args.moves:
        print("\n".join(terminal.move_list(record, args.side)))
        return
    if args.step:
        _check_ply(full, args.ply)  # before the move list is read out
        terminal.step(record, args.side, lambda ply: _replay_text(record, full, ply, args.side), start=args.ply or 0)
        return
    print(_replay_text(record, full, args.ply, args.side))


def _replay_text(record: dict[str, Any], full, ply: int | None, side: str) -> str:
    """The position after ``ply`` as ``side`` sees it, then that ply as ``side`` reads it, and the result."""
    from ..engine.record import replay
    from ..engine.transcript import play_ply

    game = _position(record, full, ply)
    view = game.view(side)
    lines = [f"{game.rs.title}, seed {record['seed']}, ply {game.ply} of {full.ply}; view: {view.player}", view.render()]
    if game.ply:  # the last ply as this viewer reads it: the move, its rule, its events, through the one filter
        before = replay(record, upto=game.ply - 1)
        lines += play_ply(before, before.parse_move(record["moves"][game.ply - 1]), side)
    if game.result:
        r = game.result
        lines.append(f"result: {result_sentence(r['winner'], r['reason'], r['ply'])} — {r['summary']}")
    return "\n".join(lines)
