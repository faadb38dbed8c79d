"""A Mus night by elimination, "a N ceros": a pair is out after N lost matches. With a group B
a pair's first loss moves it from group A to group B, where it plays on until its N-th. Each
round pairs the pairs of each group (a bye for an odd count, never a second one while a pair of
the group has had none; two pairs that have met are paired again only where no swap of opponents
between two tables avoids it); a pair alone in group B waits (a bye) while group A still plays. The
night is over when no group has two pairs left: the pair left in group A has won the night, the
one left in group B group B (where group A's last pairs withdrew, group B's winner has won
the night). A late pair starts in group A, with no loss.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..base import N_, RuleError
from .draw import Round, Table, choose_byes, draw_tables, lot, order_for, table_sizes
from .people import Entrant
from .results import TableResult, winners
from .rules import Seats
from .state import (
    Night,
    Ranking,
    Standing,
    byes_so_far,
    check_night,
    check_played,
    decided,
    next_number,
    shared_ranks,
)

OUT = "out"


@dataclass(frozen=True)
class _Pair:
    wins: int = 0
    losses: int = 0
    byes: int = 0
    out: int = 0  # the round after which it was out (lost its N-th, or withdrew), 0: still in


def _group(night: Night, pair: _Pair) -> str:
    if pair.out:
        return OUT
    return "B" if night.rules.b_group and pair.losses else "A"


def _tally(
    night: Night, results: dict[tuple[int, int], TableResult], upto: int
) -> dict[Entrant, _Pair]:
    """Each pair's wins, losses and byes in the rounds before round ``upto``."""
    before = night.rounds[: upto - 1]
    byes = Counter(entrant for drawn in before for entrant in drawn.byes)
    pairs = {entrant: _Pair(byes=byes[entrant]) for entrant in night.roster.entrants}
    for drawn, table, result in decided(before, results):
        won = winners(result)
        for entrant in table.seats:
            pair = pairs[entrant]
            if entrant in won:
                pairs[entrant] = replace(pair, wins=pair.wins + 1)
            else:
                lost = pair.losses + 1
                out = drawn.number if lost >= night.rules.losses else 0
                pairs[entrant] = replace(pair, losses=lost, out=out)
    for entrant, gone in night.roster.withdrawals.items():
        if gone <= upto and not pairs[entrant].out:
            pairs[entrant] = replace(pairs[entrant], out=max(gone - 1, 1))
    return pairs


def groups(night: Night, pairs: dict[Entrant, _Pair], number: int) -> dict[str, list[Entrant]]:
    """The pairs still in each group for round ``number``, in the order of entry."""
    found: dict[str, list[Entrant]] = {"A": [], "B": []}
    for entrant in night.roster.in_round(number):
        group = _group(night, pairs[entrant])
        if group != OUT:
            found[group].append(entrant)
    return found


def _draw(night: Night, seats: Seats, number: int, pairs: dict[Entrant, _Pair]) -> Round:
    rules = night.rules
    ranks = _ranks(night, pairs)
    members = groups(night, pairs, number)
    tables: list[Table] = []
    byes: list[Entrant] = []
    for group, entrants in members.items():
        if len(entrants) < 2:  # group A decided; a pair alone in group B waits for A's losers
            byes += entrants if group == "B" and len(members["A"]) > 1 else []
            continue
        sizes = table_sizes(len(entrants), seats)
        order = order_for(entrants, rules.draw, lot(rules.seed, number, f"byes{group}"), ranks)
        sitting = choose_byes(order, len(entrants) - sum(sizes), byes_so_far(night))
        playing = [e for e in entrants if e not in sitting]
        drawn = draw_tables(
            len(tables) + 1,
            playing,
            sizes,
            rules.draw,
            seed=rules.seed,
            ranks=ranks,
            number=number,
            group=group,
        )
        tables += without_rematches(drawn, _met(night))
        byes += sitting
    return Round(number, tuple(tables), tuple(byes))


def _met(night: Night) -> set[frozenset[Entrant]]:
    return {frozenset(t.seats) for drawn in night.rounds for t in drawn.tables}


def without_rematches(tables: Sequence[Table], met: set[frozenset[Entrant]]) -> list[Table]:
    """The tables with opponents swapped between two of them where that makes two pairs that
    have met before meet others instead (neither of the new matches a rematch)."""
    seats = [list(t.seats) for t in tables]
    for one, here in enumerate(seats):
        for there in seats[one + 1 :]:
            if frozenset(here) not in met:
                break
            for other in (1, 0):  # the one's opponent for the other's second pair, or first
                if {
                    frozenset((here[0], there[other])),
                    frozenset((there[1 - other], here[1])),
                }.isdisjoint(met):
                    here[1], there[other] = there[other], here[1]
                    break
    return [replace(t, seats=(s[0], s[1])) for t, s in zip(tables, seats, strict=True)]


def _check_groups(night: Night, results: dict[tuple[int, int], TableResult]) -> None:
    """Each round drawn sat the pairs of each group as they stood (an organiser's own draw
    too): every pair still in at a table of its group or with the bye."""
    for drawn in night.rounds:
        pairs = _tally(night, results, drawn.number)
        members = groups(night, pairs, drawn.number)
        for group, entrants in members.items():
            sat = {e for t in drawn.tables if t.group == group for e in t.seats}
            if len(entrants) > 1 and sat | (set(drawn.byes) & set(entrants)) != set(entrants):
                raise RuleError(
                    N_("group {group} is not drawn as it stands"), group=group, round=drawn.number
                )


def _over(night: Night, pairs: dict[Entrant, _Pair], number: int) -> bool:
    members = groups(night, pairs, number)
    return bool(night.rounds) and all(len(entrants) <= 1 for entrants in members.values())


def _ranks(night: Night, pairs: dict[Entrant, _Pair]) -> dict[Entrant, int]:
    """Group A first, then B, then those out (the later out the better), then fewer losses,
    then more wins."""
    order = {"A": 0, "B": 1, OUT: 2}
    return shared_ranks(
        {e: (order[_group(night, p)], -p.out, p.losses, -p.wins) for e, p in pairs.items()}
    )


def ranking(night: Night) -> Ranking:
    """The pairs by group and by how far they came; once over, the winners of A and B."""
    _, results = check_night(night)
    _check_groups(night, results)
    number = next_number(night)
    pairs = _tally(night, results, number)
    ranks = _ranks(night, pairs)
    standings = tuple(
        Standing.of_matches(
            e,
            ranks[e],
            p.wins,
            p.losses,
            p.byes,
            group=_group(night, p),
            present=night.roster.plays(e, number),
        )
        for e, p in sorted(pairs.items(), key=lambda item: ranks[item[0]])
    )
    pending = any((r.number, t.number) not in results for r in night.rounds for t in r.tables)
    if pending or not _over(night, pairs, number):
        return Ranking(standings, over=False)
    members = groups(night, pairs, number)
    if not members["A"]:  # group A's last pairs withdrew: group B's winner has won the night
        return Ranking(standings, True, tuple(members["B"]))
    b_winner = members["B"][0] if members["B"] else None
    return Ranking(standings, True, tuple(members["A"]), b_winner)


def next_round(night: Night) -> Round:
    """The next round: the pairs of each group paired anew."""
    seats, results = check_night(night)
    _check_groups(night, results)
    check_played(night, results)
    number = next_number(night)
    pairs = _tally(night, results, number)
    if _over(night, pairs, number):
        raise RuleError(N_("the night is over"))
    return _draw(night, seats, number, pairs)
