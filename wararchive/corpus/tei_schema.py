"""Validate the TEI export offline against the TEI schema shipped with the package.

``wararchive/data/tei_wararchive.rng`` is ``tei_all`` of TEI P5 4.3.0
restricted to the elements the export writes (``tools/tei_subset.py`` derives
it and says why): no network, and lxml compiles it in milliseconds where the
whole ``tei_all`` takes about a minute. RELAX NG checks structure and
datatypes; the TEI's Schematron rules are not applied.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from .tei import TeiError

SCHEMA = Path(__file__).resolve().parents[1] / "data" / "tei_wararchive.rng"


@cache
def _schema():
    from lxml import etree

    return etree.RelaxNG(etree.parse(str(SCHEMA)))


def validate(paths: Iterable[Path]) -> None:
    """Raise :class:`TeiError` naming the file, line and message of the first file that is not valid."""
    from lxml import etree

    for path in paths:
        try:
            doc = etree.parse(str(path))
        except (etree.XMLSyntaxError, OSError) as exc:
            raise TeiError(f"{path}: not a readable XML file ({exc})") from None
        validate_tree(doc, str(path))


def validate_tree(doc: Any, name: str) -> None:
    """Raise :class:`TeiError` naming ``name``, the line and the message if the parsed ``doc`` is not valid.

    For documents built in memory, such as a DTS fragment with its
    ``dts:wrapper`` taken out (the DTS namespace is not TEI's).
    """
    schema = _schema()
    if not schema.validate(doc):
        error = schema.error_log[0]
        raise TeiError(f"{name}:{error.line}: not valid TEI ({error.message})")
