"""Boodle: a deal while it is being played, from the events entered so far.

At the table the boodle cards and the faults are entered as they happen, before anybody has gone
out; ``play_partial`` checks them with the same rules as a whole deal and says where the chips
are now (``boodle.live_deal`` starts it from the end of a record).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, RuleError
from .deal import Layout, Step, TableState, open_deal, play_events
from .entries import DealEntry, parse_deal
from .events import BoodlePlay, Out
from .rules import BoodleCard, BoodleOptions


@dataclass(frozen=True)
class LiveDeal:
    """A deal so far: the antes, the spare hand and the events entered (nobody has gone out);
    ``layout`` and ``pot`` are the chips there now, ``chips`` each player's gain so far."""

    deal: int
    dealer: str
    entry: DealEntry
    antes: Mapping[str, Layout]
    layout_before: Layout
    layout: Layout
    pot_before: int
    pot: int
    steps: tuple[Step, ...]
    chips: Mapping[str, int]
    barred: tuple[str, ...]

    @property
    def played(self) -> dict[BoodleCard, str]:
        """Who played each boodle card so far (whether he took its chips or was barred)."""
        return {e.card: e.by for e in self.entry.events if isinstance(e, BoodlePlay)}


def play_partial(
    state: TableState, raw: Any, players: Sequence[str], options: BoodleOptions
) -> LiveDeal:
    """Check and play the part of a deal entered so far (a round without its out).

    >>> from .deal import initial_state
    >>> live = play_partial(initial_state(["A", "B", "C"], "C"),
    ...     {"events": [{"boodle": "AH", "by": "A"}]}, ["A", "B", "C"], BoodleOptions())
    >>> live.chips["A"], live.layout[BoodleCard.AH], live.layout[BoodleCard.KC]
    (0, 0, 4)
    """
    try:
        entry = parse_deal(raw, players, state.dealer, options, partial=True)
        if entry.events and isinstance(entry.events[-1], Out):
            raise RuleError(
                N_(
                    "A deal still being played has nobody out yet: save the out with the cards left"
                ),
                field=f"events.{len(entry.events) - 1}.out",
            )
    except RuleError as err:
        raise err.at_round(state.deal) from None
    book, antes, _poker = open_deal(state, entry, players, options)
    barred = play_events(book, entry.events)
    return LiveDeal(
        deal=state.deal,
        dealer=state.dealer,
        entry=entry,
        antes=antes,
        layout_before=state.layout,
        layout=dict(book.layout),
        pot_before=state.pot,
        pot=book.pot,
        steps=tuple(book.steps),
        chips=dict(book.chips),
        barred=tuple(barred),
    )
