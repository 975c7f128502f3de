"""What the fuzz tests share: running the command in-process and judging its answer.

A hostile input may be refused, never crash: the command either succeeds
(exit 0) or prints exactly one line ``wararchive: error: …`` and exits 2.
An "internal error" line (the last-resort catch in ``main``) counts as a
failure here, so the fuzz tests count only errors handled where they arise.

``WARARCHIVE_FUZZ_EXAMPLES`` raises the number of random inputs per
property (default 30, to keep the suite fast); with
``--hypothesis-show-statistics`` pytest then reports how many were tried.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from wararchive.cli.main import main

EXAMPLES = int(os.environ.get("WARARCHIVE_FUZZ_EXAMPLES", "30"))


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    @property
    def handled(self) -> bool:
        """Success, or a refusal in one readable line with status 2."""
        if self.code == 0:
            return "Traceback" not in self.err
        lines = self.err.strip().splitlines()
        return self.code == 2 and len(lines) == 1 and lines[0].startswith("wararchive: error: ")


def cli(*argv: str) -> Outcome:
    """Run ``wararchive argv`` in this process, capturing what it prints."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse refusing an argument
            code = exc.code if isinstance(exc.code, int) else 2
    return Outcome(code, out.getvalue(), err.getvalue())


def json_values(max_leaves: int = 8) -> st.SearchStrategy[Any]:
    """Any JSON value: scalars of every type, and lists and objects of them."""
    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
        max_leaves=max_leaves,
    )


def write_record(path: Path, record: Any) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path
