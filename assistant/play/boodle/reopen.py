"""Undo after a saved deal takes back its last step only, who went out with the cards left: the
deal goes back into play (the game's draft) as it was just before, with its stakes, spare hand,
poker stage, boodle cards and faults, rebuilt from the deal as the engine read it."""

from __future__ import annotations

from collections.abc import Sequence

from ...games.base import JSON, RuleError
from ...games.boodle.deal import DealResult
from ...games.boodle.entries import DealEntry
from ...games.boodle.events import BoodlePlay, Event, Fault
from ...games.boodle.live import STAGE
from ...games.boodle.poker import PokerEntry, parse_poker
from ...games.boodle.stage import play_stage


class NotReopened(ValueError):
    """The deal cannot be played on from where it was: its poker stage was corrected into one
    the steps at the table never make (a player who folded after a bet). Undo then takes back
    the whole deal, as the engine's undo does."""


def reopened_draft(
    deal: DealResult, players: Sequence[str], before: Sequence[str] = ()
) -> JSON | None:
    """The draft of ``deal`` before its out was entered (None: nothing was entered before it).

    A draft is what the live taps store: who plays (where it is not the table as it sat
    before the deal, ``before`` being who was out then), the stakes without the empty cards,
    the events, the poker stage as its steps, one player's in or fold at a time in the betting
    order, and the chips moved by hand."""
    entry = deal.entry
    draft: JSON = {}
    if tuple(deal.seats.out) != tuple(before):
        draft["out"] = list(deal.seats.out)
    if entry.stakes is not None:
        draft["stakes"] = {
            name: {card.value: chips for card, chips in stake.items() if chips}
            for name, stake in entry.stakes.items()
        }
    widow = widow_of(entry)
    if widow:
        draft["widow"] = widow
    if entry.poker is not None:
        draft[STAGE] = stage_steps(entry.poker, players, deal.seats.order)
    events = [event_of(event) for event in entry.events[:-1]]  # the last is the out
    if events:
        draft["events"] = events
    if entry.adjust:
        draft["adjust"] = [adjustment.to_json() for adjustment in entry.adjust]
    return draft or None


def can_reopen(deal: DealResult, players: Sequence[str]) -> bool:
    """Does Undo take back only the out of ``deal`` (else the whole deal)?"""
    try:
        reopened_draft(deal, players)
    except NotReopened:
        return False
    return True


def widow_of(entry: DealEntry) -> JSON:
    """The spare hand as the live taps store it (empty: nobody swapped or bought it)."""
    widow: JSON = {}
    if entry.swap:
        widow["swap"] = True
    if entry.auction is not None:
        widow["auction"] = {"buyer": entry.auction.buyer, "price": entry.auction.price}
    return widow


def event_of(event: Event) -> JSON:
    """A boodle card played or a fault, as the live taps store it."""
    if isinstance(event, BoodlePlay):
        return {"boodle": event.card.value, "by": event.by}
    assert isinstance(event, Fault), "only the last event is an out"
    return {"fault": event.kind.value, "by": event.by}


def stage_steps(poker: PokerEntry, players: Sequence[str], order: Sequence[str]) -> list[JSON]:
    """The steps of a saved poker stage (``order``: its deal's turn order); NotReopened when
    they would not make it again."""
    staying = [name for name in order if name not in poker.folded]
    lone = len(staying) == 1  # everyone else folded: he takes the pot, without a step of his own
    steps: list[JSON] = [
        {"fold" if name in poker.folded else "in": [name]}
        for name in order
        if not (lone and name in staying)
    ]
    if not lone:
        steps.append({"bet": poker.bets[staying[0]]})
        if poker.hands is not None:
            steps.append({"hands": {name: list(cards) for name, cards in poker.hands.items()}})
        else:
            steps.append({"winner": poker.winner})
    try:
        again = parse_poker(play_stage(steps, players, order).record(), players)
    except RuleError:
        raise NotReopened from None
    if not same_stage(again, poker, lone):
        raise NotReopened
    return steps


def same_stage(one: PokerEntry, other: PokerEntry, lone: bool) -> bool:
    """The same poker stage, whatever order the folds were written in (and the lone player
    named as the winner or not)."""
    return (
        one.bets == other.bets
        and set(one.folded) == set(other.folded)
        and one.hands == other.hands
        and (lone or one.winner == other.winner)
    )
