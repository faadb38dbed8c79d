"""A table's result on its way into the night, and each table's progress as the organiser's
page and the hall screen show it.

A table's game, once over, gives its result. Where the night's rules ask for it
(``NightRules.confirm``), that result counts once two sides at the table said it is right:
the first to say so sent it, one of another side confirms it (a Mus table: a player of the
other pair; Plump, Mulle, Boodle: another player than the one who sent it last). A result that
changes after it was sent (a deal corrected) is to be sent again. Without confirmation, a
game's result counts as soon as it is over.

The organiser's result for a table (a correction, or a table closed before its game was over)
counts at once; the earlier ones stay in the history, the last one counts.

>>> from .people import Entrant
>>> anna, bo = Entrant(("Anna",)), Entrant(("Bo",))
>>> over = TableResult(1, 1, {anna: 40, bo: 31})
>>> sent = [Report(1, 1, "Anna", over)]
>>> progress(True, [("Anna",), ("Bo",)], Play(10, 10, over), sent).state
<State.SENT: 'sent'>
>>> progress(True, [("Anna",), ("Bo",)], Play(10, 10, over), [*sent, Report(1, 1, "Bo", over)])
... # doctest: +NORMALIZE_WHITESPACE
Progress(state=<State.CONFIRMED: 'confirmed'>, deals=10, of=10, result=TableResult(round=1,
table=1, totals={Entrant(names=('Anna',)): 40, Entrant(names=('Bo',)): 31}, low_wins=False,
organiser=False), sent_by='Anna', confirmed_by='Bo')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from ..base import N_, RuleError
from .results import TableResult


class State(Enum):
    NOT_STARTED = "not started"
    PLAYING = "playing"  # deal 7 of 19
    FINISHED = "finished"  # over, not sent yet
    SENT = "sent"  # sent, waiting for another side's confirmation
    CONFIRMED = "confirmed"
    CORRECTED = "corrected"  # the organiser's result counts

    @property
    def waiting(self) -> bool:
        """Over, but not counted yet."""
        return self in (State.FINISHED, State.SENT)

    @property
    def counted(self) -> bool:
        return self in (State.CONFIRMED, State.CORRECTED)


@dataclass(frozen=True)
class Report:
    """``by`` (a player at the table) says table ``table`` of round ``round`` ended so."""

    round: int
    table: int
    by: str
    result: TableResult


@dataclass(frozen=True)
class Play:
    """A table's game as it stands: the deals entered, the deals in all where the game knows
    it (a Plump game), and its result once it is over."""

    deals: int
    of: int | None = None
    result: TableResult | None = None


@dataclass(frozen=True)
class Progress:
    """Where a table stands, with its result once over (as sent, confirmed or corrected)."""

    state: State
    deals: int = 0
    of: int | None = None
    result: TableResult | None = None
    sent_by: str = ""
    confirmed_by: str = ""

    @property
    def counts(self) -> TableResult | None:
        """The result the night counts for this table, if any yet."""
        return self.result if self.state.counted else None


def _same(one: TableResult, other: TableResult) -> bool:
    return (one.totals, one.low_wins) == (other.totals, other.low_wins)


def _side(sides: Sequence[Sequence[str]], name: str) -> int | None:
    return next((n for n, side in enumerate(sides) if name in side), None)


def _agreed(
    sides: Sequence[Sequence[str]], result: TableResult, reports: Iterable[Report]
) -> list[str]:
    """Who said ``result`` is right, since anyone last said another one was."""
    names: list[str] = []
    for report in reports:
        if not _same(report.result, result):
            names = []
        elif _side(sides, report.by) is not None:
            names.append(report.by)
    return names


def progress(
    confirm: bool,
    sides: Sequence[Sequence[str]],
    play: Play | None,
    reports: Sequence[Report] = (),
    corrected: TableResult | None = None,
) -> Progress:
    """Where the table stands: ``sides`` its players by side (a pair, or one player),
    ``play`` its game (None: not started), ``reports`` what its players said, in order, and
    the organiser's last result for it."""
    deals, of = (play.deals, play.of) if play else (0, None)
    if corrected is not None:
        return Progress(State.CORRECTED, deals, of, corrected)
    if play is None or play.result is None:
        return Progress(State.PLAYING if deals else State.NOT_STARTED, deals, of)
    if not confirm:
        return Progress(State.CONFIRMED, deals, of, play.result)
    agreed = _agreed(sides, play.result, reports)
    if not agreed:
        return Progress(State.FINISHED, deals, of, play.result)
    first = _side(sides, agreed[0])
    other = next((name for name in agreed if _side(sides, name) != first), "")
    if other:
        return Progress(State.CONFIRMED, deals, of, play.result, agreed[0], other)
    return Progress(State.SENT, deals, of, play.result, agreed[-1])


def report(
    now: Progress, sides: Sequence[Sequence[str]], by: str, number: int, table: int
) -> Report | None:
    """What ``by`` saying the table's result is right adds: the result sent, or confirmed
    (None: nothing more, his side said so already or it counts already); a RuleError where
    there is nothing to say yet or he does not play at the table."""
    if _side(sides, by) is None:
        raise RuleError(N_("{name} does not play at this table"), name=by)
    if now.result is None or now.state in (State.NOT_STARTED, State.PLAYING):
        raise RuleError(N_("table {table} has no result yet"), table=table, round=number)
    if now.state.counted:
        return None
    if now.state is State.SENT and _side(sides, now.sent_by) == _side(sides, by):
        return None
    return Report(number, table, by, replace(now.result, round=number, table=table))


def last_results(results: Iterable[TableResult]) -> tuple[TableResult, ...]:
    """Of several results for one table (the organiser's, in the order entered), the last."""
    found = {(result.round, result.table): result for result in results}
    return tuple(found.values())
