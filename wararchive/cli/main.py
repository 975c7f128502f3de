"""Entry point of the ``wararchive`` command.

Every subcommand has ``--help``. A user error (unknown id, bad option,
malformed file, illegal move, unwritable output) prints one line
``wararchive: error: …`` and exits with status 2; nothing a user types
produces a traceback. SIGTERM and SIGHUP unwind like Ctrl-C, so a
half-written output's temporary file is removed before the process ends;
the exit status is 128 + the signal's number (130, 143, 129) after one line.
A second signal while the first unwinds is ignored, so that it cannot cut the
cleanup short; a third ends the process at once (see :class:`_Stop`), and so
does the first if the command has not ended :data:`GRACE` seconds after it.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import IO, Any

from ..errors import WararchiveError
from . import corpus_cmds, engine_cmds, release_cmds, site_cmds, study_cmds


class _Parser(argparse.ArgumentParser):
    """argparse, but an unknown choice lists the valid ones on one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="wararchive",
        description="A digital archive of historical war-game rulebooks: texts, rules, games.",
        epilog="Run 'wararchive COMMAND --help' for the options of each command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    corpus_cmds.register(sub)
    engine_cmds.register(sub)
    study_cmds.register(sub)
    site_cmds.register(sub)
    release_cmds.register(sub)
    return parser


class Terminated(BaseException):
    """SIGTERM or SIGHUP, raised where the process is, so ``finally`` blocks and cleanups run."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


STOP_SIGNALS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated", signal.SIGHUP: "hung up"}
GRACE = 15.0
"""Seconds a stopped command may take to unwind: well above its own cleanup (a Dask cluster or a process pool is
given 5 s to close), short enough that a stop always ends the command within seconds."""


def _end_now(signum: int) -> None:
    """End the process at once, as a stop signal would have: pending temporary files removed, one line, 128 + signum."""
    from ..fileio import remove_pending

    remove_pending()
    print(f"wararchive: {STOP_SIGNALS[signum]}", file=sys.stderr, flush=True)
    os._exit(128 + signum)


class _Deadline(threading.Thread):
    """Ends the process if a stopped command has not ended :data:`GRACE` seconds after the first stop signal.

    The signal's exception is raised wherever the main thread is, and
    library code there may swallow it: tqdm, interrupted while it started its
    monitor thread, turned it into a ``RuntimeError`` that its own ``except
    Exception`` caught, and ``simulate`` went on playing 100,000 games (once
    in CI). No code of ours can rule that out in every library, so the stop
    does not rely on the exception alone. The thread is started before any
    signal: starting one inside a signal handler could deadlock on the
    interpreter's own thread lock, should the signal land while the main
    thread holds it.
    """

    def __init__(self, grace: float) -> None:
        super().__init__(name="wararchive-stop-deadline", daemon=True)
        self.grace = grace
        self.signum = signal.SIGTERM
        self._stopping = threading.Event()
        self._ended = threading.Event()

    def run(self) -> None:
        self._stopping.wait()
        if not self._ended.wait(self.grace):
            _end_now(self.signum)

    def arm(self, signum: int) -> None:
        """A stop signal came (called from its handler): the grace period starts now."""
        self.signum = signum
        self._stopping.set()

    def cancel(self) -> None:
        """The command has ended, stopped or not: the thread ends without acting."""
        self._ended.set()
        self._stopping.set()


class _Stop:
    """The handler of the stop signals: the first one unwinds the command, the second is ignored, the third ends it.

    A second Ctrl-C (people press it twice) must not interrupt the cleanup
    that removes temporary files and stops worker processes; but should the
    cleanup itself hang, a third one ends the process at once, after
    removing this process's temporary and lock files. Should nobody press a
    third time, the :class:`_Deadline` does the same.
    """

    def __init__(self) -> None:
        self.count = 0
        self.deadline = _Deadline(GRACE)
        self.deadline.start()

    def __call__(self, signum: int, frame: object) -> None:
        self.count += 1
        if self.count == 1:
            from ..runner import silence_dask_logs

            self.deadline.arm(signum)
            silence_dask_logs()  # from now on, whatever Dask's shutdown logs would follow our one line
            raise KeyboardInterrupt if signum == signal.SIGINT else Terminated(signum)
        if self.count >= 3:
            _end_now(signum)


class StdoutError(WararchiveError):
    """Standard output cannot be written (a full disk, a closed terminal): the user's environment, not our bug."""


class _Stdout:
    """Standard output, where a failed write is a :class:`StdoutError` naming it (a closed pipe stays what it is)."""

    def __init__(self, stream: IO[str]):
        self._stream = stream

    def write(self, text: str) -> int:
        return self._call(self._stream.write, text)

    def flush(self) -> None:
        self._call(self._stream.flush)

    def _call(self, method: Callable[..., Any], *args: Any) -> Any:
        try:
            return method(*args)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise StdoutError(f"cannot write to standard output: {exc.strerror or exc}") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _drop_stdout() -> None:
    """After a failed write, point standard output at /dev/null, so that the exit's flush cannot fail again."""
    try:
        fd = sys.__stdout__.fileno() if sys.__stdout__ is not None else None
    except (OSError, ValueError):
        fd = None
    if fd is not None:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    in_main_thread = threading.current_thread() is threading.main_thread()  # signals can only be set there
    previous = {}
    handler = _Stop() if in_main_thread else None
    if handler is not None:
        for signum in STOP_SIGNALS:
            if signal.getsignal(signum) is not signal.SIG_IGN:  # e.g. SIGHUP under nohup stays ignored
                previous[signum] = signal.signal(signum, handler)
    stdout = sys.stdout
    if stdout is not None:
        sys.stdout = _Stdout(stdout)  # type: ignore[assignment]
    try:
        args = build_parser().parse_args(argv)
        code = args.run(args) or 0
        sys.stdout.flush()  # a full disk is found here, not after the one-line error could still be printed
        return code
    except StdoutError as exc:
        _drop_stdout()
        print(f"wararchive: error: {exc}", file=sys.stderr)
        return 2
    except WararchiveError as exc:
        print(f"wararchive: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wararchive: interrupted", file=sys.stderr)
        return 128 + signal.SIGINT
    except Terminated as stop:
        print(f"wararchive: {STOP_SIGNALS[stop.signum]}", file=sys.stderr)
        return 128 + stop.signum
    except BrokenPipeError:  # e.g. `wararchive search x | head`
        _drop_stdout()
        return 0
    except Exception as exc:  # a bug of ours: still one line, but said to be ours, with its own exit status
        print(f"wararchive: internal error (please report): {type(exc).__name__}: {exc}", file=sys.stderr)
        return 70
    finally:
        sys.stdout = stdout
        if handler is not None:
            handler.deadline.cancel()
        for signum, before in previous.items():
            signal.signal(signum, before)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
