"""Three in One's poker hands: ranked the usual way (the ace high, or low in A-2-3-4-5) and named
for people ("full house, kings over threes").

>>> rank_hand(["AH", "2D", "3C", "4S", "5H"]) < rank_hand(["2H", "3D", "4C", "5S", "6H"])
True
>>> rank_hand(["KH", "KC", "KS", "3D", "3C"]).category.label
'full house'
>>> str(hand_name(rank_hand(["KH", "KC", "KS", "3D", "3C"])))
'full house, kings over threes'

A name is a Message whose parameters are Messages too (the rank names are translated as well);
``str()`` gives the English.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from ..base import N_, Message
from ..cards import RANKS, parse_card

HAND_SIZE = 5
ACE = RANKS.index("A")


class HandCategory(Enum):
    """The poker hands, weakest first (the value orders them)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """For the code and the tests: ``"two pairs"`` (people get :func:`hand_name`)."""
        return self.name.lower().replace("_", " ")


@dataclass(frozen=True, order=True)
class HandRank:
    """Compares like poker hands do: the category, then the ranks that break ties (2 = 0 ...
    A = 12; an A-2-3-4-5 straight counts as 5 high)."""

    category_value: int
    tiebreak: tuple[int, ...]

    @property
    def category(self) -> HandCategory:
        """The kind of hand (``HandCategory.FLUSH``)."""
        return HandCategory(self.category_value)


def rank_hand(codes: Sequence[str]) -> HandRank:
    """The rank of five cards (``["AH", "AD", "7C", "7S", "2D"]`` is two pairs)."""
    cards = [parse_card(code) for code in codes]
    values = sorted((RANKS.index(card.rank) for card in cards), reverse=True)
    counts = Counter(values)
    # the ranks ordered by how often they occur, then by height: that breaks every tie
    ordered = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    flush = len({card.suit for card in cards}) == 1
    straight_high = _straight_high(values)
    shape = sorted(counts.values(), reverse=True)
    if straight_high is not None:
        category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
        return HandRank(category.value, (straight_high,))
    if shape[0] == 4:
        category = HandCategory.FOUR_OF_A_KIND
    elif shape[:2] == [3, 2]:
        category = HandCategory.FULL_HOUSE
    elif flush:
        category = HandCategory.FLUSH
    elif shape[0] == 3:
        category = HandCategory.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        category = HandCategory.TWO_PAIRS
    elif shape[0] == 2:
        category = HandCategory.PAIR
    else:
        category = HandCategory.HIGH_CARD
    return HandRank(category.value, tuple(ordered))


def _straight_high(values: Sequence[int]) -> int | None:
    """The top rank of a straight (3 for A-2-3-4-5, whose 5 is index 3), or None."""
    distinct = sorted(set(values), reverse=True)
    if len(distinct) != HAND_SIZE:
        return None
    if distinct[0] - distinct[-1] == HAND_SIZE - 1:
        return distinct[0]
    if distinct == [ACE, 3, 2, 1, 0]:
        return 3
    return None


# --- names for people ------------------------------------------------------------------------

# each rank as one card ("nine high") and as several ("kings over threes"), 2 first
SINGULAR = (
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
    N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"), N_("ace"),
)  # fmt: skip
PLURAL = (
    N_("twos"), N_("threes"), N_("fours"), N_("fives"), N_("sixes"), N_("sevens"), N_("eights"),
    N_("nines"), N_("tens"), N_("jacks"), N_("queens"), N_("kings"), N_("aces"),
)  # fmt: skip

# the name of each kind of hand; {high} is one rank, {rank}, {high} and {low} several
NAMES = {
    HandCategory.HIGH_CARD: N_("{high} high"),
    HandCategory.PAIR: N_("pair of {rank}"),
    HandCategory.TWO_PAIRS: N_("two pairs, {high} and {low}"),
    HandCategory.THREE_OF_A_KIND: N_("three {rank}"),
    HandCategory.STRAIGHT: N_("straight, {high} high"),
    HandCategory.FLUSH: N_("flush, {high} high"),
    HandCategory.FULL_HOUSE: N_("full house, {high} over {low}"),
    HandCategory.FOUR_OF_A_KIND: N_("four {rank}"),
    HandCategory.STRAIGHT_FLUSH: N_("straight flush, {high} high"),
}
ROYAL_FLUSH = N_("royal flush")
ONE_RANK = (
    HandCategory.HIGH_CARD, HandCategory.STRAIGHT, HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH
)  # fmt: skip


def hand_name(rank: HandRank) -> Message:
    """What a player shows, as people say it: ``pair of kings``, ``straight, nine high``.

    >>> str(hand_name(rank_hand(["AH", "2D", "3C", "4S", "5H"])))
    'straight, five high'
    >>> str(hand_name(rank_hand(["AH", "AD", "7C", "7S", "2D"])))
    'two pairs, aces and sevens'
    """
    category, ranks = rank.category, rank.tiebreak
    if category is HandCategory.STRAIGHT_FLUSH and ranks[0] == ACE:
        return Message(ROYAL_FLUSH)
    if category in ONE_RANK:
        return Message(NAMES[category], {"high": Message(SINGULAR[ranks[0]])})
    if category in (HandCategory.TWO_PAIRS, HandCategory.FULL_HOUSE):
        high, low = Message(PLURAL[ranks[0]]), Message(PLURAL[ranks[1]])
        return Message(NAMES[category], {"high": high, "low": low})
    return Message(NAMES[category], {"rank": Message(PLURAL[ranks[0]])})


def names_list(names: Sequence[str]) -> Message | str:
    """``Anna``; ``Anna and Bo``; ``Anna, Bo and Cia``."""
    if len(names) == 1:
        return names[0]
    return Message(N_("{names} and {last}"), {"names": ", ".join(names[:-1]), "last": names[-1]})


def showdown_sentence(
    ranks: Mapping[str, HandRank], winners: Sequence[str], share: int, left: int
) -> Message:
    """Who won the showdown and with what, against the best hand that lost; a split pot says
    so and what stays in the pot (``ranks`` in the order of the table, ties go to the first).

    >>> ranks = {"Anna": rank_hand(["AH", "AD", "7C", "7S", "2D"]),
    ...          "Bo": rank_hand(["KH", "KC", "KS", "3D", "3C"])}
    >>> str(showdown_sentence(ranks, ["Bo"], 7, 0))
    "Bo: full house, kings over threes — beats Anna's two pairs, aces and sevens"
    """
    best = ranks[winners[0]]
    hand = hand_name(best)
    if len(winners) > 1:
        params = {"names": names_list(winners), "hand": hand, "share": share, "left": left}
        if left == 0:
            template = N_("{names} split the pot with {hand}: {share} chips each")
        elif left == 1:
            template = N_(
                "{names} split the pot with {hand}: {share} chips each;"
                " the odd chip stays in the pot"
            )
        else:
            template = N_(
                "{names} split the pot with {hand}: {share} chips each;"
                " {left} chips stay in the pot"
            )
        return Message(template, params)
    losers = [name for name in ranks if name not in winners]
    if not losers:
        return Message(N_("{name}: {hand}"), {"name": winners[0], "hand": hand})
    other = max(losers, key=lambda name: (ranks[name], -losers.index(name)))
    other_hand = hand_name(ranks[other])
    params = {"name": winners[0], "hand": hand, "other": other, "other_hand": other_hand}
    if str(other_hand) == str(hand):  # the same name: the cards beside it decided
        return Message(N_("{name}: {hand} — beats {other}'s {other_hand} on the kicker"), params)
    return Message(N_("{name}: {hand} — beats {other}'s {other_hand}"), params)
