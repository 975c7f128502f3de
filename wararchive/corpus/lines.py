"""Where the source's lines begin within a normalised reading.

The reading normalises white space (:mod:`wararchive.corpus.reading`): a
single line break of hard-wrapped print becomes a space, so the reading alone
cannot say where the printed lines ended. The TEI export keeps them as
``<lb/>``; this module finds them by walking the reading of a plain segment
against the source text it was normalised from. Normalisation changes only
white space, so every other character pairs up one to one, and each run of
source white space that holds line breaks maps to one place in the reading.
"""

from __future__ import annotations

from ..errors import WararchiveError


class LineError(WararchiveError):
    """A reading does not follow from the source slice it claims to come from."""


def line_starts(reading: str, raw: str) -> list[tuple[int, int]]:
    """``(offset, count)`` pairs: ``count`` source lines begin at ``offset`` of ``reading``.

    The offset is taken after the reading's own white space at that place
    (the space a joined break became, or the kept newlines), so a marker put
    there stands at the start of the new line. A blank line gives a count of
    two or more: an empty line in between. Breaks the reading trimmed away
    at its edges are reported at offset 0 or ``len(reading)``: whether they
    begin a line depends on what stands beside the segment, which the caller
    knows.
    """
    out: list[tuple[int, int]] = []
    i = j = 0
    while j < len(raw):
        if raw[j].isspace():
            j2 = j
            while j2 < len(raw) and raw[j2].isspace():
                j2 += 1
            i2 = i
            while i2 < len(reading) and reading[i2].isspace():
                i2 += 1
            breaks = raw.count("\n", j, j2)
            if breaks:
                out.append((i2, breaks))
            i, j = i2, j2
            continue
        if i >= len(reading) or reading[i] != raw[j]:
            got = reading[i : i + 20] if i < len(reading) else "the end"
            raise LineError(f"the reading does not follow its source at {raw[j : j + 20]!r} (reading has {got!r})")
        i += 1
        j += 1
    if reading[i:].strip():
        raise LineError(f"the reading has {reading[i : i + 20]!r} where its source has ended")
    return out
