"""An evening as plain values, read once from the store (``store/evening.py:load_evening``): its
table, each game's result, stake and money, the settle-up and the players' standings. The
evening's and the circle's pages (``evening/view.py``, ``circles/view.py``) are built from
these alone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from .evening import Basis, EveningRules, Outcome
from .evening_money import EveningSettlement, GameMoney
from .pay import PayMethod
from .spec import GameSpec
from .stats import Played

StoredStake = tuple[int, str]  # as the table keeps it: cents per unit, the basis's name


@dataclass(frozen=True)
class StakeValue:
    """Money on a game: ``amount`` per unit of ``basis``."""

    amount: Fraction
    basis: Basis


def stake_value(rules: EveningRules, stored: StoredStake) -> StakeValue:
    """The stake kept beside a record, counted by its basis (a basis the game no longer offers:
    its default)."""
    cents, name = stored
    basis = next((b for b in rules.bases if b.name == name), rules.bases[0])
    return StakeValue(Fraction(cents, 100), basis)


@dataclass(frozen=True)
class StoredPayment:
    """A payment of the settle-up as the table keeps it (``paid``: when it was marked paid)."""

    id: int
    payer: str
    payee: str
    cents: int
    paid: datetime | None


@dataclass(frozen=True)
class TableSeen:
    """What of a table its evening's pages show."""

    token: str
    name: str | None
    players: tuple[str, ...]
    created: datetime
    ended: datetime | None
    currency: str
    coin: int  # the coin the evening settles in, in cents (1: to the cent)
    payments: tuple[StoredPayment, ...]
    pay: Mapping[str, PayMethod] = field(default_factory=dict)  # how each player is paid


@dataclass(frozen=True)
class GameSeen:
    """What of one stored game its evening shows."""

    id: int
    kind: str
    seating: tuple[str, ...]
    finished: datetime | None
    settings: Mapping[str, Any]  # display only (a Boodle game's own currency)


@dataclass(frozen=True)
class GameResult:
    """One game of the evening: its place, outcome, stake and money (empty without a stake).
    ``open``: it did not finish by itself, so it counts as it stands."""

    number: int
    game: GameSeen
    spec: GameSpec[Any]
    outcome: Outcome
    stake: StakeValue | None
    money: dict[str, Fraction]
    units: dict[str, Fraction] | None
    open: bool
    replay: Any = None  # the engine's replay of the game (the circle's statistics read it)

    def money_of(self) -> GameMoney:
        return GameMoney(self.number, self.spec.title, self.money, self.units, self.open)

    @property
    def played_by(self) -> tuple[str, ...]:
        """Everyone who played in it: its players, and in Mus a substitute too."""
        return self.outcome.people or tuple(self.game.seating)


@dataclass(frozen=True)
class Standing:
    """A player's evening: games played to their end and won, and his money in cents."""

    name: str
    played: int
    won: int
    cents: int


@dataclass(frozen=True)
class Evening:
    table: TableSeen
    games: tuple[GameResult, ...]
    settlement: EveningSettlement
    standings: tuple[Standing, ...]  # the best first
    has_money: bool

    @property
    def leaders(self) -> tuple[str, ...]:
        """Who leads the evening: the most money, else the most games won; before anything is
        won, whoever leads the last game."""
        if not self.standings:
            return ()
        top = self.standings[0]
        if (top.cents, top.won) == (0, 0):
            return self.games[-1].outcome.leaders if self.games else ()
        return tuple(s.name for s in self.standings if (s.cents, s.won) == (top.cents, top.won))


@dataclass(frozen=True)
class CircleEvenings:
    """The circle's evenings (oldest first), every game as the statistics see it, and what
    each player is owed (+) or owes (-) in cents, the paid payments taken off."""

    evenings: tuple[Evening, ...]
    played: tuple[Played, ...]
    owed: dict[str, int]
