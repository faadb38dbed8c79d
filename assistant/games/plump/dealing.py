"""Setting a Plump deal up: who is dealt in (``seating``), how many cards (the schedule made
for those dealt in in deal 1, or the round's own), and the deal the table plays next, as the
rounds leave it or as the table sets it up (someone joins, sits out or goes home).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ..base import JSON, Record, RuleError
from ..seating import Seating, seating
from .comings import check_dealt_in, dealt_cards, most_cards
from .options import PlumpOptions
from .rounds import DealSetup, deal_setup, scheduled_cards


@dataclass(frozen=True)
class PlumpNext(DealSetup):
    """The deal the table plays next (the deal in play when its tricks are not entered yet).

    ``trump`` is the rule's value when ``enter_trump`` is false; otherwise the table enters the
    turned-up suit (``trump`` is then the suit already entered for a deal in play, else None).
    ``bids`` are the bids already entered (deal in play: only the tricks remain), else None.
    The dealer's forbidden bid comes from ``forbidden_for(bids)`` once the others have bid.
    """

    bids: Mapping[str, int] | None
    # What a round for this deal writes beyond its bids (not in play): ``out`` where some sit
    # it out, ``cards`` where they are not the schedule's (docs/records.md).
    carried: Mapping[str, Any] = field(default_factory=dict)
    unfit: int | None = None  # the schedule's cards where they no longer fit the pack
    most: int = 0  # the most cards each player dealt in can be given

    @property
    def in_play(self) -> bool:
        return self.bids is not None

    def to_json(self) -> JSON:
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "cards": self.cards,
            "first_bidder": self.first_bidder,
        }


def planned(record: Record) -> int:
    """The players the schedule is made for: those dealt in in deal 1 (3 to 7)."""
    try:
        return check_dealt_in(seating(record, 1))
    except RuleError as error:
        raise error.at_round(1) if record.rounds else error from None


def round_setup(options: PlumpOptions, seats: Seating, planned: int, raw: Any) -> DealSetup:
    """A round's set-up: its players dealt in (3 to 7) and its cards (the round's own, else
    the schedule's, which must fit the pack)."""
    check_dealt_in(seats)
    scheduled = scheduled_cards(options, seats.number, planned)
    cards = dealt_cards(seats, scheduled, raw if isinstance(raw, Mapping) else {})
    return deal_setup(options, seats, planned, cards)


def upcoming(
    options: PlumpOptions, seats: Seating, planned: int, cards: int | None = None
) -> PlumpNext:
    """A deal still to be dealt to ``seats`` (the schedule made for ``planned``): the schedule's
    cards, or where they no longer fit the pack the most that do, or the table's ``cards``."""
    check_dealt_in(seats)
    scheduled = scheduled_cards(options, seats.number, planned)
    most = most_cards(seats)
    if cards is None:
        dealt = min(scheduled, most)
    else:
        dealt = dealt_cards(seats, scheduled, {"cards": cards})
    carried: JSON = {"out": list(seats.out)} if seats.out else {}
    if dealt != scheduled:
        carried["cards"] = dealt
    setup = deal_setup(options, seats, planned, dealt)
    unfit = scheduled if scheduled > most else None
    return PlumpNext(**setup_of(setup), bids=None, carried=carried, unfit=unfit, most=most)


def set_up(
    record: Record,
    before: Seating | None,
    options: PlumpOptions,
    out: Iterable[str],
    cards: int | None = None,
) -> PlumpNext:
    """The next deal as the table sets it up: ``out`` not dealt in (the players the rounds leave
    out are dealt in again unless named), ``cards`` where not the schedule's. ``before``: the
    seating of the last deal. A RuleError says what cannot be (fewer than 3 dealt in...)."""
    number = len(record.rounds) + 1
    trial = record.with_rounds([*record.rounds, {"out": list(out)}])
    seats = seating(trial, number, before)
    return upcoming(options, seats, planned(record), cards)


def setup_of(setup: DealSetup) -> dict[str, Any]:
    """The DealSetup part of a deal (or of a subclass), to build another kind of deal from it."""
    return {name: getattr(setup, name) for name in SETUP_FIELDS}


SETUP_FIELDS = tuple(f.name for f in fields(DealSetup))
