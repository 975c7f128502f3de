"""Sõjamäng (Tallinn, 1935): the Estonian "War Game" (text ``et-sojamang-1935``).

The richest rulebook in the archive: a Stratego-like game for two commanders
(pink and light-blue) and a referee, in which aircraft, poison gas, artillery,
tanks, the Red Cross, supply lines, cabarets and deserters each have a rule.
Pieces fight face to face, as in the Japanese War Game (et-sojamang-1935:14):
the attacker comes to stand directly in front of the enemy and the referee
removes the junior piece without telling anyone the ranks (:15).

What the text leaves open is an :class:`Option` (the board, the order of the
lettered ranks, "the line in front of the flag", the two-player methods…) or
a rule marked ``conjecture`` with its reason (what happens to a piece nailed
at a bombed cabaret, when the referee declares a draw…). The special abilities
run through :class:`SojamangHooks`; their per-game state (mine charges,
once-per-game weapons, nailed and arrested pieces, promotions due "at the next
move") is the game's ``hook_state``, a :class:`State`.
"""

from __future__ import annotations

from typing import Any

from ...engine.board_game import BoardGame
from ...engine.rules import RuleBook, resolve_options
from ...engine.ruleset import Feature, Ruleset
from .abilities import SojamangHooks
from .data import NOT_IMPLEMENTED, OPTIONS, RULES, SIDES, TEXT, combat_table, make_board, pieces

STRONG = {
    "DANGER": 96.0,
    "DANGER_DEPTH": 4,
    "THREAT": 3.0,
    "HIDE": 0.15,
    "INFO": 0.1,
    "PROGRESS": 0.4,
    "FIGHT_THRESHOLD": 0.1,
}
"""``strong``'s weights for this game (:class:`wararchive.players.strong.Settings`): chosen among random settings on
seeds 7,000,000–7,000,299 against greedy, then confirmed on seeds none of the tuning used (0.781 [0.754, 0.806] on
9,700,000–9,700,999, against 0.700 under the defaults, the same deals; the Benchmarks page)."""


def build(given: dict[str, Any]) -> Ruleset:
    options = resolve_options(OPTIONS, given, "sojamang-1935")
    board = make_board(options["board"])
    book = RuleBook()
    book.add(*RULES)
    types = pieces(options["lettered_ranks"])
    cabaret_rows = (0, 2) if options["flag_line"] == "row" else (0, 1, 2)
    beginners = options["game"] == "beginners"
    features = (
        Feature("combat", "mode", "face to face, without moving into the loser's place", "soj.attack"),
        Feature("combat", "tie", "both removed", "soj.tie"),
        Feature(
            "combat",
            "strikes",
            "any move ending face to face" if options["attack"] == "any-move" else "forward only",
            "soj.attack",
        ),
        Feature("turn", "moves per turn", 1, "soj.turns"),
        Feature("turn", "extra moves", "two for the enemy when the supply wagon is lost", "soj.wagon-extra-moves"),
        Feature("information", "hidden ranks", True, "soj.hidden"),
        Feature("information", "referee", "present by default; two-player methods as options", "soj.referee-removes"),
        Feature(
            "information", "revealing", "flag public; reconnaissance, deserters and cabarets reveal one rank", "soj.flag-known"
        ),
        Feature("victory", "capture", "flag, by going up against it", "soj.win-flag"),
        Feature("victory", "draw", "declared by the referee (conjectured test)", "soj.draw-forces"),
        Feature("board", "board", board.description, "soj.board"),
        Feature("special", "ranged attacks", "artillery (named target), bombs, poison gas", "soj.battery-fire"),
        Feature("special", "promotions", "pioneer → ensign, spy → lieutenant, deserter → captain", "soj.pioneer-promoted"),
        Feature("special", "beginners' game", "without points 15–20" if beginners else "full game", "soj.beginners"),
    )
    return Ruleset(
        id="sojamang-1935",
        title="Sõjamäng (1935)",
        texts=(TEXT,),
        summary=(
            "An Estonian Stratego-like war game of 1935 with a referee: face-to-face combat, and aircraft, gas, "
            "artillery, tanks, the Red Cross, supply wagons, cabarets and deserters, each with its own rule."
        ),
        sides=SIDES,
        options=options,
        declared=OPTIONS,
        rules=book,
        piece_types=types,
        new_game_fn=BoardGame,
        board=board,
        combat_rules=combat_table(options["spy_vs_general"]),
        features=features,
        not_implemented=tuple(NOT_IMPLEMENTED),
        hooks=SojamangHooks(types, board, options),
        tuning={"strong": STRONG},
        params={
            "combat_mode": "face",
            "strike": "any" if options["attack"] == "any-move" else "forward",
            "reveal_on_combat": False,  # the referee never tells; the two-player methods reveal in the hooks
            "capture_wins": {"flag": "soj.win-flag"},
            "no_moves_rule": "soj.no-moves",
            "restricted": {"wire": {"tank"}},
            "setup_rows": {
                "flag": (0,),
                "ensign": (0,),
                "signal_post": (0, 1),
                "supply_wagon": (0, 1),
                "cabaret": cabaret_rows,
            },
            "setup_rule": {
                "flag": "soj.flag-last-line",
                "ensign": "soj.ensign-last-line",
                "signal_post": "soj.signal-rows",
                "supply_wagon": "soj.wagon-rows",
                "cabaret": "soj.cabaret-rows",
            },
            "confined": {"signal_post": (0, 1), "supply_wagon": (0, 1), "cabaret": cabaret_rows},
        },
    )
