"""The rulesets: one module per rulebook, each building a cited :class:`~wararchive.engine.Ruleset`."""
