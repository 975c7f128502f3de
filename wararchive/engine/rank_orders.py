"""The rank orders of every game side by side.

The texts number their ranks in opposite directions: the Japanese War Game
and Sõjamäng give 1 to the highest officer, Spionaaž 1 to the lowest. The
engine's ``strength`` is one order for all (higher beats lower); this table
puts each game's own labels on that common ladder and says, from the data,
which way each game counts.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .registry import ruleset, rulesets
from .ruleset import Ruleset

if TYPE_CHECKING:
    import pandas as pd

HIGHEST_FIRST = "1 is the highest rank"
LOWEST_FIRST = "1 is the lowest rank"
UNRANKED = "no numbered ranks"


def direction(rs: Ruleset) -> str:
    """Which way ``rs`` numbers its ranks, read off its pieces' labels and strengths."""
    ranked = [p for p in rs.piece_types if p.rank and _number(p.rank) is not None]
    if len(ranked) < 2:
        return UNRANKED
    lowest_number = min(ranked, key=lambda p: (_number(p.rank), -p.strength))
    highest_number = max(ranked, key=lambda p: (_number(p.rank), p.strength))
    return HIGHEST_FIRST if lowest_number.strength > highest_number.strength else LOWEST_FIRST


def _number(rank: str | None) -> int | None:
    """The number of a rank label ("6a" → 6); ``None`` if it has none."""
    m = re.match(r"\d+", rank or "")
    return int(m.group()) if m else None


def rank_orders(ids: list[str] | None = None) -> pd.DataFrame:
    """One row per ranked piece of every ruleset (default options), strongest first.

    ``order`` is the place on the game's own ladder (1 = strongest; equal
    strength, equal place), ``rank`` the label the text prints, ``direction``
    which way the text counts. Pivot on ``order`` to compare the ladders::

        r = engine.rank_orders()
        r.pivot_table(index="order", columns="ruleset", values="label", aggfunc=" / ".join)
    """
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for rid in ids or rulesets():
        rs = ruleset(rid)
        way = direction(rs)
        ranked = sorted((p for p in rs.piece_types if p.rank), key=lambda p: -p.strength)
        ladder = sorted({p.strength for p in ranked}, reverse=True)
        for p in ranked:
            rows.append(
                {
                    "ruleset": rid,
                    "order": ladder.index(p.strength) + 1,
                    "rank": p.rank,
                    "piece_id": p.id,
                    "name": p.name,
                    "name_en": p.name_en,
                    "label": f"{p.rank} {p.name_en}",
                    "concept": p.concept,
                    "strength": p.strength,
                    "direction": way,
                    "cites": list(p.cites),
                    "certainty": p.certainty,
                }
            )
    columns = ["ruleset", "order", "rank", "piece_id", "name", "name_en", "label", "concept", "strength", "direction"]
    return pd.DataFrame(rows, columns=[*columns, "cites", "certainty"])
