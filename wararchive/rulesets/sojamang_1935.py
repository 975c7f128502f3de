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
move") lives in ``game.extra["soj"]``, a :class:`State`.
"""

from __future__ import annotations

from typing import Any

from ..engine.board import DIRECTIONS, EAST, FILES, FORWARD, WEST, Board, grid
from ..engine.combat import ATTACKER_WINS, BOTH_REMOVED, DEFENDER_WINS, NEITHER_REMOVED, CombatTable, exception
from ..engine.common import PLY_LIMIT_RULE, ply_limit_option
from ..engine.game import BoardGame, Hooks, move_is_forward
from ..engine.moves import Move
from ..engine.pieces import PieceType
from ..engine.rules import NotImplemented_, Option, Reading, Rule, RuleBook, resolve_options
from ..engine.ruleset import Feature, Ruleset

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
            "9 columns × 10 rows, 36 pieces a side (4 rows × 9) and six darkened squares in the middle forming three "
            "obstacles (historical notes: V&A O26366): the 1935 game fits it exactly. Six squares in the two middle "
            "rows make three obstacles of two squares (one file, both rows); three passages between three "
            "obstacles alternate with them, so one obstacle stands at an edge: wire on files c, f and i leaves the "
            "passages a–b, d–e and g–h, each two files wide and of equal value. The mirror image is the other reading."
        ),
        cites=P(9, 10, 33, 42, 93),
        readings=(
            Reading("cfi", "wire on c5, c6, f5, f6, i5, i6: passages a–b, d–e, g–h"),
            Reading("adg", "wire on a5, a6, d5, d6, g5, g6: passages b–c, e–f, h–i"),
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
            "on the author's board, if its passages were one square wide, the two readings coincide."
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
        summary="The referee declares a draw after this many plies with no piece lost (0: never).",
        default=200,
        rationale=(
            "The referee ends the battle without a victory when he sees that neither army can take the enemy's "
            "flag with its remaining forces (:22) and gives no test. Beside the plain case (no piece left that "
            "could ever stand before the enemy flag), a long stretch without any loss is taken as his sign that "
            "neither army can break through."
        ),
        cites=P(22),
        kind="setting",
    ),
    "ply_limit": ply_limit_option(1500),
}

# -- rules ---------------------------------------------------------------------------------
RULES = [
    # components and setup
    Rule(
        "soj.players",
        "Two commanders, one of the pink army and one of the light-blue, each place their pieces and move them; "
        "a referee watches the play and removes the loser of each collision (see option referee).",
        P(8),
        topic="components",
    ),
    Rule(
        "soj.army",
        "Each army has 36 pieces: general, lieutenant general, 2 major generals, 2 colonels, 2 tanks (major), "
        "2 captains, battery commander, 2 lieutenants, 2 junior lieutenants, 2 ensigns, cavalry ensign, "
        "2 cavalrymen, 4 pioneers, 2 aviators, poison gas, signal post (Red Cross), supply wagon, 4 mines, "
        "cabaret, spy and flag.",
        P(9, 16, 24),
        topic="components",
    ),
    Rule(
        "soj.ranks",
        "Ranks follow the list's numbers, 1 (general) highest to 10b (aviator) lowest; pieces 11–17 have no rank.",
        P(16, 24, 50, 52),
        "inferred",
        "The list gives 'order numbers' under the heading 'ranks' (:23, :24); the notes call the officers 'Nos. 1–8' "
        "(:58) and place the aviator and gas by those numbers (:50, :52), so the numbers are the rank order.",
        "combat",
    ),
    Rule(
        "soj.lettered-ranks",
        "A lettered rank (6a, 9a, 10a, 10b) compares as option lettered_ranks says.",
        P(24, 44, 50),
        "inferred",
        "The text does not compare lettered ranks; see the option's rationale.",
        "combat",
    ),
    Rule(
        "soj.private",
        "A 'private' (reamees), named only as a general's demotion at the cabaret, ranks below every ranked piece "
        "of the list (no. 11 among ranks) and has no privileges; no army starts with one.",
        P(69),
        "inferred",
        "The list has no private (:24); a private is the lowest soldier, so he is placed below the lower ranks 10–10b.",
        "components",
    ),
    Rule(
        "soj.board",
        "The board is 9 files × 10 rows: rows 1–4 are pink's field, rows 7–10 light-blue's (36 squares each); the "
        "two middle rows hold six black barbed-wire squares in three obstacles that leave three passages "
        "(see option board).",
        P(9, 10, 33, 93),
        "conjecture",
        "The text never describes the board; L'Attaque (1909) has exactly this shape, 36 pieces a side and six dark "
        "squares making three obstacles (historical notes).",
        "components",
    ),
    Rule(
        "soj.setup",
        "Each commander distributes his 36 pieces as he likes on all the squares of his own front, their backs "
        "(ranks) turned to the enemy.",
        P(8, 10),
        topic="setup",
    ),
    Rule(
        "soj.hidden",
        "A commander sees where the enemy's pieces stand but not their ranks.",
        P(10, 15),
        "inferred",
        "The pieces stand 'with their backs towards the enemy' (:10) and the referee never tells ranks (:15).",
        "information",
    ),
    Rule("soj.flag-last-line", "The flag is placed on the last line of its own field.", P(28), topic="setup"),
    Rule(
        "soj.flag-known",
        "The flag's position is known to the enemy from the start.",
        P(29),
        topic="information",
    ),
    Rule(
        "soj.mines-flag-line",
        "No more than two mines may stand on the line in front of the flag (see option flag_line).",
        P(32),
        topic="setup",
    ),
    Rule(
        "soj.mines-passages",
        "Mines may not stand in front of all three passages (see option mined_passage); 'in front of' a passage "
        "are the own front-row squares in its files.",
        P(33),
        topic="setup",
    ),
    Rule(
        "soj.signal-rows",
        "The signal post (Red Cross) is placed, and moves, only on the last two lines of its own field.",
        P(56),
        topic="setup",
    ),
    Rule(
        "soj.wagon-rows",
        "The supply wagon is placed, and moves, only on the two rearmost lines of its own field.",
        P(62),
        topic="setup",
    ),
    Rule(
        "soj.cabaret-rows",
        "The cabaret stands and moves only on the three last lines of its own field.",
        P(65),
        topic="setup",
    ),
    Rule(
        "soj.cabaret-flag-line",
        "The cabaret may never stand on the line in front of the flag, at the start or during the game.",
        P(72),
        topic="setup",
    ),
    Rule(
        "soj.ensign-last-line",
        "At the start the ensigns are placed on the last line.",
        P(84),
        "inferred",
        "'lipnik' (singular) is read as both ensigns of no. 9; the cavalry ensign (9a) has a name of his own.",
        "setup",
    ),
    # turns and movement
    Rule(
        "soj.first-move",
        "Pink moves first.",
        (),
        "conjecture",
        "The text does not say who begins; pink is named first (:8).",
        "turn",
    ),
    Rule(
        "soj.turns",
        "The commanders move in turn, one move each; taking an enemy piece gives no extra move.",
        P(13),
        topic="turn",
    ),
    Rule("soj.step", "A piece moves one free square forward, back or to either side.", P(12), topic="movement"),
    Rule("soj.immobile", "Mines and the flag never move.", P(30, 31), topic="movement"),
    Rule(
        "soj.gallop",
        "The cavalryman moves along any free straight line as far as he likes (see option gallop).",
        P(38),
        topic="movement",
    ),
    Rule(
        "soj.cavalry-ensign",
        "The cavalry ensign has the cavalryman's privileges: he gallops too.",
        P(40),
        topic="movement",
    ),
    Rule(
        "soj.wire",
        "Only tanks may enter the black barbed-wire squares; the tank moves there as elsewhere, one square.",
        P(42, 93),
        topic="movement",
    ),
    # combat
    Rule(
        "soj.attack",
        "A piece attacks by coming to stand directly in front of an enemy piece, face to face on adjacent squares "
        "of one file, without entering its square (see option attack).",
        P(14),
        topic="combat",
    ),
    Rule(
        "soj.referee-removes",
        "The referee removes the junior piece of a collision and never says which ranks met.",
        P(8, 15),
        topic="information",
    ),
    Rule("soj.higher-wins", "The junior piece is removed; the senior stays where it stands.", P(8, 15, 16), topic="combat"),
    Rule("soj.tie", "When two pieces of equal rank collide, both are removed.", P(17), topic="combat"),
    Rule(
        "soj.flag-taken",
        "The flag is taken by going with a piece right up against it, onto the square in front of it.",
        P(11),
        topic="combat",
    ),
    Rule("soj.win-flag", "Taking the enemy's flag wins the game.", P(11), topic="victory"),
    Rule("soj.pioneer-mine", "A pioneer defeats a mine: the mine is removed.", P(34, 36), topic="combat"),
    Rule(
        "soj.mine",
        "Every other piece, the aviator included, perishes on contact with a mine; the mine stays.",
        P(34),
        topic="combat",
    ),
    Rule(
        "soj.mine-charges",
        "A mine has three charges: at its third explosion it becomes harmless and is removed with its victim.",
        P(35),
        topic="combat",
    ),
    Rule(
        "soj.pioneer-promoted",
        "A pioneer who defeats a mine is promoted to ensign, not at once but at his side's next move.",
        P(36),
        "inferred",
        "'At the next move' is read as his own side's next move.",
        "special",
    ),
    Rule(
        "soj.pioneer-keeps-skill",
        "A pioneer promoted to ensign keeps his skill in defeating mines (a second mine brings no second promotion).",
        P(37),
        "inferred",
        "His skill 'remains preserved' (:37); a further promotion is not mentioned, so none is given.",
        "combat",
    ),
    Rule("soj.spy-takes-general", "The spy takes only the general (no. 1).", P(73, 74), topic="combat"),
    Rule(
        "soj.spy-attacks-only",
        "Under option spy_vs_general=spy-attacks a general attacking the spy shoots him.",
        P(73),
        "conjecture",
        "The alternative reading of the spy clause, as in Stratego.",
        "combat",
    ),
    Rule(
        "soj.spy-promoted",
        "A spy who takes the general is promoted to lieutenant at his side's next move.",
        P(73),
        "inferred",
        "'For the next move' is read as his own side's next move; as a lieutenant he has a lieutenant's grenades.",
        "special",
    ),
    Rule("soj.spy-shot", "Every other rank-holder shoots the spy in a collision.", P(74), topic="combat"),
    Rule(
        "soj.spy-no-flag",
        "The spy may not go face to face with the enemy flag (he cannot enter the square in front of it), so he "
        "cannot win the game.",
        P(75),
        topic="combat",
    ),
    Rule(
        "soj.gas-weak",
        "In an ordinary collision the poison gas loses to every ranked piece.",
        P(52),
        "inferred",
        "It 'is little to be feared as long as it stands and moves' and is 11th in the list, below every rank.",
        "combat",
    ),
    Rule(
        "soj.rankless-meet",
        "When two rankless fighting pieces (gas, spy) collide, both are removed.",
        P(17, 24),
        "conjecture",
        "The text is silent; with no rank to compare they are treated as equals (:17).",
        "combat",
    ),
    Rule("soj.wagon-taken", "Any enemy piece but the spy takes the supply wagon.", P(63), topic="combat"),
    Rule(
        "soj.wagon-not-spy",
        "The spy cannot take the supply wagon: when they collide nothing happens.",
        P(63),
        "inferred",
        "'All except the spy may take the supply wagon' (:63); what the spy's attempt does is not said, so nothing.",
        "combat",
    ),
    Rule(
        "soj.wagon-extra-moves",
        "An army that loses its supply wagon loses two moves: the enemy makes two more moves in a row, then the old "
        "order resumes.",
        P(13, 64),
        topic="turn",
    ),
    Rule(
        "soj.signal-captured",
        "A ranked enemy piece (1–10b) does not destroy the signal post but captures it: it is turned round and "
        "placed on the captor's last two lines, where the captor now moves it.",
        P(57, 60),
        "inferred",
        "'Placed behind the enemy's front' (:57) is read as the captor's last two lines, where it 'moves in the "
        "enemy's field as before' (:60); whether a collision it causes by moving counts the same is not said.",
        "special",
    ),
    Rule(
        "soj.signal-placed",
        "A captured (or recaptured) signal post goes to the free square of its holder's last two lines nearest the "
        "back row's centre; if there is none it is destroyed.",
        P(57, 59),
        "conjecture",
        "'Placed behind the enemy's front' names no square.",
        "special",
    ),
    Rule(
        "soj.signal-rankless",
        "A rankless enemy piece cannot capture the signal post: when they collide nothing happens.",
        P(57),
        "inferred",
        "Only pieces '1–10 included' capture it (:57).",
        "combat",
    ),
    Rule(
        "soj.signal-spy",
        "The spy can neither capture nor recapture a signal post: nothing happens.",
        P(57, 59),
        "inferred",
        "The spy has no rank (:57) and is excepted from the recapture (:59).",
        "combat",
    ),
    Rule(
        "soj.signal-destroyed",
        "Gas, bombs and artillery fire destroy the signal post.",
        P(57),
        topic="special",
    ),
    Rule(
        "soj.signal-demotion",
        "An army without its signal post (captured or destroyed) fights with its officers Nos. 1–8 one rank lower; "
        "a colonel lowered to the tank's rank does not get the tank's privileges, and no piece changes its "
        "privileges.",
        P(58),
        "inferred",
        "Attested for Nos. 1–8; what the battery commander (6a) falls to and whether he keeps his artillery are not "
        "said: every rank falls by one, privileges stay (as the colonel's clause implies).",
        "special",
    ),
    Rule(
        "soj.signal-recapture",
        "A piece of the former army (not the spy) that attacks the captured signal post wins it back: it returns "
        "to its own last two lines and the officers get their ranks back.",
        P(59),
        topic="special",
    ),
    Rule(
        "soj.cabaret-nails",
        "An attacked cabaret is not removed: the piece that attacked it stays before it, nailed (it cannot move). "
        "A cabaret that itself comes face to face with an enemy piece nails that piece the same way, and the "
        "nailed piece's commander learns that it is the cabaret.",
        P(66),
        "inferred",
        "The attacker's fate is attested (:66); the cabaret as the mover and the revealing are not said: the "
        "cabaret's effect does not depend on who moved, and a piece held fast shows its commander what held it.",
        "special",
    ),
    Rule(
        "soj.cabaret-rescue",
        "A higher-ranked piece of the nailed piece's army that comes beside (left or right of) the cabaret or the "
        "nailed piece leads it away; the cabaret is then removed.",
        P(66, 67),
        topic="special",
    ),
    Rule(
        "soj.cabaret-arrest",
        "The rescued piece is arrested: placed on the free square of its own last line nearest the centre (if "
        "there is one) and it may not move for its side's next three moves.",
        P(68),
        "inferred",
        "'The very last line of the field' is read as its own field, the square as the one nearest the centre; "
        "'the next 3 moves' as its own side's moves.",
        "special",
    ),
    Rule(
        "soj.cabaret-general",
        "A general (any of the four) rescued from the cabaret is also demoted to private, pioneer or cavalryman at "
        "his commander's choice (a plain rescuing move demotes to private; the moves marked rescue=pioneer and "
        "rescue=cavalryman choose otherwise).",
        P(69),
        "inferred",
        "The choice is attested; 'private' (reamees) is not in the list (see soj.private), and the plain move's "
        "default is the engine's way of offering the choice.",
        "special",
    ),
    Rule(
        "soj.cabaret-destroyed",
        "Gas, bombs and artillery fire aimed at the cabaret or at the piece nailed to it remove both.",
        P(70),
        topic="special",
    ),
    Rule(
        "soj.cabaret-moves",
        "The cabaret with its nailed piece may move one square on its three last lines when both have free squares to step onto.",
        P(71),
        topic="movement",
    ),
    # abilities
    Rule(
        "soj.battery-fire",
        "The battery commander, covered by his own pieces on the two squares directly in front of him, fires "
        "straight forward at any square holding an enemy piece, over pieces and barbed wire; a correctly named "
        "target perishes.",
        P(43, 45),
        "inferred",
        "'Two squares in front of him' is read as the two squares ahead in his file; the range and firing over "
        "pieces are not stated (his own cover stands in the line of fire, so the fire passes over pieces).",
        "special",
    ),
    Rule(
        "soj.battery-name",
        "Firing, the battery commander must name the rank of the enemy piece on the target square.",
        P(44),
        topic="special",
    ),
    Rule(
        "soj.battery-miss",
        "A wrong guess does no harm to the enemy and turns the battery commander into an ordinary captain.",
        P(44),
        topic="special",
    ),
    Rule(
        "soj.battery-immune",
        "Mines and the flag do not suffer from artillery fire.",
        P(45),
        topic="special",
    ),
    Rule(
        "soj.battery-hidden",
        "The enemy does not learn from which square the battery fires (it sees only where the shot falls).",
        P(46),
        topic="information",
    ),
    Rule(
        "soj.aviator-flight",
        "Instead of a step the aviator may fly to any free square of either field that has two free squares in "
        "front of it (three free squares in a line).",
        P(47),
        "inferred",
        "'Peale harilikku käiku' is read as 'besides the ordinary move' (the flight is a move of its own); 'in front' "
        "is towards the enemy; the path of the flight does not matter.",
        "movement",
    ),
    Rule(
        "soj.aviator-bombs",
        "Having flown, the aviator bombs one of the two squares diagonally in front of him; whatever enemy piece "
        "stands there perishes, rank regardless (see option bomb_flag for the flag).",
        P(48),
        "inferred",
        "The bombs are read as part of the flight, thrown at a square holding an enemy piece (the text does not "
        "say whether an empty or own square may be bombed).",
        "special",
    ),
    Rule(
        "soj.aviator-mine",
        "Bombs remove a mine, and the aviator perishes in the double explosion.",
        P(34, 48),
        topic="special",
    ),
    Rule(
        "soj.aviator-seen",
        "A flight shows the enemy that the piece that flew is an aviator.",
        P(47),
        "conjecture",
        "The text does not say; a flight across the board cannot be hidden.",
        "information",
    ),
    Rule(
        "soj.aviator-return",
        "With his side's next move the aviator must fly back to the square he started from (the nearest free square "
        "of his own field if it is taken); the return is no attack.",
        P(49),
        "inferred",
        "The return is attested (:49); an occupied starting square is not provided for.",
        "movement",
    ),
    Rule(
        "soj.gas-release",
        "Once in the game the poison gas may be released along a straight line forward, sideways or backward "
        "(its move): every piece on that line to the board's edge perishes, own and enemy, barbed wire "
        "notwithstanding.",
        P(53, 54),
        "inferred",
        "The line is read as running to the board's edge, and the release as the gas's move for the turn.",
        "special",
    ),
    Rule("soj.gas-spared", "Mines and the flag do not perish from the gas.", P(54), topic="special"),
    Rule(
        "soj.gas-mask",
        "The gas stops at the first junior lieutenant on its line: he and everything beyond him are untouched.",
        P(76),
        topic="special",
    ),
    Rule("soj.gas-spent", "After its release the gas is removed from the game.", P(55), topic="special"),
    Rule(
        "soj.reconnaissance",
        "Once in the game the cavalry ensign may attack on reconnaissance: the enemy must name the attacked piece, "
        "so its rank (which is also the rank that kills the ensign, if he falls) becomes known to the ensign's "
        "commander alone.",
        P(40, 41),
        "inferred",
        "With a referee the naming is read as told to the ensign's commander only (the note does not say how the "
        "mission works with a referee); the ensign's own rank is not told to the enemy.",
        "special",
    ),
    Rule(
        "soj.machine-gun",
        "Once in the game each captain may put his machine gun to work, in attack or defence: the enemy piece in the "
        "collision falls two ranks, the collision is decided on that rank, and a survivor gets his rank back at his "
        "side's next move.",
        P(77, 78, 79),
        topic="special",
    ),
    Rule(
        "soj.grenade",
        "Once in the game each lieutenant (no. 7) may use hand grenades under the same conditions; the enemy falls one rank.",
        P(80),
        topic="special",
    ),
    Rule(
        "soj.lowered",
        "A piece still lowered by a machine gun or grenades fights at the lowered rank until its side's next move.",
        P(78),
        topic="special",
    ),
    Rule(
        "soj.weapons-rankless",
        "Machine guns and grenades do not lower rankless pieces (mines, cabaret…): used against one, they are spent for nothing.",
        P(77),
        "conjecture",
        "A piece without rank has no rank to lose.",
        "special",
    ),
    Rule(
        "soj.deserter",
        "Not before his tenth move, a commander may once claim a deserter: the enemy hands over one of his ensigns "
        "(his choice, drawn by lot in the engine), which is placed on the claimant's field (nearest the back row's "
        "centre) and promoted to captain.",
        P(82),
        "inferred",
        "The claim's timing, count and placement are not given (see option ten_moves); 'such a one' (singular) is "
        "read as one claim a game; the choice is the losing commander's ('the player's discretion'), who is not "
        "on move, so it is drawn by lot.",
        "special",
    ),
    Rule(
        "soj.deserter-reveals",
        "The deserter tells his new commander the ranks of the pieces that stood to his right and left.",
        P(83),
        topic="information",
    ),
    Rule(
        "soj.cabaret-neighbours",
        "At the end of the first ten moves, the cabaret owner's soldiers (ranked pieces) that stood in front of, "
        "behind or beside it are removed (see options cabaret_neighbours and ten_moves).",
        P(86),
        "inferred",
        "Own soldiers only ('a long stay behind the front ruins soldiers'); diagonals are not 'in front, behind or beside'.",
        "special",
    ),
    Rule(
        "soj.rearrange",
        "After the loss of all four generals, at his next turn the commander may move up to four of his pieces "
        "(not the flag) to free squares of his own field with no enemy in front of them, in the enemy's sight "
        "without naming them; these do not count as moves, and the right lapses with his next ordinary move.",
        P(87, 88),
        "inferred",
        "'Immediately after the loss of the fourth' is read as the commander's next turn (the fourth usually falls "
        "in the enemy's move) and the right as used then or not at all; 'loss' (hukkumine, perishing) counts the "
        "generals removed from the board, not one demoted at the cabaret.",
        "special",
    ),
    Rule(
        "soj.reinforce",
        "When the battery, all aviators, all pioneers or the whole cavalry (cavalrymen and cavalry ensign) are "
        "lost, the general may once place a battery commander, the lieutenant general an aviator, major general "
        "No. 1 a pioneer and No. 2 a cavalryman, on a free square of the hindmost line with one, as his side's move.",
        P(89),
        "inferred",
        "Placement, timing and 'No. 1/No. 2' are not given: the giver must be alive, the major general placed first "
        "in setup order is No. 1, the new piece stands at the back.",
        "special",
    ),
    Rule(
        "soj.reinforce-seniority",
        "A general who brings in a new piece keeps his rank.",
        P(90),
        topic="special",
    ),
    Rule(
        "soj.beginners",
        "In the beginners' game (option game) the privileges of points 15–20 are not used.",
        P(27),
        topic="variant",
    ),
    Rule(
        "soj.in-turn",
        "Without a referee (option referee=in-turn) the players name their piece in turn, collision by collision "
        "(the attacker first), and the other removes the junior piece without revealing his own.",
        P(20),
        "inferred",
        "'kordamööda' (in turn) is read as taking turns between collisions; who starts is not said.",
        "information",
    ),
    Rule(
        "soj.attacked-names",
        "Without a referee (option referee=attacked-names) the attacked player names his piece, so the attacker learns it.",
        P(20),
        topic="information",
    ),
    Rule(
        "soj.draw-forces",
        "The referee declares the battle ended without victory when neither army has a piece left that could "
        "take the enemy flag (all remaining pieces immobile, confined to the rear, nailed, or the spy).",
        P(22),
        "conjecture",
        "The text gives the referee the decision and no test; this is the case where it is certain.",
        "draw",
    ),
    Rule(
        "soj.draw-quiet",
        "The referee also declares a draw after option quiet_plies plies without any piece lost.",
        P(22),
        "conjecture",
        "A long battle without losses is read as the referee's sign that neither side can take the flag.",
        "draw",
    ),
    Rule(
        "soj.no-moves",
        "A side that cannot move loses.",
        (),
        "conjecture",
        "The text is silent; the other war games' convention.",
        "victory",
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


def pieces(lettered: str) -> tuple[PieceType, ...]:
    out = []
    for pid, et, en, n, label, number, letter, concept, symbol in RANKED:
        gallop = pid in ("cavalryman", "cavalry_ensign")
        private = pid == "private"
        out.append(
            PieceType(
                pid,
                et,
                en,
                n,
                label,
                40 - level_of(number, letter, lettered),
                "slide" if gallop else "step",
                (P(69) if private else P(24)) + NOTE_CITES.get(pid, ()),
                "inferred" if private else "attested",
                "Named only as a demotion (:69); not in the list." if private else "",
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
                pid,
                et,
                en,
                n,
                None,
                0,
                movement,
                cites,
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
WIRE_FILES = {"cfi": (2, 5, 8), "adg": (0, 3, 6)}


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
class State:
    """What a Sõjamäng game remembers beyond the pieces on the board."""

    def __init__(self) -> None:
        self.charges: dict[int, int] = {}  # mine uid -> charges left (3 when absent)
        self.sapper: set[int] = set()  # promoted pioneers, who keep their skill with mines
        self.pending: list[tuple[int, int, str, str]] = []  # (side, uid, new piece, rule) due at the side's next move
        self.lowered: dict[int, int] = {}  # uid -> levels lost until its side's next move (machine gun, grenades)
        self.used: set[int] = set()  # uids whose once-a-game weapon or reconnaissance is spent
        self.weapon: tuple[int, int, str] | None = None  # (uid, ranks, rule) during an armed attack
        self.recon = -1  # uid of a cavalry ensign attacking on reconnaissance
        self.no_post = [False, False]  # the side has lost its signal post
        self.post_home: dict[int, int] = {}  # signal post uid -> its own army
        self.nailed: dict[int, int] = {}  # cabaret uid -> nailed piece uid
        self.nailed_by: dict[int, int] = {}  # nailed piece uid -> cabaret uid
        self.arrest: dict[int, int] = {}  # uid -> own moves still to sit out
        self.arrest_ply: dict[int, int] = {}
        self.away: list[tuple[int, int] | None] = [None, None]  # (aviator uid, starting cell) bound to return
        self.own_moves = [0, 0]
        self.deserted = [False, False]  # the side has claimed its deserter
        self.neighbours: list[set[int]] = [set(), set()]  # uids beside the cabaret (note 18)
        self.neighbours_done = [False, False]
        self.generals: list[set[int]] = [set(), set()]  # the four generals' uids still on the board
        self.rearrange = [0, 0]  # rearrangements left this turn
        self.rearrange_due = [False, False]
        self.mg_no: dict[int, int] = {}  # major general uid -> 1 or 2
        self.reinforce_used: set[int] = set()
        self.reinforce_open: list[list[tuple[int, str]]] = [[], []]  # (general uid, piece he may place)
        self.collisions = 0
        self.n_removed = 0
        self.last_loss = 0
        self.dirty = False
        self.flag_cell = [-1, -1]
        self.rescue_choice = ""


# -- hooks ---------------------------------------------------------------------------------
class SojamangHooks(Hooks):
    """Every special ability of the notes, on the shared board-game mechanism."""

    def __init__(self, types: tuple[PieceType, ...], board: Board, options: dict[str, Any]):
        self.board = board
        self.options = options
        self.full = options["game"] == "full"
        self.T = T = {p.id: i for i, p in enumerate(types)}
        self.types = types
        self.ids = [p.id for p in types]
        self.ranked = frozenset(T[r[0]] for r in RANKED)
        self.level = [-1] * len(types)
        self.officer = [False] * len(types)
        for pid, _, _, _, _, number, letter, _, _ in RANKED:
            self.level[T[pid]] = level_of(number, letter, options["lettered_ranks"])
            self.officer[T[pid]] = number <= 8
        self.generals = frozenset(T[g] for g in ("general", "lieutenant_general", "major_general"))
        confined = {T[c] for c in CONFINED}
        self.takers = frozenset(i for i, p in enumerate(types) if p.mobile and i not in confined and p.id != "spy")
        self.names = tuple(p.id for p in types if p.id != "flag")
        abil = ["battery_commander", "aviator", "poison_gas", "cavalry_ensign", "cabaret"]
        if self.full:
            abil += ["captain", "lieutenant"]
        if options["gallop"] == "eight-way":
            abil += ["cavalryman"]
        self.abil = frozenset(T[a] for a in abil)
        self.referee = options["referee"]
        self.quiet = options["quiet_plies"]
        self.step = board.step
        n = len(board)
        w = board.width
        self.diag = []  # the four diagonal steps
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            row = []
            for c in range(n):
                r, f = divmod(c, w)
                rr, ff = r + dr, f + dc
                row.append(rr * w + ff if 0 <= rr < board.height and 0 <= ff < w else -1)
            self.diag.append(row)
        fields = set(board.home[0]) | set(board.home[1])
        # bomb_from[p][target] -> (landing, front1, front2): where an aviator of p lands to bomb target
        self.bomb_from: tuple[list[list[tuple[int, int, int]]], list[list[tuple[int, int, int]]]] = ([], [])
        for p in (0, 1):
            fwd = board.step[FORWARD[p]]
            table: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
            for land in fields:
                f1 = fwd[land]
                f2 = fwd[f1] if f1 >= 0 else -1
                if f2 < 0:
                    continue
                for side in (EAST, WEST):
                    t = board.step[side][f1]
                    if t >= 0:
                        table[t].append((land, f1, f2))
            self.bomb_from[p].extend(table)
        # cells of each side's field from the back row's centre outwards (placements)
        self.back_order = tuple(
            sorted(board.home[p], key=lambda c, p=p: (board.row_from_back(c, p), abs(board.col(c) - w // 2), board.col(c)))
            for p in (0, 1)
        )
        wire = WIRE_FILES[options["board"]]
        self.passages = [
            [
                tuple(c for c in board.home[p] if board.row_from_back(c, p) == 3 and a <= board.col(c) <= b)
                for a, b in _passages(wire)
            ]
            for p in (0, 1)
        ]

    # -- helpers --------------------------------------------------------------------------------
    def _cell_of(self, game: BoardGame, u: int) -> int:
        o = game.uid_owner.get(u, -1)
        if o < 0:
            return -1
        uid = game.uid
        for c in game.positions[o]:
            if uid[c] == u:
                return c
        return -1

    def _flag_line(self, game: BoardGame, player: int, flag: int) -> set[int]:
        b = self.board
        if flag < 0:
            return set()
        if self.options["flag_line"] == "row":
            return {c for c in b.home[player] if b.row_from_back(c, player) == 1}
        return {c for c in b.home[player] if b.col(c) == b.col(flag) and c != flag}

    def _free_back(self, game: BoardGame, player: int, rows: tuple[int, ...] | None = None) -> int:
        """The first free square of ``player``'s field from the back row's centre (within ``rows``), or -1."""
        owner, b = game.owner, self.board
        for c in self.back_order[player]:
            if owner[c] < 0 and (rows is None or b.row_from_back(c, player) in rows):
                return c
        return -1

    def _lvl(self, game: BoardGame, st: State, c: int) -> int:
        t = game.kind[c]
        v = self.level[t]
        if self.officer[t] and st.no_post[game.owner[c]]:
            v += 3
        return v + st.lowered.get(game.uid[c], 0) if st.lowered else v

    def _attacks(self, game: BoardGame, frm: int, to: int, p: int) -> int:
        """The enemy cell a move from ``frm`` to ``to`` would attack, or -1."""
        front = self.step[FORWARD[p]][to]
        if front < 0 or game.owner[front] != 1 - p:
            return -1
        if game.strike != "any" and not move_is_forward(self.board, frm, to, p):
            return -1
        return front

    def _counted(self, game: BoardGame, st: State, p: int) -> int:
        return st.own_moves[p] if self.options["ten_moves"] == "own" else game.ply

    def kill(self, game: BoardGame, cell: int) -> list[list]:
        """Remove the piece on ``cell`` by gas, bombs, fire or rule, with what goes with it; returns pieces lost."""
        st: State = game.extra["soj"]
        u = game.uid[cell]
        cells = [cell]
        if u in st.nailed_by:  # a nailed piece hit: the cabaret goes too (:70)
            cells.append(self._cell_of(game, st.nailed_by[u]))
        elif u in st.nailed:
            cells.append(self._cell_of(game, st.nailed[u]))
        lost = []
        for c in cells:
            if c < 0 or game.owner[c] < 0:
                continue
            cu, t, o = game.uid[c], game.kind[c], game.owner[c]
            lost.append([cu, self.ids[t], SIDES[o]])
            game.remove(c)
            game.frozen.discard(cu)
            st.arrest.pop(cu, None)
            if cu in st.nailed:
                st.nailed_by.pop(st.nailed.pop(cu), None)
            if cu in st.nailed_by:
                st.nailed.pop(st.nailed_by.pop(cu), None)
            pid = self.ids[t]
            if pid == "signal_post":
                home = st.post_home.get(cu, o)
                st.no_post[home] = True
                # its own army learns it (its officers fall a rank); the enemy is not told what he destroyed
                game.event("signal-post", "soj.signal-destroyed", to=[SIDES[home]], cells=[game.board.names[c]])
            elif pid == "supply_wagon":
                game.bonus_plies[1 - o] += 2
                game.event("extra-moves", "soj.wagon-extra-moves", side=SIDES[1 - o], moves=2)
            elif pid == "flag":
                game.finish(1 - o, "soj.win-flag")
        st.dirty = True
        return lost

    # -- setup ----------------------------------------------------------------------------------
    def setup_errors(self, game: BoardGame, player: int, placement: dict[int, str]) -> list[str]:
        errors = []
        flag = next((c for c, pid in placement.items() if pid == "flag"), -1)
        line = self._flag_line(game, player, flag)
        if sum(1 for c in line if placement.get(c) == "mine") > 2:
            errors.append(f"more than 2 mines on the line in front of the flag ({game.rs.rule('soj.mines-flag-line').summary})")
        if any(placement.get(c) == "cabaret" for c in line):
            errors.append(
                f"the cabaret stands on the line in front of the flag ({game.rs.rule('soj.cabaret-flag-line').summary})"
            )
        test = any if self.options["mined_passage"] == "any" else all
        if all(test(placement.get(c) == "mine" for c in cells) for cells in self.passages[player]):
            errors.append(f"mines in front of all three passages ({game.rs.rule('soj.mines-passages').summary})")
        return errors

    def begin(self, game: BoardGame) -> None:
        st = State()
        game.extra["soj"] = st
        T, kind, uid = self.T, game.kind, game.uid
        for s in (0, 1):
            for c in game.positions[s]:
                t = kind[c]
                if t == T["flag"]:
                    st.flag_cell[s] = c
                    game.known[1 - s].add(uid[c])  # :29
                elif t == T["signal_post"]:
                    st.post_home[uid[c]] = s
                elif t in self.generals:
                    st.generals[s].add(uid[c])
            mgs = sorted(uid[c] for c in game.positions[s] if kind[c] == T["major_general"])
            for i, u in enumerate(mgs[:2]):
                st.mg_no[u] = i + 1
        for s in (0, 1):
            flag = st.flag_cell[s]
            if flag < 0:
                continue
            front = self.step[FORWARD[s]][flag]
            if front >= 0:  # :75 — the enemy spy may not stand face to face with this flag
                row = bytearray(game.enter_by[1 - s][T["spy"]])
                row[front] = 0
                game.enter_by[1 - s][T["spy"]] = row
            line = self._flag_line(game, s, flag)  # :72 — nor may the cabaret stand on the line before it
            row = bytearray(game.enter_by[s][T["cabaret"]])
            for c in line:
                row[c] = 0
            game.enter_by[s][T["cabaret"]] = row
        if self.full:
            for s in (0, 1):
                st.neighbours[s] = self._beside_cabaret(game, s)
        self._census(game, st, draws=False)

    # -- move generation ------------------------------------------------------------------------
    def forced_moves(self, game: BoardGame, player: int) -> list[Move] | None:
        st: State = game.extra["soj"]
        away = st.away[player]
        if away is None:
            return None
        u, home = away
        cell = self._cell_of(game, u)
        dest = home if game.owner[home] < 0 else -1
        if dest < 0 and cell >= 0:  # the nearest free square of his own field
            b = self.board
            r0, c0 = b.row(home), b.col(home)
            free = [c for c in b.home[player] if game.owner[c] < 0]
            dest = min(free, key=lambda c: (abs(b.row(c) - r0) + abs(b.col(c) - c0), c), default=-1)
        if cell < 0 or dest < 0:
            st.away[player] = None
            return None
        return [Move(cell, dest, "return")]

    def extra_moves(self, game: BoardGame, player: int) -> list[Move]:
        st: State = game.extra["soj"]
        p = player
        out: list[Move] = []
        kind, uid, frozen, abil, T = game.kind, game.uid, game.frozen, self.abil, self.T
        aviators = []
        for c in game.positions[p]:
            t = kind[c]
            if t not in abil:
                continue
            u = uid[c]
            if u in frozen:
                if u in st.nailed:
                    self._cabaret_moves(game, st, c, p, out)
                continue
            if t == T["battery_commander"]:
                self._fire_moves(game, st, c, p, out)
            elif t == T["aviator"]:
                aviators.append(c)
            elif t == T["poison_gas"]:
                out.extend(Move(c, c, "gas", x) for x in (self.step[d][c] for d in DIRECTIONS) if x >= 0)
            elif t == T["cavalry_ensign"]:
                if self.options["gallop"] == "eight-way":
                    self._diagonal_moves(game, c, p, out)
                if u not in st.used:
                    self._armed_moves(game, c, p, "recon", out)
            elif t == T["cavalryman"]:
                self._diagonal_moves(game, c, p, out)
            elif t == T["cabaret"]:
                continue
            elif u not in st.used:  # captain, lieutenant (full game)
                self._armed_moves(game, c, p, "mg" if t == T["captain"] else "grenade", out)
        if aviators:
            self._flights(game, st, p, aviators, out)
        if self.full:
            if st.rearrange[p]:
                self._rearrangements(game, p, out)
            if st.reinforce_open[p]:
                self._reinforcements(game, st, p, out)
            if not st.deserted[p] and self._counted(game, st, p) >= 10:
                place = self._free_back(game, p)
                if place >= 0 and any(kind[c] == T["ensign"] and uid[c] not in frozen for c in game.positions[1 - p]):
                    out.append(Move(place, place, "desert"))
        if st.nailed_by:
            self._rescue_moves(game, st, p, out)
        return out

    def _slide_cells(self, game: BoardGame, c: int, p: int, lines: list[list[int]]):
        """(direction table, cell) for every free cell the piece on ``c`` reaches along ``lines``."""
        ok = game.enter_by[p][game.kind[c]]
        owner = game.owner
        slide = self.types[game.kind[c]].movement == "slide"
        for nxt in lines:
            x = nxt[c]
            while x >= 0 and ok[x] and owner[x] < 0:
                yield x
                if not slide:
                    break
                x = nxt[x]

    def _diagonal_moves(self, game: BoardGame, c: int, p: int, out: list[Move]) -> None:
        out.extend(Move(c, x) for x in self._slide_cells(game, c, p, self.diag))

    def _armed_moves(self, game: BoardGame, c: int, p: int, action: str, out: list[Move]) -> None:
        """The attacking moves of the piece on ``c``, as ``action`` (hot: inlined, no generator)."""
        lines = self.step + self.diag if action == "recon" and self.options["gallop"] == "eight-way" else self.step
        owner, t, e = game.owner, game.kind[c], 1 - p
        ok, fwd = game.enter_by[p][t], self.step[FORWARD[p]]
        slide, any_move = self.types[t].movement == "slide", game.strike == "any"
        for nxt in lines:
            x = nxt[c]
            while x >= 0 and ok[x] and owner[x] < 0:
                front = fwd[x]
                if front >= 0 and owner[front] == e and (any_move or move_is_forward(self.board, c, x, p)):
                    out.append(Move(c, x, action, front))
                if not slide:
                    break
                x = nxt[x]

    def _fire_moves(self, game: BoardGame, st: State, c: int, p: int, out: list[Move]) -> None:
        starts = [c]
        if self.options["battery_fire"] == "move-and-fire":
            starts += [x for x in self._slide_cells(game, c, p, self.step) if self._attacks(game, c, x, p) < 0]
        fwd, owner = self.step[FORWARD[p]], game.owner
        for b in starts:
            f1 = fwd[b]
            if f1 < 0 or owner[f1] != p or f1 == c:
                continue
            f2 = fwd[f1]
            if f2 < 0 or owner[f2] != p or f2 == c:
                continue
            x = fwd[f2]
            while x >= 0:
                if owner[x] == 1 - p and x != st.flag_cell[1 - p]:
                    out.extend(Move(c, b, "fire", x, name) for name in self.names)
                x = fwd[x]

    def _flights(self, game: BoardGame, st: State, p: int, aviators: list[int], out: list[Move]) -> None:
        owner = game.owner
        table = self.bomb_from[p]
        skip = st.flag_cell[1 - p] if self.options["bomb_flag"] == "immune" else -2
        lands = []
        for t in game.positions[1 - p]:
            if t == skip:
                continue
            for land, f1, f2 in table[t]:
                if owner[land] < 0 and owner[f1] < 0 and owner[f2] < 0:
                    lands.append((land, t))
        for a in aviators:
            out.extend(Move(a, land, "fly", t) for land, t in lands)

    def _cabaret_moves(self, game: BoardGame, st: State, cb: int, p: int, out: list[Move]) -> None:
        nl = self._cell_of(game, st.nailed[game.uid[cb]])
        if nl < 0:
            return
        owner, ok_c = game.owner, game.enter_by[p][game.kind[cb]]
        ok_n = game.enter_by[1 - p][game.kind[nl]]
        for nxt in self.step:
            cb2, nl2 = nxt[cb], nxt[nl]
            if cb2 < 0 or nl2 < 0 or not ok_c[cb2] or not ok_n[nl2]:
                continue
            if (owner[cb2] < 0 or cb2 == nl) and (owner[nl2] < 0 or nl2 == cb):
                out.append(Move(cb, cb2, "cabaret", nl))

    def _rescue_moves(self, game: BoardGame, st: State, p: int, out: list[Move]) -> None:
        """Rescuing a nailed general may demote him to pioneer or cavalryman instead of private (:69)."""
        for nu, cu in st.nailed_by.items():
            if game.uid_owner.get(nu) != p:
                continue
            nl, cb = self._cell_of(game, nu), self._cell_of(game, cu)
            if nl < 0 or cb < 0 or game.kind[nl] not in self.generals:
                continue
            for x in self._rescue_cells(nl, cb):
                if game.owner[x] >= 0:
                    continue
                for nxt in self.step:  # look from x for a piece that can come to it along this line
                    path, y = [], nxt[x]
                    while y >= 0 and game.owner[y] < 0:
                        path.append(y)
                        y = nxt[y]
                    if y < 0 or game.owner[y] != p or game.uid[y] in game.frozen:
                        continue
                    t = game.kind[y]
                    if t not in self.ranked or (path and self.types[t].movement != "slide"):
                        continue
                    ok = game.enter_by[p][t]
                    if not ok[x] or not all(ok[z] for z in path) or self._lvl(game, st, y) >= self._lvl(game, st, nl):
                        continue
                    out.extend(Move(y, x, "rescue", nl, choice) for choice in ("pioneer", "cavalryman"))

    def _rescue_cells(self, nl: int, cb: int) -> list[int]:
        return [x for c in (nl, cb) for x in (self.step[EAST][c], self.step[WEST][c]) if x >= 0]

    def _rearrangements(self, game: BoardGame, p: int, out: list[Move]) -> None:
        owner, T, fwd = game.owner, self.T, self.step[FORWARD[p]]
        targets = [c for c in self.board.home[p] if owner[c] < 0 and (fwd[c] < 0 or owner[fwd[c]] != 1 - p)]
        for c in game.positions[p]:
            t = game.kind[c]
            if t == T["flag"] or game.uid[c] in game.frozen:
                continue
            ok = game.enter_by[p][t]
            out.extend(Move(c, x, "rearrange") for x in targets if ok[x])

    def _reinforcements(self, game: BoardGame, st: State, p: int, out: list[Move]) -> None:
        b, owner = self.board, game.owner
        free = []
        for r in range(4):
            free = [c for c in self.back_order[p] if owner[c] < 0 and b.row_from_back(c, p) == r]
            if free:
                break
        for gu, pid in st.reinforce_open[p]:
            g = self._cell_of(game, gu)
            if g >= 0:
                ok = game.enter_by[p][self.T[pid]]
                out.extend(Move(x, x, "reinforce", g, pid) for x in free if ok[x])

    # -- carrying out abilities -----------------------------------------------------------------
    def perform(self, game: BoardGame, move: Move, player: int) -> None:
        getattr(self, "_do_" + move.action)(game, move, player)

    def _plain(self, game: BoardGame, c: int, x: int, p: int) -> None:
        """A step or gallop as the engine makes it: move, then fight whatever then stands in front."""
        game.relocate(c, x)
        front = self._attacks(game, c, x, p)
        if front >= 0:
            game.collide(x, front, p, displace=False)

    def _do_fire(self, game: BoardGame, move: Move, p: int) -> None:
        st: State = game.extra["soj"]
        names = game.board.names
        b = move.to
        if b != move.frm:
            game.relocate(move.frm, b)
        x, u = move.target, game.uid[b]
        actual = self.ids[game.kind[x]]
        game.event("fire-order", "soj.battery-hidden", to=[SIDES[p]], cells=[names[b], names[x]], named=move.arg)
        if actual != move.arg:
            game.event("fire", "soj.battery-miss", target=names[x], hit=False)
            game.transform(b, "captain")
            game.event("demotion", "soj.battery-miss", to=[SIDES[p]], pieces=[[u, "captain", SIDES[p]]])
            st.dirty = True
        elif actual in ("mine", "flag"):
            game.event("fire", "soj.battery-immune", target=names[x], hit=False)
        else:
            game.known[p].add(game.uid[x])
            lost = self.kill(game, x)
            rule = "soj.cabaret-destroyed" if len(lost) > 1 else "soj.battery-fire"
            game.event("fire", rule, target=names[x], hit=True, pieces=lost)

    def _do_fly(self, game: BoardGame, move: Move, p: int) -> None:
        st: State = game.extra["soj"]
        names = game.board.names
        a, land, t = move.frm, move.to, move.target
        u = game.uid[a]
        game.relocate(a, land)
        st.away[p] = (u, a)
        game.known[1 - p].add(u)
        game.event("flight", "soj.aviator-seen", cells=[names[a], names[land]], pieces=[[u, "aviator", SIDES[p]]])
        if self.ids[game.kind[t]] == "mine":
            game.known[p].add(game.uid[t])
            lost = [[game.uid[t], "mine", SIDES[1 - p]], [u, "aviator", SIDES[p]]]
            game.remove(t)
            game.remove(land)
            st.away[p] = None
            st.dirty = True
            game.event("bombs", "soj.aviator-mine", cells=[names[land], names[t]], pieces=lost)
            return
        lost = self.kill(game, t)
        rule = "soj.cabaret-destroyed" if len(lost) > 1 else "soj.aviator-bombs"
        game.event("bombs", rule, cells=[names[land], names[t]], pieces=lost)

    def _do_return(self, game: BoardGame, move: Move, p: int) -> None:
        st: State = game.extra["soj"]
        game.relocate(move.frm, move.to)
        st.away[p] = None
        game.event("return", "soj.aviator-return", cells=[game.board.names[move.frm], game.board.names[move.to]])

    def _do_gas(self, game: BoardGame, move: Move, p: int) -> None:
        names = game.board.names
        c = move.frm
        nxt = next(s for s in self.step if s[c] == move.target)
        u = game.uid[c]
        game.known[1 - p].add(u)  # the cloud shows where the gas was
        lost: list[list] = []
        line = []
        x = move.target
        T = self.T
        while x >= 0:
            line.append(names[x])
            if game.owner[x] >= 0:
                t = game.kind[x]
                if t == T["junior_lieutenant"]:
                    break  # :76
                if t != T["mine"] and t != T["flag"]:
                    lost += self.kill(game, x)
            x = nxt[x]
        game.remove(c)
        game.event("gas", "soj.gas-release", cells=[names[c], *line], pieces=[[u, "poison_gas", SIDES[p]], *lost])
        game.event("gas-spent", "soj.gas-spent", cells=[names[c]])
        game.extra["soj"].dirty = True

    def _armed(self, game: BoardGame, move: Move, p: int, rule: str, ranks: int) -> None:
        st: State = game.extra["soj"]
        u = game.uid[move.frm]
        st.used.add(u)
        st.weapon = (u, ranks, rule)
        game.event("weapon", rule, to=[SIDES[p]], cells=[game.board.names[move.to]])
        try:
            self._plain(game, move.frm, move.to, p)
        finally:
            st.weapon = None

    def _do_mg(self, game: BoardGame, move: Move, p: int) -> None:
        self._armed(game, move, p, "soj.machine-gun", 2)

    def _do_grenade(self, game: BoardGame, move: Move, p: int) -> None:
        self._armed(game, move, p, "soj.grenade", 1)

    def _do_recon(self, game: BoardGame, move: Move, p: int) -> None:
        st: State = game.extra["soj"]
        u = game.uid[move.frm]
        st.used.add(u)
        st.recon = u
        try:
            self._plain(game, move.frm, move.to, p)
        finally:
            st.recon = -1

    def _do_rescue(self, game: BoardGame, move: Move, p: int) -> None:
        st: State = game.extra["soj"]
        st.rescue_choice = move.arg
        self._plain(game, move.frm, move.to, p)

    def _do_cabaret(self, game: BoardGame, move: Move, p: int) -> None:
        cb, cb2, nl = move.frm, move.to, move.target
        nxt = next(s for s in self.step if s[cb] == cb2)
        nl2 = nxt[nl]
        if cb2 == nl:
            game.relocate(nl, nl2)
            game.relocate(cb, cb2)
        else:
            game.relocate(cb, cb2)
            game.relocate(nl, nl2)
        names = game.board.names
        game.event("cabaret-move", "soj.cabaret-moves", cells=[names[cb], names[cb2], names[nl], names[nl2]])

    def _do_desert(self, game: BoardGame, move: Move, p: int) -> None:
        st: State = game.extra["soj"]
        names, e = game.board.names, 1 - p
        ensigns = sorted(c for c in game.positions[e] if game.kind[c] == self.T["ensign"] and game.uid[c] not in game.frozen)
        old = game.rs.rng(game.seed, f"deserter:{game.ply}").choice(ensigns)
        told = []
        for side in (EAST, WEST):  # :83 — who stood to his right and left
            x = self.step[side][old]
            if x >= 0 and game.owner[x] == e:
                game.known[p].add(game.uid[x])
                told.append([game.uid[x], self.ids[game.kind[x]], SIDES[e]])
        u = game.uid[old]
        game.transfer(old, move.to, p)
        game.transform(move.to, "captain", public=True)
        st.deserted[p] = True
        st.dirty = True
        game.event("desertion", "soj.deserter", cells=[names[old], names[move.to]], pieces=[[u, "captain", SIDES[p]]])
        if told:
            game.event("report", "soj.deserter-reveals", to=[SIDES[p]], pieces=told)

    def _do_rearrange(self, game: BoardGame, move: Move, p: int) -> None:
        st: State = game.extra["soj"]
        game.relocate(move.frm, move.to)
        st.rearrange[p] -= 1
        game.bonus_plies[p] += 1  # :88 — not counted among the moves
        names = game.board.names
        game.event("rearrange", "soj.rearrange", cells=[names[move.frm], names[move.to]])

    def _do_reinforce(self, game: BoardGame, move: Move, p: int) -> None:
        st: State = game.extra["soj"]
        gu = game.uid[move.target]
        new = game.add_piece(move.to, p, move.arg)
        st.reinforce_used.add(gu)
        st.reinforce_open[p] = [(g, pid) for g, pid in st.reinforce_open[p] if g != gu]
        st.dirty = True
        game.event("reinforcement", "soj.reinforce", cells=[game.board.names[move.to]], pieces=[[new, move.arg, SIDES[p]]])

    # -- combat ---------------------------------------------------------------------------------
    def resolve(self, game: BoardGame, att: int, dfn: int, outcome: str, rule: str) -> tuple[str, str]:
        st: State = game.extra["soj"]
        kind, uid = game.kind, game.uid
        a_t, d_t = kind[att], kind[dfn]
        T = self.T
        if d_t == T["mine"]:
            if outcome == DEFENDER_WINS:
                if uid[att] in st.sapper:
                    return ATTACKER_WINS, "soj.pioneer-keeps-skill"
                left = st.charges.get(uid[dfn], 3) - 1
                st.charges[uid[dfn]] = left
                if left <= 0:
                    return BOTH_REMOVED, "soj.mine-charges"
            return outcome, rule
        if rule == "soj.signal-captured" or rule == "soj.signal-rankless":
            post, other = (dfn, att) if d_t == T["signal_post"] else (att, dfn)
            if game.owner[other] == st.post_home.get(uid[post], game.owner[post]):
                return NEITHER_REMOVED, "soj.signal-recapture"
            return outcome, rule
        ranked = self.ranked
        if a_t not in ranked or d_t not in ranked:
            return outcome, rule
        la, ld = self._lvl(game, st, att), self._lvl(game, st, dfn)
        w = st.weapon
        if w is not None and w[0] == uid[att]:
            out = _compare(la, ld + 3 * w[1])
            if out == DEFENDER_WINS:
                st.lowered[uid[dfn]] = 3 * w[1]  # :78 — until its next move
            return out, w[2]
        if self.full and (d_t == T["captain"] or d_t == T["lieutenant"]) and uid[dfn] not in st.used:
            ranks = 2 if d_t == T["captain"] else 1
            base, armed = _compare(la, ld), _compare(la + 3 * ranks, ld)
            if self.options["defence_weapons"] == "first-attack" or _BETTER[armed] > _BETTER[base]:
                st.used.add(uid[dfn])
                if armed == ATTACKER_WINS:
                    st.lowered[uid[att]] = 3 * ranks
                return armed, "soj.machine-gun" if ranks == 2 else "soj.grenade"
        if st.no_post[0] or st.no_post[1] or st.lowered:
            out = _compare(la, ld)
            if out != outcome:
                plain_a, plain_d = self.level[a_t], self.level[d_t]
                lowered = uid[att] in st.lowered or uid[dfn] in st.lowered
                return out, "soj.lowered" if lowered and _compare(plain_a, plain_d) == outcome else "soj.signal-demotion"
        return outcome, rule

    def after_combat(self, game: BoardGame, att: int, dfn: int, player: int, event: dict[str, Any]) -> None:
        st: State = game.extra["soj"]
        (a_u, _, _), (d_u, _, _) = event["pieces"][0], event["pieces"][1]
        p, rule = player, event["rule"]
        if self.referee == "attacked-names":
            game.known[p].add(d_u)
        elif self.referee == "in-turn":
            st.collisions += 1
            namer = a_u if st.collisions % 2 else d_u
            game.known[p if namer == d_u else 1 - p].add(namer)
        if st.recon == a_u:
            game.known[p].add(d_u)
            piece = event["pieces"][1][1]
            game.event("reconnaissance", "soj.reconnaissance", to=[SIDES[p]], pieces=[[d_u, piece, SIDES[1 - p]]])
        T, names = self.T, game.board.names
        if rule == "soj.cabaret-nails":
            cb, other = (att, dfn) if game.kind[att] == T["cabaret"] else (dfn, att)
            cu, ou = game.uid[cb], game.uid[other]
            st.nailed[cu], st.nailed_by[ou] = ou, cu
            game.frozen.update((cu, ou))
            game.known[game.owner[other]].add(cu)
            game.event("nailed", "soj.cabaret-nails", cells=[names[other], names[cb]])
        elif rule == "soj.signal-captured" or rule == "soj.signal-recapture":
            post, other = (dfn, att) if game.kind[dfn] == T["signal_post"] else (att, dfn)
            holder = game.owner[other]
            home = st.post_home.get(game.uid[post], game.owner[post])
            to = self._free_back(game, holder, (0, 1))
            if to < 0:
                self.kill(game, post)
                return
            frm = names[post]
            game.transfer(post, to, holder)
            st.no_post[home] = holder != home
            st.dirty = True
            game.event("signal-post", rule, cells=[frm, names[to]], side=SIDES[holder])
        elif rule == "soj.wagon-taken":
            wagon_side = next(SIDES.index(s) for _, pid, s in event["pieces"] if pid == "supply_wagon")
            wagon_uid = next(u for u, pid, _ in event["pieces"] if pid == "supply_wagon")
            game.known[1 - wagon_side].add(wagon_uid)
            game.bonus_plies[1 - wagon_side] += 2
            game.event("extra-moves", "soj.wagon-extra-moves", side=SIDES[1 - wagon_side], moves=2)
        elif rule == "soj.pioneer-mine":
            st.pending.append((p, a_u, "ensign", "soj.pioneer-promoted"))
        elif rule == "soj.spy-takes-general":
            spy = a_u if event["pieces"][0][1] == "spy" else d_u
            st.pending.append((game.uid_owner[spy], spy, "lieutenant", "soj.spy-promoted"))

    # -- turns ------------------------------------------------------------------------------------
    def turn_start(self, game: BoardGame, player: int) -> None:
        st: State = game.extra["soj"]
        if st.pending:
            due = [x for x in st.pending if x[0] == player]
            st.pending = [x for x in st.pending if x[0] != player]
            for _, u, pid, rule in due:
                c = self._cell_of(game, u)
                if c < 0 or game.owner[c] != player:
                    continue
                if pid == "ensign":
                    st.sapper.add(u)
                game.transform(c, pid)
                st.dirty = True
                game.event("promotion", rule, to=[SIDES[player]], pieces=[[u, pid, SIDES[player]]])
        if st.lowered:
            for u in [u for u in st.lowered if game.uid_owner.get(u) == player]:
                del st.lowered[u]
        if st.rearrange_due[player]:
            st.rearrange_due[player] = False
            st.rearrange[player] = 4

    def after_move(self, game: BoardGame, move: Move, player: int) -> None:
        st: State = game.extra["soj"]
        if move.action != "rearrange":
            st.own_moves[player] += 1
            st.rearrange[player] = 0
        if st.arrest:
            for u in list(st.arrest):
                if game.uid_owner.get(u) == player and st.arrest_ply[u] != game.ply:
                    st.arrest[u] -= 1
                    if st.arrest[u] <= 0:
                        del st.arrest[u]
                        game.frozen.discard(u)
        if st.nailed_by and move.action in ("", "rescue") and game.owner[move.to] == player:
            self._rescue(game, st, move.to, player)
        if self.full and not (st.neighbours_done[0] and st.neighbours_done[1]):
            self._cabaret_neighbours(game, st)
        if game.result is None and (st.dirty or len(game.removed) != st.n_removed):
            self._census(game, st)
        if game.result is None and self.quiet and game.ply - st.last_loss >= self.quiet:
            game.finish(None, "soj.draw-quiet")

    def _rescue(self, game: BoardGame, st: State, x: int, p: int) -> None:
        for nu, cu in list(st.nailed_by.items()):
            if game.uid_owner.get(nu) != p:
                continue
            nl, cb = self._cell_of(game, nu), self._cell_of(game, cu)
            if nl < 0 or cb < 0 or x not in self._rescue_cells(nl, cb):
                continue
            if game.kind[x] not in self.ranked or self._lvl(game, st, x) >= (
                self._lvl(game, st, nl) if game.kind[nl] in self.ranked else 99
            ):
                continue
            names = game.board.names
            del st.nailed_by[nu], st.nailed[cu]
            game.frozen.discard(cu)
            lost = [[cu, "cabaret", SIDES[game.owner[cb]]]]
            game.remove(cb)
            game.event("rescue", "soj.cabaret-rescue", cells=[names[x], names[nl], names[cb]], pieces=lost)
            if game.kind[nl] in self.generals:
                choice = st.rescue_choice or "private"
                game.transform(nl, choice)
                game.event("demotion", "soj.cabaret-general", to=[SIDES[p]], pieces=[[nu, choice, SIDES[p]]])
            st.rescue_choice = ""
            to = self._free_back(game, p, (0,))
            if to >= 0:
                game.relocate(nl, to)
            st.arrest[nu], st.arrest_ply[nu] = 3, game.ply
            game.event("arrest", "soj.cabaret-arrest", cells=[names[nl], names[to if to >= 0 else nl]])
            st.dirty = True

    def _beside_cabaret(self, game: BoardGame, s: int) -> set[int]:
        cab = self.T["cabaret"]
        for c in game.positions[s]:
            if game.kind[c] == cab:
                out = set()
                for nxt in self.step:
                    x = nxt[c]
                    if x >= 0 and game.owner[x] == s and game.kind[x] in self.ranked:
                        out.add(game.uid[x])
                return out
        return set()

    def _cabaret_neighbours(self, game: BoardGame, st: State) -> None:
        for s in (0, 1):
            if st.neighbours_done[s]:
                continue
            now = self._beside_cabaret(game, s)
            if self.options["cabaret_neighbours"] == "throughout":
                st.neighbours[s] &= now
            else:
                st.neighbours[s] |= now
            if self._counted(game, st, s) < 10:
                continue
            st.neighbours_done[s] = True
            lost = []
            for c in sorted(c for c in game.positions[s] if game.uid[c] in st.neighbours[s]):
                lost += self.kill(game, c)
            if lost:
                game.event("cabaret-neighbours", "soj.cabaret-neighbours", pieces=lost)

    def _census(self, game: BoardGame, st: State, draws: bool = True) -> None:
        """After losses or changes of rank: the referee's draw, the four generals, the lost arms."""
        new = game.removed[st.n_removed :]
        st.n_removed, st.dirty = len(game.removed), False
        if new:
            st.last_loss = game.ply
        for u, _, o, _ in new:
            if u in st.generals[o]:
                st.generals[o].discard(u)
                if not st.generals[o] and self.full:
                    st.rearrange_due[o] = True
        kind, uid, T = game.kind, game.uid, self.T
        takers = [False, False]
        for s in (0, 1):
            present = set()
            gens = []
            for c in game.positions[s]:
                t = kind[c]
                present.add(t)
                if t in self.takers and uid[c] not in st.nailed_by:
                    takers[s] = True
                if t in self.generals and uid[c] not in st.reinforce_used:
                    gens.append((uid[c], t))
            if not self.full:
                continue
            open_ = []
            for gu, t in gens:
                if t == T["general"]:
                    pid, arm = "battery_commander", ("battery_commander",)
                elif t == T["lieutenant_general"]:
                    pid, arm = "aviator", ("aviator",)
                elif st.mg_no.get(gu) == 1:
                    pid, arm = "pioneer", ("pioneer",)
                elif st.mg_no.get(gu) == 2:
                    pid, arm = "cavalryman", ("cavalryman", "cavalry_ensign")
                else:
                    continue
                if not any(T[a] in present for a in arm):
                    open_.append((gu, pid))
            st.reinforce_open[s] = open_
        if draws and not takers[0] and not takers[1]:
            game.finish(None, "soj.draw-forces")

    # -- greedy play --------------------------------------------------------------------------------
    def action_value(self, game: BoardGame, move: Move, view, unknown: dict[str, int]) -> float | None:
        a = move.action
        if a in ("mg", "grenade", "recon"):
            return None  # valued as the attack it is
        if a == "rescue":
            return 5.0  # a piece freed (and a cabaret gone)
        p = game.owner[move.frm] if game.owner[move.frm] >= 0 else game.to_move
        total = sum(unknown.values()) or 1

        def value(pid: str) -> float:
            return 1000.0 if pid == "flag" else 1.0 + max(game.rs.piece(pid).strength, 0)

        def seen(cell: int) -> str | None:
            c = view.cells[cell]
            return c["piece"] if c else None

        if a == "fire":
            known = seen(move.target)
            if known is not None:
                return value(known) if known == move.arg and known not in ("mine", "flag") else -3.0
            prob = unknown.get(move.arg, 0) / total
            return prob * (0.0 if move.arg == "mine" else value(move.arg)) - (1 - prob) * 3.0
        if a == "fly":
            known = seen(move.target)
            dist = {known: 1} if known else unknown
            n = sum(dist.values()) or 1
            return sum(k * (value(t) if t != "mine" else 1.0 - value("aviator")) for t, k in dist.items()) / n
        if a == "gas":
            nxt = next(s for s in self.step if s[move.frm] == move.target)
            mean = sum(k * value(t) for t, k in unknown.items() if t not in ("mine", "flag")) / total
            v, x = -1.0, move.target
            while x >= 0:
                if game.owner[x] == p:
                    pid = self.ids[game.kind[x]]
                    if pid == "junior_lieutenant":
                        break
                    if pid not in ("mine", "flag"):
                        v -= value(pid)
                elif game.owner[x] == 1 - p:
                    known = seen(x)
                    if known == "junior_lieutenant":
                        break
                    v += value(known) if known and known not in ("mine", "flag") else (mean if not known else 0.0)
                x = nxt[x]
            return v
        if a == "desert":
            return 8.0
        if a == "reinforce":
            return value(move.arg)
        return 0.0


_BETTER = {ATTACKER_WINS: 0, BOTH_REMOVED: 1, DEFENDER_WINS: 2, NEITHER_REMOVED: 1}  # for the defender


def _compare(attacker_level: int, defender_level: int) -> str:
    if attacker_level < defender_level:
        return ATTACKER_WINS
    if attacker_level > defender_level:
        return DEFENDER_WINS
    return BOTH_REMOVED


# -- building the ruleset --------------------------------------------------------------------
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
        combat_table=combat_table(options["spy_vs_general"]),
        features=features,
        not_implemented=tuple(NOT_IMPLEMENTED),
        hooks=SojamangHooks(types, board, options),
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
