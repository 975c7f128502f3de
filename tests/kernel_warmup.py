"""The test suite's set-up: numba's cache filled once, in the background, before the tests that play on the kernel.

On a fresh clone numba's cache is empty, and compiling the kernel costs
some 150 s of one core (measured in one process: the ply loop 76 s, a
study's blocks 12 s, ``ismcts`` 33 s, ``strong`` 19 s, chess 9 s). Both of
pytest-xdist's workers used to reach the kernel's tests at once and compile
the same code side by side, each for itself: a fresh clone's run took 584
CPU-seconds against 320 with warm caches (N = 1 each), and the kernel's
compile, once in each worker, made most of the difference. Now the controller starts this script in two processes
(:func:`start`), the workers run the tests that play nothing compiled first
(:func:`order`), and a test that does play on the kernel waits until the
cache is filled (:func:`wait`), then loads it. The cache is numba's own (``cache=True``,
next to the modules): a warm cache makes this a few seconds of loading.

Only the set-up order changes, never what a test checks: a test that
reaches the kernel unannounced compiles for itself, as before.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

ENV = "WARARCHIVE_TEST_KERNEL_WARMUP"
"""The folder where the warm-up's parts say they are done (the controller sets it; the workers inherit it)."""
TESTS = Path(__file__).resolve().parent
PLAYS_COMPILED = tuple(TESTS / part for part in ("kernel", "players", "study", "cli"))
"""The folders whose tests play on the kernel (directly or through the commands): :func:`mark`; elsewhere such a test says so."""
PARTS = ("playouts", "chess")
"""The warm-up's two processes, one a core: the playouts, then ``ismcts``; chess, then a study's blocks and ``strong``."""
PATIENCE = 900.0
"""Seconds a worker waits for the compilation before its tests compile for themselves (a stuck warm-up hangs nothing)."""
_RUNNING = pytest.StashKey[tuple[list[subprocess.Popen], tempfile.TemporaryDirectory]]()


def compile_part(part: str, folder: Path) -> None:
    """Play short games through the compiled entries of one part, so that numba compiles and caches each."""
    from wararchive import kernel
    from wararchive.engine import ruleset
    from wararchive.kernel import chess as compiled_chess
    from wararchive.players.registry import simulate_one

    if kernel.numba_gap() is not None:
        return
    board, pair = ruleset("spionaaz", ply_limit=8), ("random", "greedy")
    if part == "playouts":
        kernel.play(board, 1, pair)  # the ply loop: ~75 s, then every other entry links it from the cache
        (folder / "playouts.cached").touch()  # the other part waits for it
        simulate_one(board, 1, ("ismcts", "random"))
    else:
        chess = ruleset("chess", ply_limit=8)
        kernel.play(chess, 1, pair)
        compiled_chess.play_block(chess, [1], pair)
        _wait_for([folder / "playouts.cached", folder / "playouts.done"], need=any)  # done: failed before
        kernel.play_block(board, [1], pair)
        simulate_one(board, 1, ("random", "strong"))


def start(config: pytest.Config) -> None:
    """In the xdist controller, before the workers start: run the warm-up in the background (nothing where nothing is gained)."""
    if hasattr(config, "workerinput"):
        if os.environ.get(ENV):
            os.nice(10)  # a worker: the warm-up's compiling comes first, the tests that need none take the cores it leaves
        return
    if not (config.getoption("numprocesses", None) or 0):
        os.environ.pop(ENV, None)  # one process (perhaps a run inside a test): it compiles what it needs as it goes
        return
    folder = tempfile.TemporaryDirectory(prefix="wararchive-kernel-")
    os.environ[ENV] = folder.name  # inherited by the workers, which xdist starts after this
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    procs = [subprocess.Popen([sys.executable, __file__, part, folder.name], **quiet) for part in PARTS]
    config.stash[_RUNNING] = (procs, folder)


def stop(config: pytest.Config) -> None:
    """At the end of the session (or on Ctrl-C): end the warm-up if it still runs, say if it failed, remove its folder."""
    if (running := config.stash.get(_RUNNING, None)) is None:
        return
    procs, folder = running
    for proc in procs:
        proc.kill()
        proc.wait()
    for done in _done(Path(folder.name)):
        if done.exists() and (said := done.read_text(encoding="utf-8").strip()) != "done":
            print(f"\nthe kernel's warm-up ({done.stem}) failed; the tests compiled for themselves: {said}", file=sys.stderr)
    folder.cleanup()
    os.environ.pop(ENV, None)


def order(items: list[pytest.Item]) -> None:
    """The files whose tests play nothing compiled first, then those with a test marked ``kernel`` (a stable sort).

    Whole files, since the suite hands each worker whole files (``--dist loadfile``): a ``kernel`` test
    early in its file would hold that worker idle until the warm-up is done. The sort is the same on every worker.
    """
    compiled = {item.path for item in items if _plays_compiled(item)}
    items.sort(key=lambda item: item.path in compiled)


def wait(item: pytest.Item) -> None:
    """Before a test that plays on the kernel: wait until the warm-up is done (at most :data:`PATIENCE`, once a worker)."""
    if (folder := os.environ.get(ENV)) and _plays_compiled(item) and not _wait_for(_done(Path(folder))):
        os.environ.pop(ENV)  # it did not finish: this worker's later tests compile for themselves, without waiting again


def _wait_for(files: list[Path], need: Callable[[Iterable[bool]], bool] = all) -> bool:
    """Wait until ``need`` holds of the files' existence (at most :data:`PATIENCE`); whether it came to hold."""
    deadline = time.monotonic() + PATIENCE
    while not (there := need(f.exists() for f in files)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return there


def _done(folder: Path) -> list[Path]:
    return [folder / f"{part}.done" for part in PARTS]


def mark(item: pytest.Item) -> None:
    """Mark ``kernel`` the tests of the folders that play on the kernel (:data:`PLAYS_COMPILED`)."""
    if any(Path(item.fspath).resolve().is_relative_to(folder) for folder in PLAYS_COMPILED):
        item.add_marker(pytest.mark.kernel)


def _plays_compiled(item: pytest.Item) -> bool:
    return item.get_closest_marker("kernel") is not None


if __name__ == "__main__":
    part, folder = sys.argv[1], Path(sys.argv[2])
    said = "done"
    try:
        compile_part(part, folder)
    except Exception as exc:  # the tests go on either way, compiling for themselves; stop() reports it
        said = f"{type(exc).__name__}: {exc}"
    (folder / f"{part}.done").write_text(said + "\n", encoding="utf-8")
