"""Entry point of the ``wararchive`` command.

Every subcommand has ``--help``. A user error (unknown id, bad option,
malformed file, illegal move) prints one line ``wararchive: error: …`` and
exits with status 2; nothing a user types produces a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..errors import WararchiveError
from . import corpus_cmds, engine_cmds, site_cmds, study_cmds


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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except WararchiveError as exc:
        print(f"wararchive: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("wararchive: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `wararchive search x | head`
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
