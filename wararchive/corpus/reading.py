"""Derive a passage's corrected reading from the source and the annotations.

The reading is never stored: it is the diplomatic slice with the artefacts
taken out, every recorded correction applied, and one declared normalisation
of white space (see :func:`derive`). Keeping it derived is what makes "every
correction recorded" true by construction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from .model import Artefact, Correction, Segment

_SPACES = re.compile(r"[ \t\u00a0]+")
_BLANK_LINE = re.compile(r"\n[ \t]*\n\s*")


def derive(
    source: str,
    start: int,
    end: int,
    corrections: Iterable[Correction],
    artefacts: Iterable[Artefact],
    line_breaks: str,
) -> tuple[Segment, ...]:
    """The reading of ``source[start:end]`` as plain and corrected segments.

    White space outside corrections is normalised: runs of spaces become one,
    a blank line is a paragraph break (``"\\n\\n"``), and a single line break
    is either joined to a space (``line_breaks="join"``, for hard-wrapped
    print) or kept (``"keep"``, for web copies whose lines are paragraphs).
    A correction's reading is inserted verbatim, so a rebuilt table keeps the
    lines its editor gave it.
    """
    cuts: list[tuple[int, int, Correction | None]] = [(a.start, a.end, None) for a in artefacts]
    cuts += [(c.at, c.end, c) for c in corrections]
    cuts.sort(key=lambda cut: (cut[0], cut[1]))
    raw: list[Segment] = []
    pos = start
    for cut_start, cut_end, correction in cuts:
        raw.append(Segment(source[pos:cut_start], start=pos, end=cut_start))
        if correction is not None:
            raw.append(Segment(correction.reading, correction))
        pos = cut_end
    raw.append(Segment(source[pos:end], start=pos, end=end))
    return _normalise(raw, line_breaks)


def _normalise(raw: list[Segment], line_breaks: str) -> tuple[Segment, ...]:
    out: list[Segment] = []
    for seg in raw:
        if seg.correction is not None:
            out.append(seg)
            continue
        text = _BLANK_LINE.sub("\x00", seg.text)  # protect paragraph breaks
        text = text.replace("\n", " " if line_breaks == "join" else "\x01")
        text = _SPACES.sub(" ", text)
        text = re.sub(r" ?\x00 ?", "\n\n", text)
        text = re.sub(r" ?\x01 ?", "\n", text)
        if text:
            out.append(replace(seg, text=text))
    _trim_edges(out)
    _collapse_boundaries(out)
    # A deletion has an empty reading but is still a recorded correction: keep it.
    return tuple(s for s in out if s.text or s.correction is not None)


def _trim_edges(segs: list[Segment]) -> None:
    """Strip white space at the very start and end of the passage."""
    if segs and segs[0].correction is None:
        segs[0] = replace(segs[0], text=segs[0].text.lstrip())
    if segs and segs[-1].correction is None:
        segs[-1] = replace(segs[-1], text=segs[-1].text.rstrip())


def _collapse_boundaries(segs: list[Segment]) -> None:
    """No double space where a plain segment meets its neighbour (deletions skipped)."""
    last = -1  # the last segment that has text
    for i, cur in enumerate(segs):
        if not cur.text:
            continue
        if last >= 0:
            prev = segs[last]
            if cur.correction is None and prev.text[-1:].isspace() and cur.text[:1] == " ":
                segs[i] = cur = replace(cur, text=cur.text.lstrip(" "))
            elif prev.correction is None and cur.text[:1].isspace() and prev.text.endswith(" "):
                segs[last] = replace(prev, text=prev.text.rstrip(" "))
        if cur.text:
            last = i
