"""Club nights worked out by hand, as data: each round's tables as the organiser's phone stored
them (or as the engine must draw them), each table's result, and the ranking reached with
pencil and paper (the arithmetic in the comments). ``tests/games/test_night.py`` and
``tests/games/test_night_formats.py`` play them through the engine."""

from __future__ import annotations

from fractions import Fraction

# --- Plump: 13 players at tables of 4, 4 and 5, three rounds redrawn, then a final of four ---
# Rank points 4-3-2-1 at a table of four, 5-4-3-2-1 at five; a shared place shares its points.
# Ties on points: more tables won, then the smaller sum of places. The final table decides the
# top four (a tie there by the ranking before it).

PLUMP_PLAYERS = (
    "Anna", "Bo", "Cia", "Dan", "Eva", "Finn", "Gun", "Hal", "Ida", "Jon", "Kim", "Lea", "Max",
)  # fmt: skip

# Each round: its tables, each a list of (player, final total of the Plump game).
PLUMP_ROUNDS = (
    (
        # Anna 1st 4, Bo 2nd 3, Cia 3rd 2, Dan 4th 1
        (("Anna", 40), ("Bo", 31), ("Cia", 25), ("Dan", 12)),
        # Finn and Gun share 1st: (4 + 3) / 2 = 3.5 each; Hal 3rd 2, Eva 4th 1
        (("Eva", 18), ("Finn", 33), ("Gun", 33), ("Hal", 20)),
        # Ida 5, Jon 4, Kim 3, Lea 2, Max 1
        (("Ida", 50), ("Jon", 44), ("Kim", 37), ("Lea", 29), ("Max", 15)),
    ),
    (
        # Anna 1st 4, Finn 2nd 3, Ida 3rd 2, Gun 4th 1
        (("Ida", 22), ("Anna", 35), ("Finn", 28), ("Gun", 10)),
        # Kim 1st 4; Jon and Bo share 2nd: (3 + 2) / 2 = 2.5 each; Hal 4th 1
        (("Jon", 30), ("Bo", 30), ("Kim", 41), ("Hal", 12)),
        # Max 1st 5, Dan 2nd 4, Cia 3rd 3, Lea 4th 2, Eva 5th 1
        (("Cia", 26), ("Lea", 19), ("Dan", 33), ("Eva", 8), ("Max", 40)),
    ),
    (
        # Ida 1st 4; Kim and Finn share 2nd: 2.5 each; Anna 4th 1
        (("Anna", 20), ("Ida", 38), ("Kim", 27), ("Finn", 27)),
        # Jon 1st 4, Max 2nd 3, Bo 3rd 2, Cia 4th 1
        (("Jon", 45), ("Bo", 23), ("Max", 31), ("Cia", 17)),
        # Gun 1st 5, Eva 2nd 4, Dan 3rd 3, Hal 4th 2, Lea 5th 1
        (("Dan", 28), ("Gun", 36), ("Lea", 14), ("Hal", 22), ("Eva", 30)),
    ),
)

# After the three rounds: points = round 1 + round 2 + round 3; wins; the sum of places.
# (Every round gives 10 + 10 + 15 = 35 points: 105 in all, and the column adds up to 105.)
PLUMP_AFTER_THREE = {
    #        points                                   wins  places
    "Ida": (Fraction(11), 2, 5),  # 5 + 2 + 4           R1 1st, R3 1st; 1 + 3 + 1
    "Jon": (Fraction(21, 2), 1, 5),  # 4 + 2.5 + 4      R3; 2 + 2 + 1
    "Gun": (Fraction(19, 2), 2, 6),  # 3.5 + 1 + 5      R1 (shared), R3; 1 + 4 + 1
    "Kim": (Fraction(19, 2), 1, 6),  # 3 + 4 + 2.5      R2; 3 + 1 + 2
    "Anna": (Fraction(9), 2, 6),  # 4 + 4 + 1           R1, R2; 1 + 1 + 4
    "Finn": (Fraction(9), 1, 5),  # 3.5 + 3 + 2.5       R1 (shared); 1 + 2 + 2
    "Max": (Fraction(9), 1, 8),  # 1 + 5 + 3            R2; 5 + 1 + 2
    "Dan": (Fraction(8), 0, 9),  # 1 + 4 + 3            4 + 2 + 3
    "Bo": (Fraction(15, 2), 0, 7),  # 3 + 2.5 + 2       2 + 2 + 3
    "Cia": (Fraction(6), 0, 10),  # 2 + 3 + 1           3 + 3 + 4
    "Eva": (Fraction(6), 0, 11),  # 1 + 1 + 4           4 + 5 + 2
    "Hal": (Fraction(5), 0, 11),  # 2 + 1 + 2           3 + 4 + 4
    "Lea": (Fraction(5), 0, 13),  # 2 + 2 + 1           4 + 4 + 5
}
# The ranking after three rounds, by points, then wins, then places:
# Ida 11; Jon 10.5; Gun and Kim 9.5 (Gun 2 wins, Kim 1); Anna, Finn and Max 9 (Anna 2 wins;
# Finn and Max 1 each, Finn's places 5 beat Max's 8); Dan 8; Bo 7.5; Cia and Eva 6 (places 10
# and 11); Hal and Lea 5 (places 11 and 13).
PLUMP_RANKED_AFTER_THREE = (
    "Ida", "Jon", "Gun", "Kim", "Anna", "Finn", "Max", "Dan", "Bo", "Cia", "Eva", "Hal", "Lea",
)  # fmt: skip

# The final table: the best four, Ida, Jon, Gun and Kim. Jon and Kim share its first place;
# the ranking before the final puts Jon (10.5) before Kim (9.5). Ida 3rd, Gun 4th.
PLUMP_FINAL = (("Ida", 52), ("Jon", 61), ("Gun", 38), ("Kim", 61))
PLUMP_NIGHT = (
    ("Jon", 1), ("Kim", 2), ("Ida", 3), ("Gun", 4),  # as the final table decided
    ("Anna", 5), ("Finn", 6), ("Max", 7), ("Dan", 8), ("Bo", 9), ("Cia", 10), ("Eva", 11),
    ("Hal", 12), ("Lea", 13),
)  # fmt: skip


# --- Mus: 8 pairs at 4 tables, elimination "a 2 ceros" with groups A and B ---------------------
# A pair's first lost match moves it to group B, its second puts it out. Letters for the pairs:
MUS_PAIRS = {
    "A": ("Ane", "Bea"), "B": ("Carlos", "Dolores"), "C": ("Eneko", "Fermín"),
    "D": ("Garazi", "Haritz"), "E": ("Iker", "Jone"), "F": ("Koldo", "Leire"),
    "G": ("Mikel", "Nerea"), "H": ("Oier", "Pello"),
}  # fmt: skip

# Each round: its tables, each (group, first pair, second pair, games won by each).
MUS_ROUNDS = (
    # Round 1, group A (everyone): A beats B 2-1, D beats C 2-0, E beats F 2-1, H beats G 2-0.
    # Now A: A D E H; B (one loss): B C F G.
    (("A", "A", "B", 2, 1), ("A", "C", "D", 0, 2), ("A", "E", "F", 2, 1), ("A", "G", "H", 0, 2)),
    # Round 2. Group A: D beats A, E beats H. Group B: B beats C, G beats F (C and F out).
    # Now A: D E; B: B G and the new A, H.
    (("A", "A", "D", 1, 2), ("A", "E", "H", 2, 0), ("B", "B", "C", 2, 0), ("B", "F", "G", 1, 2)),
    # Round 3. Group A's final: E beats D (E has won group A; D drops to B). Group B: A beats B,
    # G beats H (B and H out). Now B: A G D.
    (("A", "D", "E", 1, 2), ("B", "B", "A", 0, 2), ("B", "G", "H", 2, 1)),
    # Round 4. Group B has three pairs: D has the bye; G beats A (A out). Now B: G D.
    (("B", "A", "G", 0, 2),),
    # Round 5. Group B's final: D beats G 2-1. D has won group B.
    (("B", "G", "D", 1, 2),),
)
MUS_BYES = ((), (), (), ("D",), ())

# The night: group A's winner, group B's winner, then those out, the later the better, then
# fewer losses, then more wins; pairs level on all of it share the place.
MUS_NIGHT = (
    ("E", 1),  # group A: won rounds 1, 2 and 3, no loss
    ("D", 2),  # group B: won rounds 1, 2 and 5, lost group A's final
    ("G", 3),  # out in round 5: won rounds 2, 3 and 4
    ("A", 4),  # out in round 4: won rounds 1 and 3
    ("B", 5),  # out in round 3, one win (round 2) ...
    ("H", 5),  # ... and H too (round 1): they share 5th
    ("C", 7),  # out in round 2, no win ...
    ("F", 7),  # ... and F: they share 7th
)


# --- Mus: a winners' and losers' bracket of 8 pairs --------------------------------------------
# The pairs are seeded by lot; the example names them by seed, 1 ... 8. A bracket of 8 seats
# them 1-8, 4-5, 2-7, 3-6 (a seeded draw: seed 1 meets the last). Out after two lost matches.
# Each round: its matches, each (bracket, seed, seed, the seed that wins); W the winners'
# bracket, L the losers', F the final.
BRACKET_8 = (
    # Round 1, the winners' bracket's first round: 1, 5 (over 4), 2 and 6 (over 3) win.
    (("W", 1, 8, 1), ("W", 4, 5, 5), ("W", 2, 7, 2), ("W", 3, 6, 6)),
    # Round 2: the winners meet; the losers of round 1 meet in the losers' bracket, the losers
    # of the first two matches and of the last two: 8 and 7 are out (two losses).
    (("W", 1, 5, 1), ("W", 2, 6, 6), ("L", 8, 4, 4), ("L", 7, 3, 3)),
    # Round 3: the winners' bracket's final (6 beats 1, who drops); the losers of round 2 drop
    # in, in the reverse order (the loser of 2-6 meets the winner of 8-4, the loser of 1-5 the
    # winner of 7-3): 4 beats 2, 5 beats 3 (2 and 3 out).
    (("W", 1, 6, 6), ("L", 4, 2, 4), ("L", 3, 5, 5)),
    # Round 4: the losers' bracket's two left meet: 5 beats 4 (4 out). The others wait.
    (("L", 4, 5, 5),),
    # Round 5: the losers' bracket's final against the winners' bracket's loser: 1 beats 5.
    (("L", 5, 1, 1),),
    # Round 6: the final, the winners' bracket's winner against the losers': 6 beats 1.
    (("F", 6, 1, 6),),
)
# Fourteen matches (2 x 8 - 2); every pair played two or more. The night: the final's winner and
# loser, then those out, the later in the losers' bracket the better, then more matches won:
BRACKET_8_NIGHT = (
    (6, 1, 4, 0),  # seed, place, won, lost: won all four
    (1, 2, 3, 2),  # lost the winners' final and the final
    (5, 3, 3, 2),  # out in the losers' final (its 4th round)
    (4, 4, 2, 2),  # out in its 3rd round
    (2, 5, 1, 2),  # out in its 2nd round, one win each: they share 5th
    (3, 5, 1, 2),
    (8, 7, 0, 2),  # out in its 1st round, no win: they share 7th
    (7, 7, 0, 2),
)

# --- Mus: a bracket of 12 pairs: a bracket of 16 with four byes --------------------------------
# Seeds 13-16 are byes: seeds 1-4 go on to the winners' bracket's 2nd round without playing.
# The first round's losers meet a bye in the losers' bracket's 1st round too: they wait for its
# 2nd. A bracket of 16: 1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11.
BRACKET_12 = (
    # Round 1: four matches, seeds 1-4 wait. 8, 12 (over 5), 7 and 6 win.
    (("W", 8, 9, 8), ("W", 5, 12, 12), ("W", 7, 10, 7), ("W", 6, 11, 6)),
    # Round 2: 1-8, 4-12, 2-7, 3-6 in the winners' bracket; the round's losers wait.
    (("W", 1, 8, 1), ("W", 4, 12, 4), ("W", 2, 7, 7), ("W", 3, 6, 3)),
    # Round 3: the winners' bracket's 3rd round, 1-4 and 7-3; in the losers' bracket each loser
    # of round 1 meets a loser of round 2, in the reverse order: 9-6, 5-2, 10-12, 11-8.
    (
        ("W", 1, 4, 1),
        ("W", 7, 3, 3),
        ("L", 9, 6, 6),
        ("L", 5, 2, 5),
        ("L", 10, 12, 12),
        ("L", 11, 8, 8),
    ),
    # Round 4: the winners' final 1-3; the losers' bracket pairs off its four: 6-5, 12-8.
    (("W", 1, 3, 1), ("L", 6, 5, 6), ("L", 12, 8, 8)),
    # Round 5: the losers of round 3's winners' bracket drop in, reversed: 6-7, 8-4.
    (("L", 6, 7, 7), ("L", 8, 4, 4)),
    # Round 6: 7-4; round 7, the losers' final: 4 against the winners' final's loser, 3.
    (("L", 7, 4, 4),),
    (("L", 4, 3, 3),),
    # Round 8: the final.
    (("F", 1, 3, 1),),
)
BRACKET_12_WAITING = ((1, 2, 3, 4), (5, 9, 10, 11), (), (4, 7), (1, 3), (1, 3), (1,), ())
BRACKET_12_NIGHT = (
    (1, 1, 4, 0),  # won the winners' bracket (a bye, then three) and the final
    (3, 2, 3, 2),
    (4, 3, 3, 2),  # out in the losers' final (its 6th round)
    (7, 4, 3, 2),  # out in its 5th
    (6, 5, 3, 2),  # out in its 4th, three wins each: they share 5th
    (8, 5, 3, 2),
    (12, 7, 2, 2),  # out in its 3rd: 12 with two wins before 5 with one (its walkover is none)
    (5, 8, 1, 2),
    (2, 9, 0, 2),  # out in its 2nd, no win: the four share 9th
    (9, 9, 0, 2),
    (10, 9, 0, 2),
    (11, 9, 0, 2),
)

# --- Mus: 7 pairs and a late one, who takes the bye's place -------------------------------------
# A bracket of 8 with one bye (seed 8, against seed 1). Round 1 plays 4-5, 2-7, 3-6 (4, 2, 3
# win); seed 1 waits. The late pair L comes before round 2 and takes seed 8: round 2 plays 1-L
# (the match the bye would have given seed 1) beside 2-3 and, in the losers' bracket, 7-6; 4 and
# 5 wait for 1-L.
BRACKET_LATE = (
    (("W", 4, 5, 4), ("W", 2, 7, 2), ("W", 3, 6, 3)),
    (("W", 1, "L", 1), ("W", 2, 3, 2), ("L", 7, 6, 6)),
)


# --- Plump by progression: 16 players, four tables of 4, the winner stays -----------------------
# Round 1 as drawn (by lot); each table best first. The winner stays; the 2nd moves one table
# on, the 3rd two, the 4th three (after table 4, table 1). At a table, those who stay sit first,
# then those who come, the better places first.
PROGRESSION_16 = (
    (("A", 40), ("B", 30), ("C", 20), ("D", 10)),
    (("E", 30), ("F", 40), ("G", 10), ("H", 20)),
    (("I", 20), ("J", 10), ("K", 40), ("L", 30)),
    (("M", 10), ("N", 20), ("O", 30), ("P", 40)),
)
# Round 2: table 1 keeps A and takes O (2nd at table 4), I (3rd at table 3), G (4th at table 2).
PROGRESSION_16_ROUND_2 = ("AOIG", "FBNJ", "KECM", "PLHD")
PROGRESSION_16_SCORES_2 = (
    (("A", 30), ("O", 40), ("I", 10), ("G", 20)),
    (("F", 30), ("B", 20), ("N", 40), ("J", 10)),
    # C and M share first: C, seated first, is the table's winner and stays; M moves as 2nd
    (("K", 10), ("E", 20), ("C", 30), ("M", 30)),
    (("P", 20), ("L", 10), ("H", 30), ("D", 40)),
)
PROGRESSION_16_ROUND_3 = ("OHEJ", "NAPK", "CFGL", "DMBI")
# Winners up, losers down from the same round 1: the better two of each table up a table, the
# worse two down; table 1 keeps its better two, table 4 its worse two.
PROGRESSION_16_LADDER_2 = ("ABFE", "KLCD", "POHG", "NMIJ")

# --- Plump by progression: 13 players at tables of 4 only, one bye a round, the winner stays ----
# Round 1 as drawn: three tables of 4, M has the bye. With three tables the 4th moves three
# tables on: back to his own. The bye goes to the one with the fewest byes, the worst place of
# the last table first; who comes back from it takes the seat left.
PROGRESSION_13 = (
    (("A", 40), ("B", 30), ("C", 20), ("D", 10)),
    (("E", 40), ("F", 30), ("G", 20), ("H", 10)),
    (("I", 40), ("J", 30), ("K", 20), ("L", 10)),
)
PROGRESSION_13_BYES = ("M", "L", "F")  # round 1 as drawn, then 2 and 3 as the engine has them
PROGRESSION_13_ROUND_2 = ("AJGD", "EBKH", "IFCM")
PROGRESSION_13_SCORES_2 = (
    (("A", 30), ("J", 40), ("G", 10), ("D", 20)),
    (("E", 20), ("B", 10), ("K", 40), ("H", 30)),
    (("I", 30), ("F", 10), ("C", 20), ("M", 40)),
)
PROGRESSION_13_ROUND_3 = ("JIEG", "KACB", "MHDL")
PROGRESSION_13_SCORES_3 = (
    (("J", 20), ("I", 10), ("E", 40), ("G", 30)),
    (("K", 10), ("A", 20), ("C", 30), ("B", 40)),
    (("M", 20), ("H", 10), ("D", 30), ("L", 40)),
)
# Rank points 4-3-2-1, a bye 2.5; the three rounds (97.5 in all: 3 x (30 + 2.5)):
# E 4 + 2 + 4 = 10; A 4 + 3 + 2 = 9 and J 3 + 4 + 2 = 9 (a win each, places 6 each: shared);
# M 2.5 + 4 + 2 = 8.5; B 3 + 1 + 4 = 8 and I 4 + 3 + 1 = 8 (a win each, places 7 each);
# L 1 + 2.5 + 4 = 7.5; K 2 + 4 + 1 = 7 (a win) before C 2 + 2 + 3 = 7; F 3 + 1 + 2.5 = 6.5;
# D 1 + 2 + 3 = 6 and G 2 + 1 + 3 = 6 (no win, places 9 each); H 1 + 3 + 1 = 5.
PROGRESSION_13_NIGHT = (
    ("E", 1, Fraction(10)), ("A", 2, Fraction(9)), ("J", 2, Fraction(9)),
    ("M", 4, Fraction(17, 2)), ("B", 5, Fraction(8)), ("I", 5, Fraction(8)),
    ("L", 7, Fraction(15, 2)), ("K", 8, Fraction(7)), ("C", 9, Fraction(7)),
    ("F", 10, Fraction(13, 2)), ("D", 11, Fraction(6)), ("G", 11, Fraction(6)),
    ("H", 13, Fraction(5)),
)  # fmt: skip
