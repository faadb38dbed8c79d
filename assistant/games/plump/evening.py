"""Plump in the evening: its result, a stake per point of difference, a player's numbers
(bids made, the average per deal, the dealer's hook) and the protocol as rows.

>>> from ..base import Record
>>> from . import replay
>>> game = replay(Record("plump", ("Anna", "Bo", "Cia"), "Anna", {}, (
...     {"bids": {"Bo": 1, "Cia": 0, "Anna": 1}, "tricks": {"Bo": 1, "Cia": 1, "Anna": 8}},)))
>>> {key: int(value) for key, value in tally(game, "Anna").items()}
{'deals': 1, 'made': 0, 'points': 0, 'dealt': 1, 'hooked': 1, 'hooked_missed': 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..base import N_, Message
from ..evening import EveningRules, Outcome, Sheet, Tally, percent, points_bases, ranked

if TYPE_CHECKING:
    from . import PlumpReplay


def outcome(game: PlumpReplay) -> Outcome:
    return Outcome(
        finished=game.finished,
        winners=game.winners,
        leaders=game.leaders if game.deals else (),
        scores=ranked(game.totals),
        unit=N_("points"),
        planned=game.deal_count,
    )


def tally(game: PlumpReplay, player: str) -> Tally:
    """Over the deals he played out (not those he sat out): how many, the bids made, the points
    (adjustments counted); and as dealer: his deals, those in which the hook barred a bid, and
    how many of those he missed."""
    done = [deal for deal in game.deals if deal.made and player in deal.made]
    his = [deal for deal in done if deal.dealer == player]
    hooked = [deal for deal in his if deal.forbidden_bid is not None]
    return {
        "deals": Fraction(len(done)),
        "made": Fraction(sum(bool(deal.made and deal.made[player]) for deal in done)),
        "points": Fraction(game.totals[player]),
        "dealt": Fraction(len(his)),
        "hooked": Fraction(len(hooked)),
        "hooked_missed": Fraction(sum(not (deal.made and deal.made[player]) for deal in hooked)),
    }


def figures(counters: Tally) -> tuple[Message, ...]:
    deals = counters.get("deals", Fraction(0))
    return (
        Message(
            N_("Bids made: {made} of {deals} ({percent} %)"),
            {
                "made": counters.get("made", Fraction(0)),
                "deals": deals,
                "percent": round(percent(counters.get("made", Fraction(0)), deals)),
            },
        ),
        Message(
            N_("Average score per deal: {average}"),
            {"average": counters.get("points", Fraction(0)) / deals if deals else Fraction(0)},
        ),
        Message(
            N_(
                "Dealing: the hook barred a bid in {hooked} of {dealt} deals;"
                " the bid was missed in {missed} of those."
            ),
            {
                "hooked": counters.get("hooked", Fraction(0)),
                "dealt": counters.get("dealt", Fraction(0)),
                "missed": counters.get("hooked_missed", Fraction(0)),
            },
        ),
    )


def sheet(game: PlumpReplay) -> Sheet:
    columns = [
        Message(N_("Deal")),
        Message(N_("Cards")),
        Message(N_("Dealer")),
        Message(N_("Trump")),
    ]
    for name in game.players:
        columns += [
            Message(N_("{name}: bid"), {"name": name}),
            Message(N_("{name}: tricks"), {"name": name}),
            Message(N_("{name}: score"), {"name": name}),
            Message(N_("{name}: total"), {"name": name}),
        ]
    noted = any(deal.adjust for deal in game.deals)
    if noted:  # only a sheet with adjustments has their column
        columns.append(Message(N_("Adjustments")))
    rows = []
    for deal in game.deals:
        row: list[str | int | None] = [deal.deal, deal.cards, deal.dealer, deal.trump]
        for name in game.players:  # a player who sits the deal out has empty cells
            row += [
                deal.bids.get(name),
                deal.tricks.get(name) if deal.tricks else None,
                deal.scores.get(name) if deal.scores else None,
                deal.totals[name],
            ]
        if noted:
            row.append("; ".join(adjusted(entry) for entry in deal.adjust) or None)
        rows.append(tuple(row))
    return Sheet(tuple(columns), tuple(rows))


def adjusted(entry: Mapping[str, Any]) -> str:
    """An adjustment as the sheet notes it: "Cia −10: revoke" (the reason as the table gave it).

    >>> adjusted({"player": "Cia", "points": -10, "reason": "revoke"})
    'Cia −10: revoke'
    """
    return f"{entry['player']} {signed(entry['points'])}: {entry['reason']}"


def signed(points: int) -> str:
    """Points with their sign, as paper writes a correction: +10, −10."""
    return f"+{points}" if points > 0 else f"−{-points}"


EVENING = EveningRules(
    outcome=outcome,
    bases=points_bases(lambda game: game.totals),
    tally=tally,
    figures=figures,
    sheet=sheet,
)
