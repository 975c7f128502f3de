"""Where the site finds the published studies its readings, robustness and ladder pages render."""

from __future__ import annotations

from pathlib import Path
from typing import Any

STUDIES = "studies"  # beside the site's sources: docs/studies/RULESET/OPTION/PLAYERS/summary.json, docs/studies/ladder/…


def studies_dir(config: Any, srcdir: str | Path) -> Path:
    """The published studies the pages show: ``wararchive_studies`` (``site --studies``), else ``studies/`` beside the pages."""
    return Path(config.wararchive_studies or Path(srcdir) / STUDIES)
