"""The declared blocks of seeds: discovery, confirmation, exploration and the ladder's, never overlapping.

A published study plays the discovery block; its findings are retested on
the confirmation block; a user's own study starts in the exploration block.
So a retest is a new sample, and a user's "replication" replays no
published game. Kept apart from the statistics so the command line reads
these numbers without importing numpy.
"""

DISCOVERY_SEED = 1
"""The published studies play seeds 1, 2, …: the discovery block."""
CONFIRMATION_SEED = 1_000_001
"""Findings are retested on seeds 1,000,001, 1,000,002, …: never played by a published study."""
EXPLORATION_SEED = 2_000_001
"""``wararchive study`` and :func:`~wararchive.study.study` start here unless told: a user's run replays no published game."""
LADDER_SEED = 3_000_001
"""The strength ladder (:mod:`.ladder`) plays seeds 3,000,001, …: no study played them and no player was tuned on them."""
BLOCK = 1_000_000
"""Each block's width: a study of more seeds than this would run into the next block, and is refused there."""
