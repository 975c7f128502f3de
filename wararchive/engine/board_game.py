"""The one mechanism every Stratego-like war game in the archive runs on.

Pieces on the cells of a :class:`~wararchive.engine.board.Board`, hidden
ranks, one or more moves per turn, combat either by moving onto the enemy
(``displace``) or by coming to stand face to face (``face``), and victory by
capture, by occupation or by leaving the enemy without a move. What differs
between rulebooks is data on the :class:`Ruleset` plus a
:class:`~wararchive.engine.hooks.Hooks` object for the few rules that truly
need code.

This module holds move generation, applying a move, combat, the end of a
ply and the *mutation API* through which hooks change a game (``reveal``,
``freeze``, ``grant_plies``, ``block``, ``restrict``, ``relocate``,
``remove``, ``transform``, ``transfer``, ``add_piece``): each takes the rule
that causes the change, so every change is cited in the record. The state
those methods guard is private (``_known``, ``_frozen``, ``_bonus_plies``,
``_blocked``) and read through ``knows``, ``is_frozen``, ``is_blocked``.
Setting up (:mod:`.placing`), greedy evaluation (:mod:`.evaluation`) and
the per-viewer filters (:mod:`.observer`) are mixed in from their own
modules, which import none of this one: the board game sits above its parts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .cells import CellSet
from .combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS
from .evaluation import GreedyEvaluation
from .game import Game
from .hooks import Hooks
from .moves import Move, notation, parse
from .observer import HIDDEN_RULE, Observer
from .placing import Placing, SetupError
from .ruleset import Ruleset

_NO_HOOKS: Hooks[None] = Hooks()  # a ruleset without hooks: every default, no per-game state


def entry_tables(rs: Ruleset, blocked: Sequence[int]) -> list[bytearray]:
    """``enter[type][cell]``: may a piece of this type stand on this cell (not ``blocked``, not barred by ``params.restricted``)?

    A function of the ruleset, not of a game, so that the compiled kernel
    (:mod:`wararchive.kernel.tables`) reads the same tables.
    """
    assert rs.board is not None
    tables = []
    for pt in rs.piece_types:
        row = bytearray(0 if b else 1 for b in blocked)
        for tag, allowed in rs.params.restricted.items():
            if pt.id not in allowed:
                for c in rs.board.cells_with(tag):
                    row[c] = 0
        tables.append(row)
    return tables


class BoardGame(Placing, Observer, GreedyEvaluation, Game):
    """A game of pieces on a board, for every war game in the archive."""

    rs: Ruleset

    def __init__(self, rs: Ruleset, seed: int, setup: dict | None = None, scenario: bool = False, to_move: int = 0):
        super().__init__(rs, seed)
        self.scenario = scenario
        self.to_move = self.start_side = to_move
        board = rs.board
        assert board is not None and rs.combat_matrix is not None
        self.board = board
        n = len(board)
        self.types = rs.piece_types
        self.hooks: Hooks = rs.hooks or _NO_HOOKS
        self.kind = [-1] * n
        self.owner = [-1] * n
        self.uid = [-1] * n
        self.positions: tuple[CellSet, CellSet] = (CellSet(), CellSet())  # each side's cells, walked in ascending order
        self._known: tuple[set[int], set[int]] = (set(), set())  # enemy uids whose rank each side was shown
        self.moved: set[int] = set()
        self.turn_moved: set[int] = set()
        self.turn_plies = 0
        self.last_from: dict[int, int] = {}
        self.removed: list[tuple[int, int, int, int]] = []  # (uid, type, owner, ply)
        self.uid_owner: dict[int, int] = {}
        self.created: list[tuple[int, int, int, int]] = []  # (uid, type, owner, ply): pieces the rules bring in
        self._open_changes: list[tuple[int, int, int]] = []  # (side, type, +1 or -1): army changes both sides saw (army)
        self._frozen: set[int] = set()  # uids that may not move for now (nailed, arrested)
        self._bonus_plies = [0, 0]  # plies a side is owed beyond its turn (taken at the end of its turn)
        self._blocked = bytearray(1 if board.has(c, "water") else 0 for c in range(n))
        p = rs.params
        self.displace = p.combat_mode == "displace"
        self.strike = p.strike
        self.moves_per_turn = p.moves_per_turn
        self.no_return = p.no_return
        self.reveal_on_combat = p.reveal_on_combat
        self._rule_kept: tuple[int, ...] | None = None  # set by the hooks while they resolve a combat (keep_rule)
        self.capture_wins = {rs.type_index[t]: rule for t, rule in p.capture_wins.items()}
        rng = rs.rng(seed, "prepare")
        self.hook_state: Any = self.hooks.new_state(self, rng)
        self.hooks.prepare(self, rng)
        self.enter = self._entry_tables()
        self.enter_by = self._side_tables()
        self._setups = self._place(setup)
        self._legal: list[Move] | None = None
        self.hooks.begin(self)
        if not self.legal_moves():
            # A legal setup can seal its own army in (mines on every bridge): the side
            # to move has no move before the first ply, and loses as it would later.
            self.finish(1 - self.to_move, rs.params.no_moves_rule)

    def _copy_state(self) -> None:
        """Own copies of the cells, piece sets and hook state; terrain tables stay shared.

        ``enter_by`` rows are replaced, never mutated (see :meth:`restrict`),
        so copying the two lists suffices; the hooks' per-game state is
        copied as the hooks say (:meth:`Hooks.copy_state`).
        """
        self.kind, self.owner, self.uid = list(self.kind), list(self.owner), list(self.uid)
        self.positions = (CellSet(self.positions[0]), CellSet(self.positions[1]))
        self._known = (set(self._known[0]), set(self._known[1]))
        self.moved, self.turn_moved, self._frozen = set(self.moved), set(self.turn_moved), set(self._frozen)
        self.last_from, self.uid_owner = dict(self.last_from), dict(self.uid_owner)
        self.removed, self.created, self._open_changes = list(self.removed), list(self.created), list(self._open_changes)
        self._bonus_plies = list(self._bonus_plies)
        self._blocked = bytearray(self._blocked)
        self.enter_by = (list(self.enter_by[0]), list(self.enter_by[1]))
        if self.hook_state is not None:
            self.hook_state = self.hooks.copy_state(self.hook_state)
        self._legal = None if self._legal is None else list(self._legal)

    # -- setup -------------------------------------------------------------------
    def _entry_tables(self) -> list[bytearray]:
        """``enter[type][cell]``: may a piece of this type stand on this cell?"""
        return entry_tables(self.rs, self._blocked)

    def _side_tables(self) -> tuple[list[bytearray], list[bytearray]]:
        """``enter_by[player][type][cell]``: where a piece may move, for its present owner.

        The same as ``enter`` unless ``params.confined`` keeps a piece to
        some rows counted from its owner's back row (Sõjamäng's signal post
        moves only on its owner's last two lines). Hooks may narrow a side's
        table further through :meth:`restrict`, which replaces (never mutates) a shared row.
        """
        confined = self.rs.params.confined
        out: tuple[list[bytearray], list[bytearray]] = (list(self.enter), list(self.enter))
        for pid, rows in confined.items():
            t = self.rs.type_index[pid]
            for player in (0, 1):
                row = bytearray(self.enter[t])
                for c in range(len(row)):
                    if self.board.row_from_back(c, player) not in rows:
                        row[c] = 0
                out[player][t] = row
        return out

    def _place(self, setup: dict | None) -> dict[str, dict[str, str]]:
        """Put both armies on the board (random, or as given); returns the setups by square name."""
        placements = []
        for player, side in enumerate(self.rs.sides):
            if setup is None:
                placement = self.random_placement(player)
            else:
                if side not in setup:
                    raise SetupError(f"setup has no placement for {side!r} (sides: {', '.join(self.rs.sides)})")
                placement = self.read_placement(player, setup[side])
            placements.append(placement)
        uid = 0
        for cell in range(len(self.board)):
            for player, placement in enumerate(placements):
                if cell in placement:
                    t = self.rs.type_index[placement[cell]]
                    self.kind[cell], self.owner[cell], self.uid[cell] = t, player, uid
                    self.positions[player].add(cell)
                    self.uid_owner[uid] = player
                    uid += 1
        return {
            side: {self.board.names[c]: pid for c, pid in sorted(pl.items())}
            for side, pl in zip(self.rs.sides, placements, strict=True)
        }

    def setup_record(self) -> dict[str, Any]:
        return self._setups

    def prepared_record(self) -> dict[str, Any]:
        return self.hooks.prepared_record(self)

    # -- moves ---------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate() if self.result is None else []
        return self._legal

    def _generate(self) -> list[Move]:
        p = self.to_move
        forced = self.hooks.forced_moves(self, p)
        if forced is not None:
            return forced
        out: list[Move] = []
        owner, kind, uid, types, enter = self.owner, self.kind, self.uid, self.types, self.enter_by[p]
        steps = self.board.step
        displace, turn_moved, last_from, frozen = self.displace, self.turn_moved, self.last_from, self._frozen
        no_return = self.no_return is not None
        for c in self.positions[p] if steps else ():  # a point board's moves all come from its hooks
            pt = types[kind[c]]
            if pt.movement == "immobile":
                continue
            u = uid[c]
            if u in turn_moved or u in frozen:
                continue
            back = last_from.get(u, -1) if no_return else -1
            slide = pt.movement == "slide"
            ok = enter[kind[c]]
            for nxt in steps:
                x = nxt[c]
                while x >= 0 and ok[x]:
                    o = owner[x]
                    if o >= 0:  # a piece ends the line; only displacing games enter an enemy's square
                        if displace and o != p and x != back:
                            out.append(Move(c, x))
                        break
                    if x != back:
                        out.append(Move(c, x))
                    if not slide:
                        break
                    x = nxt[x]
        out.extend(self.hooks.extra_moves(self, p))
        return out

    def move_text(self, move: Move) -> str:
        return notation(move, self.board.names)

    def seen(self, move: Move, player: int | str) -> tuple[str, str | None]:
        pl = self.player_index(player)
        text = self.hooks.public_notation(self, move, pl)
        if text is None:
            text = self.move_text(move)
        if move.action and text.startswith(f"{move.action}:"):  # the viewer sees the ability: its rule acted
            return text, self.hooks.action_rule(self, move)
        # a plain move, or an ability disguised as one: its rule is the piece's, if the viewer knows the piece
        u = self.uid[move.frm]
        if u < 0 or not self.sees(pl, u):
            return text, None
        return text, self.types[self.kind[move.frm]].move_rule or None

    def parse_move(self, text: str) -> Move:
        return parse(text, self.board._index, self.ply + 1)

    def explain_illegal(self, move: Move) -> str:
        names, c = self.board.names, move.frm
        if not 0 <= c < len(names) or self.owner[c] != self.to_move:
            return f"{self.side} has no piece on {names[c] if 0 <= c < len(names) else c}"
        pt = self.types[self.kind[c]]
        if pt.movement == "immobile":
            return f"the {pt.name_en} on {names[c]} is immobile"
        if self.uid[c] in self.turn_moved:
            return f"the piece on {names[c]} has already moved this turn"
        if self.uid[c] in self._frozen:
            return f"the piece on {names[c]} may not move for now (a rule holds it)"
        forced = self.hooks.forced_moves(self, self.to_move)
        if forced is not None:
            return f"{self.side} must play {', '.join(self.move_text(m) for m in forced)}"
        if self.no_return is not None and self.last_from.get(self.uid[c]) == move.to:
            return f"the piece on {names[c]} may not go straight back to {names[move.to]}"
        return f"the {pt.name_en} on {names[c]} cannot reach {names[move.to] if move.to >= 0 else '?'}"

    # -- applying a move -------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        p = self.to_move
        c, x = move.frm, move.to
        u = self.uid[c]
        if x != c:  # a piece acting where it stands (a battery firing) has not been seen to move
            self.moved.add(u)
        self.turn_moved.add(u)
        if self.no_return == "player-move":
            self.last_from = {k: v for k, v in self.last_from.items() if self.uid_owner[k] != p}
        self.last_from[u] = c
        if move.action:
            self.hooks.perform(self, move, p)
        elif (target := self.engaged_cell(move)) == x:
            self.collide(c, x, p, displace=True)
        else:
            self._relocate(c, x)
            if target >= 0:  # face to face: the enemy the piece now faces (engaged_cell reads it before the move)
                self.collide(x, target, p, displace=False)
        if self.result is None:
            self.hooks.after_move(self, move, p)
        if self.result is None:
            self._check_occupation(move, p)
        self._end_ply(p)

    # -- the mutation API: every change a rule makes, with the rule that makes it ----------------
    # Hooks change a game only through these methods (tests/engine/test_hook_api.py scans the rulesets
    # for direct writes). Changes no other event shows (what a side learns, pieces held, owed
    # plies, blocked squares, narrowed moves) record an event of their own, citing the rule;
    # changes of the pieces on the board (relocate, remove, transform, transfer, add_piece) are
    # part of an event the caller records for the same rule in the same ply (a shot, a rescue,
    # a promotion) or of the ability move itself, so they take the rule without recording twice.
    # The engine's own reveal after combat (params.reveal_on_combat) is recorded the same way, by
    # the combat event: public, it names both pieces, which both sides then know.
    def keep_rule(self, sides: Iterable[int]) -> None:
        """While resolving a combat: the rule the hooks decide it by is read only by ``sides`` (and the referee).

        A hook that decides a combat by what a side was not shown (a
        defender's machine gun still unfired, a signal post lost out of
        sight) would tell it through the rule's name, once both pieces are
        named. Every other side reads what the combat table and the outcome
        alone tell: the table's rule where the outcome is the table's, else
        that the rule is hidden (``rule_else`` in the event).
        """
        self._rule_kept = tuple(sides)

    def reveal(self, player: int, uids: Iterable[int], rule: str) -> dict[str, Any] | None:
        """``player`` is shown the ranks of ``uids``; returns the ``revealed`` event, or None if nothing is new.

        Only ``player`` (and the referee) reads the event (``to``), and it
        names each rank as the learner now knows it, with its square (None
        once off the board). His own pieces and those he already knows are
        left out, so an event means news.
        """
        known, owner_of, sides = self._known[player], self.uid_owner, self.rs.sides
        new = [u for u in dict.fromkeys(uids) if u not in known and owner_of.get(u, player) != player]
        if not new:
            return None
        known.update(new)
        found = [self._rank_and_square(u) for u in new]
        pieces = [[u, pid, sides[owner_of[u]]] for u, (pid, _) in zip(new, found, strict=True)]
        return self.event("revealed", rule, to=[sides[player]], pieces=pieces, cells=[sq for _, sq in found])

    def freeze(self, uids: Iterable[int], rule: str) -> None:
        """The pieces ``uids`` may not move until unfrozen (nailed, arrested); records a ``frozen`` event."""
        new = [u for u in dict.fromkeys(uids) if u not in self._frozen]
        if new:
            self._frozen.update(new)
            self._legal = None
            self.event("frozen", rule, cells=[self._rank_and_square(u)[1] for u in new])

    def unfreeze(self, uids: Iterable[int], rule: str) -> None:
        """The pieces ``uids`` may move again; records an ``unfrozen`` event (a piece removed is let go by :meth:`remove`)."""
        gone = [u for u in dict.fromkeys(uids) if u in self._frozen]
        if gone:
            self._frozen.difference_update(gone)
            self._legal = None
            self.event("unfrozen", rule, cells=[self._rank_and_square(u)[1] for u in gone])

    def grant_plies(self, player: int, n: int, rule: str) -> None:
        """``player`` is owed ``n`` plies beyond his turn (taken when it ends); records an ``extra-moves`` event."""
        self._bonus_plies[player] += n
        self.event("extra-moves", rule, side=self.rs.sides[player], moves=n)

    def block(self, cells: Iterable[int], rule: str) -> None:
        """No piece may enter ``cells`` (Spionaaž's volcanoes); records a public ``blocked`` event.

        Only before the armies are placed (from :meth:`Hooks.prepare`): the
        entry tables are built from the blocked squares once.
        """
        assert not hasattr(self, "enter"), "squares are blocked before the entry tables are built"
        new = [c for c in dict.fromkeys(cells) if not self._blocked[c]]
        for c in new:
            self._blocked[c] = 1
        if new:
            self.event("blocked", rule, cells=[self.board.names[c] for c in new])

    def restrict(self, player: int, piece_id: str, cells: Iterable[int], rule: str) -> None:
        """``player``'s pieces of type ``piece_id`` may no longer enter ``cells``; records an event only he reads.

        The row is replaced, never mutated: rows are shared between the
        entry tables and with every clone.
        """
        t = self.rs.type_index[piece_id]
        row = bytearray(self.enter_by[player][t])
        new = [c for c in dict.fromkeys(cells) if row[c]]
        if not new:
            return
        for c in new:
            row[c] = 0
        self.enter_by[player][t] = row
        self._legal = None
        names = self.board.names
        self.event("restricted", rule, to=[self.rs.sides[player]], piece=piece_id, cells=[names[c] for c in new])

    def relocate(self, c: int, x: int, rule: str) -> None:
        """Under ``rule``, move the piece on ``c`` to the empty cell ``x``."""
        self._check_rule(rule)
        self._relocate(c, x)

    def remove(self, cell: int, rule: str) -> int:
        """Under ``rule``, take the piece on ``cell`` off the board; returns its uid."""
        self._check_rule(rule)
        return self._remove(cell)

    def transform(self, cell: int, piece_id: str, rule: str, public: bool = False) -> None:
        """Under ``rule``, the piece on ``cell`` becomes a ``piece_id`` (a promotion or demotion), keeping its uid.

        Unless the change is ``public``, an enemy who knew the old rank is
        not told the new one: the piece goes back to unknown for him. A
        public change is news to him even if he knew the old rank.
        """
        self._check_rule(rule)
        owner, u, was = self.owner[cell], self.uid[cell], self.kind[cell]
        self.kind[cell] = self.rs.type_index[piece_id]
        enemy = 1 - owner
        if public and u in self._known[enemy]:  # he saw a known rank become another: his count of the army follows
            self._open_changes += [(owner, was, -1), (owner, self.kind[cell], +1)]
        self._known[enemy].discard(u)
        if public:
            self.reveal(enemy, (u,), rule)

    def transfer(self, cell: int, to: int, player: int, rule: str) -> None:
        """Under ``rule``, the piece on ``cell`` changes sides to ``player`` and stands on the empty cell ``to``.

        Both sides know what it is: its former owner had it (he is shown it
        as an enemy piece now), its new owner holds it.
        """
        self._check_rule(rule)
        u, old = self.uid[cell], self.owner[cell]
        self._open_changes += [(old, self.kind[cell], -1), (player, self.kind[cell], +1)]
        self._relocate(cell, to)
        self.positions[old].discard(to)
        self.positions[player].add(to)
        self.owner[to] = player
        self.uid_owner[u] = player
        self.reveal(old, (u,), rule)
        self._known[player].add(u)  # should it change sides again, its old owner still knows it

    def add_piece(self, cell: int, player: int, piece_id: str, rule: str) -> int:
        """Under ``rule``, bring a new ``piece_id`` of ``player`` onto the empty ``cell`` (a replacement); returns its uid.

        The enemy sees a piece appear, not its rank: his count of the army
        (:meth:`army`) grows by one of each rank the rules may bring in
        (:attr:`Hooks.brought_in <wararchive.engine.hooks.Hooks.brought_in>`).
        """
        self._check_rule(rule)
        u = max(self.uid_owner) + 1
        t = self.rs.type_index[piece_id]
        self.kind[cell], self.owner[cell], self.uid[cell] = t, player, u
        self.positions[player].add(cell)
        self.uid_owner[u] = player
        self.created.append((u, t, player, self.ply))
        return u

    # -- reading what the hooks may not write ------------------------------------------------------
    def army(self, side: int) -> dict[str, int]:
        """``side``'s army list as both players can count it: piece type id → the most of it he can have had.

        The setup's counts, changed by what the rules did in the open: a
        piece handed over (:meth:`transfer`), a known rank openly changed
        (:meth:`transform`); and for each piece brought in (:meth:`add_piece`),
        whose rank the enemy is not shown, one more of every rank the rules
        may bring in (``hooks.brought_in``): the count is then a bound, not
        an equality, but never short. A change the enemy did not see (a
        promotion out of his sight) leaves it as it was: it moves a rank,
        never the number of pieces. So the ranks the enemy cannot account
        for are never fewer than his hidden pieces
        (:func:`wararchive.players.belief.hidden_pool`).
        """
        counts = {pt.id: pt.count for pt in self.types}
        for s, t, change in self._open_changes:
            if s == side:
                counts[self.types[t].id] += change
        for _, _, owner, _ in self.created:  # the owner only: the rank was not shown
            if owner == side:
                for piece_id in self.hooks.brought_in:
                    counts[piece_id] += 1
        return counts

    def redrawn(self, player: int, uids: Iterable[int]) -> None:
        """A search has just rewritten the ranks of these enemy pieces in this copy (a determinisation for ``player``).

        The hooks' per-piece state follows the new ranks (:meth:`Hooks.guessed`)
        and the legal moves are worked out again. Every search that guesses
        hidden ranks calls this, so that no state tied to the true ranks
        survives into its guessed world.
        """
        self.hooks.guessed(self, player, frozenset(uids))
        self._legal = None

    def knows(self, player: int, uid: int) -> bool:
        """Has ``player`` been shown the rank of the enemy piece ``uid``?"""
        return uid in self._known[player]

    def known_to(self, player: int) -> frozenset[int]:
        """The enemy pieces whose ranks ``player`` has been shown."""
        return frozenset(self._known[player])

    def is_frozen(self, uid: int) -> bool:
        """May piece ``uid`` not move for now (see :meth:`freeze`)?"""
        return uid in self._frozen

    def is_blocked(self, cell: int) -> bool:
        """Is ``cell`` closed to every piece (water, a volcano)?"""
        return bool(self._blocked[cell])

    def cell_of(self, uid: int) -> int:
        """The cell piece ``uid`` stands on, or -1 if it is off the board."""
        o = self.uid_owner.get(uid, -1)
        if o >= 0:
            ids = self.uid
            for c in self.positions[o]:
                if ids[c] == uid:
                    return c
        return -1

    # -- the mechanics under the API -----------------------------------------------------------
    def _check_rule(self, rule: str) -> None:
        """Refuse a rule the ruleset does not have (where the ruleset's mistake is); the moves change with the board."""
        self.rs.rule(rule)
        self._legal = None

    def _rank_and_square(self, uid: int) -> tuple[str, str | None]:
        """Piece ``uid``'s rank and square (None once removed), for the events that name it."""
        c = self.cell_of(uid)
        if c >= 0:
            return self.types[self.kind[c]].id, self.board.names[c]
        t = next(t for u, t, _, _ in reversed(self.removed) if u == uid)
        return self.types[t].id, None

    def _relocate(self, c: int, x: int) -> None:
        p = self.owner[c]
        self.kind[x], self.owner[x], self.uid[x] = self.kind[c], p, self.uid[c]
        self.kind[c] = self.owner[c] = self.uid[c] = -1
        self.positions[p].discard(c)
        self.positions[p].add(x)

    def _remove(self, cell: int) -> int:
        u, t, p = self.uid[cell], self.kind[cell], self.owner[cell]
        self.removed.append((u, t, p, self.ply))
        self.kind[cell] = self.owner[cell] = self.uid[cell] = -1
        self.positions[p].discard(cell)
        self._frozen.discard(u)  # a piece off the board is held by nothing
        return u

    def collide(self, att: int, dfn: int, p: int, displace: bool) -> str:
        """Resolve a collision between the pieces on ``att`` and ``dfn``.

        ``displace``: the attacker moved onto the defender's square and takes
        it if it wins; otherwise both stay where they stand (face to face).
        """
        a_t, d_t = self.kind[att], self.kind[dfn]
        decider, via = self.hooks.decider(self, dfn)
        if decider < 0:
            outcome, rule = ATTACKER_WINS, via
        else:
            outcome, rule = self.rs.combat_matrix[a_t][self.kind[decider]]
        table, self._rule_kept = (outcome, rule), None
        outcome, rule = self.hooks.resolve(self, att, dfn, outcome, rule)
        a_u, d_u = self.uid[att], self.uid[dfn]
        pieces = [[a_u, self.types[a_t].id, self.rs.sides[p]], [d_u, self.types[d_t].id, self.rs.sides[1 - p]]]
        shown = [a_u, d_u]
        if decider >= 0 and decider != dfn:
            pieces.append([self.uid[decider], self.types[self.kind[decider]].id, self.rs.sides[1 - p]])
            shown.append(self.uid[decider])
        removed = []
        if outcome in (DEFENDER_WINS, BOTH_REMOVED):
            removed.append(self._remove(att))
        if outcome in (ATTACKER_WINS, BOTH_REMOVED):
            removed.append(self._remove(dfn))
        if displace and outcome == ATTACKER_WINS:
            self._relocate(att, dfn)
        extra: dict[str, Any] = {"via": via} if via else {}
        if self._rule_kept is not None:
            extra["rule_to"] = [self.rs.sides[k] for k in self._rule_kept]
            extra["rule_else"] = table[1] if outcome == table[0] else HIDDEN_RULE
        ev = self.event(
            "combat",
            rule,
            cells=[self.board.names[att], self.board.names[dfn]],
            pieces=pieces,
            outcome=outcome,
            removed=removed,
            **extra,
        )
        if self.reveal_on_combat:  # the combat event is the record: public, it names the pieces both now know
            for k in (0, 1):
                self._known[k].update(shown)
        for u, t, _, ply in self.removed[-len(removed) :] if removed else ():
            if ply == self.ply and t in self.capture_wins:
                self.finish(1 - self.uid_owner[u], self.capture_wins[t])
                break
        if self.result is None:
            self.hooks.after_combat(self, att, dfn, p, ev)
        return outcome

    def _check_occupation(self, move: Move, p: int) -> None:
        rule = self.rs.params.occupy_wins
        if rule and self.board.has(move.to, f"hq{1 - p}") and self.owner[move.to] == p:
            self.finish(p, rule)

    def _end_ply(self, p: int) -> None:
        self._legal = None
        if self.result is not None:
            return
        self.turn_plies += 1
        if self.turn_plies >= self.moves_per_turn and self._bonus_plies[p] > 0:
            self._bonus_plies[p] -= 1  # an owed ply: the same side begins another turn
            self.turn_plies, self.turn_moved = 0, set()
            self.hooks.turn_start(self, p)
        if self.turn_plies >= self.moves_per_turn or not self.legal_moves():
            self.to_move, self.turn_plies = 1 - p, 0
            self.turn_moved = set()
            self._legal = None
            self.hooks.turn_start(self, self.to_move)
            if not self.legal_moves():
                self.finish(p, self.rs.params.no_moves_rule)
                return
        limit = self.rs.options.get("ply_limit")
        if limit and self.ply >= limit:
            self.finish(None, "project.ply-limit", adjudicated=True)
            self._legal = []
