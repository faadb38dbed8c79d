"""Boodle when people come and go (docs/records.md, "People come and go, and adjustments"): who
is dealt in to a deal (a round's ``out``, read by ``seating``), the names a round may give, and
the chips moved by hand after a deal (``adjust``: from a player to another or onto a boodle card).

>>> parse_adjustments({"adjust": [{"from": "Cia", "to": "AH", "chips": 2, "reason": "late"}]},
...                   ("Anna", "Bo", "Cia"))
(Adjustment(giver='Cia', to='AH', chips=2, reason='late'),)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import JSON, N_, RuleError, adjustments, check_int, check_player
from .ledger import Ledger, StepKind
from .rules import BY_CODE

MIN_DEALT_IN = 3
MAX_DEALT_IN = 8


@dataclass(frozen=True)
class Adjustment:
    """``giver`` hands ``chips`` to ``to``: another player dealt in, or a boodle card's pile
    (``"AH"``), for ``reason``."""

    giver: str
    to: str
    chips: int
    reason: str

    @property
    def onto_layout(self) -> bool:
        return self.to in BY_CODE

    def to_json(self) -> JSON:
        """As docs/records.md writes it (the output round carries it as entered)."""
        return {"from": self.giver, "to": self.to, "chips": self.chips, "reason": self.reason}


def check_dealt_in_count(dealt_in: Sequence[str], number: int | None) -> None:
    """A deal is dealt to 3-8 players (``number``: the round, None for the next deal)."""
    if not MIN_DEALT_IN <= len(dealt_in) <= MAX_DEALT_IN:
        raise RuleError(
            N_("{count} players are dealt in: a deal of Boodle is for {low} to {high} players"),
            round=number,
            count=len(dealt_in),
            low=MIN_DEALT_IN,
            high=MAX_DEALT_IN,
        )


def check_nobody_out_named(raw: Any, out: Sequence[str]) -> None:
    """Nothing in a round may name a player who is not dealt in to it."""
    if not out:
        return
    for name in names_in(raw):
        if isinstance(name, str) and name in out:
            raise RuleError(N_("{name} is not dealt in"), name=name)


def names_in(raw: Any) -> Iterator[Any]:
    """Every value a Boodle round gives where it names a player (as far as it is shaped
    right: a misshapen field is explained by the field's own check)."""
    if not isinstance(raw, Mapping):
        return
    yield from _keys(raw.get("stakes"))
    widow = raw.get("widow")
    if isinstance(widow, Mapping) and isinstance(widow.get("auction"), Mapping):
        yield widow["auction"].get("buyer")
    poker = raw.get("poker")
    if isinstance(poker, Mapping):
        yield from _keys(poker.get("bets"))
        yield from _items(poker.get("folded"))
        yield from _keys(poker.get("hands"))
        yield poker.get("winner")
    for event in _items(raw.get("events")):
        if isinstance(event, Mapping):
            yield event.get("by")
            yield event.get("out")
    yield from _keys(raw.get("cards_left"))
    for entry in _items(raw.get("adjust")):
        if isinstance(entry, Mapping):
            yield entry.get("from")
            yield entry.get("to")


def _keys(value: Any) -> Iterator[Any]:
    return iter(value) if isinstance(value, Mapping) else iter(())


def _items(value: Any) -> Iterator[Any]:
    return iter(value) if isinstance(value, list) else iter(())


def parse_adjustments(raw: Mapping[str, Any], dealt_in: Sequence[str]) -> tuple[Adjustment, ...]:
    """A round's ``adjust``, checked (none where it has none)."""
    try:
        entries = adjustments(raw, fields=("from", "to", "chips"))
    except RuleError as err:
        raise RuleError(err.message, field="adjust") from None
    return tuple(
        _adjustment(entry, dealt_in, f"adjust.{index}") for index, entry in enumerate(entries)
    )


def _adjustment(entry: Mapping[str, Any], dealt_in: Sequence[str], field: str) -> Adjustment:
    try:
        giver = check_player(entry["from"], dealt_in, what="adjust from")
        to = entry["to"]
        if not (isinstance(to, str) and to in BY_CODE):
            to = check_player(to, dealt_in, what="adjust to")
        chips = check_int(entry["chips"], what="the chips moved", low=1)
    except RuleError as err:
        raise RuleError(err.message, field=field) from None
    if to == giver:
        raise RuleError(N_("{name} cannot move chips to themselves"), field=field, name=giver)
    return Adjustment(giver, to, chips, entry["reason"])


def adjust_steps(book: Ledger, moved: Sequence[Adjustment]) -> None:
    """The chips moved by hand after the deal's cards, one step each (conserved, as ever). A
    step keeps its template, not a plural: one chip has a sentence of its own."""
    for adjustment in moved:
        params = {
            "name": adjustment.giver,
            "chips": adjustment.chips,
            "reason": adjustment.reason,
        }
        if adjustment.onto_layout:
            card = BY_CODE[adjustment.to]
            text = (
                N_("{name} puts {chips} chips on {card} ({reason})")
                if adjustment.chips != 1
                else N_("{name} puts 1 chip on {card} ({reason})")
            )
            book.add(
                StepKind.ADJUST,
                adjustment.giver,
                text,
                {**params, "card": card.label},
                chips={adjustment.giver: -adjustment.chips},
                layout={card: adjustment.chips},
            )
        else:
            text = (
                N_("{name} gives {chips} chips to {to} ({reason})")
                if adjustment.chips != 1
                else N_("{name} gives 1 chip to {to} ({reason})")
            )
            book.add(
                StepKind.ADJUST,
                adjustment.giver,
                text,
                {**params, "to": adjustment.to},
                chips={adjustment.giver: -adjustment.chips, adjustment.to: adjustment.chips},
            )
