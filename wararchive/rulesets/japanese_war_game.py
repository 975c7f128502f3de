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

from ..engine.board import FILES, FORWARD, OPPOSITE, grid, move_is_forward
from ..engine.board_game import BoardGame
from ..engine.combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS, CombatTable, exception
from ..engine.common import PLY_LIMIT_RULE, ply_limit_option
from ..engine.hooks import Hooks
from ..engine.moves import Move
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
            "The Finnish clause 22 exempts the field marshal from those who beat the spy and has the spy beat him: "
            "the default follows it. The Swedish has 'all others' beat the spy yet the spy beat the marshal, so "
            "taken literally each beats the other; its note and the alignment name three readings: (a) as the "
            "Finnish, (b) the striker wins, (c) both fall, as with equal ranks. Which the Swedish meant is not "
            "said, so the option is inferred, not attested."
        ),
        cites=F(22),
        readings=(
            Reading("finnish", "the spy beats the field marshal whoever strikes (fi; sv reading a)"),
            Reading(
                "swedish", "whoever strikes wins: the spy striking the marshal, or the marshal striking the spy (sv reading b)"
            ),
            Reading("both-fall", "the spy and the field marshal beat each other: both fall, whoever strikes (sv reading c)"),
        ),
        certainty="inferred",
    ),
    "flag_backer": Option(
        name="flag_backer",
        summary="The flag's rank when the tile behind it is a mine or the spy, or the field marshal struck by the spy.",
        default="as-tile",
        rationale=(
            "Clause 23 gives the flag the rank of the tile behind it; the mine and the spy have no rank number, "
            "and the spy's exception (clause 22) names the field marshal, not his rank. The notes to clause 23 "
            "and 22 call these cases open. The default lets the flag fight as the tile behind it would, "
            "exceptions included; the other reading passes only a rank number."
        ),
        cites=F(22, 23),
        readings=(
            Reading(
                "as-tile",
                "the flag fights as the tile behind it would: a mine behind stops all but pioneers, the spy behind "
                "falls to all (the field marshal as option spy_vs_marshal says), the spy takes a flag backed by the "
                "field marshal",
            ),
            Reading(
                "rank-only",
                "only a rank number passes: with a mine or the spy behind, the flag has none and falls to any "
                "striker; a flag backed by the field marshal has his rank, which the spy does not beat",
            ),
        ),
    ),
    "flag_tie": Option(
        name="flag_tie",
        summary="A striker of the same rank as the tile behind the flag.",
        default="flag-falls",
        rationale=(
            "Equal ranks both fall (clause 26), and the flag's rank is the tile's behind it (clause 23); whether "
            "the flag itself then falls, which wins the game, is not said (note to fi clause 26). The default "
            "treats the flag as the tile that stands face to face; the other reading makes the tie one between "
            "the striker and the tile behind, whose rank was compared."
        ),
        cites=F(23, 26),
        readings=(
            Reading("flag-falls", "the striker and the flag both fall: the flag is taken"),
            Reading("backer-falls", "the striker and the tile behind the flag fall; the flag stays, now unbacked"),
        ),
    ),
    "mine_contact": Option(
        name="mine_contact",
        summary="Which moves that end in front of a mine knock the mover out.",
        default="as-strike",
        rationale=(
            "Clause 21 knocks out all who 'come in front of' a mine and says nothing of the direction; clause 25 "
            "lets a tile knock out only when moving forward. The default applies the strike rule (option strike) "
            "to mines too; the other reading knocks out a tile that comes in front of a mine by any move, "
            "sideways included (note to fi clause 21)."
        ),
        cites=F(21, 25),
        readings=(
            Reading("as-strike", "only the moves that lead to combat (option strike) lead to the mine"),
            Reading("any-move", "any move that ends directly in front of an enemy mine knocks the mover out"),
        ),
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
        id="jwg.board",
        summary="A squared board split by a river crossed by three bridges; the river squares other than the bridges cannot be entered.",
        cites=F(4),
        certainty="inferred",
        reason="River and three bridges are attested; the river as a row of squares follows from 'all squares but the bridges are filled'.",
        topic="components",
    ),
    Rule(
        id="jwg.board-shape",
        summary="Each side's field is a block of squares (see option board); the bridges' files are set by option bridges.",
        cites=(),
        certainty="conjecture",
        reason="The text gives neither the size nor the bridges' places (historical notes: 7×5 fits 35 tiles; Gunjin camps are 9×4).",
        topic="components",
    ),
    Rule(
        id="jwg.army",
        summary="Each side has 35 tiles: field marshal, lieutenant general, 2 major generals, 3 each of colonels, lieutenant colonels, majors, captains, lieutenants, second lieutenants and cavalrymen, 4 pioneers, 4 mines, a spy and a flag.",
        cites=F(13, 14, 15, 16),
        topic="components",
    ),
    Rule(
        id="jwg.hidden",
        summary="Ranks are written on the backs of the tiles: the enemy's setup is unknown.",
        cites=F(5, 11),
        topic="information",
    ),
    Rule(
        id="jwg.setup",
        summary="Each side fills every square of its own field with its tiles, as it likes.",
        cites=F(9),
        certainty="inferred",
        reason="'All squares but the bridges are filled'; that each side fills its own half is implied, not stated.",
        topic="setup",
    ),
    Rule(
        id="jwg.flag-rows",
        summary="The flag must stand in one of the three rows given by option flag_rows.",
        cites=F(24),
        topic="setup",
    ),
    Rule(
        id="jwg.first-move",
        summary="The first side (south) moves first.",
        cites=(),
        certainty="conjecture",
        reason="The text does not say who begins.",
        topic="turn",
    ),
    Rule(
        id="jwg.turns",
        summary="The players move in turn, one tile a turn.",
        cites=F(17),
        certainty="inferred",
        reason="Moving in turn is in both versions; 'one tile' is the Swedish 'en bricka': the Finnish plural does not say "
        "how many tiles a turn moves (alignment unit 17).",
        topic="turn",
    ),
    Rule(
        id="jwg.step",
        summary="A tile moves one square straight forward, backward or sideways.",
        cites=F(17, 19),
        topic="movement",
    ),
    Rule(
        id="jwg.slide",
        summary="Pioneers and cavalrymen move along a straight line as far as the way is free.",
        cites=F(18),
        topic="movement",
    ),
    Rule(id="jwg.immobile", summary="Mines and the flag never move.", cites=F(15), topic="movement"),
    Rule(
        id="jwg.face",
        summary="Combat comes when, after a move, the moved tile stands directly in front of an enemy tile (same file, adjacent).",
        cites=F(20),
        certainty="inferred",
        reason="'Face to face' (vastatusten / emot hvarandra) is read as one directly in front of the other.",
        topic="combat",
    ),
    Rule(
        id="jwg.forward-only",
        summary="Only a tile moving or striking forward knocks out (see option strike).",
        cites=F(25),
        topic="combat",
    ),
    Rule(
        id="jwg.higher-wins",
        summary="The higher rank knocks out the lower, without moving into its place.",
        cites=F(6, 20),
        topic="combat",
    ),
    Rule(id="jwg.tie", summary="When two tiles of equal rank meet, both are knocked out.", cites=F(26), topic="combat"),
    Rule(id="jwg.mine", summary="A tile that comes in front of a mine is knocked out.", cites=F(21), topic="combat"),
    Rule(
        id="jwg.mine-stays",
        summary="A mine that knocks a tile out stays where it is.",
        cites=F(15, 21),
        certainty="inferred",
        reason="Clause 21 does not say whether the mine is spent; nothing removes it, and mines are immovable (clause 15).",
        topic="combat",
    ),
    Rule(
        id="jwg.mine-contact",
        summary="Which moves bring a tile in front of a mine to be knocked out is set by option mine_contact.",
        cites=F(21, 25),
        certainty="conjecture",
        reason="Clause 21 gives no direction, clause 25 only a forward strike; a sideways move in front of a mine is open "
        "(note to fi clause 21).",
        topic="combat",
    ),
    Rule(id="jwg.pioneer-mine", summary="Pioneers are the only tiles that knock out mines.", cites=F(21), topic="combat"),
    Rule(
        id="jwg.spy-beaten",
        summary="Every other tile knocks out the spy (the field marshal and another spy by their own rules).",
        cites=F(22),
        topic="combat",
    ),
    Rule(id="jwg.spy-beats-marshal", summary="The spy knocks out the field marshal.", cites=F(22), topic="combat"),
    Rule(
        id="jwg.spy-marshal-both-fall",
        summary="Option spy_vs_marshal=both-fall: the spy and the field marshal that meet both fall, whoever strikes.",
        cites=F(22, 26),
        certainty="inferred",
        reason="The Swedish clause 22 has 'all others' beat the spy, yet the spy beat the field marshal: taken literally "
        "each beats the other, which this reading (sv reading c) settles as equal ranks are (clause 26). Neither version "
        "says both fall, so the outcome is inferred, not the attested 'the spy knocks out the field marshal'.",
        topic="combat",
    ),
    Rule(
        id="jwg.marshal-strikes-spy",
        summary="The field marshal striking the spy: option spy_vs_marshal decides who falls.",
        cites=F(22),
        certainty="inferred",
        reason="The Finnish says the marshal does not beat the spy; the Swedish has 'all others' beat the spy and is "
        "read three ways (option spy_vs_marshal).",
        topic="combat",
    ),
    Rule(
        id="jwg.spy-vs-spy",
        summary="Two spies that meet both fall.",
        cites=F(22, 26),
        certainty="inferred",
        reason="Clause 22 has 'all other tiles' beat the spy, which does not cover a spy meeting a spy; the spy has no "
        "rank number, and equal tiles both fall (clause 26).",
        topic="combat",
    ),
    Rule(
        id="jwg.flag-rank",
        summary="The flag's rank is that of the ranked tile directly behind it (field marshal to pioneer).",
        cites=F(23),
        topic="combat",
    ),
    Rule(
        id="jwg.flag-backer",
        summary="A flag backed by a mine or the spy, or backed by the field marshal and struck by the spy, defends as "
        "option flag_backer says.",
        cites=F(22, 23),
        certainty="conjecture",
        reason="Clause 23 gives the flag a rank; a mine and the spy have none, and whether the spy's exception against "
        "the field marshal passes to the flag is not said (notes to fi clauses 22 and 23).",
        topic="combat",
    ),
    Rule(
        id="jwg.flag-tie",
        summary="A striker equal in rank to the tile behind the flag: option flag_tie says what falls.",
        cites=F(23, 26),
        certainty="conjecture",
        reason="Whether a tie against the borrowed rank takes the flag is not said (note to fi clause 26).",
        topic="combat",
    ),
    Rule(
        id="jwg.flag-alone",
        summary="A flag with no tile of its own directly behind it is taken by any tile that strikes it.",
        cites=F(23),
        certainty="conjecture",
        reason="The text is silent; with no tile behind, the flag has no rank to defend it.",
        topic="combat",
    ),
    Rule(
        id="jwg.referee",
        summary="In the referee variant the beaten tiles are removed without their ranks being told.",
        cites=F(27),
        topic="information",
    ),
    Rule(
        id="jwg.reveal",
        summary="In the plain game the ranks of two tiles that meet are examined, so both players learn them.",
        cites=F(20),
        certainty="inferred",
        reason="'Their rank is examined' (tarkastetaan niiden arvo / undersökes deras rang) with no referee means the players look.",
        topic="information",
    ),
    Rule(id="jwg.win-flag", summary="Taking the enemy's flag wins.", cites=F(8), topic="victory"),
    Rule(
        id="jwg.win-hq",
        summary="Occupying the enemy headquarters, a black square on the back edge, wins.",
        cites=F(7),
        topic="victory",
    ),
    Rule(
        id="jwg.hq-place",
        summary="The headquarters is the centre square of each back row.",
        cites=(),
        certainty="conjecture",
        reason="The text says only 'on the back edge'; Gunjin Shōgi puts it back-centre (historical notes).",
        topic="components",
    ),
    Rule(
        id="jwg.no-moves",
        summary="A side that cannot move loses.",
        cites=(),
        certainty="conjecture",
        reason="The text is silent; the Stratego convention.",
        topic="victory",
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
            id=pid,
            name=fi,
            name_en=en,
            count=n,
            rank=str(rank),
            strength=12 - rank,
            movement="slide" if pid in ("cavalryman", "pioneer") else "step",
            cites=F(14, 15) + (F(18) if pid in ("cavalryman", "pioneer") else ()),
            symbol=str(rank),
            concept=concept,
            move_rule="jwg.slide" if pid in ("cavalryman", "pioneer") else "jwg.step",
            names={"fi": fi, "sv": sv},
        )
        for pid, fi, sv, en, n, rank, concept in RANKED
    ]
    out += [
        PieceType(
            id="mine",
            name="Miina",
            name_en="Mine",
            count=4,
            rank=None,
            strength=0,
            movement="immobile",
            cites=F(15, 21),
            symbol="M",
            concept="mine",
            names={"fi": "Miina", "sv": "Mina"},
        ),
        PieceType(
            id="spy",
            name="Vakooja",
            name_en="Spy",
            count=1,
            rank=None,
            strength=0,
            movement="step",
            cites=F(15, 22),
            symbol="S",
            concept="spy",
            move_rule="jwg.step",
            names={"fi": "Vakooja", "sv": "Spion"},
        ),
        PieceType(
            id="flag",
            name="Lippu",
            name_en="Flag",
            count=1,
            rank=None,
            strength=0,
            movement="immobile",
            cites=F(8, 15, 23),
            symbol="F",
            concept="flag",
            abilities=("rank-from-behind",),
            names={"fi": "Lippu", "sv": "Fana"},
        ),
    ]
    return tuple(out)


def combat_table(spy_vs_marshal: str) -> CombatTable:
    """The combat table under a reading of the spy clause: the both-fall reading decides by its own, inferred rule."""
    spy_vs = {"finnish": ATTACKER_WINS, "swedish": ATTACKER_WINS, "both-fall": BOTH_REMOVED}[spy_vs_marshal]
    marshal_vs_spy = {"finnish": DEFENDER_WINS, "swedish": ATTACKER_WINS, "both-fall": BOTH_REMOVED}[spy_vs_marshal]
    both_fall = spy_vs_marshal == "both-fall"
    return CombatTable(
        higher_rule="jwg.higher-wins",
        tie_outcome=BOTH_REMOVED,
        tie_rule="jwg.tie",
        exceptions=(
            exception("pioneer", "mine", ATTACKER_WINS, "jwg.pioneer-mine"),
            exception("*", "mine", DEFENDER_WINS, "jwg.mine"),
            exception("spy", "field_marshal", spy_vs, "jwg.spy-marshal-both-fall" if both_fall else "jwg.spy-beats-marshal"),
            exception(
                "field_marshal", "spy", marshal_vs_spy, "jwg.spy-marshal-both-fall" if both_fall else "jwg.marshal-strikes-spy"
            ),
            exception("spy", "spy", BOTH_REMOVED, "jwg.spy-vs-spy"),
            exception("*", "spy", ATTACKER_WINS, "jwg.spy-beaten"),
            exception("spy", "*", DEFENDER_WINS, "jwg.spy-beaten"),
        ),
    )


class JapaneseWarGameHooks(Hooks):
    """The flag's borrowed rank (clause 23) with its open cases, and mines met by a move that strikes nothing.

    The open cases are options, so the hooks take the resolved options and
    the piece indices they need once, not per combat.
    """

    kernel_mirror = "jwg"  # wararchive.kernel plays these hooks (checked by tests/kernel/test_kernel.py)

    def __init__(self, types: tuple[PieceType, ...], options: dict[str, Any]):
        index = {t.id: i for i, t in enumerate(types)}
        self.flag, self.mine, self.spy, self.marshal = (index[k] for k in ("flag", "mine", "spy", "field_marshal"))
        self.rank_only = options["flag_backer"] == "rank-only"
        self.backer_falls = options["flag_tie"] == "backer-falls"
        self.mine_any_move = options["mine_contact"] == "any-move"

    def backer(self, game: BoardGame, flag_cell: int) -> int:
        """The cell of the own tile directly behind the flag on ``flag_cell``, or -1."""
        owner = game.owner[flag_cell]
        behind = game.board.step[OPPOSITE[FORWARD[owner]]][flag_cell]
        return behind if behind >= 0 and game.owner[behind] == owner else -1

    def decider(self, game: BoardGame, defender_cell: int) -> tuple[int, str | None]:
        if game.kind[defender_cell] != self.flag:
            return defender_cell, None
        behind = self.backer(game, defender_cell)
        if behind < 0:
            return -1, "jwg.flag-alone"
        if game.kind[behind] in (self.mine, self.spy):
            return (-1, "jwg.flag-backer") if self.rank_only else (behind, "jwg.flag-backer")
        return behind, "jwg.flag-rank"

    def resolve(self, game: BoardGame, att: int, dfn: int, outcome: str, rule: str) -> tuple[str, str]:
        if game.kind[dfn] != self.flag or (behind := self.backer(game, dfn)) < 0:
            return outcome, rule
        spy_on_marshal = game.kind[att] == self.spy and game.kind[behind] == self.marshal
        if spy_on_marshal and self.rank_only:
            return DEFENDER_WINS, "jwg.flag-backer"
        if outcome == BOTH_REMOVED:
            return (DEFENDER_WINS if self.backer_falls else outcome), "jwg.flag-tie"
        return outcome, "jwg.flag-backer" if spy_on_marshal else rule

    def after_combat(self, game: BoardGame, att: int, dfn: int, player: int, event: dict[str, Any]) -> None:
        """A tie against the flag's borrowed rank, read as a tie with the tile behind: that tile falls too."""
        if self.backer_falls and event["rule"] == "jwg.flag-tie":
            event["removed"].append(game.remove(self.backer(game, dfn), "jwg.flag-tie"))

    def after_move(self, game: BoardGame, move: Move, player: int) -> None:
        """Option mine_contact=any-move: a move the strike rule leaves without combat still meets a mine."""
        x = move.to
        if not self.mine_any_move or game.owner[x] != player or move_is_forward(game.board, move.frm, x, player):
            return
        front = game.board.step[FORWARD[player]][x]
        if front >= 0 and game.owner[front] == 1 - player and game.kind[front] == self.mine:
            game.collide(x, front, player, displace=False)


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
        hooks=JapaneseWarGameHooks(types, options),
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
