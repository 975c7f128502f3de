"""A ruleset as the kernel's arrays, and what the kernel does not cover (with the reason).

Everything the compiled games read about the rules is taken here from the
ruleset itself: the combat matrix (outcome and deciding rule per attacker ×
defender), each piece's movement, what capturing wins, the board's steps,
water and headquarters, the setup rows, the options the hooks were built
with. The kernel holds no second copy of any rule's data; what it holds in
code is the reference mechanism and the two rulesets' hooks, checked move
by move against the reference engine (``tests/test_kernel.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..engine.board_game import BoardGame
from ..engine.combat import OUTCOMES
from ..engine.evaluation import exchanges, type_values
from ..engine.hooks import Hooks

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset
    from .playout import Spec

PLAYERS = ("random", "greedy")
"""The players the kernel plays, in ``playout.PLAYER_*`` order (search players plan on the reference engine)."""


def _hooks_kind(rs: Ruleset) -> int | None:
    """Which hooks the kernel mirrors for ``rs`` (playout.HOOKS_*), or None for hooks it does not know."""
    from ..rulesets.japanese_war_game import JapaneseWarGameHooks
    from ..rulesets.spionaaz import SpionaazHooks

    kinds = {type(None): 0, Hooks: 0, JapaneseWarGameHooks: 1, SpionaazHooks: 2}
    return kinds.get(type(rs.hooks))


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
    if board.kind != "grid":
        return f"{rs.id} is played on a point board (its moves come from its hooks)"
    if _hooks_kind(rs) is None:
        return f"the kernel does not mirror {rs.id}'s hooks ({type(rs.hooks).__name__})"
    if p.combat_mode not in ("face", "displace"):
        return f"combat mode {p.combat_mode!r} is not in the kernel"
    if p.restricted or p.confined:
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
    """Why the kernel cannot play these players, or None."""
    other = [k for k in players if k not in PLAYERS]
    if other:
        return f"the kernel plays only {', '.join(PLAYERS)} players, not {', '.join(sorted(set(other)))}"
    return None


def player_kinds(players: tuple[str, str]) -> np.ndarray:
    """``players`` as the kernel's ``PLAYER_*`` codes (each must be in :data:`PLAYERS`)."""
    return np.array([PLAYERS.index(k) for k in players], np.int64)


def spec(rs: Ruleset) -> Spec:
    """``rs`` as arrays, built once per ruleset and options (a ruleset never changes once built)."""
    key = _key(rs)
    if key not in _SPECS:
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
    P[k.P_HOOKS] = _hooks_kind(rs)
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
    hooks = rs.hooks
    if P[k.P_HOOKS] == k.HOOKS_JWG:
        P[k.P_FLAG], P[k.P_MINE], P[k.P_SPY], P[k.P_MARSHAL] = hooks.flag, hooks.mine, hooks.spy, hooks.marshal
        P[k.P_RANK_ONLY], P[k.P_BACKER_FALLS], P[k.P_MINE_ANY] = hooks.rank_only, hooks.backer_falls, hooks.mine_any_move
        for slot, rid in (
            (k.P_R_FLAG_ALONE, "alone"),
            (k.P_R_FLAG_BACKER, "backer"),
            (k.P_R_FLAG_RANK, "rank"),
            (k.P_R_FLAG_TIE, "tie"),
        ):
            P[slot] = rule_index[f"jwg.flag-{rid}"]
    elif P[k.P_HOOKS] == k.HOOKS_SPZ:
        P[k.P_SPY], P[k.P_VOLCANOES] = ti["spy"], hooks.volcanoes
        P[k.P_R_UNMASK], P[k.P_R_VOLCANO] = rule_index["spz.unmask"], rule_index["spz.volcano-placement"]
    outcome = np.array([[OUTCOMES.index(o) for o, _ in row] for row in rs.combat_matrix], np.int64)
    crule = np.array([[rule_index[r] for _, r in row] for row in rs.combat_matrix], np.int64)
    movement = np.array([(k.STEP, k.SLIDE, k.IMMOBILE)[("step", "slide", "immobile").index(t.movement)] for t in types], np.int64)
    capture = np.full(len(types), -1, np.int64)
    for pid, rid in p.capture_wins.items():
        capture[ti[pid]] = rule_index[rid]
    occupy = np.array([[board.has(c, f"hq{1 - side}") for c in range(n)] for side in (0, 1)], np.bool_)
    around = np.full((n, 8), -1, np.int64)
    for c, cells in enumerate(board.around):
        around[c, : len(cells)] = cells
    h = max(len(board.home[0]), len(board.home[1]))
    homes = np.full((2, h), -1, np.int64)
    for side in (0, 1):
        homes[side, : len(board.home[side])] = board.home[side]
    # placing.random_placement's order: the row-bound pieces first (fewest rows first), then the rest as the army lists them
    army = [pt.id for pt in types for _ in range(pt.count)]
    rows = p.setup_rows
    first = sorted((pid for pid in army if pid in rows), key=lambda pid: len(rows[pid]))
    rest = [pid for pid in army if pid not in rows]
    allowed = np.zeros((2, max(len(first), 1), n), np.bool_)
    for side in (0, 1):
        for i, pid in enumerate(first):
            for c in board.home[side]:
                allowed[side, i, c] = board.row_from_back(c, side) in rows[pid]
    home_cells = set(board.home[0]) | set(board.home[1])
    return k.Spec(
        P,
        np.array(board.step, np.int64),
        around,
        np.array([[x in board.around[c] for x in range(n)] for c in range(n)], np.bool_),  # near[c, x]: x is around c
        movement,
        outcome,
        crule,
        capture,
        occupy,
        np.array([board.has(c, "water") for c in range(n)], np.bool_),
        homes,
        np.array([ti[pid] for pid in first], np.int64),
        allowed,
        np.array([ti[pid] for pid in rest], np.int64),
        np.array([c for c in range(n) if c not in home_cells], np.int64),
        np.array([t.count for t in types], np.int64),
        np.array(exchanges(rs), np.float64),
        np.where(capture >= 0, 0.0, np.array(type_values(rs), np.float64)),
        np.array([[board.row_from_back(c, side) for c in range(n)] for side in (0, 1)], np.int64),
    )
