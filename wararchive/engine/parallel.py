"""Run independent, seeded jobs on every core (or a Dask cluster), results in input order.

Simulations and studies are embarrassingly parallel: every game derives
everything from its own seed. :func:`parallel_map` hands chunks of jobs to
Dask workers and puts the answers back in the order of the inputs, so the
result is the same list whether one worker ran it or many, and a caller's
output is byte-identical to a serial run.

One worker, or a small job with no worker count asked for, runs in this
process without starting Dask: a local cluster takes seconds to start.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from ..errors import WararchiveError

T = TypeVar("T")
R = TypeVar("R")

CHUNKS_PER_WORKER = 8  # enough chunks to keep workers busy as game lengths vary, few enough to keep overhead low
CONNECT_TIMEOUT = "10s"  # how long to wait for a --scheduler that does not answer
SMALL = 24  # starting a local cluster takes seconds: fewer jobs than this run in-process unless workers are asked for


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def parallel_map(
    func: Callable[[T], R],
    items: Iterable[T],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: str | None = None,
) -> list[R]:
    """``[func(x) for x in items]``, computed on ``workers`` local processes or at ``scheduler``.

    ``func`` must be a module-level function (it is pickled to the workers)
    whose answer depends on its argument only. ``workers`` defaults to every
    core; ``scheduler`` is the address of a running Dask scheduler, whose
    workers must have wararchive installed. ``progress`` is the label of a
    progress bar on stderr (none when None).
    """
    items = list(items)
    in_process = scheduler is None and (workers == 1 or len(items) <= 1 or (workers is None and len(items) < SMALL))
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise WararchiveError(f"workers must be at least 1, not {workers}")
    bar = _bar(len(items), progress)
    try:
        if in_process:
            out = []
            for x in items:
                out.append(func(x))
                bar.update(1)
            return out
        return _on_dask(func, items, workers, scheduler, bar)
    finally:
        bar.close()


def _bar(total: int, label: str | None):
    from tqdm import tqdm

    return tqdm(total=total, desc=label, unit="game", file=sys.stderr, disable=label is None)


def _chunks(items: Sequence[T], n: int) -> list[list[T]]:
    size = max(1, -(-len(items) // n))
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def _run_chunk(func: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [func(x) for x in chunk]


def _on_dask(func: Callable[[T], R], items: list[T], workers: int, scheduler: str | None, bar) -> list[R]:
    from dask.distributed import as_completed

    with _client(workers, scheduler) as client:
        n_workers = max(1, len(client.scheduler_info().get("workers", {})) or workers)
        chunks = _chunks(items, n_workers * CHUNKS_PER_WORKER)
        futures = [client.submit(_run_chunk, func, c, pure=False) for c in chunks]
        where = {f.key: i for i, f in enumerate(futures)}
        results: list[list[R] | None] = [None] * len(chunks)
        for fut in as_completed(futures):
            i = where[fut.key]
            results[i] = fut.result()  # a worker's exception is raised here, as it was
            bar.update(len(chunks[i]))
    return [r for chunk in results for r in chunk or ()]


@contextmanager
def _client(workers: int, scheduler: str | None) -> Iterator[Any]:
    """A client of the given scheduler, or of an embedded cluster of ``workers`` processes."""
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise WararchiveError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
        with client:
            yield client
        return
    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,  # the engine is pure Python: one game per process at a time
        processes=True,
        dashboard_address=":0",  # a free port: several clusters may run on one machine
        silence_logs=logging.ERROR,
    )
    with cluster, Client(cluster) as client:
        yield client
