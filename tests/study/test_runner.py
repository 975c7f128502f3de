"""The engine's one parallel runner (wararchive.runner): order, streaming, errors, on both local pools."""

from __future__ import annotations

import contextlib
import os
import struct
import subprocess
import sys

import pytest

from wararchive import runner as parallel
from wararchive.errors import WararchiveError


def _square(x: int) -> int:
    if x < 0:
        raise WararchiveError(f"job {x} refused")
    return x * x


def test_process_pool_keeps_input_order_across_many_chunks():
    items = list(range(600))
    assert max(map(len, parallel._chunks(items, 2))) <= parallel.MAX_CHUNK
    assert parallel.parallel_map(_square, items, workers=2, pool="processes") == [x * x for x in items]
    items = list(range(2000))  # one job a chunk: more than the window of 2 × 4 × 100 jobs, so submission is staggered
    assert parallel.parallel_map(_square, items, workers=2, pool="processes", chunk=1) == [x * x for x in items]


def test_a_workers_error_is_raised_as_it_was():
    with pytest.raises(WararchiveError, match="job -1 refused"):
        parallel.parallel_map(_square, [*range(613), -1, *range(100)], workers=2, pool="processes")


def test_answers_stream_and_a_consumer_may_stop_early():
    stream = parallel.parallel_iter(_square, range(10_000), workers=2, pool="processes")
    assert [next(stream) for _ in range(3)] == [0, 1, 4]
    stream.close()  # cancels what is still queued and shuts the pool down, without waiting for 10,000 jobs


def test_small_jobs_run_in_process_and_workers_are_checked():
    assert parallel.parallel_map(_square, [1, 2, 3]) == [1, 4, 9]  # under SMALL: no pool is started
    with pytest.raises(WararchiveError, match="at least 1"):
        parallel.parallel_map(_square, range(5), workers=0)


def test_after_an_interrupt_no_dask_logger_speaks_even_one_with_its_own_level(caplog):
    """tests/cli/test_signals.py saw tornado's "Exception in callback … FutureCancelledError" after Ctrl-C.

    Distributed's logging configuration sets ``tornado.application`` to ERROR
    itself, so silencing ``tornado`` alone left it speaking.
    """
    import logging

    import distributed  # noqa: F401  (its import applies its logging configuration)

    names = ["tornado.application", "distributed.client", "distributed", "tornado", "asyncio"]
    levels = {name: logging.getLogger(name).level for name in names}
    try:
        parallel.silence_dask_logs()
        with caplog.at_level(logging.NOTSET):
            for name in names:
                logging.getLogger(name).critical("after the interrupt")
        assert caplog.records == []
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def _pid(_: int) -> int:
    import os

    return os.getpid()


def _alive(pids: set[int], wait: float = 0) -> set[int]:
    """The processes of ``pids`` still running after ``wait`` seconds (a killed one takes a moment to go)."""
    import psutil

    procs = []
    for pid in pids:
        with contextlib.suppress(psutil.NoSuchProcess):
            procs.append(psutil.Process(pid))
    _, alive = psutil.wait_procs(procs, timeout=wait) if wait else ([], procs)
    return {p.pid for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE}


def _children() -> set[int]:
    import multiprocessing

    return {p.pid for p in multiprocessing.active_children()}


def test_calls_in_a_shared_workers_block_reuse_one_pool_and_it_ends_with_the_block():
    before = _children()
    with parallel.shared_workers():
        parallel.parallel_map(_pid, range(40), workers=2, pool="processes")
        pool = _children() - before
        with pytest.raises(WararchiveError, match="job -1 refused"):  # a failed call leaves the pool to the next
            parallel.parallel_map(_square, [*range(30), -1], workers=2, pool="processes")
        ran = set(parallel.parallel_map(_pid, range(40), workers=2, pool="processes"))
        now = _children() - before  # the pool may start its second process late, but no more than its two
        assert pool and pool <= now and ran <= now and len(now) <= 2
        assert _alive(now) == now
    assert _alive(now, wait=10) == set()  # the block's end stops the workers it started
    ran = set(parallel.parallel_map(_pid, range(40), workers=2, pool="processes"))
    assert ran.isdisjoint(now)  # outside a block each call starts its own


def test_an_interrupt_in_a_shared_workers_block_kills_its_workers():
    with pytest.raises(KeyboardInterrupt), parallel.shared_workers():
        pids = set(parallel.parallel_map(_pid, range(40), workers=2, pool="processes"))
        raise KeyboardInterrupt
    assert _alive(pids, wait=10) == set()


def test_an_interrupt_after_a_killed_worker_left_half_an_answer_lets_the_pool_end():
    """A worker killed mid-answer leaves half a message in the answers' pipe; the pool's manager thread, which the
    interpreter joins at exit, must not wait for the rest (the command printed its line and hung)."""
    with pytest.raises(KeyboardInterrupt), parallel._executor("processes", 2, None) as (executor, _):
        assert executor.submit(abs, -1).result() == 1  # the workers and the manager thread are up
        thread = executor._executor_manager_thread
        writer = executor._result_queue._writer
        os.write(writer.fileno(), struct.pack("!i", 1 << 20) + b"half")  # a length of 1 MiB, then 4 bytes of it
        raise KeyboardInterrupt
    thread.join(timeout=10)
    stuck = thread.is_alive()
    with contextlib.suppress(OSError):
        writer.close()  # were the fix gone, this frees the thread, so that the failure does not hang the suite's exit
    assert not stuck


def test_an_interrupted_pool_has_closed_its_wake_up_pipe_before_the_interpreter_exits():
    """``concurrent.futures``' exit hook writes to each pool's wake-up pipe without the pool's lock, while the
    manager thread closes that pipe as it ends: a thread still ending at exit printed an ``OSError`` traceback after
    the command's one line (CPython 3.11). So the interrupt's unwinding has ended the thread, pipe closed, already."""
    with pytest.raises(KeyboardInterrupt), parallel._executor("processes", 2, None) as (executor, _):
        assert executor.submit(abs, -1).result() == 1
        thread = executor._executor_manager_thread
        wakeup = executor._executor_manager_thread_wakeup
        raise KeyboardInterrupt
    assert not thread.is_alive()
    assert wakeup._closed


def test_a_progress_bar_starts_no_monitor_thread():
    """tqdm starts a monitor thread even for a hidden bar, and a stop signal landing in that start was swallowed (the
    command went on): the runner's bars, shown or not, start none. In a fresh interpreter, where none runs yet."""
    code = (
        "import threading; from wararchive.runner import _bar\n"
        "for label in (None, 'games'): _bar(10, label).close()\n"
        "print(sorted(type(t).__name__ for t in threading.enumerate()))"
    )
    threads = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert threads.strip() == "['_MainThread']"
