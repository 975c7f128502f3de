"""Rules and options every ruleset shares: the project's adjudication.

Simulated games must end, and no text in the archive bounds the length of a
game. The ply limit is therefore the project's own rule, labelled as such
wherever it shows, and recorded in the result of every game it ends.
"""

from __future__ import annotations

from .rules import Option, Rule

PLY_LIMIT_RULE = Rule(
    id="project.ply-limit",
    summary="A game still running after the ply limit is adjudicated a draw (the project's rule, not the text's).",
    cites=(),
    certainty="conjecture",
    reason="No rulebook in the archive bounds a game's length; simulations must end.",
    topic="draw",
)


PLY_LIMIT_MAX = 1_000_000
"""A game is bounded: with no limit (or a huge one) two random players could play forever."""


def ply_limit_option(default: int) -> Option:
    """The shared ply limit: at least 1, so every game ends without being killed."""
    return Option(
        name="ply_limit",
        summary=f"Adjudicate a draw after this many plies (1 to {PLY_LIMIT_MAX:,}; the project's rule).",
        default=default,
        rationale="Keeps simulated games finite; chosen well above the length of decisive simulated games.",
        kind="setting",
        minimum=1,
        maximum=PLY_LIMIT_MAX,
    )
