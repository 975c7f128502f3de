"""Playing and replaying at the terminal: legend, commands, turn status, refusals, stepping."""

from __future__ import annotations

import random
import re

import pytest

from wararchive import engine
from wararchive.cli import terminal
from wararchive.cli.main import main


def typed(*lines: str):
    """A fake ``input`` that types ``lines`` and then ends the input."""
    it = iter(lines)

    def read(prompt: str) -> str:
        read.prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    read.prompts = []
    return read


def test_legend_names_every_piece_symbol_and_the_special_move_notation():
    game = engine.ruleset("sojamang-1935").new_game(seed=1)
    text = terminal.legend(game, game.side)
    for p in game.rs.piece_types:
        assert p.name_en in text
    assert "T5   Tank (major)" in text and "'wire' terrain: only Tank (major) may enter" in text
    assert "special moves are ACTION:FROM-TO" in text and "gas: e.g. gas:" in text


def test_spionaaz_prompt_says_which_move_of_the_turn(monkeypatch):
    # et-spionaaz:9 (spz.two-moves): a player makes two moves a turn; the prompt counts them
    game = engine.ruleset("spionaaz").new_game(seed=1)
    read = typed()
    player = terminal.HumanPlayer("south", read=read, write=lambda s: None)
    assert terminal.turn_status(game) == "move 1 of 2"
    game.play(game.legal_moves()[0])
    assert terminal.turn_status(game) == "move 2 of 2"
    with pytest.raises(Exception, match="input ended"):
        player.choose(game)
    assert "(move 2 of 2)" in read.prompts[0]
    assert terminal.turn_status(engine.ruleset("chess").new_game()) == ""


def test_refusals_say_why_barbed_wire_and_own_pieces():
    # et-sojamang-1935:42 (soj.wire): only the tank may enter the barbed-wire squares
    game = engine.ruleset("sojamang-1935").new_game(seed=1)
    wire = game.parse_move("b4-c5")
    assert wire not in game.legal_moves()
    assert (
        terminal.why_illegal(game, wire) == "c5 is 'wire' terrain, which only Tank (major) may enter; the Pioneer on b4 may not"
    )
    assert terminal.why_illegal(game, game.parse_move("a1-a2")) == "your own piece stands on a2"
    assert "has no piece on e7" in terminal.why_illegal(game, game.parse_move("e7-e6"))


def test_help_and_quit_at_the_prompt(capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", typed("help", "quit"))
    assert main(["play", "spionaaz", "--players", "human,random", "--as", "south", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("LEGEND") == 2 and "quit  abandon the game" in out  # once at his first turn, once for 'help'
    assert out.rstrip().endswith("south abandoned the game before ply 1; no result")


def test_replay_lists_moves_and_steps(capsys, tmp_path, monkeypatch):
    out_file = tmp_path / "g.jsonl"
    assert main(["simulate", "spionaaz", "--games", "2", "--seed", "4", "--out", str(out_file), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["replay", str(out_file)]) == 2
    assert "holds 2 records; choose one with --game 1 to 2" in capsys.readouterr().err
    assert main(["replay", str(out_file), "--game", "1", "--moves", "--as", "north"]) == 0
    moves = capsys.readouterr().out.splitlines()
    assert moves[0].split() == ["1.", "south", moves[0].split()[-1]] and moves[1].lstrip().startswith("2. south")
    monkeypatch.setattr("builtins.input", typed("", "n", "p", "5", "m", "999", "q"))
    assert main(["replay", str(out_file), "--game", "1", "--step", "--as", "north"]) == 0
    out = capsys.readouterr().out
    for ply in (0, 1, 2, 5):
        assert f"seed 4, ply {ply} of " in out
    assert "→   5. " in out and "no ply 999" in out


def test_simulate_help_says_which_seed_each_game_uses(capsys, tmp_path):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "game N of the file (from 1) uses seed+N-1" in " ".join(capsys.readouterr().out.split())
    out_file = tmp_path / "s.jsonl"
    main(["simulate", "chess", "--games", "3", "--seed", "10", "--out", str(out_file), "--quiet"])
    capsys.readouterr()
    main(["replay", str(out_file), "--game", "3"])
    assert "seed 12" in capsys.readouterr().out  # game 3 = seed 10 + 3 - 1


def test_legend_shows_only_the_marks_the_board_has():
    jwg = terminal.legend(engine.ruleset("japanese-war-game").new_game(seed=1), "south")
    spz = terminal.legend(engine.ruleset("spionaaz").new_game(seed=1), "south")
    assert "~~   water" in jwg and "==   a bridge" in jwg and "^^" not in jwg
    assert "^^   a blocked square (e.g. a volcano)" in spz and "~~" not in spz


def test_two_humans_play_hot_seat_each_seeing_only_his_own_side(capsys, monkeypatch):
    """fi-japanilainen-sotapeli:5 (jwg.hidden) — two people at one terminal: a pause screen before each turn, then the
    side to move sees his own view only (the enemy's ranks as '?'), never the referee's nor the other side's."""
    g = engine.ruleset("japanese-war-game").new_game(seed=1)
    keys, boards = [], {}
    for side in ("south", "north"):
        boards[side] = [g.view(side).render()]
        move = g.legal_moves()[0]
        keys += ["", g.move_text(move)]
        g.play(move)
        boards[side].append(g.view(side).render())
    monkeypatch.setattr("builtins.input", read := typed(*keys, "quit"))
    assert main(["play", "japanese-war-game", "--players", "human,human", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("view: each side its own, hot-seat")
    turns = out.split("pass the terminal to ")[1:]
    assert [t.split("\n", 1)[0] for t in turns] == ["south", "north", "south"]
    for side, other, turn in (("south", "north", turns[0]), ("north", "south", turns[1])):
        assert all(board in turn for board in boards[side])  # before and after his move
        assert not any(board in turn for board in boards[other]) and g.view("referee").render() not in turn
        assert "LEGEND" in turn
    assert "ply 1: south" in turns[1]  # north reads south's move, as his filter passes it, before his own board
    assert out.rstrip().endswith("south abandoned the game before ply 3; no result")
    assert read.prompts[0].startswith("south: press Enter")


def test_hot_seat_pauses_only_when_the_side_changes(monkeypatch):
    """et-spionaaz:9 (spz.two-moves) — a turn of two moves has no pause inside it; the screen is cleared at each pause."""
    g = engine.ruleset("spionaaz").new_game(seed=1)
    plies = []
    for _ in range(4):
        plies.append(g.move_text(g.legal_moves()[0]))
        g.play(g.legal_moves()[0])
    game = engine.ruleset("spionaaz").new_game(seed=1)
    read = typed("", plies[0], plies[1], "", plies[2], plies[3])
    written = []
    players = [terminal.HumanPlayer(side, read=read, write=written.append) for side in game.rs.sides]
    with pytest.raises(Exception, match="input ended at the pause before south's turn"):
        terminal.hot_seat(game, players, read=read, write=written.append, clear="<CLEAR>")
    pauses = [w for w in written if "pass the terminal to" in w]
    assert pauses == [f"<CLEAR>pass the terminal to {side}" for side in ("south", "north", "south")]
    assert game.ply == 4


ROW = re.compile(r"[ 1-9][0-9] ")  # a row of a text board: its number, right-aligned in two characters


def _boards(out: str) -> list[str]:
    """Every text board printed in ``out``: its rows, then the line of file letters."""
    lines, boards, i = out.splitlines(), [], 0
    while i < len(lines):
        end = i
        while end < len(lines) and ROW.match(lines[end]):
            end += 1
        boards += ["\n".join(lines[i : end + 1])] if end > i else []
        i = max(end + 1, i + 1)
    return boards


@pytest.mark.parametrize("view", [[], ["--as", "south"]])
def test_a_human_never_sees_an_enemy_rank_the_rules_have_not_revealed(capsys, monkeypatch, view):
    """et-spionaaz:5 (spz.hidden): ranks stay hidden until a spy has recognised them. Every board the human playing
    south is shown, before and after each ply of either side, is south's own view at that ply: the enemy's ranks as
    '?' but those revealed to south."""
    games = []
    choose = terminal.HumanPlayer.choose
    monkeypatch.setattr(terminal.HumanPlayer, "choose", lambda self, game: games.append(game) or choose(self, game))
    turns = iter(range(30))

    def read(prompt: str) -> str:  # a legal move of the human's, 30 times, then quit
        game = games[-1]
        return "quit" if next(turns, None) is None else game.move_text(random.Random(game.ply).choice(game.legal_moves()))

    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "spionaaz", "--players", "human,greedy", "--seed", "1", *view]) == 0
    out = capsys.readouterr().out
    game = games[-1]
    own = [engine.replay(game.record(), upto=ply).view("south").render() for ply in range(game.ply + 1)]
    boards = _boards(out)
    assert len(boards) == game.ply + 1 and all(board in own for board in boards)  # the setup and one after every ply
    assert any(re.search(r"-[^?\s]", board) for board in boards)  # a revealed rank is shown: the check sees ranks
    assert engine.replay(game.record(), upto=0).view("referee").render() not in out


@pytest.mark.parametrize(
    ("players", "view", "message"),
    [
        ("human,greedy", "referee", "--as referee: a human plays south and may see only south's view"),
        ("human,greedy", "north", "--as north: a human plays south and may see only south's view"),
        ("random,human", "south", "--as south: a human plays north and may see only north's view"),
        ("human,human", "south", "--as south: two humans play hot-seat, each seeing only his own side; leave --as out"),
        ("human,human", "referee", "--as referee: two humans play hot-seat"),
    ],
)
def test_a_view_a_human_may_not_see_is_refused(capsys, monkeypatch, players, view, message):
    monkeypatch.setattr("builtins.input", typed())  # nothing would be typed: the refusal comes first
    assert main(["play", "spionaaz", "--players", players, "--as", view]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"wararchive: error: {message}") and captured.err.count("\n") == 1


def test_computer_players_may_be_watched_from_any_view(capsys):
    assert main(["play", "spionaaz", "--players", "greedy,random", "--as", "referee", "-o", "ply_limit=2"]) == 0
    assert "view: referee" in capsys.readouterr().out


def test_step_starts_at_the_ply_asked_for(capsys, tmp_path, monkeypatch):
    out_file = tmp_path / "g.json"
    assert main(["play", "chess", "--players", "random,random", "-o", "ply_limit=12", "--out", str(out_file)]) == 0
    capsys.readouterr()
    monkeypatch.setattr("builtins.input", typed("", "q"))
    assert main(["replay", str(out_file), "--step", "--ply", "5"]) == 0
    out = capsys.readouterr().out
    assert "ply 5 of 12" in out and "ply 6 of 12" in out and "ply 0 of 12" not in out
    assert main(["replay", str(out_file), "--step", "--ply", "13"]) == 2
    assert "--ply must be 0 to 12" in capsys.readouterr().err
