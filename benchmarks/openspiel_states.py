"""What the OpenSpiel games cost: OpenSpiel's ``random_sim_test`` and information-state strings along a long game.

Run: ``python benchmarks/openspiel_states.py [--repeats N]``. Needs the
``openspiel`` extra. Three measurements of the Japanese War Game at its
default ply limit (1,500), all CPU time of this process (``time.process_time``,
so other load on the machine counts less than in wall time):

* ``random_sim_test``: one simulation (OpenSpiel's fixed-seed random game,
  setups 5), without and with ``serialize``; mean and range over N repeats.
* information-state strings: one random game (seed 1) played through
  OpenSpiel, both players' strings taken at every ply; microseconds a string
  in the first and in the last 100 plies, and the strings' lengths there. A
  string that grows with the game makes the last figure the larger.
* the reference, in the same run: the same moves played by the engine alone
  (no OpenSpiel), microseconds a ply. Compare the ratios across machines,
  not the absolute times.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import pyspiel

from wararchive.engine import ruleset
from wararchive.interop.openspiel import game_name

RID = "japanese-war-game"


def sim_seconds(serialize: bool, repeats: int) -> list[float]:
    game = pyspiel.load_game(game_name(RID), {"setups": 5})
    out = []
    for _ in range(repeats):
        start = time.process_time()
        pyspiel.random_sim_test(game, num_sims=1, serialize=serialize, verbose=False)
        out.append(time.process_time() - start)
    return out


def strings_along_a_game() -> tuple[list[float], list[int], list[str]]:
    """Seconds and length of the two information-state strings at each ply of one random game, and its moves."""
    state = pyspiel.load_game(game_name(RID), {"setups": 2}).new_initial_state()
    state.apply_action(1)
    rng = np.random.RandomState(1)
    seconds, lengths, moves = [], [], []
    while not state.is_terminal():
        start = time.process_time()
        strings = [state.information_state_string(p) for p in (0, 1)]
        seconds.append((time.process_time() - start) / 2)
        lengths.append(sum(map(len, strings)) // 2)
        action = rng.choice(state.legal_actions())
        moves.append(state.world.move_text(state.move_of(action)))
        state.apply_action(action)
    return seconds, lengths, moves


def engine_seconds(moves: list[str]) -> float:
    """Seconds a ply for the engine alone to play ``moves`` (the reference)."""
    game = ruleset(RID).new_game(seed=1)
    start = time.process_time()
    for text in moves:
        game.play(text)
    return (time.process_time() - start) / len(moves)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3, help="random_sim_test runs of each kind (default 3)")
    args = ap.parse_args()
    for serialize in (False, True):
        runs = sim_seconds(serialize, args.repeats)
        print(
            f"random_sim_test, serialize={serialize!s:<5}: {statistics.mean(runs):.2f} CPU-s "
            f"(range {min(runs):.2f}-{max(runs):.2f}, N={len(runs)})"
        )
    seconds, lengths, moves = strings_along_a_game()
    ply = engine_seconds(moves)
    print(f"one random game through OpenSpiel: {len(moves)} plies; the engine alone: {ply * 1e6:.0f} µs a ply (reference)")
    for name, part in (("first 100 plies", slice(0, 100)), ("last 100 plies", slice(-100, None))):
        us = statistics.mean(seconds[part]) * 1e6
        print(
            f"  information state, {name}: {us:.0f} µs a string ({us / (ply * 1e6):.1f}x an engine ply), "
            f"{statistics.mean(lengths[part]):,.0f} characters"
        )


if __name__ == "__main__":
    main()
