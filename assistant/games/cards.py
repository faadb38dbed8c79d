"""Cards as the record format writes them: rank + suit letter (``10D``, ``AS``, ``KH``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .base import N_, RuleError

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
KEY_RANKS = ("A", *RANKS[:-1])  # a pad's keys for a rank: the ace first, as players count


class Suit(Enum):
    # Compared by identity, so hashed by identity too: Enum's own __hash__ is Python, and a
    # card (hashed with its suit) is looked up often in a long game's replay.
    __hash__ = object.__hash__

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUIT_LETTERS = tuple(s.value for s in Suit)


@dataclass(frozen=True, order=True)
class Card:
    rank: str
    suit: Suit

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit.value}"

    @property
    def label(self) -> str:
        """For people: ``10♦``."""
        return f"{self.rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.code


def parse_card(code: object, *, what: str = "card") -> Card:
    """``"10D"`` → Card("10", DIAMONDS); anything else is a RuleError.

    >>> parse_card("KH").label
    'K♥'
    """
    if isinstance(code, str) and (card := PACK_BY_CODE.get(code)) is not None:
        return card
    raise RuleError(N_("{what}: {code!r} is not a card"), what=what, code=code)


# Every card of a pack, by its code: a replay parses thousands of cards, always the same 52.
PACK_BY_CODE = {f"{rank}{suit.value}": Card(rank, suit) for suit in Suit for rank in RANKS}


def suit_label(letter: str) -> str:
    """``"H"`` → ``"♥"``; ``"NT"`` stays ``"NT"``."""
    return Suit(letter).symbol if letter in SUIT_LETTERS else letter
