"""A Mus night in blocks, with promotion and relegation: the pairs stand on a ladder (drawn by
lot at the start), cut into blocks of four pairs (two tables; a block of two at the bottom where
the count leaves two over, and the bye for an odd count, to the lowest pair on the ladder that
has had the fewest). A stage is two rounds: in the first the block's top pair meets its
bottom one and the middle two meet; in the second the two winners meet and the two losers
(a block of two plays its match again). A pair that won both games moves up a block, taking
the place of the pair of the block above that lost both; a pair with one win stays. The night
is over after its stages (``rules.rounds``): the pair at the top of the ladder has won.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import pairwise

from ..base import N_, RuleError
from .draw import Round, Table, choose_byes, lot, order_for
from .people import Entrant
from .results import TableResult, winners
from .rules import DrawMode
from .state import (
    Night,
    Ranking,
    Standing,
    byes_so_far,
    check_night,
    check_played,
    decided,
    next_number,
)

BLOCK = 4


def _wins(drawn: Round, results: dict[tuple[int, int], TableResult]) -> Counter[Entrant]:
    return Counter(
        e for _drawn, _table, result in decided([drawn], results) for e in winners(result)
    )


def _after_stage(
    ladder: list[Entrant], first: Round, second: Round, results: dict[tuple[int, int], TableResult]
) -> list[Entrant]:
    """The ladder after a stage: in each block the pair that won both moves up past the pair
    above that lost both; the pairs with the bye keep their places."""
    won = _wins(first, results) + _wins(second, results)
    place = {entrant: n for n, entrant in enumerate(ladder)}
    labels = sorted({t.group for t in first.tables}, key=int)
    blocks = [
        sorted(
            (e for t in first.tables if t.group == label for e in t.seats),
            key=lambda e: (-won[e], place[e]),
        )
        for label in labels
    ]
    for upper, lower in pairwise(blocks):
        if won[upper[-1]] == 0 and won[lower[0]] == 2:
            upper[-1], lower[0] = lower[0], upper[-1]
    moved = [entrant for block in blocks for entrant in block]
    for entrant in sorted(first.byes, key=lambda e: place.get(e, len(ladder))):
        moved.insert(min(place.get(entrant, len(moved)), len(moved)), entrant)
    return moved


def _ladder(
    night: Night, results: dict[tuple[int, int], TableResult], stages: int
) -> list[Entrant]:
    """The ladder after ``stages`` stages (before the first: the pairs of round 1 by lot)."""
    first = night.roster.in_round(1)
    ladder = order_for(first, DrawMode.RANDOM, lot(night.rules.seed, 0, "blocks"))
    for stage in range(stages):
        one, two = night.rounds[2 * stage], night.rounds[2 * stage + 1]
        ladder += [e for e in night.roster.in_round(one.number) if e not in ladder]  # late
        ladder = _after_stage(ladder, one, two, results)
    return ladder


def _opening(night: Night, number: int, ladder: list[Entrant]) -> Round:
    """A stage's first round: those still in, a late pair at the bottom, cut into blocks."""
    present = night.roster.in_round(number)
    ladder = [e for e in ladder if e in present] + [e for e in present if e not in ladder]
    byes = choose_byes(ladder, len(ladder) % 2, byes_so_far(night))
    playing = [e for e in ladder if e not in byes]
    tables: list[Table] = []
    for start in range(0, len(playing), BLOCK):
        block = playing[start : start + BLOCK]
        label = str(start // BLOCK + 1)
        matches = [(block[0], block[-1]), (block[1], block[2])] if len(block) == BLOCK else [block]
        for match in matches:
            tables.append(Table(len(tables) + 1, tuple(match), label))
    return Round(number, tuple(tables), byes)


def _return(
    night: Night, number: int, first: Round, results: dict[tuple[int, int], TableResult]
) -> Round:
    """A stage's second round: in each block the winners meet, and the losers."""
    won = _wins(first, results)
    tables: list[Table] = []
    for label in sorted({t.group for t in first.tables}, key=int):
        block = [e for t in first.tables if t.group == label for e in t.seats]
        sides = [block] if len(block) == 2 else [[e for e in block if won[e] == w] for w in (1, 0)]
        for side in sides:
            here = [e for e in side if night.roster.plays(e, number)]
            if len(here) == 2:
                tables.append(Table(len(tables) + 1, (here[0], here[1]), label))
    seated = {e for t in tables for e in t.seats}
    byes = tuple(e for e in night.roster.in_round(number) if e not in seated)
    return Round(number, tuple(tables), byes)


def next_round(night: Night) -> Round:
    """The next round: a stage's first (blocks cut anew) or its second (winners, losers)."""
    _, results = check_night(night)
    check_played(night, results)
    number = next_number(night)
    if number > 2 * night.rules.rounds:
        raise RuleError(N_("the night is over"))
    if number % 2:
        return _opening(night, number, _ladder(night, results, number // 2))
    return _return(night, number, night.rounds[number - 2], results)


def ranking(night: Night) -> Ranking:
    """The pairs as they stand on the ladder after the stages played (those who withdrew or
    came in the middle of a stage after them); once over, the pair at the top has won."""
    _, results = check_night(night)
    played = all((r.number, t.number) in results for r in night.rounds for t in r.tables)
    stages = len(night.rounds) // 2 if played else (len(night.rounds) - 1) // 2
    ladder = _ladder(night, results, max(stages, 0))
    ladder += [e for e in night.roster.entrants if e not in ladder]
    won: Counter[Entrant] = Counter()
    played_by: Counter[Entrant] = Counter()
    for drawn in night.rounds:
        won += _wins(drawn, results)
        played_by.update(
            e for t in drawn.tables if (drawn.number, t.number) in results for e in t.seats
        )
    byes = byes_so_far(night)
    coming = next_number(night)
    standings = tuple(
        Standing(
            e,
            n,
            Fraction(won[e]),
            won[e],
            played_by[e] - won[e],
            played_by[e],
            byes.get(e, 0),
            present=night.roster.plays(e, coming),
        )
        for n, e in enumerate(ladder, 1)
    )
    over = played and len(night.rounds) == 2 * night.rules.rounds
    return Ranking(standings, over, (ladder[0],) if over else ())
