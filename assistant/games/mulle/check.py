"""Mulle: the piles of a deal checked against the double pack, and what is left of it.

More than the double pack holds (26 spades, 8 aces, 2 A♠, 2 2♠, 2 10♦) is an error; less is a
warning, scored as entered once the table confirms it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..base import N_, Message, RuleError
from ..cards import Card, Suit
from .piles import (
    DIAMOND_TEN,
    OTHER_ACES,
    OTHER_SPADES,
    PACK,
    SPADE_ACE,
    SPADE_TWO,
    Count,
    Pile,
    Points,
)

# --- findings: what the checks say about a deal ------------------------------------------------


class Severity(Enum):
    ERROR = "error"  # the deal cannot be stored
    WARNING = "warning"  # stored and scored as entered, after the table confirms


@dataclass(frozen=True)
class Finding:
    """One thing a check found, with the form field it belongs next to."""

    severity: Severity
    message: Message
    field: str | None = None

    def as_error(self) -> RuleError:
        return RuleError(self.message, field=self.field)

    def __str__(self) -> str:
        return str(self.message)


def _error(template: str, field: str | None, **params: Any) -> Finding:
    return Finding(Severity.ERROR, Message(template, params), field)


def _warning(template: str, field: str | None, **params: Any) -> Finding:
    return Finding(Severity.WARNING, Message(template, params), field)


@dataclass(frozen=True)
class DealCheck:
    """What the checks say about one new deal: errors block it, warnings need a confirmation."""

    number: int
    findings: tuple[Finding, ...]
    points: Mapping[str, Points] = field(default_factory=dict)  # each player's, when readable

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING)

    @property
    def ok(self) -> bool:
        """True when the deal may be stored (perhaps after the table confirms the warnings)."""
        return not self.errors


# --- the check against the double pack -------------------------------------------------------


def check_piles(
    piles: Mapping[str, Pile], sides: Sequence[Sequence[str]], plays: int
) -> list[Finding]:
    """Every error and warning about the piles of one deal.

    More than the double pack holds is an error; less is a warning (scored as entered).
    ``sides`` are the scoring units (a player, or the two partners of a team); ``plays`` is the
    number of cards played from the hands in the deal (a tabbe takes one).
    """
    found: list[Finding] = []
    for who, pile in piles.items():
        found.extend(_pile_consistency(who, pile))
    found.extend(_twice_mulled(piles))
    found.extend(_against_pack(piles, plays))
    if not any(f.severity is Severity.ERROR for f in found):
        for side in sides:
            found.extend(_mulles_in_cards(piles, side))
    return found


def _pile_consistency(who: str, pile: Pile) -> list[Finding]:
    """A♠ are aces and spades, 2♠ are spades: a pile cannot hold more of them than that."""
    where = f"piles.{who}"
    found = []
    if pile.spade_aces > pile.aces:
        found.append(
            _error(
                N_("{who}'s pile counts more A♠ ({count}) than aces ({aces}): an A♠ is an ace"),
                f"{where}.spade_aces",
                who=who,
                count=pile.spade_aces,
                aces=pile.aces,
            )
        )
    if pile.spade_aces > pile.spades:
        template = N_("{who}'s pile counts more A♠ ({count}) than spades ({spades})")
        field, count = "spade_aces", pile.spade_aces
    elif pile.spade_twos > pile.spades:
        template = N_("{who}'s pile counts more 2♠ ({count}) than spades ({spades})")
        field, count = "spade_twos", pile.spade_twos
    elif pile.spade_aces + pile.spade_twos > pile.spades:
        template = N_(
            "{who}'s pile counts more A♠ and 2♠ ({count}) than spades ({spades}): "
            "they are spades too"
        )
        field, count = "spade_twos", pile.spade_aces + pile.spade_twos
    else:
        return found
    found.append(_error(template, f"{where}.{field}", who=who, count=count, spades=pile.spades))
    return found


def _twice_mulled(piles: Mapping[str, Pile]) -> list[Finding]:
    seen: dict[Card, str] = {}
    found = []
    for who, pile in piles.items():
        for card in pile.mulles:
            if card in seen:
                found.append(
                    _error(
                        N_(
                            "the mulle {card} is entered twice ({first} and {second}): the "
                            "double pack has two {card} and a mulle takes both"
                        ),
                        f"piles.{who}.mulles",
                        card=card.label,
                        first=seen[card],
                        second=who,
                    )
                )
            else:
                seen[card] = who
    return found


def _last_with(piles: Mapping[str, Pile], name: str) -> str:
    """The form field of the last pile entered with a non-zero ``name``: where a sum tips over."""
    owners = [who for who, pile in piles.items() if getattr(pile, name)]
    return f"piles.{owners[-1]}.{name}" if owners else "piles"


def _against_pack(piles: Mapping[str, Pile], plays: int) -> list[Finding]:
    total = sum(piles.values(), Pile())
    found = [*_over_the_pack(piles, total), *_over_the_rest(piles, total)]
    if total.tabbar > plays:
        found.append(
            _error(
                N_("tabbar add up to {count}, but only {plays} cards are played in a deal"),
                _last_with(piles, "tabbar"),
                count=total.tabbar,
                plays=plays,
            )
        )
    if found:
        return found
    short = N_("{what} add up to {count} of {pack}")
    return [
        _warning(short, "piles", what=kind.label, count=total.count(kind), pack=kind.in_pack)
        for kind in Count
        if total.count(kind) < kind.in_pack
    ]


def _over_the_pack(piles: Mapping[str, Pile], total: Pile) -> list[Finding]:
    """Each count of the piles together that is more than the double pack holds."""
    over = N_("{what} add up to {count}, but the double pack has {pack}")
    return [
        _error(
            over,
            _last_with(piles, kind.value),
            what=kind.label,
            count=total.count(kind),
            pack=kind.in_pack,
        )
        for kind in Count
        if total.count(kind) > kind.in_pack
    ]


def _over_the_rest(piles: Mapping[str, Pile], total: Pile) -> list[Finding]:
    """The aces but A♠, the spades but A♠ and 2♠: more than the pack holds of them."""
    found = []
    other_aces = total.aces - total.spade_aces
    if total.aces <= PACK[Count.ACES] and other_aces > OTHER_ACES:
        found.append(
            _error(
                N_("aces other than A♠ add up to {count}, but the double pack has {pack}"),
                _last_with(piles, "aces"),
                count=other_aces,
                pack=OTHER_ACES,
            )
        )
    other_spades = total.spades - total.spade_aces - total.spade_twos
    if total.spades <= PACK[Count.SPADES] and other_spades > OTHER_SPADES:
        found.append(
            _error(
                N_("spades other than A♠ and 2♠ add up to {count}, but the double pack has {pack}"),
                _last_with(piles, "spades"),
                count=other_spades,
                pack=OTHER_SPADES,
            )
        )
    return found


def _mulles_in_cards(piles: Mapping[str, Pile], side: Sequence[str]) -> list[Finding]:
    """A mulle takes both cards of its kind: they must be among the side's counted cards."""
    entered = [piles[who] for who in side if who in piles]
    if not entered:
        return []
    pile = sum(entered, Pile())
    owner = next(who for who in side if who in piles and piles[who].mulles) if pile.mulles else ""
    who = " & ".join(w for w in side if w in piles)
    needs = {
        Count.SPADES: 2 * sum(1 for c in pile.mulles if c.suit is Suit.SPADES),
        Count.ACES: 2 * sum(1 for c in pile.mulles if c.rank == "A"),
        Count.SPADE_ACES: 2 * pile.mulles.count(SPADE_ACE),
        Count.SPADE_TWOS: 2 * pile.mulles.count(SPADE_TWO),
        Count.DIAMOND_TENS: 2 * pile.mulles.count(DIAMOND_TEN),
    }
    return [
        _warning(
            N_("{who}'s mulles hold {need} {what}, but the pile counts only {count}"),
            f"piles.{owner}.{kind.value}",
            who=who,
            need=need,
            what=kind.label,
            count=pile.count(kind),
        )
        for kind, need in needs.items()
        if need > pile.count(kind)
    ]


# --- what is still in the pack, for a pile form ----------------------------------------------


@dataclass(frozen=True)
class PackLeft:
    """What the other piles of a deal leave for one more pile (the most it can hold)."""

    spades: int
    aces: int
    spade_aces: int
    spade_twos: int
    diamond_tens: int
    mulles_taken: tuple[Card, ...]  # mulles already entered on the other piles

    def count(self, kind: Count) -> int:
        return int(getattr(self, kind.value))

    def mulle_possible(self, card: Card) -> bool:
        return card not in self.mulles_taken


def pack_left(piles: Mapping[str, Pile], excluding: str | None = None) -> PackLeft:
    """The double pack minus every pile but ``excluding``'s (never below 0).

    >>> left = pack_left({"Bo": Pile(spades=12, aces=5, spade_aces=1)}, excluding="Anna")
    >>> left.spades, left.aces, left.spade_aces, left.spade_twos
    (14, 3, 1, 2)
    """
    others = [pile for who, pile in piles.items() if who != excluding]
    total = sum(others, Pile())
    left = {kind.value: max(0, kind.in_pack - total.count(kind)) for kind in Count}
    return PackLeft(**left, mulles_taken=tuple(c for p in others for c in p.mulles))
