"""Where a club night's row meets its engine (``assistant/games/night``): make a night, draw
its rounds, start a drawn table as a table of today, take the organiser's result for a table
that did not report, and read the night back with every result derived.

A drawn table's result is its game's, worked out from its stored rounds each time (the last
finished game at that table, by the engine's own replay, as the evening page reads it); the
organiser's result, marked as his, stands in for a table that did not report."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from sqlalchemy.orm import selectinload

from ..extensions import db
from ..games import find_game, night
from ..games.base import N_, RuleError
from ..games.evening import Outcome
from ..store import service as store
from ..store.models import Circle, Table, now
from ..store.models import Night as NightRow
from ..store.records import MAX_NAME
from . import stored

SEEDS = 2**31  # the seed is a 32-bit column in PostgreSQL


def create_night(
    rules: night.NightRules,
    entrants: Sequence[Sequence[str]],
    *,
    circle: Circle | None = None,
    name: str = "",
    minutes: int = 0,
) -> NightRow:
    """A new night of ``entrants`` (a player's name, or a pair's two), checked before it is
    stored (a RuleError says what does not fit: its first round must be one that can be
    drawn), with a seed of its own for its draws."""
    seed = secrets.randbelow(SEEDS)
    roster = night.Roster.of(entrants)
    check_names(roster)
    rules_json = stored.rules_json(rules)
    night.next_round(night.Night(stored.rules_of(rules_json, seed), roster))  # it can be drawn
    row = NightRow(
        name=name.strip(),
        rules=rules_json,
        seed=seed,
        roster=stored.roster_json(roster),
        minutes=minutes,
    )
    row.circle_id = circle.id if circle is not None else None
    db.session.add(row)
    db.session.commit()
    return row


def check_names(roster: night.Roster) -> None:
    """Every name fits a table's record (its players' names are checked as a record's)."""
    for entrant in roster.entrants:
        for name in entrant.names:
            if len(name) > MAX_NAME:
                raise RuleError(
                    N_("{name!r} is longer than {max} characters"), name=name, max=MAX_NAME
                )


def with_games(row: NightRow) -> NightRow:
    """The night with its tables and their games read in two queries, not two a table (its
    page and the hall screen read every one: 64 tables took 130 ms of lazy reads)."""
    whole = selectinload(NightRow.tables).selectinload(Table.games)
    db.session.execute(db.select(NightRow).options(whole).filter_by(id=row.id)).scalar_one()
    return row


def engine_night(row: NightRow) -> night.Night:
    """The night as its engine takes it, with every result in: the organiser's, and each
    started table's finished game where he entered none."""
    base = stored_night(row)
    entered = {(r.round, r.table): r for r in base.results}
    drawn = {(r.number, t.number): t for r in base.rounds for t in r.tables}
    results = list(entered.values())
    # A match needs a winner: a Mus game ended level is no result (the organiser enters one).
    needs_winner = base.rules.format is not night.Format.ROUNDS
    for table in row.tables:
        key = (table.night_round or 0, table.night_table or 0)
        if key in drawn and key not in entered:
            result = table_result(table, key, drawn[key])
            if result is not None and not (needs_winner and shared_first(result)):
                results.append(result)
    return night.Night(base.rules, base.roster, base.rounds, tuple(results))


def shared_first(result: night.TableResult) -> bool:
    return sum(place == 1 for place in night.places(result).values()) > 1


def stored_night(row: NightRow) -> night.Night:
    """The night as stored: its rules, roster, rounds and the organiser's results only."""
    return night.Night(
        stored.rules_of(row.rules, row.seed),
        stored.roster_of(row.roster),
        tuple(stored.round_of(r) for r in row.rounds),
        tuple(stored.result_of(r) for r in row.results),
    )


def table_result(
    table: Table, key: tuple[int, int], drawn: night.Table
) -> night.TableResult | None:
    """The result of the drawn table from the last game at its table that ended, by itself
    or as the table ended its evening (whoever led then won, as on the evening page)."""
    for game in reversed(table.games):
        outcome = find_game(game.kind).evening.outcome(store.load_game(game).replay)
        if game.finished is not None:
            outcome = outcome.ended()
        if outcome.finished:
            return result_of_outcome(outcome, key, drawn.seats)
    return None


def result_of_outcome(
    outcome: Outcome, key: tuple[int, int], seats: Sequence[night.Entrant]
) -> night.TableResult | None:
    """A game's outcome as its night table's result: each entrant's score (a player carries
    his team's; a Mus pair its games won), or None where someone played there who was not
    drawn there (the organiser then enters its result). Its scores come best first, so where
    the first is the smallest the game's lowest total wins (kryp-mulle)."""
    by_names = {frozenset(entrant.names): entrant for entrant in seats}
    totals: dict[night.Entrant, Fraction | int] = {}
    for score in outcome.scores:
        pair = by_names.get(frozenset(score.who))
        for entrant in [pair] if pair else [by_names.get(frozenset([n])) for n in score.who]:
            if entrant is None:  # someone not drawn there played (a substitute)
                return None
            totals[entrant] = score.score
    low_wins = outcome.scores[0].score < outcome.scores[-1].score
    return night.TableResult(*key, totals, low_wins)


def draw_next(row: NightRow) -> night.Round:
    """Draw the night's next round and keep it as drawn (a RuleError: a table without its
    result, too few for a table, the night is over)."""
    drawn = night.next_round(engine_night(row))
    row.rounds = [*row.rounds, stored.round_json(drawn)]
    row.drawn = now()
    db.session.commit()
    return drawn


def drawn_table(row: NightRow, number: int, table: int) -> night.Table | None:
    """Table ``table`` of round ``number`` as drawn, if there is one."""
    for drawn in stored_night(row).rounds:
        found = [t for t in drawn.tables if t.number == table]
        if drawn.number == number and found:
            return found[0]
    return None


def seating_of(seats: Sequence[night.Entrant], pairs: bool) -> list[str]:
    """The players in seating order: a Mus table's partners sit opposite (seats 1 and 3)."""
    if pairs:
        (a1, a2), (b1, b2) = (entrant.names for entrant in seats)
        return [a1, b1, a2, b2]
    return [entrant.names[0] for entrant in seats]


def start_table(row: NightRow, number: int, table: int, language: str | None = None) -> Table:
    """The drawn table ``table`` of round ``number`` as a table of today with its game, its
    players as drawn and the game's standard rules; started again, the same table."""
    if (found := started(row, number, table)) is not None:
        return found
    if (drawn := drawn_table(row, number, table)) is None:
        raise RuleError(N_("there is no table {table}"), table=table, round=number)
    spec = find_game(row.rules["game"])
    seating = seating_of(drawn.seats, spec.night_pairs)
    at = store.create_table(seating, language)
    at.night_id, at.night_round, at.night_table = row.id, number, table
    at.circle_id = row.circle_id
    store.create_game(at, spec.kind, seating, {}, seating[0], commit=False)
    db.session.commit()
    return at


@dataclass(frozen=True)
class TableState:
    """Where a started table's game stands, for the hall screen: the deals entered, who
    leads (or won), and whether it is over."""

    deals: int
    leaders: tuple[str, ...]
    finished: bool


def table_states(row: NightRow) -> dict[tuple[int, int], TableState]:
    """Each started table's last game as it stands, by (round, table)."""
    states = {}
    for table in row.tables:
        if table.games:
            game = table.games[-1]
            loaded = store.load_game(game)
            outcome = loaded.spec.evening.outcome(loaded.replay)
            shown = outcome.winners if outcome.finished else outcome.leaders
            key = (table.night_round or 0, table.night_table or 0)
            states[key] = TableState(len(loaded.record.rounds), shown, outcome.finished)
    return states


def table_tokens(row: NightRow) -> dict[tuple[int, int], str]:
    """The started tables' links, by (round, table)."""
    return {(t.night_round or 0, t.night_table or 0): t.token for t in row.tables}


def started(row: NightRow, number: int, table: int) -> Table | None:
    for at in row.tables:
        if (at.night_round, at.night_table) == (number, table):
            return at
    return None


def enter_result(
    row: NightRow, number: int, table: int, totals: Mapping[night.Entrant, int]
) -> None:
    """The organiser's result for a table that did not report (marked as his), in place of
    one he entered before; checked with the whole night before it is stored."""
    result = night.TableResult(number, table, dict(totals), organiser=True)
    kept = [r for r in row.results if (r["round"], r["table"]) != (number, table)]
    candidate = [*kept, stored.result_json(result)]
    base = stored_night(row)
    night.check_night(
        night.Night(base.rules, base.roster, base.rounds, tuple(map(stored.result_of, candidate)))
    )
    row.results = candidate
    db.session.commit()


def change_roster(row: NightRow, names: Sequence[str], *, arrive: bool) -> None:
    """A late arrival (``arrive``) or a withdrawal, from the next round to be drawn."""
    base = stored_night(row)
    entrant = night.Entrant(tuple(names))
    number = len(base.rounds) + 1
    roster = (
        base.roster.arrive(entrant, number) if arrive else base.roster.withdraw(entrant, number)
    )
    check_names(roster)
    night.check_night(night.Night(base.rules, roster, base.rounds, base.results))
    row.roster = stored.roster_json(roster)
    db.session.commit()
