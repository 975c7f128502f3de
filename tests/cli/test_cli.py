"""The ``wararchive`` command as a user runs it."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from wararchive import corpus, release
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


def test_show_marks_the_projects_english_and_note_as_its_own_in_every_layer(capsys):
    _, out, _ = run(capsys, "show", "et-spionaaz:21", "--layer", "translation")
    assert "\n  English (wararchive translation):\n    There is one exception: if a Sapper" in out
    _, out, _ = run(capsys, "show", "et-spionaaz:21")
    assert "\n  English (wararchive translation):\n" in out and "\n  wararchive note: The Sapper plays" in out
    _, out, _ = run(capsys, "show", "et-spionaaz:21", "--layer", "reading")
    assert "\n  reading (et):\n    On üks erand" in out  # the same tags, one layer or all


def test_search_says_the_english_is_the_projects_in_every_format(capsys):
    _, out, _ = run(capsys, "search", "spioon")
    assert " english" in out.splitlines()[0] and out.splitlines()[-1] == "(the English is a wararchive translation)"
    _, out, _ = run(capsys, "search", "spioon", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and {r["english_by"] for r in rows} == {release.TRANSLATION_BY} == {"the wararchive project"}
    _, out, _ = run(capsys, "search", "spioon", "--format", "json")
    assert {h["english_by"] for h in json.loads(out)} == {release.TRANSLATION_BY}


def test_search_json_and_concept(capsys):
    code, out, _ = run(capsys, "search", "vakooja", "--format", "json")
    hits = json.loads(out)
    assert code == 0 and hits and all(h["lang"] == "fi" for h in hits) and hits[0]["passage_id"].startswith("fi-")
    _, out, _ = run(capsys, "search", "--concept", "mine", "--lang", "sv", "--format", "csv")
    assert all(r["lang"] == "sv" for r in csv.DictReader(io.StringIO(out)))


def test_search_csv_keeps_the_context_whole_as_json_does(capsys):
    # diplomatic context keeps its edge spaces ("…ja 32 " + "malendit" + " (16…"): csv dropped them
    _, out, _ = run(capsys, "search", "malendit", "--layer", "diplomatic", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    _, out, _ = run(capsys, "search", "malendit", "--layer", "diplomatic", "--format", "json")
    hits = json.loads(out)
    assert rows and len(rows) == len(hits)
    for row, hit in zip(rows, hits, strict=True):
        assert row["left"] + row["match"] + row["right"] == hit["left"] + hit["match"] + hit["right"]
        assert row["english"] == hit["english"]


def test_csv_cells_are_exact_and_the_table_flattens_them():
    from wararchive.cli.output import render

    rows = [{"a": " two  spaces\nand a line \t", "b": ["x", "y"]}]
    assert list(csv.DictReader(io.StringIO(render(rows, ["a", "b"], "csv")))) == [rows[0] | {"b": "x; y"}]
    assert "two spaces and a line" in render(rows, ["a", "b"], "table")


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


@pytest.fixture
def jwg_record(tmp_path, capsys):
    """A Japanese War Game record (one game, .json) and a two-line .jsonl beside it, in ``tmp_path``."""
    path = tmp_path / "p1.json"
    argv = ["play", "japanese-war-game", "--players", "random,random", "--seed", "5", "-o", "ply_limit=30"]
    assert main([*argv, "--out", str(path)]) == 0
    (tmp_path / "two.jsonl").write_text(2 * (path.read_text(encoding="utf-8").strip() + "\n"), encoding="utf-8")
    capsys.readouterr()
    return path


@pytest.mark.parametrize(
    ("argv", "message"),
    [  # each argument would have been silently dropped: the record's game drawn, the setup drawn, game 1 shown
        (["board", "spionaaz", "--record", "RECORD"], "RULESET spionaaz differs from the record's, japanese-war-game"),
        (["board", "--record", "RECORD", "--seed", "3"], "--seed 3 differs from the record's seed, 5"),
        (["board", "--record", "RECORD", "-o", "strike=any-move"], "-o strike='any-move' differs from the record's strike="),
        (["board", "--record", "RECORD", "-o", "no_such=1"], "unknown option for japanese-war-game 'no_such'"),
        (["board", "spionaaz", "--ply", "3"], "--ply chooses a position of a record: give --record"),
        (["board", "chess", "--game", "2", "--ply", "1"], "--game and --ply choose a position of a record: give --record"),
        (["board", "--record", "RECORD", "--game", "2"], "p1.json holds one record (only a .jsonl file holds several)"),
        (["replay", "RECORD", "--game", "3"], "p1.json holds one record (only a .jsonl file holds several): --game must be 1"),
        (["replay", "RECORD", "--moves", "--ply", "3"], "--moves lists every ply; --ply shows one position"),
        (["replay", "RECORD", "--as", ""], "unknown side of japanese-war-game '' (valid: south, north)"),
        (["play", "spionaaz", "--as", ""], "unknown side of spionaaz '' (valid: south, north)"),
        (["cite", "et-spionaaz:21", "--passages"], "--passages adds every passage of a text; et-spionaaz:21 is one passage"),
    ],
)
def test_an_argument_the_command_cannot_honour_is_refused(capsys, jwg_record, argv, message):
    out = jwg_record.parent / "b.svg"
    argv = [str(jwg_record) if a == "RECORD" else a for a in argv] + (["--out", str(out)] if argv[0] == "board" else [])
    code, stdout, err = run(capsys, *argv)
    assert code == 2 and stdout == "" and not out.exists()
    assert err.startswith("wararchive: error: ") and message in err and err.count("\n") == 1


def test_replay_refuses_moves_with_step(capsys, jwg_record):
    with pytest.raises(SystemExit) as exc:
        main(["replay", str(jwg_record), "--moves", "--step"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.count("\n") == 1 and "argument --step: not allowed with argument --moves" in err


def test_board_agrees_with_its_record_and_game_1_of_one_record_is_that_record(capsys, jwg_record):
    out = jwg_record.parent / "b.svg"
    argv = ["--record", str(jwg_record), "--seed", "5", "-o", "strike=forward-move", "--game", "1", "--ply", "4"]
    code, stdout, _ = run(capsys, "board", "japanese-war-game", *argv, "--out", str(out))
    assert code == 0 and "The Japanese War Game, seed 5, ply 4" in stdout and out.exists()
    code, stdout, _ = run(capsys, "replay", str(jwg_record.parent / "two.jsonl"), "--game", "2", "--ply", "3")
    assert code == 0 and "seed 5, ply 3 of 30" in stdout


@pytest.mark.parametrize(
    ("ruleset", "says"),
    [
        ("chess", "Chess (Male), starting setup (referee): an 8 by 8 board; white pieces at the bottom, black at the top, "
         "in the starting setup."),
        ("spionaaz", "Spionaaž, setup of seed 4 (referee): a 10 by 10 board; south pieces at the bottom, north at the top, "
         "in a random starting setup."),
    ],
)  # fmt: skip
def test_board_says_random_setup_only_where_the_setup_is_random(capsys, tmp_path, ruleset, says):
    code, out, _ = run(capsys, "board", ruleset, "--seed", "4", "--out", str(tmp_path / "b.svg"))
    assert code == 0 and out == f"{tmp_path / 'b.svg'}: {says}\n"


@pytest.mark.parametrize(("number", "words"), [(8, "an 8"), (11, "an 11"), (18, "an 18"), (80, "an 80"), (7, "a 7"),
                                               (10, "a 10"), (110, "a 110"), (18000, "an 18000")])  # fmt: skip
def test_a_number_takes_the_article_it_is_read_with(number, words):
    from wararchive.drawing.boardplot import indefinite

    assert indefinite(number) == words


def test_site_refuses_a_port_it_would_not_use_before_building(capsys, monkeypatch):
    from wararchive.cli import site_cmds

    def build_site(**kw):
        raise AssertionError("the site was built")

    monkeypatch.setattr(site_cmds, "build_site", build_site)
    for argv, message in (
        (["--port", "99999"], "--port must be 1 to 65535, not 99999"),
        (["--serve", "--port", "0"], "--port must be 1 to 65535, not 0"),
        (["--port", "8001"], "--port is the port --serve serves on: give --serve, or leave --port out"),
        (["--refresh-data", "--serve", "--clean"], "--refresh-data rewrites the shipped games and builds nothing: leave out"),
    ):
        code, _, err = run(capsys, "site", *argv)
        assert code == 2 and message in err and err.count("\n") == 1, argv
