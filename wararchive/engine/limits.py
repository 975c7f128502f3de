"""The ranges of the numbers a user hands the engine, the kernel and the players, checked in one place.

The compiled kernel keeps every number in a 64-bit machine integer and
checks no index, so a number out of range there does not fail: it wraps
round or writes past a buffer (the seed -2**63, whose negation overflows,
once crashed the process). Every number that reaches compiled code
is therefore checked here first, in Python, with a one-line
:class:`~wararchive.errors.WararchiveError` naming it and its range. The
reference engine refuses the same seeds, so that a seed means the same
game on either engine, or none on both.
"""

from __future__ import annotations

from ..errors import WararchiveError

INT64_MAX = 2**63 - 1
"""The largest number a kernel integer holds (and, negated, the smallest it is given: negating it cannot overflow)."""

SEED_MAX = INT64_MAX
"""Seeds are the whole numbers from -SEED_MAX to SEED_MAX: 64-bit integers, symmetric so that negating one cannot overflow."""

MAX_BUDGET = 1_000_000
"""The most iterations (``ismcts:N``), worlds (``belief:N``) or playouts a search may spend on a move: far beyond any use."""


def whole_number(value: object, lo: int, hi: int, what: str = "") -> int:
    """``value`` if it is an ``int`` (not a bool) from ``lo`` to ``hi``, else a one-line error naming ``what`` and the range."""
    if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
        return value
    raise WararchiveError(f"{what} must be a whole number from {lo:,} to {hi:,}, not {_shown(value)}".lstrip())


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` if it is a seed (see :data:`SEED_MAX`), else a one-line error."""
    return whole_number(seed, -SEED_MAX, SEED_MAX, what)


def check_seeds(first: object, games: object) -> range:
    """The seeds ``first`` … ``first + games - 1`` of a run of games, each a seed (else a one-line error naming the last)."""
    first, games = check_seed(first, "the first seed"), whole_number(games, 1, SEED_MAX, "the number of games")
    if first + games - 1 > SEED_MAX:
        raise WararchiveError(f"the last seed, {first} + {games} - 1, is past the largest seed, {SEED_MAX:,}")
    return range(first, first + games)


def _shown(value: object) -> str:
    """``value`` as an error shows it: a huge integer by its size (its digits could fill the screen), all else cut short."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    text = repr(value).replace("\n", " ")
    return text if len(text) <= 40 else text[:39] + "…"
