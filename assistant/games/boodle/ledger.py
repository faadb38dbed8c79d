"""Boodle: the chip flows of a deal. Every step moves chips between the players, the four boodle
cards and the poker pot, and adds up to zero, so the players' chips plus the layout plus the pot
are zero at all times.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, NamedTuple

from ..base import Message
from .rules import CARDS, BoodleCard

Layout = Mapping[BoodleCard, int]


class StepKind(Enum):
    """What moved the chips of a step (in the order they come in a deal)."""

    ANTE = "ante"
    SWAP = "swap"
    AUCTION = "auction"
    POKER_ANTE = "poker-ante"
    POKER_BETS = "poker-bets"
    POKER_POT = "poker-pot"
    BOODLE = "boodle"
    FAULT = "fault"
    OUT = "out"
    ADJUST = "adjust"  # chips moved by hand after the deal (docs/records.md, "adjust")


class Step(NamedTuple):
    """One chip flow of a deal, for the history: what each player gained (negative: paid), what
    each boodle card and the poker pot gained, and a sentence. ``event`` is the index of the
    round's event it comes from (None for antes, the spare hand and the poker stage).

    The sentence is kept as its template and parameters and made only when a page shows it: a
    long evening replays thousands of steps, and shows a few."""

    kind: StepKind
    player: str | None
    chips: Mapping[str, int]
    layout: Layout
    pot: int
    template: str
    params: Mapping[str, Any]
    event: int | None = None

    @property
    def message(self) -> Message:
        return Message(self.template, dict(self.params))


class Ledger:
    """Collects the steps of a deal while keeping the running chips, layout and pot."""

    def __init__(self, players: Sequence[str], layout: Layout, pot: int) -> None:
        self.players = players
        self.chips = dict.fromkeys(players, 0)
        self.layout = dict(layout)
        self.pot = pot
        self.steps: list[Step] = []

    def add(
        self,
        kind: StepKind,
        player: str | None,
        template: str,
        params: Mapping[str, Any],
        *,
        chips: Mapping[str, int] | None = None,
        layout: Layout | None = None,
        pot: int = 0,
        event: int | None = None,
    ) -> None:
        """Record one step; players, cards and the pot left out gain nothing."""
        gains = dict.fromkeys(self.players, 0)
        cards = dict.fromkeys(CARDS, 0)
        if chips:
            gains.update(chips)
            for name, gain in chips.items():
                self.chips[name] += gain
        if layout:
            cards.update(layout)
            for card, gain in layout.items():
                self.layout[card] += gain
        assert sum(gains.values()) + sum(cards.values()) + pot == 0
        self.pot += pot
        self.steps.append(Step(kind, player, gains, cards, pot, template, params, event))
