"""A night's tables as they stand: each drawn table's game (its deals, and its result once it is
over), what its players said of that result (sent, confirmed) and the organiser's results; from
these the engine says each table's progress and which results count
(``games/night/confirm.py``). Everything is read from the rows each time, never kept.

A table's game gives its result as the evening page reads it (the last game at the table that
ended, by itself or as the table ended its evening: whoever led then won). A result whose
players are not those drawn there (a substitute nobody entered in the night) is no result: the
organiser enters one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..games import find_game, night
from ..games.evening import Outcome
from ..store import service as store
from ..store.models import Night as NightRow
from ..store.models import Table
from . import stored

Key = tuple[int, int]  # (round, table)


@dataclass(frozen=True)
class Tables:
    """The night read once: as the engine takes it (every result that counts in), each drawn
    table's progress, its started table and the organiser's results for it, in order."""

    the_night: night.Night
    progress: dict[Key, night.Progress]
    started: dict[Key, Table]
    history: dict[Key, list[night.TableResult]]

    def sides(self, key: Key) -> list[tuple[str, ...]]:
        return sides_of(self.the_night, key)


def stored_night(row: NightRow) -> night.Night:
    """The night as stored: its rules, roster and rounds, the organiser's last results."""
    return night.Night(
        stored.rules_of(row.rules, row.seed),
        stored.roster_of(row.roster),
        tuple(stored.round_of(r) for r in row.rounds),
        night.last_results(stored.result_of(r) for r in row.results),
        ended=row.ended is not None,
    )


def drawn_tables(the_night: night.Night) -> dict[Key, night.Table]:
    return {(r.number, t.number): t for r in the_night.rounds for t in r.tables}


def sides_of(the_night: night.Night, key: Key) -> list[tuple[str, ...]]:
    """Who sits at the drawn table, side by side: a pair's players as they play that round (a
    substitute in), or one player."""
    table = drawn_tables(the_night)[key]
    return [the_night.roster.names_in(entrant, key[0]) for entrant in table.seats]


def read(row: NightRow) -> Tables:
    """Every drawn table of the night as it stands, and the night with its results in."""
    base = stored_night(row)
    started = {(t.night_round or 0, t.night_table or 0): t for t in row.tables}
    history: dict[Key, list[night.TableResult]] = {}
    for raw in row.results:
        result = stored.result_of(raw)
        history.setdefault((result.round, result.table), []).append(result)
    reports: dict[Key, list[night.Report]] = {}
    for raw in row.reports:
        report = stored.report_of(raw)
        reports.setdefault((report.round, report.table), []).append(report)
    progress = {}
    for key, drawn in drawn_tables(base).items():
        sides = sides_of(base, key)
        at = started.get(key)
        play = play_of(at, key, drawn, sides, base.rules.format) if at else None
        corrected = history[key][-1] if key in history else None
        progress[key] = night.progress(
            base.rules.confirm, sides, play, reports.get(key, ()), corrected
        )
    counted = tuple(
        replace(p.counts, round=key[0], table=key[1])
        for key, p in progress.items()
        if p.counts is not None
    )
    return Tables(replace(base, results=counted), progress, started, history)


def play_of(
    table: Table,
    key: Key,
    drawn: night.Table,
    sides: Sequence[Sequence[str]],
    fmt: night.Format,
) -> night.Play | None:
    """The table's last game as it stands (None: none started): its deals, its deals in all
    where the game knows them, and its result once over."""
    if not table.games:
        return None
    deals, outcome = outcome_of(table)
    result = result_of_game(outcome, key, drawn, sides, fmt) if outcome.finished else None
    return night.Play(deals, outcome.planned, result)


def standing_result(
    table: Table,
    key: Key,
    drawn: night.Table,
    sides: Sequence[Sequence[str]],
    fmt: night.Format,
) -> night.TableResult | None:
    """The table's result were its game ended now, whoever leads winning (None: no deal yet,
    or a Mus match level)."""
    if not table.games:
        return None
    deals, outcome = outcome_of(table)
    return result_of_game(outcome.ended(), key, drawn, sides, fmt) if deals else None


def outcome_of(table: Table) -> tuple[int, Outcome]:
    """The deals of the table's last game and its outcome (ended where the table ended it)."""
    game = table.games[-1]
    loaded = store.load_game(game)
    outcome = find_game(game.kind).evening.outcome(loaded.replay)
    return len(loaded.record.rounds), outcome.ended() if game.finished is not None else outcome


def result_of_game(
    outcome: Outcome,
    key: Key,
    drawn: night.Table,
    sides: Sequence[Sequence[str]],
    fmt: night.Format,
) -> night.TableResult | None:
    """A finished game's result for the night (a match needs a winner: a Mus game ended level
    is none, the organiser enters one)."""
    result = result_of_outcome(outcome, key, drawn.seats, sides)
    if result is not None and fmt is not night.Format.ROUNDS and shared_first(result):
        return None
    return result


def shared_first(result: night.TableResult) -> bool:
    return sum(place == 1 for place in night.places(result).values()) > 1


def result_of_outcome(
    outcome: Outcome,
    key: Key,
    seats: Sequence[night.Entrant],
    sides: Sequence[Sequence[str]],
) -> night.TableResult | None:
    """A game's outcome as its night table's result: each entrant's score (a player carries
    his team's; a Mus pair its games won), or None where someone played there who was not
    drawn there. Its scores come best first, so where the first is the smallest the game's
    lowest total wins (kryp-mulle)."""
    by_names = {frozenset(names): entrant for entrant, names in zip(seats, sides, strict=True)}
    totals: dict[night.Entrant, Fraction | int] = {}
    for score in outcome.scores:
        pair = by_names.get(frozenset(score.who))
        for entrant in [pair] if pair else [by_names.get(frozenset([n])) for n in score.who]:
            if entrant is None:  # someone not drawn there played (a substitute)
                return None
            totals[entrant] = score.score
    if set(totals) != set(seats):
        return None
    low_wins = outcome.scores[0].score < outcome.scores[-1].score
    return night.TableResult(*key, totals, low_wins)
