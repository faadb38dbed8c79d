"""Boodle: what happened in a deal (boodle cards played, faults, who went out) and the cards
the others still held, checked event by event.

Fields of an error: ``events.2.by`` (events are counted from 0 like the JSON list; the messages
count from 1), ``cards_left.Cia``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, RuleError, check_int, check_player
from ..cards import parse_card
from .rules import BY_CODE, CARD_LABELS, BoodleCard, FaultKind, check_fields, field_of, max_hand


@dataclass(frozen=True)
class BoodlePlay:
    """``by`` played ``card`` (he takes its chips unless a fault has barred him)."""

    card: BoodleCard
    by: str


@dataclass(frozen=True)
class Fault:
    """``by`` made a fault: barred from boodle chips for the rest of the deal (a wrong lead also
    pays 1 chip to every other player)."""

    kind: FaultKind
    by: str


@dataclass(frozen=True)
class Out:
    """``by`` played his last card first and won the deal (always the last event)."""

    by: str


Event = BoodlePlay | Fault | Out


def boodle_card(code: Any, *, field: str) -> BoodleCard:
    """``"QD"`` → BoodleCard.QD; another card, or no card at all, is an error."""
    if isinstance(code, str) and code in BY_CODE:
        return BY_CODE[code]
    with field_of(field):
        card = parse_card(code)
    if card.code not in BoodleCard.__members__:
        raise RuleError(
            N_("{card} is not a boodle card: only {cards} carry chips"),
            field=field,
            card=card.label,
            cards=CARD_LABELS,
        )
    return BoodleCard(card.code)


def parse_events(raw: Any, players: Sequence[str], *, partial: bool = False) -> tuple[Event, ...]:
    """The events in the order they happened, ending with the one ``out`` (``partial``: a deal
    still being played, where nobody may have gone out yet)."""
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise RuleError(N_("events must be a list"), field="events")
    events: list[Event] = []
    played: dict[BoodleCard, int] = {}
    barred: set[str] = set()
    for index, item in enumerate(raw):
        field = f"events.{index}"
        if events and isinstance(events[-1], Out):
            raise RuleError(
                N_("Event {number} comes after {name} went out, but the deal ended then"),
                field=field,
                number=index + 1,
                name=events[-1].by,
            )
        event = parse_event(item, players, index)
        _follow(event, index, played, barred)
        events.append(event)
    if not partial and (not events or not isinstance(events[-1], Out)):
        raise RuleError(
            N_("The deal ends when someone goes out: who played their last card first?"),
            field="events",
        )
    return tuple(events)


def _follow(event: Event, index: int, played: dict[BoodleCard, int], barred: set[str]) -> None:
    """Event ``index`` after those before it: a card played once, and nobody who made a fault
    goes out (``played``: each card's event; ``barred``: who made a fault; both kept up)."""
    field = f"events.{index}"
    if isinstance(event, BoodlePlay):
        if event.card in played:
            raise RuleError(
                N_("{card} was already played in this deal (event {first})"),
                field=f"{field}.boodle",
                card=event.card.label,
                first=played[event.card] + 1,
            )
        played[event.card] = index
    elif isinstance(event, Fault):
        barred.add(event.by)
    elif event.by in barred:
        raise RuleError(
            N_(
                "{name} made a fault in this deal and cannot win it: play goes on until"
                " someone else goes out properly"
            ),
            field=f"{field}.out",
            name=event.by,
        )


def parse_event(raw: Any, players: Sequence[str], index: int) -> Event:
    """One event: ``{"boodle": CARD, "by": NAME}``, ``{"fault": KIND, "by": NAME}`` or
    ``{"out": NAME}`` (``index`` counts from 0)."""
    # The usual events, right as they are, in a few lookups; anything else is checked (and
    # explained) step by step below.
    if type(raw) is dict:
        if len(raw) == 1 and isinstance(out := raw.get("out"), str) and out in players:
            return Out(out)
        by = raw.get("by")
        if len(raw) == 2 and isinstance(by, str) and by in players:
            card = raw.get("boodle")
            if isinstance(card, str) and card in BY_CODE:
                return BoodlePlay(BY_CODE[card], by)
    field = f"events.{index}"
    what = f"event {index + 1}"
    if not isinstance(raw, Mapping) or not {"boodle", "fault", "out"} & raw.keys():
        raise RuleError(
            N_("Event {number} must be a boodle card played, a fault, or who went out"),
            field=field,
            number=index + 1,
        )
    if "out" in raw:
        check_fields(raw, allowed=("out",), what=what, at=f"{field}.")
        with field_of(f"{field}.out"):
            return Out(check_player(raw["out"], players, what=what))
    kind = "boodle" if "boodle" in raw else "fault"
    check_fields(raw, allowed=(kind, "by"), required=("by",), what=what, at=f"{field}.")
    with field_of(f"{field}.by"):
        by = check_player(raw["by"], players, what=what)
    if kind == "boodle":
        return BoodlePlay(boodle_card(raw["boodle"], field=f"{field}.boodle"), by)
    if raw["fault"] not in [fault.value for fault in FaultKind]:
        raise RuleError(
            N_("{kind!r} is not a fault: a fault is wrong-lead or withheld"),
            field=f"{field}.fault",
            kind=raw["fault"],
        )
    return Fault(FaultKind(raw["fault"]), by)


def parse_cards_left(raw: Any, players: Sequence[str], winner: str) -> dict[str, int]:
    """Cards still held by everyone but the winner (each pays him a chip per card)."""
    most = max_hand(len(players))
    if type(raw) is dict and len(raw) == len(players) - 1 and winner not in raw:
        counts: dict[str, int] = {}
        for name in players:
            count = raw.get(name)
            if name != winner and type(count) is int and 0 <= count <= most:
                counts[name] = count
        if len(counts) == len(raw):
            return counts  # right as it is; anything else is explained below
    if not isinstance(raw, Mapping):
        raise RuleError(
            N_("Enter how many cards each player still holds when {name} went out"),
            field="cards_left",
            name=winner,
        )
    for name in raw:
        with field_of(f"cards_left.{name}"):
            check_player(name, players, what="cards_left")
    if winner in raw:
        raise RuleError(
            N_("{name} went out and holds no cards: leave {name} out of the cards left"),
            field=f"cards_left.{winner}",
            name=winner,
        )
    return {name: _held(raw, name, len(players)) for name in players if name != winner}


def _held(raw: Mapping[str, Any], name: str, players: int) -> int:
    """The cards ``name`` still holds, as ``raw`` says: at most a hand of ``players``."""
    if name not in raw:
        raise RuleError(
            N_("How many cards does {name} still hold?"), field=f"cards_left.{name}", name=name
        )
    with field_of(f"cards_left.{name}"):
        held = check_int(raw[name], what=f"{name}'s cards left", low=0)
    if held > (most := max_hand(players)):
        raise RuleError(
            N_(
                "{name} cannot hold {held} cards: with {players} players no hand has more"
                " than {most}"
            ),
            field=f"cards_left.{name}",
            name=name,
            held=held,
            players=players,
            most=most,
        )
    return held
