"""Information-set Monte Carlo tree search: a player that plans without seeing hidden ranks.

Greedy play judges one move ahead. This player searches ahead instead, in
the manner of single-observer ISMCTS (Cowling, Powley and Whitehouse,
2012): every iteration first *determinizes*, i.e. guesses the enemy ranks
the player cannot see, then descends one shared tree of the player's and
the enemy's moves in that guessed world. Greedy's judgement of the
player's own moves (from his view) is the prior that orders the first
visits; a leaf is scored by a short playout (each side taking a fight it
wins, else a random move) and then the material balance
(:meth:`~wararchive.engine.game.Game.material`) with a small bonus for
advancing, squashed to 0…1; a finished game scores 1, ½ or 0.
Where the compiled kernel covers the ruleset (:mod:`wararchive.kernel`),
the whole search runs compiled, one call a move
(:mod:`.ismcts_compiled`): the guesses, the guessed worlds, the tree and
the playouts, with the same moves, random draws and float operations as
here on the reference engine, so the player chooses the same moves either
way, only faster (``benchmarks/search.py`` measures how much).

Fairness is the point of the archive's players, so the guess is made from
the player's :class:`~wararchive.engine.view.View` and the public rules
alone (see :class:`Guesser`). Every hidden rank of the real game is
overwritten before the search reads the copy, so swapping two hidden
enemy pieces cannot change the choice, and the per-piece state a ruleset's
hooks keep beside the ranks (Sõjamäng's generals, signal post, mine
charges) follows the guess (``BoardGame.redrawn``).

It does not avoid every risk greedy takes: when its field marshal can
attack an unknown piece on move 1 of a Japanese War Game, the guess gives
that piece a 5 in 35 chance of beating it (4 mines, and the spy under
the Finnish reading), and the expected gain still favours attacking.

Strength is measured by ``benchmarks/players.py --player ismcts``; the README gives its
figures with the number of games, their intervals and the conditions
(budget, ply limit, seeds), and this docstring repeats none of them, so
that the two cannot drift apart.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine.game import Game
from ..engine.limits import MAX_BUDGET, whole_number
from ..engine.view import View
from .belief import hidden_pool
from .player import Player

DEFAULT_ITERATIONS = 48
PLAYOUT_PLIES = 6
PLAYOUTS = 1  # playouts a leaf is scored by (their mean)
EXPLORATION = 0.7
PRIOR_WEIGHT = 1.0
ADVANCE = 0.05  # material per row advanced by a mobile piece
MATERIAL_SCALE = 6.0  # a balance this large (about a strong piece) scores ≈ 0.88


@dataclass
class Node:
    """Statistics of one move in the shared tree; ``reward`` is from the mover's side."""

    mover: int = -1
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[Any, Node] = field(default_factory=dict)


class Guesser:
    """What ``player``'s view leaves open about the enemy ranks, read once; :meth:`sample` fills it in.

    Only the view and the public rules are read: the hidden enemy pieces on
    the board (split into those seen to move and the rest), the enemy's
    removed pieces whose rank was never shown, the army as counted in the
    open (:func:`~wararchive.players.belief.hidden_pool`) minus every rank
    the view shows, and the setup rules (a piece that has not moved still
    stands on its setup square).
    """

    def __init__(self, game: Game, player: int, view: View | None = None):
        self.player = player
        self.game = game.clone()
        self.game.material(player)  # computed here once, its cached piece values are shared by every copy
        self.hidden = hasattr(game, "kind")  # chess shows every man
        if not self.hidden:
            return
        view = view if view is not None else game.view(player, with_events=False)  # the caller's, if he read it
        enemy = game.rs.sides[1 - player]
        unseen = [(c, seen["moved"]) for c, seen in enumerate(view.cells) if seen and seen["side"] == enemy and not seen["piece"]]
        self.moved = [c for c, moved in unseen if moved]
        self.still = [c for c, moved in unseen if not moved]
        self.gone = [i for i, r in enumerate(view.removed) if r["side"] == enemy and not r["piece"]]
        rs = game.rs
        self.pool = sorted(rs.type_index[t] for t, n in hidden_pool(game, view, 1 - player).items() for _ in range(n))
        self.mobile = frozenset(rs.type_index[pt.id] for pt in rs.piece_types if pt.mobile)
        # counts run dry only when rules have changed ranks in play (a promotion); then any mobile rank will do
        self.fallback = sorted(self.mobile) or list(range(len(rs.piece_types)))
        # a piece that has not moved stands where it was set up, so a setup rule (the flag on the rear rows) narrows it
        self.setup_cells: dict[int, frozenset[int]] = {}
        if not game.scenario and hasattr(game, "board"):
            home = len(game.board.home[1 - player])
            for t in set(self.pool):
                cells = frozenset(game.allowed_cells(1 - player, rs.piece_types[t].id))
                if len(cells) < home:
                    self.setup_cells[t] = cells

    def may_run_dry(self) -> bool:
        """Could a guess run out of counted ranks and take a fallback one (a rank changed out of sight, a piece brought
        in by hooks that do not name what they may bring)?

        Such a world may hold more of a rank than an army has, which the
        kernel's arrays, sized by the army, do not fit (Sõjamäng's generals:
        ``strong_compiled.fits`` keeps such worlds off the kernel for the same
        reason); the compiled search does not check, so it is not given them. Counted
        without the draws: the mobile ranks a setup rule confines may all go
        to unmoved pieces, so only the others are sure to be left for the
        moved ones.
        """
        mobile = sum(1 for t in self.pool if t in self.mobile and t not in self.setup_cells)
        return len(self.pool) < len(self.still) + len(self.moved) + len(self.gone) or mobile < len(self.moved)

    def guess(self, rng: random.Random) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """A rank for every hidden enemy piece: cell → rank on the board, and (uid, rank) for each one removed unseen."""
        pool = list(self.pool)
        rng.shuffle(pool)
        mobile, guesses = self.mobile, {}
        still = list(self.still)
        for i in range(len(pool) - 1, -1, -1):  # first the ranks a setup rule confines, each to a cell it allows
            allowed = self.setup_cells.get(pool[i])
            if allowed is not None:
                cells = [c for c in still if c in allowed]
                if cells:
                    c = rng.choice(cells)
                    still.remove(c)
                    guesses[c] = pool.pop(i)
        for c in self.moved:  # a piece seen to move is no mine or flag
            i = next((i for i in range(len(pool) - 1, -1, -1) if pool[i] in mobile), -1)
            guesses[c] = pool.pop(i) if i >= 0 else rng.choice(self.fallback)
        for c in still:
            guesses[c] = pool.pop() if pool else rng.choice(self.fallback)
        gone = [(self.game.removed[i][0], pool.pop() if pool else rng.choice(self.fallback)) for i in self.gone]
        return guesses, gone

    def arrays(self) -> tuple[np.ndarray, ...]:
        """What was read, as the compiled guess takes it (:mod:`.ismcts_compiled`).

        The enemy's ranks not accounted for (the pool), his unmoved and
        moved hidden pieces' cells, the uids of his pieces removed unseen,
        the cells a setup rule allows each confined rank (per type, where
        confined), the mobile types and the ranks to fall back on.
        """
        types, cells = len(self.game.rs.piece_types), len(self.game.kind)
        allowed = np.zeros((types, cells), np.bool_)
        confined = np.zeros(types, np.bool_)
        for t, where in self.setup_cells.items():
            confined[t] = True
            allowed[t, list(where)] = True
        mobile = np.zeros(types, np.bool_)
        mobile[list(self.mobile)] = True
        return (
            np.array(self.pool, np.int64),
            np.array(self.still, np.int64),
            np.array(self.moved, np.int64),
            np.array([self.game.removed[i][0] for i in self.gone], np.int64),
            allowed,
            confined,
            mobile,
            np.array(self.fallback, np.int64),
        )

    def sample(self, rng: random.Random) -> Game:
        """A copy of the game with every hidden enemy rank replaced by a guess (:meth:`guess`)."""
        world = self.game.clone()
        if not self.hidden:
            return world
        guesses, gone = self.guess(rng)
        for c, t in guesses.items():
            world.kind[c] = t
        for i, (u, t) in zip(self.gone, gone, strict=True):
            _, _, o, ply = world.removed[i]
            world.removed[i] = (u, t, o, ply)
        world.redrawn(self.player, [world.uid[c] for c in guesses] + [u for u, _ in gone])
        return world


class ISMCTSPlayer(Player):
    """Single-observer information-set MCTS over guessed worlds; ``iterations`` sets its strength and cost."""

    name = "ismcts"
    budgeted = True

    def __init__(self, seed: int | str = 0, iterations: int = DEFAULT_ITERATIONS, engine: str = "auto"):
        super().__init__(seed)
        # checked here, not only in make_player's "ismcts:N": the compiled search's tree holds iterations + 1 nodes
        self.iterations = whole_number(iterations, 1, MAX_BUDGET, "ismcts's iterations")
        self.engine = engine  # where the guessed worlds are played (kernel.ENGINES): the choices are the same on either

    def choose(self, game: Game) -> Any:
        legal = game.legal_moves()
        if len(legal) == 1:
            return legal[0]
        stats = self.statistics(game, legal)
        # the most visited of the moves legal in the real game (the mover always knows his own moves)
        return legal[max(range(len(legal)), key=stats.__getitem__)]

    def statistics(self, game: Game, legal: list[Any]) -> list[tuple[int, float]]:
        """Search ``game`` for its mover: (visits, reward) of each of his ``legal`` moves, (-1, 0) for one never tried.

        On the kernel every iteration runs in one compiled call
        (:mod:`.ismcts_compiled`), with the same draws and float operations,
        so the statistics are the reference search's to the last bit.
        """
        me = game.to_move
        # greedy's judgement from the player's own view orders the moves and guides their first visits
        view = game.view(me, with_events=False)
        values = game.move_values(legal, view)
        guesser = Guesser(game, me, view)
        playouts = Playouts(self.engine, game, self.rng.getrandbits(64))
        prior = [0.5 + 0.5 * math.tanh(v / MATERIAL_SCALE) for v in values]
        if playouts.kernel and guesser.may_run_dry():  # searched here, to the same values (the kernel would overrun)
            playouts.kernel = False
        if playouts.kernel:
            from ..kernel.arrays import PositionUnfit
            from .ismcts_compiled import search

            settings = (PLAYOUTS, PLAYOUT_PLIES, ADVANCE, MATERIAL_SCALE, EXPLORATION, PRIOR_WEIGHT)
            try:  # the position is loaded before any draw: a refusal leaves both generators as they were
                return search(game, legal, guesser.arrays(), self.rng, playouts.stream, prior, self.iterations, settings)
            except PositionUnfit:  # e.g. Sõjamäng's reinforcements beyond both armies: searched here, to the same values
                playouts.kernel = False
        root, bias = Node(), dict(zip(legal, prior, strict=True))
        for _ in range(self.iterations):
            self._iterate(root, guesser.sample(self.rng), me, bias, playouts)
        return [(root.children[m].visits, root.children[m].reward) if m in root.children else (-1, 0) for m in legal]

    def _iterate(self, root: Node, world: Game, me: int, prior: dict[Any, float], playouts: Playouts) -> None:
        rng, path, node, score = self.rng, [root], root, None
        while world.result is None:
            moves = world.legal_moves()
            if not moves:  # a guess can leave the mover none (a guessed cabaret nails his men): he loses, as in play
                score = 0.0 if world.to_move == me else 1.0
                break
            untried = [m for m in moves if m not in node.children]
            mover = world.to_move
            if untried:  # at the root the move greedy likes best first, below it any
                move = max(untried, key=lambda m: prior.get(m, 0.0)) if node is root else rng.choice(untried)
                node.children[move] = Node(mover=mover)
            for m in moves:  # how often each move could have been chosen: its UCB's "parent visits"
                if m in node.children:
                    node.children[m].available += 1
            if untried:
                world.play(move)
                path.append(node.children[move])
                break
            bias = prior if node is root else {}
            move = max(moves, key=lambda m: _ucb(node.children[m], bias.get(m, 0.0)))
            node = node.children[move]
            world.play(move)
            path.append(node)
        if score is None:
            score = playouts.score(world, me)
        for n in path[1:]:
            n.visits += 1
            n.reward += score if n.mover == me else 1.0 - score


def _ucb(node: Node, bias: float) -> float:
    """UCB1 over the times the move was available, plus a prior that fades as the move is visited."""
    n = node.visits
    return node.reward / n + EXPLORATION * math.sqrt(math.log(node.available) / n) + PRIOR_WEIGHT * bias / n


class Playouts:
    """One move's playouts: a few plies of the guessed world, each side taking a fight it wins in it if it has one, else any move.

    Both sides see every rank of the guessed world here, so the enemy
    punishes every exposed piece: a cautious model of him. Against greedy
    play in 40 Japanese War Games (default options, ply limit 1,500 and
    budget; seeds 0-39, sides alternating) the player won 27 (Wilson 95 %
    interval 52-80 %), drew 3 and lost 10; with blind playouts (random moves
    only), on the same seeds, it won 20 (35-65 %), drew 3 and lost 17. The
    intervals overlap (Fisher's exact test on the wins: p = 0.17), so the
    cautious model is kept as the likelier better one, not a proven one.
    (Measured when the playouts drew from the search's own generator; they
    now draw from a generator of their own, seeded from it once a move.)

    They run on the compiled kernel where it covers the ruleset
    (``engine`` ``auto``; :func:`wararchive.kernel.choose`), else on the
    reference engine, with the same moves, draws and scores either way
    (``tests/kernel/test_kernel.py``): the kernel mirrors their generator once a
    move, not once a playout.
    """

    def __init__(self, engine: str, game: Game, seed: int):
        from ..kernel import choose, mirror

        self.rng = random.Random(seed)
        self.kernel = choose(engine, game.rs)[0] == "kernel"
        self.stream = mirror(self.rng) if self.kernel else None

    def score(self, world: Game, me: int) -> float:
        """The mean score for ``me`` (0…1, :func:`squash`) of ``PLAYOUTS`` playouts of ``world`` (a game: the last plays on)."""
        if world.result is not None:
            return squash(*_ended(world), me)
        if self.kernel:
            from ..kernel import search_playouts

            ends = search_playouts(world, PLAYOUTS, PLAYOUT_PLIES, self.stream, me, ADVANCE)
        else:
            ends = [self._playout(world.clone() if r < PLAYOUTS - 1 else world, me) for r in range(PLAYOUTS)]
        total = 0.0
        for over, winner, balance in ends:
            total += squash(over, winner, balance, me)
        return total / PLAYOUTS

    def _playout(self, world: Game, me: int) -> tuple[bool, int, float]:
        """One playout on the reference engine: (over, winner's side or -1, material and advance balance for ``me``)."""
        fights = getattr(world, "winning_fights", None)
        for _ in range(PLAYOUT_PLIES):
            if world.result is not None:
                break
            moves = world.legal_moves()
            wins = fights(moves) if fights else []
            world.play(self.rng.choice(wins or moves))
        if world.result is not None:
            return _ended(world)
        return False, -1, world.material(me) - world.material(1 - me) + ADVANCE * (_advance(world, me) - _advance(world, 1 - me))


def _ended(world: Game) -> tuple[bool, int, float]:
    """A finished world as a playout's end: (True, the winner's side or -1 for a draw, no balance)."""
    winner = world.result["winner"]
    return True, -1 if winner is None else world.rs.side_index(winner), 0.0


def squash(over: bool, winner: int, balance: float, me: int) -> float:
    """A playout's end for ``me`` in 0…1: a finished game 1, ½ or 0, else the material balance, squashed."""
    if over:
        return 0.5 if winner < 0 else float(winner == me)
    return 0.5 + 0.5 * math.tanh(balance / MATERIAL_SCALE)


def _advance(world: Game, player: int) -> int:
    """How many rows ``player``'s mobile pieces stand in front of his back row (square boards; else 0).

    Games are won by reaching the enemy (his flag, his headquarters): without
    this the search, seeing no gain within its horizon, would shuffle.
    """
    board = getattr(world, "board", None)
    if board is None or getattr(board, "kind", "") != "grid":
        return 0
    kind, types, row = world.kind, world.types, board.row_from_back
    return sum(row(c, player) for c in world.positions[player] if types[kind[c]].mobile)
