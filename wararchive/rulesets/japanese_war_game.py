"""The Japanese War Game (c. 1905), from its Finnish and Swedish rules.

Tiles fight when they come to stand face to face; the higher rank knocks the
lower out *without moving into its place*; strikes go only forward; the flag
takes the rank of the tile behind it. The two language versions differ (the
spy clause, the forward rule, the flag's rows), and the board is described
only as a squared board split by a river with three bridges: each of these
is a named option. Every rule cites the clause in both versions, which the
corpus aligns one to one.
"""

from __future__ import annotations

from typing import Any

from ..engine.board import FILES, FORWARD, OPPOSITE, grid
from ..engine.combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS, CombatTable, exception
from ..engine.common import PLY_LIMIT_RULE, ply_limit_option
from ..engine.game import BoardGame, Hooks
from ..engine.pieces import PieceType
from ..engine.rules import NotImplemented_, Option, Reading, Rule, RuleBook, resolve_options
from ..engine.ruleset import Feature, Ruleset

FI, SV = "fi-japanilainen-sotapeli", "sv-japanska-krigsspelet"


def F(*ns: int) -> tuple[str, ...]:
    """The same clause in both versions (the alignment pairs clause n with clause n)."""
    return tuple(f"{t}:{n}" for n in ns for t in (FI, SV))


OPTIONS = {
    "board": Option(
        name="board",
        summary="The shape of each side's field.",
        default="7x5",
        rationale=(
            "'All squares but the bridges are filled' with 35 tiles (clause 9) means 35 squares a side: 7 × 5 is the "
            "natural shape. A Gunjin Shōgi camp of 9 × 4 holds one square more, which the headquarters would take."
        ),
        cites=F(4, 9, 16),
        readings=(
            Reading("7x5", "7 files × 5 rows a side, every square filled, the river a row of its own"),
            Reading("9x4", "9 × 4 a side (Gunjin Shōgi camp), the headquarters square left empty"),
        ),
    ),
    "bridges": Option(
        name="bridges",
        summary="Which files the three bridges cross.",
        default="inner",
        rationale="The text gives three bridges and no places; evenly spaced inner bridges leave no file a dead end.",
        cites=F(4),
        readings=(
            Reading("inner", "evenly spaced inside the board (b, d, f on 7 files; c, e, g on 9)"),
            Reading("spread", "at both edges and the centre (a, d, g on 7 files; a, e, i on 9)"),
        ),
    ),
    "strike": Option(
        name="strike",
        summary="Which moves lead to combat with a tile that then stands in front.",
        default="forward-move",
        rationale=(
            "The Finnish clause 25 allows knocking out only 'when moving forward'; the Swedish says one strikes only "
            "'straight forward'. A forward move that ends face to face satisfies both versions; the Swedish "
            "reading also lets a sideways move start a fight."
        ),
        cites=F(20, 25),
        readings=(
            Reading("forward-move", "only a forward move (fi: 'eteenpäin liikkuessa')"),
            Reading("any-move", "any move that ends face to face with an enemy in front (sv: 'rakt framåt')"),
        ),
        certainty="inferred",
    ),
    "spy_vs_marshal": Option(
        name="spy_vs_marshal",
        summary="The spy against the field marshal, where the versions differ.",
        default="finnish",
        rationale=(
            "The Finnish clause 22 exempts the field marshal from those who beat the spy and has the spy beat him; "
            "the Swedish has 'all others' beat the spy yet the spy beat the marshal, which fits the striker winning."
        ),
        cites=F(22),
        readings=(
            Reading("finnish", "the spy beats the field marshal whoever strikes"),
            Reading("swedish", "whoever strikes wins: the spy striking the marshal, or the marshal striking the spy"),
        ),
        certainty="attested",
    ),
    "flag_alone": Option(
        name="flag_alone",
        summary="The flag's rank when no tile of its own stands directly behind it.",
        default="defenceless",
        rationale=(
            "The flag has no rank of its own (clause 23); with nothing behind it there is nothing to compare, so it "
            "falls to any attacker. The alternative keeps it off the last row at setup so that it starts backed."
        ),
        cites=F(23, 24),
        readings=(
            Reading("defenceless", "any tile striking an unbacked flag takes it"),
            Reading("backed-setup", "as 'defenceless', and the flag may not start on the last row"),
        ),
    ),
    "flag_rows": Option(
        name="flag_rows",
        summary="The three rows in which the flag must stand.",
        default="rear",
        rationale=(
            "Finnish 'ulommassa' (outermost) points to the rear rows, and so does Swedish 'bortersta' (furthest) if "
            "read from the front; read from the player, it would mean the three rows nearest the river."
        ),
        cites=F(24),
        readings=(Reading("rear", "the three rearmost rows"), Reading("front", "the three rows nearest the river")),
        certainty="inferred",
    ),
    "referee": Option(
        name="referee",
        summary="Play the variant with a referee who removes the beaten tiles without telling their ranks.",
        default=False,
        rationale="The referee is a variant (clause 27); the plain game examines the ranks of the tiles that meet (clause 20).",
        cites=F(20, 27),
        readings=(
            Reading(False, "plain game: the ranks of fighting tiles are shown to both"),
            Reading(True, "referee variant: ranks never shown"),
        ),
        certainty="attested",
    ),
    "ply_limit": ply_limit_option(1500),
}

RULES = [
    Rule(
        "jwg.board",
        "A squared board split by a river crossed by three bridges; the river squares other than the bridges cannot be entered.",
        F(4),
        "inferred",
        "River and three bridges are attested; the river as a row of squares follows from 'all squares but the bridges are filled'.",
        "components",
    ),
    Rule(
        "jwg.board-shape",
        "Each side's field is a block of squares (see option board); the bridges' files are set by option bridges.",
        (),
        "conjecture",
        "The text gives neither the size nor the bridges' places (historical notes: 7×5 fits 35 tiles; Gunjin camps are 9×4).",
        "components",
    ),
    Rule(
        "jwg.army",
        "Each side has 35 tiles: field marshal, lieutenant general, 2 major generals, 3 each of colonels, lieutenant colonels, majors, captains, lieutenants, second lieutenants and cavalrymen, 4 pioneers, 4 mines, a spy and a flag.",
        F(13, 14, 15, 16),
        topic="components",
    ),
    Rule(
        "jwg.hidden", "Ranks are written on the backs of the tiles: the enemy's setup is unknown.", F(5, 11), topic="information"
    ),
    Rule(
        "jwg.setup",
        "Each side fills every square of its own field with its tiles, as it likes.",
        F(9),
        "inferred",
        "'All squares but the bridges are filled'; that each side fills its own half is implied, not stated.",
        "setup",
    ),
    Rule("jwg.flag-rows", "The flag must stand in one of the three rows given by option flag_rows.", F(24), topic="setup"),
    Rule("jwg.first-move", "The first side (south) moves first.", (), "conjecture", "The text does not say who begins.", "turn"),
    Rule("jwg.turns", "The players move in turn, one tile a turn.", F(17), topic="turn"),
    Rule("jwg.step", "A tile moves one square straight forward, backward or sideways.", F(17, 19), topic="movement"),
    Rule("jwg.slide", "Pioneers and cavalrymen move along a straight line as far as the way is free.", F(18), topic="movement"),
    Rule("jwg.immobile", "Mines and the flag never move.", F(15), topic="movement"),
    Rule(
        "jwg.face",
        "Combat comes when, after a move, the moved tile stands directly in front of an enemy tile (same file, adjacent).",
        F(20),
        "inferred",
        "'Face to face' (vastatusten / emot hvarandra) is read as one directly in front of the other.",
        "combat",
    ),
    Rule("jwg.forward-only", "Only a tile moving or striking forward knocks out (see option strike).", F(25), topic="combat"),
    Rule("jwg.higher-wins", "The higher rank knocks out the lower, without moving into its place.", F(6, 20), topic="combat"),
    Rule("jwg.tie", "When two tiles of equal rank meet, both are knocked out.", F(26), topic="combat"),
    Rule("jwg.mine", "A tile that comes in front of a mine is knocked out; the mine stays.", F(21), topic="combat"),
    Rule("jwg.pioneer-mine", "Pioneers are the only tiles that knock out mines.", F(21), topic="combat"),
    Rule("jwg.spy-beaten", "Every other tile knocks out the spy.", F(22), topic="combat"),
    Rule("jwg.spy-beats-marshal", "The spy knocks out the field marshal.", F(22), topic="combat"),
    Rule(
        "jwg.marshal-strikes-spy",
        "The field marshal striking the spy (option spy_vs_marshal decides who falls).",
        F(22),
        topic="combat",
    ),
    Rule("jwg.flag-rank", "The flag's rank is that of the tile directly behind it.", F(23), topic="combat"),
    Rule(
        "jwg.flag-alone",
        "A flag with no tile of its own directly behind it is taken by any tile that strikes it.",
        F(23),
        "conjecture",
        "The text is silent; with no tile behind, the flag has no rank to defend it.",
        "combat",
    ),
    Rule(
        "jwg.referee",
        "In the referee variant the beaten tiles are removed without their ranks being told.",
        F(27),
        topic="information",
    ),
    Rule(
        "jwg.reveal",
        "In the plain game the ranks of two tiles that meet are examined, so both players learn them.",
        F(20),
        "inferred",
        "'Their rank is examined' (tarkastetaan niiden arvo / undersökes deras rang) with no referee means the players look.",
        "information",
    ),
    Rule("jwg.win-flag", "Taking the enemy's flag wins.", F(8), topic="victory"),
    Rule("jwg.win-hq", "Occupying the enemy headquarters, a black square on the back edge, wins.", F(7), topic="victory"),
    Rule(
        "jwg.hq-place",
        "The headquarters is the centre square of each back row.",
        (),
        "conjecture",
        "The text says only 'on the back edge'; Gunjin Shōgi puts it back-centre (historical notes).",
        "components",
    ),
    Rule(
        "jwg.no-moves",
        "A side that cannot move loses.",
        (),
        "conjecture",
        "The text is silent; the Stratego convention.",
        "victory",
    ),
    PLY_LIMIT_RULE,
]

NOT_IMPLEMENTED = [
    NotImplemented_(f"{t}:13", "The heading of the piece list; its content is implemented with clauses 14–16.") for t in (FI, SV)
]

RANKED = [
    ("field_marshal", "Kenttämarsalkka", "Fältmarskalk", "Field marshal", 1, 1, "field-marshal"),
    ("lieutenant_general", "Kenraaliluutnantti", "Generallöjtnant", "Lieutenant general", 1, 2, "general"),
    ("major_general", "Kenraalimajuri", "Generalmajor", "Major general", 2, 3, "general"),
    ("colonel", "Eversti", "Öfverste", "Colonel", 3, 4, "officer"),
    ("lieutenant_colonel", "Everstiluutnantti", "Öfverstlöjtnant", "Lieutenant colonel", 3, 5, "officer"),
    ("major", "Majuri", "Major", "Major", 3, 6, "officer"),
    ("captain", "Kapteeni", "Kapten", "Captain", 3, 7, "officer"),
    ("lieutenant", "Luutnantti", "Löjtnant", "Lieutenant", 3, 8, "officer"),
    ("second_lieutenant", "Aliluutnantti", "Underlöjtnant", "Second lieutenant", 3, 9, "officer"),
    ("cavalryman", "Hevosmies", "Kavallerist", "Cavalryman", 3, 10, "cavalry"),
    ("pioneer", "Vallinkaivaja", "Pionier", "Pioneer", 4, 11, "sapper"),
]


def pieces() -> tuple[PieceType, ...]:
    out = [
        PieceType(
            pid,
            fi,
            en,
            n,
            str(rank),
            12 - rank,
            "slide" if pid in ("cavalryman", "pioneer") else "step",
            F(14, 15) + (F(18) if pid in ("cavalryman", "pioneer") else ()),
            symbol=str(rank),
            concept=concept,
            move_rule="jwg.slide" if pid in ("cavalryman", "pioneer") else "jwg.step",
            names={"fi": fi, "sv": sv},
        )
        for pid, fi, sv, en, n, rank, concept in RANKED
    ]
    out += [
        PieceType(
            "mine",
            "Miina",
            "Mine",
            4,
            None,
            0,
            "immobile",
            F(15, 21),
            symbol="M",
            concept="mine",
            names={"fi": "Miina", "sv": "Mina"},
        ),
        PieceType(
            "spy",
            "Vakooja",
            "Spy",
            1,
            None,
            0,
            "step",
            F(15, 22),
            symbol="S",
            concept="spy",
            move_rule="jwg.step",
            names={"fi": "Vakooja", "sv": "Spion"},
        ),
        PieceType(
            "flag",
            "Lippu",
            "Flag",
            1,
            None,
            0,
            "immobile",
            F(8, 15, 23),
            symbol="F",
            concept="flag",
            abilities=("rank-from-behind",),
            names={"fi": "Lippu", "sv": "Fana"},
        ),
    ]
    return tuple(out)


def combat_table(spy_vs_marshal: str) -> CombatTable:
    marshal_vs_spy = DEFENDER_WINS if spy_vs_marshal == "finnish" else ATTACKER_WINS
    return CombatTable(
        higher_rule="jwg.higher-wins",
        tie_outcome=BOTH_REMOVED,
        tie_rule="jwg.tie",
        exceptions=(
            exception("pioneer", "mine", ATTACKER_WINS, "jwg.pioneer-mine"),
            exception("*", "mine", DEFENDER_WINS, "jwg.mine"),
            exception("spy", "field_marshal", ATTACKER_WINS, "jwg.spy-beats-marshal"),
            exception("field_marshal", "spy", marshal_vs_spy, "jwg.marshal-strikes-spy"),
            exception("spy", "spy", BOTH_REMOVED, "jwg.tie"),
            exception("*", "spy", ATTACKER_WINS, "jwg.spy-beaten"),
            exception("spy", "*", DEFENDER_WINS, "jwg.spy-beaten"),
        ),
    )


class JapaneseWarGameHooks(Hooks):
    """The flag's rank is the rank of the tile directly behind it."""

    def __init__(self, flag: int):
        self.flag = flag

    def decider(self, game: BoardGame, defender_cell: int) -> tuple[int, str | None]:
        if game.kind[defender_cell] != self.flag:
            return defender_cell, None
        owner = game.owner[defender_cell]
        behind = game.board.step[OPPOSITE[FORWARD[owner]]][defender_cell]
        if behind >= 0 and game.owner[behind] == owner:
            return behind, "jwg.flag-rank"
        return -1, "jwg.flag-alone"


def make_board(shape: str, bridges: str):
    width, rows = (7, 5) if shape == "7x5" else (9, 4)
    height = 2 * rows + 1
    cols = {("inner", 7): (1, 3, 5), ("spread", 7): (0, 3, 6), ("inner", 9): (2, 4, 6), ("spread", 9): (0, 4, 8)}[
        (bridges, width)
    ]
    river = rows
    terrain: dict[str, set[str]] = {}
    for c in range(width):
        terrain[f"{FILES[c]}{river + 1}"] = {"bridge"} if c in cols else {"water"}
    centre = FILES[width // 2]
    terrain[f"{centre}1"] = {"hq0"}
    terrain[f"{centre}{height}"] = {"hq1"}
    board = grid(
        width,
        height,
        rows,
        terrain,
        description=(
            f"{width} × {rows} squares a side, a river row with bridges on files "
            f"{', '.join(FILES[c] for c in cols)}; headquarters on {centre}1 and {centre}{height} (conjecture)"
        ),
    )
    if shape == "9x4":  # the headquarters square stays empty: 36 squares, 35 tiles
        hq = (board.cell(f"{centre}1"), board.cell(f"{centre}{height}"))
        board.home = tuple(tuple(c for c in home if c not in hq) for home in board.home)
    return board


def build(given: dict[str, Any]) -> Ruleset:
    options = resolve_options(OPTIONS, given, "japanese-war-game")
    board = make_board(options["board"], options["bridges"])
    book = RuleBook()
    book.add(*RULES)
    types = pieces()
    flag_rows = (0, 1, 2) if options["flag_rows"] == "rear" else tuple(range(board.height // 2 - 3, board.height // 2))
    if options["flag_alone"] == "backed-setup":
        flag_rows = tuple(r for r in flag_rows if r != 0)
    features = (
        Feature("combat", "mode", "face to face, without moving into the loser's place", "jwg.higher-wins"),
        Feature("combat", "tie", "both removed", "jwg.tie"),
        Feature("combat", "strikes", "forward only", "jwg.forward-only"),
        Feature("turn", "moves per turn", 1, "jwg.turns"),
        Feature("information", "hidden ranks", True, "jwg.hidden"),
        Feature("information", "referee", "optional variant: removes losers without telling ranks", "jwg.referee"),
        Feature("information", "revealing", "ranks of fighting tiles examined (plain game)", "jwg.reveal"),
        Feature("victory", "capture", "flag (its rank is the tile's behind it)", "jwg.win-flag"),
        Feature("victory", "occupy", "enemy headquarters square", "jwg.win-hq"),
        Feature("board", "board", board.description, "jwg.board-shape"),
    )
    return Ruleset(
        id="japanese-war-game",
        title="The Japanese War Game",
        texts=(FI, SV),
        summary="A c. 1905 Stratego ancestor: face-to-face combat without displacement across a river with three bridges.",
        sides=("south", "north"),
        options=options,
        declared=OPTIONS,
        rules=book,
        piece_types=types,
        new_game_fn=BoardGame,
        board=board,
        combat_rules=combat_table(options["spy_vs_marshal"]),
        features=features,
        not_implemented=tuple(NOT_IMPLEMENTED),
        hooks=JapaneseWarGameHooks(next(i for i, p in enumerate(types) if p.id == "flag")),
        params={
            "combat_mode": "face",
            "strike": "forward" if options["strike"] == "forward-move" else "any",
            "reveal_on_combat": not options["referee"],
            "capture_wins": {"flag": "jwg.win-flag"},
            "occupy_wins": "jwg.win-hq",
            "no_moves_rule": "jwg.no-moves",
            "setup_rows": {"flag": flag_rows},
            "setup_rule": {"flag": "jwg.flag-rows"},
        },
    )
