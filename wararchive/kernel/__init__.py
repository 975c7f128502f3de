"""A compiled playout kernel: whole games of the covered rulesets, move for move the reference engine's.

The reference engine (:mod:`wararchive.engine`) is the definition of the
rules; the kernel is an accelerator. For a ruleset and players it covers,
``play(rs, seed)`` returns the game ``simulate_one(rs, seed)`` would play:
the same setups, moves, events (rule firings), result and record, made by
numba-compiled code on array state. ``tests/kernel/test_kernel.py`` plays every
covered option set both ways and names the seed and ply of any divergence.

Covered: the Japanese War Game, Spionaaž, the Finnish map game and
Sõjamäng, every option, random and greedy players in any pairing, and
the search's positions in all four; chess's whole games between random
and greedy players, every option (:mod:`.chess`, its own compiled games).
Anything else (a search player on either side, a search's chess
positions, a machine without numba) is not: :func:`gap` says
why in one line, and callers (``players.simulate``, hence the commands
``simulate``, ``study`` and ``publish-studies``) then run the reference
engine and say so.

The search player ``ismcts`` runs its whole search on the kernel: the
real position is loaded once a move (:func:`worlds`), and one compiled
call (:mod:`wararchive.players.ismcts_compiled`) makes each iteration's
guessed world as a copy of it with the guesses written in, plays the
tree's moves and the playouts on it, in the reference engine's order of
moves and with the same random draws, and keeps the tree, so the search
chooses the same moves on either engine. :func:`search_playouts` plays
the same playouts from a reference game's position (loaded by
:mod:`.position`), for a search whose tree is not the archive's
(``openspiel-ismcts``).

No input reaches compiled code unchecked (compiled code checks no index,
and a number out of range wraps or writes past a buffer). The
public functions here refuse, in one line (a
:class:`~wararchive.errors.WararchiveError`), a seed outside
:func:`~wararchive.engine.limits.check_seed`'s range (the whole numbers of
magnitude up to 2**63 - 1, the reference engine's too), players other than
two the kernel plays, a ruleset it does not cover, a position its arrays
cannot hold (:func:`.position.check`), and playouts' numbers out of the
ranges :func:`search_playouts` gives.

Numba compiles on first use and caches the machine code next to these
modules (``cache=True``), so only the first run on a machine pays for it.
Numba checks a cached function against its own file only: after editing
:mod:`.mt` or :mod:`.playout`, whose functions :mod:`.playout` and
:mod:`wararchive.players.ismcts_compiled` compile into their own, delete
the ``*.nbi`` and ``*.nbc`` files in ``wararchive/kernel/__pycache__`` and
``wararchive/players/__pycache__`` (a fresh install has none).
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import random

    import numpy as np

    from ..engine.board_game import BoardGame
    from ..engine.ruleset import Ruleset
    from .block import Block
    from .chess import ReplayedChessGame
    from .game import KernelGame
    from .world import Worlds

ENGINES = ("auto", "kernel", "reference")
"""``auto``: the kernel where it covers the ruleset and players, else the reference engine."""


@cache
def numba_gap() -> str | None:
    """Why numba cannot run here (not installed, or broken), or None."""
    if importlib.util.find_spec("numba") is None:
        return "numba is not installed (pip install 'wararchive[kernel]')"
    try:
        import numba  # noqa: F401
    except Exception as exc:  # a broken install (llvmlite mismatch…) must not break the archive
        return f"numba does not import: {exc}"
    return None


def gap(rs: Ruleset, players: Sequence[str] | None = None) -> str | None:
    """Why the kernel cannot play ``rs`` between ``players`` (one line), or None if it can.

    ``players`` None asks for a search's positions (:func:`search_playouts`,
    :func:`worlds`) and random playouts from them: the board games have
    both, chess (:mod:`.chess`) only whole games between named players.
    """
    if (why := numba_gap()) is not None:
        return why
    from .chess import gap as chess_gap, is_chess
    from .tables import players_gap, ruleset_gap

    if is_chess(rs):
        positions = "the kernel plays whole games of chess, not a search's positions"
        return chess_gap(rs) or (positions if players is None else players_gap(tuple(players)))
    return ruleset_gap(rs) or (None if players is None else players_gap(tuple(players)))


def covers(rs: Ruleset, players: Sequence[str] | None = None) -> bool:
    """Can the kernel play ``rs`` between ``players`` (None: a search's positions)? (:func:`gap` says why not.)"""
    return gap(rs, players) is None


def choose(engine: str, rs: Ruleset, players: Sequence[str] | None = None) -> tuple[str, str | None]:
    """Which engine runs (``"kernel"`` or ``"reference"``) when ``engine`` is asked for, and why not the kernel.

    ``kernel`` asked for where it does not cover the game is refused with
    the reason (a :class:`~wararchive.errors.WararchiveError`), not quietly
    replaced.
    """
    from ..errors import WararchiveError

    if engine not in ENGINES:
        raise WararchiveError(f"engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine == "reference":
        return "reference", "the reference engine was asked for"
    why = gap(rs, players)
    if why is None:
        return "kernel", None
    if engine == "kernel":
        raise WararchiveError(f"the kernel cannot play this: {why}")
    return "reference", why


def play(rs: Ruleset, seed: int, players: Sequence[str] = ("random", "random")) -> KernelGame | ReplayedChessGame:
    """The game ``simulate_one(rs, seed, players)`` plays, played by the kernel (see :func:`gap` for what it covers).

    For chess, the reference game replayed from the compiled game's moves (:func:`.chess.play`).
    """
    from ..engine.limits import check_seed
    from ..engine.placing import SetupError
    from . import chess, playout
    from .block import keys_of
    from .game import KernelGame
    from .tables import player_kinds

    check_seed(seed)
    _require(rs, players)
    if chess.is_chess(rs):
        return chess.play(rs, seed, players)
    S, W = _compiled(rs)
    for s, key in enumerate(keys_of(rs, seed)):
        playout.mt.seed(W.rng[s], key)
    W.G[playout.G_SEED] = seed
    playout.play(S, W, player_kinds((players[0], players[1])), False)
    if W.G[playout.G_SETUP_FAILED]:
        side = rs.sides[W.G[playout.G_SETUP_FAILED] - 1]
        raise SetupError(f"no legal random setup found for {side} in {playout.SETUP_TRIES} tries")
    return KernelGame(rs, seed, W)


def play_many(rs: Ruleset, seeds: Sequence[int], players: Sequence[str] = ("random", "random")) -> np.ndarray:
    """Games for ``seeds`` in one compiled loop: rows of (plies, winner or -1, end rule index).

    The fast path for throughput (benchmarks, bulk statistics): no records
    are built. Each row is the game :func:`play` returns for that seed;
    :func:`play_block` gives the rest of what a study reads of it
    (for chess, :func:`.chess.play_block`).
    """
    from . import chess

    if chess.is_chess(rs):
        return chess.play_many(rs, seeds, players)
    return play_block(rs, seeds, players).out[:, :3].copy()


def play_block(rs: Ruleset, seeds: Sequence[int], players: Sequence[str]) -> Block:
    """The facts of ``seeds``' games of ``rs`` between ``players`` (in the order of the sides), in one compiled call.

    The seeds and players are checked as :func:`wararchive.kernel.play`
    checks them (one line each), before any compiled code runs; a seed
    whose random setup fails raises the kernel's
    :class:`~wararchive.engine.placing.SetupError`, as ``kernel.play`` does.
    """
    import numpy as np

    from ..engine.limits import check_seed
    from ..engine.placing import SetupError
    from . import playout
    from .block import Block, keys_of
    from .tables import player_kinds

    seeds = [check_seed(s) for s in seeds]
    _require(rs, players)
    S, W = _compiled(rs)
    # Sõjamäng's reinforcements bring in pieces of any type: the army arrays have a column for every type.
    block = Block(seeds, W.kind.shape[0], len(rs.rules), len(rs.piece_types))
    if not seeds:
        return block
    keys = np.stack([keys_of(rs, s) for s in seeds])
    arrays = (block.out, block.fired, block.start, block.end, block.cells, block.blocked)
    playout.play_block(S, W, player_kinds((players[0], players[1])), keys, np.array(seeds, np.int64), *arrays)
    failed = block.out[:, playout.OUT_SETUP_FAILED]
    if failed.any():
        g = int(np.flatnonzero(failed)[0])
        side = rs.sides[failed[g] - 1]
        raise SetupError(f"no legal random setup found for {side} in {playout.SETUP_TRIES} tries (seed {seeds[g]})")
    return block


def search_playouts(
    game: BoardGame, count: int, plies: int, stream: np.ndarray, me: int, advance: float
) -> list[tuple[bool, int, float]]:
    """The search's ``count`` playouts (:class:`wararchive.players.ismcts.Playouts`) of ``game``'s position, compiled.

    The same moves and draws as the reference playouts from a ``stream``
    that mirrors their ``random.Random`` (:func:`mirror`), and the same
    scores: per playout (over, winner's side or -1, the material and
    advance balance for ``me``). ``tests/kernel/test_kernel.py`` checks both.

    Checked first, each refused in one line: ``game`` a board game going
    on of a covered ruleset (:func:`covers`) whose position the kernel can
    hold (:func:`.position.check`); ``count`` from 0 to
    :data:`~wararchive.engine.limits.MAX_BUDGET`; ``plies`` from 0 to the
    largest ply limit (:data:`~wararchive.engine.common.PLY_LIMIT_MAX`);
    ``stream`` a stream as :func:`mirror` makes it (and left where the
    playouts leave it); ``me`` 0 or 1; ``advance`` a finite number.
    """
    import math

    from ..engine.common import PLY_LIMIT_MAX
    from ..engine.limits import MAX_BUDGET, whole_number
    from ..errors import WararchiveError
    from .position import load, playouts

    _require_game(game)
    whole_number(count, 0, MAX_BUDGET, "count (playouts)")
    whole_number(plies, 0, PLY_LIMIT_MAX, "plies (a playout's)")
    whole_number(me, 0, 1, "me (the side scored for)")
    if not isinstance(advance, int | float) or isinstance(advance, bool) or not math.isfinite(advance):
        raise WararchiveError(f"advance must be a finite number, not {advance!r:.40}")
    S, W = _compiled(game.rs)
    W0 = _compiled(game.rs, "position")[1]
    load(S, W0, game)
    return playouts(S, W0, W, count, plies, _stream(stream), me, float(advance))


def worlds(game: BoardGame) -> Worlds:
    """A search's guessed worlds of ``game``'s position on the kernel (:mod:`.world`), checked as :func:`search_playouts` does."""
    from .world import Worlds

    _require_game(game)
    S, root = _compiled(game.rs, "root")
    return Worlds(S, root, _compiled(game.rs, "world")[1], _compiled(game.rs)[1], game)


def mirror(rng: random.Random) -> np.ndarray:
    """A kernel stream (:mod:`.mt`) in ``rng``'s state: it draws what ``rng`` would draw next."""
    import random

    import numpy as np

    from ..errors import WararchiveError

    if not isinstance(rng, random.Random) or isinstance(rng, random.SystemRandom):  # SystemRandom has no state
        raise WararchiveError(f"a kernel stream mirrors a random.Random, not {type(rng).__name__}")
    return np.array(rng.getstate()[1], np.int64)


def _stream(stream: object) -> np.ndarray:
    """``stream`` if it is a kernel stream as :func:`mirror` makes it, else a one-line error.

    Compiled code reads the word at the stream's position (its last entry)
    unchecked, and writes the stream back: it must be a writable, contiguous
    int64 array of :data:`.mt.STATE` entries, the words of 32 bits and the
    position from 0 to :data:`.mt.N`.
    """
    import numpy as np

    from ..errors import WararchiveError
    from .mt import STATE, N

    if not (isinstance(stream, np.ndarray) and stream.dtype == np.int64 and stream.shape == (STATE,)):
        given = f"{stream.dtype} of shape {stream.shape}" if isinstance(stream, np.ndarray) else type(stream).__name__
        raise WararchiveError(f"a kernel stream is an int64 array of {STATE} entries (see kernel.mirror), not {given}")
    if not (stream.flags.c_contiguous and stream.flags.writeable):
        raise WararchiveError("a kernel stream must be a contiguous, writable array (the playouts draw from it in place)")
    if not (stream[:N].min() >= 0 and stream[:N].max() < 2**32 and 0 <= stream[N] <= N):
        raise WararchiveError(f"a kernel stream holds {N} words of 32 bits and a position from 0 to {N}")
    return stream


def _require(rs: Ruleset, players: Sequence[str] | None = None) -> None:
    """Refuse, in one line, a ruleset or players the kernel does not play (:func:`gap` says why)."""
    from ..errors import WararchiveError

    if (why := gap(rs, players)) is not None:
        raise WararchiveError(f"the kernel cannot play this: {why}")


def _require_game(game: BoardGame) -> None:
    """Refuse, in one line, anything but a board game of a ruleset the kernel covers (its position is checked as it loads)."""
    from ..engine.board_game import BoardGame
    from ..errors import WararchiveError

    if not isinstance(game, BoardGame):
        raise WararchiveError(f"the kernel loads positions of board games, not {type(game).__name__}")
    _require(game.rs)


_LOCAL = threading.local()  # each thread its own game buffers: a Dask worker of an outside cluster may run several threads


def _compiled(rs: Ruleset, slot: str = "game"):
    """The ruleset's arrays and this thread's ``slot`` buffers for its games (a search loads its positions into a second)."""
    from ..errors import WararchiveError
    from . import playout
    from .chess import is_chess
    from .tables import spec

    if is_chess(rs):  # chess has no board game's arrays: its own compiled games (.chess) take whole games only
        raise WararchiveError("the kernel cannot play chess on the board games' arrays: kernel.play and play_many play it")
    S = spec(rs)
    buffers = _LOCAL.__dict__.setdefault(slot, {})
    if id(S) not in buffers:
        buffers[id(S)] = (S, playout.work(S))
    return buffers[id(S)]
