"""Sõjamäng's family: its settings, tables and positions as the kernel's arrays (its hooks compiled: :mod:`.sojamang`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...engine.limits import INT64_MAX
from .. import arrays, layout as k
from . import sojamang as soj
from .base import Family

if TYPE_CHECKING:
    from ...engine.board_game import BoardGame
    from ...engine.ruleset import Ruleset
    from ..layout import Spec, Work

TABLES = ("ttab", "tid", "rid", "diag", "bomb", "back", "passages", "demote")
"""Its fields of :class:`~wararchive.kernel.layout.Spec`, in :func:`_tables`' order."""


class Sojamang(Family):
    """The family of ``SojamangHooks``."""

    name = "soj"
    entry_tables = True

    def params(self, rs: Ruleset, P: np.ndarray, rule_index: dict[str, int]) -> None:
        o = rs.options
        P[k.P_SOJ_FULL], P[k.P_SOJ_QUIET] = o["game"] == "full", o["quiet_plies"] or 0
        P[k.P_SOJ_REFEREE] = ("present", "attacked-names", "in-turn").index(o["referee"])
        P[k.P_SOJ_FLAG_ROW], P[k.P_SOJ_ALL_MINED] = o["flag_line"] == "row", o["mined_passage"] != "any"
        P[k.P_SOJ_DEF_FIRST], P[k.P_SOJ_MOVE_FIRE] = o["defence_weapons"] == "first-attack", o["battery_fire"] == "move-and-fire"
        P[k.P_SOJ_BOMB_IMMUNE], P[k.P_SOJ_THROUGHOUT] = o["bomb_flag"] == "immune", o["cabaret_neighbours"] == "throughout"
        P[k.P_SOJ_TEN_OWN], P[k.P_SOJ_EIGHT] = o["ten_moves"] == "own", o["gallop"] == "eight-way"

    def tables(self, rs: Ruleset, rule_index: dict[str, int]) -> dict[str, np.ndarray]:
        return dict(zip(TABLES, _tables(rs, rule_index), strict=True))

    def empty_tables(self, types: int, cells: int) -> dict[str, np.ndarray]:
        return dict(zip(TABLES, _empty(types, cells), strict=True))

    def buffers(self, S: Spec) -> tuple[int, int, int]:
        n, u, limit, width = S.step.shape[1], int(S.P[k.P_UIDS]), int(S.P[k.P_PLY_LIMIT]), int(S.P[k.P_WIDTH])
        # the squares' moves, then a battery's fire (from where it stands and every square it may step to, a shot
        # at every enemy piece down the file under every rank), the flights, the rearrangements and the rest
        t = S.count.shape[0]
        rows = 4 * u * max(width, n // width) + t * (4 * max(width, n // width) + 1) * n // width + u * n + 4 * u * n
        return rows, 12 * limit + 64, 2 * u + n + 16 * limit

    def check_state(self, S: Spec, W: Work, game: BoardGame) -> None:
        """Sõjamäng's hook state: its uids, cells, sides, pieces and rules in range, and no more generals than an army's."""
        st, T, room = game.hook_state, game.rs.type_index, W.uid_owner.shape[0]
        rules = {f"soj.{r}" for r in soj.RULE_IDS}
        for what, uids in (
            ("mines' charges", st.charges),
            ("lowered pieces", st.lowered),
            ("sappers", st.sapper),
            ("spent weapons", st.used),
            ("reinforcements used", st.reinforce_used),
            ("signal posts", st.post_home),
            ("major generals", st.mg_no),
            ("nailed pieces", st.nailed_by),
            ("cabarets", st.nailed_by.values()),
            ("arrests", st.arrest),
            ("arrests", st.arrest_ply),
            ("promotions due", [u for _, u, _, _ in st.pending]),
            ("neighbours", [*st.neighbours[0], *st.neighbours[1]]),
            ("aviators away", [away[0] for away in st.away if away is not None]),
        ):
            arrays.uids(W, f"the {what}", uids)
        arrays.sides("the signal posts' armies", st.post_home.values())
        arrays.sides("the promotions' sides", [side for side, _, _, _ in st.pending])
        if any(piece not in T for _, _, piece, _ in st.pending) or any(why not in rules for _, _, _, why in st.pending):
            raise arrays.unfit("a promotion due names a piece or a rule Sõjamäng does not have")
        if len(st.pending) > W.pend.shape[0]:
            raise arrays.unfit(f"{len(st.pending)} promotions due: the kernel keeps at most {W.pend.shape[0]}")
        if st.rescue_choice and st.rescue_choice not in T:
            raise arrays.unfit(f"the rescue's rank {st.rescue_choice!r} is no piece of Sõjamäng")
        arrays.cells(W, "the aviators' squares", [away[1] for away in st.away if away is not None])
        arrays.cells(W, "the flags' squares", [c for c in st.flag_cell if c != -1])
        arrays.number(st.n_removed, 0, len(game.removed), "the fallen counted by the hooks")
        for n in (*st.charges.values(), *st.lowered.values(), *st.mg_no.values(), *st.arrest.values(), *st.arrest_ply.values()):
            arrays.number(n, -INT64_MAX, INT64_MAX, "a number of the hooks' state (charges, levels, arrests)")
        for n in (*st.own_moves, *st.rearrange, *game._bonus_plies, st.collisions, st.last_loss):
            arrays.number(n, -INT64_MAX, INT64_MAX, "a count of the hooks' state (moves, rearrangements, plies owed, collisions)")
        most = W.ropen.shape[1]  # the army's generals: general, lieutenant general, two major generals
        on_board = [
            sum(1 for c, o in enumerate(game.owner) if o == side and S.ttab[game.kind[c], soj.TT_GENERAL]) for side in (0, 1)
        ]
        for side, name in enumerate(game.rs.sides):
            arrays.uids(W, f"{name}'s generals", st.generals[side])
            arrays.uids(W, f"{name}'s open reinforcements", [gu for gu, _ in st.reinforce_open[side]])
            if any(piece not in T for _, piece in st.reinforce_open[side]):
                raise arrays.unfit(f"an open reinforcement of {name} names a piece Sõjamäng does not have")
            count = max(on_board[side], len(st.generals[side]), len(st.reinforce_open[side]))
            if count > most:
                raise arrays.unfit(
                    f"{name} has {count} generals (or reinforcements open): the kernel holds at most {most} a side, an army's"
                )
        # each general not yet reinforced may bring one piece in, on the uid above every uid so far (BoardGame.add_piece)
        due = sum(
            1 for c, u in enumerate(game.uid) if u >= 0 and S.ttab[game.kind[c], soj.TT_GENERAL] and u not in st.reinforce_used
        )
        top = max(game.uid_owner, default=-1) + 1
        if top + due > room:
            raise arrays.unfit(
                f"no room for the pieces the generals may bring in: uids up to {top - 1}, {due} to come, room for {room}"
            )

    def load_state(self, S: Spec, W: Work, game: BoardGame) -> None:
        """Sõjamäng's hook state (``State``) and the plies owed, as :mod:`.sojamang` keeps them (its ``SU_*`` and ``SG_*``).

        Dicts the hooks walk in insertion order (nailed pieces, arrests) get
        sequence numbers in that order. Between plies there is no armed attack,
        reconnaissance or rescue under way, and the event log starts empty.
        """
        st, T, su, sg = game.hook_state, game.rs.type_index, W.su, W.sg
        rule = {f"soj.{r}": i for i, r in enumerate(soj.RULE_IDS)}
        su[:, :] = 0
        su[:, [soj.SU_POST_HOME, soj.SU_NAILED, soj.SU_NAILED_BY]] = -1
        su[:, soj.SU_CHARGES] = 3
        sg[:] = 0
        sg[soj.SG_W_UID] = sg[soj.SG_RECON] = -1
        sg[soj.SG_RESCUE] = T[st.rescue_choice] if st.rescue_choice else -1
        for u, n in st.charges.items():
            su[u, soj.SU_CHARGES] = n
        for u, n in st.lowered.items():
            su[u, soj.SU_LOWERED] = n
        sg[soj.SG_NLOWERED] = len(st.lowered)
        su[list(st.sapper), soj.SU_SAPPER] = 1
        su[list(st.used), soj.SU_USED] = 1
        su[list(st.reinforce_used), soj.SU_REINF_USED] = 1
        for u, side in st.post_home.items():
            su[u, soj.SU_POST_HOME] = side
        for u, n in st.mg_no.items():
            su[u, soj.SU_MG_NO] = n
        for seq, (nu, cu) in enumerate(st.nailed_by.items(), 1):
            su[nu, soj.SU_NAILED_BY], su[cu, soj.SU_NAILED], su[nu, soj.SU_NAIL_SEQ] = cu, nu, seq
        sg[soj.SG_NNAILED] = len(st.nailed_by)
        for seq, (u, n) in enumerate(st.arrest.items(), len(st.nailed_by) + 1):
            su[u, soj.SU_ARREST], su[u, soj.SU_ARREST_SEQ] = n, seq
            su[u, soj.SU_ARREST_PLY] = st.arrest_ply.get(u, 0)
        sg[soj.SG_NARREST] = sum(1 for n in st.arrest.values() if n > 0)
        sg[soj.SG_SEQ] = len(st.nailed_by) + len(st.arrest)
        for i, (side, u, piece, why) in enumerate(st.pending):
            W.pend[i] = side, u, T[piece], rule[why]
        sg[soj.SG_NPEND] = len(st.pending)
        for s in (0, 1):
            sg[soj.SG_NOPOST + s], sg[soj.SG_OWN + s], sg[soj.SG_DESERTED + s] = st.no_post[s], st.own_moves[s], st.deserted[s]
            sg[soj.SG_AWAY_U + s], sg[soj.SG_AWAY_C + s] = st.away[s] if st.away[s] is not None else (-1, -1)
            sg[soj.SG_NDONE + s], sg[soj.SG_FLAG + s] = st.neighbours_done[s], st.flag_cell[s]
            sg[soj.SG_REARR + s], sg[soj.SG_REARR_DUE + s] = st.rearrange[s], st.rearrange_due[s]
            sg[soj.SG_TURN_REM + s] = st.turn_removed[s]
            sg[soj.SG_BONUS + s] = game._bonus_plies[s]
            su[list(st.neighbours[s]), soj.SU_NEIGH0 + s] = 1
            su[list(st.generals[s]), soj.SU_GENERAL] = 1
            sg[soj.SG_NGEN + s] = len(st.generals[s])
            for i, (gu, piece) in enumerate(st.reinforce_open[s]):
                W.ropen[s, i] = gu, T[piece]
            sg[soj.SG_NROPEN + s] = len(st.reinforce_open[s])
        sg[soj.SG_COLLISIONS], sg[soj.SG_NREMOVED], sg[soj.SG_LAST_LOSS] = st.collisions, st.n_removed, st.last_loss
        sg[soj.SG_DIRTY] = st.dirty
        sg[soj.SG_NEXT_UID] = max(game.uid_owner) + 1


def _tables(rs: Ruleset, rule_index: dict[str, int]) -> tuple[np.ndarray, ...]:
    """Sõjamäng's tables, read from its hooks (``SojamangHooks``), which build them for the reference engine.

    In :class:`~wararchive.kernel.layout.Spec`'s order: per type (``sojamang.TT_*``) the
    level, officer, ranked, general, taker and ability marks; the types the
    hooks name and the rules they cite (``sojamang.TYPE_IDS``,
    ``RULE_IDS``); the diagonal steps; each side's landings to bomb each
    cell (landing and the two squares before it); the back rows' order from
    the centre out; the passages' squares; the ranks a rescued general may
    be demoted to (the plain rescue's first).
    """
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
        arrays.padded([list(cells) for cells in hooks.back_order]),
        passages,
        np.array([ti[pid] for pid in hooks.demotions], np.int64),
    )


def _empty(T: int, n: int) -> tuple[np.ndarray, ...]:
    """:func:`_tables`' arrays for another ruleset (no kernel code reads them there): of the same kinds, empty."""
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
