"""wararchive: a digital archive and rules-comparison tool for historical war-game rulebooks.

The chain runs :mod:`wararchive.corpus` (the texts and their annotations) →
:mod:`wararchive.rulesets` (each rulebook as cited data) → :mod:`wararchive.engine`
(the shared game mechanism) → :mod:`wararchive.site` (the published site).
"""

__version__ = "0.3.0"
