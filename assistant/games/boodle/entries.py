"""Boodle: one deal as entered at the table (a round of docs/records.md), checked field by field.

Fields of an error: ``stakes.Bo.KC``, ``widow.auction.price``, ``poker.bets.Bo``; the events and
the cards left are checked in ``events``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, RuleError, check_int, check_player
from .events import Event, Out, boodle_card, parse_cards_left, parse_events
from .people import Adjustment, parse_adjustments
from .poker import PokerEntry, parse_poker
from .rules import CARDS, BoodleCard, BoodleOptions, WidowRule, check_fields, field_of


@dataclass(frozen=True)
class Auction:
    """``buyer`` bought the spare hand unseen and paid ``price`` chips to the dealer."""

    buyer: str
    price: int


@dataclass(frozen=True)
class DealEntry:
    """A checked round: ``stakes`` only with a free stake, ``poker`` only with Three in One."""

    stakes: Mapping[str, Mapping[BoodleCard, int]] | None
    swap: bool
    auction: Auction | None
    poker: PokerEntry | None
    events: tuple[Event, ...]
    cards_left: Mapping[str, int]
    out: tuple[str, ...] | None = None  # the round's ``out`` as entered (None: it had none)
    adjust: tuple[Adjustment, ...] = ()  # chips moved by hand after the deal

    @property
    def complete(self) -> bool:
        """Has somebody gone out (always, except in a deal still being played)?"""
        return bool(self.events) and isinstance(self.events[-1], Out)

    @property
    def winner(self) -> str:
        """Who went out."""
        out = self.events[-1]
        assert isinstance(out, Out)
        return out.by


ROUND_FIELDS = frozenset(("stakes", "widow", "poker", "events", "cards_left"))
# A deal may also leave players out and move chips by hand (seating reads ``out``).
WHOLE_ROUND_FIELDS = ROUND_FIELDS | {"out", "adjust"}


def parse_deal(
    raw: Any, players: Sequence[str], dealer: str, options: BoodleOptions, *, partial: bool = False
) -> DealEntry:
    """Check one round of a Boodle record (``dealer`` deals it). ``partial``: a deal still being
    played, whose events need not end with an out yet (until one does there are no cards left)
    and whose poker stage may not be finished yet (``live`` checks that)."""
    check_fields(raw, allowed=WHOLE_ROUND_FIELDS, what="the deal", at="")
    stakes = parse_stakes(raw.get("stakes"), players, dealer, options)
    swap, auction = parse_widow(raw.get("widow"), players, dealer, options.widow)
    poker = raw.get("poker")
    if options.pot_ante is None and poker is not None:
        raise RuleError(
            N_("This table does not play Three in One: there is no poker stage"), field="poker"
        )
    if options.pot_ante is not None:
        if poker is None and not partial:
            raise RuleError(
                N_("Three in One: enter the poker stage (bets, folds and who won)"), field="poker"
            )
        poker = None if poker is None else parse_poker(poker, players)
    events = parse_events(raw.get("events"), players, partial=partial)
    if events and isinstance(events[-1], Out):
        cards_left = parse_cards_left(raw.get("cards_left"), players, events[-1].by)
    elif raw.get("cards_left") is not None:
        raise RuleError(
            N_("The cards left are counted when someone goes out: who went out?"),
            field="cards_left",
        )
    else:
        cards_left = {}
    out = tuple(raw["out"]) if "out" in raw else None  # seating has checked it
    adjust = parse_adjustments(raw, players)
    return DealEntry(stakes, swap, auction, poker, events, cards_left, out, adjust)


def parse_stakes(
    raw: Any, players: Sequence[str], dealer: str, options: BoodleOptions
) -> dict[str, dict[BoodleCard, int]] | None:
    """Where each player put his free stake (None under the standard ante)."""
    if options.free is None:
        if raw is not None:
            raise RuleError(
                N_(
                    "Stakes are entered only with a free stake: under the standard ante everyone"
                    " puts 1 chip on each boodle card and the dealer 2"
                ),
                field="stakes",
            )
        return None
    if raw is None:
        raise RuleError(
            N_("Enter where each player put their {each} chips (the dealer {double})"),
            field="stakes",
            each=options.free,
            double=2 * options.free,
        )
    if not isinstance(raw, Mapping):
        raise RuleError(N_("stakes must give each player's chips per card"), field="stakes")
    for name in raw:
        with field_of(f"stakes.{name}"):
            check_player(name, players, what="stakes")
    stakes = {}
    for name in players:
        if name not in raw:
            raise RuleError(
                N_("Where did {name} put their {chips} chips?"),
                field=f"stakes.{name}",
                name=name,
                chips=options.stake(dealer=name == dealer),
            )
        stakes[name] = parse_stake(raw[name], name, dealer, options)
    return stakes


def parse_stake(raw: Any, name: str, dealer: str, options: BoodleOptions) -> dict[BoodleCard, int]:
    """One player's free stake: chips per boodle card, adding up to N (the dealer's to 2N)."""
    field = f"stakes.{name}"
    if not isinstance(raw, Mapping):
        raise RuleError(
            N_("{name}'s stake must give chips per boodle card"), field=field, name=name
        )
    stake = dict.fromkeys(CARDS, 0)
    for code, chips in raw.items():
        card = boodle_card(code, field=f"{field}.{code}")
        with field_of(f"{field}.{code}"):
            stake[card] = check_int(chips, what=f"{name}'s chips on {card.label}", low=0)
    due = options.stake(dealer=name == dealer)
    placed = sum(stake.values())
    if placed != due:
        template = (
            N_("{name} deals and places {due} chips, not {placed}")
            if name == dealer
            else N_("{name} places {due} chips, not {placed}")
        )
        raise RuleError(template, field=field, name=name, due=due, placed=placed)
    return stake


def parse_widow(
    raw: Any, players: Sequence[str], dealer: str, rule: WidowRule
) -> tuple[bool, Auction | None]:
    """The spare hand: (did the dealer swap, the auction if there was one)."""
    if raw is None:
        return False, None
    check_fields(raw, allowed=("swap", "auction"), what="widow", at="widow.")
    swap = raw.get("swap", False)
    if not isinstance(swap, bool):
        raise RuleError(N_("swap is true or false"), field="widow.swap")
    if rule is WidowRule.DEAD and (swap or raw.get("auction") is not None):
        raise RuleError(
            N_("The spare hand is dead at this table: nobody swaps or buys it"), field="widow"
        )
    auction = None
    if raw.get("auction") is not None:
        if rule is not WidowRule.AUCTION:
            raise RuleError(
                N_("The spare hand is not auctioned at this table: only the dealer may swap it"),
                field="widow.auction",
            )
        auction = parse_auction(raw["auction"], players, dealer)
    return swap, auction


def parse_auction(raw: Any, players: Sequence[str], dealer: str) -> Auction:
    """Who bought the spare hand (never the dealer) and for how many chips (at least 1)."""
    fields = ("buyer", "price")
    check_fields(raw, allowed=fields, required=fields, what="auction", at="widow.auction.")
    with field_of("widow.auction.buyer"):
        buyer = check_player(raw["buyer"], players, what="the buyer")
    if buyer == dealer:
        raise RuleError(
            N_("{name} deals and cannot buy the spare hand: the price is paid to the dealer"),
            field="widow.auction.buyer",
            name=buyer,
        )
    price = raw["price"]
    if isinstance(price, bool) or not isinstance(price, int):
        raise RuleError(
            N_("The price must be a whole number of chips"), field="widow.auction.price"
        )
    if price < 1:
        raise RuleError(
            N_("The spare hand is sold for at least 1 chip, not {price}"),
            field="widow.auction.price",
            price=price,
        )
    return Auction(buyer, price)
