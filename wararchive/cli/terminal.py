"""Playing and replaying at the terminal: the legend, typed commands, refusals that say why.

A person at the keyboard needs what a program does not: what the symbols on
the text board mean, how a special move is written, which of a turn's moves
this is, why a move was refused, and a way to step back and forth through a
recorded game. Everything here is read from the game and its ruleset, so it
holds for every rulebook alike.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection
from typing import Any

from ..errors import WararchiveError

COMMANDS = {
    "?": "list the legal moves",
    "help": "this help: the legend and the commands",
    "quit": "abandon the game (no result, nothing saved)",
}


class GameAbandoned(Exception):
    """The person playing typed ``quit``: the game stops without a result."""

    def __init__(self, side: str, ply: int):
        self.side, self.ply = side, ply
        super().__init__(f"{side} abandoned the game before ply {ply}; no result")


def legend(game: Any, side: str) -> str:
    """What the text board's symbols mean and how moves are written, for ``side`` in this game.

    Read from ``side``'s own view and moves: the legend of a player waiting
    for the other's move must not quote that player's moves (a battery on f2,
    gas on e2 would tell where the enemy's hidden pieces stand).
    """
    rs, view = game.rs, game.view(side, with_events=False)
    first, second = rs.sides
    lines = [f"LEGEND  +X is {first}'s piece, -X {second}'s; the letters after the mark:"]
    symbols = getattr(view, "symbols", {}) or {}
    lines += [f"  {symbols.get(p.id) or p.id:<4} {p.name_en} ({p.name})" for p in rs.piece_types]
    lines += [f"  {mark:<4} {meaning}" for mark, meaning in _marks(view, rs.params.restricted)]
    for tag, allowed in rs.params.restricted.items():
        who = ", ".join(rs.piece(pid).name_en for pid in sorted(allowed)) or "no piece"
        lines.append(f"  ##   '{tag}' terrain: only {who} may enter")
    lines.append("MOVES  " + notation_help(game, side))
    return "\n".join(lines)


def _marks(view: Any, restricted: Collection[str]) -> list[tuple[str, str]]:
    """The marks this board shows (see ``View.render``), each with its meaning; restricted terrain is told apart."""
    marks = [("?", "a piece whose rank you have not seen")]
    board = getattr(view, "board", None)
    if board is None or board.kind != "grid":
        return marks
    tags = {t for cell in board.terrain for t in cell} - {"hq0", "hq1"}
    blocked = [name for name in getattr(view, "blocked", ()) if not board.has(board.cell(name), "water")]
    other = sorted(tags - {"water", "bridge", *restricted})
    marks.append((" .", "an empty square"))
    marks += [("~~", "water")] if "water" in tags else []
    marks += [("^^", "a blocked square (e.g. a volcano)")] if blocked else []
    marks += [("==", "a bridge")] if "bridge" in tags else []
    marks += [("##", f"terrain: {', '.join(other)}")] if other else []
    return marks


def notation_help(game: Any, side: str) -> str:
    """How a move is written, with examples taken from ``side``'s legal moves when he is to move, else none.

    The moves legal now are the mover's: quoted to anyone else they would
    name the mover's pieces and squares.
    """
    texts = [game.move_text(m) for m in game.legal_moves()] if game.side == side and game.result is None else []
    plain = next((t for t in texts if ":" not in t), None)
    out = f"type a move as the examples show, e.g. {plain}" if plain else "type a move as listed by '?'"
    specials: dict[str, str] = {}
    for t in texts:
        if ":" in t:
            specials.setdefault(t.partition(":")[0], t)
    if specials:
        examples = "; ".join(f"{action}: e.g. {ex}" for action, ex in sorted(specials.items()))
        out += f"\n       special moves are ACTION:FROM-TO, then >TARGET and =VALUE where the move needs them ({examples})"
    return out


def help_text(game: Any, side: str) -> str:
    """The legend and the commands, as ``side`` may read them (see :func:`legend`)."""
    commands = "\n".join(f"  {name:<5} {what}" for name, what in COMMANDS.items())
    return f"{legend(game, side)}\nCOMMANDS\n{commands}"


def turn_status(game: Any) -> str:
    """ "move 2 of 2" when a turn has several moves (Spionaaž), else ""."""
    per_turn = getattr(game, "moves_per_turn", 1)
    return f"move {game.turn_plies + 1} of {per_turn}" if per_turn > 1 else ""


def why_illegal(game: Any, move: Any) -> str:
    """Why the rules refuse ``move``: terrain and own pieces first, then the game's own explanation."""
    board = getattr(game, "board", None)
    names = getattr(board, "names", None)
    if names is None or not 0 <= move.frm < len(names) or game.owner[move.frm] != game.to_move or not 0 <= move.to < len(names):
        return game.explain_illegal(move)
    piece = game.types[game.kind[move.frm]]
    here, there = names[move.frm], names[move.to]
    if move.action == "" and game.owner[move.to] == game.to_move and move.to != move.frm:
        return f"your own piece stands on {there}"
    if move.action == "" and not game.enter_by[game.to_move][game.kind[move.frm]][move.to]:
        for tag, allowed in game.rs.params.restricted.items():
            if board.has(move.to, tag) and piece.id not in allowed:
                who = ", ".join(game.rs.piece(pid).name_en for pid in sorted(allowed)) or "no piece"
                return f"{there} is '{tag}' terrain, which only {who} may enter; the {piece.name_en} on {here} may not"
        if board.has(move.to, "water") or game.is_blocked(move.to):
            return f"{there} cannot be entered (water or a blocked square)"
        return f"the {piece.name_en} on {here} may not stand on {there}"
    return game.explain_illegal(move)


def read_line(prompt: str) -> str:
    """``input(prompt)``, where a closed or unreadable standard input is the end of input (``EOFError``).

    ``wararchive play … <&-`` leaves Python no ``sys.stdin`` at all, and a
    terminal that went away makes reading fail with an OS error; both mean
    that no more moves will come.
    """
    if sys.stdin is None:
        raise EOFError
    try:
        return input(prompt)
    except OSError:
        raise EOFError from None


class HumanPlayer:
    """Moves typed at the terminal; an illegal one is explained and asked for again.

    ``?`` lists the legal moves, ``help`` shows the legend and the commands,
    ``quit`` abandons the game. End of input stops the game with an error
    rather than a traceback. The help is shown once unasked, at the
    player's first turn: only then are the moves it quotes his own.
    """

    def __init__(self, side: str, read: Callable[[str], str] | None = None, write: Callable[[str], None] = print):
        self.side, self.read, self.write = side, read or read_line, write
        self.greeted = False

    def choose(self, game: Any) -> Any:
        from ..engine.moves import IllegalMoveError  # the engine loads only when a game is played

        if not self.greeted:
            self.greeted = True
            self.write(help_text(game, self.side))
        while True:
            status = turn_status(game)
            prompt = f"{self.side} to move{f' ({status})' if status else ''} (help, ?, quit): "
            try:
                text = self.read(prompt).strip()
            except EOFError:
                raise WararchiveError(f"input ended while {self.side} was to move (ply {game.ply + 1})") from None
            if text == "?":
                self.write(" ".join(sorted(game.move_text(m) for m in game.legal_moves())))
                continue
            if text == "help":
                self.write(help_text(game, self.side))
                continue
            if text == "quit":
                raise GameAbandoned(self.side, game.ply + 1)
            try:
                move = game.parse_move(text)
            except IllegalMoveError as exc:
                self.write(str(exc))
                continue
            if move in game.legal_moves():
                return move
            self.write(f"ply {game.ply + 1}: illegal move {text!r}: {why_illegal(game, move)}")


CLEAR_SCREEN = "\033[H\033[2J\033[3J"  # home, clear the screen and the scrollback (xterm, VTE, the Linux console)


def hot_seat(
    game: Any,
    players: list[HumanPlayer],
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
    clear: str = "",
) -> None:
    """Two people at one terminal, each reading only his own side's view, to the end of ``game``.

    Before a side's turn the screen is cleared (``clear``: :data:`CLEAR_SCREEN`
    on a terminal) and a pause screen asks to pass the terminal; then that side
    reads what happened since his last turn, as his filter passes it
    (:func:`~wararchive.engine.transcript.play_ply_for`), and his own board.
    After his move he reads that ply and his board again; a turn of several
    moves (Spionaaž) has no pause inside it. ``quit`` at the pause abandons.
    """
    from ..engine.transcript import play_ply_for  # the engine loads only when a game is played

    read = read or read_line
    sides = game.rs.sides
    unseen: dict[str, list[str]] = {side: [] for side in sides}  # what each side has not read yet
    at_terminal = None
    while game.result is None:
        side = game.side
        if side != at_terminal:
            write(f"{clear}pass the terminal to {side}")
            try:
                typed = read(f"{side}: press Enter when the other player cannot see the screen (quit to stop): ").strip()
            except EOFError:
                raise WararchiveError(f"input ended at the pause before {side}'s turn (ply {game.ply + 1})") from None
            if typed == "quit":
                raise GameAbandoned(side, game.ply + 1)
            at_terminal = side
            write("\n".join([*unseen[side], game.view(side, with_events=False).render()]))
            unseen[side] = []
        move = players[game.to_move].choose(game)
        for viewer, lines in play_ply_for(game, move, sides).items():
            unseen[viewer] += lines
        write("\n" + "\n".join([*unseen[side], game.view(side, with_events=False).render()]))
        unseen[side] = []


def move_list(record: dict[str, Any], side: str) -> list[str]:
    """Each ply of ``record`` as ``side`` (or the referee) may read it: "12. south d4-d5"."""
    from ..engine.record import replay

    game = replay(record, upto=0)
    out = []
    for text in record["moves"]:
        mover = game.side
        move = game.parse_move(text)
        text, rule = game.seen(move, side)  # the one per-viewer filter
        game.play(move)
        out.append(f"{game.ply:>4}. {mover} {text}" + (f" [{rule}]" if rule else ""))
    return out


def step(
    record: dict[str, Any],
    side: str,
    show: Callable[[int], str],
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
    start: int = 0,
) -> None:
    """Step through a record from ply ``start``: Enter or n next, p previous, a number jumps to that ply, m the move
    list, q quits."""
    read = read or read_line
    moves = move_list(record, side)
    last, ply = len(moves), start
    write(show(ply))
    while True:
        try:
            cmd = read(f"ply {ply} of {last} — Enter/n next, p back, NUMBER go to ply, m moves, q quit: ").strip()
        except EOFError:
            return
        if cmd == "q":
            return
        if cmd == "m":
            write("\n".join(("→" if i + 1 == ply else " ") + line for i, line in enumerate(moves)))
            continue
        if cmd in ("", "n"):
            target = ply + 1
        elif cmd == "p":
            target = ply - 1
        elif cmd.isdigit():
            target = int(cmd)
        else:
            write(f"unknown command {cmd!r}")
            continue
        if not 0 <= target <= last:
            write(f"no ply {target}: the game has plies 0 to {last}")
            continue
        ply = target
        write(show(ply))
