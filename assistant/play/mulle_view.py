"""Mulle at the table, what the pages show: the deal being played (from the game's draft), the
tally of the counted deals, the netted view and the chart. Everything is read from the engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..games import mulle
from ..games.base import JSON, turn_order
from ..games.cards import Card, parse_card
from ..games.mulle_deal import CardRound, DealSchedule, deal_schedule, dealer_of
from ..games.mulle_piles import PACK, Count, Pile, card_points, mulle_value
from .charts import LineChart, line_chart

FULL_PACK = Pile(**{c.value: PACK[c] for c in Count})
MAX_EVENTS = 200  # 96 tabbar and 52 mulles at most: a draft longer than that is not ours


@dataclass(frozen=True)
class Side:
    """Who scores together: one player, or the two partners of a team (4 players)."""

    index: int
    names: tuple[str, ...]
    prefix: str  # the form fields of its pile: "piles_<seat>" or "team_<n>"

    @property
    def label(self) -> str:
        return " & ".join(self.names)

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


# --- the deal being played: rounds of cards and live events ---------------------------------


@dataclass(frozen=True)
class LiveEvent:
    index: int
    by: str
    card: Card | None  # None: a tabbe
    round: int | None

    @property
    def points(self) -> int:
        return mulle_value(self.card) if self.card else 1

    def to_json(self) -> JSON:
        out: JSON = {"mulle": self.card.code, "by": self.by} if self.card else {"tabbe": self.by}
        if self.round:
            out["round"] = self.round
        return out


@dataclass(frozen=True)
class LiveDeal:
    """The deal in play: which round of cards the table is at (``rounds + 1`` = counting the
    piles) and the mulles and tabbar recorded so far. Stored in the game's draft."""

    next: mulle.NextDeal
    order: tuple[str, ...]  # who gets cards, from the player after the dealer to the dealer
    round: int
    events: tuple[LiveEvent, ...]

    @property
    def number(self) -> int:
        return self.next.number

    @property
    def rounds(self) -> int:
        return self.next.rounds

    @property
    def counting(self) -> bool:
        return self.round > self.rounds

    @property
    def bat(self) -> bool:
        """The round of cards the dealer announces with "båt" (the last)."""
        return self.round == self.next.bat_round

    @property
    def cards(self) -> CardRound | None:
        return None if self.counting else self.next.schedule.rounds[self.round - 1]

    def to_each(self) -> list[tuple[str, int]]:
        """(player, cards) in dealing order."""
        return list(zip(self.order, self.cards.to_each, strict=True)) if self.cards else []

    def of(self, side: Side) -> tuple[list[str], int]:
        """The side's mulles (card codes) and tabbar recorded so far."""
        mine = [e for e in self.events if e.by in side.names]
        return [e.card.code for e in mine if e.card], sum(1 for e in mine if e.card is None)

    def points_of(self, side: Side) -> int:
        return sum(e.points for e in self.events if e.by in side.names)

    def draft(self, round: int | None = None, events: Any = None) -> JSON:
        """The draft to store: this deal with another round or other events."""
        kept = self.events if events is None else events
        return {
            "deal": self.number,
            "round": self.round if round is None else round,
            "events": [e.to_json() for e in kept],
        }

    def with_event(self, by: str, card: Card | None) -> JSON:
        event = LiveEvent(len(self.events), by, card, None if self.counting else self.round)
        return self.draft(events=[*self.events, event])

    def without(self, index: int) -> JSON:
        return self.draft(events=[e for e in self.events if e.index != index])


def read_draft(draft: Any, nxt: mulle.NextDeal, players: tuple[str, ...]) -> LiveDeal:
    """The live deal from the stored draft; anything that is not this deal's is ignored."""
    order = tuple(turn_order(players, nxt.first_player))
    if not isinstance(draft, Mapping) or draft.get("deal") != nxt.number:
        return LiveDeal(nxt, order, 1, ())
    round_ = draft.get("round")
    if isinstance(round_, bool) or not isinstance(round_, int) or not 1 <= round_ <= nxt.rounds + 1:
        round_ = 1
    events = []
    raw_events = draft.get("events")
    for raw in raw_events[:MAX_EVENTS] if isinstance(raw_events, list) else []:
        event = _read_event(raw, len(events), players)
        if event is not None:
            events.append(event)
    return LiveDeal(nxt, order, round_, tuple(events))


def _read_event(raw: Any, index: int, players: tuple[str, ...]) -> LiveEvent | None:
    if not isinstance(raw, Mapping):
        return None
    round_ = raw.get("round") if isinstance(raw.get("round"), int) else None
    if raw.get("tabbe") in players:
        return LiveEvent(index, raw["tabbe"], None, round_)
    if raw.get("by") in players:
        try:
            return LiveEvent(index, raw["by"], parse_card(raw.get("mulle")), round_)
        except ValueError:
            return None
    return None


# --- the tally ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    cards: int
    mulles: int
    tabbar: int
    total: int
    running: int
    netted: int  # mulles + tabbar after kvitta


@dataclass(frozen=True)
class DealRow:
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
    def in_teams(self) -> bool:
        return mulle.plays_in_teams(self.replay.players)

    @property
    def club(self) -> tuple[SideTotal, ...]:
        return tuple(t for t in self.totals if t.hundred_club)

    @property
    def winners(self) -> tuple[SideTotal, ...]:
        return tuple(t for t in self.totals if t.winner)

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
        """The deals after the next one, with their dealers."""
        nxt, replay = self.replay.next, self.replay
        if nxt is None:
            return []
        first = replay.deals[0].dealer if replay.deals else nxt.dealer
        return [
            (n, dealer_of(replay.players, first, n))
            for n in range(nxt.number + 1, replay.deals_in_game + 1)
        ]


def _cell(points: Any, running: int, netted: int) -> Cell:
    return Cell(points.cards, points.mulles, points.tabbar, points.total, running, netted)


def tally(replay: mulle.MulleReplay, draft: Any = None) -> MulleView:
    """Every counted deal per side (cards / mulles / tabbar, netted), the totals and the chart."""
    sides = sides_of(replay.players)
    rows = tuple(
        DealRow(
            deal.number,
            deal.dealer,
            tuple(
                _cell(deal.points[s.holder], running[s.holder], deal.kvitta()[s.holder])
                for s in sides
            ),
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
            *sums[s.index],
            total=replay.totals[s.holder],
            netted=netted[s.holder],
            winner=s.holder in replay.winners,
            hundred_club=s.holder in replay.hundred_club,
            behind=abs(best - replay.totals[s.holder]) if best is not None else 0,
        )
        for s in sides
    )
    chart = None
    if replay.deals:
        series = {s.label: [0, *[r[s.holder] for r in replay.running]] for s in sides}
        chart = line_chart(series, [str(d.number) for d in replay.deals])
    live = read_draft(draft, replay.next, replay.players) if replay.next else None
    return MulleView(replay, sides, rows, totals, chart, live)


_KINDS = ("cards", "mulles", "tabbar")
