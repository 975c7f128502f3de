"""The conformance kit: the checks every ruleset must pass, the project's own and any plugin's.

A plugin's test suite calls the same checks the project runs over every
installed ruleset::

    from wararchive.testing import check_ruleset

    def test_my_ruleset_conforms():
        check_ruleset("my-ruleset")

:func:`check_ruleset` runs them all; each is also a function of its own,
raising :class:`AssertionError` with a message naming the ruleset and what
failed (pytest shows it as a failed test):

- :func:`check_traceability` (every citation names a passage of the
  archive; every normative passage is implemented or listed as not) and
  :func:`check_evidence` (certainty and reasons of rules, rationale of
  options); :func:`check_attested_text` (an attested rule or piece cites
  some passage whose text is the source's, not only the project's
  reconstruction: not yet in :func:`check_ruleset`, as one ruleset fails it);
- :func:`check_hidden_information`: swapping two enemy pieces a side never
  learned changes nothing that side reads (board games);
- :func:`check_no_direct_writes`: the ruleset's code changes a game only
  through the cited mutation API; :func:`check_interleaved_games`: games
  of one cached ruleset played in turn give the records they give alone;
- :func:`check_kernel_equality`: where the compiled kernel plays the
  ruleset (no hooks, or hooks that declare a compiled family), its games
  are the reference engine's, move for move;
- :func:`check_openspiel`: OpenSpiel's ``random_sim_test``, when OpenSpiel
  is installed.
"""

from __future__ import annotations

from typing import Any

from .hooks import check_interleaved_games, check_no_direct_writes, direct_writes
from .kernel import check_kernel_equality, check_kernel_game
from .leaks import check_hidden_information
from .openspiel import check_openspiel, has_openspiel
from .traceability import check_attested_text, check_evidence, check_traceability

__all__ = [
    "check_attested_text",
    "check_evidence",
    "check_hidden_information",
    "check_interleaved_games",
    "check_kernel_equality",
    "check_kernel_game",
    "check_no_direct_writes",
    "check_openspiel",
    "check_ruleset",
    "check_traceability",
    "direct_writes",
    "has_openspiel",
]


def check_ruleset(ruleset_id: str, options: dict[str, Any] | None = None) -> None:
    """Every conformance check over one ruleset (the hidden-information check under ``options``)."""
    check_traceability(ruleset_id)
    check_evidence(ruleset_id)
    check_attested_text(ruleset_id)
    check_no_direct_writes(ruleset_id)
    check_interleaved_games(ruleset_id)
    check_hidden_information(ruleset_id, options)
    check_kernel_equality(ruleset_id, options)
    check_openspiel(ruleset_id)
