"""Kernel equality: where the compiled kernel plays a ruleset, it plays the reference engine's games, move for move.

The kernel (:mod:`wararchive.kernel`) is an accelerator, never a second
definition of the rules: a ruleset reaches it when its hooks declare a
compiled family (:attr:`~wararchive.engine.hooks.Hooks.kernel_mirror`), or
have none. A declaration is a claim, and this is its test: each game the
kernel plays is replayed through the reference engine with the reference
players choosing, and the setups, every move, every event and the result
must be the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .. import kernel
from ..engine import ruleset
from ..engine.game import Game
from ..players import GreedyPlayer, make_player
from ..players.strong import BeliefPlayer

SHORT = 16
"""The ply limit of the short games: most of a check's seeds are cut there, so many openings are compared cheaply."""
PAIRINGS = (("random", "random"), ("greedy", "greedy"))


def check_kernel_game(rs: Any, seed: int, kinds: Sequence[str] = ("random", "random")) -> int:
    """Play ``seed`` on the kernel, then through the reference engine with the reference players: the same game.

    Raises :class:`AssertionError` naming the ruleset, options, players,
    seed and the first ply where the two part; returns the plies compared.
    """
    kinds = tuple(kinds)
    kg = kernel.play(rs, seed, kinds)
    game = rs.new_game(seed=seed)
    where = f"{rs.id} {rs.options} {'-'.join(kinds)} seed {seed}"
    assert game.setup_record() == kg.setup_record(), f"{where}: the setups differ"
    assert game.prepared_record() == kg.prepared_record(), f"{where}: the prepared terrain differs"
    players = [make_player(kind, f"{rs.id}:{seed}:player:{side}") for kind, side in zip(kinds, rs.sides, strict=True)]
    for ply, kernel_move in enumerate(kg.moves(), start=1):
        assert game.result is None, f"{where}: the reference game ended at ply {game.ply}, the kernel's plays on"
        move = players[game.to_move].choose(game)
        assert move == kernel_move, (
            f"{where}, ply {ply}: the reference plays {game.move_text(move)}, the kernel {kg.history[ply - 1]}"
        )
        game.play(move)
    assert game.result == kg.result, f"{where}: results differ at ply {game.ply}: {game.result} vs {kg.result}"
    for i, (a, b) in enumerate(zip(game.events, kg.events, strict=False)):
        assert a == b, f"{where}, ply {a['ply']}: event {i} differs:\n reference {a}\n kernel    {b}"
    assert len(game.events) == len(kg.events), (
        f"{where}: {len(game.events)} events in the reference, {len(kg.events)} in the kernel"
    )
    return game.ply


def check_kernel_equality(
    ruleset_id: str,
    options: dict[str, Any] | None = None,
    seeds: Iterable[int] = range(40),
    full_seeds: Iterable[int] = range(4),
    pairings: Iterable[Sequence[str]] = PAIRINGS,
) -> str | None:
    """Where the kernel plays ``ruleset_id``, check that it plays the reference engine's games.

    ``seeds`` are played to ``SHORT`` (16) plies, ``full_seeds`` to the
    ruleset's own limit, for each pairing of players the kernel plays.
    Returns None when the games were compared, or the kernel's one-line
    reason for leaving the ruleset to the reference engine (then there is
    nothing to compare: the reference engine is the rules).
    """
    options = dict(options or {})
    full = ruleset(ruleset_id, **options)
    short = ruleset(ruleset_id, **{**options, "ply_limit": SHORT})
    if (why := kernel.gap(full, PAIRINGS[0])) is not None:  # whole games (no players: a search's positions)
        return why
    for kinds in pairings:
        if kernel.gap(full, kinds) is not None:
            continue  # a player the kernel does not play: its games stay on the reference engine
        for seed in seeds:
            check_kernel_game(short, seed, kinds)
        for seed in full_seeds:
            check_kernel_game(full, seed, kinds)
    return None


def check_strong_game(
    rs: Any,
    seed: int,
    strong_sides: Sequence[int] = (0,),
    *,
    plies: int | None = None,
    names: Callable[[int], str] | None = None,
    worlds: int | None = None,
    timings: dict[str, list[float]] | None = None,
    positions: list[Game] | None = None,
) -> int:
    """One game played twice in lockstep, ``strong`` on ``strong_sides`` judging on each engine (greedy elsewhere).

    The compiled judging (:mod:`wararchive.players.strong_compiled`) writes
    the player's evaluation again for the kernel; equality is its contract.
    At every ply the two games' players must choose the same move and leave
    their generators in the same state, and the records must be equal at
    the end. ``names(side)``: the players' seeds (default ``seed:side``);
    ``worlds``: ``strong``'s worlds a move (its default when None);
    ``timings``: each engine's seconds per ``strong`` choice are appended
    there; ``positions``: each position (the reference game's) is appended.
    Raises :class:`AssertionError` naming the ruleset, seed and ply where the
    engines part; returns the number of ``strong`` choices compared.
    """
    names = names or (lambda p: f"{seed}:{p}")
    extra = {} if worlds is None else {"worlds": worlds}
    games = [rs.new_game(seed=seed), rs.new_game(seed=seed)]
    players = [
        [BeliefPlayer(names(p), engine=e, **extra) if p in strong_sides else GreedyPlayer(names(p)) for p in (0, 1)]
        for e in ("reference", "kernel")
    ]
    limit = plies if plies is not None else rs.options["ply_limit"]
    compared = 0
    while games[0].result is None and games[0].ply < limit:
        p, ply = games[0].to_move, games[0].ply
        chosen = []
        for engine, game, side in zip(("reference", "kernel"), games, players, strict=True):
            start = time.perf_counter()
            chosen.append(side[p].choose(game))
            if timings is not None and p in strong_sides:
                timings.setdefault(engine, []).append(time.perf_counter() - start)
        ref, com = chosen
        where = f"{rs.id} {rs.options}, seed {seed}, ply {ply}"
        assert com == ref, f"{where}: the kernel's strong chose {com}, the reference {ref}"
        assert players[1][p].rng.getstate() == players[0][p].rng.getstate(), f"{where}: the generators differ after the choice"
        compared += p in strong_sides
        games[0].play(ref)
        games[1].play(com)
        if positions is not None:
            positions.append(games[0].clone())
    assert games[1].record() == games[0].record(), f"{rs.id} {rs.options}, seed {seed}: the records differ"
    return compared
