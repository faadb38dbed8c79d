"""Mulle: the piles counted after a deal, what they are worth, and their check against the pack.

A pile is what one player (in partnerships: one team, possibly entered on one partner) took in a
deal: counts of the cards that score, the tabbar and the mulles.

>>> p = Pile(spades=14, aces=3, spade_aces=1, spade_twos=1, diamond_tens=1, tabbar=3,
...          mulles=(parse_card("8C"), parse_card("KH")))
>>> pile_points(p, SpadePoints.TOTALS, 2)
Points(cards=20, mulles=21, tabbar=3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from ..base import N_, RuleError
from ..cards import Card, Suit, parse_card


class SpadePoints(Enum):
    """How A♠ and 2♠ are counted (option ``spade_points``)."""

    TOTALS = "totals"  # 2 in all, the spade point included
    ADDITIVE = "additive"  # the spade point on top of their own 2: 3 each


class Count(Enum):
    """The card counts of a pile that the double pack limits."""

    SPADES = "spades"
    ACES = "aces"
    SPADE_ACES = "spade_aces"
    SPADE_TWOS = "spade_twos"
    DIAMOND_TENS = "diamond_tens"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def in_pack(self) -> int:
        """How many the double pack holds."""
        return PACK[self]


_LABELS = {
    Count.SPADES: N_("spades"),
    Count.ACES: N_("aces"),
    Count.SPADE_ACES: "A♠",
    Count.SPADE_TWOS: "2♠",
    Count.DIAMOND_TENS: "10♦",
}
PACK = {
    Count.SPADES: 26,
    Count.ACES: 8,
    Count.SPADE_ACES: 2,
    Count.SPADE_TWOS: 2,
    Count.DIAMOND_TENS: 2,
}
OTHER_ACES = 6  # aces other than A♠ in the double pack
OTHER_SPADES = 22  # spades other than A♠ and 2♠
PILE_FIELDS = (*(c.value for c in Count), "tabbar", "mulles")

SPADE_ACE = Card("A", Suit.SPADES)
SPADE_TWO = Card("2", Suit.SPADES)
DIAMOND_TEN = Card("10", Suit.DIAMONDS)
_FACE_VALUES = {"A": 14, "J": 11, "Q": 12, "K": 13}


def mulle_value(card: Card) -> int:
    """What a mulle of ``card`` scores: face value, J 11, Q 12, K 13, A 14, 2♠ 15, 10♦ 16.

    >>> [mulle_value(parse_card(c)) for c in ("7H", "QD", "AC", "2S", "10D", "10H")]
    [7, 12, 14, 15, 16, 10]
    """
    if card == SPADE_TWO:
        return 15
    if card == DIAMOND_TEN:
        return 16
    return _FACE_VALUES.get(card.rank) or int(card.rank)


@dataclass(frozen=True)
class Pile:
    """What one pile holds. ``spades`` include A♠ and 2♠; ``aces`` include A♠."""

    spades: int = 0
    aces: int = 0
    spade_aces: int = 0
    spade_twos: int = 0
    diamond_tens: int = 0
    tabbar: int = 0
    mulles: tuple[Card, ...] = ()

    def count(self, kind: Count) -> int:
        return int(getattr(self, kind.value))

    def __add__(self, other: Pile) -> Pile:
        """Two piles of one team, taken together."""
        numbers = {name: getattr(self, name) + getattr(other, name) for name in PILE_FIELDS}
        return Pile(**numbers)

    @property
    def mulle_points(self) -> int:
        return sum(mulle_value(card) for card in self.mulles)


PILE_FIELDS = tuple(f.name for f in fields(Pile))  # read once: fields() is slow


@dataclass(frozen=True)
class Points:
    """What a pile scores in one deal."""

    cards: int
    mulles: int
    tabbar: int

    @property
    def total(self) -> int:
        return self.cards + self.mulles + self.tabbar

    def to_json(self) -> dict[str, int]:
        return {
            "cards": self.cards,
            "mulles": self.mulles,
            "tabbar": self.tabbar,
            "total": self.total,
        }


def card_points(pile: Pile, spade_points: SpadePoints, diamond_ten_points: int) -> int:
    """Each spade 1, each ace 1, A♠ 2 in all, 2♠ 2 in all, 10♦ 2 (or 3).

    Under ``additive`` A♠ and 2♠ are worth 3 each. A whole deal is worth 40 by default.

    >>> both = Pile(spades=4, aces=2, spade_aces=2, spade_twos=2)
    >>> card_points(both, SpadePoints.TOTALS, 2), card_points(both, SpadePoints.ADDITIVE, 2)
    (8, 12)
    """
    extra_ace, extra_two = (0, 1) if spade_points is SpadePoints.TOTALS else (1, 2)
    return (
        pile.spades
        + pile.aces
        + extra_ace * pile.spade_aces
        + extra_two * pile.spade_twos
        + diamond_ten_points * pile.diamond_tens
    )


def pile_points(pile: Pile, spade_points: SpadePoints, diamond_ten_points: int) -> Points:
    return Points(
        card_points(pile, spade_points, diamond_ten_points), pile.mulle_points, pile.tabbar
    )


def kvitta(mulles_and_tabbar: Mapping[str, int]) -> dict[str, int]:
    """Mulles and tabbar offset against each other: only the differences remain.

    Give each player's (or each team's) mulle + tabbar points of a deal; everyone keeps what he
    has above the lowest. Display only: the score keeps what was entered.

    >>> kvitta({"Anna": 2 + 5, "Bo": 7})  # two tabbar and a mulle-5 cancel a mulle-7
    {'Anna': 0, 'Bo': 0}
    >>> kvitta({"Anna": 24, "Bo": 18, "Cia": 20})
    {'Anna': 6, 'Bo': 0, 'Cia': 2}
    """
    low = min(mulles_and_tabbar.values(), default=0)
    return {name: value - low for name, value in mulles_and_tabbar.items()}


# --- reading the piles of a deal -------------------------------------------------------------


def parse_piles(raw: Any, players: Sequence[str]) -> dict[str, Pile]:
    """The ``piles`` object of a round, by player (entry order kept); a RuleError on bad input."""
    if not isinstance(raw, Mapping):
        raise RuleError(N_("the piles must be an object with one pile per player"), field="piles")
    piles: dict[str, Pile] = {}
    for name, pile in raw.items():
        if name not in players:
            raise RuleError(
                N_("there is a pile for {name!r}, who is not playing"),
                field=f"piles.{name}",
                name=name,
            )
        piles[name] = parse_pile(pile, name)
    return piles


def parse_pile(raw: Any, who: str) -> Pile:
    """One player's pile; every field is optional (0, no mulles)."""
    where = f"piles.{who}"
    if not isinstance(raw, Mapping):
        raise RuleError(N_("{who}'s pile must be an object"), field=where, who=who)
    for key in raw:
        if key not in PILE_FIELDS:
            raise RuleError(
                N_("{who}'s pile: unknown field {name!r}"),
                field=f"{where}.{key}",
                who=who,
                name=key,
            )
    numbers: dict[str, int] = {}
    for name in PILE_FIELDS[:-1]:
        value = raw.get(name, 0)
        what = _LABELS[Count(name)] if name != "tabbar" else N_("tabbar")
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(
                N_("{who}'s {what} must be a whole number"),
                field=f"{where}.{name}",
                who=who,
                what=what,
            )
        if value < 0:
            raise RuleError(
                N_("{who}'s {what} cannot be negative ({count})"),
                field=f"{where}.{name}",
                who=who,
                what=what,
                count=value,
            )
        numbers[name] = value
    return Pile(**numbers, mulles=_parse_mulles(raw.get("mulles", []), who))


def _parse_mulles(raw: Any, who: str) -> tuple[Card, ...]:
    where = f"piles.{who}.mulles"
    if not isinstance(raw, list):
        raise RuleError(N_("{who}'s mulles must be a list of cards"), field=where, who=who)
    cards = []
    for code in raw:
        try:
            cards.append(parse_card(code))
        except RuleError:
            raise RuleError(
                N_(
                    "{who}'s mulle {code!r} is not a card: write the rank (A, 2 to 10, J, Q, K) "
                    "and the suit (S, H, D, C), e.g. 8C or 10D"
                ),
                field=where,
                who=who,
                code=code,
            ) from None
    return tuple(cards)
