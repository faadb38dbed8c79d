"""Where a club night's row meets its engine (``assistant/games/night``): make a night, draw
its rounds (every table of a round started as a table of today, its link and QR ready), who
comes, goes or plays for a pair's member, and the night ended early. A table's results, sent,
confirmed or the organiser's, are in ``results.py``; the night read back in ``tables.py``."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from flask import url_for

from ..extensions import db
from ..games import find_game, night
from ..games.base import MAX_NAME, N_, Message, RuleError
from ..links import shared
from ..store import service as store
from ..store.evening import log
from ..store.models import Circle, Table, now
from ..store.models import Night as NightRow
from . import stored, tables

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


def engine_night(row: NightRow) -> night.Night:
    """The night as its engine takes it, with every result that counts in."""
    return tables.read(row).the_night


def draw_next(row: NightRow, language: str | None = None, author: str = "") -> night.Round:
    """Draw the night's next round, keep it as drawn and start its every table (a RuleError: a
    table without its result, too few for a table, the night is over). The tables of the round
    before hear of it (their phones show where each sits next)."""
    read = tables.read(row)
    drawn = night.next_round(read.the_night)
    row.rounds = [*row.rounds, stored.round_json(drawn)]
    row.drawn = now()
    for table in drawn.tables:
        start_table(row, drawn.number, table.number, language, commit=False)
    told = Message(N_("Round {number} of the night is drawn."), {"number": drawn.number})
    for (number, _), at in read.started.items():
        if number == drawn.number - 1 and at.games:
            log(at.games[-1], told, author)
    db.session.commit()
    return drawn


def drawn_table(row: NightRow, number: int, table: int) -> night.Table | None:
    """Table ``table`` of round ``number`` as drawn, if there is one."""
    return tables.drawn_tables(tables.stored_night(row)).get((number, table))


def seating_of(names: Sequence[Sequence[str]], pairs: bool) -> list[str]:
    """The players in seating order: a Mus table's partners sit opposite (seats 1 and 3)."""
    if pairs:
        (a1, a2), (b1, b2) = names
        return [a1, b1, a2, b2]
    return [side[0] for side in names]


def start_table(
    row: NightRow, number: int, table: int, language: str | None = None, *, commit: bool = True
) -> Table:
    """The drawn table ``table`` of round ``number`` as a table of today with its game, its
    players as they play that round and the night's rules for its tables; started again, the
    same table."""
    if (found := started(row, number, table)) is not None:
        return found
    base = tables.stored_night(row)
    if (number, table) not in tables.drawn_tables(base):
        raise RuleError(N_("there is no table {table}"), table=table, round=number)
    spec = find_game(base.rules.game)
    seating = seating_of(tables.sides_of(base, (number, table)), spec.night_pairs)
    values = spec.options.values(base.rules.preset or None, {})
    at = store.create_table(seating, language)
    at.night_id, at.night_round, at.night_table = row.id, number, table
    at.circle_id = row.circle_id
    store.create_game(
        at, spec.kind, seating, spec.options.record(values), seating[0],
        spec.options.settings(values), commit=False,
    )  # fmt: skip
    if commit:
        db.session.commit()
    return at


def table_links(row: NightRow) -> dict[tuple[int, int], str]:
    """The started tables' links, by (round, table): the page of the game at each (where its
    players play), else the table's page."""
    return {(t.night_round or 0, t.night_table or 0): link_of(t) for t in row.tables}


def link_of(table: Table) -> str:
    endpoint, values = page_of(table)
    return url_for(endpoint, **values)


def shared_link_of(table: Table) -> str:
    """The table's link as its players' phones open it (its QR code)."""
    endpoint, values = page_of(table)
    return shared(endpoint, **values)


def page_of(table: Table) -> tuple[str, dict[str, Any]]:
    """Where a night's table is played: its game's page, else the table's."""
    if table.games:
        return "games.show", {"token": table.token, "game_id": table.games[-1].id}
    return "tables.show", {"token": table.token}


def started(row: NightRow, number: int, table: int) -> Table | None:
    for at in row.tables:
        if (at.night_round, at.night_table) == (number, table):
            return at
    return None


def checked(row: NightRow, roster: night.Roster) -> None:
    """The night holds together with this roster (its every format's rule: a late pair in a
    bracket needs a bye left to take)."""
    check_names(roster)
    base = replace(tables.read(row).the_night, roster=roster)
    night.check_night(base)
    night.ranking(base)


def change_roster(row: NightRow, names: Sequence[str], *, arrive: bool) -> None:
    """A late arrival (``arrive``) or a withdrawal, from the next round to be drawn."""
    base = tables.stored_night(row)
    entrant = night.Entrant(tuple(names))
    number = len(base.rounds) + 1
    roster = (
        base.roster.arrive(entrant, number) if arrive else base.roster.withdraw(entrant, number)
    )
    checked(row, roster)
    row.roster = stored.roster_json(roster)
    db.session.commit()


def substitute(row: NightRow, names: Sequence[str], out: str, into: str) -> None:
    """``into`` plays for ``out`` in the pair ``names`` from the next round to be drawn."""
    base = tables.stored_night(row)
    roster = base.roster.substitute(night.Entrant(tuple(names)), out, into, len(base.rounds) + 1)
    checked(row, roster)
    row.roster = stored.roster_json(roster)
    db.session.commit()


def end_night(row: NightRow) -> None:
    """The organiser ends the night now: no more rounds; its ranking as it stands is final."""
    if row.ended is None:
        row.ended = now()
        db.session.commit()


def watched(row: NightRow) -> dict[int, int]:
    """The games a night's page hears through its stream, with their versions: the last game
    at each table of this round and of the one before."""
    last = len(row.rounds)
    return {
        at.games[-1].id: at.games[-1].version
        for at in row.tables
        if at.games and (at.night_round or 0) >= last - 1
    }
