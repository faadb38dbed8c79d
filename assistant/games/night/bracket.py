"""A Mus night in a winners' and a losers' bracket ("cuadro de ganadores y perdedores"): a pair
is out after its second lost match, so every pair plays at least two.

The pairs of round 1 are seeded by lot into a bracket of the next power of two; the seeds
beyond the count are byes (seed 1 meets the last seed: no two byes meet). The final is the
winners' bracket's winner against the losers' bracket's, one match.

Each round of the night plays every match whose two pairs are known and not yet played; a pair
with no match in a round waits (the round's "bye"). A match against a bye, or against a pair
that withdrew, is a walkover: the other pair goes on without playing. A late pair takes the
place of a bye whose walkover has not yet moved anyone on to a match drawn.

The tree itself (which match feeds which) is in ``tree``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from ..base import N_, RuleError
from .draw import Round, Table, lot, order_for
from .people import Entrant
from .results import TableResult
from .rules import DrawMode
from .state import Night, Ranking, Standing, check_night, check_played, next_number, shared_ranks
from .tree import FINAL, LOSERS, WINNERS, Feed, Match, matches, size_for

OUT = "out"


class Wait(Enum):
    PENDING = "pending"  # not known yet: a match not played, a late pair not yet come


PENDING = Wait.PENDING
Side = Entrant | None | Wait  # a pair, nobody (a bye, a walkover's loser), or not known yet


@dataclass(frozen=True)
class Played:
    """A match as it stands: its sides, its winner and loser once decided (``PENDING`` until
    then) and the (round, table) it was drawn at (none: not drawn, or a walkover)."""

    sides: tuple[Side, Side]
    winner: Side = PENDING
    loser: Side = PENDING
    table: tuple[int, int] | None = None

    @property
    def ready(self) -> bool:
        return self.table is None and self.winner is PENDING and all(map(_pair, self.sides))


def _pair(side: Side) -> bool:
    return isinstance(side, Entrant)


def _side(feed: Feed, seeds: Mapping[int, Entrant], done: Sequence[Played]) -> Side:
    if feed.what == "seed":
        return seeds.get(feed.ref)
    return done[feed.ref].winner if feed.what == "winner" else done[feed.ref].loser


def resolve(
    night: Night,
    bracket: Sequence[Match],
    seeds: Mapping[int, Entrant],
    drawn_at: Mapping[int, tuple[int, int]],
    results: Mapping[tuple[int, int], TableResult],
    number: int,
    before: Sequence[Played] = (),
) -> list[Played]:
    """Every match as it stands before round ``number`` is drawn: played at a table, a
    walkover, ready to be drawn, or waiting for a side (``before``: the matches as they
    stood before an earlier round; those decided then stay decided)."""
    done: list[Played] = []
    for index, match in enumerate(bracket):
        if before and before[index].winner is not PENDING:
            done.append(before[index])
            continue
        raw = tuple(_side(f, seeds, done) for f in match.feeds)
        where = drawn_at.get(index)
        if where is not None:  # as it was drawn, whoever withdrew since
            done.append(_at_table(raw, where, results.get(where)))
            continue
        sides = tuple(_here(night, side, number) for side in raw)
        if PENDING in sides or all(map(_pair, sides)):
            done.append(Played((sides[0], sides[1])))
        else:  # a walkover: the one pair there goes on, nobody loses
            goes_on = next((side for side in sides if _pair(side)), None)
            done.append(Played((sides[0], sides[1]), goes_on, None))
    return done


def _here(night: Night, side: Side, number: int) -> Side:
    """A pair as a side of round ``number``: not yet come, withdrawn (nobody), or there."""
    if not isinstance(side, Entrant) or night.roster.plays(side, number):
        return side
    return PENDING if night.roster.arrivals.get(side, 1) > number else None


def _at_table(
    sides: tuple[Side, ...], where: tuple[int, int], result: TableResult | None
) -> Played:
    if result is None:
        return Played((sides[0], sides[1]), table=where)
    (won, lost) = sorted(result.totals, key=lambda e: -result.totals[e])  # a match has a winner
    return Played((won, lost) if won == sides[0] else (lost, won), won, lost, where)


def _drawn(
    night: Night,
    seeds: Mapping[int, Entrant],
    results: Mapping[tuple[int, int], TableResult],
    before: int,
) -> tuple[list[Played], dict[int, tuple[int, int]]] | None:
    """The matches as they stand before round ``before``, and which match each table of the
    rounds before it played (None: a round that did not sit the matches ready then)."""
    bracket = matches(size_for(max(seeds, default=1)))
    drawn_at: dict[int, tuple[int, int]] = {}
    done: list[Played] = []
    for drawn in night.rounds[: before - 1]:
        done = resolve(night, bracket, seeds, drawn_at, results, drawn.number, done)
        ready = {frozenset(p.sides): n for n, p in enumerate(done) if p.ready}
        for table in drawn.tables:
            index = ready.pop(frozenset(table.seats), None)
            if index is None:
                return None
            drawn_at[index] = (drawn.number, table.number)
        if ready:
            return None
    return resolve(night, bracket, seeds, drawn_at, results, before, done), drawn_at


def seeding(night: Night, results: Mapping[tuple[int, int], TableResult]) -> dict[int, Entrant]:
    """Each seed's pair: those of round 1 by lot, then each late pair in the first bye whose
    walkover moved no one on to a match drawn before it came."""
    first = night.roster.in_round(1)
    order = order_for(first, DrawMode.RANDOM, lot(night.rules.seed, 0, "bracket"))
    seeds = dict(enumerate(order, 1))
    byes = range(len(order) + 1, size_for(len(order)) + 1)
    late = sorted(
        ((number, n, e) for n, (e, number) in enumerate(night.roster.arrivals.items())),
        key=lambda item: item[:2],
    )
    for number, _, entrant in late:
        if entrant in seeds.values():
            continue
        for seed in (s for s in byes if s not in seeds):
            if _drawn(night, {**seeds, seed: entrant}, results, number) is not None:
                seeds[seed] = entrant
                break
        else:
            raise RuleError(N_("{name} comes late, and no bye is left to take"), name=str(entrant))
    return seeds


def standing(night: Night) -> tuple[list[Played], Sequence[Match], dict[int, Entrant], int]:
    """The bracket as it stands before the next round: its matches as they stand, the
    bracket, the seeds and that round's number."""
    _, results = check_night(night)
    seeds = seeding(night, results)
    number = next_number(night)
    found = _drawn(night, seeds, results, number)
    if found is None:
        raise RuleError(N_("the bracket is not drawn as it stands"))
    return found[0], matches(size_for(max(seeds, default=1))), seeds, number


def next_round(night: Night) -> Round:
    """The next round: every match whose two pairs are known; the other pairs still in wait."""
    _, results = check_night(night)
    check_played(night, results)
    done, bracket, seeds, number = standing(night)
    if len(seeds) < 2:
        raise RuleError(N_("too few pairs for a table: {count}"), count=len(seeds))
    if done[-1].winner is not PENDING:
        raise RuleError(N_("the night is over"))
    tables: list[Table] = []
    for match, played in zip(bracket, done, strict=True):
        one, two = played.sides
        if played.ready and isinstance(one, Entrant) and isinstance(two, Entrant):
            tables.append(Table(len(tables) + 1, (one, two), match.bracket))
    lost = _tally(done)[1]
    waiting = (e for e in night.roster.in_round(number) if lost.get(e, 0) < 2)
    seated = {e for t in tables for e in t.seats}
    return Round(number, tuple(tables), tuple(e for e in waiting if e not in seated))


def _tally(done: Sequence[Played]) -> tuple[dict[Entrant, int], dict[Entrant, int]]:
    """The matches each pair won and lost at a table (walkovers are neither)."""
    won: dict[Entrant, int] = {}
    lost: dict[Entrant, int] = {}
    for p in done:
        if p.table is not None and isinstance(p.winner, Entrant) and isinstance(p.loser, Entrant):
            won[p.winner] = won.get(p.winner, 0) + 1
            lost[p.loser] = lost.get(p.loser, 0) + 1
    return won, lost


def _places(
    night: Night, done: Sequence[Played], bracket: Sequence[Match], seeds: dict[int, Entrant]
) -> dict[Entrant, tuple[str, tuple[int, ...]]]:
    """Each pair's bracket (W, L, F or out) and what it ranks by, smaller first: the final's
    winner, its loser, those in the winners' bracket, in the losers', out; then the later
    round of the losers' bracket a pair went out in; then more matches won."""
    won, lost = _tally(done)
    out_at = {
        p.loser: match.stage
        for match, p in zip(bracket, done, strict=True)
        if match.bracket == LOSERS and isinstance(p.loser, Entrant) and lost.get(p.loser) == 2
    }
    final = done[-1]
    number = next_number(night)
    found: dict[Entrant, tuple[str, tuple[int, ...]]] = {}
    for entrant in night.roster.entrants:
        losses = lost.get(entrant, 0)
        if entrant in (final.winner, final.loser):
            status, group = (0 if entrant == final.winner else 1), FINAL
        elif losses >= 2 or not night.roster.plays(entrant, number):
            status, group = 4, OUT
        else:
            status, group = 2 + min(losses, 1), (LOSERS if losses else WINNERS)
        found[entrant] = group, (status, -out_at.get(entrant, 0), -won.get(entrant, 0))
    return found


def ranking(night: Night) -> Ranking:
    """The pairs by how far they came (``_places``); once the final is played, its winner
    has won the night."""
    done, bracket, seeds, number = standing(night)
    won, lost = _tally(done)
    places = _places(night, done, bracket, seeds)
    ranks = shared_ranks({entrant: key for entrant, (_, key) in places.items()})
    standings = tuple(
        Standing.of_matches(
            e,
            ranks[e],
            won.get(e, 0),
            lost.get(e, 0),
            sum(e in drawn.byes for drawn in night.rounds),
            group=places[e][0],
            present=night.roster.plays(e, number),
        )
        for e in sorted(places, key=lambda e: ranks[e])
    )
    final = done[-1].winner
    over = len(seeds) > 1 and final is not PENDING
    return Ranking(standings, over, (final,) if isinstance(final, Entrant) else ())
