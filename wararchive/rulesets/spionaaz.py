"""Spionaaž: the Estonian rules of BrainKing's online "Espionage" (text ``et-spionaaz``).

A Stratego-like game: the attacker moves onto the defender's square and wins
ties; two different pieces move in each turn; spies unmask every enemy piece
around them for the rest of the game; volcanoes are strewn at random. The
page gives neither the board nor the number of volcanoes: both are options
with a conjectural default.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..engine import (
    ATTACKER_WINS,
    DEFENDER_WINS,
    PLY_LIMIT_RULE,
    BoardGame,
    CombatTable,
    Feature,
    Hooks,
    NotImplemented_,
    Option,
    PieceType,
    Reading,
    Rule,
    RuleBook,
    Ruleset,
    exception,
    grid,
    ply_limit_option,
    resolve_options,
)

TEXT = "et-spionaaz"
SOLDIERS = ["corporal", "lieutenant", "captain", "colonel", "general"]


def P(*ns: int) -> tuple[str, ...]:
    return tuple(f"{TEXT}:{n}" for n in ns)


OPTIONS = {
    "rows": Option(
        name="rows",
        summary="Rows on the board (10 files wide; three home rows a side).",
        default=10,
        rationale=(
            "30 pieces fill three rows of a 10-wide board (historical notes: BrainKing's other-language pages agree "
            "on 30 pieces); 10 rows leave four rows between the armies as in Stratego, the game the page compares "
            "itself to (et-spionaaz:1)."
        ),
        cites=P(1, 4, 17),
        readings=(Reading(10, "10×10: four empty rows between the armies"), Reading(8, "10×8: two empty rows")),
    ),
    "volcanoes": Option(
        name="volcanoes",
        summary="Number of volcanoes placed at random between the armies.",
        default=4,
        rationale=(
            "The page says only that volcanoes are placed at random (et-spionaaz:40). Four single squares block "
            "about as much of the middle as Stratego's lakes do in proportion while never closing a file for good."
        ),
        cites=P(40),
        readings=tuple(Reading(n, f"{n} volcanoes") for n in range(0, 9)),
    ),
    "no_return": Option(
        name="no_return",
        summary='How long "a piece cannot move to its previous position" lasts.',
        default="piece-move",
        rationale=(
            '"another move must be made first" (et-spionaaz:8) most naturally means the piece itself must first move '
            "elsewhere; the looser reading lets any other move of the player lift the ban."
        ),
        cites=P(8),
        readings=(
            Reading("piece-move", "until that piece has moved somewhere else"),
            Reading("player-move", "until its player has moved another piece"),
        ),
        certainty="inferred",
    ),
    "combat_reveals": Option(
        name="combat_reveals",
        summary="Whether a capture shows both players the ranks involved.",
        default=False,
        rationale=(
            "Ranks are hidden 'until a Spy has recognised them' (et-spionaaz:5): the page names the spy as the only "
            "way ranks become visible."
        ),
        cites=P(5),
        readings=(Reading(False, "no: only spies reveal ranks"), Reading(True, "yes: every capture shows both ranks")),
        certainty="inferred",
    ),
    "ply_limit": ply_limit_option(2000),
}

RULES = [
    Rule(
        id="spz.setup",
        summary="Each side places all 30 pieces on its three home rows before play; the placement is secret.",
        cites=P(4, 17),
        certainty="inferred",
        reason="The page says pieces go on 'starting squares'; three rows of ten hold 30 pieces (a reconstruction of the board).",
        topic="setup",
    ),
    Rule(
        id="spz.army",
        summary="Each side has 5 corporals, 4 lieutenants, 3 captains, 2 colonels, 2 generals, 5 spies, 4 sappers, 4 mines and 1 headquarters.",
        cites=P(17),
        topic="components",
    ),
    Rule(
        id="spz.board",
        summary="The board is 10 files wide with three home rows a side and empty rows between (see option rows).",
        cites=(),
        certainty="conjecture",
        reason="The page shows no board; 30 pieces fill three rows of ten (historical notes).",
        topic="components",
    ),
    Rule(
        id="spz.hidden",
        summary="Each player sees where the enemy pieces stand but not their ranks.",
        cites=P(5),
        topic="information",
    ),
    Rule(id="spz.step", summary="Every movable piece moves one step horizontally or vertically.", cites=P(7), topic="movement"),
    Rule(
        id="spz.no-return",
        summary="A piece may not move straight back to the square it has just left (see option no_return).",
        cites=P(8),
        topic="movement",
    ),
    Rule(id="spz.two-moves", summary="A turn consists of moves of two different pieces.", cites=P(9), topic="turn"),
    Rule(
        id="spz.one-move-left",
        summary="If after the first move of a turn no other piece can move, the turn ends with one move.",
        cites=P(9),
        certainty="conjecture",
        reason="The page does not say what happens when a second piece cannot move; ending the turn is the mildest reading.",
        topic="turn",
    ),
    Rule(
        id="spz.onto",
        summary="Moving onto a square with an enemy piece is an attack, decided by the capture rules.",
        cites=P(10),
        topic="combat",
    ),
    Rule(id="spz.volcano", summary="No piece may move onto a volcano.", cites=P(12, 40), topic="movement"),
    Rule(
        id="spz.volcano-placement",
        summary="Volcanoes belong to no one and are placed at random between the armies at the start.",
        cites=P(40),
        certainty="inferred",
        reason="'Placed at random' is attested; placing them only between the armies is needed so that setups stay full.",
        topic="setup",
    ),
    Rule(
        id="spz.stronger-wins",
        summary="A stronger soldier beats a weaker piece; a weaker attacker is removed.",
        cites=P(14, 15, 19, 20),
        topic="combat",
    ),
    Rule(id="spz.tie-attacker", summary="When pieces of equal rank meet, the attacker wins.", cites=P(14, 20), topic="combat"),
    Rule(
        id="spz.ranks",
        summary="Soldiers are ranked 1 (corporal) to 5 (general); spies and sappers rank below every soldier.",
        cites=P(19, 20, 17),
        certainty="inferred",
        reason="The page gives ranks 1–5 and lists soldiers from corporal to general; that every soldier captures spies and sappers puts them below rank 1.",
        topic="combat",
    ),
    Rule(id="spz.sapper-takes-general", summary="A sapper attacking a general wins.", cites=P(21, 31), topic="combat"),
    Rule(id="spz.general-takes-sapper", summary="A general attacking a sapper wins.", cites=P(21, 31), topic="combat"),
    Rule(
        id="spz.sapper-captures-only",
        summary="A sapper captures only sappers, spies, mines and generals; attacking any other soldier it is removed.",
        cites=P(31, 32, 29, 15),
        certainty="inferred",
        reason="The text lists what the sapper captures (:29, :31, :32) but never says what happens when it attacks a "
        "corporal, lieutenant, captain or colonel; 'only' and the removal are read from that list and from the "
        "weaker attacker's fate (:15).",
        topic="combat",
    ),
    Rule(
        id="spz.spy-captures-only",
        summary="A spy captures only spies and sappers; attacking a soldier it is removed.",
        cites=P(27, 15),
        certainty="inferred",
        reason="'A Spy can capture only another Spy or a Sapper' (:27) is attested; that a spy attacking a soldier is "
        "removed, rather than the move being refused, follows the weaker attacker's fate (:15).",
        topic="combat",
    ),
    Rule(
        id="spz.mine-kills",
        summary="A piece that steps onto a mine dies and the mine stays.",
        cites=P(22, 27, 35),
        topic="combat",
    ),
    Rule(
        id="spz.sapper-clears-mine",
        summary="A sapper that moves onto an enemy mine removes it and takes the square.",
        cites=P(29, 30, 34),
        topic="combat",
    ),
    Rule(id="spz.immobile", summary="Mines and the headquarters never move.", cites=P(34, 37), topic="movement"),
    Rule(id="spz.hq-captured", summary="Any enemy piece captures the headquarters.", cites=P(13, 37), topic="combat"),
    Rule(
        id="spz.unmask",
        summary="An enemy piece next to a spy (diagonals included) is unmasked to the spy's owner for the rest of the game.",
        cites=P(24, 25, 26),
        topic="information",
    ),
    Rule(id="spz.win-hq", summary="Capturing the enemy headquarters wins.", cites=P(3, 13, 38, 42, 43), topic="victory"),
    Rule(
        id="spz.no-move-loses",
        summary="A player who cannot make a legal move loses (this includes losing all movable pieces).",
        cites=P(3, 42, 44),
        topic="victory",
    ),
    Rule(id="spz.spy-captures", summary="A spy captures an enemy spy or sapper.", cites=P(27), topic="combat"),
    Rule(id="spz.sapper-captures", summary="A sapper captures an enemy sapper or spy.", cites=P(32), topic="combat"),
    Rule(
        id="spz.only-sapper-takes-general",
        summary="Only a sapper or a general captures a general: any other soldier attacking it is removed.",
        cites=P(31, 15),
        topic="combat",
    ),
    PLY_LIMIT_RULE,
]

NOT_IMPLEMENTED: list[NotImplemented_] = []


def pieces() -> tuple[PieceType, ...]:
    ranked = [
        ("corporal", "Kapral", "Corporal", 5, 1),
        ("lieutenant", "Leitnant", "Lieutenant", 4, 2),
        ("captain", "Kapten", "Captain", 3, 3),
        ("colonel", "Kolonel", "Colonel", 2, 4),
        ("general", "Kindral", "General", 2, 5),
    ]
    out = [
        PieceType(
            id=pid,
            name=name,
            name_en=en,
            count=n,
            rank=str(r),
            strength=r,
            movement="step",
            cites=P(17, 19),
            certainty="inferred",
            reason="Counts are attested; the order 1 = corporal … 5 = general follows the page's listing from the lowest.",
            symbol=str(r),
            concept="field-marshal" if pid == "general" else "officer",
            move_rule="spz.step",
            names={"et": name},
        )
        for pid, name, en, n, r in ranked
    ]
    out += [
        PieceType(
            id="spy",
            name="Spioon",
            name_en="Spy",
            count=5,
            rank=None,
            strength=0,
            movement="step",
            cites=P(17, 24, 27),
            symbol="S",
            concept="spy",
            abilities=("unmask-adjacent",),
            move_rule="spz.step",
            names={"et": "Spioon"},
        ),
        PieceType(
            id="sapper",
            name="Sapöör",
            name_en="Sapper",
            count=4,
            rank=None,
            strength=0,
            movement="step",
            cites=P(17, 29, 31),
            symbol="P",
            concept="sapper",
            abilities=("clears-mines", "beats-general-attacking"),
            move_rule="spz.step",
            names={"et": "Sapöör"},
        ),
        PieceType(
            id="mine",
            name="Miin",
            name_en="Mine",
            count=4,
            rank=None,
            strength=0,
            movement="immobile",
            cites=P(17, 34, 35),
            symbol="M",
            concept="mine",
            names={"et": "Miin"},
        ),
        PieceType(
            id="headquarters",
            name="Staap",
            name_en="Headquarters",
            count=1,
            rank=None,
            strength=-1,
            movement="immobile",
            cites=P(17, 37, 38),
            symbol="H",
            concept="headquarters",
            names={"et": "Staap"},
        ),
    ]
    return tuple(out)


COMBAT = CombatTable(
    higher_rule="spz.stronger-wins",
    tie_outcome=ATTACKER_WINS,
    tie_rule="spz.tie-attacker",
    exceptions=(
        exception("*", "headquarters", ATTACKER_WINS, "spz.hq-captured"),
        exception("sapper", "general", ATTACKER_WINS, "spz.sapper-takes-general"),
        exception("general", "sapper", ATTACKER_WINS, "spz.general-takes-sapper"),
        exception("sapper", "mine", ATTACKER_WINS, "spz.sapper-clears-mine"),
        exception("*", "mine", DEFENDER_WINS, "spz.mine-kills"),
        exception("spy", SOLDIERS, DEFENDER_WINS, "spz.spy-captures-only"),
        exception("spy", ["spy", "sapper"], ATTACKER_WINS, "spz.spy-captures"),
        exception("sapper", SOLDIERS[:-1], DEFENDER_WINS, "spz.sapper-captures-only"),
        exception("sapper", ["sapper", "spy"], ATTACKER_WINS, "spz.sapper-captures"),
        exception(SOLDIERS[:-1], "general", DEFENDER_WINS, "spz.only-sapper-takes-general"),
    ),
)


@dataclass(frozen=True)
class SpionaazState:
    """What one Spionaaž game draws for itself: its volcanoes (cells, sorted). Fixed once drawn."""

    volcanoes: tuple[int, ...]


class SpionaazHooks(Hooks[SpionaazState]):
    """Volcanoes at random, and spies unmasking their neighbours."""

    kernel_mirror = "spz"  # wararchive.kernel plays these hooks (checked by tests/kernel/test_kernel.py)

    def __init__(self, volcanoes: int):
        self.volcanoes = volcanoes

    def new_state(self, game: BoardGame, rng: random.Random) -> SpionaazState:
        home = set(game.board.home[0]) | set(game.board.home[1])
        middle = [c for c in range(len(game.board)) if c not in home]
        return SpionaazState(tuple(sorted(rng.sample(middle, self.volcanoes))))

    def copy_state(self, state: SpionaazState) -> SpionaazState:
        return state  # frozen: a clone may share it

    def prepare(self, game: BoardGame, rng: random.Random) -> None:
        game.block(self.state(game).volcanoes, "spz.volcano-placement")

    def prepared_record(self, game: BoardGame) -> dict[str, list[str]]:
        return {"volcanoes": [game.board.names[c] for c in self.state(game).volcanoes]}

    def after_move(self, game: BoardGame, move, player: int) -> None:
        spy, kind, owner, uid, around = game.rs.type_index["spy"], game.kind, game.owner, game.uid, game.board.around
        for side in (0, 1):
            beside = [uid[x] for c in game.positions[side] if kind[c] == spy for x in around[c] if owner[x] == 1 - side]
            if beside:  # told to the spy's owner alone (reveal leaves out what he knew): the other side would learn the spy
                game.reveal(side, beside, "spz.unmask")


def build(given: dict[str, Any]) -> Ruleset:
    options = resolve_options(OPTIONS, given, "spionaaz")
    rows = options["rows"]
    board = grid(10, rows, 3, description=f"10 × {rows} squares, three home rows a side (conjecture)")
    book = RuleBook()
    book.add(*RULES)
    features = (
        Feature("combat", "mode", "attacker moves onto the defender's square", "spz.onto"),
        Feature("combat", "tie", "attacker wins", "spz.tie-attacker"),
        Feature("combat", "strikes", "in any direction it moves", "spz.step"),
        Feature("turn", "moves per turn", 2, "spz.two-moves"),
        Feature("information", "hidden ranks", True, "spz.hidden"),
        Feature("information", "referee", "none", "spz.hidden"),
        Feature("information", "revealing", "spies unmask adjacent enemies for good", "spz.unmask"),
        Feature("victory", "capture", "headquarters", "spz.win-hq"),
        Feature("board", "board", f"10×{rows} with {options['volcanoes']} random volcanoes", "spz.board"),
    )
    return Ruleset(
        id="spionaaz",
        title="Spionaaž",
        texts=(TEXT,),
        summary="BrainKing's Espionage in its Estonian rules: attacker moves onto the defender, two pieces a turn, spies unmask.",
        sides=("south", "north"),
        options=options,
        declared=OPTIONS,
        rules=book,
        piece_types=pieces(),
        new_game_fn=BoardGame,
        board=board,
        combat_rules=COMBAT,
        features=features,
        not_implemented=tuple(NOT_IMPLEMENTED),
        hooks=SpionaazHooks(options["volcanoes"]),
        params={
            "combat_mode": "displace",
            "moves_per_turn": 2,
            "no_return": options["no_return"],
            "reveal_on_combat": options["combat_reveals"],
            "capture_wins": {"headquarters": "spz.win-hq"},
            "no_moves_rule": "spz.no-move-loses",
        },
    )
