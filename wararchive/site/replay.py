"""Illustrative games: the first seeds of each ruleset, ordered by the rules they show, replayable move by move.

The games are played by the archive's most credible player on both
sides: information-set MCTS (:mod:`wararchive.players.ismcts`), which plans
from its own view and never sees a hidden rank, at 8 iterations a move, the
budget a one-minute site build affords (greedy play, cheaper, walks a field
marshal onto a mine on move 1). Each candidate is played once, keeping its
summary, its replay and its record. With :data:`CANDIDATES` seeds and as many
games shown, every candidate is shown: :func:`choose` only orders them, the
game that shows the most rules (rare rules weighing more) first.
The replay data holds, for each perspective (each side and the referee), the
board as the engine's filtered :class:`~wararchive.engine.view.View` shows
it at every ply, so a side's replay cannot show a rank its view hides, and
the events of each ply, the setups' at ply 0, as the engine's filter lets
that viewer read them.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..drawing.colours import side_colours
from ..drawing.mapplot import LABEL_PLACES
from ..engine import REFEREE, outcome, ruleset
from ..engine.record import dumps, replay
from ..players import simulate_one
from .cache import cached, fingerprint
from .runner import parallel_map, summary

CANDIDATES = 2  # seeds per ruleset (1 and 2), both shown: an ISMCTS game costs up to seconds
KINDS = ("ismcts:8", "ismcts:8")
BORING = {"project.ply-limit"}


def candidate_jobs(ruleset_id: str) -> list[tuple[str, int]]:
    """The candidate games, as jobs for :func:`illustrative_game`."""
    return [(ruleset_id, seed) for seed in range(1, CANDIDATES + 1)]


def illustrative_game(job: tuple[str, int]) -> dict[str, Any]:
    """Play ``(ruleset id, seed)`` once: its summary (to choose by), its replay data and its record.

    The one place the site plays an illustrative game, for choosing, for the
    replay viewer and for the Downloads page alike.
    """
    final = simulate_one(ruleset(job[0]), job[1], KINDS)
    return {"summary": summary(final), "replay": replay_of(final), "record": dumps(final.record())}


def choose(ruleset_id: str, summaries: list[dict[str, Any]], count: int = 2) -> list[dict[str, Any]]:
    """Seeds of ``count`` games that together show the most (and rarest) rules.

    ``summaries`` are the candidate games of :func:`candidate_jobs`, in order.
    """
    candidates = [
        (seed, s["ply"], {r for r in s["rules"] if r not in BORING})
        for (_, seed), s in zip(candidate_jobs(ruleset_id), summaries, strict=True)
    ]
    freq = Counter(r for _, _, rules in candidates for r in rules)
    chosen: list[dict[str, Any]] = []
    shown: set[str] = set()
    for _ in range(count):
        taken = {x["seed"] for x in chosen}
        best = max((c for c in candidates if c[0] not in taken), key=lambda c, seen=frozenset(shown): _score(c, seen, freq))
        chosen.append({"seed": best[0], "plies": best[1], "rules": sorted(best[2])})
        shown |= best[2]
    return chosen


def _score(candidate: tuple[int, int, set[str]], shown: frozenset[str], freq: Counter) -> float:
    """Rare rules not yet shown count most; a long game costs a little."""
    _, plies, rules = candidate
    return sum(1 / freq[r] for r in rules - shown) - plies / 5000


def replay_of(final) -> dict[str, Any]:
    """Per-perspective frames (as diffs) and events of a finished game, replayed from its start."""

    rs, seed = final.rs, final.seed
    game = rs.new_game(seed=seed)
    perspectives = [*rs.sides, REFEREE]
    frames: dict[str, list] = {p: [] for p in perspectives}
    events: dict[str, list] = {p: [] for p in perspectives}
    last: dict[str, dict[int, list]] = {p: {} for p in perspectives}
    move_rules: dict[str, list] = {p: [None] for p in perspectives}
    move_texts: dict[str, list] = {p: [] for p in perspectives}
    views: dict[str, Any] = {}  # each viewer's view of the latest position
    for ply in range(final.ply + 1):
        if ply:
            move = game.parse_move(final.history[ply - 1])
            for p in perspectives:  # the move as this viewer may read it, and the rule it acted under (engine filter)
                text, rule = game.seen(move, p)
                move_texts[p].append(text)
                move_rules[p].append(rule)
            game.play(move)
        for p in perspectives:
            view = views[p] = game.view(p)
            now = {
                i: [rs.sides.index(c["side"]), view.symbols.get(c["piece"], "?") if c["piece"] else "?", c["piece"]]
                for i, c in enumerate(view.cells)
                if c
            }
            diff = [[i, *v] for i, v in now.items() if last[p].get(i) != v] + [[i] for i in last[p] if i not in now]
            frames[p].append(diff)
            last[p] = now
            # the events of this ply as this viewer may read them (the engine's filter); at ply 0, those of the setups
            events[p].append([_event(rs, e) for e in view.events if e["ply"] == ply])
    b = views[REFEREE].board
    board = b.to_dict()
    if b.drawing.get("coast"):  # the map game: its coastline and where each name goes, as on its static map
        board["coast"] = b.drawing["coast"]
        board["labels"] = {name: LABEL_PLACES[place] for name, place in b.drawing.get("labels", {}).items()}
    colours = side_colours(list(rs.sides), b)
    return {
        "ruleset": rs.id,
        "title": rs.title,
        "seed": seed,
        "players": list(KINDS),
        "sides": list(rs.sides),
        "colours": colours,
        "board": board,
        "blocked": views[REFEREE].blocked,
        "moves": move_texts,
        "frames": frames,
        "events": events,
        "move_rules": move_rules,
        "result": final.result,
        "rules": {r.id: {"summary": r.summary, "certainty": r.certainty, "cites": list(r.cites)} for r in rs.rules},
    }


def hides_ranks(data: dict[str, Any]) -> bool:
    """Does any side's view in this replay data show a piece whose rank it does not know (a rank the rules hide)?"""
    return any(len(cell) > 1 and cell[3] is None for side in data["sides"] for diff in data["frames"][side] for cell in diff)


def _event(rs, e: dict[str, Any]) -> dict[str, Any]:
    out = {"type": e["type"], "rule": e["rule"]}
    if "pieces" in e:
        out["pieces"] = [[p[1], p[2]] for p in e["pieces"]]
    for key in ("outcome", "cells", "winner", "move", "captured", "piece", "side"):
        if key in e:
            out[key] = e[key]
    if "winner" in e:  # the game's end: a side, a draw the rules define, or unfinished (the project's ply limit)
        out["result"] = outcome(e["winner"], e["rule"])
    return out


def choice_entry(ruleset_id: str) -> tuple[str, str]:
    """Name and key of the cached choice of illustrative games."""
    return f"choose-{ruleset_id}", fingerprint(ruleset_id, CANDIDATES, KINDS)


def illustrative(cache_dir: Path, ruleset_id: str, played: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The chosen games, from the cache, else chosen from the ``played`` candidates (else played now).

    The chosen games' replays and records are cached with the choice, so no game is played twice.
    """

    def choose_and_keep() -> list[dict[str, Any]]:
        games = played or parallel_map(illustrative_game, candidate_jobs(ruleset_id))
        chosen = choose(ruleset_id, [g["summary"] for g in games])
        by_seed = {seed: g for (_, seed), g in zip(candidate_jobs(ruleset_id), games, strict=True)}
        for c in chosen:
            g = by_seed[c["seed"]]
            cached(cache_dir, *replay_entry(ruleset_id, c["seed"]), lambda g=g: g["replay"])
            cached(cache_dir, *record_entry(ruleset_id, c["seed"]), lambda g=g: g["record"])
        return chosen

    return cached(cache_dir, *choice_entry(ruleset_id), choose_and_keep)


def replay_entry(ruleset_id: str, seed: int) -> tuple[str, str]:
    """Name and key of a game's cached replay data."""
    return f"replay-{ruleset_id}-{seed}", fingerprint(ruleset_id, seed, KINDS)


def record_entry(ruleset_id: str, seed: int) -> tuple[str, str]:
    """Name and key of a game's cached record (a JSON line, offered on the Downloads page)."""
    return f"record-{ruleset_id}-{seed}", fingerprint(ruleset_id, seed, KINDS)


def game_record(cache_dir: Path, ruleset_id: str, seed: int) -> str:
    """A chosen game's record (a JSON line), from the cache or as shipped, else played again."""
    return cached(cache_dir, *record_entry(ruleset_id, seed), lambda: illustrative_game((ruleset_id, seed))["record"])


def game_replay(cache_dir: Path, ruleset_id: str, seed: int) -> dict[str, Any]:
    """A chosen game's replay data, rebuilt from its record.

    Replaying the record's moves takes a tenth of a second, searching them
    again seconds; so the record ships with the code and the replay data,
    ten times its size, is rebuilt (the rules check every move, and the
    result, on the way).
    """
    return cached(
        cache_dir,
        *replay_entry(ruleset_id, seed),
        lambda: replay_of(replay(json.loads(game_record(cache_dir, ruleset_id, seed)))),
    )
