"""Boodle (Michigan): the boodle cards, the kinds of things that happen, and the table's options.

Options (docs/records.md, "Boodle"): ``ante`` ``"standard"`` or ``{"free": N}``; ``widow``
``"dead"``, ``"swap"`` or ``"auction"``; ``three_in_one`` ``false`` or ``{"pot_ante": N}``;
``chip_value`` ``null`` (chips only) or the money one chip is worth.

>>> parse_options({"ante": {"free": 6}, "widow": "auction"}).stake(dealer=True)
12
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from ..base import JSON, N_, RuleError, check_int, check_keys
from ..cards import parse_card
from ..options import MONEY_LIMIT
from ..settle import exact


class BoodleCard(Enum):
    """The four cards of the layout, in the order the layout is printed."""

    # Members are singletons compared by identity: hashing them by identity too keeps every
    # layout lookup in C (Enum's own __hash__ is Python, and a long evening makes ~100 000).
    __hash__ = object.__hash__

    AH = "AH"
    KC = "KC"
    QD = "QD"
    JS = "JS"

    @property
    def label(self) -> str:
        """For people: ``A♥``."""
        return LABELS[self]


# The cards in layout order, and their labels: iterating an Enum class is slow in Python, and a
# long evening's replay would do it tens of thousands of times.
CARDS: tuple[BoodleCard, ...] = tuple(BoodleCard)
LABELS = {card: parse_card(card.value).label for card in CARDS}
BY_CODE = {card.value: card for card in CARDS}


class FaultKind(Enum):
    """The two faults the assistant records."""

    WRONG_LEAD = "wrong-lead"  # led a card that was not his lowest: pays 1 to every other player
    WITHHELD = "withheld"  # held back a playable card


class WidowRule(Enum):
    """What may happen to the spare hand."""

    DEAD = "dead"
    SWAP = "swap"
    AUCTION = "auction"


CARD_LABELS = ", ".join(card.label for card in CARDS)
PACK = 52
STANDARD_ANTE = "standard"  # 1 chip on each card, the dealer 2


@dataclass(frozen=True)
class BoodleOptions:
    """The table's options; ``free`` is None under the standard ante, ``pot_ante`` None without
    Three in One, ``chip_value`` None when only chips are counted."""

    free: int | None = None
    widow: WidowRule = WidowRule.DEAD
    pot_ante: int | None = None
    chip_value: int | float | None = None

    def stake(self, *, dealer: bool) -> int:
        """Chips one player puts on the layout before a deal (the dealer twice as many)."""
        each = len(BoodleCard) if self.free is None else self.free
        return 2 * each if dealer else each

    @property
    def chip_money(self) -> Fraction | None:
        """The chip value exactly (0.1 is one tenth)."""
        return None if self.chip_value is None else exact(self.chip_value)

    def to_json(self) -> JSON:
        """Every option written out, as docs/records.md spells it."""
        return {
            "ante": STANDARD_ANTE if self.free is None else {"free": self.free},
            "widow": self.widow.value,
            "three_in_one": False if self.pot_ante is None else {"pot_ante": self.pot_ante},
            "chip_value": self.chip_value,
        }


OPTION_NAMES = ("ante", "widow", "three_in_one", "chip_value")


def parse_options(raw: Mapping[str, Any]) -> BoodleOptions:
    """The options of a record, checked (an option given as null takes its default)."""
    check_fields(raw, allowed=OPTION_NAMES, what="options", at="options.")
    free = pot_ante = None
    ante = raw.get("ante")
    if isinstance(ante, Mapping):
        check_fields(ante, allowed=("free",), required=("free",), what="ante", at="options.ante.")
        with field_of("options.ante.free"):
            free = check_int(ante["free"], what="the free stake", low=1)
    elif ante is not None and ante != STANDARD_ANTE:
        raise RuleError(
            N_('The ante is "standard" or a free stake such as {{"free": 6}}, not {value!r}'),
            field="options.ante",
            value=ante,
        )
    widow = WidowRule.DEAD
    if raw.get("widow") is not None:
        if raw["widow"] not in [rule.value for rule in WidowRule]:
            raise RuleError(
                N_('The spare hand is "dead", "swap" or "auction", not {value!r}'),
                field="options.widow",
                value=raw["widow"],
            )
        widow = WidowRule(raw["widow"])
    three = raw.get("three_in_one")
    if isinstance(three, Mapping):
        at = "options.three_in_one."
        check_fields(
            three, allowed=("pot_ante",), required=("pot_ante",), what="three_in_one", at=at
        )
        with field_of(f"{at}pot_ante"):
            pot_ante = check_int(three["pot_ante"], what="the poker ante", low=1)
    elif three is not None and three is not False:
        raise RuleError(
            N_('Three in One is false or a poker ante such as {{"pot_ante": 2}}, not {value!r}'),
            field="options.three_in_one",
            value=three,
        )
    return BoodleOptions(free, widow, pot_ante, parse_chip_value(raw.get("chip_value")))


def parse_chip_value(value: Any) -> int | float | None:
    """Money per chip: a positive number, or None for chips only."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RuleError(
            N_("The chip value must be a number, such as 0.5"), field="options.chip_value"
        )
    if not math.isfinite(value) or value <= 0:
        raise RuleError(
            N_("The chip value must be more than 0, not {value}"),
            field="options.chip_value",
            value=value,
        )
    if value >= MONEY_LIMIT:  # what the set-up form allows, and every page can show
        raise RuleError(
            N_("The chip value must be less than {limit}, not {value}"),
            field="options.chip_value",
            limit=MONEY_LIMIT,
            value=value,
        )
    return value


def normalize_options(raw: Mapping[str, Any]) -> JSON:
    """Every option with its default filled in.

    >>> normalize_options({})
    {'ante': 'standard', 'widow': 'dead', 'three_in_one': False, 'chip_value': None}
    """
    return parse_options(raw).to_json()


def max_hand(players: int) -> int:
    """The most cards any hand can hold: the pack is dealt to the players and the spare hand."""
    return -(-PACK // (players + 1))


def check_fields(
    obj: Any, *, allowed: Iterable[str], required: Iterable[str] = (), what: str, at: str
) -> Mapping[str, Any]:
    """``check_keys``, with the error's field naming the unknown or missing key under ``at``
    (``"widow."`` → ``"widow.price"``; a value that is not an object at all → ``"widow"``)."""
    try:
        return check_keys(obj, allowed=allowed, required=required, what=what)
    except RuleError as err:
        name = err.message.params.get("name")
        field = f"{at}{name}" if name is not None else (at.rstrip(".") or None)
        raise RuleError(err.message, round=err.round, field=field) from None


class field_of:  # used as ``with field_of(name):``, like a function
    """Errors raised inside (by the generic checks) belong to the form field ``name``.

    A class rather than ``@contextmanager``: a replay enters one per checked value, and a
    generator-based context manager costs several times as much."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, err: BaseException | None, _tb: Any
    ) -> None:
        if isinstance(err, RuleError) and err.field is None:
            raise RuleError(err.message, round=err.round, field=self.name) from None
