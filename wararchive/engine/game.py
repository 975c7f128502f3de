"""The state of one game and the shared mechanism every war game runs on.

:class:`Game` is the interface all rulesets share (chess included); the
:class:`BoardGame` below implements it once for every Stratego-like game in
the archive: pieces on the cells of a :class:`~wararchive.engine.board.Board`,
hidden ranks, one or more moves per turn, combat either by moving onto the
enemy (``displace``) or by coming to stand face to face (``face``), and
victory by capture, by occupation or by leaving the enemy without a move.
What differs between rulebooks is data on the :class:`Ruleset` plus a
:class:`Hooks` object for the few rules that truly need code.

Hidden information is kept in one place: ``known[player]`` holds the ids of
enemy pieces whose rank that player has been shown. Views and event lists
are filtered through it, so no caller can leak a rank by accident.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import WararchiveError
from . import placing
from .board import FORWARD
from .combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS
from .moves import IllegalMoveError, Move, notation, parse
from .placing import SetupError
from .view import View

if TYPE_CHECKING:
    from .ruleset import Ruleset

RECORD_FORMAT = "wararchive-record/1"
REFEREE = "referee"


class Game:
    """What every game offers: moves, play, views, records.

    Subclasses implement :meth:`legal_moves`, :meth:`_apply`, :meth:`view`
    and the notation of moves; bookkeeping (ply count, records, refusing
    illegal moves with their ply and reason) lives here once.
    """

    rs: Ruleset
    seed: int

    def __init__(self, rs: Ruleset, seed: int):
        self.rs = rs
        self.seed = seed
        self.ply = 0
        self.to_move = 0
        self.result: dict[str, Any] | None = None
        self.history: list[str] = []
        self.events: list[dict[str, Any]] = []
        self.scenario = False  # a position set up by hand rather than two full armies
        self.start_side = 0

    # -- the interface ---------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        raise NotImplementedError

    def move_text(self, move: Any) -> str:
        raise NotImplementedError

    def seen(self, move: Any, player: int | str) -> tuple[str, str | None]:
        """The move as ``player`` (a side, or the referee) may read it before it is played, and the rule it acts under.

        This and :meth:`visible_events` are the one filter every transcript
        passes through (the CLI's ``play`` and ``replay``, the site's
        replays): nothing a viewer reads of a move names a rank the rules
        have not shown him. The rule is None when naming it would tell the
        mover's rank (a plain move of an unknown piece).
        """
        cell = self.view(player).cells[self.origin(move)]
        piece = cell and cell["piece"]
        return self.move_text(move), (self.rs.piece(piece).move_rule or None) if piece else None

    def public_text(self, move: Any, player: int | str) -> str:
        """The move as ``player`` may see it written (see :meth:`seen`)."""
        return self.seen(move, player)[0]

    def visible_events(self, player: int | str) -> list[dict[str, Any]]:
        """The events ``player`` may read, redacted where they would name a rank he has not been shown."""
        return [dict(e) for e in self.events]

    def parse_move(self, text: str) -> Any:
        raise NotImplementedError

    def view(self, player: int | str) -> View:
        raise NotImplementedError

    def setup_record(self) -> dict[str, Any]:
        return {}

    def prepared_record(self) -> dict[str, Any]:
        return {}

    def _apply(self, move: Any) -> None:
        raise NotImplementedError

    def explain_illegal(self, move: Any) -> str:
        return "not among the legal moves of this position"

    def origin(self, move: Any) -> int:
        """The cell the move starts from (its mover's square)."""
        return move.frm

    def move_values(self, moves: list[Any], view: View) -> list[float]:
        """How good each move looks to the player whose ``view`` this is (greedy play)."""
        raise NotImplementedError

    # -- shared bookkeeping ----------------------------------------------------
    @property
    def side(self) -> str:
        """The name of the side to move."""
        return self.rs.sides[self.to_move]

    def play(self, move: Any) -> None:
        """Play ``move`` (a move object or its notation) or refuse it with the ply and reason."""
        ply = self.ply + 1
        if isinstance(move, str):
            move = self.parse_move(move)
        text = self.move_text(move)
        if self.result is not None:
            raise IllegalMoveError(ply, text, "the game is over")
        if move not in self.legal_moves():
            raise IllegalMoveError(ply, text, self.explain_illegal(move))
        self.ply = ply
        self.history.append(text)
        self._apply(move)

    def event(self, kind: str, rule: str, **data: Any) -> dict[str, Any]:
        """Record that ``rule`` fired; the citation travels with the event."""
        ev = {"ply": self.ply, "type": kind, "rule": rule, "cites": list(self.rs.rule(rule).cites), **data}
        self.events.append(ev)
        return ev

    def finish(self, winner: int | None, rule: str, adjudicated: bool = False) -> None:
        r = self.rs.rule(rule)
        self.result = {
            "winner": None if winner is None else self.rs.sides[winner],
            "reason": rule,
            "summary": r.summary,
            "cites": list(r.cites),
            "certainty": r.certainty,
            "adjudicated": adjudicated,
            "ply": self.ply,
        }
        self.event("end", rule, winner=self.result["winner"])

    def player_index(self, player: int | str) -> int | None:
        """None for the referee, else 0 or 1."""
        return None if player == REFEREE else self.rs.side_index(player)

    def record(self) -> dict[str, Any]:
        """The whole game as JSON-ready data, enough to replay it exactly."""
        extra = {"scenario": {"to_move": self.rs.sides[self.start_side]}} if self.scenario else {}
        return {
            **extra,
            "format": RECORD_FORMAT,
            "ruleset": self.rs.id,
            "options": dict(self.rs.options),
            "seed": self.seed,
            "sides": list(self.rs.sides),
            "setups": self.setup_record(),
            "prepared": self.prepared_record(),
            "moves": list(self.history),
            "events": [dict(e) for e in self.events],
            "result": self.result,
        }


class Hooks:
    """Ruleset-specific behaviour that is not expressible as data.

    Every method has a neutral default, so a ruleset overrides only what its
    text demands, and the shared mechanism never tests for a ruleset id.
    """

    def prepare(self, game: BoardGame, rng: random.Random) -> None:
        """Per-game random terrain (Spionaaž's volcanoes)."""

    def setup_errors(self, game: BoardGame, player: int, placement: dict[int, str]) -> list[str]:
        """Setup rules beyond "these rows only" (mines in front of the passages…)."""
        return []

    def extra_moves(self, game: BoardGame, player: int) -> Iterable[Move]:
        """Ability moves (fire, fly, release gas) available to ``player``."""
        return ()

    def perform(self, game: BoardGame, move: Move, player: int) -> None:
        """Carry out an ability move."""
        raise WararchiveError(f"{game.rs.id} has no ability {move.action!r}")

    def decider(self, game: BoardGame, defender_cell: int) -> tuple[int, str | None]:
        """The cell of the piece whose rank defends ``defender_cell``, and the rule that says so.

        -1 means the defender is defenceless. The default is the defender
        itself; the Japanese War Game's flag is defended by the tile behind it.
        """
        return defender_cell, None

    def after_move(self, game: BoardGame, move: Move, player: int) -> None:
        """Effects that follow any move (a spy unmasking its neighbours)."""

    def begin(self, game: BoardGame) -> None:
        """Per-game state that depends on the setup, once both armies stand (a flag made public)."""

    def turn_start(self, game: BoardGame, player: int) -> None:
        """A new turn of ``player`` begins (promotions that take effect "at the next move")."""

    def forced_moves(self, game: BoardGame, player: int) -> list[Move] | None:
        """The only moves ``player`` may make now (an aviator bound to return), or None: no constraint."""
        return None

    def resolve(self, game: BoardGame, att: int, dfn: int, outcome: str, rule: str) -> tuple[str, str]:
        """Adjust the combat table's verdict by the game's state (demoted ranks, a machine gun, mine charges)."""
        return outcome, rule

    def after_combat(self, game: BoardGame, att: int, dfn: int, player: int, event: dict[str, Any]) -> None:
        """Effects of a collision beyond removing the loser (a captured signal post, a nailed piece).

        ``att``/``dfn`` are the cells the two stood on, ``event`` the combat
        event (its ``pieces`` hold the uids, ``outcome`` and ``rule`` the verdict).
        """

    def public_notation(self, game: BoardGame, move: Move, player: int | None) -> str | None:
        """How ``player`` (None: the referee) sees a move written, if a rule hides part of it; None: in full.

        An ability the viewer may not learn is written as the plain move it
        looks like (``a2-a3``); one he sees keeps its ``action:`` prefix.
        """
        return None

    def action_rule(self, game: BoardGame, move: Move) -> str | None:
        """The rule an ability move acts under (shown with the move, so a replay cites it), or None."""
        return None

    def action_value(self, game: BoardGame, move: Move, view: View, unknown: dict[str, int]) -> float | None:
        """How good an ability move looks to greedy play (``unknown``: enemy pieces not yet seen), or None."""
        return None


class BoardGame(Game):
    """A game of pieces on a board, for every war game in the archive."""

    def __init__(self, rs: Ruleset, seed: int, setup: dict | None = None, scenario: bool = False, to_move: int = 0):
        super().__init__(rs, seed)
        self.scenario = scenario
        self.to_move = self.start_side = to_move
        board = rs.board
        assert board is not None and rs.combat_matrix is not None
        self.board = board
        n = len(board)
        self.types = rs.piece_types
        self.hooks: Hooks = rs.hooks or Hooks()
        self.kind = [-1] * n
        self.owner = [-1] * n
        self.uid = [-1] * n
        self.positions: tuple[set[int], set[int]] = (set(), set())
        self.known: tuple[set[int], set[int]] = (set(), set())
        self.moved: set[int] = set()
        self.turn_moved: set[int] = set()
        self.turn_plies = 0
        self.last_from: dict[int, int] = {}
        self.removed: list[tuple[int, int, int, int]] = []  # (uid, type, owner, ply)
        self.uid_owner: dict[int, int] = {}
        self.created: list[tuple[int, int, int, int]] = []  # (uid, type, owner, ply): pieces the rules bring in
        self.frozen: set[int] = set()  # uids that may not move for now (nailed, arrested)
        self.bonus_plies = [0, 0]  # plies a side is owed beyond its turn (taken at the end of its turn)
        self.blocked = bytearray(1 if board.has(c, "water") else 0 for c in range(n))
        self.extra: dict[str, Any] = {}
        p = rs.params
        self.displace = p.combat_mode == "displace"
        self.strike = p.strike
        self.moves_per_turn = p.moves_per_turn
        self.no_return = p.no_return
        self.reveal_on_combat = p.reveal_on_combat
        self.capture_wins = {rs.type_index[t]: rule for t, rule in p.capture_wins.items()}
        self.hooks.prepare(self, rs.rng(seed, "prepare"))
        self.enter = self._entry_tables()
        self.enter_by = self._side_tables()
        self._setups = self._place(setup)
        self._legal: list[Move] | None = None
        self.extra.setdefault("prepared", {})
        self.hooks.begin(self)
        if not self.legal_moves():
            # A legal setup can seal its own army in (mines on every bridge): the side
            # to move has no move before the first ply, and loses as it would later.
            self.finish(1 - self.to_move, rs.params.no_moves_rule)

    # -- setup -------------------------------------------------------------------
    def _entry_tables(self) -> list[bytearray]:
        """``enter[type][cell]``: may a piece of this type stand on this cell?"""
        restricted = self.rs.params.restricted
        tables = []
        for pt in self.types:
            row = bytearray(0 if b else 1 for b in self.blocked)
            for tag, allowed in restricted.items():
                if pt.id not in allowed:
                    for c in self.board.cells_with(tag):
                        row[c] = 0
            tables.append(row)
        return tables

    def _side_tables(self) -> tuple[list[bytearray], list[bytearray]]:
        """``enter_by[player][type][cell]``: where a piece may move, for its present owner.

        The same as ``enter`` unless ``params.confined`` keeps a piece to
        some rows counted from its owner's back row (Sõjamäng's signal post
        moves only on its owner's last two lines). Hooks may narrow a side's
        table further, replacing (never mutating) a shared row.
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
                placement = placing.random_placement(self, player)
            else:
                if side not in setup:
                    raise SetupError(f"setup has no placement for {side!r} (sides: {', '.join(self.rs.sides)})")
                placement = placing.read_placement(self, player, setup[side])
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
        return self.extra["prepared"]

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
        displace, turn_moved, last_from, frozen = self.displace, self.turn_moved, self.last_from, self.frozen
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
        if self.uid[c] in self.frozen:
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
        elif self.owner[x] == 1 - p:
            self.collide(c, x, p, displace=True)
        else:
            self.relocate(c, x)
            # face to face needs compass steps: on a point board (no ``step``) combat is the hooks' business
            if not self.displace and self.board.step and (self.strike == "any" or move_is_forward(self.board, c, x, p)):
                front = self.board.step[FORWARD[p]][x]
                if front >= 0 and self.owner[front] == 1 - p:
                    self.collide(x, front, p, displace=False)
        if self.result is None:
            self.hooks.after_move(self, move, p)
        if self.result is None:
            self._check_occupation(move, p)
        self._end_ply(p)

    def relocate(self, c: int, x: int) -> None:
        """Move the piece on ``c`` to the empty cell ``x``."""
        p = self.owner[c]
        self.kind[x], self.owner[x], self.uid[x] = self.kind[c], p, self.uid[c]
        self.kind[c] = self.owner[c] = self.uid[c] = -1
        self.positions[p].discard(c)
        self.positions[p].add(x)

    def remove(self, cell: int) -> int:
        """Take the piece on ``cell`` off the board; returns its uid."""
        u, t, p = self.uid[cell], self.kind[cell], self.owner[cell]
        self.removed.append((u, t, p, self.ply))
        self.kind[cell] = self.owner[cell] = self.uid[cell] = -1
        self.positions[p].discard(cell)
        return u

    def transform(self, cell: int, piece_id: str, public: bool = False) -> None:
        """The piece on ``cell`` becomes a ``piece_id`` (a promotion or demotion), keeping its uid.

        Unless the change is ``public``, an enemy who knew the old rank is
        not told the new one: the piece goes back to unknown for him.
        """
        self.kind[cell] = self.rs.type_index[piece_id]
        enemy = 1 - self.owner[cell]
        if public:
            self.known[enemy].add(self.uid[cell])
        else:
            self.known[enemy].discard(self.uid[cell])

    def transfer(self, cell: int, to: int, player: int) -> None:
        """The piece on ``cell`` changes sides to ``player`` and stands on the empty cell ``to``.

        Both sides know what it is: its former owner had it, its new owner holds it.
        """
        u, old = self.uid[cell], self.owner[cell]
        self.relocate(cell, to)
        self.positions[old].discard(to)
        self.positions[player].add(to)
        self.owner[to] = player
        self.uid_owner[u] = player
        self.known[old].add(u)
        self.known[player].add(u)

    def add_piece(self, cell: int, player: int, piece_id: str) -> int:
        """Bring a new ``piece_id`` of ``player`` onto the empty ``cell`` (a replacement); returns its uid."""
        u = max(self.uid_owner) + 1
        t = self.rs.type_index[piece_id]
        self.kind[cell], self.owner[cell], self.uid[cell] = t, player, u
        self.positions[player].add(cell)
        self.uid_owner[u] = player
        self.created.append((u, t, player, self.ply))
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
        outcome, rule = self.hooks.resolve(self, att, dfn, outcome, rule)
        a_u, d_u = self.uid[att], self.uid[dfn]
        pieces = [[a_u, self.types[a_t].id, self.rs.sides[p]], [d_u, self.types[d_t].id, self.rs.sides[1 - p]]]
        shown = [a_u, d_u]
        if decider >= 0 and decider != dfn:
            pieces.append([self.uid[decider], self.types[self.kind[decider]].id, self.rs.sides[1 - p]])
            shown.append(self.uid[decider])
        removed = []
        if outcome in (DEFENDER_WINS, BOTH_REMOVED):
            removed.append(self.remove(att))
        if outcome in (ATTACKER_WINS, BOTH_REMOVED):
            removed.append(self.remove(dfn))
        if displace and outcome == ATTACKER_WINS:
            self.relocate(att, dfn)
        extra = {"via": via} if via else {}
        ev = self.event(
            "combat",
            rule,
            cells=[self.board.names[att], self.board.names[dfn]],
            pieces=pieces,
            outcome=outcome,
            removed=removed,
            **extra,
        )
        if self.reveal_on_combat:
            for k in (0, 1):
                self.known[k].update(shown)
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
        if self.turn_plies >= self.moves_per_turn and self.bonus_plies[p] > 0:
            self.bonus_plies[p] -= 1  # an owed ply: the same side begins another turn
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

    # -- greedy evaluation -------------------------------------------------------------
    def engaged_cell(self, move: Move) -> int:
        """The enemy cell this move would fight (positions are public), or -1."""
        if move.action:
            return move.target if move.target >= 0 and self.owner[move.target] >= 0 else -1
        p = self.owner[move.frm]
        if self.owner[move.to] == 1 - p:
            return move.to
        if (
            self.displace
            or not self.board.step
            or not (self.strike == "any" or move_is_forward(self.board, move.frm, move.to, p))
        ):
            return -1
        front = self.board.step[FORWARD[p]][move.to]
        return front if front >= 0 and self.owner[front] == 1 - p else -1

    def move_values(self, moves: list[Move], view: View) -> list[float]:
        """Expected material gain of each move, judged from ``view`` alone.

        An unknown enemy piece is weighed by the enemy pieces the view cannot
        yet account for (a piece seen to move is no mine or flag). Winning
        captures and occupations dominate; otherwise a small bonus for
        advancing keeps greedy play moving towards the enemy.
        """
        p = self.rs.side_index(view.player)
        unknown = self._unaccounted(view, 1 - p)
        mobile_unknown = {t: n for t, n in unknown.items() if self.rs.piece(t).mobile}
        out = []
        for m in moves:
            if m.action and (v := self.hooks.action_value(self, m, view, unknown)) is not None:
                out.append(v)
                continue
            target = self.engaged_cell(m)
            advance = 0.01 * (1 if move_is_forward(self.board, m.frm, m.to, p) else 0)
            if target < 0:
                occupy = self.rs.params.occupy_wins and self.board.has(m.to, f"hq{1 - p}")
                out.append(1000.0 if occupy else advance)
                continue
            seen = view.cells[target]
            dist = {seen["piece"]: 1} if seen and seen["piece"] else mobile_unknown if seen and seen["moved"] else unknown
            out.append(self._expected(self.types[self.kind[m.frm]].id, dist) + advance)
        return out

    def _unaccounted(self, view: View, enemy: int) -> dict[str, int]:
        side = self.rs.sides[enemy]
        left = {pt.id: pt.count for pt in self.types}
        for c in view.cells:
            if c and c["side"] == side and c["piece"]:
                left[c["piece"]] -= 1
        for r in view.removed:
            if r["side"] == side and r["piece"]:
                left[r["piece"]] -= 1
        return {t: n for t, n in left.items() if n > 0}

    def _value(self, piece_id: str) -> float:
        if self.rs.type_index[piece_id] in self.capture_wins:
            return 1000.0
        return 1.0 + max(self.rs.piece(piece_id).strength, 0)

    def _expected(self, attacker: str, dist: dict[str, int]) -> float:
        total = sum(dist.values()) or 1
        value = 0.0
        for defender, n in dist.items():
            outcome = self.rs.combat(attacker, defender).outcome
            gain = self._value(defender) if outcome in (ATTACKER_WINS, BOTH_REMOVED) else 0.0
            loss = self._value(attacker) if outcome in (DEFENDER_WINS, BOTH_REMOVED) else 0.0
            value += n * (gain - loss)
        return value / total

    # -- information ---------------------------------------------------------------
    def sees(self, player: int | None, uid: int) -> bool:
        """May ``player`` (None: the referee) know the rank of piece ``uid``?"""
        return player is None or self.uid_owner.get(uid) == player or uid in self.known[player]

    def view(self, player: int | str) -> View:
        pl = self.player_index(player)
        cells = []
        for c in range(len(self.board)):
            o = self.owner[c]
            if o < 0:
                cells.append(None)
                continue
            u = self.uid[c]
            cells.append(
                {
                    "side": self.rs.sides[o],
                    "uid": u,
                    "piece": self.types[self.kind[c]].id if self.sees(pl, u) else None,
                    "moved": u in self.moved,
                }
            )
        return View(
            ruleset=self.rs.id,
            player=REFEREE if pl is None else self.rs.sides[pl],
            ply=self.ply,
            to_move=self.side,
            result=self.result,
            board=self.board,
            sides=list(self.rs.sides),
            cells=cells,
            blocked=[self.board.names[c] for c in range(len(self.board)) if self.blocked[c]],
            events=self.visible_events(player),
            removed=[
                {"uid": u, "side": self.rs.sides[o], "piece": self.types[t].id if self.sees(pl, u) else None, "ply": ply}
                for u, t, o, ply in self.removed
            ],
            symbols={pt.id: pt.symbol for pt in self.types},
        )

    def visible_events(self, player: int | str) -> list[dict[str, Any]]:
        pl = self.player_index(player)
        # an event with "to" (side names) is private to those sides and the referee
        return [self._redact(e, pl) for e in self.events if pl is None or self.rs.sides[pl] in e.get("to", self.rs.sides)]

    def _redact(self, ev: dict[str, Any], pl: int | None) -> dict[str, Any]:
        if "pieces" not in ev or pl is None:
            return dict(ev)
        out = dict(ev)
        pieces = []
        for u, pid, side in ev["pieces"]:
            shown = self.rs.sides.index(side) == pl or u in self.known[pl]
            pieces.append([u, pid if shown else None, side])
        out["pieces"] = pieces
        if not all(p[1] for p in pieces) and "outcome" in out:
            out["rule"], out["cites"] = "hidden", []  # which rule fired would betray the ranks
        return out


def move_is_forward(board, frm: int, to: int, player: int) -> bool:
    """Did the move go towards the enemy's side?"""
    if board.kind == "graph":
        return board.heading(frm, to, player) > 0
    return (board.row(to) - board.row(frm)) * (1 if player == 0 else -1) > 0
