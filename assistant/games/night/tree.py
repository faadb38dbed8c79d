"""The tree of a winners' and losers' bracket (``bracket``): which matches it has and where each
side of each match comes from, for a bracket of a power of two.

The seeds meet as a seeded draw has them (1 against the last, so that the best meet last and no
two byes meet); the winners' bracket halves in each round; the losers of its first round meet
in the losers' bracket, whose rounds then take in the losers of the winners' bracket's next
round (in the reverse order, so that two pairs who met do not meet again at once) and pair
off among themselves; the final is the two brackets' winners.

>>> positions(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> [(m.bracket, m.stage) for m in matches(4)]
[('W', 1), ('W', 1), ('W', 2), ('L', 1), ('L', 2), ('F', 1)]
>>> [f.what + str(f.ref) for f in matches(4)[4].feeds]  # the winner of L1 meets W2's loser
['winner3', 'loser2']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WINNERS, LOSERS, FINAL = "W", "L", "F"


@dataclass(frozen=True)
class Feed:
    """Where a side of a match comes from: a ``seed`` of the draw, or the ``winner`` or the
    ``loser`` of the bracket's match ``ref``."""

    what: str
    ref: int


@dataclass(frozen=True)
class Match:
    bracket: str  # W, L or F
    stage: int  # the bracket's round: W1, W2 ..., L1, L2 ...
    feeds: tuple[Feed, Feed]


def size_for(count: int) -> int:
    """The bracket's size: the next power of two, at least 2."""
    size = 2
    while size < count:
        size *= 2
    return size


def positions(size: int) -> list[int]:
    """The seeds in the order of the first round's matches (1 v size, ...)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, total - first)]
    return order


def matches(size: int) -> tuple[Match, ...]:
    """The bracket's matches, each after the matches it is fed from."""
    found: list[Match] = []

    def add(bracket: str, stage: int, one: Feed, two: Feed) -> int:
        found.append(Match(bracket, stage, (one, two)))
        return len(found) - 1

    order = positions(size)
    rounds = [[add(WINNERS, 1, Feed("seed", a), Feed("seed", b)) for a, b in _twos(order)]]
    while len(rounds[-1]) > 1:
        stage = len(rounds) + 1
        pairs = _twos(rounds[-1])
        rounds.append([add(WINNERS, stage, Feed("winner", a), Feed("winner", b)) for a, b in pairs])
    if size == 2:  # two pairs: the loser of the first match has the other's second
        add(FINAL, 1, Feed("winner", 0), Feed("loser", 0))
        return tuple(found)
    losers = [add(LOSERS, 1, Feed("loser", a), Feed("loser", b)) for a, b in _twos(rounds[0])]
    stage = 1
    for dropping in rounds[1:]:
        stage += 1
        losers = [
            add(LOSERS, stage, Feed("winner", m), Feed("loser", d))
            for m, d in zip(losers, reversed(dropping), strict=True)
        ]
        if len(losers) > 1:
            stage += 1
            losers = [
                add(LOSERS, stage, Feed("winner", a), Feed("winner", b)) for a, b in _twos(losers)
            ]
    add(FINAL, 1, Feed("winner", rounds[-1][0]), Feed("winner", losers[0]))
    return tuple(found)


def _twos(items: Sequence[int]) -> list[tuple[int, int]]:
    return [(items[n], items[n + 1]) for n in range(0, len(items), 2)]
