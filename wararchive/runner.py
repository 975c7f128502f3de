"""Run independent, seeded jobs on every core (or a Dask cluster), results in input order.

Simulations, studies and the site's games are embarrassingly parallel: every
game derives everything from its own seed. :func:`parallel_iter` hands chunks
of jobs to workers and yields the answers in the order of the inputs, so the
output is the same whether one worker ran it or many, and a caller's output
is byte-identical to a serial run. Answers stream: a writer (``simulate``)
can write each record as it comes, and at most a window of chunks is in
flight, so memory does not grow with the number of games.

One mechanism, three places to run. Dask's client offers the standard
:class:`concurrent.futures.Executor` interface, so chunking, ordering and the
progress bar are the same code for all of them:

* ``"dask"`` (the default): an embedded Dask ``LocalCluster`` on this
  machine's cores, or the cluster at ``scheduler``;
* ``"processes"``: a plain local process pool, for short runs (the site
  build uses it): 8 trivial jobs on 2 workers took it 0.02 s (0.01-0.04 s
  over N = 3 runs) against 7.8 s (6.7-9.6 s) for an embedded Dask cluster,
  start-up included, wall time on a shared 2-core machine; and for
  ``study``, ``publish-studies`` and ``ladder``, whose collecting process it
  spares a scheduler (:data:`wararchive.study.POOL`);
* in this process, without workers: one worker, or a small job with no
  worker count asked for.

Workers never outlive the process that started them, however it ends
(SIGKILL included): each worker watches its parent and exits when it is gone
(see :func:`_watch_owner`); Dask's nanny-started workers do the same of
their own accord (a pipe from the parent whose end means it died).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import resource_tracker
from typing import Literal, TypeVar

from .errors import WararchiveError

T = TypeVar("T")
R = TypeVar("R")

Pool = Literal["dask", "processes"]

CHUNKS_PER_WORKER = 8  # enough chunks to keep workers busy as game lengths vary, few enough to keep overhead low
MAX_CHUNK = 100  # jobs per chunk at most, so that answers stream and the progress bar moves on long runs
WINDOW_PER_WORKER = 4  # chunks of MAX_CHUNK jobs in flight per worker: the rest wait, so memory stays bounded
CONNECT_TIMEOUT = "10s"  # how long to wait for a --scheduler that does not answer
SMALL = 24  # starting workers costs time: fewer jobs than this run in-process unless workers are asked for
WORKERS_PER_CORE = 4
"""The most local workers per core. Each worker plays one game (or compiled block of games) at a time: past one a core,
more only add memory (a worker holds its own interpreter) and start-up time; four leaves room to overlap a worker's
waits, while a mistyped count (``--workers 100000``) is refused instead of forking until the machine gives out."""
OWNER_POLL = 0.5  # seconds between a worker's checks that the process that started it is still there


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def max_workers() -> int:
    """The most local workers a run may ask for: :data:`WORKERS_PER_CORE` per core this process may use."""
    return WORKERS_PER_CORE * default_workers()


def workers_range() -> str:
    """The counts of local workers allowed, in words, for the messages that refuse one."""
    return f"from 1 to {max_workers()} ({WORKERS_PER_CORE} per core of the {default_workers()} this process may use)"


def parallel_map(
    func: Callable[[T], R],
    items: Iterable[T],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: str | None = None,
    pool: Pool = "dask",
    chunk: int | None = None,
) -> list[R]:
    """``[func(x) for x in items]``, computed as :func:`parallel_iter` computes it."""
    return list(parallel_iter(func, items, workers=workers, scheduler=scheduler, progress=progress, pool=pool, chunk=chunk))


def parallel_iter(
    func: Callable[[T], R],
    items: Iterable[T],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: str | None = None,
    pool: Pool = "dask",
    chunk: int | None = None,
) -> Iterator[R]:
    """``func(x) for x in items``, in input order, computed on ``workers`` local processes or at ``scheduler``.

    ``func`` must be a module-level function (it is pickled to the workers)
    whose answer depends on its argument only. ``workers`` defaults to every
    core; ``scheduler`` is the address of a running Dask scheduler, whose
    workers must have wararchive installed. ``pool`` chooses the local
    workers (see the module's docstring). ``chunk`` is the number of jobs
    sent to a worker at a time: by default a few chunks per worker, at most
    :data:`MAX_CHUNK` jobs each; 1 suits jobs of very uneven length (a long
    one then never holds up others queued behind it). ``progress`` is the
    label of a progress bar on stderr (none when None).

    ``workers`` counts local processes, at most :func:`max_workers`; with a
    ``scheduler`` the cluster's own workers run the jobs, and ``workers``
    only sizes the chunks should the cluster report none. The arguments are
    checked at the call, not at the first answer, so that a caller fails
    before it opens its output.
    """
    if workers is not None and workers < 1:
        raise WararchiveError(f"workers must be at least 1, not {workers}")
    if scheduler is None and workers is not None and workers > max_workers():
        raise WararchiveError(f"workers must be {workers_range()}, not {workers}")
    if chunk is not None and chunk < 1:
        raise WararchiveError(f"chunk must be at least 1, not {chunk}")
    return _iter(func, list(items), workers, scheduler, progress, pool, chunk)


def _iter(
    func: Callable[[T], R],
    items: list[T],
    workers: int | None,
    scheduler: str | None,
    progress: str | None,
    pool: Pool,
    chunk: int | None,
) -> Iterator[R]:
    """:func:`parallel_iter`'s answers, its arguments checked."""
    in_process = scheduler is None and (workers == 1 or len(items) <= 1 or (workers is None and len(items) < SMALL))
    bar = _bar(len(items), progress)
    try:
        if in_process:
            for x in items:
                yield func(x)
                bar.update(1)
            return
        with _workers(pool, workers or default_workers(), scheduler) as (executor, n_workers):
            yield from _ordered(executor, func, _chunks(items, n_workers, chunk), n_workers, bar)
    finally:
        bar.close()


_SCOPES: list[tuple[dict[tuple, tuple[Executor, int]], contextlib.ExitStack]] = []


@contextmanager
def shared_workers() -> Iterator[None]:
    """Within this block, parallel calls with the same pool, worker count and scheduler share one set of workers.

    A command that runs several parallel steps (a study's games, then its
    analyses; ``publish-studies``' two rounds of games and analyses; a
    ladder's pairings) would otherwise start a cluster or pool for each,
    and every worker process imports the archive and loads the compiled
    kernel again: a few seconds a worker, which on many cores outweighs the
    steps themselves. Workers are started at a step's first need and
    stopped when the block ends, as each call stops its own outside one;
    an interrupt kills them as it does there. The commands ``study``,
    ``publish-studies`` and ``ladder`` run in such a block; a library caller
    may put one around its own steps.
    """
    with contextlib.ExitStack() as stack:
        _SCOPES.append(({}, stack))
        try:
            yield
        finally:
            _SCOPES.pop()


@contextmanager
def _workers(pool: Pool, workers: int, scheduler: str | None) -> Iterator[tuple[Executor, int]]:
    """:func:`_executor`'s, or in a :func:`shared_workers` block the one it keeps for these arguments."""
    if not _SCOPES:
        with _executor(pool, workers, scheduler) as got:
            yield got
        return
    kept, stack = _SCOPES[-1]
    key = ("dask" if scheduler is not None else pool, workers, scheduler)
    if key not in kept:
        kept[key] = stack.enter_context(_executor(pool, workers, scheduler))
    yield kept[key]


@functools.cache
def _bar_class() -> type:
    """tqdm without its monitor thread, which it starts even for a bar it does not show.

    A stop signal that lands while tqdm starts that thread gets its exception
    swallowed (tqdm turns the failed start into a warning), and the command
    went on running (once in CI). The monitor only corrects the refresh rate
    of bars that update fast and then stall; ours move a chunk at a time.
    """
    from tqdm import tqdm

    class Bar(tqdm):
        monitor_interval = 0

    return Bar


def _bar(total: int, label: str | None):
    return _bar_class()(total=total, desc=label, unit="game", file=sys.stderr, disable=label is None)


def _chunks(items: Sequence[T], n_workers: int, size: int | None = None) -> list[list[T]]:
    if size is None:
        n = max(n_workers * CHUNKS_PER_WORKER, -(-len(items) // MAX_CHUNK))
        size = max(1, -(-len(items) // n))
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def _run_chunk(func: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [func(x) for x in chunk]


def _ordered(executor: Executor, func: Callable[[T], R], chunks: list[list[T]], n_workers: int, bar) -> Iterator[R]:
    """Submit chunks, at most a window ahead of the one being yielded; a worker's exception is raised as it was.

    The window counts jobs, not chunks, so that small chunks behind a long job keep every worker busy.
    """
    size = max(1, max(map(len, chunks), default=1))
    window = n_workers * WINDOW_PER_WORKER * max(1, MAX_CHUNK // size)
    futures: dict[int, Future] = {}
    try:
        for i in range(len(chunks)):
            for j in range(i + len(futures), min(i + window, len(chunks))):
                futures[j] = executor.submit(_run_chunk, func, chunks[j])
                futures[j].add_done_callback(_counter(bar, len(chunks[j])))
            yield from futures.pop(i).result()
    except (Exception, GeneratorExit):
        for f in futures.values():  # the consumer stopped early, or a chunk failed (an interrupt kills the workers)
            f.cancel()
        raise


def _counter(bar, n: int) -> Callable[[Future], None]:
    """Advance the bar when a chunk is done (not when it is yielded), so it moves while an early chunk runs long."""

    def done(f: Future) -> None:
        if not f.cancelled() and f.exception() is None:
            bar.update(n)

    return done


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""What a terminal sends to the whole process group; workers leave them to the process that started them."""
CLOSE_TIMEOUT = 5  # seconds a cluster, or the pool's manager thread, may take to close on an interrupt


@contextmanager
def _executor(pool: Pool, workers: int, scheduler: str | None) -> Iterator[tuple[Executor, int]]:
    """An executor for the chosen pool, with the number of workers behind it.

    On an interrupt (Ctrl-C, SIGTERM, SIGHUP: a ``BaseException`` that is
    not an ``Exception``) the workers are killed rather than waited for: a
    chunk of long games could otherwise hold up the exit for minutes.
    """
    if scheduler is None and pool == "processes":
        executor = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker, initargs=(os.getpid(),))
        try:
            yield executor, workers
        except (Exception, GeneratorExit):
            executor.shutdown(wait=True)
            raise
        except BaseException:  # Ctrl-C, SIGTERM: the pool breaks, and its pending jobs fail with it
            _kill(_child_pids())
            _let_go(executor)
            raise
        executor.shutdown(wait=True)
        return
    with _client(workers, scheduler) as client:
        n_workers = max(1, len(client.scheduler_info().get("workers", {})) or workers)
        executor = client.get_executor(pure=False)
        try:
            yield executor, n_workers
        except (Exception, GeneratorExit):
            raise
        except BaseException:  # an interrupt: the shutdown below cancels futures, which tornado would log
            silence_dask_logs()
            raise
        finally:
            executor.shutdown(wait=False)  # every future is done on success; on failure the rest are cancelled


def _let_go(executor: ProcessPoolExecutor) -> None:
    """After the pool's workers were killed: shut it down and let its threads end, so that the exit neither hangs nor races them.

    A worker killed while it wrote an answer leaves half a message in the
    answers' pipe, and the pool's manager thread, which the interpreter
    joins at exit, waits for the rest: the command printed its one line and
    then hung (about one stop in twenty, by a study stopped mid-run). This
    process holds the pipe's other writing end; closing it ends the read,
    and the thread finds the pool broken and ends. The thread that feeds the
    jobs' pipe may be blocked writing to workers that are gone: it is not
    waited for.

    The manager thread is then joined here, for at most :data:`CLOSE_TIMEOUT`
    seconds. As it ends it closes its wake-up pipe, while the exit hook of
    ``concurrent.futures`` writes to that pipe without the pool's lock
    (CPython 3.11): a thread still ending at exit made the command print an
    ``OSError`` traceback after its one line (once in CI). The attributes
    are the pool's private ones (CPython 3.11-3.13), left alone where absent.
    """
    manager = getattr(executor, "_executor_manager_thread", None)
    with contextlib.suppress(AttributeError, OSError):
        executor._result_queue._writer.close()  # type: ignore[attr-defined]
    with contextlib.suppress(AttributeError):
        executor._call_queue.cancel_join_thread()  # type: ignore[attr-defined]
    executor.shutdown(wait=False)
    if manager is not None:
        manager.join(CLOSE_TIMEOUT)


def _init_worker(owner: int) -> None:
    """In a pool worker: leave the stop signals to the parent, and end with the process that started the pool.

    A terminal's Ctrl-C reaches the whole process group, but only the parent
    should act on it: it kills the workers as it unwinds. A parent that dies
    without unwinding (SIGKILL, or a stop signal it has no handler for, as
    in ``python -m sphinx``) cannot, and the workers, blocked on a queue
    whose other end they hold themselves, would wait forever with the stop
    signals ignored: so each one watches its parent (:func:`_watch_owner`).
    """
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    _watch_owner(owner)


def _watch_owner(owner: int) -> None:
    """End this worker (at once, as a kill would) within :data:`OWNER_POLL` seconds of its parent's end.

    A thread polls ``os.getppid()``: a process whose parent dies is handed to
    init (or a subreaper), so the answer changes. Linux's
    ``prctl(PR_SET_PDEATHSIG)`` would need no thread, but it fires when the
    parent *thread* that forked the worker ends, not the parent process:
    the pool forks from whichever thread first submits a job, and Dask from
    a helper thread per worker that ends when that worker is retired, so it
    would kill healthy workers; and it is Linux's only. The parent at start
    is read here rather than assumed to be ``owner``, the process that made
    the pool, because under the ``forkserver`` start method (the default
    from Python 3.14) the parent is the fork server, which itself exits when
    ``owner`` does. ``owner`` is checked too, for a parent killed before this
    worker started: the worker would otherwise take init for its parent.
    Being a thread, the watch waits for a job that holds the interpreter
    lock in compiled code; the games are Python bytecode, which yields it.
    """
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent and _exists(owner):
            time.sleep(OWNER_POLL)
        os._exit(1)  # nothing of the worker's to save: its answers went to a parent that is gone

    threading.Thread(target=watch, name="wararchive-owner-watch", daemon=True).start()


def _exists(pid: int) -> bool:
    """Whether a process ``pid`` exists (a process of another user's counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


@contextmanager
def _client(workers: int, scheduler: str | None) -> Iterator:
    """A client of the given scheduler, or of an embedded cluster of ``workers`` processes."""
    from dask.distributed import Client

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise WararchiveError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
        with client:
            yield client
        return
    cluster = _start_cluster(workers)
    closed = _ClosedConnections()
    logging.getLogger("tornado.application").addFilter(closed)
    try:
        with Client(cluster) as client:
            yield client
    except BaseException:
        silence_dask_logs()
        _kill(_worker_pids(cluster))  # nothing to save: a graceful close would first wait for the running games
        with contextlib.suppress(Exception):
            cluster.close(timeout=CLOSE_TIMEOUT)
        raise
    finally:
        logging.getLogger("tornado.application").removeFilter(closed)
    cluster.close()


class _ClosedConnections(logging.Filter):
    """Drops tornado's report of a connection to the embedded cluster that closed under it.

    Such a report comes from the client's event-loop thread the moment a
    worker goes (at a stop signal, before the main thread's handler has run);
    a worker lost in a normal run reaches the caller as its future's error.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        from distributed.comm.core import CommClosedError

        return not (record.exc_info and isinstance(record.exc_info[1], CommClosedError))


def silence_dask_logs() -> None:
    """After an interrupt: the command ends with its own one line.

    Dask logs the connections the kill breaks (at INFO, with tracebacks) and
    tornado the futures cancelled or failed on the way out; LocalCluster's
    ``silence_logs`` covers only its start. The command line calls this as
    the stop signal arrives (a connection may close before the runner's own
    handlers run); the runner calls it again for library callers.
    Distributed's logging configuration gives some of their children a
    level of their own (``tornado.application``: ERROR), which a parent's
    level does not override, so every logger under these names is set.
    """
    roots = ("distributed", "tornado", "asyncio")
    names = [n for n in list(logging.root.manager.loggerDict) if n.split(".", 1)[0] in roots]
    for name in {*roots, *names}:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _start_cluster(workers: int):
    """An embedded Dask cluster on loopback, whose worker processes do not act on a terminal's signals.

    A terminal sends Ctrl-C to the whole process group. Dask's workers would
    die of it mid-task, each printing a traceback, while the scheduler waits
    for their answers (the command hung until killed). So the cluster is
    started from a thread that blocks the stop signals: Dask's threads and
    the worker processes inherit that signal mask, and the signal reaches
    only this process, whose main thread (still free to take the signal,
    even while the cluster starts) shuts the workers down. Scheduler,
    workers and dashboard listen on 127.0.0.1 only.
    """
    from dask.distributed import LocalCluster

    started: dict[str, object] = {}

    def start() -> None:
        try:
            started["cluster"] = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,  # one game or block at a time per process: the reference engine holds the GIL
                processes=True,
                host="127.0.0.1",
                dashboard_address="127.0.0.1:0",  # a free port, on loopback: several clusters may run on one machine
                silence_logs=logging.ERROR,
            )
        except BaseException as exc:  # handed to the main thread, which raises it
            started["error"] = exc

    thread = threading.Thread(target=start, name="wararchive-cluster-start", daemon=True)
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        # multiprocessing's resource tracker is started here, with SIGHUP blocked for good (it ignores the
        # other two itself): started later by a spawning thread, it would unblock SIGINT and SIGTERM there.
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)  # the new thread inherits the mask...
        thread.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)  # ...this one takes the signals again at once
    try:
        while thread.is_alive():
            thread.join(0.1)  # a short wait, so that a signal's handler runs in this thread without delay
    except BaseException:
        _kill(_child_pids())  # a half-started cluster: its workers are all this process's children so far
        raise
    if "error" in started:
        raise started["error"]  # type: ignore[misc]
    return started["cluster"]


def _worker_pids(cluster) -> list[int]:
    """The process ids of a local cluster's workers (each nanny runs one)."""
    pids = []
    for nanny in list(getattr(cluster, "workers", {}).values()):
        pid = getattr(getattr(nanny, "process", None), "pid", None)
        if pid:
            pids.append(pid)
    return pids


def _child_pids() -> list[int]:
    import multiprocessing

    return [p.pid for p in multiprocessing.active_children() if p.pid]


def _kill(pids: Iterable[int]) -> None:
    """SIGKILL these processes, ignoring any that are already gone."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
