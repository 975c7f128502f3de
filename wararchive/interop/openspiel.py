"""Every ruleset as an OpenSpiel game, so OpenSpiel's bots and algorithms play the archive's games.

``import wararchive.interop.openspiel`` registers one Python game per
ruleset (``wararchive_japanese_war_game``…), whose parameters are the
ruleset's options plus ``setups``. Then::

    game = pyspiel.load_game("wararchive_japanese_war_game", {"spy_vs_marshal": "swedish"})

A game opens with a chance node that picks one of ``setups`` seeded
setups (the seed is the outcome, so a game is the wararchive game of that
seed). Both players' information comes from the engine's views alone:

* the *information state string* of a player is his view of the position
  plus a digest of everything he has read so far, every move as he saw it
  written and every event as his filter passed it (perfect recall: see
  :class:`_Carried`); the *observation string* is his view alone, also
  given as a tensor (see :class:`ViewObserver`); a rank his view hides
  appears in none of them.
* ``resample_from_infostate`` guesses the hidden ranks as the archive's own
  ISMCTS player does (:class:`~wararchive.players.ismcts.Guesser`), so
  OpenSpiel's ``ISMCTSBot`` can search these games.

Actions: a plain move is ``from * cells + to``, the same number wherever
it is played; ability moves (and chess promotions) follow, numbered
within the position by their notation, so their number means a move only
together with the position (at most ``ABILITY_SLOTS`` of them).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import chess
import numpy as np
import pyspiel

from ..engine.game import Game
from ..engine.moves import Move
from ..engine.registry import ruleset, rulesets
from ..engine.ruleset import Ruleset
from ..errors import WararchiveError
from ..players.ismcts import Guesser

SETUPS = 1000
ABILITY_SLOTS = 4096
PREFIX = "wararchive_"


def game_name(ruleset_id: str) -> str:
    """The OpenSpiel name of a ruleset: ``japanese-war-game`` → ``wararchive_japanese_war_game``."""
    return PREFIX + ruleset_id.replace("-", "_")


def _cells(rs: Ruleset) -> int:
    return 64 if rs.board is None else len(rs.board)


def _plain_action(move: Any, cells: int) -> int | None:
    """The fixed number of a plain move (no ability, no promotion), or None."""
    if isinstance(move, Move):
        return None if move.action else move.frm * cells + move.to
    if isinstance(move, chess.Move):
        return None if move.promotion else move.from_square * cells + move.to_square
    raise WararchiveError(f"no OpenSpiel action for a move of type {type(move).__name__}")


class _Carried:
    """The state's wararchive game and what each player has read of it, copied when OpenSpiel deep-copies the state.

    OpenSpiel clones a Python state by deep-copying each attribute; a deep
    copy of a game would copy its whole ruleset, hence this holder.

    What a player has read is kept as a running digest, a BLAKE2b hash chain
    extended once per ply with the move as he saw it written and the ply's
    events as his filter passed them (:meth:`Game.visible_events` from the
    ply's first event on). An information state that spelt out the whole
    history made each string as long as the game and a game's strings
    quadratic in its length; the digest keeps each string the size of a
    view, and two histories give the same digest exactly when the player read
    the same things in them (bar a 128-bit collision). A chain of bytes, not
    a hash object, so that OpenSpiel can pickle the state.
    """

    def __init__(self, rs: Ruleset, world: Game | None = None, read: tuple[bytes, bytes] = (b"", b"")):
        self.rs, self.world, self.read = rs, world, read

    def __deepcopy__(self, memo: dict) -> _Carried:
        return _Carried(self.rs, None if self.world is None else self.world.clone(), self.read)

    def start(self, world: Game) -> None:
        """The game is set up: each player reads what it tells him before the first move (his setup's events)."""
        self.world = world
        self._note(("", ""), 0)

    def play(self, move: Any) -> None:
        """Play ``move``; each player reads it as written for him, and the ply's events as his filter passes them."""
        world = self.world
        texts = tuple(world.public_text(move, side) for side in world.rs.sides)
        before = len(world.events)
        world.play(move)
        self._note(texts, before)

    def _note(self, texts: tuple[str, str], since: int) -> None:
        read = []
        for p, side in enumerate(self.world.rs.sides):
            news = json.dumps([texts[p], self.world.visible_events(side, since=since)], sort_keys=True, default=str)
            read.append(hashlib.blake2b(self.read[p] + news.encode(), digest_size=16).digest())
        self.read = (read[0], read[1])


class WararchiveGame(pyspiel.Game):
    """One ruleset (``ruleset_id``, set by :func:`register` on a subclass per ruleset), its options as parameters."""

    ruleset_id = ""

    def __init__(self, params: dict[str, Any] | None = None):
        given = dict(params or {})
        setups = int(given.pop("setups", SETUPS))
        self.rs = ruleset(self.ruleset_id, **given)
        self.setups = setups
        self.cells = _cells(self.rs)
        limit = self.rs.options.get("ply_limit") or 100_000
        info = pyspiel.GameInfo(
            num_distinct_actions=self.cells * self.cells + ABILITY_SLOTS,
            max_chance_outcomes=setups,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=limit + 1,
        )
        super().__init__(_game_type(self.rs.id), info, {**dict(self.rs.options), "setups": setups, **(params or {})})

    def new_initial_state(self) -> WararchiveState:
        return WararchiveState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ViewObserver(self.rs, perfect_recall)


class WararchiveState(pyspiel.State):
    """A position: first the chance node that picks the setup, then the wararchive game itself."""

    def __init__(self, game: WararchiveGame):
        super().__init__(game)
        self.setups, self.cells = game.setups, game.cells
        self.carried = _Carried(game.rs)

    @property
    def world(self) -> Game | None:
        """The wararchive game (None before the setup is drawn); it knows every rank, so bots must not read it."""
        return self.carried.world

    # -- the pyspiel interface --------------------------------------------------------
    def current_player(self) -> int:
        world = self.world
        if world is None:
            return pyspiel.PlayerId.CHANCE
        if world.result is not None:
            return pyspiel.PlayerId.TERMINAL
        return world.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / self.setups) for seed in range(self.setups)]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._actions())

    def _apply_action(self, action: int) -> None:
        if self.world is None:
            self.carried.start(self.carried.rs.new_game(seed=action))
        else:
            self.carried.play(self._actions()[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.world is None:
            return f"setup:{action}"
        return self.world.public_text(self._actions()[action], player)

    def is_terminal(self) -> bool:
        return self.world is not None and self.world.result is not None

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = self.world.result["winner"]
        if winner is None:
            return [0.0, 0.0]
        first = 1.0 if winner == self.world.rs.sides[0] else -1.0
        return [first, -first]

    def resample_from_infostate(self, player: int, probability_sampler) -> WararchiveState:
        """A state ``player`` cannot tell from this one: the ranks his view hides, guessed afresh."""
        state = self.clone()
        if self.world is not None:
            rng = random.Random(int(probability_sampler() * 2**53))
            state.carried.world = Guesser(self.world, player).sample(rng)
        return state

    def __str__(self) -> str:
        return "(setup not drawn)" if self.world is None else self.world.view("referee", with_events=False).render()

    # -- actions -------------------------------------------------------------------------
    def move_of(self, action: int) -> Any:
        """The wararchive move an action number stands for in this position."""
        return self._actions()[action]

    def _actions(self) -> dict[int, Any]:
        """The legal moves by action number (see the module's docstring)."""
        out: dict[int, Any] = {}
        others = []
        world = self.world
        for move in world.legal_moves():
            number = _plain_action(move, self.cells)
            if number is None:
                others.append((world.move_text(move), move))
            else:
                out[number] = move
        if len(others) > ABILITY_SLOTS:
            raise WararchiveError(f"{world.rs.id}: {len(others)} ability moves exceed the {ABILITY_SLOTS} action slots")
        base = self.cells * self.cells
        for i, (_, move) in enumerate(sorted(others, key=lambda tm: tm[0])):
            out[base + i] = move
        return out


class ViewObserver:
    """What a player's view shows, as OpenSpiel observes it.

    Strings: the information state (the view and the digest of all he has
    read, see :class:`_Carried`) or the observation (the view); both leave
    the view's event history out, which the digest stands for. The
    observation also comes as a tensor:
    for each side a plane per rank plus one for a piece whose rank is
    hidden, then a plane of pieces seen to move and one of blocked cells,
    each a value per cell.
    """

    def __init__(self, rs: Ruleset, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.rs = rs
        if perfect_recall:  # no information-state tensor: the string is the information state
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, np.ndarray] = {}
            return
        cells, ranks = _cells(rs), len(rs.piece_types) + 1
        self.tensor = np.zeros((2 * ranks + 2) * cells, np.float32)
        split = 2 * ranks * cells
        self.dict = {
            "pieces": self.tensor[:split].reshape(2, ranks, cells),
            "moved": self.tensor[split : split + cells],
            "blocked": self.tensor[split + cells :],
        }

    def set_from(self, state: WararchiveState, player: int) -> None:
        if self.perfect_recall:
            return
        self.tensor.fill(0)
        if state.world is None:
            return
        view = state.world.view(player, with_events=False)
        hidden, pieces, moved = len(self.rs.piece_types), self.dict["pieces"], self.dict["moved"]
        for c, seen in enumerate(view.cells):
            if seen:
                rank = self.rs.type_index[seen["piece"]] if seen["piece"] else hidden
                pieces[view.sides.index(seen["side"]), rank, c] = 1.0
                moved[c] = 1.0 if seen["moved"] else 0.0
        for name in view.blocked:
            self.dict["blocked"][view.board.cell(name)] = 1.0

    def string_from(self, state: WararchiveState, player: int) -> str:
        world = state.world
        if world is None:
            return f"p{player} (setup not drawn)"
        view = world.view(player, with_events=False).to_dict()
        del view["events"]
        if self.perfect_recall:
            view["read"] = state.carried.read[player].hex()
        return json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)


def _game_type(ruleset_id: str) -> pyspiel.GameType:
    rs = ruleset(ruleset_id)
    return pyspiel.GameType(
        short_name=game_name(ruleset_id),
        long_name=f"wararchive: {rs.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**dict(rs.options), "setups": SETUPS},
    )


def register() -> list[str]:
    """Register every ruleset with OpenSpiel (once); returns the game names.

    Each is registered as a class of its own: OpenSpiel keeps the
    constructor until after Python has shut down, and a class (unlike a
    ``functools.partial``) is still alive then, so exiting does not crash.
    """
    names = []
    registered = set(pyspiel.registered_names())
    for rid in rulesets():
        name = game_name(rid)
        if name not in registered:
            cls = type(f"Game_{name}", (WararchiveGame,), {"ruleset_id": rid, "__doc__": f"The {rid} ruleset."})
            pyspiel.register_game(_game_type(rid), cls)
        names.append(name)
    return names


GAMES = register()
