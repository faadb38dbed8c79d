"""What waited on a phone (no connection) while another phone changed the game, beside the game
as the table has it now, cell by cell of the game's sheet, so that the player can choose which
to keep: a correction's round (``conflict``), or the whole game as this phone played it on
(``apart``)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest
from typing import Any

from ..games import find_game
from ..games.base import RuleError
from ..i18n import say
from .base import Adapter, Context, EntryForm
from .money import number
from .standings import Standings


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


@dataclass(frozen=True)
class RoundApart:
    """One round where this phone's version of the game and the table's say different things."""

    name: str  # the round in the game's own words ("Deal 2")
    differences: tuple[Difference, ...]


@dataclass(frozen=True)
class Apart:
    """The game as the table has it and as this phone had it (the phone's changes made offline
    on an older version, while another phone moved the game on): each one's score and every
    round where they differ, cell by cell of the game's sheet."""

    table: Standings
    phone: Standings
    rounds: tuple[RoundApart, ...]


def apart(adapter: Adapter[Any, Any], table: Context[Any, Any], phone: Context[Any, Any]) -> Apart:
    """The table's version of a game beside this phone's."""
    rules = table.loaded.spec.evening
    ours, theirs = rules.sheet(phone.loaded.replay), rules.sheet(table.loaded.replay)
    rounds = []
    for row, (mine, now) in enumerate(zip_longest(ours.rows, theirs.rows, fillvalue=()), start=1):
        cells = zip_longest(theirs.columns, mine, now)
        found = tuple(
            Difference(say(column), cell(m), cell(t)) for column, m, t in cells if m != t and column
        )
        if found:
            rounds.append(RoundApart(say(adapter.round_name(row)), found))
    return Apart(adapter.standings(table), adapter.standings(phone), tuple(rounds))
