"""Output files: written through symlinks, never over devices, one mode, one writer, no leftovers."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fuzzing import cli

from wararchive.fileio import OutputError, atomic_open, atomic_write_text, write_generated


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


def test_a_symlink_is_followed_and_kept(tmp_path):
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to("real.json")
    atomic_write_text(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "real.json").read_text() == "new"
    (tmp_path / "dangling.json").symlink_to("made.json")  # a link to a file not yet there, in a directory that is
    atomic_write_text(tmp_path / "dangling.json", "made")
    assert (tmp_path / "dangling.json").is_symlink() and (tmp_path / "made.json").read_text() == "made"
    (tmp_path / "astray.json").symlink_to("sub/made.json")  # its directories are not made through a link to nothing
    with pytest.raises(OutputError, match=r"astray\.json is a symlink to sub/made\.json, which does not exist"):
        atomic_write_text(tmp_path / "astray.json", "x")
    assert not (tmp_path / "sub").exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_device_is_written_to_never_replaced():
    before = os.stat("/dev/full")
    with pytest.raises(OutputError, match="cannot write /dev/full: No space left on device"):
        atomic_write_text("/dev/full", "x" * 100_000)
    after = os.stat("/dev/full")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino
    atomic_write_text("/dev/null", "streamed")  # a device that takes the bytes: fine
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_directory_is_refused(tmp_path):
    with pytest.raises(OutputError, match="it is a directory"):
        atomic_write_text(tmp_path, "x")


@pytest.mark.kernel  # plays on the compiled kernel: run after its first compile (tests/kernel_warmup.py)
def test_every_output_gets_the_mode_a_plain_open_would(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    old = os.umask(0o027)
    try:
        with open("plain", "w") as fh:
            fh.write("x")
        cli("play", "chess", "-o", "ply_limit=2", "--out", "g.json", "--pgn", "g.pgn")
        cli("simulate", "chess", "-o", "ply_limit=2", "--games", "1", "--quiet", "--out", "s.jsonl")
        cli("board", "chess", "--out", "b.svg")
    finally:
        os.umask(old)
    modes = {name: stat.S_IMODE(os.stat(name).st_mode) for name in ("plain", "g.json", "g.pgn", "s.jsonl", "b.svg")}
    assert set(modes.values()) == {0o640}, modes


def test_rewriting_a_file_keeps_its_mode(tmp_path):
    target = tmp_path / "private.json"
    target.write_text("old")
    target.chmod(0o600)
    atomic_write_text(target, "new")
    assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o600


def test_dev_stdout_into_a_pipe_is_written_as_documented(tmp_path):
    argv = [sys.executable, "-m", "wararchive.cli.main", "simulate", "chess", "-o", "ply_limit=2", "--games", "2"]
    proc = subprocess.run([*argv, "--quiet", "--out", "/dev/stdout"], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line)["seed"] for line in proc.stdout.splitlines()[:2]] == [0, 1]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "out.jsonl"
    target.write_text("good\n")
    with pytest.raises(RuntimeError), atomic_open(target) as fh:
        fh.write("half")
        raise RuntimeError("crash halfway")
    assert target.read_text() == "good\n" and _leftovers(tmp_path) == []


def test_a_second_writer_of_the_same_file_is_refused(tmp_path):
    target = tmp_path / "out.jsonl"
    with atomic_open(target) as fh:
        fh.write("first\n")
        with pytest.raises(OutputError, match="is being written by another process"):
            atomic_write_text(target, "second\n")
        atomic_write_text(tmp_path / "other.jsonl", "another file is fine\n")
    assert target.read_text() == "first\n" and _leftovers(tmp_path) == []


def test_a_generated_file_being_written_is_left_to_its_writer(tmp_path):
    """Two site builds write the same generated page: the second leaves it to the first instead of failing."""
    target = tmp_path / "page.md"
    with atomic_open(target) as fh:
        fh.write("first\n")
        assert write_generated(target, "first\n") == target
    assert target.read_text() == "first\n" and _leftovers(tmp_path) == []
    assert write_generated(target, "changed\n") == target and target.read_text() == "changed\n"


def test_sigterm_during_simulate_removes_the_temporary_file(tmp_path):
    out = tmp_path / "sims.jsonl"
    argv = [sys.executable, "-m", "wararchive.cli.main", "simulate", "spionaaz", "--games", "100000", "--quiet"]
    proc = subprocess.Popen([*argv, "--out", str(out)], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 180  # a loaded machine starts Python slowly
    while not any(p.suffix == ".tmp" for p in tmp_path.iterdir()):  # wait until it is writing
        assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM and err.strip() == "wararchive: terminated"
    assert list(tmp_path.iterdir()) == []
