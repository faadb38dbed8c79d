"""Mulle in the evening: its result with the hundred club, a stake per point of difference,
a player's numbers (hundred-club visits, mulles taken, points per deal) and the sheet as rows.

>>> from ..base import Record
>>> from . import replay
>>> deal = {"piles": {"Anna": {"tabbar": 2, "mulles": ["7H", "KS"]}, "Bo": {"spades": 3}}}
>>> game = replay(Record("mulle", ("Anna", "Bo"), "Anna", {"deals": 1}, (deal,)))
>>> [(s.who, int(s.score)) for s in outcome(game).scores], int(tally(game, "Anna")["mulles"])
([(('Anna',), 22), (('Bo',), 3)], 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..base import N_, Message
from ..evening import (
    EveningRules,
    Outcome,
    Score,
    Sheet,
    Tally,
    adjustment_note,
    best,
    points_bases,
)

if TYPE_CHECKING:
    from . import MulleReplay


def outcome(game: MulleReplay) -> Outcome:
    low_wins = game.options.kryp
    sides = sorted(game.sides, key=lambda side: game.totals[side[0]] * (1 if low_wins else -1))
    remarks: tuple[Message, ...] = ()
    if game.hundred_club:
        remarks = (Message(N_("Hundred club: {names}"), {"names": ", ".join(game.hundred_club)}),)
    return Outcome(
        finished=game.finished,
        winners=game.winners,
        leaders=best(game.totals, low_wins=low_wins) if game.deals else (),
        scores=tuple(Score(side, Fraction(game.totals[side[0]])) for side in sides),
        unit=N_("points"),
        remarks=remarks,
        planned=game.deals_in_game,
    )


def points(game: MulleReplay) -> Mapping[str, int]:
    """Each player's points, higher being better (in kryp-mulle the lowest total wins)."""
    sign = -1 if game.options.kryp else 1
    return {name: sign * total for name, total in game.totals.items()}


def tally(game: MulleReplay, player: str) -> Tally:
    """His deals and points, the mulles he took (in his own pile), and whether this game put
    him in the hundred club."""
    return {
        "deals": Fraction(len(game.deals)),
        "points": Fraction(game.totals[player]),
        "mulles": Fraction(
            sum(len(deal.piles[player].mulles) for deal in game.deals if player in deal.piles)
        ),
        "hundred_club": Fraction(player in game.hundred_club),
    }


def figures(counters: Tally) -> tuple[Message, ...]:
    deals = counters.get("deals", Fraction(0))
    return (
        Message(
            N_("Seats taken in the hundred club: {count}"),
            {"count": counters.get("hundred_club", Fraction(0))},
        ),
        Message(N_("Mulles taken: {count}"), {"count": counters.get("mulles", Fraction(0))}),
        Message(
            N_("Average points per deal: {average}"),
            {"average": counters.get("points", Fraction(0)) / deals if deals else Fraction(0)},
        ),
    )


def sheet(game: MulleReplay) -> Sheet:
    columns = [Message(N_("Deal")), Message(N_("Dealer"))]
    for name in game.players:
        columns += [
            Message(N_("{name}: cards"), {"name": name}),
            Message(N_("{name}: mulles"), {"name": name}),
            Message(N_("{name}: tabbar"), {"name": name}),
            Message(N_("{name}: points"), {"name": name}),
            Message(N_("{name}: total"), {"name": name}),
        ]
    rows = []
    for deal, running in zip(game.deals, game.running, strict=True):
        row: list[str | int | None] = [deal.number, deal.dealer]
        for name in game.players:
            got = deal.points[name]
            row += [got.cards, got.mulles, got.tabbar, got.total, running[name]]
        rows.append(tuple(row))
    notes = [[adjustment_note(a.player, a.points, a.reason) for a in d.adjust] for d in game.deals]
    return Sheet(tuple(columns), tuple(rows)).noted(notes)


EVENING = EveningRules(
    outcome=outcome,
    bases=points_bases(points),
    tally=tally,
    figures=figures,
    sheet=sheet,
)
