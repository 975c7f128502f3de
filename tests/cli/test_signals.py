"""Stopping a command: Ctrl-C, SIGTERM and SIGHUP end it within seconds, cleanly, whatever it is doing.

A terminal sends Ctrl-C to the whole process group, so these tests do too:
the command and the workers it started all receive the signal. Each run
uses the parallel path (more games than ``parallel.SMALL``) with two
workers: an embedded Dask cluster (``simulate``), or a process pool
(``study``, ``publish-studies``). It is stopped once the stage under test is reached; a hang
fails on the ``communicate`` timeout instead of blocking the suite. The
embedded cluster must also listen on loopback only.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

MESSAGES = {
    signal.SIGINT: "wararchive: interrupted",
    signal.SIGTERM: "wararchive: terminated",
    signal.SIGHUP: "wararchive: hung up",
}
START_DEADLINE = 180  # seconds to reach the stage under test: a loaded machine starts a cluster slowly
STOP_DEADLINE = 30  # seconds to stop once signalled: far above the one or two it takes, far below a hang


def _as_a_terminal() -> None:
    """In the child: the stop signals at their defaults, as a terminal starts a command.

    A suite launched in the background (``nohup``, ``cmd &`` in a script)
    hands its children SIGINT and SIGHUP ignored, and the command rightly
    keeps an ignored signal ignored; these tests are about a command that
    receives them.
    """
    for signum in MESSAGES:
        signal.signal(signum, signal.SIG_DFL)


def _popen(cmd: list[str], cwd: Path) -> subprocess.Popen:
    """``cmd`` in its own process group (as a terminal runs it), with the stop signals as a terminal leaves them."""
    return subprocess.Popen(
        cmd,
        cwd=cwd,
        start_new_session=True,
        preexec_fn=_as_a_terminal,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _start(tmp_path: Path, *argv: str) -> subprocess.Popen:
    """The command, in an empty directory."""
    return _popen([sys.executable, "-m", "wararchive.cli.main", *argv, "--workers", "2", "--quiet"], tmp_path)


def _workers(proc: subprocess.Popen) -> list[psutil.Process]:
    """The worker processes the command has started so far."""
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    return [c for c in children if "spawn_main" in " ".join(_cmdline(c))]


def _pool_workers(proc: subprocess.Popen) -> list[psutil.Process]:
    """The process pool's workers: forked, so each runs the command's own command line."""
    command = _cmdline(psutil.Process(proc.pid))
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    return [c for c in children if _cmdline(c) == command]


def _cmdline(p: psutil.Process) -> list[str]:
    try:
        return p.cmdline()
    except psutil.Error:
        return []


def _wait_for(proc: subprocess.Popen, ready: Callable[[], bool]) -> None:
    deadline = time.monotonic() + START_DEADLINE
    while not ready():
        if proc.poll() is not None or time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"the stage under test was never reached: {proc.communicate()[1][-2000:]}")
        time.sleep(0.05)


def _stop(
    proc: subprocess.Popen,
    signum: int,
    tmp_path: Path,
    find: Callable[[subprocess.Popen], list[psutil.Process]] | None = None,
    kept: Callable[[str], bool] | None = None,
) -> None:
    """Signal the process group; the command ends with 128+signum, one line, nothing left behind.

    ``find`` lists the workers (by default :func:`_workers`'); ``kept`` says
    which files (by path relative to ``tmp_path``) a stopped command rightly
    leaves, none by default.
    """
    workers = (find or _workers)(proc)
    os.killpg(proc.pid, signum)
    try:
        _, err = proc.communicate(timeout=STOP_DEADLINE)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail(f"still running {STOP_DEADLINE} s after {signal.Signals(signum).name}: {proc.communicate()[1][-2000:]}")
    assert proc.returncode == 128 + signum, err
    assert err.strip() == MESSAGES[signum]  # one line: no worker's traceback, no Dask log
    if kept is None:
        assert sorted(p.name for p in tmp_path.iterdir()) == []  # no temporary file, no lock, no partial output
    else:
        left = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
        assert all(kept(p) for p in left), left
    _, alive = psutil.wait_procs(workers, timeout=STOP_DEADLINE)
    assert alive == []


def _busy(
    proc: subprocess.Popen, cpu_seconds: float, find: Callable[[subprocess.Popen], list[psutil.Process]] = _workers
) -> Callable[[], bool]:
    """True once both workers (as ``find`` lists them) exist and have spent ``cpu_seconds`` (a Dask worker's imports take
    about one): games are running."""

    def ready() -> bool:
        workers = find(proc)
        try:
            return len(workers) == 2 and all(w.cpu_times().user > cpu_seconds for w in workers)
        except psutil.Error:
            return False

    return ready


def test_ctrl_c_during_simulate_on_dask_ends_it(tmp_path):
    proc = _start(tmp_path, "simulate", "spionaaz", "--games", "100000", "--out", "sims.jsonl")
    _wait_for(proc, _busy(proc, 1.5))
    _stop(proc, signal.SIGINT, tmp_path)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGHUP])
def test_a_signal_while_the_cluster_starts_ends_it(tmp_path, signum):
    proc = _start(tmp_path, "simulate", "spionaaz", "--games", "1000", "--out", "sims.jsonl")
    _wait_for(proc, lambda: bool(_workers(proc)))  # the first worker process exists: the cluster is starting
    _stop(proc, signum, tmp_path)


def test_a_study_on_the_process_pool_ends_at_sigterm(tmp_path):
    proc = _start(
        # the kernel plays these at hundreds of games a second: enough of them that the study is still running when signalled
        tmp_path,
        "study",
        "spionaaz",
        "-o",
        "combat_reveals=true,false",
        "--games",
        "200000",
        "--players",
        "random,random",
    )
    _wait_for(proc, _busy(proc, 1.0, _pool_workers))
    _stop(proc, signal.SIGTERM, tmp_path, _pool_workers)


def test_the_embedded_cluster_listens_on_loopback_only_and_sigterm_ends_it(tmp_path):
    proc = _start(tmp_path, "simulate", "spionaaz", "--games", "100000", "--out", "sims.jsonl")
    _wait_for(proc, _busy(proc, 1.5))
    tree = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]
    listening = []
    for p in tree:
        try:
            listening += [c.laddr for c in p.net_connections(kind="inet") if c.status == psutil.CONN_LISTEN]
        except psutil.Error:
            continue
    assert listening, "the cluster's scheduler should be listening"  # else the check below proves nothing
    assert {a.ip for a in listening} <= {"127.0.0.1", "::1"}, listening
    _stop(proc, signal.SIGTERM, tmp_path)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_publish_studies_ends_it_and_keeps_only_whole_blocks(tmp_path, signum):
    proc = _start(tmp_path, "publish-studies", "--games", "2000", "--out", "studies")
    _wait_for(proc, _busy(proc, 1.0, _pool_workers))
    _stop(proc, signum, tmp_path, _pool_workers, lambda path: path.startswith("studies/.partial/") and path.endswith(".block"))


HUNG_CLEANUP = """
import sys, time
from wararchive.cli import main as cli
from wararchive.fileio import atomic_open

def run(args):
    with atomic_open("out.txt") as fh:
        fh.write("x")
        try:
            print("writing", flush=True)
            time.sleep(600)
        finally:
            print("cleaning", flush=True)
            while True:  # a cleanup that never ends
                time.sleep(0.1)

cli.corpus_cmds.texts = run  # registered under "texts" when main builds its parser
sys.exit(cli.main(["texts"]))
"""


def _line(proc: subprocess.Popen) -> str:
    """The command's next line of output, or a failure (never a hang) if none comes within the deadline."""
    import selectors

    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout=STOP_DEADLINE):
            os.killpg(proc.pid, signal.SIGKILL)
            pytest.fail(f"no output within {STOP_DEADLINE} s: {proc.communicate()[1][-2000:]}")
    return proc.stdout.readline()


def test_a_third_ctrl_c_ends_a_hung_cleanup_and_removes_the_temporary_file(tmp_path):
    proc = _popen([sys.executable, "-c", HUNG_CLEANUP], tmp_path)
    assert _line(proc) == "writing\n"
    os.killpg(proc.pid, signal.SIGINT)
    assert _line(proc) == "cleaning\n"  # the first one was handled: the cleanup runs
    os.killpg(proc.pid, signal.SIGINT)
    time.sleep(1.0)
    assert proc.poll() is None  # the second is ignored: the cleanup goes on
    # the third ends it; signals sent before the process ran again are counted as one, so send until it ends
    deadline = time.monotonic() + STOP_DEADLINE
    while proc.poll() is None and time.monotonic() < deadline:
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.5)
    _, err = proc.communicate(timeout=STOP_DEADLINE)
    assert proc.returncode == 128 + signal.SIGINT and err.strip() == MESSAGES[signal.SIGINT]
    assert sorted(p.name for p in tmp_path.iterdir()) == []


SWALLOWED_STOP = """
import sys, time
from wararchive.cli import main as cli
from wararchive.fileio import atomic_open

def run(args):
    with atomic_open("out.txt") as fh:
        fh.write("x")
        while True:
            try:  # the line is written in here, so that the stop the test sends after it lands in here too
                print("writing", flush=True)
                time.sleep(60)
            except BaseException:  # library code that swallows whatever a signal raised in it
                pass

cli.GRACE = 2.0
cli.corpus_cmds.texts = run
sys.exit(cli.main(["texts"]))
"""


def test_a_stop_that_library_code_swallowed_still_ends_the_command_after_its_grace(tmp_path):
    proc = _popen([sys.executable, "-c", SWALLOWED_STOP], tmp_path)
    assert _line(proc) == "writing\n"
    signalled = time.monotonic()
    os.killpg(proc.pid, signal.SIGTERM)
    _, err = proc.communicate(timeout=STOP_DEADLINE)
    assert proc.returncode == 128 + signal.SIGTERM and err.strip() == MESSAGES[signal.SIGTERM]
    assert time.monotonic() - signalled >= 2.0  # the deadline ended it: the exception was swallowed
    assert sorted(p.name for p in tmp_path.iterdir()) == []
