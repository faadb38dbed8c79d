"""Toy: each deal every player scores some points; after ``deals`` deals the most points win.

>>> deal = {"points": {"Anna": 2, "Bo": 5}}
>>> game = replay(Record("toy", ("Anna", "Bo"), "Anna", {"deals": 1}, (deal,)))
>>> game.totals, game.finished, game.winners
({'Anna': 2, 'Bo': 5}, True, ('Bo',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..base import JSON, N_, Message, Record, RuleError, check_int, check_keys
from ..evening import EveningRules, Outcome, Sheet, Tally, best, points_bases, ranked
from ..options import Option, OptionsSchema, Preset
from ..seating import seat_after
from ..spec import GameSpec

DEFAULT_DEALS = 3
MOST_DEALS = 20
MOST_POINTS = 99


@dataclass(frozen=True)
class ToyReplay:
    players: tuple[str, ...]
    deals: int
    rounds: tuple[Mapping[str, int], ...]
    totals: Mapping[str, int]
    next_dealer: str | None

    @property
    def finished(self) -> bool:
        return len(self.rounds) >= self.deals

    @property
    def winners(self) -> tuple[str, ...]:
        if not self.finished:
            return ()
        best = max(self.totals.values())
        return tuple(p for p in self.players if self.totals[p] == best)


def normalize_options(raw: Mapping[str, Any]) -> JSON:
    check_keys(raw, allowed=("deals",), what="options")
    deals = raw.get("deals")
    if deals is None:
        return {"deals": DEFAULT_DEALS}
    return {"deals": check_int(deals, what="deals", low=1, high=MOST_DEALS)}


def replay(record: Record) -> ToyReplay:
    deals = normalize_options(record.options)["deals"]
    if len(record.rounds) > deals:
        raise RuleError(N_("the game has {deals} deals"), deals=deals).at_round(deals + 1)
    rounds = []
    for number, raw in enumerate(record.rounds, start=1):
        try:
            rounds.append(_points(raw, record.players))
        except RuleError as error:
            raise error.at_round(number) from None
    totals = {p: sum(r[p] for r in rounds) for p in record.players}
    dealer = seat_after(record.players, record.first, len(rounds))
    return ToyReplay(
        record.players, deals, tuple(rounds), totals, dealer if len(rounds) < deals else None
    )


def _points(raw: Any, players: tuple[str, ...]) -> dict[str, int]:
    entry = check_keys(raw, allowed=("points",), required=("points",), what="a deal")
    points = check_keys(entry["points"], allowed=players, required=players, what="points")
    return {p: check_int(points[p], what=p, low=0, high=MOST_POINTS) for p in players}


def result(game: ToyReplay) -> JSON:
    return {
        "game": "toy",
        "finished": game.finished,
        "winners": list(game.winners),
        "totals": dict(game.totals),
        "rounds": [{"deal": n, "points": dict(r)} for n, r in enumerate(game.rounds, start=1)],
        "next": None if game.next_dealer is None else {"dealer": game.next_dealer},
    }


OPTIONS = OptionsSchema(
    (Option("deals", N_("Deals in a game"), "number", DEFAULT_DEALS, low=1, high=MOST_DEALS),),
    (Preset("standard", N_("Standard")), Preset("short", N_("Short"), {"deals": 1})),
)


def outcome(game: ToyReplay) -> Outcome:
    leaders = best(game.totals) if game.rounds else ()
    return Outcome(game.finished, game.winners, leaders, ranked(game.totals), N_("points"))


def tally(game: ToyReplay, player: str) -> Tally:
    return {"deals": Fraction(len(game.rounds)), "points": Fraction(game.totals[player])}


def figures(counters: Tally) -> tuple[Message, ...]:
    return (Message(N_("Points: {points}"), {"points": counters.get("points", Fraction(0))}),)


def sheet(game: ToyReplay) -> Sheet:
    columns = (
        Message(N_("Deal")),
        *(Message(N_("{name}: points"), {"name": p}) for p in game.players),
    )
    rows = tuple((n, *(r[p] for p in game.players)) for n, r in enumerate(game.rounds, start=1))
    return Sheet(columns, rows)


EVENING = EveningRules(
    outcome=outcome,
    bases=points_bases(lambda game: game.totals),
    tally=tally,
    figures=figures,
    sheet=sheet,
)

SPEC = GameSpec(
    "toy", "Toy", min_players=2, max_players=6, first_field="first_dealer",
    replay=replay, result=result, normalize_options=normalize_options, options=OPTIONS,
    evening=EVENING,
)  # fmt: skip
