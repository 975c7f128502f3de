"""OpenSpiel's own consistency checks over a ruleset, when OpenSpiel is installed (the ``openspiel`` extra)."""

from __future__ import annotations

from importlib.util import find_spec


def has_openspiel() -> bool:
    """Is OpenSpiel installed? Its checks are skipped without it."""
    return find_spec("pyspiel") is not None


def check_openspiel(ruleset_id: str, serialize: bool = True) -> bool:
    """OpenSpiel's C++ ``random_sim_test`` over two random games (ply limit kept short); False if OpenSpiel is absent.

    With ``serialize``, each state also goes through OpenSpiel's
    serialization and back to the same information states.

    The ruleset's OpenSpiel game is named ``wararchive_`` and its id with
    ``-`` as ``_`` (``finnish-front`` → ``wararchive_finnish_front``).
    """
    if not has_openspiel():
        return False
    import pyspiel

    from ..interop.openspiel import game_name

    game = pyspiel.load_game(game_name(ruleset_id), {"ply_limit": 60, "setups": 5})
    pyspiel.random_sim_test(game, num_sims=2, serialize=serialize, verbose=False)
    return True
