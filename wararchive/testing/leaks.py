"""Hidden information: what a side reads of a game never depends on a rank the rules have not shown it.

The swap comparison plays a game, picks two enemy pieces the viewer never
learned, swaps them in the setup and plays the same game again; as long as
nothing the viewer can see has happened differently (the same squares
occupied by the same pieces, the same public happenings, the same kinds of
message from the rules to him), the viewer's whole
transcript (the CLI's lines: each move as he reads it, with its rule, and
the events, plus his view of the board) must be byte for byte the same, and
so must both armies as counted in the open (``BoardGame.army``), which his
guesses at the hidden ranks start from.
Where the swapped piece cannot make the recorded move, the move it makes in
its place is one from the same square to the same square that leaves the
same public trace, if there is one.

For board games (:class:`~wararchive.engine.board_game.BoardGame`), whose
pieces hide their ranks; a game of open information (chess) has nothing to
swap.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass
from typing import Any

from ..engine import BoardGame, SetupError, ruleset
from ..engine.transcript import play_ply
from ..players import simulate_one


def _fork(game):
    """An independent copy of a game in progress (the ruleset and its static tables shared)."""
    shared = {id(game.rs): game.rs, id(game.board): game.board, id(game.hooks): game.hooks, id(game.types): game.types}
    return copy.deepcopy(game, shared)


def _trace(game, since: int, viewer: str) -> tuple:
    """What the viewer sees happen: who stands where, what was removed, the public events' squares, his messages' kinds.

    Of a combat, the two pieces that met and its outcome are seen at the table
    (a piece removed either way, a signal post captured and one beaten, looks
    the same on the board); a piece the rules consulted besides (the tile
    behind a struck flag) is not. Whether the
    rules send the viewer a message may depend on a hidden rank (a referee who
    fires a defender's machine gun only when it saves him, in Sõjamäng, knows the
    attacker's rank): a message of another kind parts the games as a public
    happening does. What a message of the same kind says is compared with the
    transcript.
    """
    events = [
        (e["type"], e.get("cells"), e.get("target"), e.get("side"), e.get("outcome"), [p[0] for p in _met(e)])
        for e in game.events[since:]
        if "to" not in e
    ]
    told = [(e["type"], e["rule"]) for e in game.events[since:] if viewer in e.get("to", ())]
    return tuple(game.owner), tuple(game.uid), tuple(r[0] for r in game.removed), json.dumps(events), told, game.to_move


def _met(event: dict) -> list:
    """The pieces an event names that everyone saw: of a combat, the two that met."""
    pieces = event.get("pieces", [])
    return pieces[:2] if event["type"] == "combat" else pieces


def _seen_by(game, viewer: str) -> str:
    return json.dumps(game.view(viewer).to_dict(), sort_keys=True, default=str)


def _never_learned(rs, history: list[str], seed: int, viewer: int) -> list[str]:
    """Squares (in the setup) of enemy pieces ``viewer`` was never shown, at any ply of the game."""
    g = rs.new_game(seed=seed)
    enemy = 1 - viewer
    cells = {g.uid[c]: g.board.names[c] for c in g.positions[enemy]}
    shown = set(g.known_to(viewer))
    for text in history:
        g.play(text)
        shown |= g.known_to(viewer)
    return [sq for u, sq in sorted(cells.items()) if u not in shown]


def _shown(twin, viewer: int, swapped: set[int]) -> bool:
    """Have the rules shown ``viewer`` a swapped piece in the twin? Never in the game itself, so the twins part there.

    A rule may show a piece by where it stands (the map game shows a gas
    command once it is on the map): moved there by the swap, it is shown
    in the twin alone, as the rules say.
    """
    return bool(swapped & twin.known_to(viewer))


def _ranks(game) -> dict[int, int]:
    """Every piece's rank by its uid: on the board and removed."""
    ranks = {u: t for u, t in zip(game.uid, game.kind, strict=True) if u >= 0}
    ranks.update((u, t) for u, t, _, _ in game.removed)
    return ranks


def _differing(one, twin) -> set[int]:
    """The pieces whose rank differs between the twins: the swapped pair, and any a substitute move made differ.

    A move the twin had to replace (a reinforcement of another rank, where
    the rank lost before it differs) brings in a piece whose rank differs as
    the swapped pair's do: shown to the viewer, it parts the games as theirs would.
    """
    a, b = _ranks(one), _ranks(twin)
    return {u for u in a.keys() | b.keys() if a.get(u) != b.get(u)}


def _swapped_game(rs, record: dict, viewer: int, a: str, b: str):
    setups = copy.deepcopy(record["setups"])
    enemy = setups[rs.sides[1 - viewer]]
    enemy[a], enemy[b] = enemy[b], enemy[a]
    return rs.new_game(seed=record["seed"], setup=setups)


def _step(game, move, viewer: str) -> tuple[list[str], str, tuple]:
    before = len(game.events)
    lines = play_ply(game, move, viewer)
    return lines, _seen_by(game, viewer), _trace(game, before, viewer)


@dataclass
class Twins:
    """A game and its swapped twin, played in lockstep for as long as the viewer cannot tell them apart."""

    plies: int  # how many plies were compared
    setups: tuple[dict, dict]  # the game's setups, the twin's
    moves: tuple[list[tuple[int, str]], list[tuple[int, str]]]  # each ply's mover and move text, in the game and the twin


def lockstep(rid: str, opts: dict, seed: int, viewer: int, pick: int) -> Twins | None:
    """Play a random game and its swapped twin in lockstep, asserting the viewer reads both alike (None: no pair to swap)."""
    rs = ruleset(rid, ply_limit=160, **opts)
    played = simulate_one(rs, seed, ("random", "random"))
    record = played.record()
    side = rs.sides[viewer]
    hidden = _never_learned(rs, played.history, seed, viewer)
    pairs = [
        (a, b)
        for i, a in enumerate(hidden)
        for b in hidden[i + 1 :]
        if record["setups"][rs.sides[1 - viewer]][a] != record["setups"][rs.sides[1 - viewer]][b]
    ]
    random.Random(pick).shuffle(pairs)
    for a, b in pairs:
        try:
            twin = _swapped_game(rs, record, viewer, a, b)
        except SetupError:  # the swap breaks a setup rule (a flag off its line): try another pair
            continue
        break
    else:
        return None
    one = rs.new_game(seed=seed, setup=record["setups"])
    out = Twins(len(played.history), (record["setups"], twin.setup_record()), ([], []))
    swapped = {twin.uid[twin.board.cell(a)], twin.uid[twin.board.cell(b)]}
    if _shown(twin, viewer, swapped):  # the rules show a piece where it now stands (the map game's gas command)
        out.plies = 0
        return out
    assert _seen_by(one, side) == _seen_by(twin, side), "the starting views differ"
    for ply, text in enumerate(played.history, 1):
        mover = one.to_move
        if mover == viewer:  # what the viewer may do cannot depend on ranks he does not know
            assert sorted(map(one.move_text, one.legal_moves())) == sorted(map(twin.move_text, twin.legal_moves())), ply
        move = one.parse_move(text)
        got = _step(one, move, side)
        want, played_in_twin = None, move
        if move in twin.legal_moves():
            want = _step(twin, move, side)
        else:
            for other in (m for m in twin.legal_moves() if m.frm == move.frm and m.to == move.to):
                trial = _fork(twin)
                step = _step(trial, other, side)
                if step[2] == got[2]:
                    twin, want, played_in_twin = trial, step, other
                    break
        swapped |= _differing(one, twin)
        if want is None or want[2] != got[2] or _shown(twin, viewer, swapped):
            out.plies = ply - 1  # something the viewer can see happened differently, or was shown: the games part, legitimately
            return out
        assert got[0] == want[0], f"{rid} {opts} seed {seed}, {side}, ply {ply}: the transcript tells the swapped ranks apart"
        assert got[1] == want[1], f"{rid} {opts} seed {seed}, {side}, ply {ply}: the view tells the swapped ranks apart"
        armies = [one.army(s) for s in (0, 1)] == [twin.army(s) for s in (0, 1)]  # what a belief counts from
        assert armies, f"{rid} {opts} seed {seed}, {side}, ply {ply}: the armies counted in the open tell them apart"
        out.moves[0].append((mover, text))
        out.moves[1].append((mover, twin.move_text(played_in_twin)))
    return out


def compare(rid: str, opts: dict, seed: int, viewer: int, pick: int) -> int:
    """Play the game and its swapped twin in lockstep; returns how many plies were compared."""
    twins = lockstep(rid, opts, seed, viewer, pick)
    return 0 if twins is None else twins.plies


def check_hidden_information(ruleset_id: str, options: dict[str, Any] | None = None, seeds: range = range(4)) -> int:
    """The swap comparison over ``seeds`` (viewer and pair drawn from each): returns the most plies compared.

    Raises :class:`AssertionError` naming the ruleset, options, seed, side
    and ply where a viewer's transcript or view tells two swapped hidden
    ranks apart, or when no seed compares ten plies or more (then the check
    would prove nothing). A ruleset that is not a board game passes with 0.
    """
    opts = dict(options or {})
    if not isinstance(ruleset(ruleset_id, **opts).new_game(seed=0), BoardGame):
        return 0
    compared = max(compare(ruleset_id, opts, seed, seed % 2, seed) for seed in seeds)
    assert compared >= 10, f"{ruleset_id} {opts}: the swap comparison ran over only {compared} plies; it proves nothing"
    return compared
