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
the four rulesets' hooks, checked move by move against the reference engine
(``tests/kernel/test_kernel.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..engine.board import move_is_forward
from ..engine.board_game import BoardGame, entry_tables
from ..engine.combat import OUTCOMES
from ..engine.evaluation import exchanges, type_values
from ..engine.placing import allowed_cells, placement_order

if TYPE_CHECKING:
    from ..engine.ruleset import Ruleset
    from .playout import Spec

HOOKS = ("none", "jwg", "spz", "map", "soj")
"""The hooks the kernel mirrors, (``playout.HOOKS_*``): none, the Japanese War Game's, Spionaaž's, the map game's, Sõjamäng's."""
PLAYERS = ("random", "greedy")
"""The players the kernel plays, in ``playout.PLAYER_*`` order (search players plan on the reference engine)."""


def _hooks_kind(rs: Ruleset) -> int | None:
    """Which hooks family plays ``rs`` (playout.HOOKS_*): the one its hooks' class declares itself, or None.

    Only the class's own declaration counts (:attr:`~wararchive.engine.hooks.Hooks.kernel_mirror`):
    a subclass inherits the methods it does not override, not the claim that
    compiled code plays them.
    """
    declared = "none" if rs.hooks is None else type(rs.hooks).__dict__.get("kernel_mirror")
    return HOOKS.index(declared) if declared in HOOKS else None


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
    hooks = _hooks_kind(rs)
    if hooks is None:
        declared = type(rs.hooks).__dict__.get("kernel_mirror")
        claim = "declare no kernel_mirror of their own" if declared is None else f"declare {declared!r}, not one of {HOOKS}"
        return f"the kernel does not mirror {rs.id}'s hooks ({type(rs.hooks).__name__}: they {claim})"
    on_map = hooks == HOOKS.index("map")  # the map game's hooks make every move, on a point board
    if (board.kind != "grid") != on_map:
        return f"{rs.id} is played on a point board whose moves come from hooks the kernel does not mirror"
    if p.combat_mode not in (("named",) if on_map else ("face", "displace")):
        return f"combat mode {p.combat_mode!r} is not in the kernel"
    typed = on_map or hooks == HOOKS.index("soj")  # the map's moves read the entry tables only to come in
    if (p.confined or p.restricted) and not typed:
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
    elif P[k.P_HOOKS] == k.HOOKS_SOJ:
        o = rs.options
        P[k.P_SOJ_FULL], P[k.P_SOJ_QUIET] = o["game"] == "full", o["quiet_plies"] or 0
        P[k.P_SOJ_REFEREE] = ("present", "attacked-names", "in-turn").index(o["referee"])
        P[k.P_SOJ_FLAG_ROW], P[k.P_SOJ_ALL_MINED] = o["flag_line"] == "row", o["mined_passage"] != "any"
        P[k.P_SOJ_DEF_FIRST], P[k.P_SOJ_MOVE_FIRE] = o["defence_weapons"] == "first-attack", o["battery_fire"] == "move-and-fire"
        P[k.P_SOJ_BOMB_IMMUNE], P[k.P_SOJ_THROUGHOUT] = o["bomb_flag"] == "immune", o["cabaret_neighbours"] == "throughout"
        P[k.P_SOJ_TEN_OWN], P[k.P_SOJ_EIGHT] = o["ten_moves"] == "own", o["gallop"] == "eight-way"
    elif P[k.P_HOOKS] == k.HOOKS_MAP:
        P[k.P_MAP_GAS], P[k.P_MAP_FLYER] = hooks.gas, hooks.flyer
        P[k.P_SAME_MOVE], P[k.P_TWO_MOVES], P[k.P_GAS_WIDE] = hooks.same_move, hooks.two_moves, hooks.gas_wide
        P[k.P_FLYER_BLOCKED], P[k.P_FORWARD_ONLY] = hooks.flyer_blocked, hooks.forward_only
        P[k.P_OWN_AREA] = rs.options["reserve_entry"] == "own-area"
        P[k.P_REVEAL_BOTH] = rs.options["combat_reveal"] == "both"
        P[k.P_NO_LANDING0], P[k.P_NO_LANDING1] = hooks.no_landing
        for slot, rid in (
            (k.P_R_ASK, "ask-arm"),
            (k.P_R_RECON, "flyer-recon"),
            (k.P_R_RESERVE, "reserve"),
            (k.P_R_REDEPLOY, "redeploy"),
            (k.P_R_GAS_SEEN, "gas-seen"),
            (k.P_R_GAS, "gas"),
            (k.P_R_GAS_LOST, "gas-withdraw"),
            (k.P_R_STRATEGIC, "win-strategic"),
        ):
            P[slot] = rule_index[f"ff.{rid}"]
    outcome = np.array([[OUTCOMES.index(o) for o, _ in row] for row in rs.combat_matrix], np.int64)
    crule = np.array([[rule_index[r] for _, r in row] for row in rs.combat_matrix], np.int64)
    movement = np.array([(k.STEP, k.SLIDE, k.IMMOBILE)[("step", "slide", "immobile").index(t.movement)] for t in types], np.int64)
    capture = np.full(len(types), -1, np.int64)
    for pid, rid in p.capture_wins.items():
        capture[ti[pid]] = rule_index[rid]
    occupy = np.array([[board.has(c, f"hq{1 - side}") for c in range(n)] for side in (0, 1)], np.bool_)
    around = _padded([list(cells) for cells in board.around], width=8)
    homes = _padded([list(board.home[side]) for side in (0, 1)])
    # placing.random_placement's order, per side: the pieces drawn a cell each (with their cells), then the rest
    enter = entry_tables(rs, [board.has(c, "water") for c in range(n)])
    orders = [placement_order(rs, enter, side) for side in (0, 1)]
    first = _padded([[ti[pid] for pid in order[0]] for order in orders])
    rest = _padded([[ti[pid] for pid in order[1]] for order in orders])
    allowed = np.zeros((2, first.shape[1], n), np.bool_)
    for side, (pids, _) in enumerate(orders):
        for i, pid in enumerate(pids):
            allowed[side, i, allowed_cells(rs, enter, side, pid)] = True
    home_cells = set(board.home[0]) | set(board.home[1])
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
        *(_map_tables(rs) if P[k.P_HOOKS] == k.HOOKS_MAP else _no_map(len(types), n)),
        *(_sojamang_tables(rs, rule_index) if P[k.P_HOOKS] == k.HOOKS_SOJ else _no_sojamang(len(types), n)),
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


def _sojamang_tables(rs: Ruleset, rule_index: dict[str, int]) -> tuple[np.ndarray, ...]:
    """Sõjamäng's tables, read from its hooks (``SojamangHooks``), which build them for the reference engine.

    In :class:`~.playout.Spec`'s order: per type (``sojamang.TT_*``) the
    level, officer, ranked, general, taker and ability marks; the types the
    hooks name and the rules they cite (``sojamang.TYPE_IDS``,
    ``RULE_IDS``); the diagonal steps; each side's landings to bomb each
    cell (landing and the two squares before it); the back rows' order from
    the centre out; the passages' squares; the ranks a rescued general may
    be demoted to (the plain rescue's first).
    """
    from . import sojamang as soj

    hooks, T, ti = rs.hooks, len(rs.piece_types), rs.type_index
    ttab = np.zeros((T, soj.TT_SIZE), np.int64)
    for t in range(T):
        ttab[t] = (hooks.level[t], hooks.officer[t], t in hooks.ranked, t in hooks.generals, t in hooks.takers, t in hooks.abil)
    bomb = np.full((2, len(hooks.bomb_from[0]), max(len(x) for side in hooks.bomb_from for x in side), 3), -1, np.int64)
    for p in (0, 1):
        for c, lands in enumerate(hooks.bomb_from[p]):
            if lands:
                bomb[p, c, : len(lands)] = lands
    passages = np.full((2, max(len(x) for x in hooks.passages), max(len(c) for x in hooks.passages for c in x)), -1, np.int64)
    for p in (0, 1):
        for i, cells in enumerate(hooks.passages[p]):
            passages[p, i, : len(cells)] = cells
    return (
        ttab,
        np.array([ti.get(pid, -1) for pid in soj.TYPE_IDS], np.int64),
        np.array([rule_index[f"soj.{r}"] for r in soj.RULE_IDS], np.int64),
        np.array(hooks.diag, np.int64),
        bomb,
        _padded([list(cells) for cells in hooks.back_order]),
        passages,
        np.array([ti[pid] for pid in hooks.demotions], np.int64),
    )


def _no_sojamang(T: int, n: int) -> tuple[np.ndarray, ...]:
    """:func:`_sojamang_tables`' arrays for another ruleset (no kernel code reads them there): of the same kinds, empty."""
    from . import sojamang as soj

    return (
        np.zeros((T, soj.TT_SIZE), np.int64),
        np.full(len(soj.TYPE_IDS), -1, np.int64),
        np.full(len(soj.RULE_IDS), -1, np.int64),
        np.full((4, n), -1, np.int64),
        np.full((2, n, 1, 3), -1, np.int64),
        np.full((2, 1), -1, np.int64),
        np.full((2, 1, 1), -1, np.int64),
        np.full(1, -1, np.int64),
    )


def _padded(rows: list[list[int]], width: int = 1) -> np.ndarray:
    """Rows of cells or types as one array, padded with -1 (the kernel reads up to the first -1)."""
    out = np.full((len(rows), max([width, *map(len, rows)])), -1, np.int64)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


def _map_tables(rs: Ruleset) -> tuple[np.ndarray, ...]:
    """The map game's tables, read from its hooks (``FinnishFrontHooks``), which build them for the reference engine.

    In :class:`~.playout.Spec`'s order: the neighbours (in the links'
    order), the neighbours each side may strike, the stepping pieces'
    adjacency per side and type, the flyers' and trains' rays per side and
    type, each type's line (``LINE_*``) and steps, the holding points and
    the side each belongs to, the strategic points (listed, and as a table
    per side), the areas reserves may enter, and the types gas catches.
    """
    from . import playout as k

    assert rs.board is not None
    hooks, n, T, sides = rs.hooks, len(rs.board), len(rs.piece_types), (0, 1)
    nbr = _padded([list(hooks.near[c]) for c in range(n)])
    strike = np.stack([_padded([list(hooks.strikable[p][c]) for c in range(n)], nbr.shape[1]) for p in sides])
    line = np.array([{"flyer": k.LINE_FLYER, "train": k.LINE_TRAIN}.get(kind, k.LINE_STEP) for kind in hooks.kind_of], np.int64)
    adj = np.full((2, T, n, nbr.shape[1]), -1, np.int64)
    rays = np.full((2, T, n, max(len(rays) for table in hooks.rays.values() for rays in table), n), -1, np.int64)
    for p in sides:
        for t, kind in enumerate(hooks.kind_of):
            for c in range(n):
                if line[t] == k.LINE_STEP:
                    adj[p, t, c, : len(hooks.adj[(kind, p)][c])] = hooks.adj[(kind, p)][c]
                else:
                    for r, ray in enumerate(hooks.rays[(kind, p)][c]):
                        rays[p, t, c, r, : len(ray)] = ray
    holder = np.full(n, -1, np.int64)
    strat_of = np.zeros((2, n), np.bool_)
    for p in sides:
        holder[list(hooks.holding[p])] = p
        strat_of[p, list(hooks.strategic[p])] = True
    return (
        nbr,
        strike,
        adj,
        rays,
        line,
        np.array(hooks.steps, np.int64),
        _padded([list(cells) for cells in hooks.holding]),
        holder,
        _padded([list(cells) for cells in hooks.strategic]),
        strat_of,
        _padded([list(cells) for cells in hooks.area]),
        np.array([t in hooks.blue_bordered for t in range(T)], np.bool_),
    )


def _no_map(T: int, n: int) -> tuple[np.ndarray, ...]:
    """:func:`_map_tables`' arrays for a game on squares (no kernel code reads them there): of the same kinds, empty."""
    none = np.full((2, 1), -1, np.int64)
    return (
        np.full((n, 1), -1, np.int64),
        np.full((2, n, 1), -1, np.int64),
        np.full((2, T, n, 1), -1, np.int64),
        np.full((2, T, n, 1, 1), -1, np.int64),
        np.zeros(T, np.int64),
        np.zeros(T, np.int64),
        none,
        np.full(n, -1, np.int64),
        none,
        np.zeros((2, n), np.bool_),
        none,
        np.zeros(T, np.bool_),
    )
