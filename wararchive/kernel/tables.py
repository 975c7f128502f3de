"""A ruleset as the kernel's arrays, and what the kernel does not cover (with the reason).

Everything the compiled games read about the rules is taken here from the
ruleset itself: the combat matrix (outcome and deciding rule per attacker ×
defender), each piece's movement, what capturing wins, the board's steps,
water and headquarters, the setup order (``engine.placing.placement_order``),
the entry tables (``engine.board_game.entry_tables``), the options the hooks
were built with and, for the map game and Sõjamäng, the tables their hooks
build (lines, rays, holding and strategic points; levels, landings to bomb
from, the back rows' order, the passages). The kernel holds no second copy
of any rule's data; what it holds in code is the reference mechanism and
the compiled hooks of its families (:mod:`.families`), checked move by move
against the reference engine (``tests/kernel/test_kernel.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..engine.board import move_is_forward
from ..engine.board_game import BoardGame, entry_tables
from ..engine.combat import OUTCOMES
from ..engine.evaluation import exchanges, type_values
from ..engine.placing import allowed_cells, placement_order
from . import families
from .arrays import padded

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset
    from .playout import Spec

PLAYERS = ("random", "greedy")
"""The players the kernel plays, in ``playout.PLAYER_*`` order (search players plan on the reference engine)."""


def _hooks_kind(rs: Ruleset) -> int | None:
    """Which family plays ``rs`` (its code, :data:`.families.NAMES`' index): the one its hooks' class declares itself, or None.

    Only the class's own declaration counts (:attr:`~wararchive.engine.hooks.Hooks.kernel_mirror`):
    a subclass inherits the methods it does not override, not the claim that
    compiled code plays them.
    """
    declared = "none" if rs.hooks is None else type(rs.hooks).__dict__.get("kernel_mirror")
    return families.NAMES.index(declared) if declared in families.NAMES else None


def ruleset_gap(rs: Ruleset) -> str | None:
    """Why the kernel cannot play ``rs`` (one line), or None if it can (worked out once per ruleset: a search asks every move)."""
    key = _key(rs)
    if key not in _GAPS:
        _GAPS[key] = _ruleset_gap(rs)
    return _GAPS[key]


def _ruleset_gap(rs: Ruleset) -> str | None:
    board, p = rs.board, rs.params
    if rs.new_game_fn is not BoardGame or board is None or rs.combat_matrix is None:
        return f"{rs.id} is not a board game of the shared mechanism"
    code = _hooks_kind(rs)
    if code is None:
        declared = type(rs.hooks).__dict__.get("kernel_mirror")
        names = families.NAMES
        claim = "declare no kernel_mirror of their own" if declared is None else f"declare {declared!r}, not one of {names}"
        return f"the kernel does not mirror {rs.id}'s hooks ({type(rs.hooks).__name__}: they {claim})"
    fam = families.family(code)
    if (board.kind != "grid") != fam.point_board:
        return f"{rs.id} is played on a point board whose moves come from hooks the kernel does not mirror"
    if p.combat_mode not in fam.combat_modes:
        return f"combat mode {p.combat_mode!r} is not in the kernel"
    if (p.confined or p.restricted) and not fam.entry_tables:
        return f"{rs.id} restricts where pieces may go (params.restricted/confined): not in the kernel"
    if not p.no_moves_rule:
        return f"{rs.id} names no rule for a side left without moves"
    if any(board.has(c, "water") for side in board.home for c in side):
        return f"{rs.id} has water in a setup area"
    if not rs.options.get("ply_limit"):
        return f"{rs.id} has no ply limit"
    from .playout import G_SIZE, G_TURN  # only asked once numba is known to be there (kernel.gap)

    if p.moves_per_turn > G_SIZE - G_TURN:
        return f"{rs.id} moves {p.moves_per_turn} pieces a turn: the kernel keeps at most {G_SIZE - G_TURN}"
    return None


def players_gap(players: tuple[str, str]) -> str | None:
    """Why the kernel cannot play these players (two, one a side), or None."""
    if len(players) != 2:
        return f"a game has two players, one a side, not {len(players)}"
    other = [k for k in players if k not in PLAYERS]
    if other:
        named = ", ".join(k if k.isprintable() else repr(k) for k in sorted(set(other)))  # one line, whatever was typed
        return f"the kernel plays only {', '.join(PLAYERS)} players, not {named}"
    return None


def player_kinds(players: tuple[str, str]) -> np.ndarray:
    """``players`` as the kernel's ``PLAYER_*`` codes (each must be in :data:`PLAYERS`)."""
    return np.array([PLAYERS.index(k) for k in players], np.int64)


def spec(rs: Ruleset) -> Spec:
    """``rs`` as arrays, built once per ruleset and options (a ruleset never changes once built)."""
    key = _key(rs)
    if key not in _SPECS:
        for name, option in rs.declared.items():  # in their ranges (a ruleset built by hand skipped ruleset()'s checks)
            option.validate(rs.options[name])
        _SPECS[key] = _build(rs)
    return _SPECS[key]


def _key(rs: Ruleset) -> tuple:
    """A built ruleset's identity: its id and options (a ruleset never changes once built)."""
    return rs.id, tuple(sorted(rs.options.items()))


_SPECS: dict[tuple, Spec] = {}
_GAPS: dict[tuple, str | None] = {}


def _build(rs: Ruleset) -> Spec:
    from . import playout as k

    board, p, types = rs.board, rs.params, rs.piece_types
    assert board is not None and rs.combat_matrix is not None and ruleset_gap(rs) is None
    n, ti = len(board), rs.type_index
    rule_index = {r.id: i for i, r in enumerate(rs.rules)}
    P = np.full(k.P_SIZE, -1, np.int64)
    P[k.P_HOOKS] = code = _hooks_kind(rs)
    fam = families.family(code)
    P[k.P_DISPLACE] = p.combat_mode == "displace"
    P[k.P_STRIKE_ANY] = p.strike == "any"
    P[k.P_MPT] = p.moves_per_turn
    P[k.P_NO_RETURN] = {None: k.NO_RETURN_NONE, "piece-move": k.NO_RETURN_PIECE, "player-move": k.NO_RETURN_PLAYER}[p.no_return]
    P[k.P_REVEAL] = p.reveal_on_combat
    P[k.P_OCCUPY_RULE] = rule_index[p.occupy_wins] if p.occupy_wins else -1
    P[k.P_NO_MOVES_RULE] = rule_index[p.no_moves_rule]
    P[k.P_PLY_LIMIT] = rs.options["ply_limit"]
    P[k.P_LIMIT_RULE] = rule_index["project.ply-limit"]
    P[k.P_UIDS] = 2 * sum(t.count for t in types)
    P[k.P_WIDTH] = board.width
    P[k.P_TYPED], P[k.P_PREPARE_DRAWS] = fam.entry_tables, fam.prepare_draws
    fam.params(rs, P, rule_index)
    outcome = np.array([[OUTCOMES.index(o) for o, _ in row] for row in rs.combat_matrix], np.int64)
    crule = np.array([[rule_index[r] for _, r in row] for row in rs.combat_matrix], np.int64)
    movement = np.array([(k.STEP, k.SLIDE, k.IMMOBILE)[("step", "slide", "immobile").index(t.movement)] for t in types], np.int64)
    capture = np.full(len(types), -1, np.int64)
    for pid, rid in p.capture_wins.items():
        capture[ti[pid]] = rule_index[rid]
    occupy = np.array([[board.has(c, f"hq{1 - side}") for c in range(n)] for side in (0, 1)], np.bool_)
    around = padded([list(cells) for cells in board.around], width=8)
    homes = padded([list(board.home[side]) for side in (0, 1)])
    # placing.random_placement's order, per side: the pieces drawn a cell each (with their cells), then the rest
    enter = entry_tables(rs, [board.has(c, "water") for c in range(n)])
    orders = [placement_order(rs, enter, side) for side in (0, 1)]
    first = padded([[ti[pid] for pid in order[0]] for order in orders])
    rest = padded([[ti[pid] for pid in order[1]] for order in orders])
    allowed = np.zeros((2, first.shape[1], n), np.bool_)
    for side, (pids, _) in enumerate(orders):
        for i, pid in enumerate(pids):
            allowed[side, i, allowed_cells(rs, enter, side, pid)] = True
    home_cells = set(board.home[0]) | set(board.home[1])
    own: dict[str, np.ndarray] = {}  # the families' own tables: this ruleset's, empty ones of the others
    for other in families.FAMILIES:
        own.update(fam.tables(rs, rule_index) if other is fam else other.empty_tables(len(types), n))
    return k.Spec(
        P,
        np.array(board.step or np.full((4, n), -1), np.int64),  # a point board has no compass steps
        around,
        np.array([[x in board.around[c] for x in range(n)] for c in range(n)], np.bool_),  # near[c, x]: x is around c
        movement,
        outcome,
        crule,
        capture,
        occupy,
        np.array([board.has(c, "water") for c in range(n)], np.bool_),
        homes,
        first,
        allowed,
        rest,
        np.array([c for c in range(n) if c not in home_cells], np.int64),
        np.array([t.count for t in types], np.int64),
        np.array(exchanges(rs), np.float64),
        np.where(capture >= 0, 0.0, np.array(type_values(rs), np.float64)),
        np.array([[board.row_from_back(c, side) if board.kind == "grid" else 0 for c in range(n)] for side in (0, 1)], np.int64),
        np.array([[[move_is_forward(board, c, x, side) for x in range(n)] for c in range(n)] for side in (0, 1)], np.bool_),
        np.array([[bool(e) for e in row] for row in enter], np.bool_),
        *(own[name] for name in k.Spec._fields[k.Spec._fields.index("nbr") : k.Spec._fields.index("enter_side")]),
        _side_tables(rs, enter),
        np.frombuffer(f"{rs.id}:".encode(), np.uint8).copy(),
    )


def _side_tables(rs: Ruleset, enter: list[bytearray]) -> np.ndarray:
    """``[side, type, cell]``: BoardGame._side_tables (the entry tables, a confined piece kept to its rows from its back)."""
    assert rs.board is not None
    out = np.array([[[bool(e) for e in row] for row in enter]] * 2, np.bool_)
    for pid, rows in rs.params.confined.items():
        t = rs.type_index[pid]
        for side in (0, 1):
            for c in range(len(rs.board)):
                if rs.board.row_from_back(c, side) not in rows:
                    out[side, t, c] = False
    return out
