"""One Plump deal: who deals and bids, the dealer's hook, checking bids and tricks, the points.

These checks are reusable (a form can check bids before the tricks exist), but the single source
of truth stays :func:`assistant.games.plump.replay` of the whole record.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..base import N_, RuleError
from ..seating import Seated, Seating
from .comings import check_adjustments, check_dealt_in, name_in_deal
from .options import PlumpOptions, Scoring
from .schedule import TRUMPS, deal_plan, fixed_trump

ROUND_FIELDS = ("trump", "bids", "tricks", "out", "cards", "adjust", "winners")


def forbidden_bid(cards: int, others: int | Iterable[int], hook: bool = True) -> int | None:
    """The one bid the dealer may not make, or None (hook off, or the others bid too much).

    ``others`` is the sum of the other players' bids, or the bids themselves.

    >>> forbidden_bid(5, [2, 0, 1], hook=True)
    2
    >>> forbidden_bid(5, [3, 1, 2], hook=True) is None
    True
    >>> forbidden_bid(1, 0, hook=True), forbidden_bid(10, [3, 3, 2], hook=False)
    (1, None)
    """
    if not hook:
        return None
    rest = cards - (others if isinstance(others, int) else sum(others))
    return rest if rest >= 0 else None


@dataclass(frozen=True)
class DealSetup(Seated):
    """What is known of a deal before anybody bids.

    ``trump`` is the trump the rules fix (or, in a deal already entered, the suit turned up;
    None while unknown); ``enter_trump`` says the table enters the turned-up suit;
    ``hook`` says the dealer's hook applies; ``extra`` marks a deal played to break a tie.
    """

    seats: Seating  # who is dealt in, who deals and who bids first (``seating.seating``)
    cards: int
    trump: str | None
    enter_trump: bool
    hook: bool
    extra: bool

    deal = Seated.number
    first_bidder = Seated.eldest

    @property
    def bidding_order(self) -> tuple[str, ...]:
        """The players dealt in, each once, the dealer last."""
        return self.seats.order

    def forbidden_for(self, bids: Mapping[str, int]) -> int | None:
        """The dealer's forbidden bid given the other players' bids (the dealer's is ignored).

        Call it once the others have bid: ``setup.forbidden_for({"Bo": 3, "Cia": 3, "Dan": 2})``
        is 2 for a 10-card deal that Anna deals.
        """
        dealer = self.dealer
        others = [bid for player, bid in bids.items() if player != dealer]
        return forbidden_bid(self.cards, others, self.hook)


def scheduled_cards(options: PlumpOptions, number: int, planned: int) -> int:
    """The schedule's cards for deal ``number``, the schedule made for ``planned`` players (those
    dealt in in deal 1); an extra deal for a tie has the most cards."""
    plan = deal_plan(options, planned)
    return max(plan) if number > len(plan) else plan[number - 1]


@lru_cache(maxsize=4096)
def deal_setup(
    options: PlumpOptions, seats: Seating, planned: int | None = None, cards: int | None = None
) -> DealSetup:
    """Deal number ``seats.number`` (1-based); past the schedule it is an extra deal for a tie.
    The same for every replay of a game (made once: it was a third of a replay).

    ``planned``: the players the schedule is made for (those dealt in in deal 1; by default
    those dealt in now); ``cards``: the cards dealt, where not the schedule's.

    >>> from ..base import Record
    >>> from ..seating import seating
    >>> four = Record("plump", ("Anna", "Bo", "Cia", "Dan"), "Anna")
    >>> s = deal_setup(PlumpOptions(), seating(four, 4))
    >>> s.dealer, s.cards, s.first_bidder, s.bidding_order
    ('Dan', 7, 'Anna', ('Anna', 'Bo', 'Cia', 'Dan'))
    """
    deal, players = seats.number, check_dealt_in(seats)
    plan = deal_plan(options, planned or players)
    extra = deal > len(plan)
    if cards is None:
        cards = max(plan) if extra else plan[deal - 1]
    trump = fixed_trump(options, deal, cards, players, max(plan))
    return DealSetup(
        seats=seats,
        cards=cards,
        trump=trump,
        enter_trump=trump is None,
        hook=options.dealer_hook,
        extra=extra,
    )


def check_trump(setup: DealSetup, raw: Any) -> str | None:
    """The deal's trump: the rule's value, else the entered suit (None when not entered)."""
    if raw is not None and (not isinstance(raw, str) or raw not in TRUMPS):
        raise RuleError(
            N_("the trump must be S, H, D, C or NT, not {value!r}"), field="trump", value=raw
        )
    return raw if setup.enter_trump else setup.trump


def _counts(setup: DealSetup, raw: Any, key: str) -> dict[str, int]:
    """Every player's number (bid or tricks) from 0 to the cards, in bidding order."""
    if not isinstance(raw, Mapping):
        if key == "bids":
            raise RuleError(N_("the bids must give every player's bid"), field=key)
        raise RuleError(N_("the tricks must give every player's tricks"), field=key)
    order = setup.bidding_order
    for name in raw:
        name_in_deal(setup.seats, name, field=key)
    counts: dict[str, int] = {}
    for player in order:
        value = raw.get(player)
        if value is None:
            field = f"{key}.{player}"
            if key == "bids":
                raise RuleError(N_("{player}'s bid is missing"), field=field, player=player)
            raise RuleError(N_("{player}'s tricks are missing"), field=field, player=player)
        if type(value) is not int or not 0 <= value <= setup.cards:  # not a bool, nor a float
            field = f"{key}.{player}"
            if key == "bids":
                template = N_("{player} must bid a number from 0 to {cards}, not {value!r}")
            else:
                template = N_("{player}'s tricks must be a number from 0 to {cards}, not {value!r}")
            raise RuleError(template, field=field, player=player, cards=setup.cards, value=value)
        counts[player] = value
    return counts


def check_bids(setup: DealSetup, raw: Any) -> dict[str, int]:
    """Every player's bid, 0 .. cards, and the dealer's hook (in bidding order).

    >>> from ..base import Record
    >>> from ..seating import seating
    >>> four = Record("plump", ("Anna", "Bo", "Cia", "Dan"), "Anna")
    >>> s = deal_setup(PlumpOptions(), seating(four, 1))
    >>> check_bids(s, {"Anna": 2, "Bo": 3, "Cia": 3, "Dan": 2})
    Traceback (most recent call last):
    ...
    assistant.games.base.RuleError: The dealer may not bid 2: the bids would add up to the 10 cards
    """
    bids = _counts(setup, raw, "bids")
    banned = setup.forbidden_for(bids)
    if banned is not None and bids[setup.dealer] == banned:
        if setup.cards == 1:
            template = N_("The dealer may not bid {bid}: the bids would add up to the 1 card")
        else:
            template = N_(
                "The dealer may not bid {bid}: the bids would add up to the {cards} cards"
            )
        raise RuleError(template, field=f"bids.{setup.dealer}", bid=banned, cards=setup.cards)
    return bids


def check_tricks(setup: DealSetup, raw: Any) -> dict[str, int]:
    """Every player's tricks, 0 .. cards, adding up to the cards dealt (in bidding order)."""
    tricks = _counts(setup, raw, "tricks")
    total = sum(tricks.values())
    if total != setup.cards:
        if setup.cards == 1:
            template = N_("tricks add up to {total}, but 1 card was dealt")
        else:
            template = N_("tricks add up to {total}, but {cards} cards were dealt")
        raise RuleError(template, field="tricks", total=total, cards=setup.cards)
    return tricks


@dataclass(frozen=True)
class EnteredDeal:
    """A checked round of the record: the trump, the bids and (once played) the tricks."""

    trump: str | None
    bids: dict[str, int]
    tricks: dict[str, int] | None
    adjust: tuple[Mapping[str, Any], ...] = ()


def check_round(setup: DealSetup, raw: Any, *, last: bool) -> EnteredDeal:
    """A round as the record writes it; only the ``last`` round may lack its tricks."""
    if not isinstance(raw, Mapping):
        raise RuleError(N_("a deal must be an object with the bids and the tricks"))
    for name in raw:
        if name not in ROUND_FIELDS:
            raise RuleError(N_("{name!r} is not a field of a deal"), field=str(name), name=name)
    if raw.get("bids") is None:
        raise RuleError(N_("the bids of deal {deal} are missing"), field="bids", deal=setup.deal)
    trump = check_trump(setup, raw.get("trump"))
    bids = check_bids(setup, raw["bids"])
    raw_tricks = raw.get("tricks")
    if raw_tricks is None and not last:
        raise RuleError(
            N_("the tricks of deal {deal} are missing: only the last deal may be in play"),
            field="tricks",
            deal=setup.deal,
        )
    tricks = None if raw_tricks is None else check_tricks(setup, raw_tricks)
    return EnteredDeal(trump, bids, tricks, check_adjustments(setup.seats, raw))


def deal_points(options: PlumpOptions, bid: int, tricks: int) -> int:
    """One player's points for a deal.

    >>> [deal_points(PlumpOptions(), 3, t) for t in (3, 2, 4)]
    [13, 0, 0]
    >>> deal_points(PlumpOptions(scoring=Scoring.TRICK_PLUS_TEN), 2, 3)
    3
    >>> deal_points(PlumpOptions(scoring=Scoring.LITERAL), 10, 10)
    110
    """
    made = bid == tricks
    if made and bid == 0:  # a made zero: 10, or 5 with zero_bid_points, in every scoring
        return options.zero_bid_points
    if options.scoring is Scoring.TRICK_PLUS_TEN:
        return tricks + (10 if made else 0)
    if not made:
        return 0
    if options.scoring is Scoring.LITERAL:
        return int(f"1{bid}")
    return 10 + bid
