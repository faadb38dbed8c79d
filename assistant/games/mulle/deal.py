"""Mulle: how the cards of one deal (giv) are dealt, round by round of cards.

Two 52-card packs (104 cards) are dealt out completely in every deal: a first round to the players
and the table, then further rounds to the players only, until the packs are used up. Before the
last round the dealer says **"båt"**.

>>> s = deal_schedule(DealMode.STANDARD, 2)
>>> len(s.rounds), s.rounds[0].to_each, s.rounds[0].table, s.bat_round
(6, (8, 8), 8, 6)
>>> deal_schedule(DealMode.SASSERSSON, 4).rounds[-1].to_each
(5, 5, 5, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

PACK_CARDS = 104  # two 52-card packs shuffled together


class DealMode(Enum):
    """The documented ways of dealing (option ``deal``)."""

    STANDARD = "standard"  # 8 each + 8 to the table, then 8 each, 4 at a time
    GLIMNE = "glimne"  # 4 each + 8 to the table, then 4 each (Dan Glimne)
    SASSERSSON = "sassersson"  # 5 each + 5 to the table, then 5 each (Ola Sassersson)


@dataclass(frozen=True)
class _Rule:
    hand: int  # cards to each player in a full round
    table: int  # cards face up to the table in the first round
    packet: int  # cards dealt at a time


_RULES = {
    DealMode.STANDARD: _Rule(hand=8, table=8, packet=4),
    DealMode.GLIMNE: _Rule(hand=4, table=8, packet=4),
    DealMode.SASSERSSON: _Rule(hand=5, table=5, packet=5),
}


@dataclass(frozen=True)
class CardRound:
    """One round of cards within a deal.

    ``to_each`` are the cards each player gets, in dealing order: from the player after the dealer
    round to the dealer himself (who comes last). ``table`` are the cards dealt face up to the
    table (only in the first round). ``bat`` marks the last round, the one the dealer announces
    by saying "båt".
    """

    number: int
    to_each: tuple[int, ...]
    table: int
    packet: int
    bat: bool

    @property
    def cards(self) -> int:
        """All cards dealt in this round (hands and table)."""
        return sum(self.to_each) + self.table

    @property
    def short(self) -> bool:
        """True when the packs run out and not everyone gets a full hand."""
        return len(set(self.to_each)) > 1


@dataclass(frozen=True)
class DealSchedule:
    """Every round of cards of one deal, for a mode and a number of players."""

    mode: DealMode
    players: int
    rounds: tuple[CardRound, ...]

    @property
    def bat_round(self) -> int:
        """The round of cards announced with "båt": the last one."""
        return len(self.rounds)

    @property
    def table_cards(self) -> int:
        return self.rounds[0].table

    @property
    def cards_from_hands(self) -> int:
        """Cards the players play from their hands in the deal (every card but the table's)."""
        return PACK_CARDS - self.table_cards


def deal_schedule(mode: DealMode, players: int) -> DealSchedule:
    """The rounds of cards of one deal.

    Standard: 6 / 4 / 3 rounds for 2 / 3 / 4 players; Glimne: 12 / 8 / 6; Sassersson: 10 / 7 / 5,
    its last round short. When the packs run out the remaining cards are dealt as evenly as
    possible, the players before the dealer getting the odd ones (so with 4 players the dealer gets
    4 instead of 5; with 3 players the last 9 cards go 3 to each).

    >>> [len(deal_schedule(m, n).rounds) for m in DealMode for n in (2, 3, 4)]
    [6, 4, 3, 12, 8, 6, 10, 7, 5]
    """
    if not 2 <= players <= 4:
        raise ValueError(f"Mulle is played by 2 to 4 players, not {players}")
    rule = _RULES[mode]
    left = PACK_CARDS - rule.table
    hands: list[tuple[int, ...]] = []
    while left > 0:
        if left >= rule.hand * players:
            hand = (rule.hand,) * players
        else:
            even, odd = divmod(left, players)
            hand = tuple(even + (1 if seat < odd else 0) for seat in range(players))
        hands.append(hand)
        left -= sum(hand)
    last = len(hands)
    rounds = tuple(
        CardRound(
            number=i,
            to_each=hand,
            table=rule.table if i == 1 else 0,
            packet=rule.packet,
            bat=i == last,
        )
        for i, hand in enumerate(hands, start=1)
    )
    return DealSchedule(mode, players, rounds)
