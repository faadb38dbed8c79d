"""Boodle: a deal while it is being played, from the events entered so far.

At the table the boodle cards and the faults are entered as they happen, before anybody has gone
out; ``play_partial`` checks them with the same rules as a whole deal and says where the chips
are now (``boodle.live_deal`` starts it from the end of a record). With Three in One the poker
stage comes first, step by step (``poker_steps``, see ``stage``); the stops wait for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import JSON, N_, RuleError
from ..seating import Seating
from .deal import DealPlay, TableState, deal_play, open_deal, play_events
from .entries import parse_deal
from .events import BoodlePlay, Out
from .ledger import Ledger
from .people import adjust_steps, check_nobody_out_named
from .poker import ante_step, bets_step
from .rules import BoodleCard, BoodleOptions
from .stage import PokerStage, play_stage

STAGE = "poker_steps"  # the draft's key for the poker stage entered so far


@dataclass(frozen=True)
class LiveDeal(DealPlay):
    """A deal so far: the antes, the spare hand and the events entered (nobody has gone out);
    ``layout_after`` and ``pot_after`` are the chips there now."""

    stage: PokerStage | None = None  # Three in One: the poker stage so far (``poker``: once done)

    @property
    def played(self) -> dict[BoodleCard, str]:
        """Who played each boodle card so far (whether he took its chips or was barred)."""
        return {e.card: e.by for e in self.entry.events if isinstance(e, BoodlePlay)}


def play_partial(
    state: TableState, raw: Any, players: Sequence[str], options: BoodleOptions
) -> LiveDeal:
    """Check and play the part of a deal entered so far (a round without its out).

    >>> from ..base import Record
    >>> from .deal import initial_state
    >>> live = play_partial(initial_state(Record("boodle", ("A", "B", "C"), "C")),
    ...     {"events": [{"boodle": "AH", "by": "A"}]}, ["A", "B", "C"], BoodleOptions())
    >>> live.chips["A"], live.layout_after[BoodleCard.AH], live.layout_after[BoodleCard.KC]
    (0, 0, 4)
    """
    try:
        check_nobody_out_named(raw, state.seats.out)
        stage, raw = _poker_stage(raw, players, state.seats, options)
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
    book, antes, poker = open_deal(state, entry, players, options)
    if stage is not None and not stage.done:
        _stage_so_far(book, stage, options)
    barred = play_events(book, entry.events)
    adjust_steps(book, entry.adjust)  # chips moved by hand so far (they count after the cards)
    return LiveDeal(**deal_play(state, entry, antes, book, barred, poker), stage=stage)


def _poker_stage(
    raw: Any, players: Sequence[str], seats: Seating, options: BoodleOptions
) -> tuple[PokerStage | None, Any]:
    """The poker stage of the draft, and the draft as a round: with the stage's ``poker`` field
    once it is done. The stops (the events) wait until then."""
    if not isinstance(raw, Mapping) or STAGE not in raw:
        steps = None
    else:
        raw = dict(raw)
        steps = raw.pop(STAGE)
    if options.pot_ante is None:
        if steps is not None:
            raise RuleError(
                N_("This table does not play Three in One: there is no poker stage"), field="poker"
            )
        return None, raw
    if isinstance(raw, Mapping) and "poker" in raw:
        raise RuleError(N_("The poker stage is entered step by step"), field="poker")
    stage = play_stage(steps, players, seats.order)
    if stage.done:
        return stage, {**raw, "poker": stage.record()}
    if isinstance(raw, Mapping) and raw.get("events"):
        raise RuleError(
            N_("First the poker stage, then the stops: finish the poker stage"),
            field="events.0.by",
        )
    return stage, raw


def _stage_so_far(book: Ledger, stage: PokerStage, options: BoodleOptions) -> None:
    """The chips of an unfinished poker stage: the antes, and the bets once they are in."""
    assert options.pot_ante is not None
    ante_step(book, options.pot_ante)
    if stage.bet is not None:
        bets_step(book, dict.fromkeys(stage.still_in, stage.bet))


def check_spare_hand_open(draft: Mapping[str, Any]) -> None:
    """The spare hand is settled before the poker stage: the dealer swaps, or the buyer takes it,
    before anyone chooses his five cards."""
    if draft.get(STAGE):
        raise RuleError(
            N_(
                "The spare hand is settled before the poker stage: Undo the poker steps"
                " to change it"
            ),
            field="widow",
        )


def finished_round(live: LiveDeal, draft: Mapping[str, Any], out: str, cards_left: JSON) -> JSON:
    """The round of docs/records.md when ``out`` went out: the draft, with the poker stage as its
    ``poker`` field, the out as the last event and the cards left; and the players left out of
    it, if any (they stay out until the table deals them in again)."""
    done = {key: value for key, value in draft.items() if key not in (STAGE, "out")}
    if live.seats.out:
        done["out"] = list(live.seats.out)
    if live.stage is not None and live.stage.done:
        done["poker"] = live.stage.record()
    done["events"] = [*draft.get("events", []), {"out": out}]
    done["cards_left"] = cards_left
    return done
