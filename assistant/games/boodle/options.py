"""Boodle's set-up options as the form asks them (the schema of ``games/options.py``): the ante
is a choice and a number there, Three in One a flag and the poker ante."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import JSON, N_
from ..options import Choice, Option, OptionsSchema, Preset, enum_choices
from .rules import STANDARD_ANTE, BoodleOptions, WidowRule

FREE_STAKE = "free"  # the form's choice of ante that asks for the number of chips
_DEFAULT = BoodleOptions()


def options_record(values: Mapping[str, Any]) -> JSON:
    """The record's options from the set-up form's values (``ante`` + ``free`` → the ante,
    ``three_in_one`` + ``pot_ante`` → Three in One).

    >>> options_record({"ante": "free", "free": 6, "widow": "dead", "chip_value": 0.5})
    {'ante': {'free': 6}, 'widow': 'dead', 'three_in_one': False, 'chip_value': 0.5}
    >>> options_record({"three_in_one": True, "pot_ante": 2})["three_in_one"]
    {'pot_ante': 2}
    """
    free = values.get("ante") == FREE_STAKE
    poker = values.get("three_in_one", False)
    return {
        "ante": {"free": values.get("free")} if free else STANDARD_ANTE,
        "widow": values.get("widow", _DEFAULT.widow.value),
        "three_in_one": {"pot_ante": values.get("pot_ante")} if poker else False,
        "chip_value": values.get("chip_value"),
    }


OPTIONS = OptionsSchema(
    options=(
        Option(
            "ante",
            N_("Antes"),
            "choice",
            STANDARD_ANTE if _DEFAULT.free is None else FREE_STAKE,
            (
                Choice(STANDARD_ANTE, N_("1 chip on each card, the dealer 2")),
                Choice(FREE_STAKE, N_("A free stake placed as each player likes")),
            ),
        ),
        Option(
            "free",
            N_("Chips in a free stake (the dealer twice as many)"),
            "number",
            _DEFAULT.free,
            low=1,  # the engine sets no upper bound
            offer=12,
            needed_if=("ante", FREE_STAKE),
            error=N_("Tap how many chips each player places."),
        ),
        Option(
            "widow",
            N_("The spare hand"),
            "choice",
            _DEFAULT.widow.value,
            enum_choices(
                {
                    WidowRule.DEAD: N_("Dead: never used"),
                    WidowRule.SWAP: N_("The dealer may swap their hand for it, blind"),
                    WidowRule.AUCTION: N_("Auctioned unseen; the price goes to the dealer"),
                }
            ),
        ),
        Option(
            "three_in_one",
            N_("Three in One: a poker stage before the stops"),
            "flag",
            _DEFAULT.pot_ante is not None,
            help=N_(
                "Each deal starts with poker: everyone antes into a pot, chooses five of their"
                " cards, and one betting round decides who takes it."
            ),
        ),
        Option(
            "pot_ante",
            N_("Chips each player puts into the poker pot"),
            "number",
            _DEFAULT.pot_ante,
            low=1,  # the engine sets no upper bound
            offer=5,
            needed_if=("three_in_one", True),
            error=N_("Tap how many chips each player puts into the poker pot."),
        ),
        Option(
            "chip_value",
            N_("Money per chip (empty: chips only)"),
            "money",
            _DEFAULT.chip_value,
            always=True,
            error=N_("Enter the money one chip is worth, such as 0.50, or leave it empty."),
        ),
        Option(
            "currency",
            N_("Currency"),
            "text",
            "",
            high=8,
            setting=True,
            help=N_("optional, e.g. kr, €, $"),
        ),
    ),
    presets=(
        Preset("standard", N_("Classic: 1 chip on each card, the dealer 2; spare hand dead")),
        Preset(
            "swap",
            N_("Classic, and the dealer may swap their hand for the spare hand"),
            {"widow": WidowRule.SWAP.value},
        ),
        Preset(
            "free",
            N_("Free stake of 6 chips; the spare hand is auctioned"),
            {"ante": FREE_STAKE, "free": 6, "widow": WidowRule.AUCTION.value},
        ),
        Preset(
            "three-in-one",
            N_("Classic, with Three in One: a poker stage, 1 chip each into the poker pot"),
            {"three_in_one": True, "pot_ante": 1},
        ),
    ),
    to_record=options_record,
)
