"""Belief over the enemy's hidden ranks, built from one player's own view: Bayesian opponent modelling as for Stratego.

A hidden enemy piece is any of the ranks the player cannot yet account
for; what he has seen since narrows it down (after Stankiewicz and
Schadd's opponent modelling for Stratego, 2009, and de Boer's "Invincible"
bot, 2007):

* **Hard evidence.** A rank he was shown is certain (the view says it); a
  piece seen to move is no immobile piece; a piece that never moved still
  stands where it was set up, so the setup rules narrow it (the flag on its
  rear rows); a combat he saw between his known piece and the hidden one
  admits only the ranks for which the combat table gives the outcome he saw
  (a rank that would have given another outcome keeps a small weight,
  ``SURPRISE``, because rules beyond the table — a machine gun, a demoted
  officer — can change a verdict).
* **Soft evidence: how boldly it advances.** Each time an enemy piece
  comes up next to one of the player's pieces, or steps forward, the odds
  of its ranks are tilted towards the strong ones (``BOLDNESS`` per
  approach, ``ADVANCE`` per forward step): players send strong pieces
  forward and keep weak ones back.
* **The army list.** The ranks of all hidden pieces together, on the board
  and removed, are the army (as changed in the open: :func:`hidden_pool`)
  minus every rank the view shows. Per-piece
  likelihoods are reconciled with those counts by iterative proportional
  fitting (Sinkhorn scaling), giving each piece's marginal distribution;
  :meth:`Belief.sample` draws one complete assignment piece by piece from
  those marginals without exceeding any count (a determinisation).

Everything read is the player's :class:`~wararchive.engine.view.View`, the
events :meth:`~wararchive.engine.game.Game.visible_events` lets him read
and the public rules; the true hidden ranks are never touched, so two
unlearned enemy pieces swapped in the real game give the same belief.
:class:`Tracker` remembers, move by move, what the player has seen the
enemy pieces do (the view shows positions, not history).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from ..engine.board import move_is_forward
from ..engine.game import Game

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..engine.pieces import PieceType
    from ..engine.view import View

SURPRISE = 0.02  # likelihood of a rank for which the combat table gives another outcome than the one seen
BOLDNESS = 0.6  # log-odds tilt towards strong ranks per approach to one of the player's pieces
ADVANCE = 0.1  # log-odds tilt towards strong ranks per forward step
SINKHORN_ROUNDS = 12


@dataclass
class Tracker:
    """What ``player`` has seen the enemy's pieces do, by piece id, kept between his moves.

    Fed with each position he is asked to move in (:meth:`update`): the
    enemy pieces whose square changed since the last one moved there.
    """

    player: int
    approaches: dict[int, int] = field(default_factory=dict)
    advances: dict[int, int] = field(default_factory=dict)
    _where: dict[int, int] = field(default_factory=dict)
    _ply: int = -1

    def update(self, game: Game, view: View | None = None) -> None:
        """Take in the position ``game`` (``view``: the player's view of it without events, if the caller has it)."""
        if game.ply < self._ply:  # another game: start again
            self.approaches.clear(), self.advances.clear(), self._where.clear()
        self._ply = game.ply
        view = view if view is not None else game.view(self.player, with_events=False)
        me = game.rs.sides[self.player]
        board = game.board
        mine = {c for c, s in enumerate(view.cells) if s and s["side"] == me}
        now: dict[int, int] = {}
        for c, s in enumerate(view.cells):
            if s and s["side"] != me:
                now[s["uid"]] = c
        for u, c in now.items():
            before = self._where.get(u)
            if before is None or before == c:
                continue
            if move_is_forward(board, before, c, 1 - self.player):
                self.advances[u] = self.advances.get(u, 0) + 1
            if any(n in mine for n in neighbours(board, c)):
                self.approaches[u] = self.approaches.get(u, 0) + 1
        self._where = now


def hidden_pool(game: Game, view: View, enemy: int) -> dict[str, int]:
    """The ranks of ``enemy``'s pieces that ``view`` does not show: his army as counted in the open, less the ranks shown.

    The army is the one both players can count (``BoardGame.army``): a
    piece that went over to him, or that a rule brought in publicly, is
    one more piece to guess, and one he lost to the other side one fewer.
    Counted from the setup alone, the ranks would run out before his hidden
    pieces do, and a guess would have to repeat a rank beyond the army.
    """
    return game._unaccounted(view, enemy, game.army(enemy))


def neighbours(board, c: int) -> list[int]:
    """The cells one step from ``c``: compass steps on a grid, lines on a map."""
    if board.step:
        return [s[c] for s in board.step if s[c] >= 0]
    return list(board.around[c])


class Belief:
    """For ``player``, each hidden enemy piece's distribution over ranks, consistent with the army list.

    ``uids`` are the hidden enemy pieces (on the board, then removed);
    ``marginal[i][t]`` is the probability that ``uids[i]`` is piece type ``t``
    (indices of ``rs.piece_types``); ``pool[t]`` is how many of type ``t``
    are hidden in all; ``enemy_knows`` the player's pieces he has seen the
    enemy learn (:func:`enemy_knows`), which every world he guesses keeps.
    """

    def __init__(self, game: Game, player: int, tracker: Tracker | None = None, compiled: bool = False, view: View | None = None):
        rs = game.rs
        self.player = player
        self.types = rs.piece_types
        n_types = len(self.types)
        view = view if view is not None else game.view(player, with_events=False)  # the caller's, if he read it
        enemy = rs.sides[1 - player]
        self.cells = [c for c, s in enumerate(view.cells) if s and s["side"] == enemy and not s["piece"]]
        self.removed = [i for i, r in enumerate(view.removed) if r["side"] == enemy and not r["piece"]]
        self.uids = [view.cells[c]["uid"] for c in self.cells] + [view.removed[i]["uid"] for i in self.removed]
        counts = hidden_pool(game, view, 1 - player)
        self.pool = [counts.get(pt.id, 0) for pt in self.types]
        mobile = [pt.mobile for pt in self.types]
        strength = strength_scale(self.types)
        setup = _setup_cells(game, 1 - player, self.pool)
        events = game.visible_events(player)  # read once: the longer the game, the longer its list
        evidence = _combat_evidence(game, player, events)
        self.enemy_knows = enemy_knows(game, player, events)
        likelihood: list[list[float]] = []
        possible: list[list[bool]] = []  # what the hard evidence allows: a rank left, mobility, the setup rules
        left = [1.0 if n else 0.0 for n in self.pool]  # a rank left; then mobility and the setup rules narrow it
        if_moved = [w if mobile[t] else 0.0 for t, w in enumerate(left)]
        for i, u in enumerate(self.uids):
            on_board = i < len(self.cells)
            moved = view.cells[self.cells[i]]["moved"] if on_board else True
            row = list(if_moved if moved else left)
            if on_board and not moved:
                for t, cells in setup.items():
                    if self.cells[i] not in cells:
                        row[t] = 0.0
            possible.append([w > 0.0 for w in row])
            for verdict in evidence.get(u, ()):
                row = [w * (1.0 if verdict(t) else SURPRISE) for t, w in enumerate(row)]
            if tracker is not None:
                tilt = BOLDNESS * tracker.approaches.get(u, 0) + ADVANCE * tracker.advances.get(u, 0)
                if tilt:
                    row = [w * math.exp(tilt * (strength[t] - 0.5)) for t, w in enumerate(row)]
            if not any(row):  # evidence no rank fits (a rule changed a rank in play): any hidden rank will do
                row = [1.0 if self.pool[t] and (mobile[t] or not moved) else 0.0 for t in range(n_types)]
            likelihood.append(row)
        self.likelihood = likelihood
        self.possible = possible
        if compiled:  # the same marginals, scaled in compiled code (:mod:`.belief_compiled`; numba must be there)
            from .belief_compiled import sinkhorn

            self.marginal = sinkhorn(likelihood, self.pool, SINKHORN_ROUNDS)
        else:
            self.marginal = _sinkhorn(likelihood, self.pool)

    def probability(self, uid: int, piece_id: str) -> float:
        """The belief that hidden enemy piece ``uid`` is a ``piece_id``."""
        t = next(i for i, pt in enumerate(self.types) if pt.id == piece_id)
        return self.marginal[self.uids.index(uid)][t]

    def assignment(self, rng: random.Random) -> list[int]:
        """One type per hidden piece (in ``uids`` order), drawn from the marginals within the counts.

        The pieces the hard evidence narrows most are drawn first (a piece
        seen to move before the still ones, which may take any rank), then
        the most certain, so the counts are spent where the evidence is strongest.
        """
        left = list(self.pool)
        n = len(self.uids)
        out = [-1] * n
        narrow = [sum(p) for p in self.possible]
        order = sorted(range(n), key=lambda i: (-narrow[i], max(self.marginal[i], default=0.0), rng.random()), reverse=True)
        for i in order:
            row = self.marginal[i]
            weights = [row[t] * left[t] for t in range(len(left))]
            total = added(weights)
            if total <= 0.0:  # counts ran dry for what the evidence weighs: any rank left that the hard evidence allows
                weights = [float(left[t]) if ok else 0.0 for t, ok in enumerate(self.possible[i])]
                total = added(weights)
                if total <= 0.0:  # none (the rules changed ranks in play): any rank left, else the likeliest
                    weights, total = [float(x) for x in left], float(sum(left))
                if total <= 0.0:
                    out[i] = max(range(len(row)), key=lambda t: self.likelihood[i][t])
                    continue
            t = _draw(weights, rng.random() * total)
            out[i] = t
            left[t] = max(left[t] - 1, 0)
        return out

    def sample(self, game: Game, rng: random.Random) -> Game:
        """A copy of ``game`` with every hidden enemy rank replaced by a draw from this belief (a determinisation).

        What the enemy knows of the player's pieces is set to what the
        player has seen him learn (:func:`enemy_knows`), not read from the game.
        """
        return self.world(game, self.assignment(rng))

    def world(self, game: Game, ranks: list[int]) -> Game:
        """A copy of ``game`` with the hidden ranks replaced by ``ranks`` (one per piece, in ``uids`` order): :meth:`sample`."""
        world = game.clone()
        k = len(self.cells)
        for c, t in zip(self.cells, ranks[:k], strict=True):
            world.kind[c] = t
        for i, t in zip(self.removed, ranks[k:], strict=True):
            u, _, o, ply = world.removed[i]
            world.removed[i] = (u, t, o, ply)
        world._known = _with_enemy_knowledge(world, self.player, self.enemy_knows)
        world.redrawn(self.player, [world.uid[c] for c in self.cells] + [world.removed[i][0] for i in self.removed])
        return world


def added(values: Iterable[float]) -> float:
    """``values`` added one by one, left to right: ``sum`` compensates rounding from Python 3.12 on, and the compiled
    player (:mod:`.belief_compiled`, :mod:`.strong_compiled`) adds as this does, so both agree to the last bit on any Python."""
    total = 0.0
    for v in values:
        total += v
    return total


def _draw(weights: list[float], x: float) -> int:
    """The index where the running sum of ``weights`` passes ``x`` (a weighted draw, ``x`` uniform below their total)."""
    last = 0
    for t, w in enumerate(weights):
        if w > 0.0:
            last = t
            x -= w
            if x < 0.0:
                return t
    return last


def _with_enemy_knowledge(world: Game, player: int, knows: set[int]) -> tuple[set[int], set[int]]:
    """The world's ``_known``: the player's own knowledge as it is, the enemy's as the player has seen it grow (``knows``)."""
    mine, theirs = set(world._known[player]), set(knows)
    return (mine, theirs) if player == 0 else (theirs, mine)


def enemy_knows(game: Game, player: int, events: list[dict[str, Any]]) -> set[int]:
    """``player``'s pieces whose rank he has seen the enemy learn: named to the enemy in an event he may read.

    An event shown to the enemy alone (a spy unmasking in Spionaaž) is not
    read: the player cannot know of it, so his guess leaves it out.
    ``events``: ``game.visible_events(player)``.
    """
    enemy = game.rs.sides[1 - player]
    out: set[int] = set()
    own = game.rs.sides[player]
    for e in events:
        if "pieces" not in e or enemy not in e.get("to", game.rs.sides):
            continue
        if e["type"] == "combat" and not getattr(game, "reveal_on_combat", False):
            continue
        out.update(u for u, _, side in e["pieces"] if side == own)
    return out


@cache  # a ruleset's piece types never change, and the search's evaluation asks for every position it scores
def strength_scale(types: tuple[PieceType, ...]) -> tuple[float, ...]:
    """Each type's strength scaled to 0…1 among the mobile types (immobile ones 0.5: boldness says nothing of them)."""
    mobile = [pt.strength for pt in types if pt.mobile]
    lo, hi = (min(mobile), max(mobile)) if mobile else (0, 1)
    span = (hi - lo) or 1
    return tuple((pt.strength - lo) / span if pt.mobile else 0.5 for pt in types)


def _setup_cells(game: Game, enemy: int, pool: list[int]) -> dict[int, frozenset[int]]:
    """Types a setup rule confines to part of the enemy's home (the flag's rows), with the cells it allows."""
    if game.scenario or not hasattr(game, "board") or not game.board.home[enemy]:
        return {}
    confined = _confined(game, enemy)
    return {t: confined[t] for t, n in enumerate(pool) if n and t in confined}


_CONFINED: dict[tuple[int, int], tuple[Any, dict[int, frozenset[int]]]] = {}


def _confined(game: Game, enemy: int) -> dict[int, frozenset[int]]:
    """Every type a setup rule confines to part of ``enemy``'s home, with its cells: a function of the game's
    terrain tables (``game.enter``, made once a game and shared by its copies), so worked out once for them,
    not at every move. The tables are kept beside the answer, so that their ``id`` cannot pass to others."""
    key = (id(game.enter), enemy)
    if (known := _CONFINED.get(key)) is None:
        home = len(game.board.home[enemy])
        cells = {t: frozenset(game.allowed_cells(enemy, pt.id)) for t, pt in enumerate(game.rs.piece_types)}
        if len(_CONFINED) >= 64:  # a game's, and a few more: a worker plays one game at a time
            _CONFINED.clear()
        known = _CONFINED[key] = (game.enter, {t: c for t, c in cells.items() if len(c) < home})
    return known[1]


def _combat_evidence(game: Game, player: int, events: list[dict[str, Any]]) -> dict[int, list[Any]]:
    """For each hidden enemy piece, a test per combat the player saw it fight against one of his known pieces.

    Each test says whether a rank would have given the outcome seen, by the
    combat table. Combats with a third piece (a flag's defender) are left out.
    """
    rs = game.rs
    me = rs.sides[player]
    matrix = rs.combat_matrix
    out: dict[int, list[Any]] = {}
    if matrix is None:
        return out
    for e in events:
        if e["type"] != "combat" or len(e.get("pieces", ())) != 2 or "outcome" not in e:
            continue
        (ua, pa, sa), (ud, pd, sd) = e["pieces"]
        outcome = e["outcome"]
        if sa == me and pa and sd != me and not pd:
            a = rs.type_index[pa]
            out.setdefault(ud, []).append(lambda t, a=a, o=outcome: matrix[a][t][0] == o)
        elif sd == me and pd and sa != me and not pa:
            d = rs.type_index[pd]
            out.setdefault(ua, []).append(lambda t, d=d, o=outcome: matrix[t][d][0] == o)
    return out


def _sinkhorn(rows: list[list[float]], pool: list[int]) -> list[list[float]]:
    """Scale ``rows`` so that each sums to 1 and each column to its count in ``pool`` (as nearly as the zeros allow)."""
    if not rows:
        return []
    n_types = len(pool)
    total = sum(pool)
    target = [p * len(rows) / total for p in pool] if total else [0.0] * n_types
    m = [list(r) for r in rows]
    for _ in range(SINKHORN_ROUNDS):
        for r in m:
            s = added(r)
            if s > 0:
                inv = 1.0 / s
                for t in range(n_types):
                    r[t] *= inv
        for t in range(n_types):
            s = added(r[t] for r in m)
            if s > 0:
                f = target[t] / s
                for r in m:
                    r[t] *= f
    for r in m:
        s = added(r)
        if s > 0:
            for t in range(n_types):
                r[t] /= s
    return m
