"""The belief player: determinized shallow search over worlds drawn from a belief about the enemy's hidden ranks.

Method (the player spec is ``belief``, or ``belief:K`` for K worlds a move;
``strong`` names the default):

1. **Belief.** :class:`~wararchive.players.belief.Belief` gives each hidden
   enemy piece a distribution over ranks from what the player has seen
   (ranks shown, pieces seen to move, combats and their outcomes, how
   boldly each piece came forward, the setup rules, the army list), read
   from his own view only.
2. **Determinisations.** K complete worlds are drawn from that belief
   (each hidden rank filled in, what the enemy knows of the player's pieces
   set to what the player saw him learn). The same K worlds judge every
   candidate move (common random numbers), so the comparison between moves
   is not drowned in the noise of the draw. A move far from every enemy
   piece (``CONTACT`` steps) is judged in the first world only: its worth
   hardly depends on the guess, and most moves are such moves.
3. **Shallow search.** In each world every legal move (at most
   ``MAX_CANDIDATES``, the best by greedy's judgement) is played; the rest
   of the player's turn takes the fight greedy judgement likes best from
   his view of that world (or a quiet move out of contact), then the enemy
   answers with the fights a greedy player would take, from *his* view of
   that world (he sees the player's ranks only where the player saw him
   learn them); a side with no fight it likes ends the look-ahead. So a
   piece left where the enemy would take it, or an attack into a piece the
   belief thinks strong, costs what it would cost.
4. **Evaluation** (:func:`evaluate`), from the player's side: a finished
   game is ±``WIN``; otherwise the material balance, plus the *value of
   information* (``INFO`` of the value of every enemy piece whose rank the
   player knows, minus the same for his own pieces the enemy knows: a
   known piece can be hunted and avoided), plus *hiding the flag*: a flag
   or headquarters among n pieces the enemy cannot tell from it (unmoved,
   unknown to him) is found by a blind attack once in n, so ``HIDE`` of a
   win is weighed by 1/n for each side, plus *threats*: how close the
   player's nearest mobile piece stands to the square that strikes each
   enemy flag or headquarters (in the guessed world: a hidden flag is where
   that world put it, so over K worlds the threat is weighed by the belief),
   a steep ``DANGER`` term for a piece a few steps from it by a way the
   defender has not blocked, and a bonus for the whole army's progress
   towards them; the same, negatively, for the enemy and the player's own
   flag. Distances are shortest paths over the squares or lines a piece may
   cross (water, volcanoes and pieces known never to move not).
   Where attackers move onto their victim (Spionaaž) a hunter strikes the
   first unmoved piece it meets, so the player's own pieces are no wall
   around his headquarters: each enemy piece near it costs a share of a win
   (``SIEGE``, falling off by ``SIEGE_FALL`` per step, his own pieces on the
   way counting as steps), his strong pieces near it are worth a ``GUARD``
   bonus, so that one is at hand to strike an intruder, and each square
   next to it that his own pieces do not hold costs ``COVER``: a hunter
   must then beat the piece on it first, and a greedy one strikes a piece
   seen to move only when it expects to win.
5. **A blind strike at the flag.** A move that attacks a hidden enemy
   piece wins at once if it is his flag or headquarters; K worlds put the
   flag there in none of them or in too many, so such a move is valued as
   the belief's probability p of the flag there times its value in the
   worlds that put it there (one is made, by swapping the world's flag onto
   that piece, if none did) plus 1 − p times its value in the others.
6. The move with the best mean over the K worlds is played, less a small
   ``SHUFFLE`` penalty for undoing the player's own last move (jammed
   games are broken rather than drawn at the ply limit); ties go to
   greedy's judgement, then to the seeded generator.

The true hidden ranks are never read: each world overwrites every hidden
enemy rank before the search looks at it (``tests/players/test_players_belief.py``
swaps two unlearned enemy pieces and checks the choice is unchanged), and
the per-piece state a ruleset's hooks keep beside the ranks (Sõjamäng's
generals, signal post, mine charges) is made to follow the guess
(``BoardGame.redrawn``; tested for both search players).

The constants below are the defaults; a ruleset may tune them for its own
game (:class:`Settings`; Sõjamäng does). Strength and speed are measured by
``benchmarks/players.py`` and ``benchmarks/strong_tuning.py`` (figures on the
Benchmarks page: N games per ruleset, sides alternated, default options).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.board import FORWARD
from ..engine.game import Game
from ..engine.view import View
from ..errors import WararchiveError
from ..kernel import ENGINES, choose as kernel_choose
from .belief import Belief, Tracker, added, neighbours, strength_scale
from .player import Player

DEFAULT_WORLDS = 4
CONTACT = 2  # steps: a move starting or ending this near an enemy piece is searched in every world, others in one
MAX_CANDIDATES = 32  # moves searched a position; beyond it, the best by greedy's judgement
MAX_TURN_PLIES = 3  # plies of one side's turn played out in a world (Spionaaž's turns have two)
WIN = 1000.0
SHUFFLE = 0.1  # value units a move loses for undoing the player's own last move
INFO = 0.1  # the share of a piece's value its being known is worth to the side who knows it
THREAT = 1.5  # value units for a mobile piece next to a flag/headquarters (falls off as 1/(1+distance))
HIDE = 0.3  # the share of a win that a blind attack on a flag/headquarters among n look-alikes finds, times n
FIGHT_THRESHOLD = 0.02  # greedy's bonus for a step forward is 0.01: a fight must look better than advancing
DANGER = 6.0  # value units for a mobile piece on the striking square by a path the defender leaves open; ÷ (1+steps)³
DANGER_DEPTH = 3
PROGRESS = 0.2  # value units per mobile piece for its closeness to the nearest enemy flag/headquarters
SIEGE = 0.3  # share of a win an enemy mobile piece next to the player's headquarters costs (attackers move onto their victim)
SIEGE_FALL = 0.2  # that share's factor per step further away (the player's own pieces on the way count as steps)
SIEGE_DEPTH = 3
COVER = 3.0  # value units for each square next to the player's headquarters that his own pieces do not hold
GUARD = 3.0  # value units for a mobile piece next to the player's own headquarters, × its strength 0…1, ÷ (1+steps)
TUNABLE = (
    *("CONTACT", "MAX_CANDIDATES", "MAX_TURN_PLIES", "WIN", "SHUFFLE", "INFO", "THREAT", "HIDE", "FIGHT_THRESHOLD"),
    *("DANGER", "DANGER_DEPTH", "PROGRESS", "SIEGE", "SIEGE_FALL", "SIEGE_DEPTH", "COVER", "GUARD"),
)
"""The constants above that a ruleset may set for its own game (``Ruleset.tuning["strong"]``)."""
FORCED: dict[str, float] = {}
"""Settings a tuning run forces on every game over the ruleset's own (``benchmarks/strong_tuning.py``); empty in play."""


@dataclass(frozen=True)
class Settings:
    """The constants above as one game plays them: the module's, or its ruleset's own where it tunes them.

    The weights that suit one game need not suit another (Sõjamäng's were
    tuned, and confirmed on fresh seeds: the Benchmarks page), so a ruleset
    may name its own in ``Ruleset.tuning["strong"]``; they are part of the
    ruleset's code, so its studies' fingerprints follow them, and a tuning
    of one game leaves the studies of the others current.
    """

    contact: int
    max_candidates: int
    max_turn_plies: int
    win: float
    shuffle: float
    info: float
    threat: float
    hide: float
    fight_threshold: float
    danger: float
    danger_depth: int
    progress: float
    siege: float
    siege_fall: float
    siege_depth: int
    cover: float
    guard: float

    @classmethod
    def of(cls, rs: Any) -> Settings:
        """The settings of ``rs``'s games; a tuning naming no constant, or giving a value of the wrong kind, is refused."""
        given = dict(rs.tuning.get("strong", {}))
        defaults = {name: globals()[name] for name in TUNABLE}
        for name, value in given.items():
            if name not in defaults:
                raise WararchiveError(f"{rs.id}: tuning['strong'] names no setting of strong: {name!r} ({', '.join(TUNABLE)})")
            kind = type(defaults[name])
            if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind is int and not isinstance(value, int)):
                needed = "a whole number" if kind is int else "a number"
                raise WararchiveError(f"{rs.id}: tuning['strong'][{name!r}] = {value!r}: {needed} is needed")
        values = defaults | given | FORCED
        return cls(**{name.lower(): values[name] for name in TUNABLE})

    def compiled(self) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """These settings as the compiled judging reads them (``strong_compiled``: its ``WIN``… indices)."""
        fall = tuple(self.siege_fall ** (d - 1) for d in range(1, self.siege_depth + 1))  # as _siege computes each
        floats = (self.win, self.info, self.hide, self.threat, self.progress, self.danger, self.siege, self.guard)
        return (*floats, self.cover, self.fight_threshold, *fall), (self.max_turn_plies, self.danger_depth, self.siege_depth)


Stakes = dict[int, tuple[int, float]]  # per candidate that strikes a hidden piece which may be the flag: its cell, the chance
Closeness = Callable[[Game, tuple[int, ...]], tuple[list[list[float]], list[float]]]


class BeliefPlayer(Player):
    """Determinized shallow search over worlds drawn from a belief about hidden ranks; ``worlds`` sets strength and cost."""

    name = "belief"
    budgeted = True

    def __init__(self, seed: int | str = 0, worlds: int = DEFAULT_WORLDS, engine: str = "auto"):
        super().__init__(seed)
        if engine not in ENGINES:
            raise WararchiveError(f"engine {engine!r}: choose one of {', '.join(ENGINES)}")
        self.worlds = worlds
        self.engine = engine  # where the worlds are judged (kernel.ENGINES): the choices are the same on either
        self._trackers: dict[int, Tracker] = {}
        self._near_cells: tuple[int, list[frozenset[int]]] | None = None  # (steps, per cell the cells within them)
        self._last: dict[int, tuple[int, int]] = {}  # per side: the move that would undo its last one
        self._walls: frozenset[int] = frozenset()
        self._paths: dict[tuple[int, ...], tuple[list[list[float]], list[float]]] = {}
        self._compiled: Any = None  # on the kernel: (ruleset, its judging tables, the paths around the walls)
        self._settings: tuple[Any, Settings] | None = None  # the ruleset last played, and its settings

    def choose(self, game: Game) -> Any:
        me = game.to_move
        s = self.settings(game)
        legal = game.legal_moves()
        hidden = hasattr(game, "kind")
        view = game.view(me, with_events=False)  # read once: the tracker, the prior, the belief and the walls share it
        if hidden:  # every position counts as evidence, even one with a single move
            tracker = self._trackers.setdefault(me, Tracker(me))
            tracker.update(game, view)
        if len(legal) == 1:
            return legal[0]
        prior = game.move_values(legal, view)
        ranked = sorted(range(len(legal)), key=lambda i: -prior[i])[: s.max_candidates]
        on_kernel = hidden and kernel_choose(self.engine, game.rs)[0] == "kernel"
        if hidden:
            belief = Belief(game, me, tracker, compiled=on_kernel, view=view)
            if on_kernel:  # the same draws as belief.sample's (compiled: .belief_compiled), the worlds made in compiled code
                from .belief_compiled import assignments

                draws = assignments(belief.pool, belief.marginal, belief.likelihood, belief.possible, self.rng, self.worlds)
            else:
                worlds = [belief.sample(game, self.rng) for _ in range(self.worlds)]
        else:  # nothing hidden (chess): one world, the game itself
            worlds = [game.clone()]
        unit = _unit(game) if hidden else 1.0
        if hidden:
            self._set_walls(game, view)
        near = self._near(game, s.contact) if hidden else []
        stakes = _stakes(game, legal, ranked, belief, me) if hidden else {}
        contact = [not hidden or _in_contact(game, legal[i], me, near) for i in ranked]
        judged = None
        if on_kernel:
            judged = self._judged_on_kernel(game, [legal[i] for i in ranked], belief, draws, contact, stakes, unit, s)
            if judged is None:  # a world the kernel's arrays cannot hold: all judged here, alike
                worlds = [belief.world(game, ranks) for ranks in draws]
        if judged is None:
            judged = self._judged(worlds, [legal[i] for i in ranked], me, contact, stakes, unit, s)
        means = []
        for j, values in enumerate(judged):
            hits = [v for v, hit in values if hit]
            misses = [v for v, hit in values if not hit]
            if j in stakes and hits and misses:  # the flag's chance by the belief, not by how many worlds drew it there
                p = stakes[j][1]
                means.append(p * sum(hits) / len(hits) + (1 - p) * sum(misses) / len(misses))
            else:
                means.append(sum(v for v, _ in values) / len(values) if values else -2 * s.win)
        back = self._last.get(me)
        for j, i in enumerate(ranked):  # undoing one's own last move only marks time: a game should not end by the ply limit
            if back is not None and (legal[i].frm, legal[i].to) == back:
                means[j] -= s.shuffle * unit
        best = max(range(len(ranked)), key=lambda j: (round(means[j], 9), prior[ranked[j]], self.rng.random()))
        move = legal[ranked[best]]
        if hasattr(move, "frm"):
            self._last[me] = (move.to, move.frm)
        return move

    def settings(self, game: Game) -> Settings:
        """The settings this player uses in ``game`` (:class:`Settings`: the defaults, with its ruleset's tuning)."""
        if self._settings is None or self._settings[0] is not game.rs:
            self._settings = (game.rs, Settings.of(game.rs))
        return self._settings[1]

    def _judged(
        self, worlds: list[Game], moves: list[Any], me: int, contact: list[bool], stakes: Stakes, unit: float, s: Settings
    ) -> list[list[tuple[float, bool]]]:
        """Per candidate: (value, did it strike a flag) in each world that judges it (see the module's docstring, 2 and 5)."""
        judged: list[list[tuple[float, bool]]] = [[] for _ in moves]
        for w, world in enumerate(worlds):
            for j, move in enumerate(moves):
                if w and not contact[j]:  # far from the enemy a move's worth hardly depends on the guess
                    continue
                value = self._judge(world, move, me, unit, s)
                if value is not None:
                    judged[j].append((value, j in stakes and world.kind[stakes[j][0]] in world.capture_wins))
        for j, (cell, _) in stakes.items():  # no world put the flag there: one that does, to weigh by its probability
            if judged[j] and not any(hit for _, hit in judged[j]) and (flagged := _flag_at(worlds[0], cell, me)):
                value = self._judge(flagged, moves[j], me, unit, s)
                if value is not None:
                    judged[j].append((value, True))
        return judged

    def _judged_on_kernel(
        self,
        game: Game,
        moves: list[Any],
        belief: Belief,
        draws: list[list[int]],
        contact: list[bool],
        stakes: Stakes,
        unit: float,
        s: Settings,
    ) -> list[list[tuple[float, bool]]] | None:
        """:meth:`_judged` on the compiled kernel (:mod:`.strong_compiled`): the worlds ``draws`` made there, the same values.

        None if a world, or the position itself, does not fit the kernel's arrays (:func:`.strong_compiled.fits`,
        :func:`wararchive.kernel.position.check`).
        """
        import numpy as np

        from ..kernel import worlds as kernel_worlds
        from ..kernel.arrays import PositionUnfit
        from . import strong_compiled as sc

        me = game.to_move
        if self._compiled is None or self._compiled[0] is not game.rs:
            self._compiled = [game.rs, sc.Judge(game, s.compiled()), None]
        if self._compiled[2] is None:  # made afresh when the walls change (_set_walls)
            self._compiled[2] = sc.Paths(len(game.kind), self._walls)
        if not sc.fits(belief.pool, draws):
            return None
        try:
            on_kernel = kernel_worlds(game)
        except PositionUnfit:  # e.g. Sõjamäng's reinforcements beyond both armies: judged here, to the same values
            return None
        cells = np.array(belief.cells, np.int64)
        gone = np.array([game.removed[i][0] for i in belief.removed], np.int64)
        knows = np.array(sorted(belief.enemy_knows), np.int64)
        codes = sc.codes_of(game, moves)
        index = {c: i for i, c in enumerate(belief.cells)}
        wins = game.capture_wins
        tables, paths = self._compiled[1], self._compiled[2]

        def run(rows: list[list[int]], swaps: list[tuple[int, int]], jobs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            ranks = np.array(rows, np.int64).reshape(len(rows), len(belief.uids))
            arrays = (cells, gone, ranks, np.array(swaps, np.int64).reshape(len(rows), 2), knows)
            return sc.judge(on_kernel, tables, paths, me, arrays, codes, jobs, unit)

        jobs = np.array([[not w or contact[j] for j in range(len(moves))] for w in range(len(draws))], np.bool_)
        values, status = run(draws, [(-1, -1)] * len(draws), jobs)
        judged: list[list[tuple[float, bool]]] = [[] for _ in moves]
        for w, ranks in enumerate(draws):
            for j in range(len(moves)):
                if status[w, j] == sc.JUDGED:
                    judged[j].append((float(values[w, j]), j in stakes and ranks[index[stakes[j][0]]] in wins))
        flagged = []  # no world put the flag there: one that does, to weigh by its probability
        if stakes:
            kind = list(game.kind)
            for c, t in zip(belief.cells, draws[0], strict=False):
                kind[c] = t
            for j, (cell, _) in stakes.items():
                if judged[j] and not any(hit for _, hit in judged[j]):
                    flag = _hidden_flag(game, kind, me)
                    if flag >= 0 and game.uid[cell] not in game._known[me]:
                        flagged.append((j, flag, cell))
        if flagged:
            jobs = np.zeros((len(flagged), len(moves)), np.bool_)
            for f, (j, _, _) in enumerate(flagged):
                jobs[f, j] = True
            values, status = run([draws[0]] * len(flagged), [(a, b) for _, a, b in flagged], jobs)
            for f, (j, _, _) in enumerate(flagged):
                if status[f, j] == sc.JUDGED:
                    judged[j].append((float(values[f, j]), True))
        return judged

    def _judge(self, world: Game, move: Any, me: int, unit: float, s: Settings) -> float | None:
        """``move`` played in ``world`` and the turns finished (see :func:`_finish_turns`), judged; None if illegal there."""
        after = world.clone()
        if move not in after.legal_moves():  # a rule that reads the guessed ranks bars it in this world
            return None
        after.play(move)
        _finish_turns(after, me, s)
        return evaluate(after, me, self._closeness, unit, s)

    def _near(self, game: Game, steps: int) -> list[frozenset[int]]:
        """For each cell, the cells within ``steps`` (``CONTACT``) of it: kept while the board's size and the steps hold."""
        if self._near_cells is None or self._near_cells[0] != steps or len(self._near_cells[1]) != len(game.board):
            self._near_cells = (steps, _within(game, steps))
        return self._near_cells[1]

    def _set_walls(self, game: Game, view: View) -> None:
        """Cells no piece will cross: the player's own immobile pieces and enemy ones he knows to be immobile (his view only)."""
        rs = game.rs
        walls = frozenset(c for c, s in enumerate(view.cells) if s and s["piece"] and not rs.piece(s["piece"]).mobile)
        if walls != self._walls:
            self._walls = walls
            self._paths = {}
            if self._compiled is not None:
                self._compiled[2] = None

    def _closeness(self, world: Game, targets: tuple[int, ...]) -> tuple[list[list[float]], list[float]]:
        """Per target, 1/(1 + steps) from every cell around the walls, and each cell's best (cached while the walls stand)."""
        found = self._paths.get(targets)
        if found is None:
            tables = [[1.0 / (1 + d) for d in _distances(world, t, self._walls)] for t in targets]
            found = self._paths[targets] = (tables, [max(col) for col in zip(*tables, strict=True)])
        return found


def _stakes(game: Game, legal: list[Any], ranked: list[int], belief: Belief, me: int) -> dict[int, tuple[int, float]]:
    """Per candidate (index in ``ranked``) that strikes a hidden enemy piece which may be his flag: that cell, and the chance.

    A blind strike at a flag or headquarters wins the game with the belief's
    probability; a handful of worlds puts the flag there in none or in too
    many of them, so the search weighs such a strike by that probability.
    """
    hidden = {c: i for i, c in enumerate(belief.cells)}
    flags = [t for t in range(len(belief.types)) if t in game.capture_wins]
    out = {}
    for j, i in enumerate(ranked):
        cell = game.engaged_cell(legal[i])
        if cell in hidden and game.owner[cell] == 1 - me:
            p = sum(belief.marginal[hidden[cell]][t] for t in flags)
            if p > 0:
                out[j] = (cell, p)
    return out


def _flag_at(world: Game, cell: int, me: int) -> Game | None:
    """A copy of ``world`` with the enemy's hidden flag (where this world put it) and the piece on ``cell`` swapped, or None."""
    flag = _hidden_flag(world, world.kind, me)
    if flag < 0 or world.uid[cell] in world._known[me]:
        return None
    out = world.clone()
    out.kind[flag], out.kind[cell] = out.kind[cell], out.kind[flag]
    out.redrawn(me, (world.uid[flag], world.uid[cell]))
    return out


def _hidden_flag(world: Game, kind: list[int], me: int) -> int:
    """The enemy's first cell (ascending) with a flag or headquarters by ``kind`` whose rank ``me`` was not shown, or -1."""
    shown, wins = world._known[me], world.capture_wins
    return next((c for c in world.positions[1 - me] if kind[c] in wins and world.uid[c] not in shown), -1)


def _finish_turns(world: Game, me: int, s: Settings) -> None:
    """Play out the rest of ``me``'s turn, then the enemy's turn, each side taking the fight greedy judges best from its own view.

    A side with no fight it likes ends the look-ahead (the position is then
    judged as it stands), except that the rest of the player's own turn
    (Spionaaž's second piece) is a quiet move out of contact, so that the
    enemy still answers.
    """
    board_game = hasattr(world, "kind")
    for side in (me, 1 - me):
        for _ in range(s.max_turn_plies):
            if world.result is not None or world.to_move != side:
                break
            move = _best_fight(world, side, s.fight_threshold) if board_game else _greedy(world, side)
            if move is None and side == me:
                move = _quiet(world, side)
            if move is None:
                return
            world.play(move)


def _in_contact(game: Game, move: Any, me: int, near: list[frozenset[int]]) -> bool:
    """Does ``move`` fight, or start or end within reach of an enemy piece?"""
    if move.action or not hasattr(game, "kind"):
        return True
    owner = game.owner
    return any(owner[x] == 1 - me for x in near[move.to]) or any(owner[x] == 1 - me for x in near[move.frm])


def _within(game: Game, steps: int) -> list[frozenset[int]]:
    """Cells within ``steps`` steps of each cell, pieces ignored."""
    board = game.board
    out = []
    for c in range(len(board)):
        seen, frontier = {c}, [c]
        for _ in range(steps):
            frontier = [x for f in frontier for x in neighbours(board, f) if x not in seen]
            seen.update(frontier)
        out.append(frozenset(seen))
    return out


def _best_fight(world: Game, side: int, threshold: float) -> Any:
    """The attack (or ability, or headquarters' occupation) greedy judges best for ``side`` from his view, if it gains."""
    moves = world.legal_moves()
    occupy = world.rs.params.occupy_wins
    hq = f"hq{1 - side}"
    board = world.board
    fights = [m for m in moves if m.action or world.engaged_cell(m) >= 0 or (occupy and board.has(m.to, hq))]
    if not fights:
        return None
    values = world.move_values(fights, world.view(side, with_events=False))
    best = max(range(len(fights)), key=values.__getitem__)
    return fights[best] if values[best] > threshold else None


def _greedy(world: Game, side: int) -> Any:
    """Greedy's move for ``side`` among all his moves (a game without hidden ranks: chess)."""
    moves = world.legal_moves()
    values = world.move_values(moves, world.view(side, with_events=False))
    return moves[max(range(len(moves)), key=values.__getitem__)]


def _quiet(world: Game, side: int) -> Any:
    """A move of a piece out of contact to a square out of contact (the first such), or None."""
    owner, board = world.owner, world.board
    enemy = 1 - side
    for m in world.legal_moves():
        if m.action or world.engaged_cell(m) >= 0:
            continue
        if all(owner[n] != enemy for n in neighbours(board, m.to)) and all(owner[n] != enemy for n in neighbours(board, m.frm)):
            return m
    return None


def evaluate(world: Game, me: int, closeness: Closeness, unit: float, s: Settings) -> float:
    """How good ``world`` is for ``me``: result, material, value of information and threats (see the module's docstring)."""
    if world.result is not None:
        winner = world.result["winner"]
        return 0.0 if winner is None else (s.win if winner == world.rs.sides[me] else -s.win)
    if not hasattr(world, "kind"):
        return world.material(me) - world.material(1 - me)
    values, kind, owner, uid, types = world._type_values, world.kind, world.owner, world.uid, world.types
    known, moved, wins = world._known, world.moved, world.capture_wins
    mobile: tuple[list[int], list[int]] = ([], [])
    flags: tuple[list[int], list[int]] = ([], [])
    decoys = [0, 0]  # per side: pieces the enemy cannot tell from its flag/headquarters (unmoved, unknown to him)
    material = info = 0.0
    for c in range(len(owner)):
        o = owner[c]
        if o < 0:
            continue
        k = kind[c]
        if k in wins:
            flags[o].append(c)
        else:
            material += values[k] if o == me else -values[k]
        if types[k].mobile:
            mobile[o].append(c)
        u = uid[c]
        if u in known[1 - o]:
            if k not in wins:
                info += values[k] if o != me else -values[k]
        elif u not in moved:
            decoys[o] += 1
    score = material + s.info * info
    if wins:  # a flag among n look-alikes is found by a blind attack once in n: keeping it hidden is worth a share of the game
        score += s.hide * s.win * (1.0 / max(decoys[1 - me], 1) - 1.0 / max(decoys[me], 1))
    for side, sign in ((me, 1.0), (1 - me, -1.0)):
        targets = _targets(world, 1 - side, flags[1 - side])
        if not targets or not mobile[side]:
            continue
        tables, nearest = closeness(world, targets)
        pieces = mobile[side]
        threat = added(max(t[c] for c in pieces) for t in tables)
        progress = added(nearest[c] for c in pieces)
        danger = added(1.0 / (1 + _steps_to(world, t, side, s.danger_depth)) ** 3 for t in targets)
        score += sign * unit * (s.threat * threat + s.progress * progress + s.danger * danger)
    if world.displace and flags[me]:  # a hunter strikes the first unmoved piece it meets: the headquarters needs a guard
        score -= s.siege * s.win * added(_siege(world, c, 1 - me, s) for c in flags[me])
        if mobile[me]:
            tables, _ = closeness(world, tuple(flags[me]))
            strength = strength_scale(types)
            score += s.guard * unit * added(max(strength[kind[c]] * t[c] for c in mobile[me]) for t in tables)
        board, blocked = world.board, world._blocked
        score -= s.cover * unit * sum(owner[x] != me and not blocked[x] for c in flags[me] for x in neighbours(board, c))
    return score


def _siege(world: Game, target: int, side: int, s: Settings) -> float:
    """How closely ``side``'s mobile pieces beset ``target``: ``SIEGE_FALL`` to the power steps − 1, summed over his pieces.

    Where attackers move onto their victim, an unmoved piece is the first
    thing a hunter strikes, so the defender's own pieces are no wall, only
    steps on the way (each must be beaten); a piece next to the target
    strikes it as soon as it is the unmoved piece it picks.
    """
    board, owner, kind, types, blocked = world.board, world.owner, world.kind, world.types, world._blocked
    seen, frontier, total = {target}, [target], 0.0
    for d in range(1, s.siege_depth + 1):
        nxt = []
        for c in frontier:
            for x in neighbours(board, c):
                if x in seen or blocked[x]:
                    continue
                seen.add(x)
                if owner[x] == side:
                    if types[kind[x]].mobile:
                        total += s.siege_fall ** (d - 1)
                    continue
                nxt.append(x)
        frontier = nxt
    return total


def _steps_to(world: Game, target: int, side: int, depth: int) -> int:
    """Steps from ``target`` to ``side``'s nearest mobile piece, around the defender's pieces (searched to ``depth``)."""
    board, owner, kind, types, blocked = world.board, world.owner, world.kind, world.types, world._blocked
    seen, frontier = {target}, [target]
    for d in range(depth + 1):
        nxt = []
        for c in frontier:
            o = owner[c]
            if o == side and types[kind[c]].mobile:
                return d
            if o >= 0 and o != side and c != target:  # a defender's piece bars the way
                continue
            for x in neighbours(board, c):
                if x not in seen and not blocked[x]:
                    seen.add(x)
                    nxt.append(x)
        frontier = nxt
    return depth + 1


def _targets(world: Game, owner: int, flags: list[int]) -> tuple[int, ...]:
    """Where the enemy of ``owner`` must come to win: the square that strikes each of ``owner``'s ``flags`` (his pieces
    whose capture wins: the piece's own square where attackers move onto their victim, else the square in front of
    it, face to face), and ``owner``'s headquarters squares to occupy."""
    step = world.board.step
    out = []
    for c in flags:
        front = step[FORWARD[owner]][c] if step and not world.displace else c
        out.append(front if front >= 0 else c)
    if world.rs.params.occupy_wins:
        out.extend(world.board.cells_with(f"hq{owner}"))
    return tuple(out)


def _unit(world: Game) -> float:
    """The mean value of a mobile piece of the army: the scale of the positional terms."""
    vals = [(world._type_values[t], pt.count) for t, pt in enumerate(world.types) if pt.mobile and pt.count]
    return sum(v * n for v, n in vals) / (sum(n for _, n in vals) or 1)


def _distances(world: Game, target: int, walls: frozenset[int]) -> list[int]:
    """Breadth-first steps to ``target`` over cells a piece may cross (compass steps, or a map's lines), not through ``walls``."""
    board = world.board
    n = len(board)
    far = n + 1
    dist = [far] * n
    dist[target] = 0
    queue = deque([target])
    blocked = world._blocked
    while queue:
        c = queue.popleft()
        nxt = [s[c] for s in board.step if s[c] >= 0] if board.step else board.around[c]
        for x in nxt:
            if dist[x] == far and not blocked[x] and x not in walls:
                dist[x] = dist[c] + 1
                queue.append(x)
    return dist
