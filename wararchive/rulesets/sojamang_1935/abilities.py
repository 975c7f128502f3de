"""Sõjamäng's special abilities (the numbered notes) as engine hooks, with their per-game state."""

from __future__ import annotations

import random
from typing import Any

from ...engine.board import DIRECTIONS, EAST, FORWARD, WEST, Board, move_is_forward
from ...engine.board_game import BoardGame
from ...engine.combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS, NEITHER_REMOVED
from ...engine.hooks import Hooks
from ...engine.moves import Move
from ...engine.pieces import PieceType
from .data import CONFINED, RANKED, SIDES, WIRE_FILES, _passages, level_of


class State:
    """What a Sõjamäng game remembers beyond the pieces on the board."""

    def __init__(self) -> None:
        self.charges: dict[int, int] = {}  # mine uid -> charges left (3 when absent)
        self.sapper: set[int] = set()  # promoted pioneers, who keep their skill with mines
        self.pending: list[tuple[int, int, str, str]] = []  # (side, uid, new piece, rule) due at the side's next move
        self.lowered: dict[int, int] = {}  # uid -> levels lost until its side's next move (machine gun, grenades)
        self.used: set[int] = set()  # uids whose once-a-game weapon or reconnaissance is spent
        self.weapon: tuple[int, int, str] | None = None  # (uid, ranks, rule) during an armed attack
        self.recon = -1  # uid of a cavalry ensign attacking on reconnaissance
        self.no_post = [False, False]  # the side has lost its signal post
        self.post_home: dict[int, int] = {}  # signal post uid -> its own army
        self.nailed: dict[int, int] = {}  # cabaret uid -> nailed piece uid
        self.nailed_by: dict[int, int] = {}  # nailed piece uid -> cabaret uid
        self.arrest: dict[int, int] = {}  # uid -> own moves still to sit out
        self.arrest_ply: dict[int, int] = {}
        self.away: list[tuple[int, int] | None] = [None, None]  # (aviator uid, starting cell) bound to return
        self.own_moves = [0, 0]
        self.deserted = [False, False]  # the side has claimed its deserter
        self.neighbours: list[set[int]] = [set(), set()]  # uids beside the cabaret (note 18)
        self.neighbours_done = [False, False]
        self.generals: list[set[int]] = [set(), set()]  # the four generals' uids still on the board
        self.rearrange = [0, 0]  # rearrangements left this turn
        self.rearrange_due = [False, False]
        self.turn_removed = [0, 0]  # pieces removed when the side's turn last began (a guessed world's rearrange_due)
        self.mg_no: dict[int, int] = {}  # major general uid -> 1 or 2
        self.reinforce_used: set[int] = set()
        self.reinforce_open: list[list[tuple[int, str]]] = [[], []]  # (general uid, piece he may place)
        self.collisions = 0
        self.n_removed = 0
        self.last_loss = 0
        self.dirty = False
        self.flag_cell = [-1, -1]
        self.rescue_choice = ""


# -- hooks ---------------------------------------------------------------------------------
# :89 — who may bring in which piece, once, when the arm it belongs to has no piece left: (giver, piece, arm)
REINFORCEMENTS = (
    ("general", "battery_commander", ("battery_commander",)),
    ("lieutenant_general", "aviator", ("aviator",)),
    ("major_general 1", "pioneer", ("pioneer",)),
    ("major_general 2", "cavalryman", ("cavalryman", "cavalry_ensign")),
)


class SojamangHooks(Hooks[State]):
    """Every special ability of the notes, on the shared board-game mechanism."""

    kernel_mirror = "soj"  # wararchive.kernel plays these hooks (checked by tests/kernel/test_kernel.py)
    brought_in = tuple(pid for _, pid, _ in REINFORCEMENTS)  # the enemy sees a reinforcement appear, not its rank

    def __init__(self, types: tuple[PieceType, ...], board: Board, options: dict[str, Any]):
        self.board = board
        self.options = options
        self.full = options["game"] == "full"
        self.T = T = {p.id: i for i, p in enumerate(types)}
        self.types = types
        self.ids = [p.id for p in types]
        self.ranked = frozenset(T[r[0]] for r in RANKED)
        self.level = [-1] * len(types)
        self.officer = [False] * len(types)
        for pid, _, _, _, _, number, letter, _, _ in RANKED:
            self.level[T[pid]] = level_of(number, letter, options["lettered_ranks"])
            self.officer[T[pid]] = number <= 8
        self.generals = frozenset(T[g] for g in ("general", "lieutenant_general", "major_general"))
        confined = {T[c] for c in CONFINED}
        self.takers = frozenset(i for i, p in enumerate(types) if p.mobile and i not in confined and p.id != "spy")
        self.names = tuple(p.id for p in types if p.id != "flag")
        abil = ["battery_commander", "aviator", "poison_gas", "cavalry_ensign", "cabaret"]
        if self.full:
            abil += ["captain", "lieutenant"]
        if options["gallop"] == "eight-way":
            abil += ["cavalryman"]
        self.abil = frozenset(T[a] for a in abil)
        self.referee = options["referee"]
        self.quiet = options["quiet_plies"]
        # a general rescued from the cabaret: the plain rescue's rank first, then the others a move may choose (:69)
        self.demotions = (
            ("private", "pioneer", "cavalryman") if options["general_demotion"] == "private" else ("pioneer", "cavalryman")
        )
        self.step = board.step
        n = len(board)
        w = board.width
        self.diag = []  # the four diagonal steps
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            row = []
            for c in range(n):
                r, f = divmod(c, w)
                rr, ff = r + dr, f + dc
                row.append(rr * w + ff if 0 <= rr < board.height and 0 <= ff < w else -1)
            self.diag.append(row)
        fields = set(board.home[0]) | set(board.home[1])
        # bomb_from[p][target] -> (landing, front1, front2): where an aviator of p lands to bomb target
        self.bomb_from: tuple[list[list[tuple[int, int, int]]], list[list[tuple[int, int, int]]]] = ([], [])
        for p in (0, 1):
            fwd = board.step[FORWARD[p]]
            table: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
            for land in fields:
                f1 = fwd[land]
                f2 = fwd[f1] if f1 >= 0 else -1
                if f2 < 0:
                    continue
                for side in (EAST, WEST):
                    t = board.step[side][f1]
                    if t >= 0:
                        table[t].append((land, f1, f2))
            self.bomb_from[p].extend(table)
        # cells of each side's field from the back row's centre outwards (placements)
        self.back_order = tuple(
            sorted(board.home[p], key=lambda c, p=p: (board.row_from_back(c, p), abs(board.col(c) - w // 2), board.col(c)))
            for p in (0, 1)
        )
        wire = WIRE_FILES[options["board"]]
        self.passages = [
            [
                tuple(c for c in board.home[p] if board.row_from_back(c, p) == 3 and a <= board.col(c) <= b)
                for a, b in _passages(wire)
            ]
            for p in (0, 1)
        ]

    # -- helpers --------------------------------------------------------------------------------
    @staticmethod
    def _nailed(st: State, u: int) -> bool:
        """Is piece ``u`` a cabaret with a nailed piece, or nailed to one (so both go together, :70)?"""
        return u in st.nailed or u in st.nailed_by

    def _flag_line(self, game: BoardGame, player: int, flag: int) -> set[int]:
        b = self.board
        if flag < 0:
            return set()
        if self.options["flag_line"] == "row":
            return {c for c in b.home[player] if b.row_from_back(c, player) == 1}
        return {c for c in b.home[player] if b.col(c) == b.col(flag) and c != flag}

    def _free_back(self, game: BoardGame, player: int, rows: tuple[int, ...] | None = None) -> int:
        """The first free square of ``player``'s field from the back row's centre (within ``rows``), or -1."""
        owner, b = game.owner, self.board
        for c in self.back_order[player]:
            if owner[c] < 0 and (rows is None or b.row_from_back(c, player) in rows):
                return c
        return -1

    def _lvl(self, game: BoardGame, st: State, c: int) -> int:
        t = game.kind[c]
        v = self.level[t]
        if self.officer[t] and st.no_post[game.owner[c]]:
            v += 3
        return v + st.lowered.get(game.uid[c], 0) if st.lowered else v

    def _attacks(self, game: BoardGame, frm: int, to: int, p: int) -> int:
        """The enemy cell a move from ``frm`` to ``to`` would attack, or -1."""
        front = self.step[FORWARD[p]][to]
        if front < 0 or game.owner[front] != 1 - p:
            return -1
        if game.strike != "any" and not move_is_forward(self.board, frm, to, p):
            return -1
        return front

    def _counted(self, game: BoardGame, st: State, p: int) -> int:
        return st.own_moves[p] if self.options["ten_moves"] == "own" else game.ply

    def kill(self, game: BoardGame, cell: int, rule: str) -> list[list]:
        """Remove the piece on ``cell`` by gas, bombs, fire or rule, with what goes with it; returns pieces lost.

        ``rule`` is the cause (the shot, the bombs, the gas), whose event the caller has recorded.
        """
        st = self.state(game)
        u = game.uid[cell]
        cells = [cell]
        if u in st.nailed_by:  # a nailed piece hit: the cabaret goes too (:70)
            cells.append(game.cell_of(st.nailed_by[u]))
        elif u in st.nailed:
            cells.append(game.cell_of(st.nailed[u]))
        lost = []
        for c in cells:
            if c < 0 or game.owner[c] < 0:
                continue
            cu, t, o = game.uid[c], game.kind[c], game.owner[c]
            lost.append([cu, self.ids[t], SIDES[o]])
            game.remove(c, rule)
            st.arrest.pop(cu, None)
            if cu in st.nailed:
                st.nailed_by.pop(st.nailed.pop(cu), None)
            if cu in st.nailed_by:
                st.nailed.pop(st.nailed_by.pop(cu), None)
            pid = self.ids[t]
            if pid == "signal_post":
                home = st.post_home.get(cu, o)
                st.no_post[home] = True
                # its own army learns it (its officers fall a rank); the enemy is not told what he destroyed
                game.event("signal-post", "soj.signal-destroyed", to=[SIDES[home]], cells=[game.board.names[c]])
            elif pid == "supply_wagon":
                game.grant_plies(1 - o, 2, "soj.wagon-extra-moves")
            elif pid == "flag":
                game.finish(1 - o, "soj.win-flag")
        st.dirty = True
        return lost

    # -- setup ----------------------------------------------------------------------------------
    def setup_errors(self, game: BoardGame, player: int, placement: dict[int, str]) -> list[str]:
        errors = []
        flag = next((c for c, pid in placement.items() if pid == "flag"), -1)
        line = self._flag_line(game, player, flag)
        if sum(1 for c in line if placement.get(c) == "mine") > 2:
            errors.append(f"more than 2 mines on the line in front of the flag ({game.rs.rule('soj.mines-flag-line').summary})")
        if any(placement.get(c) == "cabaret" for c in line):
            errors.append(
                f"the cabaret stands on the line in front of the flag ({game.rs.rule('soj.cabaret-flag-line').summary})"
            )
        test = any if self.options["mined_passage"] == "any" else all
        if all(test(placement.get(c) == "mine" for c in cells) for cells in self.passages[player]):
            errors.append(f"mines in front of all three passages ({game.rs.rule('soj.mines-passages').summary})")
        return errors

    def new_state(self, game: BoardGame, rng: random.Random) -> State:
        return State()

    def begin(self, game: BoardGame) -> None:
        st = self.state(game)
        T, kind, uid = self.T, game.kind, game.uid
        for s in (0, 1):
            for c in game.positions[s]:
                t = kind[c]
                if t == T["flag"]:
                    st.flag_cell[s] = c
                    game.reveal(1 - s, (uid[c],), "soj.flag-known")  # :29
                elif t == T["signal_post"]:
                    st.post_home[uid[c]] = s
                elif t in self.generals:
                    st.generals[s].add(uid[c])
            mgs = sorted(uid[c] for c in game.positions[s] if kind[c] == T["major_general"])
            for i, u in enumerate(mgs[:2]):
                st.mg_no[u] = i + 1
        for s in (0, 1):
            flag = st.flag_cell[s]
            if flag < 0:
                continue
            front = self.step[FORWARD[s]][flag]
            if front >= 0:  # :75 — the enemy spy may not stand face to face with this flag
                game.restrict(1 - s, "spy", (front,), "soj.spy-no-flag")
            # :72 — nor may the cabaret stand on the line before it
            game.restrict(s, "cabaret", sorted(self._flag_line(game, s, flag)), "soj.cabaret-flag-line")
        if self.full:
            for s in (0, 1):
                st.neighbours[s] = self._beside_cabaret(game, s)
        self._census(game, st, draws=False)

    def guessed(self, game: BoardGame, player: int, uids: frozenset[int]) -> None:
        """A search's guessed world: the enemy's rank-bound state follows the guessed ranks, his rank-revealing history goes.

        Every field the hooks derive from the enemy's ranks is rebuilt from
        the guess, so that two worlds guessed alike are alike whatever the
        true ranks: the generals still on the board; the major generals'
        numbers (his major generals, on the board or fallen, and the known
        ones that had a number, numbered in uid order as at the start); the
        signal post's army, and whether he has lost his post (:57–58: none
        of his stands on the board as his, though he had one; the player is
        not told when it falls); the rearrangement due if his last general
        fell since his turn began (:87); the reinforcements his generals
        may call (:89); before note 18's count, who stands beside the
        cabaret (after it, nobody: the set is spent). Forgotten: for the
        guessed pieces, mine charges spent, promotions due, pioneers
        promoted and weapons used (each caused by the piece's true rank);
        for all of his generals, the reinforcements called (the player sees
        one appear, not which general called it, :89). What any rank would
        suffer (lowered levels, an arrest) is kept.
        """
        st, e, T = self.state(game), 1 - player, self.T
        army = {game.uid[c]: game.kind[c] for c in game.positions[e]}
        guessed = {u: t for u, t in army.items() if u in uids}
        army |= {u: t for u, t, o, _ in game.removed if o == e}
        st.generals[e] = (st.generals[e] - uids) | {u for u, t in guessed.items() if t in self.generals}
        numbered = {u for u in st.mg_no if u not in uids and game.uid_owner.get(u) == e}
        mgs = sorted(numbered | {u for u, t in army.items() if t == T["major_general"]})
        st.mg_no = {u: n for u, n in st.mg_no.items() if game.uid_owner.get(u) != e} | {u: i + 1 for i, u in enumerate(mgs[:2])}
        st.post_home = {u: s for u, s in st.post_home.items() if u not in uids}
        st.post_home |= {u: e for u, t in guessed.items() if t == T["signal_post"]}
        post, holders = T["signal_post"], []  # who holds each of his posts (-1: fallen)
        for s in (0, 1):
            holders += [s for c in game.positions[s] if game.kind[c] == post and st.post_home.get(game.uid[c], s) == e]
        holders += [-1 for u, t, o, _ in game.removed if t == post and st.post_home.get(u, o) == e]
        st.no_post[e] = bool(holders) and e not in holders
        fallen = game.removed[st.turn_removed[e] :]
        st.rearrange_due[e] = self.full and not st.generals[e] and any(o == e and t in self.generals for _, t, o, _ in fallen)
        st.charges = {u: n for u, n in st.charges.items() if u not in uids}
        st.pending = [x for x in st.pending if x[1] not in uids]
        st.sapper -= uids
        st.used -= uids
        st.reinforce_used = {u for u in st.reinforce_used if game.uid_owner.get(u) != e}
        if self.full:
            st.reinforce_open[e] = self._open_arms(game, st, e)
        st.neighbours[e] = self._beside_cabaret(game, e) if self.full and not st.neighbours_done[e] else set()

    # -- move generation ------------------------------------------------------------------------
    def forced_moves(self, game: BoardGame, player: int) -> list[Move] | None:
        st = self.state(game)
        away = st.away[player]
        if away is None:
            return None
        u, home = away
        cell = game.cell_of(u)
        dest = home if game.owner[home] < 0 else -1
        if dest < 0 and cell >= 0:  # the nearest free square of his own field
            b = self.board
            r0, c0 = b.row(home), b.col(home)
            free = [c for c in b.home[player] if game.owner[c] < 0]
            dest = min(free, key=lambda c: (abs(b.row(c) - r0) + abs(b.col(c) - c0), c), default=-1)
        if cell < 0 or dest < 0:
            st.away[player] = None
            return None
        return [Move(cell, dest, "return")]

    def extra_moves(self, game: BoardGame, player: int) -> list[Move]:
        st = self.state(game)
        p = player
        out: list[Move] = []
        kind, uid, abil, T = game.kind, game.uid, self.abil, self.T
        aviators = []
        for c in game.positions[p]:
            t = kind[c]
            if t not in abil:
                continue
            u = uid[c]
            if game.is_frozen(u):
                if u in st.nailed:
                    self._cabaret_moves(game, st, c, p, out)
                continue
            if t == T["battery_commander"]:
                self._fire_moves(game, st, c, p, out)
            elif t == T["aviator"]:
                aviators.append(c)
            elif t == T["poison_gas"]:
                out.extend(Move(c, c, "gas", x) for x in (self.step[d][c] for d in DIRECTIONS) if x >= 0)
            elif t == T["cavalry_ensign"]:
                if self.options["gallop"] == "eight-way":
                    self._diagonal_moves(game, c, p, out)
                if u not in st.used:
                    self._armed_moves(game, c, p, "recon", out)
            elif t == T["cavalryman"]:
                self._diagonal_moves(game, c, p, out)
            elif t == T["cabaret"]:
                continue
            elif u not in st.used:  # captain, lieutenant (full game)
                self._armed_moves(game, c, p, "mg" if t == T["captain"] else "grenade", out)
        if aviators:
            self._flights(game, st, p, aviators, out)
        if self.full:
            if st.rearrange[p]:
                self._rearrangements(game, p, out)
            if st.reinforce_open[p]:
                self._reinforcements(game, st, p, out)
            if not st.deserted[p] and self._counted(game, st, p) >= 10:
                # offered whether or not the enemy has an ensign left: the claim's only condition is the
                # tenth move (:82), and offering it only while one is left would tell the claimant that none is
                place = self._free_back(game, p)
                if place >= 0:
                    out.append(Move(place, place, "desert"))
        if st.nailed_by:
            self._rescue_moves(game, st, p, out)
        return out

    def _slide_cells(self, game: BoardGame, c: int, p: int, lines: list[list[int]]):
        """(direction table, cell) for every free cell the piece on ``c`` reaches along ``lines``."""
        ok = game.enter_by[p][game.kind[c]]
        owner = game.owner
        slide = self.types[game.kind[c]].movement == "slide"
        for nxt in lines:
            x = nxt[c]
            while x >= 0 and ok[x] and owner[x] < 0:
                yield x
                if not slide:
                    break
                x = nxt[x]

    def _diagonal_moves(self, game: BoardGame, c: int, p: int, out: list[Move]) -> None:
        out.extend(Move(c, x) for x in self._slide_cells(game, c, p, self.diag))

    def _armed_moves(self, game: BoardGame, c: int, p: int, action: str, out: list[Move]) -> None:
        """The attacking moves of the piece on ``c``, as ``action`` (hot: inlined, no generator)."""
        lines = self.step + self.diag if action == "recon" and self.options["gallop"] == "eight-way" else self.step
        owner, t, e = game.owner, game.kind[c], 1 - p
        ok, fwd = game.enter_by[p][t], self.step[FORWARD[p]]
        slide, any_move = self.types[t].movement == "slide", game.strike == "any"
        for nxt in lines:
            x = nxt[c]
            while x >= 0 and ok[x] and owner[x] < 0:
                front = fwd[x]
                if front >= 0 and owner[front] == e and (any_move or move_is_forward(self.board, c, x, p)):
                    out.append(Move(c, x, action, front))
                if not slide:
                    break
                x = nxt[x]

    def _fire_moves(self, game: BoardGame, st: State, c: int, p: int, out: list[Move]) -> None:
        starts = [c]
        if self.options["battery_fire"] == "move-and-fire":
            starts += [x for x in self._slide_cells(game, c, p, self.step) if self._attacks(game, c, x, p) < 0]
        fwd, owner = self.step[FORWARD[p]], game.owner
        for b in starts:
            f1 = fwd[b]
            if f1 < 0 or owner[f1] != p or f1 == c:
                continue
            f2 = fwd[f1]
            if f2 < 0 or owner[f2] != p or f2 == c:
                continue
            x = fwd[f2]
            while x >= 0:
                if owner[x] == 1 - p and x != st.flag_cell[1 - p]:
                    out.extend(Move(c, b, "fire", x, name) for name in self.names)
                x = fwd[x]

    def _flights(self, game: BoardGame, st: State, p: int, aviators: list[int], out: list[Move]) -> None:
        owner = game.owner
        table = self.bomb_from[p]
        skip = st.flag_cell[1 - p] if self.options["bomb_flag"] == "immune" else -2
        lands = []
        for t in game.positions[1 - p]:
            if t == skip:
                continue
            for land, f1, f2 in table[t]:
                if owner[land] < 0 and owner[f1] < 0 and owner[f2] < 0:
                    lands.append((land, t))
        for a in aviators:
            out.extend(Move(a, land, "fly", t) for land, t in lands)

    def _cabaret_moves(self, game: BoardGame, st: State, cb: int, p: int, out: list[Move]) -> None:
        nl = game.cell_of(st.nailed[game.uid[cb]])
        if nl < 0:
            return
        owner, ok_c = game.owner, game.enter_by[p][game.kind[cb]]
        ok_n = game.enter_by[1 - p][game.kind[nl]]
        for nxt in self.step:
            cb2, nl2 = nxt[cb], nxt[nl]
            if cb2 < 0 or nl2 < 0 or not ok_c[cb2] or not ok_n[nl2]:
                continue
            if (owner[cb2] < 0 or cb2 == nl) and (owner[nl2] < 0 or nl2 == cb):
                out.append(Move(cb, cb2, "cabaret", nl))

    def _rescue_moves(self, game: BoardGame, st: State, p: int, out: list[Move]) -> None:
        """Rescuing a nailed general may demote him to another rank than the plain rescue's (:69)."""
        for nu, cu in st.nailed_by.items():
            if game.uid_owner.get(nu) != p:
                continue
            nl, cb = game.cell_of(nu), game.cell_of(cu)
            if nl < 0 or cb < 0 or game.kind[nl] not in self.generals:
                continue
            for x in self._rescue_cells(nl, cb):
                if game.owner[x] >= 0:
                    continue
                for nxt in self.step:  # look from x for a piece that can come to it along this line
                    path, y = [], nxt[x]
                    while y >= 0 and game.owner[y] < 0:
                        path.append(y)
                        y = nxt[y]
                    if y < 0 or game.owner[y] != p or game.is_frozen(game.uid[y]):
                        continue
                    t = game.kind[y]
                    if t not in self.ranked or (path and self.types[t].movement != "slide"):
                        continue
                    ok = game.enter_by[p][t]
                    if not ok[x] or not all(ok[z] for z in path) or self._lvl(game, st, y) >= self._lvl(game, st, nl):
                        continue
                    out.extend(Move(y, x, "rescue", nl, choice) for choice in self.demotions[1:])

    def _rescue_cells(self, nl: int, cb: int) -> list[int]:
        return [x for c in (nl, cb) for x in (self.step[EAST][c], self.step[WEST][c]) if x >= 0]

    def _rearrangements(self, game: BoardGame, p: int, out: list[Move]) -> None:
        owner, T, fwd = game.owner, self.T, self.step[FORWARD[p]]
        targets = [c for c in self.board.home[p] if owner[c] < 0 and (fwd[c] < 0 or owner[fwd[c]] != 1 - p)]
        for c in game.positions[p]:
            t = game.kind[c]
            if t == T["flag"] or game.is_frozen(game.uid[c]):
                continue
            ok = game.enter_by[p][t]
            out.extend(Move(c, x, "rearrange") for x in targets if ok[x])

    def _reinforcements(self, game: BoardGame, st: State, p: int, out: list[Move]) -> None:
        b, owner = self.board, game.owner
        free = []
        for r in range(4):
            free = [c for c in self.back_order[p] if owner[c] < 0 and b.row_from_back(c, p) == r]
            if free:
                break
        for gu, pid in st.reinforce_open[p]:
            g = game.cell_of(gu)
            if g >= 0:
                ok = game.enter_by[p][self.T[pid]]
                out.extend(Move(x, x, "reinforce", g, pid) for x in free if ok[x])

    # -- carrying out abilities -----------------------------------------------------------------
    def perform(self, game: BoardGame, move: Move, player: int) -> None:
        getattr(self, "_do_" + move.action)(game, move, player)

    def _plain(self, game: BoardGame, c: int, x: int, p: int, rule: str) -> None:
        """A step or gallop as the engine makes it, under ``rule``: move, then fight whatever then stands in front."""
        game.relocate(c, x, rule)
        front = self._attacks(game, c, x, p)
        if front >= 0:
            game.collide(x, front, p, displace=False)

    def _do_fire(self, game: BoardGame, move: Move, p: int) -> None:
        st = self.state(game)
        names = game.board.names
        b = move.to
        if b != move.frm:
            game.relocate(move.frm, b, "soj.battery-fire")
        x, u = move.target, game.uid[b]
        actual = self.ids[game.kind[x]]
        game.event("fire-order", "soj.battery-hidden", to=[SIDES[p]], cells=[names[b], names[x]], named=move.arg)
        if actual != move.arg:
            game.event("fire", "soj.battery-miss", target=names[x], hit=False)
            game.transform(b, "captain", "soj.battery-miss")
            game.event("demotion", "soj.battery-miss", to=[SIDES[p]], pieces=[[u, "captain", SIDES[p]]])
            st.dirty = True
        elif actual in ("mine", "flag"):
            # Named rightly but unharmed (:45): not demoted (:44), the firer knows he was right, so he knows the rank.
            game.event("fire", "soj.battery-immune", target=names[x], hit=False)
            game.reveal(p, (game.uid[x],), "soj.battery-immune")
        else:
            rule = "soj.cabaret-destroyed" if self._nailed(st, game.uid[x]) else "soj.battery-fire"
            ev = game.event("fire", rule, target=names[x], hit=True)
            game.reveal(p, (game.uid[x],), rule)
            ev["pieces"] = self.kill(game, x, rule)  # the shot first, then what its losses set off

    def _do_fly(self, game: BoardGame, move: Move, p: int) -> None:
        st = self.state(game)
        names = game.board.names
        a, land, t = move.frm, move.to, move.target
        u = game.uid[a]
        game.relocate(a, land, "soj.aviator-flight")
        st.away[p] = (u, a)
        game.event("flight", "soj.aviator-seen", cells=[names[a], names[land]], pieces=[[u, "aviator", SIDES[p]]])
        game.reveal(1 - p, (u,), "soj.aviator-seen")
        if self.ids[game.kind[t]] == "mine":
            game.reveal(p, (game.uid[t],), "soj.aviator-mine")
            lost = [[game.uid[t], "mine", SIDES[1 - p]], [u, "aviator", SIDES[p]]]
            game.remove(t, "soj.aviator-mine")
            game.remove(land, "soj.aviator-mine")
            st.away[p] = None
            st.dirty = True
            game.event("bombs", "soj.aviator-mine", cells=[names[land], names[t]], pieces=lost)
            return
        rule = "soj.cabaret-destroyed" if self._nailed(st, game.uid[t]) else "soj.aviator-bombs"
        ev = game.event("bombs", rule, cells=[names[land], names[t]])
        ev["pieces"] = self.kill(game, t, rule)  # the bombs first, then what their losses set off

    def _do_return(self, game: BoardGame, move: Move, p: int) -> None:
        st = self.state(game)
        game.relocate(move.frm, move.to, "soj.aviator-return")
        st.away[p] = None
        game.event("return", "soj.aviator-return", cells=[game.board.names[move.frm], game.board.names[move.to]])

    def _do_gas(self, game: BoardGame, move: Move, p: int) -> None:
        names = game.board.names
        c = move.frm
        nxt = next(s for s in self.step if s[c] == move.target)
        u = game.uid[c]
        hit = []
        line = []
        x = move.target
        T = self.T
        while x >= 0:
            line.append(names[x])
            if game.owner[x] >= 0:
                t = game.kind[x]
                if t == T["junior_lieutenant"]:
                    break  # :76
                if t != T["mine"] and t != T["flag"]:
                    hit.append(x)
            x = nxt[x]
        # the release and the spent gas first, then the losses and what they set off (a signal post, a wagon, the flag)
        ev = game.event("gas", "soj.gas-release", cells=[names[c], *line])
        game.reveal(1 - p, (u,), "soj.gas-release")  # the cloud shows where the gas was
        game.remove(c, "soj.gas-spent")
        game.event("gas-spent", "soj.gas-spent", cells=[names[c]])
        lost: list[list] = []
        for x in hit:
            if game.owner[x] >= 0:  # not already gone with a cabaret it was nailed to
                lost += self.kill(game, x, "soj.gas-release")
        ev["pieces"] = [[u, "poison_gas", SIDES[p]], *lost]
        self.state(game).dirty = True

    def _armed(self, game: BoardGame, move: Move, p: int, rule: str, ranks: int) -> None:
        st = self.state(game)
        u = game.uid[move.frm]
        st.used.add(u)
        st.weapon = (u, ranks, rule)
        game.event("weapon", rule, to=[SIDES[p]], cells=[game.board.names[move.to]])
        try:
            self._plain(game, move.frm, move.to, p, rule)
        finally:
            st.weapon = None

    def _do_mg(self, game: BoardGame, move: Move, p: int) -> None:
        self._armed(game, move, p, "soj.machine-gun", 2)

    def _do_grenade(self, game: BoardGame, move: Move, p: int) -> None:
        self._armed(game, move, p, "soj.grenade", 1)

    def _do_recon(self, game: BoardGame, move: Move, p: int) -> None:
        st = self.state(game)
        u = game.uid[move.frm]
        st.used.add(u)
        st.recon = u
        try:
            self._plain(game, move.frm, move.to, p, "soj.reconnaissance")
        finally:
            st.recon = -1

    def _do_rescue(self, game: BoardGame, move: Move, p: int) -> None:
        st = self.state(game)
        st.rescue_choice = move.arg
        self._plain(game, move.frm, move.to, p, "soj.cabaret-rescue")

    def _do_cabaret(self, game: BoardGame, move: Move, p: int) -> None:
        cb, cb2, nl = move.frm, move.to, move.target
        nxt = next(s for s in self.step if s[cb] == cb2)
        nl2 = nxt[nl]
        first, second = ((nl, nl2), (cb, cb2)) if cb2 == nl else ((cb, cb2), (nl, nl2))  # the square ahead is emptied first
        game.relocate(*first, "soj.cabaret-moves")
        game.relocate(*second, "soj.cabaret-moves")
        names = game.board.names
        game.event("cabaret-move", "soj.cabaret-moves", cells=[names[cb], names[cb2], names[nl], names[nl2]])

    def _do_desert(self, game: BoardGame, move: Move, p: int) -> None:
        st = self.state(game)
        names, e = game.board.names, 1 - p
        ensigns = sorted(c for c in game.positions[e] if game.kind[c] == self.T["ensign"] and not game.is_frozen(game.uid[c]))
        st.deserted[p] = True
        if not ensigns:  # the enemy answers that none is left: the claim is spent for nothing
            game.event("desertion", "soj.deserter-none", side=SIDES[p])
            return
        old = game.rs.rng(game.seed, f"deserter:{game.ply}").choice(ensigns)
        told = []
        for side in (EAST, WEST):  # :83 — who stood to his right and left
            x = self.step[side][old]
            if x >= 0 and game.owner[x] == e:
                told.append([game.uid[x], self.ids[game.kind[x]], SIDES[e]])
        u = game.uid[old]
        game.transfer(old, move.to, p, "soj.deserter")
        game.transform(move.to, "captain", "soj.deserter", public=True)
        st.dirty = True
        game.event("desertion", "soj.deserter", cells=[names[old], names[move.to]], pieces=[[u, "captain", SIDES[p]]])
        if told:
            game.event("report", "soj.deserter-reveals", to=[SIDES[p]], pieces=told)
            game.reveal(p, (t[0] for t in told), "soj.deserter-reveals")

    def _do_rearrange(self, game: BoardGame, move: Move, p: int) -> None:
        st = self.state(game)
        game.relocate(move.frm, move.to, "soj.rearrange")
        st.rearrange[p] -= 1
        names = game.board.names
        game.event("rearrange", "soj.rearrange", cells=[names[move.frm], names[move.to]])
        game.grant_plies(p, 1, "soj.rearrange")  # :88 — not counted among the moves

    def _do_reinforce(self, game: BoardGame, move: Move, p: int) -> None:
        st = self.state(game)
        gu = game.uid[move.target]
        new = game.add_piece(move.to, p, move.arg, "soj.reinforce")
        st.reinforce_used.add(gu)
        st.reinforce_open[p] = [(g, pid) for g, pid in st.reinforce_open[p] if g != gu]
        st.dirty = True
        game.event("reinforcement", "soj.reinforce", cells=[game.board.names[move.to]], pieces=[[new, move.arg, SIDES[p]]])

    # -- combat ---------------------------------------------------------------------------------
    def resolve(self, game: BoardGame, att: int, dfn: int, outcome: str, rule: str) -> tuple[str, str]:
        st = self.state(game)
        kind, uid = game.kind, game.uid
        a_t, d_t = kind[att], kind[dfn]
        T = self.T
        if d_t == T["mine"]:
            if outcome == DEFENDER_WINS:
                if uid[att] in st.sapper:
                    return ATTACKER_WINS, "soj.pioneer-keeps-skill"
                left = st.charges.get(uid[dfn], 3) - 1
                st.charges[uid[dfn]] = left
                if left <= 0:
                    return BOTH_REMOVED, "soj.mine-charges"
            return outcome, rule
        if rule == "soj.signal-captured" or rule == "soj.signal-rankless":
            post, other = (dfn, att) if d_t == T["signal_post"] else (att, dfn)
            if game.owner[other] == st.post_home.get(uid[post], game.owner[post]):
                return NEITHER_REMOVED, "soj.signal-recapture"
            return outcome, rule
        ranked = self.ranked
        if a_t not in ranked or d_t not in ranked:
            return outcome, rule
        la, ld = self._lvl(game, st, att), self._lvl(game, st, dfn)
        w = st.weapon
        if w is not None and w[0] == uid[att]:
            out = _compare(la, ld + 3 * w[1])
            if out == DEFENDER_WINS:
                st.lowered[uid[dfn]] = 3 * w[1]  # :78 — until its next move
            game.keep_rule((game.owner[att],))  # the weapon was told to the attacker alone (_armed)
            return out, w[2]
        if self.full and (d_t == T["captain"] or d_t == T["lieutenant"]) and uid[dfn] not in st.used:
            ranks = 2 if d_t == T["captain"] else 1
            base, armed = _compare(la, ld), _compare(la + 3 * ranks, ld)
            if self.options["defence_weapons"] == "first-attack" or _BETTER[armed] > _BETTER[base]:
                st.used.add(uid[dfn])
                if armed == ATTACKER_WINS:
                    st.lowered[uid[att]] = 3 * ranks
                rule = "soj.machine-gun" if ranks == 2 else "soj.grenade"
                # The referee tells the defender his weapon went into action, as the attacker knows of his own
                # (_armed): it is spent, and with "when-losing" its firing says something of the attacker's rank.
                game.event("weapon", rule, to=[SIDES[game.owner[dfn]]], cells=[game.board.names[dfn]])
                game.keep_rule((game.owner[dfn],))  # the attacker was not told the gun was still unfired
                return armed, rule
        if st.no_post[0] or st.no_post[1] or st.lowered:
            out = _compare(la, ld)
            if out != outcome:
                # a lost signal post or a lowered rank: neither side need know the other's, so neither reads the rule
                game.keep_rule(())
                plain_a, plain_d = self.level[a_t], self.level[d_t]
                lowered = uid[att] in st.lowered or uid[dfn] in st.lowered
                return out, "soj.lowered" if lowered and _compare(plain_a, plain_d) == outcome else "soj.signal-demotion"
        return outcome, rule

    def after_combat(self, game: BoardGame, att: int, dfn: int, player: int, event: dict[str, Any]) -> None:
        st = self.state(game)
        (a_u, _, _), (d_u, _, _) = event["pieces"][0], event["pieces"][1]
        p, rule = player, event["rule"]
        if self.referee == "attacked-names":
            game.reveal(p, (d_u,), "soj.attacked-names")
        elif self.referee == "in-turn":
            st.collisions += 1
            namer = a_u if st.collisions % 2 else d_u
            game.reveal(p if namer == d_u else 1 - p, (namer,), "soj.in-turn")
        if st.recon == a_u:
            piece = event["pieces"][1][1]
            game.event("reconnaissance", "soj.reconnaissance", to=[SIDES[p]], pieces=[[d_u, piece, SIDES[1 - p]]])
            game.reveal(p, (d_u,), "soj.reconnaissance")
        T, names = self.T, game.board.names
        if rule == "soj.cabaret-nails":
            cb, other = (att, dfn) if game.kind[att] == T["cabaret"] else (dfn, att)
            cu, ou = game.uid[cb], game.uid[other]
            st.nailed[cu], st.nailed_by[ou] = ou, cu
            game.event("nailed", "soj.cabaret-nails", cells=[names[other], names[cb]])
            game.freeze((cu, ou), "soj.cabaret-nails")
            game.reveal(game.owner[other], (cu,), "soj.cabaret-nails")
        elif rule == "soj.signal-captured" or rule == "soj.signal-recapture":
            post, other = (dfn, att) if game.kind[dfn] == T["signal_post"] else (att, dfn)
            holder = game.owner[other]
            home = st.post_home.get(game.uid[post], game.owner[post])
            to = self._free_back(game, holder, (0, 1))
            if to < 0:
                self.kill(game, post, rule)
                return
            frm = names[post]
            game.transfer(post, to, holder, rule)
            st.no_post[home] = holder != home
            st.dirty = True
            game.event("signal-post", rule, cells=[frm, names[to]], side=SIDES[holder])
        elif rule == "soj.wagon-taken":
            wagon_side = next(SIDES.index(s) for _, pid, s in event["pieces"] if pid == "supply_wagon")
            wagon_uid = next(u for u, pid, _ in event["pieces"] if pid == "supply_wagon")
            game.reveal(1 - wagon_side, (wagon_uid,), "soj.wagon-taken")
            game.grant_plies(1 - wagon_side, 2, "soj.wagon-extra-moves")
        elif rule == "soj.pioneer-mine":
            st.pending.append((p, a_u, "ensign", "soj.pioneer-promoted"))
        elif rule == "soj.spy-takes-general":
            spy = a_u if event["pieces"][0][1] == "spy" else d_u
            st.pending.append((game.uid_owner[spy], spy, "lieutenant", "soj.spy-promoted"))

    # -- turns ------------------------------------------------------------------------------------
    def turn_start(self, game: BoardGame, player: int) -> None:
        st = self.state(game)
        if st.pending:
            due = [x for x in st.pending if x[0] == player]
            st.pending = [x for x in st.pending if x[0] != player]
            for _, u, pid, rule in due:
                c = game.cell_of(u)
                if c < 0 or game.owner[c] != player:
                    continue
                if pid == "ensign":
                    st.sapper.add(u)
                game.transform(c, pid, rule)
                st.dirty = True
                game.event("promotion", rule, to=[SIDES[player]], pieces=[[u, pid, SIDES[player]]])
        if st.lowered:
            for u in [u for u in st.lowered if game.uid_owner.get(u) == player]:
                del st.lowered[u]
        st.turn_removed[player] = len(game.removed)
        if st.rearrange_due[player]:
            st.rearrange_due[player] = False
            st.rearrange[player] = 4

    def after_move(self, game: BoardGame, move: Move, player: int) -> None:
        st = self.state(game)
        if move.action != "rearrange":
            st.own_moves[player] += 1
            st.rearrange[player] = 0
        if st.arrest:
            for u in list(st.arrest):
                if game.uid_owner.get(u) == player and st.arrest_ply[u] != game.ply:
                    st.arrest[u] -= 1
                    if st.arrest[u] <= 0:
                        del st.arrest[u]
                        game.unfreeze((u,), "soj.cabaret-arrest")
        if st.nailed_by and move.action in ("", "rescue") and game.owner[move.to] == player:
            self._rescue(game, st, move.to, player)
        if self.full and not (st.neighbours_done[0] and st.neighbours_done[1]):
            self._cabaret_neighbours(game, st)
        if game.result is None and (st.dirty or len(game.removed) != st.n_removed):
            self._census(game, st)
        if game.result is None and self.quiet and game.ply - st.last_loss >= self.quiet:
            game.finish(None, "soj.draw-quiet")

    def _rescue(self, game: BoardGame, st: State, x: int, p: int) -> None:
        for nu, cu in list(st.nailed_by.items()):
            if game.uid_owner.get(nu) != p:
                continue
            nl, cb = game.cell_of(nu), game.cell_of(cu)
            if nl < 0 or cb < 0 or x not in self._rescue_cells(nl, cb):
                continue
            if game.kind[x] not in self.ranked or self._lvl(game, st, x) >= (
                self._lvl(game, st, nl) if game.kind[nl] in self.ranked else 99
            ):
                continue
            names = game.board.names
            del st.nailed_by[nu], st.nailed[cu]
            lost = [[cu, "cabaret", SIDES[game.owner[cb]]]]
            game.remove(cb, "soj.cabaret-rescue")
            game.event("rescue", "soj.cabaret-rescue", cells=[names[x], names[nl], names[cb]], pieces=lost)
            if game.kind[nl] in self.generals:
                choice = st.rescue_choice or self.demotions[0]
                game.transform(nl, choice, "soj.cabaret-general")
                game.event("demotion", "soj.cabaret-general", to=[SIDES[p]], pieces=[[nu, choice, SIDES[p]]])
            st.rescue_choice = ""
            to = self._free_back(game, p, (0,))
            if to >= 0:
                game.relocate(nl, to, "soj.cabaret-arrest")
            st.arrest[nu], st.arrest_ply[nu] = 3, game.ply
            game.event("arrest", "soj.cabaret-arrest", cells=[names[nl], names[to if to >= 0 else nl]])
            st.dirty = True

    def _beside_cabaret(self, game: BoardGame, s: int) -> set[int]:
        cab = self.T["cabaret"]
        for c in game.positions[s]:
            if game.kind[c] == cab:
                out = set()
                for nxt in self.step:
                    x = nxt[c]
                    if x >= 0 and game.owner[x] == s and game.kind[x] in self.ranked:
                        out.add(game.uid[x])
                return out
        return set()

    def _cabaret_neighbours(self, game: BoardGame, st: State) -> None:
        for s in (0, 1):
            if st.neighbours_done[s]:
                continue
            now = self._beside_cabaret(game, s)
            if self.options["cabaret_neighbours"] == "throughout":
                st.neighbours[s] &= now
            else:
                st.neighbours[s] |= now
            if self._counted(game, st, s) < 10:
                continue
            st.neighbours_done[s] = True
            doomed = sorted(c for c in game.positions[s] if game.uid[c] in st.neighbours[s])
            if not doomed:
                continue
            ev = game.event("cabaret-neighbours", "soj.cabaret-neighbours")  # the cause before its effects
            lost = []
            for c in doomed:
                if game.owner[c] >= 0:
                    lost += self.kill(game, c, "soj.cabaret-neighbours")
            ev["pieces"] = lost

    def _census(self, game: BoardGame, st: State, draws: bool = True) -> None:
        """After losses or changes of rank: the referee's draw, the four generals, the lost arms."""
        new = game.removed[st.n_removed :]
        st.n_removed, st.dirty = len(game.removed), False
        if new:
            st.last_loss = game.ply
        for u, _, o, _ in new:
            if u in st.generals[o]:
                st.generals[o].discard(u)
                if not st.generals[o] and self.full:
                    st.rearrange_due[o] = True
        kind, uid = game.kind, game.uid
        takers = [any(kind[c] in self.takers and uid[c] not in st.nailed_by for c in game.positions[s]) for s in (0, 1)]
        if self.full:
            for s in (0, 1):
                st.reinforce_open[s] = self._open_arms(game, st, s)
        if draws and not takers[0] and not takers[1]:
            game.finish(None, "soj.draw-forces")

    def _open_arms(self, game: BoardGame, st: State, s: int) -> list[tuple[int, str]]:
        """The reinforcements ``s``'s generals may call (:89): (general, piece) for each whose arm has no piece left.

        Read from the ranks on the board, so a guessed world reads its guess (:meth:`guessed`).
        """
        kind, uid, T = game.kind, game.uid, self.T
        present = {kind[c] for c in game.positions[s]}
        out = []
        for c in game.positions[s]:
            t, gu = kind[c], uid[c]
            if t not in self.generals or gu in st.reinforce_used:
                continue
            giver = self.ids[t] if t != T["major_general"] else f"major_general {st.mg_no.get(gu)}"
            for who, pid, arm in REINFORCEMENTS:
                if who == giver and not any(T[a] in present for a in arm):
                    out.append((gu, pid))
        return out

    # -- greedy play --------------------------------------------------------------------------------
    def public_notation(self, game: BoardGame, move: Move, player: int | None) -> str | None:
        """What the enemy may read of an ability move.

        He hears where the battery fires, never from where nor the rank it
        names (:46); he sees a reinforcement appear, not which general sent
        it nor what it is (:89). A machine gun, grenades (:77–80), a
        reconnaissance (:40–41: the naming is told to the ensign's
        commander alone) and the rank chosen for a rescued general (:69) are
        the referee's business: to the enemy they are the plain move they
        look like, which names no piece.
        """
        if player is None or move.action not in _DISGUISED or player == game.to_move:  # read before it is played
            return None
        names = game.board.names
        if move.action == "fire":
            return f"fire:?>{names[move.target]}"
        if move.action == "reinforce":
            return f"reinforce:{names[move.to]}-{names[move.to]}"
        return f"{names[move.frm]}-{names[move.to]}"

    def action_rule(self, game: BoardGame, move: Move) -> str | None:
        return _ACTION_RULES[move.action]

    def action_value(self, game: BoardGame, move: Move, view, unknown: dict[str, int]) -> float | None:
        a = move.action
        if a in ("mg", "grenade", "recon"):
            return None  # valued as the attack it is
        if a == "rescue":
            return 5.0  # a piece freed (and a cabaret gone)
        p = game.owner[move.frm] if game.owner[move.frm] >= 0 else game.to_move
        total = sum(unknown.values()) or 1

        def value(pid: str) -> float:
            return 1000.0 if pid == "flag" else 1.0 + max(game.rs.piece(pid).strength, 0)

        def seen(cell: int) -> str | None:
            c = view.cells[cell]
            return c["piece"] if c else None

        if a == "fire":
            known = seen(move.target)
            if known is not None:
                return value(known) if known == move.arg and known not in ("mine", "flag") else -3.0
            prob = unknown.get(move.arg, 0) / total
            return prob * (0.0 if move.arg == "mine" else value(move.arg)) - (1 - prob) * 3.0
        if a == "fly":
            known = seen(move.target)
            dist = {known: 1} if known else unknown
            n = sum(dist.values()) or 1
            return sum(k * (value(t) if t != "mine" else 1.0 - value("aviator")) for t, k in dist.items()) / n
        if a == "gas":
            nxt = next(s for s in self.step if s[move.frm] == move.target)
            mean = sum(k * value(t) for t, k in unknown.items() if t not in ("mine", "flag")) / total
            v, x = -1.0, move.target
            while x >= 0:
                if game.owner[x] == p:
                    pid = self.ids[game.kind[x]]
                    if pid == "junior_lieutenant":
                        break
                    if pid not in ("mine", "flag"):
                        v -= value(pid)
                elif game.owner[x] == 1 - p:
                    known = seen(x)
                    if known == "junior_lieutenant":
                        break
                    v += value(known) if known and known not in ("mine", "flag") else (mean if not known else 0.0)
                x = nxt[x]
            return v
        if a == "desert":
            return 8.0
        if a == "reinforce":
            return value(move.arg)
        return 0.0


# the rule each ability move acts under, cited with the move in transcripts and replays
_ACTION_RULES = {
    "fire": "soj.battery-fire",
    "fly": "soj.aviator-flight",
    "return": "soj.aviator-return",
    "gas": "soj.gas-release",
    "mg": "soj.machine-gun",
    "grenade": "soj.grenade",
    "recon": "soj.reconnaissance",
    "rescue": "soj.cabaret-rescue",
    "cabaret": "soj.cabaret-moves",
    "desert": "soj.deserter",
    "rearrange": "soj.rearrange",
    "reinforce": "soj.reinforce",
}
# abilities whose full notation the enemy may not read (see SojamangHooks.public_notation)
_DISGUISED = frozenset({"fire", "reinforce", "mg", "grenade", "recon", "rescue"})

_BETTER = {ATTACKER_WINS: 0, BOTH_REMOVED: 1, DEFENDER_WINS: 2, NEITHER_REMOVED: 1}  # for the defender


def _compare(attacker_level: int, defender_level: int) -> str:
    if attacker_level < defender_level:
        return ATTACKER_WINS
    if attacker_level > defender_level:
        return DEFENDER_WINS
    return BOTH_REMOVED


# -- building the ruleset --------------------------------------------------------------------
