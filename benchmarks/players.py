"""How strong and how fast the search player is: ISMCTS against random and greedy play, greedy as the reference.

Run: ``python benchmarks/players.py [--games N] [--budget B] [--ply-limit L]``.
For each ruleset with hidden ranks, ``ismcts:B`` plays N games against
random and N against greedy (sides alternating, seeds 0…N-1), and greedy
plays N against random as the reference of a simple player. Prints wins,
draws and losses, and milliseconds per move of each player measured in the
same run: compare the ratio ISMCTS/greedy across machines, not the
absolute times.
"""

from __future__ import annotations

import argparse
import time

from wararchive.engine import ruleset
from wararchive.players import Player, make_player

RULESETS = ("japanese-war-game", "spionaaz")


class Timed:
    """A player whose thinking time is summed."""

    def __init__(self, player: Player):
        self.player, self.seconds, self.moves = player, 0.0, 0

    def choose(self, game):
        start = time.perf_counter()
        move = self.player.choose(game)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return move


def match(rid: str, kind: str, opponent: str, games: int, ply_limit: int) -> tuple[list[int], float]:
    """Wins, draws, losses of ``kind`` against ``opponent``, and its milliseconds per move."""
    rs = ruleset(rid, ply_limit=ply_limit)
    score, timed = [0, 0, 0], []
    for seed in range(games):
        me = seed % 2
        players = [Timed(make_player(opponent, f"{seed}:opponent")) for _ in range(2)]
        players[me] = Timed(make_player(kind, f"{seed}:player"))
        timed.append(players[me])
        game = rs.new_game(seed=seed)
        while game.result is None:
            game.play(players[game.to_move].choose(game))
        winner = game.result["winner"]
        score[0 if winner == rs.sides[me] else 1 if winner is None else 2] += 1
    moves = sum(t.moves for t in timed) or 1
    return score, 1000 * sum(t.seconds for t in timed) / moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--budget", type=int, default=0, help="ISMCTS iterations per move (default: the player's default)")
    ap.add_argument("--ply-limit", type=int, default=400)
    args = ap.parse_args()
    kind = f"ismcts:{args.budget}" if args.budget else "ismcts"
    print(f"{'ruleset':<20} {'player':<12} {'against':<8} {'won':>4} {'drawn':>6} {'lost':>5} {'ms/move':>8}")
    for rid in RULESETS:
        for player, opponent in ((kind, "random"), (kind, "greedy"), ("greedy", "random")):
            (w, d, lost), ms = match(rid, player, opponent, args.games, args.ply_limit)
            print(f"{rid:<20} {player:<12} {opponent:<8} {w:4d} {d:6d} {lost:5d} {ms:8.2f}", flush=True)


if __name__ == "__main__":
    main()
