"""The score at a glance, in one shape for every game: the strip at the top of each game page.

Each adapter says its game's standings (``Adapter.standings``): who is in it (players, or teams
in Mus), each total as the sheet writes it, who leads and by how much. One macro
(``standings_strip`` in ``templates/macros.html``) draws them for every game; a game that lays
its score out in pieces (Mus's amarracos and stones) adds ``Marks``, drawn by its own CSS.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..games.base import N_, Message
from ..i18n import gettext
from .money import number

if TYPE_CHECKING:
    from .base import Adapter, Change, Context, R, V


@dataclass(frozen=True)
class Marks:
    """A row of small drawn marks: ``kinds`` are CSS classes the game's stylesheet draws
    (``mark <kind>``), ``label`` says the same in words for a screen reader."""

    label: str
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class Standing:
    """One player (or team) on the strip."""

    name: str
    total: str  # as the sheet writes it: "83", "+5", "−3"
    leader: bool = False
    note: str = ""  # a small line under the total ("this deal: +3", "1 game won")
    marks: tuple[Marks, ...] = ()
    css: str = ""  # a class of the game's own (a team colour)
    words: tuple[tuple[str, str], ...] = ()  # table words shown with a one-tap explanation


@dataclass(frozen=True)
class Standings:
    rows: tuple[Standing, ...]
    summary: str = ""  # "Ahead: Anna by 12", "Level at the top: Anna, Bo"
    pending: str = ""  # what is not in the totals yet ("At the count: grande 2")
    legend: tuple[tuple[str, str], ...] = ()  # (mark kind, what it means)
    # Results decided for good that the totals do not show ("Game 1 won by Ben & Dan 40–38"
    # while the strip counts game 2): a correction that changes one says so.
    settled: tuple[str, ...] = ()


def ranked(
    totals: Mapping[str, int],
    *,
    started: bool,
    lowest_wins: bool = False,
    show: Callable[[int], str] = number,
    notes: Mapping[str, str] | None = None,
) -> Standings:
    """Totals in seating order with the leader marked and the gap to the next one. Before
    anything is scored nobody leads."""
    best = (min if lowest_wins else max)(totals.values()) if totals else 0
    leaders = [name for name, total in totals.items() if total == best] if started else []
    rows = tuple(
        Standing(name, show(total), name in leaders, (notes or {}).get(name, ""))
        for name, total in totals.items()
    )
    return Standings(rows, lead_summary(totals, leaders))


def lead_summary(totals: Mapping[str, int], leaders: list[str]) -> str:
    """ "Ahead: Anna by 12" (the gap to the next one), or who shares the top."""
    if not leaders:
        return ""
    if len(leaders) > 1:
        return gettext("Level at the top: %(names)s", names=", ".join(leaders))
    best = totals[leaders[0]]
    others = [total for name, total in totals.items() if name != leaders[0]]
    if not others:
        return ""
    gap = min(abs(best - total) for total in others)
    return gettext("Ahead: %(name)s by %(gap)s", name=leaders[0], gap=number(gap))


# --- a correction says how the totals moved --------------------------------------------------


def moves(before: Standings, after: Standings) -> str:
    """``Bo 83 → 71, Dan 56 → 68``: the totals a change moved (empty when none moved)."""
    old = {row.name: row.total for row in before.rows}
    return ", ".join(
        f"{row.name} {old[row.name]} → {row.total}"
        for row in after.rows
        if row.name in old and old[row.name] != row.total
    )


def telling_the_totals(adapter: Adapter[R, V], ctx: Context[R, V], change: Change) -> Change:
    """The change, with a log sentence that also says how the totals moved, read from the
    replay the save makes ("Deal 2 corrected. Totals: Bo 83 → 71, Dan 56 → 68.")."""
    before = adapter.standings(ctx)

    def describe(replay: R) -> Message:
        record = ctx.record.with_rounds(change.rounds)
        loaded = replace(ctx.loaded, record=record, replay=replay, draft=change.draft)
        after = adapter.standings(type(ctx)(loaded, adapter.view(loaded)))
        moved = moves(before, after)
        now = "; ".join(result for result in after.settled if result not in before.settled)
        if not moved and not now:
            return Message(N_("{what} The totals stay as they were."), {"what": change.summary})
        said = change.summary
        if moved:
            said = Message(N_("{what} Totals: {moves}."), {"what": said, "moves": moved})
        if now:
            said = Message(N_("{what} Now: {results}."), {"what": said, "results": now})
        return said

    return replace(change, describe=describe)
