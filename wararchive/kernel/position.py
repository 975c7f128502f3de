"""A reference game's position as kernel state, and the search's playouts from it.

A search hands the kernel a position the reference engine reached: ``ismcts``
its real position once a move (the root of its guessed worlds,
:mod:`.world`), ``openspiel-ismcts`` each leaf of OpenSpiel's tree for its
playouts (:func:`wararchive.kernel.search_playouts`). That is sound only if
the kernel, loaded with the position, plays on exactly as the reference
game would: ``tests/kernel/test_kernel.py`` loads positions from the middle of
reference games and checks that the kernel's continuation with seeded
players is the reference game's, move for move.

Everything the covered rulesets' moves depend on is carried over: the
pieces and their owners and uids, the blocked squares (water, Spionaaž's
volcanoes), the map game's hook state (pieces withdrawn, pieces caught by
gas), Sõjamäng's (its hooks' ``State``: charges, nailed and arrested
pieces, promotions due, reinforcements open…, with the pieces held, the
squares barred to a side's piece, the pieces brought in and the plies
owed), which pieces were seen to move,
moved this turn or may not go back, what each side has been shown, and the
turn's count of plies. The kernel's event log starts empty: a playout is
judged by its end, not by its story.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..engine.limits import SEED_MAX
from . import families, playout as k
from .arrays import cells, number, numbers, plain, uids, unfit

if TYPE_CHECKING:
    from ..engine.board_game import BoardGame
    from .playout import Spec, Work


def load(S: Spec, W: Work, game: BoardGame) -> None:
    """Write ``game``'s position (of the ruleset ``S`` was built from, still going on) into ``W``, if :func:`check` passes it."""
    check(S, W, game)
    W.G[:] = 0
    W.G[k.G_WINNER] = W.G[k.G_END_RULE] = W.G[k.G_LAST0] = W.G[k.G_LAST1] = -1
    W.G[k.G_PLY], W.G[k.G_TO_MOVE], W.G[k.G_TURN_PLIES] = game.ply, game.to_move, game.turn_plies
    W.G[k.G_SEED] = game.seed
    W.kind[:], W.owner[:], W.uid[:] = game.kind, game.owner, game.uid
    W.enter[:] = np.frombuffer(game._blocked, np.uint8) == 0
    W.uid_owner[:] = -1
    W.uid_kind[:] = -1
    on_board = W.uid >= 0
    W.uid_owner[W.uid[on_board]] = W.owner[on_board]
    W.uid_kind[W.uid[on_board]] = W.kind[on_board]
    for i, (u, t, o, _) in enumerate(game.removed):
        W.uid_owner[u], W.uid_kind[u] = o, t
        W.rem[i] = u
    W.G[k.G_NREMOVED] = len(game.removed)
    W.frozen[:] = False
    W.frozen[list(game._frozen)] = True
    rows = b"".join(row for rows in game.enter_by for row in rows)  # one copy, not one array per side and type
    W.enter_by[:] = np.frombuffer(rows, np.uint8).reshape(W.enter_by.shape) != 0
    W.last_from[:] = -1
    for u, c in game.last_from.items():
        W.last_from[u] = c
        if S.P[k.P_NO_RETURN] == k.NO_RETURN_PLAYER:  # the one piece of each side that may not go back
            W.G[k.G_LAST0 + game.uid_owner[u]] = u
    W.turn_moved[:] = False
    for i, u in enumerate(game.turn_moved):
        W.turn_moved[u] = True
        W.G[k.G_TURN + i] = u
    W.G[k.G_NTURN] = len(game.turn_moved)
    W.moved[:] = False
    W.moved[list(game.moved)] = True
    W.known[:] = False
    for side in (0, 1):
        W.known[side, list(game._known[side])] = True
    W.mark[:] = 0
    families.family(int(S.P[k.P_HOOKS])).load_state(S, W, game)
    k.resume(S, W)
    if W.G[k.G_NMOVES] == 0:  # a game going on has a move; without one, the playouts would draw from none forever
        raise unfit(f"{game.rs.sides[game.to_move]} is to move and has no move, yet the game is not over")


def check(S: Spec, W: Work, game: BoardGame) -> None:
    """Refuse, in one line, a position that ``W``'s arrays cannot hold, before anything of it is written there.

    Compiled code checks no index: a Sõjamäng position with more generals
    than an army has wrote past the table of the reinforcements they may
    call, and the process died of heap corruption. A position a
    reference game reached always fits; one made by ``Ruleset.position``
    (which enforces no army sizes) or edited by hand must have:

    * a game going on, before its ply limit, with side 0 or 1 to move;
    * on each cell a piece type, a side (0 or 1) and a uid, or none of them;
      no more pieces on the board than both armies have (on the map, than
      its army for each side: its move buffer is sized per army);
    * every uid (on the board, fallen, or named by the game's or the hooks'
      state) below the kernel's room for pieces (both armies and eight
      brought in), each piece on one cell or among the fallen, once;
    * in Sõjamäng at most four generals a side (an army's), as many open
      reinforcements, and room left for the piece each general may still
      bring in; the hooks' cells, sides, pieces and rules those of the
      ruleset, their counts 64-bit integers.

    :func:`load` also refuses a position whose side to move has no move
    (the playouts would draw from no moves for ever).
    """
    if game.result is not None:
        raise unfit("the game is over: the kernel plays on only from a position of a game going on")
    n, types, room = W.kind.shape[0], S.count.shape[0], W.uid_owner.shape[0]
    fam = families.family(int(S.P[k.P_HOOKS]))
    number(game.ply, 0, int(S.P[k.P_PLY_LIMIT]) - 1, "the ply (below the ply limit)")
    number(game.to_move, 0, 1, "the side to move")
    number(game.turn_plies, 0, int(S.P[k.P_PLY_LIMIT]), "the plies of the turn")
    number(game.seed, -SEED_MAX, SEED_MAX, "the game's seed")
    for name in ("kind", "owner", "uid", "_blocked"):
        if len(getattr(game, name)) != n:
            raise unfit(f"game.{name} has {len(getattr(game, name))} cells, the board {n}")
    if [[len(row) for row in rows] for rows in game.enter_by] != [[n] * types] * 2:
        raise unfit(f"game.enter_by is not a table of {n} cells per side and piece type")
    per_side = _pieces_per_side(game, types, room)
    army = int(S.P[k.P_UIDS])
    if sum(per_side) > army or (fam.army_per_side and max(per_side) > army // 2):
        raise unfit(f"{per_side[0]} and {per_side[1]} pieces on the board: more than the armies have ({army // 2} a side)")
    fallen = list(zip(*game.removed, strict=True)) or [(), (), ()]
    numbers(fallen[0], 0, room - 1, "a fallen piece's uid")
    numbers(fallen[1], 0, types - 1, "a fallen piece's type")
    numbers(fallen[2], 0, 1, "a fallen piece's side")
    pieces = [u for u in game.uid if u >= 0] + list(fallen[0])
    if len(set(pieces)) != len(pieces):
        raise unfit("a uid stands for two pieces (on the board or among the fallen)")
    numbers(game.uid_owner.keys(), 0, room - 1, "a uid of game.uid_owner")
    numbers(game.uid_owner.values(), 0, 1, "a side of game.uid_owner")
    for name, named in (("last_from", game.last_from), ("moved", game.moved), ("turn_moved", game.turn_moved)):
        uids(W, f"game.{name}", named, lo=-1)  # -1: a move from an empty square (Sõjamäng's deserter, reinforcements)
    cells(W, "game.last_from", game.last_from.values())
    uids(W, "game._frozen", game._frozen)
    uids(W, "game._known", [*game._known[0], *game._known[1]])
    if len(game.turn_moved) > k.G_SIZE - k.G_TURN:
        raise unfit(f"{len(game.turn_moved)} pieces moved this turn: the kernel keeps at most {k.G_SIZE - k.G_TURN}")
    fam.check_state(S, W, game)


def _pieces_per_side(game: BoardGame, types: int, room: int) -> list[int]:
    """Each side's pieces on the board, every cell checked to hold a piece type, a side and a uid, or none of them.

    A game's cells pass in a few array operations; a cell that does not is
    found one by one and named.
    """
    kind, owner, uid = game.kind, game.owner, game.uid
    if plain(kind, -1, types - 1) and plain(owner, -1, 1) and plain(uid, -1, room - 1):
        kinds, owners, ids = np.array(kind, np.int64), np.array(owner, np.int64), np.array(uid, np.int64)
        if (((kinds == -1) & (owners == -1) & (ids == -1)) | ((kinds >= 0) & (owners >= 0) & (ids >= 0))).all():
            return [int((owners == 0).sum()), int((owners == 1).sum())]
    per_side = [0, 0]
    for c, piece in enumerate(zip(kind, owner, uid, strict=True)):
        if piece != (-1, -1, -1):
            number(piece[0], 0, types - 1, f"the piece type on cell {c}")
            per_side[number(piece[1], 0, 1, f"the side on cell {c}")] += 1
            number(piece[2], 0, room - 1, f"the uid on cell {c}")
    return per_side


def playouts(
    S: Spec, W0: Work, W: Work, count: int, plies: int, stream: np.ndarray, me: int, advance: float
) -> list[tuple[bool, int, float]]:
    """``count`` runs of :func:`.playout.playouts` from the position in ``W0`` (played in ``W``), drawing from ``stream``.

    Per playout: (over, winner's side or -1, the material and advance balance for ``me``).
    """
    out = np.zeros((count, 3))
    k.playouts(S, W0, W, plies, stream, me, advance, out)
    return [(bool(over), int(winner), balance) for over, winner, balance in out.tolist()]
