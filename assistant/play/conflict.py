"""A correction that waited on a phone (no connection) while another phone changed the game:
the round as this phone had it beside the round as the table has it now, cell by cell of the
game's sheet, so that the player can choose which to keep."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games import find_game
from ..games.base import RuleError
from ..i18n import say
from .base import Adapter, Context, EntryForm
from .money import number


@dataclass(frozen=True)
class Difference:
    what: str  # the sheet's column ("Bo: tricks"), in the reader's language
    phone: str
    table: str


@dataclass(frozen=True)
class Conflict:
    """``fits``: this phone's round can still be saved as it is (else the form says why)."""

    differences: tuple[Difference, ...]
    fits: bool


def conflict(
    ctx: Context[Any, Any], adapter: Adapter[Any, Any], round_number: int, form: EntryForm
) -> Conflict:
    """Round ``round_number`` as ``form`` (kept from this phone) has it and as the table has it."""
    spec = find_game(ctx.record.game)
    if not form.validate():
        return Conflict((), fits=False)
    try:
        change = adapter.corrected(ctx, round_number, form)
        mine = spec.replay(ctx.record.with_rounds(change.rounds))
    except RuleError as error:
        form.form_errors.append(say(error))
        return Conflict((), fits=False)
    now = spec.evening.sheet(ctx.loaded.replay)
    phone = spec.evening.sheet(mine)
    row = round_number - 1
    if row >= len(now.rows) or row >= len(phone.rows):
        return Conflict((), fits=True)
    cells = zip(now.columns, phone.rows[row], now.rows[row], strict=False)
    return Conflict(
        tuple(
            Difference(say(column), cell(ours), cell(theirs))
            for column, ours, theirs in cells
            if ours != theirs
        ),
        fits=True,
    )


def cell(value: str | int | None) -> str:
    return "–" if value is None else number(value)
