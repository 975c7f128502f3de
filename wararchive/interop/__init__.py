"""Bridges to other game frameworks: the rulesets as OpenSpiel games, and OpenSpiel's bots as players.

Above the engine and the players (it adapts both); nothing in the archive
imports it except through the ``wararchive.players`` entry point of
``openspiel-ismcts``. OpenSpiel is optional (the ``openspiel`` extra), so
this package's ``__init__`` imports nothing of it.
"""
