"""Entry point of the ``wararchive`` command.

Every subcommand has ``--help``. A user error (unknown id, bad option,
malformed file, illegal move, unwritable output) prints one line
``wararchive: error: …`` and exits with status 2; nothing a user types
produces a traceback. SIGTERM unwinds like Ctrl-C, so a half-written output's
temporary file is removed before the process ends.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Sequence

from ..errors import WararchiveError
from . import corpus_cmds, engine_cmds, site_cmds


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
    site_cmds.register(sub)
    return parser


class Terminated(BaseException):
    """SIGTERM, raised where the process is, so ``finally`` blocks and cleanups run."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    in_main_thread = threading.current_thread() is threading.main_thread()  # signals can only be set there
    previous = signal.signal(signal.SIGTERM, _terminate) if in_main_thread else None
    try:
        return args.run(args) or 0
    except WararchiveError as exc:
        print(f"wararchive: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wararchive: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("wararchive: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    except BrokenPipeError:  # e.g. `wararchive search x | head`
        return 0
    except Exception as exc:  # a bug of ours: still one line, but said to be ours, with its own exit status
        print(f"wararchive: internal error (please report): {type(exc).__name__}: {exc}", file=sys.stderr)
        return 70
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
