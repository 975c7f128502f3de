"""Playing and replaying at the terminal: legend, commands, turn status, refusals, stepping."""

from __future__ import annotations

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
    text = terminal.legend(game)
    for p in game.rs.piece_types:
        assert p.name_en in text
    assert "T5   Tank (major)" in text and "'wire' squares: only Tank (major) may enter" in text
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
    assert out.count("LEGEND") == 2 and "quit  abandon the game" in out  # once at the start, once for 'help'
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
