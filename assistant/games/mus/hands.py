"""Mus hands: reading four cards, card points, and who wins each lance.

Every comparison turns a hand into a *key* (a tuple of integers) where a larger key is the
better hand for that lance; ties go to the player nearest the mano in speaking order.

>>> rules = HandRules()
>>> compare(parse_hand("K344"), parse_hand("KQQQ"), Lance.GRANDE, rules)
1
>>> points(parse_hand("K3QA"), rules), points(parse_hand("JJ54"), rules)
(31, 29)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

from ..base import N_, RuleError

MUS_RANKS = ("K", "Q", "J", "7", "6", "5", "4", "3", "2", "A")
# low → high for comparisons; with 8 kings 3 and 2 never reach these as themselves
STRENGTH = {rank: i for i, rank in enumerate(("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"))}
TEN_POINTS = {"K", "Q", "J"}
# juego from worst to best: 33 .. 37, 40, 32, 31 (a juego real sits above all of them)
JUEGO_ORDER = (33, 34, 35, 36, 37, 40, 32, 31)
_TOKEN = re.compile(r"10|.")
_SUITS = "SHDC"


class Lance(Enum):
    """The four lances of a hand; the fourth is juego, or punto when nobody has juego."""

    GRANDE = "grande"
    CHICA = "chica"
    PARES = "pares"
    JUEGO = "juego"
    PUNTO = "punto"


class Pares(IntEnum):
    """What a hand holds for pares; the value is also what it scores for its team."""

    NONE = 0
    PAR = 1
    MEDIAS = 2
    DUPLES = 3


class JuegoReal(Enum):
    OFF = "off"
    FIGURE = "figure"  # 7-7-7 plus any 10-point card
    JACK = "jack"  # 7-7-7 plus a jack


@dataclass(frozen=True)
class HandRules:
    """The options that change how hands compare: ``kings`` 8 (3 = K, 2 = A) or 4."""

    kings: int = 8
    juego_real: JuegoReal = JuegoReal.OFF


@dataclass(frozen=True)
class MusHand:
    """Four cards as written (``("K", "3", "Q", "A")``); suits, if given, only for checks."""

    ranks: tuple[str, ...]
    suits: tuple[str | None, ...] = (None, None, None, None)

    @property
    def text(self) -> str:
        return "".join(self.ranks)


def parse_hand(text: object, *, owner: str = "", field: str | None = None) -> MusHand:
    """``"K3QA"`` (ranks ``K Q J 7 6 5 4 3 2 A``, each optionally followed by a suit letter).

    >>> parse_hand("K3QA").ranks
    ('K', '3', 'Q', 'A')
    >>> parse_hand("KS3HQDAC").suits
    ('S', 'H', 'D', 'C')
    """
    if not isinstance(text, str):
        raise RuleError(
            N_("{name}'s cards must be written as text, like K3QA"), field=field, name=owner
        )
    ranks: list[str] = []
    suits: list[str | None] = []
    for token in _TOKEN.findall(text):
        if token in _SUITS and ranks and suits[-1] is None:
            suits[-1] = token
        elif token in MUS_RANKS:
            ranks.append(token)
            suits.append(None)
        else:
            raise RuleError(
                N_("{name}'s cards: {card} is not a Mus card (the cards are K Q J 7 6 5 4 3 2 A)"),
                field=field,
                name=owner,
                card=token,
            )
    if len(ranks) != 4:
        raise RuleError(
            N_("{name} has {count} cards: a Mus hand has 4"),
            field=field,
            name=owner,
            count=len(ranks),
        )
    return MusHand(tuple(ranks), tuple(suits))


def check_deck(hands: Mapping[str, MusHand], *, field: str = "cards") -> None:
    """The 16 cards must fit one 40-card pack: at most 4 of a rank, no card twice."""
    counts = Counter(rank for hand in hands.values() for rank in hand.ranks)
    for rank in MUS_RANKS:
        if counts[rank] > 4:
            raise RuleError(
                N_("The hands hold {count} cards of rank {rank}, but the pack has only 4"),
                field=field,
                count=counts[rank],
                rank=rank,
            )
    seen: set[tuple[str, str]] = set()
    for hand in hands.values():
        for rank, suit in zip(hand.ranks, hand.suits, strict=True):
            if suit is not None:
                if (rank, suit) in seen:
                    raise RuleError(
                        N_("{card} is in two hands, but the pack has only one"),
                        field=field,
                        card=rank + suit,
                    )
                seen.add((rank, suit))


# --- what a card is worth -------------------------------------------------------------------


def effective(rank: str, rules: HandRules) -> str:
    """The rank a card plays as: with 8 kings every 3 is a K and every 2 an A."""
    if rules.kings == 8:
        return {"3": "K", "2": "A"}.get(rank, rank)
    return rank


def card_points(rank: str, rules: HandRules) -> int:
    """K Q J (and 3 with 8 kings) 10; A (and 2 with 8 kings) 1; the rest face value."""
    rank = effective(rank, rules)
    if rank in TEN_POINTS:
        return 10
    return 1 if rank == "A" else int(rank)


def points(hand: MusHand, rules: HandRules) -> int:
    """The sum for juego and punto: ``K-3-Q-A`` = 31, ``K-Q-7-7`` = 34 (8 kings)."""
    return sum(card_points(rank, rules) for rank in hand.ranks)


def strengths(hand: MusHand, rules: HandRules) -> list[int]:
    return sorted(STRENGTH[effective(rank, rules)] for rank in hand.ranks)


def pares_of(hand: MusHand, rules: HandRules) -> tuple[Pares, tuple[int, ...]]:
    """The kind of pares and the ranks that decide ties (higher pair first)."""
    counts = Counter(strengths(hand, rules))
    groups = sorted(((n, s) for s, n in counts.items() if n >= 2), reverse=True)
    if not groups:
        return Pares.NONE, ()
    if groups[0][0] == 4:
        return Pares.DUPLES, (groups[0][1], groups[0][1])
    if len(groups) == 2:
        return Pares.DUPLES, tuple(sorted((s for _, s in groups), reverse=True))
    if groups[0][0] == 3:
        return Pares.MEDIAS, (groups[0][1],)
    return Pares.PAR, (groups[0][1],)


def is_juego_real(hand: MusHand, rules: HandRules) -> bool:
    """Three 7s and a 10-point card (a jack under ``jack``), when the option is on."""
    if rules.juego_real is JuegoReal.OFF:
        return False
    ranks = sorted(effective(rank, rules) for rank in hand.ranks)
    sevens = ranks.count("7")
    others = [rank for rank in ranks if rank != "7"]
    if sevens != 3 or len(others) != 1:
        return False
    if rules.juego_real is JuegoReal.JACK:
        return others[0] == "J"
    return others[0] in TEN_POINTS


def has_pares(hand: MusHand, rules: HandRules) -> bool:
    return pares_of(hand, rules)[0] is not Pares.NONE


def has_juego(hand: MusHand, rules: HandRules) -> bool:
    return points(hand, rules) >= 31


def pares_value(hand: MusHand, rules: HandRules) -> int:
    """Par 1, medias 2, duples 3, nothing 0."""
    return int(pares_of(hand, rules)[0])


def juego_value(hand: MusHand, rules: HandRules) -> int:
    """31 (a juego real included) scores 3, any other juego 2, no juego 0."""
    total = points(hand, rules)
    if total < 31:
        return 0
    return 3 if total == 31 else 2


def lance_key(hand: MusHand, lance: Lance, rules: HandRules) -> tuple[int, ...]:
    """A key where larger is better for ``lance``; ``()`` when the hand has no pares / juego.

    >>> chica = [lance_key(parse_hand(h), Lance.CHICA, HandRules()) for h in ("KAAA", "4AAA")]
    >>> chica[0] < chica[1]
    True
    """
    if lance is Lance.GRANDE:
        return tuple(sorted(strengths(hand, rules), reverse=True))
    if lance is Lance.CHICA:
        return tuple(-s for s in strengths(hand, rules))
    if lance is Lance.PARES:
        kind, ranks = pares_of(hand, rules)
        return () if kind is Pares.NONE else (int(kind), *ranks)
    total = points(hand, rules)
    if lance is Lance.PUNTO:
        return (total,)
    if total < 31:
        return ()
    if is_juego_real(hand, rules):
        return (len(JUEGO_ORDER) + 1,)
    return (JUEGO_ORDER.index(total) + 1,)


def compare(a: MusHand, b: MusHand, lance: Lance, rules: HandRules) -> int:
    """1 when ``a`` beats ``b`` at ``lance``, -1 when ``b`` beats ``a``, 0 for equal hands."""
    ka, kb = lance_key(a, lance, rules), lance_key(b, lance, rules)
    return (ka > kb) - (ka < kb)


def best_player(
    hands: Mapping[str, MusHand], order: Sequence[str], lance: Lance, rules: HandRules
) -> str | None:
    """Who wins ``lance`` among ``order`` (speaking order from the mano): the best key, and on
    equal keys the one nearest the mano. ``None`` when nobody holds pares / juego."""
    best: str | None = None
    best_key: tuple[int, ...] = ()
    for player in order:
        key = lance_key(hands[player], lance, rules)
        if key and (best is None or key > best_key):
            best, best_key = player, key
    return best


def hand_label(hand: MusHand, lance: Lance, rules: HandRules) -> str:
    """How a hand reads for ``lance``: ``K-K-Q-A`` (grande), ``A-Q-K-K`` (chica), ``K-K``
    (pares), ``31`` (juego / punto). With 8 kings a 3 reads as K and a 2 as A."""
    ranks = [effective(rank, rules) for rank in hand.ranks]
    ordered = sorted(ranks, key=lambda rank: STRENGTH[rank], reverse=lance is not Lance.CHICA)
    if lance is Lance.PARES:
        counts = Counter(ranks)
        ordered = [rank for rank in ordered if counts[rank] >= 2]
    elif lance in (Lance.JUEGO, Lance.PUNTO):
        total = str(points(hand, rules))
        return f"{total} (juego real)" if is_juego_real(hand, rules) else total
    return "-".join(ordered)
