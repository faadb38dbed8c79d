"""A game page as one value: everything the page shows (the banner's and the sheet's view, the
score strip, what Undo takes back, play again, the game's money, the ended evening's notice),
built from the one replay and plain facts of the stored game and its table.

Nothing here asks Flask, the database or the request: the same value can be built wherever
the engine runs, and the templates render it (``templates/games/_game.html``). The view side
(``views/respond.py``) reads the facts from the store, keeps the built page per version
(``store/kept.py``) and adds what belongs to one phone (its form, its notices).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any, Generic

from ..games import find_game
from ..games.base import JSON, N_, Message, Record
from ..games.changelog import correction_to_undo
from ..games.evening_money import GameMoney, settle_evening
from ..games.pay import PayMethod
from ..games.seating import everyone, seats_at_the_end
from ..games.spec import GameSpec, Loaded
from ..games.tonight import StoredStake, stake_value
from ..i18n import gettext
from .base import Adapter, Context, R, V
from .money import money, signed_money
from .pay import PayLine, pay_line, pay_message
from .standings import Standings


@dataclass(frozen=True)
class GameFacts:
    """What of the stored game its page shows, as plain values."""

    id: int
    kind: str
    version: int
    seating: tuple[str, ...]
    first: str
    settings: Mapping[str, Any]
    finished: bool
    corrected: JSON | None = None  # what the last correction replaced (Undo can take it back)
    stake: StoredStake | None = None  # the stake on a finished game (its money is shown)


@dataclass(frozen=True)
class TableFacts:
    """What of the table a game page shows: its links and currency, and whether its evening
    has ended (which closes every game)."""

    token: str
    view_token: str
    currency: str = ""
    ended: bool = False
    players: tuple[str, ...] = ()  # the table's names (play again offers those not in a game)
    # How each player is paid, and the evening's day for a payment's message: the share's
    # alone (the watch view's facts have none: a TV never shows a number to pay to).
    pay: Mapping[str, PayMethod] = field(default_factory=dict)
    day: datetime | None = None
    night: bool = False  # a table of a club night (its game's page shows the night's part)


@dataclass(frozen=True)
class Again:
    """What "play again" would start after the game ``after`` (its id): its label names the game
    and who begins."""

    after: int
    kind: str
    first: str
    players: tuple[str, ...] = ()  # who played the game, in seating order
    others: tuple[str, ...] = ()  # the table's players who did not: they may join the next

    @property
    def label(self) -> Message:
        spec = find_game(self.kind)
        params = {"game": Message(spec.title), "name": self.first}
        if spec.first_field == "first_dealer":
            return Message(N_("{game}, the same rules: {name} deals first"), params)
        return Message(N_("{game}, the same rules: {name} is mano first"), params)


def again_after(
    game_id: int,
    kind: str,
    record: Record,
    known: Sequence[str] = (),
    chosen: Sequence[str] | None = None,
) -> Again:
    """The next game after ``record``'s: of the seats' holders at its end (or the ``chosen``
    players), the first dealer (or mano) the first of them in the seats after this game's; the
    others offered are whoever else sat at it and the table's ``known`` names."""
    seats = seats_at_the_end(record)
    others = [name for name in dict.fromkeys([*everyone(record), *known]) if name not in seats]
    players = list(chosen or seats)
    start = record.players.index(record.first)
    turn = [seats[(start + step) % len(seats)] for step in range(1, len(seats) + 1)]
    after = next((name for name in turn if name in players), players[0])
    return Again(game_id, kind, after, tuple(seats), tuple(others))


@dataclass(frozen=True)
class GamePage(Generic[R, V]):
    """Everything a game page shows but one phone's own (its entry form, its notices)."""

    game: GameFacts
    table: TableFacts
    adapter: Adapter[R, V]  # the game's own: it makes the page's entry form for each phone
    ctx: Context[R, V]
    readonly: bool
    standings: Standings
    undo: Message | None  # what Undo takes back (None: nothing, or the watch view)
    again: Again | None  # play again, after a finished game while the evening goes on
    money: GameMoneyView | None  # a finished game's money
    closed: str | None  # the ended evening's notice: no entry panel

    @property
    def entering(self) -> bool:
        """Does the page offer the entry panel's form?"""
        return not self.readonly and self.closed is None

    def pay_line(self, payee: str, cents: int | None) -> PayLine | None:
        """What a payment of ``cents`` to ``payee`` of the game's own settle-up offers (Boodle's):
        none on the watch view, nor in chips only."""
        method = self.table.pay.get(payee)
        if self.readonly or method is None or cents is None or self.table.day is None:
            return None
        message = pay_message(self.ctx.loaded.spec.title, self.table.day)
        return pay_line(method, cents, self.table.currency, message)


def game_page(
    adapter: Adapter[R, V],
    game: GameFacts,
    table: TableFacts,
    loaded: Loaded[R],
    *,
    readonly: bool = False,
) -> GamePage[R, V]:
    """The page of ``game`` as ``loaded`` (its record, replay and draft) shows it."""
    ctx = Context(loaded, adapter.view(loaded))
    mine = not readonly
    closed = None
    if table.ended and mine:
        closed = gettext(
            "The evening has ended: this game takes no more entries. Reopen the evening on the"
            " table page to go on."
        )
    again = None
    if mine and game.finished and not table.ended and not table.night:  # a night draws anew
        again = again_after(game.id, game.kind, loaded.record, table.players)
    money = None
    if mine and game.finished:
        money = game_money(loaded.spec, loaded.replay, game.stake, table.currency)
    undo = None  # what Undo takes back now: the game's last correction, else its last step
    if mine and (number := correction_to_undo(game.corrected, ctx.record.rounds)) is not None:
        undo = joining(game.corrected, ctx.record.players) or adapter.correction_label(number)
    elif mine:
        undo = adapter.undo_label(ctx)
    standings = adapter.standings(ctx)
    return GamePage(game, table, adapter, ctx, readonly, standings, undo, again, money, closed)


def joining(corrected: Any, players: Sequence[str]) -> Message | None:
    """What Undo takes back right after someone new joined (``corrected``: what the change
    replaced, the players before it among it): the newcomer, not "the correction of deal 1"."""
    before = corrected.get("players") if isinstance(corrected, Mapping) else None
    new = [name for name in players if before is not None and name not in before]
    return Message(N_("{name} joining"), {"name": ", ".join(new)}) if new else None


@dataclass(frozen=True)
class GameMoneyView:
    """A finished game's money on its own end screen: each player's, and who pays whom for
    this game alone (the evening's settle-up adds every game up)."""

    money: str  # "Bo +5.50 · Anna +1.10 · ..."
    payments: tuple[str, ...]  # "Anna pays Bo 2.90"


def game_money(
    spec: GameSpec[Any], replay: Any, stored: StoredStake | None, currency: str
) -> GameMoneyView | None:
    """A finished game's money, from its replay and its stake (None: the game has no stake,
    or settles its own chips on its page: Boodle)."""
    if spec.evening.stake_option is not None or stored is None:
        return None
    stake = stake_value(spec.evening, stored)
    amount, basis = stake.amount, stake.basis
    counted = basis.units(replay)
    won = {name: value * amount for name, value in counted.items()}
    units = dict(counted) if basis.shown else None
    alone = GameMoney(1, spec.title, won, units, not spec.evening.outcome(replay).finished)
    payments = tuple(
        gettext(
            "%(payer)s pays %(payee)s %(amount)s",
            payer=t.payer,
            payee=t.payee,
            amount=money(t.cents, currency, cents=True),
        )
        for t in settle_evening([alone]).payments
    )
    return GameMoneyView(money_line(won, currency), payments)


def money_line(won: Mapping[str, Fraction], currency: str) -> str:
    """ "Bo +5.50 · Anna +1.10 · …": each player's money, the biggest winner first."""
    order = sorted(won, key=lambda name: -won[name])
    return " · ".join(f"{name} {signed_money(won[name], currency)}" for name in order)
