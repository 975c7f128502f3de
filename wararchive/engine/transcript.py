"""A game as one viewer reads it, ply by ply: the lines the CLI prints.

Every line is built from :meth:`Game.seen` (the move as the viewer may
read it, with the rule it acted under) and :meth:`Game.visible_events`, so
``play`` and ``replay`` print nothing a side's filter has not passed; the
leak tests compare these very lines between games that differ only in ranks
the viewer never learned.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .common import outcome
from .game import Game


def describe(ev: dict[str, Any]) -> str:
    """One line for an event as the viewer may see it, with the rule that fired and its passages."""
    cites = ", ".join(ev.get("cites") or []) or "—"
    if ev["type"] == "combat":
        a, d = ev["pieces"][0], ev["pieces"][1]
        who = f"{a[2]} {a[1] or '?'} vs {d[2]} {d[1] or '?'}"
        return f"combat {ev['cells'][0]}→{ev['cells'][1]}: {who}: {ev['outcome'].replace('_', ' ')} [{ev['rule']}; {cites}]"
    if ev["type"] == "revealed":  # private to the learner (and the referee): see BoardGame.reveal
        shown = ", ".join(
            f"{sq or 'off the board'} {pid or '?'}" for (_, pid, _), sq in zip(ev["pieces"], ev["cells"], strict=True)
        )
        return f"revealed: {shown} [{ev['rule']}; {cites}]"
    if ev["type"] == "end":
        return f"end: {outcome(ev.get('winner'), ev['rule'])} [{ev['rule']}; {cites}]"
    detail = " ".join(f"{k}={v}" for k, v in ev.items() if k not in ("ply", "type", "rule", "cites"))
    return f"{ev['type']}: {detail} [{ev['rule']}; {cites}]"


def play_ply(game: Game, move: Any, viewer: str) -> list[str]:
    """Play ``move`` and return what ``viewer`` reads of it: the move (and its rule), then the ply's events in order."""
    return play_ply_for(game, move, (viewer,))[viewer]


def play_ply_for(game: Game, move: Any, viewers: Iterable[str]) -> dict[str, list[str]]:
    """Play ``move`` and return what each of ``viewers`` reads of it (see :func:`play_ply`): hot-seat play needs both."""
    side = game.side
    seen = {v: game.seen(move, v) for v in viewers}  # before the move: a viewer learns nothing from its outcome here
    before = len(game.events)
    game.play(move)
    out = {}
    for viewer, (text, rule) in seen.items():
        head = f"ply {game.ply}: {side} {text}" + (f" [{rule}]" if rule else "")
        out[viewer] = [head] + ["  " + describe(e) for e in game.visible_events(viewer, since=before)]
    return out


def replay_lines(game: Game, moves: list[str], viewer: str) -> Iterator[list[str]]:
    """Play the recorded ``moves`` on ``game`` (at its start), yielding each ply's lines for ``viewer``."""
    for text in moves:
        yield play_ply(game, game.parse_move(text), viewer)
