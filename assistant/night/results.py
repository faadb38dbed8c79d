"""A table's result on its way into the night: sent and confirmed by its players, entered or
corrected by the organiser, or taken as it stands when the organiser closes the round. Each
step is kept (the night's reports, the organiser's results in order: the last counts) and said
in the table's game history, so that every phone at the table hears of it
(``games/night/confirm.py`` has the rules)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ..extensions import db
from ..games import night
from ..games.base import N_, Message, RuleError
from ..store.evening import log
from ..store.models import Night as NightRow
from ..store.models import now
from . import stored, tables

SENT = N_("{name} sent the result for the night.")
CONFIRMED = N_("{name} confirmed the result for the night.")
CORRECTED = N_("The organiser entered the result for the night: {totals}.")


def report(row: NightRow, key: tables.Key, by: str, author: str = "") -> night.Progress:
    """``by`` says the table's result is right: it is sent, or confirmed (a second tap of the
    same side changes nothing); a RuleError where there is nothing to say or he is not there.
    The table's progress after it."""
    read = tables.read(row)
    now_at = read.progress[key]
    said = night.report(now_at, read.sides(key), by, *key)
    if said is None:
        return now_at
    confirms = now_at.state is night.State.SENT
    row.reports = [*row.reports, stored.report_json(said)]
    game = read.started[key].games[-1]
    log(game, Message(CONFIRMED if confirms else SENT, {"name": by}), author)
    db.session.commit()
    return tables.read(row).progress[key]


def enter_result(
    row: NightRow,
    number: int,
    table: int,
    totals: Mapping[night.Entrant, int | Fraction],
    author: str = "",
) -> None:
    """The organiser's result for a table (one that did not report, a correction, a table
    closed before its game was over): it counts at once, the earlier ones stay in the history;
    checked with the whole night before it is stored."""
    result = night.TableResult(number, table, dict(totals), organiser=True)
    read = tables.read(row)
    others = [r for r in read.the_night.results if (r.round, r.table) != (number, table)]
    checked = night.Night(read.the_night.rules, read.the_night.roster, read.the_night.rounds)
    night.check_night(replace_results(checked, [*others, result]))
    row.results = [*row.results, {**stored.result_json(result), "at": now().isoformat()}]
    at = read.started.get((number, table))
    if at is not None and at.games:
        said = ", ".join(f"{e} {stored.number(t)}" for e, t in result.totals.items())
        log(at.games[-1], Message(CORRECTED, {"totals": said}), author)
    db.session.commit()


def replace_results(the_night: night.Night, results: list[night.TableResult]) -> night.Night:
    return night.Night(the_night.rules, the_night.roster, the_night.rounds, tuple(results))


def close_round(row: NightRow, author: str = "") -> None:
    """The organiser closes the round before its tables are done: each table without a result
    that counts takes its game's as it stands (whoever leads wins), as the organiser's. A
    RuleError names the tables that have none (not started, a Mus match level): he enters
    theirs first."""
    read = tables.read(row)
    missing = night.unfinished(read.the_night)
    standing = {
        t.number: stood(read, (read.the_night.rounds[-1].number, t.number)) for t in missing
    }
    if lacking := sorted(n for n, result in standing.items() if result is None):
        raise RuleError(
            N_("Enter a result for table {tables} first: its game gives none."),
            tables=", ".join(map(str, lacking)),
        )
    number = read.the_night.rounds[-1].number
    for table, result in standing.items():
        if result is not None:
            enter_result(row, number, table, result.totals, author)


def stood(read: tables.Tables, key: tables.Key) -> night.TableResult | None:
    """The table's result as its game stands now, ended there (None: none to take)."""
    progress = read.progress[key]
    if progress.result is not None:
        return progress.result
    at = read.started.get(key)
    if at is None or not at.games:
        return None
    drawn = tables.drawn_tables(read.the_night)[key]
    return tables.standing_result(at, key, drawn, read.sides(key), read.the_night.rules.format)
