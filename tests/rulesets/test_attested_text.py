"""Certainty re-checked against the text: "attested" must rest on the source's words, not on the project's reconstruction."""

from __future__ import annotations

import pytest

from wararchive import corpus
from wararchive.engine import rulesets
from wararchive.testing import check_attested_text
from wararchive.testing.traceability import reconstructed


@pytest.mark.parametrize("rid", rulesets())
def test_attested_rules_cite_original_text(rid):
    check_attested_text(rid)


def test_reconstructed_means_mostly_rebuilt():
    """The rebuilt piece table is reconstruction; a passage with one rebuilt word in a sentence is not."""
    c = corpus.load()
    assert reconstructed(c.passage("et-sojamang-1935:24"))
    assert reconstructed(c.passage("et-sojamang-1935:85"))
    assert not reconstructed(c.passage("fi-japanilainen-sotapeli:26"))
    assert not any(reconstructed(p) for p in c.iter_passages() if not p.corrections)
