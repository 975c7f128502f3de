"""How a game's end is said, in the one wording the command line and the site share.

The engine decides the outcome (:func:`wararchive.engine.outcome`: a side, a draw the rules define, or unfinished at
the project's ply limit); this module only words it, so that ``wararchive replay`` and a replay page never disagree
and a game the ply limit stopped is never called a draw. It lives outside ``engine/`` because every study's
fingerprint hashes the engine's code, and wording is not play.
"""

from __future__ import annotations

from .engine.common import DRAW, UNFINISHED, outcome


def result_sentence(winner: str | None, rule: str, ply: int) -> str:
    """How the game ended, as a clause: ``black wins after 74 plies``, ``a draw after 90 plies`` (a draw the rules
    define), ``unfinished after 1500 plies (the project's ply limit)`` (no result: never a draw)."""
    said = outcome(winner, rule)
    if said == UNFINISHED:
        return f"unfinished after {ply} plies (the project's ply limit)"
    if said == DRAW:
        return f"a draw after {ply} plies"
    return f"{said} wins after {ply} plies"
