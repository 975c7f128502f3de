"""Sõjamäng's cited data: options, rules, pieces, the board and the combat table."""

from __future__ import annotations

from ...engine.board import FILES, Board, grid
from ...engine.combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS, NEITHER_REMOVED, CombatTable, exception
from ...engine.common import PLY_LIMIT_MAX, PLY_LIMIT_RULE, ply_limit_option
from ...engine.pieces import PieceType
from ...engine.rules import NotImplemented_, Option, Reading, Rule

TEXT = "et-sojamang-1935"
SIDES = ("pink", "light-blue")


def P(*ns: int) -> tuple[str, ...]:
    return tuple(f"{TEXT}:{n}" for n in ns)


# -- options -------------------------------------------------------------------------------
OPTIONS = {
    "game": Option(
        name="game",
        summary="The full game, or the beginners' game without the privileges of points 15–20.",
        default="full",
        rationale=(
            "Beginners are advised to leave out the privileges described in points 15–20 and bring them in "
            "gradually (et-sojamang-1935:27): the captain's machine gun, the lieutenant's hand grenades, deserters, "
            "the cabaret's first ten moves, the rearrangement after the loss of the four generals and the generals' "
            "replacement of lost arms. The full game is the game the rulebook describes."
        ),
        cites=P(27),
        readings=(
            Reading("full", "every note applies"),
            Reading("beginners", "notes 15–20 are left out (notes 1–14 apply)"),
        ),
        certainty="attested",
    ),
    "board": Option(
        name="board",
        summary="Where the six black barbed-wire squares stand on the 9 × 10 board.",
        default="cfi",
        rationale=(
            "The text gives 36 squares a side ('all the squares of their own front', :9, :10), black barbed-wire "
            "squares (:42, :93) and 'three passages' (:33), but no board. L'Attaque, the French game of 1909, has "
            "9 columns × 10 rows and 36 pieces a side (4 rows × 9), which the 1935 game matches; its middle is "
            "described as six darkened squares forming three obstacles (historical notes: V&A O26366; Tabletop "
            "Gaming 2019), but descriptions disagree on where they stand: one puts the six blocked squares on files "
            "c, e and g, which leaves four gaps (a–b, d, f, h–i), not three passages. So the model fits in size and "
            "army, not provably in its middle. Six squares in the two middle rows make three obstacles of two "
            "squares (one file, both rows); three passages between three obstacles alternate with them, so one "
            "obstacle stands at an edge: wire on files c, f and i leaves the passages a–b, d–e and g–h, each two "
            "files wide and of equal value (default); the mirror image is the second reading. Either needs six "
            "mines to close all three passages and the army has four, so the warning of :33 could never apply; "
            "the third reading, one-file passages (wire on a, b, d, e, g, h: twelve squares, more than L'Attaque's "
            "six, which the text does not count), is the board on which four mines can close them all."
        ),
        cites=P(9, 10, 33, 42, 93),
        readings=(
            Reading("cfi", "wire on c5, c6, f5, f6, i5, i6: passages a–b, d–e, g–h"),
            Reading("adg", "wire on a5, a6, d5, d6, g5, g6: passages b–c, e–f, h–i"),
            Reading("narrow", "wire on files a, b, d, e, g, h of rows 5–6: one-file passages c, f, i (four mines can close all)"),
        ),
    ),
    "referee": Option(
        name="referee",
        summary="A referee decides collisions in secret, or two players announce ranks by one of the text's two methods.",
        default="present",
        rationale=(
            "The game 'is composed for three' (:8): the referee removes the junior piece and never says which ranks "
            "met (:15). Without a referee (:20) the players either name their pieces in turn, collision by "
            "collision, the other side removing the junior piece without revealing its own, or the attacked player "
            "always names his piece, which gives the attacker the advantage. The text finds the two-player game "
            "less interesting because the enemy's forces are revealed sooner (:21)."
        ),
        cites=P(8, 15, 20),
        readings=(
            Reading("present", "a referee: no rank is ever told (the engine is the referee)"),
            Reading("in-turn", "two players name their piece in turn, collision by collision; the other side learns it"),
            Reading("attacked-names", "two players; the attacked player names his piece, so the attacker learns it"),
        ),
        certainty="attested",
    ),
    "attack": Option(
        name="attack",
        summary="Which moves attack: any move that ends face to face with an enemy, or only a forward one.",
        default="any-move",
        rationale=(
            "'To attack means to bring one's piece from the front right up against the enemy piece, so that the "
            "pieces would stand facing each other' (:14): the definition is the position reached, pieces facing "
            "each other on adjacent squares of one file. 'From the front' (eespoolt) may instead require the "
            "attacker to come forward, as the Finnish Japanese War Game says outright."
        ),
        cites=P(14),
        readings=(
            Reading("any-move", "any move after which the mover faces an enemy directly in front of it"),
            Reading("forward-move", "only a forward move that ends face to face"),
        ),
        certainty="inferred",
    ),
    "lettered_ranks": Option(
        name="lettered_ranks",
        summary="How the lettered ranks (6a battery commander, 9a cavalry ensign, 10a pioneer, 10b aviator) compare.",
        default="equal",
        rationale=(
            "The battery commander who guesses wrong 'is transferred as the same piece (captain) to the infantry' "
            "(:44) and the aviator is 'in 10th place' by rank (:50): a letter marks a branch of the same rank, so "
            "6a meets 6 as an equal and 10, 10a and 10b are one rank. The list's order (:24) could instead rank a "
            "letter just below its number."
        ),
        cites=P(24, 44, 50),
        readings=(
            Reading("equal", "a lettered rank equals its number: 6a = 6, 9a = 9, 10 = 10a = 10b"),
            Reading("below", "a letter ranks just below its number: 6 > 6a > 7, 9 > 9a > 10 > 10a > 10b"),
        ),
        certainty="inferred",
    ),
    "flag_line": Option(
        name="flag_line",
        summary="What 'the line in front of the flag' is (at most two mines on it; never the cabaret).",
        default="row",
        rationale=(
            "The flag stands on the last line (:28); 'the line in front of the flag' (:32, :72) is most naturally "
            "the next line, the second-last row, as 'line' (joon) elsewhere means a row of the field (:28, :56, :65). "
            "It could also mean the squares straight ahead of the flag in its file."
        ),
        cites=P(28, 32, 72),
        readings=(
            Reading("row", "the whole second-last row of the own field"),
            Reading("file", "the squares of the own field straight ahead of the flag in its file"),
        ),
        certainty="inferred",
    ),
    "mined_passage": Option(
        name="mined_passage",
        summary="When mines stand 'in front of' a passage (they may not stand in front of all three).",
        default="any",
        rationale=(
            "Mines may not be put in front of all three passages (:33). On the reconstructed board each passage "
            "is two files wide, so closing all three would take six mines and the army has four: read as 'closed', "
            "the rule could never be broken. Reading it as 'a mine before each passage' keeps the rule's force; "
            "on a board with one-file passages (option board=narrow) the two readings coincide."
        ),
        cites=P(33),
        readings=(
            Reading("any", "a passage is mined when a mine stands on any own front-row square facing it"),
            Reading("closed", "a passage is mined when mines stand on every own front-row square facing it"),
        ),
    ),
    "spy_vs_general": Option(
        name="spy_vs_general",
        summary="Whether the spy takes the general only when the spy attacks.",
        default="any-collision",
        rationale=(
            "The spy 'takes only the greatest piece, namely the general' and 'all other rank-holders shoot him' "
            "(:73, :74): the general is the one rank-holder who does not shoot him, whoever moves. Stratego's "
            "reading (the spy wins only when it strikes) is the alternative."
        ),
        cites=P(73, 74),
        readings=(
            Reading("any-collision", "spy and general: the spy wins whoever attacks"),
            Reading("spy-attacks", "the spy wins only when it attacks; a general attacking the spy shoots him"),
        ),
        certainty="inferred",
    ),
    "defence_weapons": Option(
        name="defence_weapons",
        summary="When a captain's machine gun or a lieutenant's grenades go into action in defence.",
        default="when-losing",
        rationale=(
            "Machine guns (and, 'under the same conditions', grenades) act 'both in the attack and in a position of "
            "defence' (:79, :80). In attack the commander chooses by the move he makes; in defence it is not his "
            "move, so the engine carries out a standing order: with a referee, a commander would tell him to fire "
            "when it saves the piece (default), or simply at the first attack."
        ),
        cites=P(77, 79, 80),
        readings=(
            Reading("when-losing", "used in defence when it turns a loss or a tie into a better result"),
            Reading("first-attack", "used the first time the piece is attacked by a ranked piece"),
        ),
    ),
    "battery_fire": Option(
        name="battery_fire",
        summary="Whether the battery commander fires only from his place, or may also step and then fire.",
        default="in-place",
        rationale=(
            "'võib avada kohalt, või tehes käigu tule' (:43) is read as 'may open fire from his place, [that is] "
            "making a move of fire': the shot is the move. It can also be read as 'from his place, or after making "
            "a move'."
        ),
        cites=P(43),
        readings=(
            Reading("in-place", "the battery fires from where it stands; the shot is the side's move"),
            Reading("move-and-fire", "as in-place, or it steps one square (not into a fight) and then fires"),
        ),
        certainty="inferred",
    ),
    "bomb_flag": Option(
        name="bomb_flag",
        summary="Whether the aviator's bombs can destroy the enemy flag (and so win).",
        default="immune",
        rationale=(
            "Bombs destroy 'everything standing there' (:48) and the flag is not exempted there, but artillery fire "
            "and gas spare it (:45, :54) and the flag is won by going up against it (:11): by analogy the flag is "
            "immune to bombs as well."
        ),
        cites=P(11, 45, 48, 54),
        readings=(
            Reading("immune", "the flag cannot be bombed"),
            Reading("taken", "bombing the enemy flag takes it and wins"),
        ),
    ),
    "cabaret_neighbours": Option(
        name="cabaret_neighbours",
        summary="Which pieces the cabaret's ten-move rule removes.",
        default="throughout",
        rationale=(
            "Pieces 'that have stood in front of, behind or beside the cabaret during the first 10 moves' are "
            "removed because 'a long stay behind the front' ruins soldiers (:86): a long stay means standing there "
            "throughout. Read literally, standing there at any time would be enough."
        ),
        cites=P(86),
        readings=(
            Reading("throughout", "own soldiers beside the cabaret from the start to the end of the first ten moves"),
            Reading("any-time", "own soldiers that stood beside the cabaret at any time in the first ten moves"),
        ),
        certainty="inferred",
    ),
    "ten_moves": Option(
        name="ten_moves",
        summary="How 'ten moves' are counted (deserters not before 10 moves; the cabaret's first 10 moves).",
        default="own",
        rationale=(
            "Neither :82 nor :86 says whose moves count; a commander counts his own, so the claim on a deserter "
            "comes after the claimant's tenth move and the cabaret rule after its owner's tenth."
        ),
        cites=P(82, 86),
        readings=(
            Reading("own", "a side's own moves"),
            Reading("plies", "the moves of both sides together"),
        ),
    ),
    "gallop": Option(
        name="gallop",
        summary="Whether the cavalry's gallop 'in every direction' includes the diagonals.",
        default="orthogonal",
        rationale=(
            "The cavalryman 'moves quickly along any free straight line in every direction' (:38); ordinary moves "
            "are forward, back and sideways (:12) and diagonals are never mentioned, so 'every direction' is read "
            "as those four."
        ),
        cites=P(12, 38, 40),
        readings=(
            Reading("orthogonal", "forward, back and sideways, as far as the line is free"),
            Reading("eight-way", "the diagonals too"),
        ),
        certainty="inferred",
    ),
    "quiet_plies": Option(
        name="quiet_plies",
        summary=f"The referee declares a draw after this many plies with no piece lost (0: never; at most {PLY_LIMIT_MAX:,}).",
        default=200,
        rationale=(
            "The referee ends the battle without a victory when he sees that neither army can take the enemy's "
            "flag with its remaining forces (:22) and gives no test. Beside the plain case (no piece left that "
            "could ever stand before the enemy flag), a long stretch without any loss is taken as his sign that "
            "neither army can break through."
        ),
        cites=P(22),
        kind="setting",
        maximum=PLY_LIMIT_MAX,  # a quiet stretch longer than the longest game is never; and the kernel's integers are 64-bit
    ),
    "general_demotion": Option(
        name="general_demotion",
        summary="What a general rescued from the cabaret may be demoted to (:69).",
        default="private",
        rationale=(
            "'alandatakse reameheks, pioneeriks või ratsanikuks (kuid mitte lenduriks)' lists private, pioneer or "
            "cavalryman, but there is no private in the list of pieces (:24). Read as three choices, the private is "
            "a piece of its own below rank 10 (soj.private). 'reamees' can also mean 'the ranks': demoted to the "
            "ranks, i.e. pioneer or cavalryman (but not aviator), the bracket excluding the third rank-10 piece; "
            "then there is no private at all."
        ),
        cites=P(24, 69),
        readings=(
            Reading("private", "private (a piece below rank 10), pioneer or cavalryman"),
            Reading("the-ranks", "demoted to the ranks: pioneer or cavalryman only; no private piece"),
        ),
    ),
    "ply_limit": ply_limit_option(1500),
}

# -- rules ---------------------------------------------------------------------------------
RULES = [
    # components and setup
    Rule(
        id="soj.players",
        summary="Two commanders, one of the pink army and one of the light-blue, each place their pieces and move them; "
        "a referee watches the play and removes the loser of each collision (see option referee).",
        cites=P(8),
        topic="components",
    ),
    Rule(
        id="soj.army",
        summary="Each army has 36 pieces: general, lieutenant general, 2 major generals, 2 colonels, 2 tanks (major), "
        "2 captains, battery commander, 2 lieutenants, 2 junior lieutenants, 2 ensigns, cavalry ensign, "
        "2 cavalrymen, 4 pioneers, 2 aviators, poison gas, signal post (Red Cross), supply wagon, 4 mines, "
        "cabaret, spy and flag.",
        cites=P(9, 16, 24),
        topic="components",
    ),
    Rule(
        id="soj.ranks",
        summary="Ranks follow the list's numbers, 1 (general) highest to 10b (aviator) lowest; pieces 11–17 have no rank.",
        cites=P(16, 24, 50, 52),
        certainty="inferred",
        reason="The list gives 'order numbers' under the heading 'ranks' (:23, :24); the notes call the officers 'Nos. 1–8' "
        "(:58) and place the aviator and gas by those numbers (:50, :52), so the numbers are the rank order.",
        topic="combat",
    ),
    Rule(
        id="soj.lettered-ranks",
        summary="A lettered rank (6a, 9a, 10a, 10b) compares as option lettered_ranks says.",
        cites=P(24, 44, 50),
        certainty="inferred",
        reason="The text does not compare lettered ranks; see the option's rationale.",
        topic="combat",
    ),
    Rule(
        id="soj.private",
        summary="A 'private' (reamees), named only as a general's demotion at the cabaret, ranks below every ranked piece "
        "of the list (no. 11 among ranks) and has no privileges; no army starts with one (option general_demotion).",
        cites=P(69),
        certainty="inferred",
        reason="The list has no private (:24); a private is the lowest soldier, so he is placed below the lower ranks 10–10b. "
        "Option general_demotion=the-ranks reads 'reamees' not as a piece but as 'the ranks', named by the two that "
        "follow, and uses no private.",
        topic="components",
    ),
    Rule(
        id="soj.board",
        summary="The board is 9 files × 10 rows: rows 1–4 are pink's field, rows 7–10 light-blue's (36 squares each); the "
        "two middle rows hold black barbed-wire squares in three obstacles that leave three passages (see option "
        "board: six squares by default, twelve in the narrow reading).",
        cites=P(9, 10, 33, 93),
        certainty="conjecture",
        reason="The text never describes the board; L'Attaque (1909) has this size and 36 pieces a side, and six dark "
        "squares in three obstacles, though descriptions of L'Attaque disagree on where those stand (see option "
        "board for the counter-readings).",
        topic="components",
    ),
    Rule(
        id="soj.setup",
        summary="Each commander distributes his 36 pieces as he likes on all the squares of his own front, their backs "
        "(ranks) turned to the enemy.",
        cites=P(8, 10),
        topic="setup",
    ),
    Rule(
        id="soj.hidden",
        summary="A commander sees where the enemy's pieces stand but not their ranks.",
        cites=P(10, 15),
        certainty="inferred",
        reason="The pieces stand 'with their backs towards the enemy' (:10) and the referee never tells ranks (:15).",
        topic="information",
    ),
    Rule(id="soj.flag-last-line", summary="The flag is placed on the last line of its own field.", cites=P(28), topic="setup"),
    Rule(
        id="soj.flag-known",
        summary="The flag's position is known to the enemy from the start.",
        cites=P(29),
        topic="information",
    ),
    Rule(
        id="soj.mines-flag-line",
        summary="No more than two mines may stand on the line in front of the flag (see option flag_line).",
        cites=P(32),
        topic="setup",
    ),
    Rule(
        id="soj.mines-passages",
        summary="Mines may not stand in front of all three passages (see option mined_passage); 'in front of' a passage "
        "are the own front-row squares in its files.",
        cites=P(33),
        topic="setup",
    ),
    Rule(
        id="soj.signal-rows",
        summary="The signal post (Red Cross) is placed, and moves, only on the last two lines of its own field.",
        cites=P(56),
        topic="setup",
    ),
    Rule(
        id="soj.wagon-rows",
        summary="The supply wagon is placed, and moves, only on the two rearmost lines of its own field.",
        cites=P(62),
        topic="setup",
    ),
    Rule(
        id="soj.cabaret-rows",
        summary="The cabaret stands and moves only on the three last lines of its own field.",
        cites=P(65),
        topic="setup",
    ),
    Rule(
        id="soj.cabaret-flag-line",
        summary="The cabaret may never stand on the line in front of the flag, at the start or during the game.",
        cites=P(72),
        topic="setup",
    ),
    Rule(
        id="soj.ensign-last-line",
        summary="At the start the ensigns are placed on the last line.",
        cites=P(84),
        certainty="inferred",
        reason="'lipnik' (singular) is read as both ensigns of no. 9; the cavalry ensign (9a) has a name of his own.",
        topic="setup",
    ),
    # turns and movement
    Rule(
        id="soj.first-move",
        summary="Pink moves first.",
        cites=(),
        certainty="conjecture",
        reason="The text does not say who begins; pink is named first (:8).",
        topic="turn",
    ),
    Rule(
        id="soj.turns",
        summary="The commanders move in turn, one move each; taking an enemy piece gives no extra move.",
        cites=P(13),
        topic="turn",
    ),
    Rule(id="soj.step", summary="A piece moves one free square forward, back or to either side.", cites=P(12), topic="movement"),
    Rule(id="soj.immobile", summary="Mines and the flag never move.", cites=P(30, 31), topic="movement"),
    Rule(
        id="soj.gallop",
        summary="The cavalryman moves along any free straight line as far as he likes (see option gallop).",
        cites=P(38),
        topic="movement",
    ),
    Rule(
        id="soj.cavalry-ensign",
        summary="The cavalry ensign has the cavalryman's privileges: he gallops too.",
        cites=P(40),
        topic="movement",
    ),
    Rule(
        id="soj.wire",
        summary="Only tanks may enter the black barbed-wire squares; the tank moves there as elsewhere, one square.",
        cites=P(42, 93),
        topic="movement",
    ),
    # combat
    Rule(
        id="soj.attack",
        summary="A piece attacks by coming to stand directly in front of an enemy piece, face to face on adjacent squares "
        "of one file, without entering its square (see option attack).",
        cites=P(14),
        topic="combat",
    ),
    Rule(
        id="soj.referee-removes",
        summary="The referee removes the junior piece of a collision and never says which ranks met.",
        cites=P(8, 15),
        topic="information",
    ),
    Rule(
        id="soj.higher-wins",
        summary="The junior piece is removed; the senior stays where it stands.",
        cites=P(8, 15, 16),
        topic="combat",
    ),
    Rule(id="soj.tie", summary="When two pieces of equal rank collide, both are removed.", cites=P(17), topic="combat"),
    Rule(
        id="soj.flag-taken",
        summary="The flag is taken by going with a piece right up against it, onto the square in front of it.",
        cites=P(11),
        topic="combat",
    ),
    Rule(id="soj.win-flag", summary="Taking the enemy's flag wins the game.", cites=P(11), topic="victory"),
    Rule(id="soj.pioneer-mine", summary="A pioneer defeats a mine: the mine is removed.", cites=P(34, 36), topic="combat"),
    Rule(
        id="soj.mine",
        summary="Every other piece, the aviator included, perishes on contact with a mine; the mine stays.",
        cites=P(34, 31),
        topic="combat",
    ),
    Rule(
        id="soj.mine-charges",
        summary="A mine has three charges: at its third explosion it becomes harmless and is removed with its victim.",
        cites=P(35),
        topic="combat",
    ),
    Rule(
        id="soj.pioneer-promoted",
        summary="A pioneer who defeats a mine is promoted to ensign, not at once but at his side's next move.",
        cites=P(36),
        certainty="inferred",
        reason="'At the next move' is read as his own side's next move.",
        topic="special",
    ),
    Rule(
        id="soj.pioneer-keeps-skill",
        summary="A pioneer promoted to ensign keeps his skill in defeating mines (a second mine brings no second promotion).",
        cites=P(37),
        certainty="inferred",
        reason="His skill 'remains preserved' (:37); a further promotion is not mentioned, so none is given.",
        topic="combat",
    ),
    Rule(id="soj.spy-takes-general", summary="The spy takes only the general (no. 1).", cites=P(73, 74), topic="combat"),
    Rule(
        id="soj.spy-attacks-only",
        summary="Under option spy_vs_general=spy-attacks a general attacking the spy shoots him.",
        cites=P(73),
        certainty="conjecture",
        reason="The alternative reading of the spy clause, as in Stratego.",
        topic="combat",
    ),
    Rule(
        id="soj.spy-promoted",
        summary="A spy who takes the general is promoted to lieutenant at his side's next move.",
        cites=P(73),
        certainty="inferred",
        reason="'For the next move' is read as his own side's next move; as a lieutenant he has a lieutenant's grenades.",
        topic="special",
    ),
    Rule(id="soj.spy-shot", summary="Every other rank-holder shoots the spy in a collision.", cites=P(74), topic="combat"),
    Rule(
        id="soj.spy-no-flag",
        summary="The spy may not go face to face with the enemy flag (he cannot enter the square in front of it), so he "
        "cannot win the game.",
        cites=P(75),
        topic="combat",
    ),
    Rule(
        id="soj.gas-weak",
        summary="In an ordinary collision the poison gas loses to every ranked piece.",
        cites=P(52),
        certainty="inferred",
        reason="It 'is little to be feared as long as it stands and moves' and is 11th in the list, below every rank.",
        topic="combat",
    ),
    Rule(
        id="soj.rankless-meet",
        summary="When two rankless fighting pieces (gas, spy) collide, both are removed.",
        cites=P(17, 24),
        certainty="conjecture",
        reason="The text is silent; with no rank to compare they are treated as equals (:17).",
        topic="combat",
    ),
    Rule(id="soj.wagon-taken", summary="Any enemy piece but the spy takes the supply wagon.", cites=P(63), topic="combat"),
    Rule(
        id="soj.wagon-not-spy",
        summary="The spy cannot take the supply wagon: when they collide nothing happens.",
        cites=P(63),
        certainty="inferred",
        reason="'All except the spy may take the supply wagon' (:63); what the spy's attempt does is not said, so nothing.",
        topic="combat",
    ),
    Rule(
        id="soj.wagon-extra-moves",
        summary="An army that loses its supply wagon loses two moves: the enemy makes two more moves in a row, then the old "
        "order resumes.",
        cites=P(13, 64),
        topic="turn",
    ),
    Rule(
        id="soj.signal-captured",
        summary="A ranked enemy piece (1–10b) does not destroy the signal post but captures it: it is turned round and "
        "placed on the captor's last two lines, where the captor now moves it.",
        cites=P(57, 60),
        certainty="inferred",
        reason="'Placed behind the enemy's front' (:57) is read as the captor's last two lines, where it 'moves in the "
        "enemy's field as before' (:60); whether a collision it causes by moving counts the same is not said.",
        topic="special",
    ),
    Rule(
        id="soj.signal-placed",
        summary="A captured (or recaptured) signal post goes to the free square of its holder's last two lines nearest the "
        "back row's centre; if there is none it is destroyed.",
        cites=P(57, 59),
        certainty="conjecture",
        reason="'Placed behind the enemy's front' names no square.",
        topic="special",
    ),
    Rule(
        id="soj.signal-rankless",
        summary="A rankless enemy piece cannot capture the signal post: when they collide nothing happens.",
        cites=P(57),
        certainty="inferred",
        reason="Only pieces '1–10 included' capture it (:57).",
        topic="combat",
    ),
    Rule(
        id="soj.signal-spy",
        summary="The spy can neither capture nor recapture a signal post: nothing happens.",
        cites=P(57, 59),
        certainty="inferred",
        reason="The spy has no rank (:57) and is excepted from the recapture (:59).",
        topic="combat",
    ),
    Rule(
        id="soj.signal-destroyed",
        summary="Gas, bombs and artillery fire destroy the signal post.",
        cites=P(57),
        topic="special",
    ),
    Rule(
        id="soj.signal-demotion",
        summary="An army without its signal post (captured or destroyed) fights with its officers Nos. 1–8 one rank lower; "
        "a colonel lowered to the tank's rank does not get the tank's privileges, and no piece changes its "
        "privileges.",
        cites=P(58),
        certainty="inferred",
        reason="Attested for Nos. 1–8; what the battery commander (6a) falls to and whether he keeps his artillery are not "
        "said: every rank falls by one, privileges stay (as the colonel's clause implies).",
        topic="special",
    ),
    Rule(
        id="soj.signal-recapture",
        summary="A piece of the former army (not the spy) that attacks the captured signal post wins it back: it returns "
        "to its own last two lines and the officers get their ranks back.",
        cites=P(59),
        topic="special",
    ),
    Rule(
        id="soj.cabaret-nails",
        summary="An attacked cabaret is not removed: the piece that attacked it stays before it, nailed (it cannot move). "
        "A cabaret that itself comes face to face with an enemy piece nails that piece the same way, and the "
        "nailed piece's commander learns that it is the cabaret.",
        cites=P(66),
        certainty="inferred",
        reason="The attacker's fate is attested (:66); the cabaret as the mover and the revealing are not said: the "
        "cabaret's effect does not depend on who moved, and a piece held fast shows its commander what held it.",
        topic="special",
    ),
    Rule(
        id="soj.cabaret-rescue",
        summary="A higher-ranked piece of the nailed piece's army that comes beside (left or right of) the cabaret or the "
        "nailed piece leads it away; the cabaret is then removed.",
        cites=P(66, 67),
        topic="special",
    ),
    Rule(
        id="soj.cabaret-arrest",
        summary="The rescued piece is arrested: placed on the free square of its own last line nearest the centre (if "
        "there is one) and it may not move for its side's next three moves.",
        cites=P(68),
        certainty="inferred",
        reason="'The very last line of the field' is read as its own field, the square as the one nearest the centre; "
        "'the next 3 moves' as its own side's moves.",
        topic="special",
    ),
    Rule(
        id="soj.cabaret-general",
        summary="A general (any of the four) rescued from the cabaret is also demoted, at his commander's choice, to one "
        "of the ranks option general_demotion allows (a plain rescuing move demotes to the first; the moves marked "
        "rescue=… choose another).",
        cites=P(69),
        certainty="inferred",
        reason="The choice is attested; its list is not: 'private' (reamees) is not in the list of pieces (see "
        "soj.private) and may name the ranks that follow it (option general_demotion). The plain move's default "
        "is the engine's way of offering the choice.",
        topic="special",
    ),
    Rule(
        id="soj.cabaret-destroyed",
        summary="Gas, bombs and artillery fire aimed at the cabaret or at the piece nailed to it remove both.",
        cites=P(70),
        topic="special",
    ),
    Rule(
        id="soj.cabaret-moves",
        summary="The cabaret with its nailed piece may move one square on its three last lines when both have free squares to step onto.",
        cites=P(71),
        topic="movement",
    ),
    # abilities
    Rule(
        id="soj.battery-fire",
        summary="The battery commander, covered by his own pieces on the two squares directly in front of him, fires "
        "straight forward at any square holding an enemy piece, over pieces and barbed wire; a correctly named "
        "target perishes.",
        cites=P(43, 45),
        certainty="inferred",
        reason="'Two squares in front of him' is read as the two squares ahead in his file; the range and firing over "
        "pieces are not stated (his own cover stands in the line of fire, so the fire passes over pieces).",
        topic="special",
    ),
    Rule(
        id="soj.battery-name",
        summary="Firing, the battery commander must name the rank of the enemy piece on the target square.",
        cites=P(44),
        topic="special",
    ),
    Rule(
        id="soj.battery-miss",
        summary="A wrong guess does no harm to the enemy and turns the battery commander into an ordinary captain.",
        cites=P(44),
        topic="special",
    ),
    Rule(
        id="soj.battery-immune",
        summary="Mines and the flag do not suffer from artillery fire.",
        cites=P(45),
        topic="special",
    ),
    Rule(
        id="soj.battery-hidden",
        summary="The enemy does not learn from which square the battery fires (it sees only where the shot falls).",
        cites=P(46),
        topic="information",
    ),
    Rule(
        id="soj.aviator-flight",
        summary="Instead of a step the aviator may fly to any free square of either field that has two free squares in "
        "front of it (three free squares in a line).",
        cites=P(47),
        certainty="inferred",
        reason="'Peale harilikku käiku' is read as 'besides the ordinary move' (the flight a move of its own, as :49 and "
        ":50 suggest), though its grammar leans to 'after an ordinary move' (see the note to :47); 'in front' is "
        "towards the enemy; the path of the flight does not matter.",
        topic="movement",
    ),
    Rule(
        id="soj.aviator-bombs",
        summary="Having flown, the aviator bombs one of the two squares diagonally in front of him; whatever enemy piece "
        "stands there perishes, rank regardless (see option bomb_flag for the flag).",
        cites=P(48),
        certainty="inferred",
        reason="The bombs are read as part of the flight, thrown at a square holding an enemy piece (the text does not "
        "say whether an empty or own square may be bombed).",
        topic="special",
    ),
    Rule(
        id="soj.aviator-mine",
        summary="Bombs remove a mine, and the aviator perishes in the double explosion.",
        cites=P(34, 48),
        topic="special",
    ),
    Rule(
        id="soj.aviator-seen",
        summary="A flight shows the enemy that the piece that flew is an aviator.",
        cites=P(47),
        certainty="conjecture",
        reason="The text does not say; a flight across the board cannot be hidden.",
        topic="information",
    ),
    Rule(
        id="soj.aviator-return",
        summary="With his side's next move the aviator must fly back to the square he started from (the nearest free square "
        "of his own field if it is taken); the return is no attack.",
        cites=P(49),
        certainty="inferred",
        reason="The return is attested (:49); an occupied starting square is not provided for.",
        topic="movement",
    ),
    Rule(
        id="soj.gas-release",
        summary="Once in the game the poison gas may be released along a straight line forward, sideways or backward "
        "(its move): every piece on that line to the board's edge perishes, own and enemy, barbed wire "
        "notwithstanding.",
        cites=P(53, 54),
        certainty="inferred",
        reason="The line is read as running to the board's edge, and the release as the gas's move for the turn.",
        topic="special",
    ),
    Rule(id="soj.gas-spared", summary="Mines and the flag do not perish from the gas.", cites=P(54), topic="special"),
    Rule(
        id="soj.gas-mask",
        summary="The gas stops at the first junior lieutenant on its line: he and everything beyond him are untouched.",
        cites=P(76),
        topic="special",
    ),
    Rule(id="soj.gas-spent", summary="After its release the gas is removed from the game.", cites=P(55), topic="special"),
    Rule(
        id="soj.reconnaissance",
        summary="Once in the game the cavalry ensign may attack on reconnaissance: the enemy must name the attacked piece, "
        "so its rank (which is also the rank that kills the ensign, if he falls) becomes known to the ensign's "
        "commander alone.",
        cites=P(40, 41),
        certainty="inferred",
        reason="With a referee the naming is read as told to the ensign's commander only (the note does not say how the "
        "mission works with a referee); the ensign's own rank is not told to the enemy.",
        topic="special",
    ),
    Rule(
        id="soj.machine-gun",
        summary="Once in the game each captain may put his machine gun to work, in attack or defence: the enemy piece in the "
        "collision falls two ranks, the collision is decided on that rank, and a survivor gets his rank back at his "
        "side's next move.",
        cites=P(77, 78, 79),
        topic="special",
    ),
    Rule(
        id="soj.grenade",
        summary="Once in the game each lieutenant (no. 7) may use hand grenades under the same conditions; the enemy falls one rank.",
        cites=P(80),
        topic="special",
    ),
    Rule(
        id="soj.lowered",
        summary="A piece still lowered by a machine gun or grenades fights at the lowered rank until its side's next move.",
        cites=P(78),
        topic="special",
    ),
    Rule(
        id="soj.weapons-rankless",
        summary="Machine guns and grenades do not lower rankless pieces (mines, cabaret…): used against one, they are spent for nothing.",
        cites=P(77),
        certainty="conjecture",
        reason="A piece without rank has no rank to lose.",
        topic="special",
    ),
    Rule(
        id="soj.deserter",
        summary="Not before his tenth move, a commander may once claim a deserter: the enemy hands over one of his ensigns "
        "(his choice, drawn by lot in the engine), which is placed on the claimant's field (nearest the back row's "
        "centre) and promoted to captain.",
        cites=P(82),
        certainty="inferred",
        reason="The claim's timing, count and placement are not given (see option ten_moves); 'such a one' (singular) is "
        "read as one claim a game; the choice is the losing commander's ('the player's discretion'), who is not "
        "on move, so it is drawn by lot.",
        topic="special",
    ),
    Rule(
        id="soj.deserter-none",
        summary="The claim may be made whether or not the enemy still has an ensign free to hand over; if he has none, "
        "he says so, nothing is handed over, and the claim is spent.",
        cites=P(82),
        certainty="conjecture",
        reason="The note sets no condition on the claim but the tenth move ('may demand such a one'), and does not say "
        "what follows when no ensign is left; offering the claim only while one is left would tell the claimant "
        "that the enemy has none, a rank the rules never reveal.",
        topic="special",
    ),
    Rule(
        id="soj.deserter-reveals",
        summary="The deserter tells his new commander the ranks of the pieces that stood to his right and left.",
        cites=P(83),
        topic="information",
    ),
    Rule(
        id="soj.cabaret-neighbours",
        summary="At the end of the first ten moves, the cabaret owner's soldiers (ranked pieces) that stood in front of, "
        "behind or beside it are removed (see options cabaret_neighbours and ten_moves).",
        cites=P(86),
        certainty="inferred",
        reason="Own soldiers only ('a long stay behind the front ruins soldiers'); diagonals are not 'in front, behind or beside'.",
        topic="special",
    ),
    Rule(
        id="soj.rearrange",
        summary="After the loss of all four generals, at his next turn the commander may move up to four of his pieces "
        "(not the flag) to free squares of his own field with no enemy in front of them, in the enemy's sight "
        "without naming them; these do not count as moves, and the right lapses with his next ordinary move.",
        cites=P(87, 88),
        certainty="inferred",
        reason="'Immediately after the loss of the fourth' is read as the commander's next turn (the fourth usually falls "
        "in the enemy's move) and the right as used then or not at all; 'loss' (hukkumine, perishing) counts the "
        "generals removed from the board, not one demoted at the cabaret.",
        topic="special",
    ),
    Rule(
        id="soj.reinforce",
        summary="When the battery, all aviators, all pioneers or the whole cavalry (cavalrymen and cavalry ensign) are "
        "lost, the general may once place a battery commander, the lieutenant general an aviator, major general "
        "No. 1 a pioneer and No. 2 a cavalryman, on a free square of the hindmost line with one, as his side's move.",
        cites=P(89),
        certainty="inferred",
        reason="Placement, timing and 'No. 1/No. 2' are not given: the giver must be alive, the major general placed first "
        "in setup order is No. 1, the new piece stands at the back.",
        topic="special",
    ),
    Rule(
        id="soj.reinforce-seniority",
        summary="A general who brings in a new piece keeps his rank.",
        cites=P(90),
        topic="special",
    ),
    Rule(
        id="soj.beginners",
        summary="In the beginners' game (option game) the privileges of points 15–20 are not used.",
        cites=P(27),
        topic="variant",
    ),
    Rule(
        id="soj.in-turn",
        summary="Without a referee (option referee=in-turn) the players name their piece in turn, collision by collision "
        "(the attacker first), and the other removes the junior piece without revealing his own.",
        cites=P(20),
        certainty="inferred",
        reason="'kordamööda' (in turn) is read as taking turns between collisions; who starts is not said.",
        topic="information",
    ),
    Rule(
        id="soj.attacked-names",
        summary="Without a referee (option referee=attacked-names) the attacked player names his piece, so the attacker learns it.",
        cites=P(20),
        topic="information",
    ),
    Rule(
        id="soj.draw-forces",
        summary="The referee declares the battle ended without victory when neither army has a piece left that could "
        "take the enemy flag (all remaining pieces immobile, confined to the rear, nailed, or the spy).",
        cites=P(22),
        certainty="conjecture",
        reason="The text gives the referee the decision and no test; this is the case where it is certain.",
        topic="draw",
    ),
    Rule(
        id="soj.draw-quiet",
        summary="The referee also declares a draw after option quiet_plies plies without any piece lost.",
        cites=P(22),
        certainty="conjecture",
        reason="A long battle without losses is read as the referee's sign that neither side can take the flag.",
        topic="draw",
    ),
    Rule(
        id="soj.no-moves",
        summary="A side that cannot move loses.",
        cites=(),
        certainty="conjecture",
        reason="The text is silent. The convention is Stratego's (a player who cannot move loses); L'Attaque, the model "
        "of the board, is described as ending only by the capture of the flag, and the text itself ends a game by "
        "the flag (:11) or the referee's draw (:22).",
        topic="victory",
    ),
    PLY_LIMIT_RULE,
]

NOT_IMPLEMENTED = [
    NotImplemented_(
        f"{TEXT}:91",
        "Disputes are settled 'by the parliament': there is nothing to execute. The engine's options and "
        "conjectures are the project's settled answers, each named and cited.",
    ),
]

# -- pieces --------------------------------------------------------------------------------
RANKED = [
    # id, Estonian, English, count, rank label, number, letter, concept, symbol
    ("general", "Kindral", "General", 1, "1", 1, 0, "field-marshal", "1"),
    ("lieutenant_general", "Kindral leitnant", "Lieutenant general", 1, "2", 2, 0, "general", "2"),
    ("major_general", "Kindral major", "Major general", 2, "3", 3, 0, "general", "3"),
    ("colonel", "Kolonel", "Colonel", 2, "4", 4, 0, "officer", "4"),
    ("tank", "Tank (major)", "Tank (major)", 2, "5", 5, 0, "tank", "T5"),
    ("captain", "Kapten", "Captain", 2, "6", 6, 0, "officer", "6"),
    ("battery_commander", "Batarei ülem", "Battery commander", 1, "6a", 6, 1, "artillery", "6a"),
    ("lieutenant", "Leitnant", "Lieutenant", 2, "7", 7, 0, "officer", "7"),
    ("junior_lieutenant", "Noorem leitnant", "Junior lieutenant", 2, "8", 8, 0, "officer", "8"),
    ("ensign", "Lipnik", "Ensign", 2, "9", 9, 0, "officer", "9"),
    ("cavalry_ensign", "Ratsaväe lipnik", "Cavalry ensign", 1, "9a", 9, 1, "cavalry", "9a"),
    ("cavalryman", "Ratsanik", "Cavalryman", 2, "10", 10, 0, "cavalry", "10"),
    ("pioneer", "Pioneer", "Pioneer", 4, "10a", 10, 1, "sapper", "10a"),
    ("aviator", "Lendur", "Aviator", 2, "10b", 10, 2, "aviator", "10b"),
    ("private", "Reamees", "Private", 0, "11", 11, 0, "infantry", "R"),
]
RANKLESS = [
    # id, Estonian, English, count, movement, concept, symbol, cites
    ("poison_gas", "Mürkgaas", "Poison gas", 1, "step", "poison-gas", "G", P(24, 52, 53)),
    ("signal_post", "Sidepunkt (Punane rist)", "Signal post (Red Cross)", 1, "step", "signal-post", "+", P(24, 56, 57)),
    ("supply_wagon", "Moonavoor", "Supply wagon", 1, "step", "supply", "W", P(24, 62, 63)),
    ("mine", "Miin", "Mine", 4, "immobile", "mine", "M", P(24, 31, 34, 35)),
    ("cabaret", "Kabaree", "Cabaret", 1, "step", "cabaret", "K", P(24, 65, 66)),
    ("spy", "Salakuulaja", "Spy", 1, "step", "spy", "S", P(24, 73, 74, 75)),
    ("flag", "Lipp", "Flag", 1, "immobile", "flag", "F", P(11, 24, 28, 29, 30)),
]
ABILITIES = {
    "general": ("reinforce-battery", "reorganise-when-generals-lost"),
    "lieutenant_general": ("reinforce-aviator",),
    "major_general": ("reinforce-pioneer-or-cavalry",),
    "tank": ("barbed-wire",),
    "captain": ("machine-gun",),
    "battery_commander": ("artillery-fire", "hidden-position"),
    "lieutenant": ("hand-grenades",),
    "junior_lieutenant": ("gas-mask",),
    "ensign": ("deserts-to-the-enemy",),
    "cavalry_ensign": ("gallop", "reconnaissance"),
    "cavalryman": ("gallop",),
    "pioneer": ("clears-mines", "promotion"),
    "aviator": ("flight", "bombs"),
    "poison_gas": ("gas-release",),
    "signal_post": ("captured-not-destroyed", "demotes-officers-when-lost"),
    "supply_wagon": ("two-enemy-moves-when-lost",),
    "mine": ("three-charges",),
    "cabaret": ("nails-attacker",),
    "spy": ("takes-the-general", "promotion"),
    "flag": ("position-public",),
}
NOTE_CITES = {
    "tank": P(42),
    "captain": P(77),
    "battery_commander": P(43, 44),
    "lieutenant": P(80),
    "junior_lieutenant": P(76),
    "ensign": P(82, 84),
    "cavalry_ensign": P(40, 41),
    "cavalryman": P(38),
    "pioneer": P(34, 36),
    "aviator": P(47, 48, 50),
}
CONFINED = ("signal_post", "supply_wagon", "cabaret")


def level_of(number: int, letter: int, lettered: str) -> int:
    """Rank as an int, lower is higher: 3 per rank number, +1 per letter under lettered_ranks=below."""
    return 3 * number + (letter if lettered == "below" else 0)


DEMOTION_ONLY = "Named only as a demotion (:69); not in the list."
LIST_ONLY = (
    "Known from the list of pieces (:24) alone, whose rows the project rebuilt from a garbled scan: the name and "
    "place in the list are legible, the count is read from the rebuilt row, and no note of the text names the piece."
)


def pieces(lettered: str) -> tuple[PieceType, ...]:
    out = []
    for pid, et, en, n, label, number, letter, concept, symbol in RANKED:
        gallop = pid in ("cavalryman", "cavalry_ensign")
        private = pid == "private"
        out.append(
            PieceType(
                id=pid,
                name=et,
                name_en=en,
                count=n,
                rank=label,
                strength=40 - level_of(number, letter, lettered),
                movement="slide" if gallop else "step",
                cites=(P(69) if private else P(24)) + NOTE_CITES.get(pid, ()),
                certainty="inferred" if private or pid not in NOTE_CITES else "attested",
                reason=DEMOTION_ONLY if private else "" if pid in NOTE_CITES else LIST_ONLY,
                symbol=symbol,
                concept=concept,
                abilities=ABILITIES.get(pid, ()),
                names={"et": et},
                move_rule="soj.gallop" if gallop else "soj.step",
            )
        )
    for pid, et, en, n, movement, concept, symbol, cites in RANKLESS:
        out.append(
            PieceType(
                id=pid,
                name=et,
                name_en=en,
                count=n,
                rank=None,
                strength=0,
                movement=movement,
                cites=cites,
                symbol=symbol,
                concept=concept,
                abilities=ABILITIES.get(pid, ()),
                names={"et": et},
                move_rule="" if movement == "immobile" else "soj.step",
            )
        )
    return tuple(out)


RANK_IDS = [r[0] for r in RANKED]


def combat_table(spy_vs_general: str) -> CombatTable:
    general_vs_spy = (
        (DEFENDER_WINS, "soj.spy-takes-general") if spy_vs_general == "any-collision" else (ATTACKER_WINS, "soj.spy-attacks-only")
    )
    return CombatTable(
        higher_rule="soj.higher-wins",
        tie_outcome=BOTH_REMOVED,
        tie_rule="soj.tie",
        exceptions=(
            exception("*", "flag", ATTACKER_WINS, "soj.flag-taken"),
            exception("pioneer", "mine", ATTACKER_WINS, "soj.pioneer-mine"),
            exception("*", "mine", DEFENDER_WINS, "soj.mine"),
            exception("*", "cabaret", NEITHER_REMOVED, "soj.cabaret-nails"),
            exception("cabaret", "*", NEITHER_REMOVED, "soj.cabaret-nails"),
            exception("spy", "signal_post", NEITHER_REMOVED, "soj.signal-spy"),
            exception("signal_post", "spy", NEITHER_REMOVED, "soj.signal-spy"),
            exception(RANK_IDS, "signal_post", NEITHER_REMOVED, "soj.signal-captured"),
            exception("signal_post", RANK_IDS, NEITHER_REMOVED, "soj.signal-captured"),
            exception("*", "signal_post", NEITHER_REMOVED, "soj.signal-rankless"),
            exception("signal_post", "*", NEITHER_REMOVED, "soj.signal-rankless"),
            exception("spy", "supply_wagon", NEITHER_REMOVED, "soj.wagon-not-spy"),
            exception("supply_wagon", "spy", NEITHER_REMOVED, "soj.wagon-not-spy"),
            exception("*", "supply_wagon", ATTACKER_WINS, "soj.wagon-taken"),
            exception("supply_wagon", "*", DEFENDER_WINS, "soj.wagon-taken"),
            exception("spy", "general", ATTACKER_WINS, "soj.spy-takes-general"),
            exception("general", "spy", *general_vs_spy),
            exception(["poison_gas", "spy"], ["poison_gas", "spy"], BOTH_REMOVED, "soj.rankless-meet"),
            exception("spy", "*", DEFENDER_WINS, "soj.spy-shot"),
            exception("*", "spy", ATTACKER_WINS, "soj.spy-shot"),
            exception("poison_gas", "*", DEFENDER_WINS, "soj.gas-weak"),
            exception("*", "poison_gas", ATTACKER_WINS, "soj.gas-weak"),
        ),
    )


# -- the board -----------------------------------------------------------------------------
WIRE_FILES = {"cfi": (2, 5, 8), "adg": (0, 3, 6), "narrow": (0, 1, 3, 4, 6, 7)}


def make_board(layout: str) -> Board:
    files = WIRE_FILES[layout]
    terrain = {f"{FILES[c]}{r}": {"wire"} for c in files for r in (5, 6)}
    passages = _passages(files)
    text = ", ".join(f"{FILES[a]}–{FILES[b]}" for a, b in passages)
    return grid(
        9,
        10,
        4,
        terrain,
        description=(
            f"9 × 10 squares, rows 1–4 pink's field and 7–10 light-blue's (36 each); barbed wire on files "
            f"{', '.join(FILES[c] for c in files)} of rows 5–6, passages {text} (conjecture, after L'Attaque)"
        ),
    )


def _passages(wire_files: tuple[int, ...]) -> list[tuple[int, int]]:
    """The runs of wire-free files: (first, last) file numbers."""
    runs, start = [], None
    for c in range(9):
        if c not in wire_files and start is None:
            start = c
        if (c in wire_files or c == 8) and start is not None:
            runs.append((start, c - 1 if c in wire_files else c))
            start = None
    return runs


# -- per-game state ------------------------------------------------------------------------
