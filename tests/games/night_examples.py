"""Two club nights worked out by hand, as data: each round's tables as the organiser's phone
stored them, each table's result, and the ranking reached with pencil and paper (the
arithmetic in the comments). ``tests/games/test_night.py`` plays them through the engine."""

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
