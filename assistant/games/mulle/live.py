"""Mulle: the deal being played, kept in the game's draft so that every phone sees it.

The draft is ``{"deal": 3, "round": 2, "events": [{"mulle": "7S", "by": "Bo", "round": 1},
{"tabbe": "Anna", "round": 2}]}``: which round of cards the table is at (one past the last:
counting the piles) and the mulles and tabbar recorded so far, oldest first. A draft that is not
this deal's, or not readable, starts the deal afresh: it is only ever written by the app.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import JSON
from ..cards import Card, parse_card
from . import NextDeal
from .deal import CardRound
from .piles import mulle_value

MAX_EVENTS = 200  # 96 tabbar and 52 mulles at most: a draft longer than that is not ours


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

    next: NextDeal
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

    def of(self, names: tuple[str, ...]) -> tuple[list[str], int]:
        """The mulles (card codes) and tabbar of a side (these players) recorded so far."""
        mine = [e for e in self.events if e.by in names]
        return [e.card.code for e in mine if e.card], sum(1 for e in mine if e.card is None)

    def points_of(self, names: tuple[str, ...]) -> int:
        """What a side's (these players') mulles and tabbar are worth so far."""
        return sum(e.points for e in self.events if e.by in names)

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


def read_draft(draft: Any, nxt: NextDeal, players: tuple[str, ...]) -> LiveDeal:
    """The live deal from the stored draft; anything that is not this deal's is ignored."""
    order = nxt.seats.order
    if not isinstance(draft, Mapping) or draft.get("deal") != nxt.number:
        return LiveDeal(nxt, order, 1, ())
    round_ = draft.get("round")
    if isinstance(round_, bool) or not isinstance(round_, int) or not 1 <= round_ <= nxt.rounds + 1:
        round_ = 1
    events: list[LiveEvent] = []
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
