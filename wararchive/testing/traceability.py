"""Traceability: every citation of a ruleset names a passage of the archive, and every rule of the text is accounted for."""

from __future__ import annotations

import re

from .. import corpus
from ..corpus.model import Passage
from ..engine import CERTAINTIES, ruleset

_WORD = re.compile(r"\w")


def check_traceability(ruleset_id: str) -> None:
    """Every cited id exists; every normative passage of its texts is implemented or listed as not implemented."""
    c = corpus.load()
    rs = ruleset(ruleset_id)
    cited = rs.cited_passages()
    missing = sorted(x for x in cited if not c.has_passage(x))
    assert not missing, f"{ruleset_id}: citations of passages that do not exist: {missing}"
    skipped = {n.passage for n in rs.not_implemented}
    for n in rs.not_implemented:
        listed = c.passage(n.passage).normative and n.reason
        assert listed, f"{ruleset_id}: {n.passage} is listed as not implemented without being normative or saying why"
    uncovered = [p.id for t in rs.texts for p in c.text(t).passages if p.normative and p.id not in cited | skipped]
    assert not uncovered, f"{ruleset_id}: normative passages neither implemented nor listed: {uncovered}"


def check_evidence(ruleset_id: str) -> None:
    """A rule that is not attested says why; one that is not conjecture cites a passage; every option gives its rationale."""
    rs = ruleset(ruleset_id)
    for r in rs.rules:
        assert r.certainty in CERTAINTIES, f"{ruleset_id}: rule {r.id} has certainty {r.certainty!r}"
        assert r.certainty == "attested" or r.reason, f"{ruleset_id}: rule {r.id} is {r.certainty} and gives no reason"
        assert r.certainty == "conjecture" or r.cites, f"{ruleset_id}: rule {r.id} is {r.certainty} and cites no passage"
    for o in rs.declared.values():
        assert o.rationale and o.summary, f"{ruleset_id}: option {o.name} has no summary or rationale"
        assert rs.options[o.name] == o.default, f"{ruleset_id}: option {o.name} does not default to its declared default"


def reconstructed(passage: Passage) -> bool:
    """Whether a passage's text is mostly the project's reconstruction rather than the source's.

    A ``rebuilt`` correction replaces a garbled region (an OCR'd table) by
    the project's reading of it (``reg/@evidence='conjecture'`` in the TEI);
    a passage is reconstructed when fewer than half of the letters and digits
    of its reading stand outside such corrections. The other kinds mend a
    word or a line and leave the text the source's.
    """
    own = "".join(s.text for s in passage.segments if s.correction is None or s.correction.kind != "rebuilt")
    return 2 * len(_WORD.findall(own)) < len(_WORD.findall(passage.reading))


def unsupported_attestations(ruleset_id: str) -> list[str]:
    """The attested rules and piece types of a ruleset that cite only reconstructed passages, as ``kind id: cites``."""
    c = corpus.load()
    rs = ruleset(ruleset_id)
    claims = [("rule", r.id, r.certainty, r.cites) for r in rs.rules]
    claims += [("piece", p.name, p.certainty, p.cites) for p in rs.piece_types]
    return [
        f"{kind} {ident}: {', '.join(cites)}"
        for kind, ident, certainty, cites in claims
        if certainty == "attested" and cites and all(reconstructed(c.passage(pid)) for pid in cites)
    ]


def check_attested_text(ruleset_id: str) -> None:
    """Every attested rule or piece cites at least one passage whose text is the source's, not only a reconstruction."""
    unsupported = unsupported_attestations(ruleset_id)
    assert not unsupported, f"{ruleset_id}: attested, yet citing only reconstructed text: {'; '.join(unsupported)}"
