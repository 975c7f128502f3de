"""Traceability: every citation of a ruleset names a passage of the archive, and every rule of the text is accounted for."""

from __future__ import annotations

from .. import corpus
from ..engine import CERTAINTIES, ruleset


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
