"""The ``wararchive`` command as a user runs it."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from wararchive import corpus
from wararchive.cli.main import build_parser, main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_subcommand_has_help(capsys):
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices
    assert {"texts", "show", "search", "export", "rulesets", "rules", "play", "simulate", "replay", "site"} <= set(commands)
    for name in commands:
        with pytest.raises(SystemExit) as exc:
            main([name, "--help"])
        assert exc.value.code == 0
        assert "usage: wararchive " + name in capsys.readouterr().out


def test_texts_table_csv_json(capsys):
    code, out, _ = run(capsys, "texts")
    assert code == 0 and "et-sojamang-1935" in out and "sv-krigsspel-finland" in out
    _, out, _ = run(capsys, "texts", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    own = corpus.load(corpus.default_root()).texts  # a plugin's texts may join them
    assert set(own) <= {r["text_id"] for r in rows} and len(own) == 6
    _, out, _ = run(capsys, "texts", "--format", "json")
    assert {r["lang"] for r in json.loads(out)} == {"et", "fi", "sv"}


def test_show_layers(capsys):
    code, out, _ = run(capsys, "show", "et-spionaaz:21", "--layer", "translation")
    assert code == 0 and "Sapper attacks a General, the Sapper wins" in out
    _, out, _ = run(capsys, "show", "et-spionaaz:21")
    assert "original (et)" in out and "English (wararchive translation)" in out
    assert "cite as: Spionaaž (" in out and ", et-spionaaz:21, " in out
    _, out, _ = run(capsys, "show", "et-spionaaz:21", "--layer", "diplomatic")
    assert "Sapöör" in out


def test_search_json_and_concept(capsys):
    code, out, _ = run(capsys, "search", "vakooja", "--format", "json")
    hits = json.loads(out)
    assert code == 0 and hits and all(h["lang"] == "fi" for h in hits) and hits[0]["passage_id"].startswith("fi-")
    _, out, _ = run(capsys, "search", "--concept", "mine", "--lang", "sv", "--format", "csv")
    assert all(r["lang"] == "sv" for r in csv.DictReader(io.StringIO(out)))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["show", "et-spionaaz:999"], "unknown passage 'et-spionaaz:999' (valid: et-spionaaz:1"),
        (["show", "xx-nothing"], "unknown text 'xx-nothing' (valid: "),
        (["search", "x", "--concept", "dragon"], "unknown concept 'dragon' (valid: "),
        (["rules", "go"], "unknown ruleset 'go' (valid: chess, finnish-front, japanese-war-game"),
        (["rules", "chess", "-o", "end_conditions=fide"], "(valid: leaflet, modern)"),
        (["play", "chess", "--as", "green"], "unknown side of chess 'green' (valid: white, black)"),
        (["play", "chess", "--players", "random"], "--players takes two of"),
    ],
)
def test_errors_are_one_readable_line(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("wararchive: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_unknown_option_choice_lists_valid_ones(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["show", "et-spionaaz:1", "--layer", "english"])
    assert exc.value.code == 2
    assert "choose from diplomatic, reading, translation, all" in capsys.readouterr().err.replace("'", "")


def test_rules_lists_citations_certainty_and_options(capsys):
    code, out, _ = run(capsys, "rules", "japanese-war-game")
    assert code == 0
    assert "[conjecture] jwg.board-shape" in out and "cites: fi-japanilainen-sotapeli:22" in out
    assert "spy_vs_marshal = 'finnish'" in out and "why the default:" in out
    assert "Responsible for its inferences, conjectures and readings: the wararchive project" in out


def test_play_simulate_replay_round_trip(capsys, tmp_path):
    code, out, _ = run(capsys, "play", "spionaaz", "--seed", "3", "--as", "south", "--out", str(tmp_path / "g.json"))
    assert code == 0 and "ply 1: south" in out and "result:" in out
    code, out, _ = run(capsys, "replay", str(tmp_path / "g.json"), "--ply", "10", "--as", "north")
    assert code == 0 and "ply 10 of" in out
    out_file = tmp_path / "sims.jsonl"
    code, out, _ = run(capsys, "simulate", "chess", "--games", "3", "--seed", "5", "--out", str(out_file))
    assert code == 0 and "3 games of chess" in out and "mean length" in out
    assert len(out_file.read_text().splitlines()) == 3
    code, out, _ = run(capsys, "replay", str(out_file), "--game", "2")
    assert code == 0 and "seed 6" in out
    code, _, err = run(capsys, "replay", str(out_file), "--game", "9")
    assert code == 2 and "--game must be 1 to 3" in err


def test_the_result_says_who_won_or_that_the_ply_limit_stopped_the_game(capsys, tmp_path):
    """``black wins after 74 plies``; a game the ply limit stopped is unfinished, said as such, never a draw."""
    from wararchive.cli.engine_cmds import result_sentence

    assert result_sentence("black", "chess.checkmate", 74) == "black wins after 74 plies"
    assert result_sentence(None, "chess.stalemate", 90) == "a draw after 90 plies"
    code, out, _ = run(capsys, "play", "spionaaz", "--seed", "1", "-o", "ply_limit=6", "--out", str(tmp_path / "g.json"))
    assert code == 0 and "result: unfinished after 6 plies (the project's ply limit) — " in out
    code, out, _ = run(capsys, "replay", str(tmp_path / "g.json"))
    assert code == 0 and "result: unfinished after 6 plies (the project's ply limit) — " in out


def test_replay_of_a_broken_file_is_refused(capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "wararchive-record/1"\n')
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and f"{bad}:1: not JSON" in err
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "No such file" in err


def test_console_script_exits_nonzero_without_traceback():
    proc = subprocess.run(
        [sys.executable, "-m", "wararchive.cli.main", "show", "nope:1"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2 and proc.stderr.startswith("wararchive: error:") and "Traceback" not in proc.stderr


def test_export_tei(capsys, tmp_path):
    code, out, _ = run(capsys, "export", "tei", str(tmp_path / "tei"))
    own = corpus.load(corpus.default_root()).sources
    assert code == 0 and len(own) == 5 and len(out.split()) == len(corpus.load().sources)  # one file per source, a plugin's too
    assert all((tmp_path / "tei").glob("*.xml"))


def test_play_chess_saves_pgn_and_refuses_pgn_elsewhere(capsys, tmp_path):
    code, out, _ = run(capsys, "play", "chess", "--seed", "2", "--pgn", str(tmp_path / "g.pgn"))
    assert code == 0 and (tmp_path / "g.pgn").read_text().startswith('[Event "wararchive simulated game"]')
    code, out, err = run(capsys, "play", "spionaaz", "--pgn", str(tmp_path / "x.pgn"))
    assert code == 2 and "--pgn is for chess" in err and out == ""


def test_human_player_is_told_why_a_move_is_illegal(capsys, monkeypatch):
    typed = iter(["?", "e2e5", "e2e4", "Nf3"])

    def fake_input(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    code, out, err = run(capsys, "play", "chess", "--players", "human,random", "--seed", "1")
    assert code == 2 and "input ended while white was to move (ply 5)" in err
    assert "e2e4 f2f3" in out  # the '?' listing
    assert "ply 1: illegal move 'e2e5': the pawn on e2 cannot move there" in out
    assert "ply 1: white e2e4" in out and "ply 3: white g1f3" in out


def test_board_draws_a_position_as_a_side_sees_it(capsys, tmp_path):
    code, out, _ = run(capsys, "board", "japanese-war-game", "--seed", "2", "--as", "north", "--out", str(tmp_path / "b.png"))
    assert code == 0 and (tmp_path / "b.png").read_bytes()[:4] == b"\x89PNG"
    assert "as north sees it (hidden ranks as '?')" in out
    run(capsys, "simulate", "spionaaz", "--games", "1", "--out", str(tmp_path / "g.jsonl"), "--quiet")
    code, out, _ = run(capsys, "board", "--record", str(tmp_path / "g.jsonl"), "--ply", "6", "--out", str(tmp_path / "p.svg"))
    assert code == 0 and "the position after ply 6" in out and (tmp_path / "p.svg").read_text().startswith("<?xml")
    code, _, err = run(capsys, "board", "chess", "--out", str(tmp_path / "x.gif"))
    assert code == 2 and "must end in .png or .svg" in err


def test_board_needs_nothing_of_sphinx(tmp_path):
    """The base install has no Sphinx: drawing a board must not depend on the site package."""
    code = (
        "import sys\n"
        "for m in ('sphinx', 'docutils', 'myst_parser', 'myst_nb'): sys.modules[m] = None\n"
        "from wararchive.cli.main import main\n"
        f"sys.exit(main(['board', 'spionaaz', '--out', {str(tmp_path / 'b.png')!r}]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "b.png").exists()


@pytest.mark.parametrize("command", ["play", "simulate", "study"])
def test_players_help_names_every_registered_player(command, capsys):
    from wararchive.players.registry import budgeted, players

    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert all(kind in text for kind in players()) and all(f"{kind}:N" in text for kind in budgeted())
