"""The corpus: byte-exact transcriptions with standoff annotations.

>>> from wararchive import corpus
>>> c = corpus.load()
>>> c.passage("et-spionaaz:1").lang
'et'

``load()`` validates everything it reads and raises
:class:`~wararchive.errors.CorpusError` naming the file, line and field of the
first problem. The result is cached per root, since it never changes while a
process runs.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from ..errors import CorpusError
from .corpus import LAYERS, Corpus
from .loader import load_corpus
from .model import Alignment, AlignmentUnit, Artefact, Concept, Correction, Passage, Segment, Source, Text

__all__ = [
    "LAYERS",
    "Alignment",
    "AlignmentUnit",
    "Artefact",
    "Concept",
    "Corpus",
    "CorpusError",
    "Correction",
    "Passage",
    "Segment",
    "Source",
    "Text",
    "default_root",
    "load",
]


def default_root() -> Path:
    """The corpus directory: ``$WARARCHIVE_CORPUS``, else the checkout's ``corpus/``."""
    env = os.environ.get("WARARCHIVE_CORPUS")
    return Path(env) if env else Path(__file__).resolve().parents[2] / "corpus"


def load(root: str | Path | None = None) -> Corpus:
    """Load and validate the corpus (cached: the files do not change under us)."""
    return _load(Path(root).resolve() if root else default_root())


@lru_cache(maxsize=8)
def _load(root: Path) -> Corpus:
    try:
        found = root.is_dir()
    except OSError as exc:  # e.g. a name too long
        raise CorpusError(str(root), None, "", f"corpus directory cannot be read: {exc.strerror}") from None
    if not found:
        raise CorpusError(str(root), None, "", "corpus directory not found (set WARARCHIVE_CORPUS)")
    return load_corpus(root)
