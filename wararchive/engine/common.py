"""Rules and options every ruleset shares: the project's adjudication.

Simulated games must end, and no text in the archive bounds the length of a
game. The ply limit is therefore the project's own rule, labelled as such
wherever it shows, and recorded in the result of every game it ends.
"""

from __future__ import annotations

from .rules import Option, Rule

PLY_LIMIT_RULE = Rule(
    id="project.ply-limit",
    summary="A game still running at the ply limit is stopped unfinished, with no result (the project's rule, not the text's).",
    cites=(),
    certainty="conjecture",
    reason="No rulebook in the archive bounds a game's length; simulations must end. A stopped game is not a draw: "
    "only chess and Sõjamäng define one.",
    topic="end",
)

DRAW, UNFINISHED = "draw", "unfinished"


def outcome(winner: str | None, rule: str) -> str:
    """A finished game's outcome in one word: the winning side, ``draw`` (by the rules) or ``unfinished``.

    ``unfinished`` is a game the project's ply limit stopped (:data:`PLY_LIMIT_RULE`):
    it has no result, and counting it as a draw would credit a rulebook with a
    draw it never defines.
    """
    if winner is not None:
        return winner
    return UNFINISHED if rule == PLY_LIMIT_RULE.id else DRAW


PLY_LIMIT_MAX = 1_000_000
"""A game is bounded: with no limit (or a huge one) two random players could play forever."""


def ply_limit_option(default: int) -> Option:
    """The shared ply limit: at least 1, so every game ends without being killed."""
    return Option(
        name="ply_limit",
        summary=f"Stop the game unfinished after this many plies (1 to {PLY_LIMIT_MAX:,}; the project's rule).",
        default=default,
        rationale="Keeps simulated games finite; chosen well above the length of decisive simulated games.",
        kind="setting",
        minimum=1,
        maximum=PLY_LIMIT_MAX,
    )
