"""Mulle at the table, what the pages show: the tally of the counted deals, the netted view and
the chart, beside the deal being played (the engine's live deal). Everything is read from the
engine."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...games import mulle
from ...games.base import Record, partners
from ...games.mulle.deal import DealSchedule, deal_schedule
from ...games.mulle.live import LiveDeal, read_draft
from ...games.mulle.piles import PACK, Count, Pile, card_points
from ...games.seating import seating
from ...i18n import say
from ..base import Context
from ..charts import LineChart, line_chart

FULL_PACK = Pile(
    spades=PACK[Count.SPADES],
    aces=PACK[Count.ACES],
    spade_aces=PACK[Count.SPADE_ACES],
    spade_twos=PACK[Count.SPADE_TWOS],
    diamond_tens=PACK[Count.DIAMOND_TENS],
)


@dataclass(frozen=True)
class Side:
    """Who scores together: one player, or the two partners of a team (4 players)."""

    index: int
    names: tuple[str, ...]
    prefix: str  # the form fields of its pile: "piles_<seat>" or "team_<n>"

    @property
    def label(self) -> str:
        """The player, or the two partners as every page says them ("Ane y Miren")."""
        return say(partners(*self.names)) if len(self.names) == 2 else self.names[0]

    @property
    def holder(self) -> str:
        """The player whose pile holds the side's cards in the record."""
        return self.names[0]


def sides_of(players: tuple[str, ...]) -> tuple[Side, ...]:
    in_teams = mulle.plays_in_teams(players)
    return tuple(
        Side(n, side, f"team_{n}" if in_teams else f"piles_{players.index(side[0])}")
        for n, side in enumerate(mulle.sides(players))
    )


# --- the tally ------------------------------------------------------------------------------


class Cell(NamedTuple):  # tuples: rows are hashed to be left out (dataclasses hash slowly)
    cards: int
    mulles: int
    tabbar: int
    total: int
    running: int
    netted: int  # mulles + tabbar after kvitta
    adjust: tuple[tuple[int, str], ...] = ()  # points given to the side (or taken), each's reason


class DealRow(NamedTuple):
    number: int
    dealer: str
    cells: tuple[Cell, ...]  # one per side
    warnings: tuple[Any, ...]  # engine messages: the shortfalls the table confirmed


@dataclass(frozen=True)
class SideTotal:
    side: Side
    cards: int
    mulles: int
    tabbar: int
    total: int
    netted: int
    winner: bool
    hundred_club: bool
    behind: int  # points behind the winner (finished games)


@dataclass(frozen=True)
class MulleView:
    replay: mulle.MulleReplay
    sides: tuple[Side, ...]
    rows: tuple[DealRow, ...]
    totals: tuple[SideTotal, ...]
    chart: LineChart | None
    live: LiveDeal | None  # the deal in play (None when the game is over)

    @property
    def adjusted(self) -> bool:
        """Whether the table gave or took points in any deal (the sheet explains the mark)."""
        return any(cell.adjust for row in self.rows for cell in row.cells)

    @property
    def in_teams(self) -> bool:
        return mulle.plays_in_teams(self.replay.players)

    @property
    def club(self) -> tuple[SideTotal, ...]:
        return tuple(t for t in self.totals if t.hundred_club)

    @property
    def winners(self) -> tuple[SideTotal, ...]:
        return tuple(t for t in self.totals if t.winner)

    @property
    def winners_line(self) -> str:
        """The winners with their totals ("Cia 218"): the end of the game names each total."""
        return _with_totals(self.winners)

    @property
    def others_line(self) -> str:
        """The other sides with their totals, the nearest to the winner first ("" if none)."""
        others = sorted((t for t in self.totals if not t.winner), key=lambda t: t.behind)
        return _with_totals(others)

    @property
    def schedule(self) -> DealSchedule:
        """How this table deals (for the rules card)."""
        return deal_schedule(self.replay.options.deal, len(self.replay.players))

    @property
    def deal_worth(self) -> int:
        """What the counted cards of a whole deal are worth under this table's options."""
        o = self.replay.options
        return card_points(FULL_PACK, o.spade_points, o.diamond_ten_points)

    @property
    def upcoming(self) -> list[tuple[int, str]]:
        """The next few deals after the one in play, with their dealers (a game of many deals
        is not drawn as a long column of empty rows: ``later`` counts the rest)."""
        nxt, replay = self.replay.next, self.replay
        if nxt is None:
            return []
        # each deal passes on from the one before it, so the record's first dealer is not asked
        record = Record(mulle.SPEC.kind, replay.players, nxt.dealer)
        last = min(nxt.number + UPCOMING_SHOWN, replay.deals_in_game)
        seats, upcoming = nxt.seats, []
        for number in range(nxt.number + 1, last + 1):
            seats = seating(record, number, seats)
            upcoming.append((number, seats.dealer))
        return upcoming

    @property
    def later(self) -> int:
        """How many deals are to come after those ``upcoming`` shows."""
        nxt = self.replay.next
        if nxt is None:
            return 0
        return max(0, self.replay.deals_in_game - nxt.number - UPCOMING_SHOWN)


UPCOMING_SHOWN = 4  # the deals to come drawn as rows of the sheet


def _with_totals(totals: Iterable[SideTotal]) -> str:
    # A no-break space: a name never parts from its total at the end of a line.
    return ", ".join(f"{t.side.label}\u00a0{t.total}" for t in totals)


def _cell(deal: mulle.DealResult, side: Side, running: int, netted: int) -> Cell:
    points = deal.points[side.holder]
    adjust = tuple((a.points, a.reason) for a in deal.adjust if a.player in side.names)
    return Cell(points.cards, points.mulles, points.tabbar, points.total, running, netted, adjust)


def tally(replay: mulle.MulleReplay, draft: Any = None) -> MulleView:
    """Every counted deal per side (cards / mulles / tabbar, netted), the totals and the chart."""
    sides = sides_of(replay.players)
    rows = tuple(
        DealRow(
            deal.number,
            deal.dealer,
            tuple(_cell(deal, s, running[s.holder], deal.kvitta()[s.holder]) for s in sides),
            tuple(w.message for w in deal.warnings),
        )
        for deal, running in zip(replay.deals, replay.running, strict=True)
    )
    sums = {
        s.index: [sum(getattr(row.cells[s.index], k) for row in rows) for k in _KINDS]
        for s in sides
    }
    netted = mulle.kvitta({s.holder: sums[s.index][1] + sums[s.index][2] for s in sides})
    best = replay.totals[replay.winners[0]] if replay.finished and replay.winners else None
    totals = tuple(
        SideTotal(
            s,
            cards=sums[s.index][0],
            mulles=sums[s.index][1],
            tabbar=sums[s.index][2],
            total=replay.totals[s.holder],
            netted=netted[s.holder],
            winner=s.holder in replay.winners,
            hundred_club=s.holder in replay.hundred_club,
            behind=abs(best - replay.totals[s.holder]) if best is not None else 0,
        )
        for s in sides
    )
    live = read_draft(draft, replay.next, replay.players) if replay.next else None
    return MulleView(replay, sides, rows, totals, running_chart(replay, sides), live)


def running_chart(replay: mulle.MulleReplay, sides: Sequence[Side]) -> LineChart | None:
    """Each side's running total over the deals (None before the first deal)."""
    if not replay.deals:
        return None
    series = {s.label: [0, *[r[s.holder] for r in replay.running]] for s in sides}
    return line_chart(series, [str(d.number) for d in replay.deals])


_KINDS = ("cards", "mulles", "tabbar")


# What the adapter's methods are given: the game as stored, its replay and this view of it.
MulleContext = Context[mulle.MulleReplay, MulleView]
