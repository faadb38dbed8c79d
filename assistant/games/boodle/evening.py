"""Boodle in the evening: each player's net chips, money per chip (the record's own
``chip_value``), a player's net chips over his deals and the deals as rows.

The chips still on the layout (and in a poker pot) are shared equally, as in Boodle's own
settle-up: what the evening counts is the settlement's balances.

>>> from ..base import Record
>>> from . import replay
>>> game = replay(Record("boodle", ("Anna", "Bo", "Clara"), "Clara", {}, ({
...     "events": [{"boodle": "QD", "by": "Anna"}, {"out": "Anna"}],
...     "cards_left": {"Bo": 3, "Clara": 5}},)))
>>> {name: str(chips) for name, chips in net_chips(game).items()}
{'Anna': '12', 'Bo': '-3', 'Clara': '-9'}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..base import N_, Message
from ..evening import Basis, EveningRules, Outcome, Sheet, Tally, best, ranked
from .people import Adjustment

if TYPE_CHECKING:
    from . import BoodleReplay


def net_chips(game: BoodleReplay) -> Mapping[str, Fraction]:
    """Each player's chips, the chips left on the layout shared equally."""
    return game.settlement.balances


def outcome(game: BoodleReplay) -> Outcome:
    left = sum(game.layout.values()) + game.pot
    remarks: tuple[Message, ...] = ()
    if left and game.deals:
        remarks = (
            Message(
                N_("{chips} chips on the layout, shared equally in the settle-up")
                if left != 1
                else N_("1 chip on the layout, given out in the settle-up"),
                {"chips": left},
            ),
        )
    return Outcome(
        finished=game.finished,
        winners=game.winners,
        leaders=best(game.totals) if game.deals else (),
        scores=ranked(game.totals),
        unit=N_("chips"),
        signed=True,
        remarks=remarks,
    )


BASES = (
    Basis(
        "chip",
        N_("per chip"),
        N_("per chip"),
        N_("Stake set: {amount} per chip."),
        net_chips,
        shown=N_("{units} chips"),
    ),
)


def tally(game: BoodleReplay, player: str) -> Tally:
    """A player's own deals (not those he sat out) and his net chips."""
    own = sum(1 for deal in game.deals if player in deal.chips)
    return {"deals": Fraction(own), "chips": net_chips(game)[player]}


def figures(counters: Tally) -> tuple[Message, ...]:
    return (
        Message(
            N_("Net chips: {chips} in {deals} deals"),
            {
                "chips": counters.get("chips", Fraction(0)),
                "deals": counters.get("deals", Fraction(0)),
            },
        ),
    )


def sheet(game: BoodleReplay) -> Sheet:
    columns = [Message(N_("Deal")), Message(N_("Dealer")), Message(N_("Out"))]
    for name in game.players:
        columns += [
            Message(N_("{name}: chips"), {"name": name}),
            Message(N_("{name}: balance"), {"name": name}),
        ]
    columns.append(Message(N_("On the layout")))
    moved = any(deal.entry.adjust for deal in game.deals)  # a column only where chips were
    if moved:
        columns.append(Message(N_("Chips moved by hand")))
    rows = []
    for deal in game.deals:
        row: list[str | int | None] = [deal.deal, deal.dealer, deal.winner]
        for name in game.players:  # a player out of the deal: an empty cell, not 0
            row += [deal.chips.get(name), deal.balances[name]]
        row.append(sum(deal.layout_after.values()) + deal.pot_after)
        if moved:
            row.append("; ".join(moved_text(a) for a in deal.entry.adjust) or None)
        rows.append(tuple(row))
    return Sheet(tuple(columns), tuple(rows))


def moved_text(adjustment: Adjustment) -> str:
    """``Cia → Anna: 2 (paid late)``: the same in every language."""
    return f"{adjustment.giver} → {adjustment.to}: {adjustment.chips} ({adjustment.reason})"


EVENING = EveningRules(
    outcome=outcome,
    bases=BASES,
    tally=tally,
    figures=figures,
    sheet=sheet,
    stake_option="chip_value",
)
