"""Workers never outlive the process that started them, however it ends (wararchive.runner).

Each test starts a plain script (no command line, so no handler of ours for
any signal, as under ``python -m sphinx``) whose two workers, of either
pool, run a job that never ends; once both are busy, the script is killed
or terminated, and every process it started must be gone within seconds.
Whatever is left is killed in a ``finally``, so a failure leaves nothing
running.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

START_DEADLINE = 180  # seconds for both workers to be busy: a loaded machine starts a Dask cluster slowly
END_DEADLINE = 10  # seconds for every worker to end: far above the half second it takes (OWNER_POLL)

JOB = '''
import os
from pathlib import Path

def spin(_):
    """A job that never ends, in Python's own bytecode, like a game; it says when it starts, by a file named by its pid."""
    (Path(__file__).parent / f"busy-{os.getpid()}").touch()
    while True:
        pass
'''

SCRIPT = """
import sys
from jobs import spin
from wararchive.runner import parallel_iter

for _ in parallel_iter(spin, range(8), workers=2, pool=sys.argv[1]):
    pass
"""


@pytest.mark.parametrize(
    ("pool", "signum"),
    [("processes", signal.SIGKILL), ("processes", signal.SIGTERM), ("dask", signal.SIGKILL)],
)
def test_workers_end_with_their_parent(tmp_path: Path, pool: str, signum: int) -> None:
    (tmp_path / "jobs.py").write_text(textwrap.dedent(JOB))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}  # spawned Dask workers import jobs
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, pool],
        cwd=tmp_path,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    parent = psutil.Process(proc.pid)
    started: list[psutil.Process] = []
    try:
        deadline = time.monotonic() + START_DEADLINE
        while len(list(tmp_path.glob("busy-*"))) < 2:
            assert proc.poll() is None, f"the script ended with {proc.returncode} before its workers were busy"
            assert time.monotonic() < deadline, "the workers were never busy"
            time.sleep(0.2)
        started = parent.children(recursive=True)  # read before the parent goes: its orphans are init's
        assert {int(f.name.removeprefix("busy-")) for f in tmp_path.glob("busy-*")} <= {p.pid for p in started}
        os.kill(proc.pid, signum)
        proc.wait(timeout=END_DEADLINE)
        assert proc.returncode == -signum
        t0 = time.monotonic()
        _, alive = psutil.wait_procs(started, timeout=END_DEADLINE)
        assert alive == [], f"still running {time.monotonic() - t0:.1f} s after the parent's end: {alive}"
    finally:
        with contextlib.suppress(psutil.Error):  # a parent still there: its workers, started or not yet read
            started += parent.children(recursive=True)
        for p in started:
            with contextlib.suppress(psutil.Error):
                p.kill()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
