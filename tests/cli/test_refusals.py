"""A count of workers or an output the machine cannot take is refused at once: one line, status 2, nothing made.

Every command that writes (``--out``, ``--pgn``, export's OUT) is tried
with outputs that cannot be written: under a regular file, in ``/proc``,
through a symlink to nothing (whose missing directories must not be made
wherever it points); every command that starts workers, with counts past
the cap. Each runs in an empty directory that must stay as it was.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fuzzing import cli

from wararchive import runner
from wararchive.errors import WararchiveError

ERROR_LINE = re.compile(r"wararchive( [a-z-]+)?: error: ")  # ours, or argparse's naming the subcommand
WRITERS = [
    ["simulate", "spionaaz", "--games", "3", "--workers", "1", "--quiet", "--out"],
    ["play", "chess", "--players", "random,random", "-o", "ply_limit=2", "--out"],
    ["play", "chess", "--players", "random,random", "-o", "ply_limit=2", "--pgn"],
    ["board", "chess", "--out"],
    ["study", "spionaaz", "-o", "combat_reveals=true,false", "--games", "2", "--workers", "1", "--quiet", "--out"],
    ["publish-studies", "--games", "1", "--ruleset", "spionaaz", "--workers", "1", "--quiet", "--out"],
    ["ladder", "--games", "1", "--ruleset", "spionaaz", "--players", "random,greedy", "--workers", "1", "--quiet", "--out"],
    ["export", "csv"],
    ["export", "sqlite"],
]
UNWRITABLE = {
    "under a file": "afile/out.svg",  # .svg: a name board takes
    "through a link to nothing": "astray/out.svg",
    "a link to nothing": "dangling.svg",
    "in /proc": "/proc/wararchive-test/out.svg",
}
PARALLEL = [
    ["simulate", "spionaaz", "--games", "30", "--out", "sims.jsonl"],
    ["study", "spionaaz", "-o", "combat_reveals=true,false", "--games", "30"],
    ["publish-studies", "--games", "1", "--ruleset", "spionaaz", "--out", "studies"],
    ["ladder", "--games", "2", "--ruleset", "spionaaz", "--players", "random,greedy", "--out", "studies"],
]


def _refused(tmp_path: Path, *argv: str) -> str:
    """Run the command in ``tmp_path``; it must be refused in one line, leaving ``tmp_path`` as it was."""
    before = sorted(p.name for p in tmp_path.iterdir())
    outcome = cli(*argv)
    lines = outcome.err.strip().splitlines()
    assert outcome.code == 2 and len(lines) == 1 and ERROR_LINE.match(lines[0]), outcome  # no traceback, no second line
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing made, not even a hidden file
    return outcome.err


@pytest.mark.parametrize("where", list(UNWRITABLE))
@pytest.mark.parametrize("command", WRITERS, ids=lambda argv: " ".join(argv[:2] + argv[-1:]))
def test_an_output_that_cannot_be_written_is_refused(tmp_path, monkeypatch, command, where):
    out = UNWRITABLE[where]
    if out.startswith("/proc/") and not Path("/proc/self").is_dir():
        pytest.skip("needs Linux's /proc")
    monkeypatch.chdir(tmp_path)
    Path("afile").touch()
    Path("astray").symlink_to("elsewhere/deep")  # made through the link, elsewhere/deep would appear in tmp_path
    Path("dangling.svg").symlink_to("nowhere/out.svg")
    err = _refused(tmp_path, *command, out)
    assert out in err
    if "link" in where:
        assert "which does not exist" in err


@pytest.mark.parametrize("workers", ["100000", "0", "-1", "9" * 5000, "two"])
@pytest.mark.parametrize("command", PARALLEL, ids=lambda argv: argv[0])
def test_a_count_of_workers_past_the_cap_is_refused(tmp_path, monkeypatch, command, workers):
    monkeypatch.chdir(tmp_path)
    err = _refused(tmp_path, *command, f"--workers={workers}")
    assert f"per core of the {runner.default_workers()}" in err


@pytest.mark.parametrize("command", PARALLEL, ids=lambda argv: argv[0])
def test_workers_and_a_scheduler_exclude_each_other(tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    err = _refused(tmp_path, *command, "--workers", "2", "--scheduler", "tcp://127.0.0.1:9")
    assert "not allowed with argument --workers" in err


@pytest.mark.parametrize("address", ["foo:bar", "127.0.0.1:99999", "127.0.0.1", "tcp://:8786", "http://127.0.0.1:8786"])
@pytest.mark.parametrize("command", PARALLEL, ids=lambda argv: argv[0])
def test_a_malformed_scheduler_address_is_refused_before_any_progress_bar(tmp_path, monkeypatch, command, address):
    monkeypatch.chdir(tmp_path)
    err = _refused(tmp_path, *command, "--scheduler", address)
    assert f"argument --scheduler: takes HOST:PORT or tcp://HOST:PORT with PORT 1 to 65535, not {address!r}" in err


def test_the_library_refuses_too_many_workers_when_called():
    over = runner.max_workers() + 1
    with pytest.raises(WararchiveError, match=rf"from 1 to {over - 1} \({runner.WORKERS_PER_CORE} per core.*, not {over}"):
        runner.parallel_iter(abs, range(100), workers=over)  # at the call: no answer was asked for
