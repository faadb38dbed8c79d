"""Three in One: the poker stage of a Boodle deal (antes, one betting round, the showdown).

Hands are ranked the usual way, the ace high, or low in A-2-3-4-5:

>>> rank_hand(["AH", "2D", "3C", "4S", "5H"]) < rank_hand(["2H", "3D", "4C", "5S", "6H"])
True
>>> rank_hand(["KH", "KC", "KS", "3D", "3C"]).category.label
'full house'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..base import N_, RuleError, check_int, check_player
from ..cards import RANKS, Card, parse_card
from .rules import check_fields, field_of

HAND_SIZE = 5


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
        """For people: ``"two pairs"``."""
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
    if distinct == [12, 3, 2, 1, 0]:
        return 3
    return None


@dataclass(frozen=True)
class PokerEntry:
    """The poker stage as entered: bets beyond the ante, who folded, and the showdown."""

    bets: Mapping[str, int]
    folded: tuple[str, ...]
    hands: Mapping[str, tuple[str, ...]] | None
    winner: str | None


@dataclass(frozen=True)
class PokerResult:
    """What the poker stage decided: the pot, who shares it, what stays in it."""

    pot_before: int
    antes: int
    bets: Mapping[str, int]
    pot_total: int
    winners: tuple[str, ...]
    share: int
    pot_after: int
    ranks: Mapping[str, HandRank]


def parse_poker(raw: Any, players: Sequence[str]) -> PokerEntry:
    """Check a round's ``poker`` field."""
    check_fields(raw, allowed=("bets", "folded", "hands", "winner"), what="poker", at="poker.")
    bets = {name: 0 for name in players}
    for name, bet in _object(raw.get("bets"), "poker.bets").items():
        with field_of(f"poker.bets.{name}"):
            check_player(name, players, what="poker bets")
            bets[name] = check_int(bet, what=f"{name}'s bet", low=0)
    folded = _folded(raw.get("folded"), players)
    staying = [name for name in players if name not in folded]
    if not staying:
        raise RuleError(
            N_("Somebody must stay in: not every player can fold"), field="poker.folded"
        )
    _check_bets(bets, folded, staying)
    hands = None if raw.get("hands") is None else _hands(raw["hands"], players, staying)
    winner = raw.get("winner")
    if winner is not None:
        with field_of("poker.winner"):
            check_player(winner, players, what="the poker winner")
        if winner in folded:
            raise RuleError(
                N_("{name} folded and cannot win the poker pot"), field="poker.winner", name=winner
            )
        if hands is not None:
            raise RuleError(
                N_("Enter the hands or the poker winner, not both: the hands decide who won"),
                field="poker.winner",
            )
    elif hands is None and len(staying) > 1:
        raise RuleError(
            N_(
                "Who won the poker pot? Enter the hands of the {count} players still in,"
                " or the winner"
            ),
            field="poker.hands",
            count=len(staying),
        )
    return PokerEntry(bets, tuple(folded), hands, winner)


def _object(value: Any, field: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RuleError(N_("{what} must be an object"), field=field, what=field)
    return value


def _folded(value: Any, players: Sequence[str]) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RuleError(N_("folded must be a list of players"), field="poker.folded")
    for name in value:
        with field_of("poker.folded"):
            check_player(name, players, what="folded")
    if len(set(value)) != len(value):
        raise RuleError(N_("A player can fold only once"), field="poker.folded")
    return list(value)


def _check_bets(bets: Mapping[str, int], folded: Sequence[str], staying: Sequence[str]) -> None:
    """After one betting round everyone still in has put in the same; a folder never more."""
    call = bets[staying[0]]
    for name in staying[1:]:
        if bets[name] != call:
            raise RuleError(
                N_(
                    "{first} and {name} both stayed in, so they bet the same: not {bet} and {other}"
                ),
                field=f"poker.bets.{name}",
                first=staying[0],
                name=name,
                bet=call,
                other=bets[name],
            )
    for name in folded:
        if bets[name] > call:
            raise RuleError(
                N_(
                    "{name} folded after betting {bet}, more than the {call} of the players"
                    " still in"
                ),
                field=f"poker.bets.{name}",
                name=name,
                bet=bets[name],
                call=call,
            )


def _hands(raw: Any, players: Sequence[str], staying: Sequence[str]) -> dict[str, tuple[str, ...]]:
    hands = dict(_object(raw, "poker.hands"))
    seen: dict[Card, str] = {}
    for name, codes in hands.items():
        field = f"poker.hands.{name}"
        with field_of(field):
            check_player(name, players, what="poker hands")
        if name not in staying:
            raise RuleError(N_("{name} folded: a folded hand is not shown"), field=field, name=name)
        if not isinstance(codes, list) or len(codes) != HAND_SIZE:
            raise RuleError(N_("{name}'s poker hand must be 5 cards"), field=field, name=name)
        for code in codes:
            with field_of(field):
                card = parse_card(code, what=f"{name}'s poker hand")
            if card in seen:
                raise RuleError(
                    N_("{card} cannot be in {name}'s poker hand: {owner} has it already"),
                    field=field,
                    card=card.label,
                    name=name,
                    owner=seen[card],
                )
            seen[card] = name
    for name in staying:
        if name not in hands:
            raise RuleError(
                N_("{name}'s poker hand is missing: everyone still in shows his hand"),
                field=f"poker.hands.{name}",
                name=name,
            )
    return {name: tuple(hands[name]) for name in staying}


def play_poker(entry: PokerEntry, players: Sequence[str], pot_ante: int, pot: int) -> PokerResult:
    """Everyone antes ``pot_ante`` into the pot (which holds ``pot`` from earlier deals), the bets
    go in, and the best hand (or the lone player left, or the named winner) takes it; equal best
    hands split it and a chip that cannot be split stays in the pot."""
    antes = pot_ante * len(players)
    total = pot + antes + sum(entry.bets.values())
    ranks: dict[str, HandRank] = {}
    staying = [name for name in players if name not in entry.folded]
    if entry.hands is not None:
        ranks = {name: rank_hand(cards) for name, cards in entry.hands.items()}
        best = max(ranks.values())
        winners = tuple(name for name in staying if ranks[name] == best)
    elif entry.winner is not None:
        winners = (entry.winner,)
    else:
        winners = (staying[0],)
    share, left = divmod(total, len(winners))
    return PokerResult(pot, antes, entry.bets, total, winners, share, left, ranks)
