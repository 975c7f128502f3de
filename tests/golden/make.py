"""Regenerate the golden records: ``python tests/golden/make.py``.

Do this only when a change of behaviour is intended, and say so in the
commit: the golden tests exist to catch the changes nobody intended.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "engine"))  # tests/engine/test_golden.py

from test_golden import GOLDEN, golden_game, path_of  # noqa: E402

from wararchive.engine.record import dumps  # noqa: E402
from wararchive.fileio import atomic_write_text  # noqa: E402

if __name__ == "__main__":
    for spec in GOLDEN:
        atomic_write_text(path_of(spec), dumps(golden_game(spec).record()) + "\n")
        print(path_of(spec).name)
