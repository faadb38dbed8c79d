"""Plump's protocol sheet as the page draws it: a row per deal, a cell per player, the
deals still to come, the chart and the seating sketch.

As on paper, a player who is not dealt in to a deal (not come yet, sitting out, gone) has a
marked empty cell, and a corrected total a marked cell whose reason is noted under the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, NamedTuple

from markupsafe import Markup, escape

from ...games import plump
from ...games.base import Record
from ...games.plump.evening import signed
from ...games.seating import Seating, seating
from ...i18n import gettext, pgettext
from ...keeping import made_once
from ..base import Context
from ..charts import LineChart, line_chart
from ..seating import Sketch, sketch
from . import comings


class Cell(NamedTuple):  # a tuple: rows are hashed to be left out (dataclasses hash slowly)
    bid: int | None
    tricks: int | None
    made: bool | None
    score: int | None
    total: int | None
    dealt_in: bool = True  # False: the player sits this deal out (a marked empty cell)
    adjust: str | None = None  # the deal's correction of his total, signed: "+10"
    note: int | None = None  # the number of its note (the reason) under the sheet
    dealer: bool = False  # the player deals this deal (D on the sheet)

    @property
    def css(self) -> str:
        """The cell's classes: the dealer, not dealt in, made or missed, a corrected total."""
        marks = ["dealer"] if self.dealer else []
        if not self.dealt_in:
            marks.append("out")
        if self.made is not None:
            marks.append("made" if self.made else "missed")
        if self.adjust:
            marks.append("adjusted")
        return " ".join(marks)

    def html(self, said: Mapping[str, str]) -> str:
        """The cell as the sheet shows it (``said``: the marks' words in the reader's
        language); every text in it escaped, the numbers are numbers."""
        mark = f' data-mark="{said["dealer"]}"' if self.dealer else ""
        if not self.dealt_in:
            shown = said["not dealt"]
        elif self.made:
            shown = f'<span class="score">{self.score}</span>'
        elif self.made is False:
            missed = escape(gettext("bid %(n)s missed", n=self.bid))
            shown = f'<s class="bid" aria-label="{missed}">{self.bid}</s>'
            shown += f'<span class="score small">{self.score}</span>' if self.score else ""
        else:
            shown = "" if self.bid is None else f'<span class="bid open">{self.bid}</span>'
        if self.adjust:
            label = escape(gettext("%(points)s, note %(n)s", points=self.adjust, n=self.note))
            shown += (
                f'<a class="adjust" href="#note-{self.note}" aria-label="{label}">'
                f"{escape(self.adjust)}<sup>{self.note}</sup></a>"
            )
        if self.total is not None:
            shown += f'<span class="running">{self.total}</span>'
        return f'<td class="{self.css}"{mark}>{shown}</td>'


class Row(NamedTuple):
    deal: int
    cards: int
    dealer: str
    trump: str | None
    state: str  # "done", "current" or "future"
    extra: bool
    cells: tuple[Cell, ...]

    def drawn_cells(self, said: Mapping[str, str]) -> Markup:
        """The row's cells, put together here: a template loop per cell was most of the time
        a long sheet took to draw (each of a save's answers draws one), as for a pad's keys
        (``fields.pad_keys``). ``said``: the marks' words, made once a sheet
        (``PlumpView.cell_marks``)."""
        # Every text in the marks and in the cells is escaped where it is put in.
        return Markup("\n".join(cell.html(said) for cell in self.cells))  # noqa: S704  # nosec B704


class Note(NamedTuple):
    """A correction of a total, noted under the sheet as paper notes it."""

    number: int
    deal: int
    player: str
    points: str  # signed: "−10"
    reason: str


class PlumpView:
    """The page's view of the replay: its sheet's rows and its chart are made when the page
    shows them (a save reads only the replay of the version it starts from)."""

    def __init__(
        self,
        replay: plump.PlumpReplay,
        record: Record | None = None,
        draft: Mapping[str, Any] | None = None,
    ) -> None:
        self.replay = replay
        self.record = record
        self.draft = draft

    @cached_property
    def coming(self) -> plump.PlumpNext | None:
        """The next deal as the table has set it up (who is dealt in, the cards)."""
        if self.record is None:
            return self.replay.next
        return comings.coming(self.replay, self.record, self.draft)

    @cached_property
    def out_of_the_running(self) -> tuple[str, ...]:
        """Who played in the finished game but is not counted for the win (he left)."""
        return comings.out_of_the_running(self.replay)

    @cached_property
    def notes(self) -> tuple[Note, ...]:
        """Every adjustment of the game, numbered in the order of the deals."""
        entries = [(deal.deal, entry) for deal in self.replay.deals for entry in deal.adjust]
        return tuple(
            Note(n, deal, entry["player"], signed(entry["points"]), entry["reason"])
            for n, (deal, entry) in enumerate(entries, start=1)
        )

    def cell_marks(self) -> dict[str, str]:
        """The words of the sheet's marks in the reader's language, escaped: the dealer's, and
        the empty cell of a player not dealt in (made once a sheet, not once a row)."""
        out = escape(gettext("not dealt in"))
        return {
            "dealer": escape(pgettext("the dealer's mark on a sheet", "D")),
            "not dealt": f'<span class="not-dealt" title="{out}" aria-label="{out}">–</span>',
        }

    @cached_property
    def rows(self) -> tuple[Row, ...]:
        return sheet_rows(self.replay, self.record, self.notes, self.coming)

    @cached_property
    def someone_out(self) -> bool:
        """Whether the sheet has a player's cell marked as not dealt in."""
        return any(not cell.dealt_in for row in self.rows for cell in row.cells)

    @cached_property
    def chart(self) -> LineChart | None:
        done = [d for d in self.replay.deals if not d.in_play]
        if not done:
            return None
        series = {p: [0, *[d.totals[p] for d in done]] for p in self.replay.players}
        return line_chart(series, [str(d.deal) for d in done])

    @cached_property
    def seating(self) -> Sketch | None:
        """Who sits where, who deals the next deal and who bids first (None once it is over);
        those sitting the deal out are not at the table."""
        nxt = self.coming
        if nxt is None:
            return None
        dealt_in = [p for p in self.replay.players if p in nxt.bidding_order]
        return sketch(
            dealt_in, nxt.dealer, nxt.first_bidder, gettext("bids first"), self.replay.players
        )


def sheet_rows(
    replay: plump.PlumpReplay,
    record: Record | None = None,
    notes: tuple[Note, ...] = (),
    coming: plump.PlumpNext | None = None,
) -> tuple[Row, ...]:
    noted = {(note.deal, note.player): note.number for note in notes}
    rows = [deal_row(deal, replay.players, noted) for deal in replay.deals]
    nxt = coming or replay.next
    if nxt is not None and not nxt.in_play:
        cells = tuple(
            Cell(None, None, None, None, None, p in nxt.bidding_order, dealer=p == nxt.dealer)
            for p in replay.players
        )
        rows.append(Row(nxt.deal, nxt.cards, nxt.dealer, nxt.trump, "current", nxt.extra, cells))
    if nxt is not None and record is not None and (nxt.seats.out or _comes_and_goes(record)):
        if not nxt.in_play:  # the deals after it go on with the players set up for it
            record = record.with_rounds([*record.rounds, {"out": list(nxt.seats.out)}])
        rows += coming_rows(replay, record, nxt.seats)
        return tuple(rows)
    first = _first(replay)
    for number in range(len(rows) + 1, replay.deal_count + 1):
        rows.append(made_once(future_row, replay.options, replay.players, first, number))
    return tuple(rows)


def _comes_and_goes(record: Record) -> bool:
    return any(isinstance(raw, Mapping) and "out" in raw for raw in record.rounds)


def deal_row(
    deal: plump.PlumpDeal, players: tuple[str, ...], noted: Mapping[tuple[int, str], int]
) -> Row:
    """The row of a deal played (or in play)."""
    cells = tuple(
        Cell(
            deal.bids.get(p),
            deal.tricks.get(p) if deal.tricks else None,
            deal.made.get(p) if deal.made else None,
            deal.scores.get(p) if deal.scores else None,
            _running(deal, p),
            p in deal.bidding_order,
            _adjusted(deal, p),
            noted.get((deal.deal, p)),
            p == deal.dealer,
        )
        for p in players
    )
    state = "current" if deal.in_play else "done"
    return Row(deal.deal, deal.cards, deal.dealer, deal.trump, state, deal.extra, cells)


def _running(deal: plump.PlumpDeal, player: str) -> int | None:
    """The running total under a cell: once the deal is played, for those dealt in and for one
    out of it whose total was corrected on it."""
    if deal.in_play:
        return None
    if player in deal.bidding_order or any(a["player"] == player for a in deal.adjust):
        return deal.totals[player]
    return None


def _adjusted(deal: plump.PlumpDeal, player: str) -> str | None:
    points = sum(entry["points"] for entry in deal.adjust if entry["player"] == player)
    return signed(points) if points else None


def coming_rows(replay: plump.PlumpReplay, record: Record, after: Seating) -> list[Row]:
    """The deals still to come where people have come and gone: those of the last deal play on,
    the deal passing round them (not cached: it depends on who sits where now)."""
    rows: list[Row] = []
    seats = after
    for number in range(after.number + 1, replay.deal_count + 1):
        seats = seating(record, number, seats)
        setup = plump.upcoming(replay.options, seats, replay.planned)
        cells = tuple(
            Cell(None, None, None, None, None, p in seats.order, dealer=p == setup.dealer)
            for p in replay.players
        )
        rows.append(Row(number, setup.cards, setup.dealer, setup.trump, "future", False, cells))
    return rows


def future_row(
    options: plump.PlumpOptions, players: tuple[str, ...], first: str, number: int
) -> Row:
    """A deal still to come: the same for every version of a game until it is dealt."""
    setup = plump.deal_setup(options, seating(Record(plump.SPEC.kind, players, first), number))
    empty = tuple(Cell(None, None, None, None, None, dealer=p == setup.dealer) for p in players)
    return Row(number, setup.cards, setup.dealer, setup.trump, "future", False, empty)


def _first(replay: plump.PlumpReplay) -> str:
    """The first dealer, read back from deal 1 (or the next deal when nothing is entered)."""
    if replay.deals:
        return replay.deals[0].dealer
    assert replay.next is not None
    return replay.next.dealer


# What the adapter's methods are given: the game as stored, its replay and this view of it.
PlumpContext = Context[plump.PlumpReplay, PlumpView]
