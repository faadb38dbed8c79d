"""The evening at a table, where the database meets ``games/evening.py``: each game's result
and money, the settle-up, the stakes, a game started, ending and reopening the evening. In the
store because the evening's room and the circles below it both read and change it (a payment
marked paid is the room's own: ``evening/payments.py``).

The evening is derived like every score: from the games' records (replayed once per version),
their stakes and the payments already marked paid. Ending the evening freezes it: every game
stops taking entries (``store/writes.save`` refuses them) and the settle-up's payments are
stored so that each can be marked paid; reopening forgets the payments not paid yet.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, cast

from sqlalchemy import CursorResult, delete, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..games import find_game
from ..games.base import JSON, N_, Message, RuleError
from ..games.evening_money import settle_evening
from ..games.settle import exact
from ..games.spec import GameSpec
from ..games.tonight import (
    Evening,
    GameResult,
    GameSeen,
    StakeValue,
    Standing,
    StoredPayment,
    TableSeen,
    stake_value,
)
from . import keys
from . import service as services
from .models import Change, Game, Payment, Stake, Table, now
from .moved import announce
from .pay import methods_at

ENDED = N_("The evening has ended: reopen it on the table page to change anything.")


def stake_of(game: Game, spec: GameSpec[Any]) -> StakeValue | None:
    """The stake on ``game``: from its record's own option, or kept beside the record."""
    rules = spec.evening
    if rules.stake_option is not None:
        value = game.options.get(rules.stake_option)
        return None if value is None else StakeValue(exact(value), rules.bases[0])
    if game.stake is None:
        return None
    return stake_value(rules, (game.stake.cents, game.stake.basis))


def game_result(number: int, game: Game) -> GameResult:
    spec = find_game(game.kind)
    replay = services.load_game(game).replay
    outcome = spec.evening.outcome(replay)
    open_ = not outcome.finished
    if game.finished is not None:
        outcome = outcome.ended()
    stake = stake_of(game, spec)
    money: dict[str, Fraction] = {}
    units = None
    if stake is not None:
        counted = stake.basis.units(replay)
        money = {name: value * stake.amount for name, value in counted.items()}
        units = dict(counted) if stake.basis.shown else None
    settings = dict(game.settings or {})
    seen = GameSeen(game.id, game.kind, tuple(game.seating), game.finished, settings)
    return GameResult(number, seen, spec, outcome, stake, money, units, open_, replay)


def load_evening(table: Table) -> Evening:
    results = tuple(game_result(n, game) for n, game in enumerate(games_at(table), start=1))
    paid = [(p.payer, p.payee, p.cents) for p in table.payments if p.paid is not None]
    settlement = settle_evening([r.money_of() for r in results], paid, table.coin)
    names = list(table.players)
    for result in results:
        names += [name for name in result.played_by if name not in names]
    standings = [
        Standing(
            name,
            sum(name in r.played_by and r.outcome.finished for r in results),
            sum(r.outcome.finished and name in r.outcome.winners for r in results),
            settlement.balances.get(name, 0),
        )
        for name in names
    ]
    standings.sort(key=lambda s: (-s.cents, -s.won))
    has_money = any(r.stake is not None for r in results)
    seen = table_seen(table, tuple(names))
    return Evening(seen, results, settlement, tuple(standings), has_money)


def games_at(table: Table) -> list[Game]:
    """The table's games with their stakes: one query for all the stakes, not one a game."""
    query = db.select(Game).where(Game.table_id == table.id).order_by(Game.id)
    return list(db.session.execute(query.options(selectinload(Game.stake))).scalars())


def table_seen(table: Table, players: tuple[str, ...] | None = None) -> TableSeen:
    """The table as the evening shows it; ``players``: everyone at it, those who joined a game
    in play too (the table's list has whom a game started with)."""
    payments = tuple(StoredPayment(p.id, p.payer, p.payee, p.cents, p.paid) for p in table.payments)
    return TableSeen(
        table.token, table.name, players or tuple(table.players), table.created, table.ended,
        table.currency, table.coin, payments, methods_at(table),
    )  # fmt: skip


# --- changing the evening --------------------------------------------------------------------


def refuse_if_ended(table: Table) -> None:
    if table.ended is not None:
        raise RuleError(ENDED)


def log(game: Game, summary: Message, author: str, key: str | None = None) -> None:
    """A change of the game outside its rounds (its stake, the evening ended): the version
    moves on, so that every phone shows it and the game's replay is made anew."""
    db.session.execute(update(Game).where(Game.id == game.id).values(version=Game.version + 1))
    announce(db.session.connection(), game.id)  # the streams of other processes read it
    db.session.expire(game, ["version"])
    db.session.add(
        Change(
            game_id=game.id,
            key=keys.of_change(game.id, key or secrets.token_urlsafe(12)),
            version=game.version,
            summary={"template": summary.template, "params": dict(summary.params)},
            author=author,
        )
    )


def set_stake(
    game: Game, cents: int | None, basis: str | None, *, key: str, author: str, shown: str
) -> None:
    """Put ``cents`` per unit of ``basis`` on ``game`` (None: no stake); ``shown`` is the
    amount as the change log says it. A replayed ``key`` changes nothing, also when the same
    form is sent many times at once (one is stored, the others find it)."""
    if keys.applied(game.id, key):
        return
    refuse_if_ended(game.table)
    try:
        log(game, staked(game, cents, basis, shown), author, key)
        db.session.commit()
    except IntegrityError:  # another request, on another worker, stored its stake first
        db.session.rollback()
        if not keys.applied(game.id, key):  # not this same form sent twice at once
            raise RuleError(
                N_("Another phone set this stake at the same moment: reload the page.")
            ) from None


def staked(game: Game, cents: int | None, basis: str | None, shown: str) -> Message:
    """The stake put on the game (not stored yet), and the log's sentence for it."""
    rules = find_game(game.kind).evening
    chosen = rules.basis(basis)
    if rules.stake_option is not None:
        value = None if cents is None else (cents // 100 if cents % 100 == 0 else cents / 100)
        game.options = {**game.options, rules.stake_option: value}
    elif cents is None:
        game.stake = None
    elif game.stake is None:
        game.stake = Stake(cents=cents, basis=chosen.name)
    else:
        game.stake.cents, game.stake.basis = cents, chosen.name
    if cents is None:
        return Message(N_("Stake removed: the game counts in the results, not in the money."))
    return Message(chosen.summary, {"amount": shown})


def start_game(
    table: Table,
    kind: str,
    names: list[str],
    options: JSON,
    first: str,
    settings: JSON,
    *,
    stake: tuple[int | None, str] | None,
    name: str | None = None,
    key: str | None = None,
) -> Game:
    """A new game at ``table`` (a new table is stored with it), with its stake if one was
    given, and the evening's name if it has none yet; ``key``: the form's start key as kept
    (``store/keys.py``)."""
    if name and name.strip() and not table.name:
        table.name = name.strip()
    game = services.create_game(table, kind, names, options, first, settings, commit=False)
    game.start_key = key
    if newcomers := [name for name in names if name not in table.players]:
        table.players = [*table.players, *newcomers]  # who came: offered for the next games
    if stake is not None and stake[0] is not None:
        game.stake = Stake(cents=stake[0], basis=find_game(kind).evening.basis(stake[1]).name)
    db.session.commit()
    return game


def end_evening(table: Table, author: str) -> bool:
    """End the evening: every game stops, the settle-up's payments are stored. False when
    another request had ended it already (a double tap)."""
    moved = db.session.execute(
        update(Table).where(Table.id == table.id, Table.ended.is_(None)).values(ended=now())
    )
    if cast(CursorResult[Any], moved).rowcount != 1:
        db.session.rollback()
        return False
    for game in table.games:
        if game.finished is None:
            game.finished = now()
        log(game, Message(N_("The evening was ended: no more entries.")), author)
    db.session.flush()
    db.session.refresh(table)
    store_payments(table)
    db.session.commit()
    return True


def set_currency(table: Table, code: str, author: str, coin: int = 1, shown: str = "") -> None:
    """The evening's currency and the coin its payments are rounded to (``shown``: the coin as
    the log says it): every game's version moves on, so that a page showing its money (a
    finished game's end screen) is drawn again on every phone."""
    said = []
    if table.currency != code:
        said.append(
            Message(N_("The evening's money is now counted in {code}."), {"code": code})
            if code
            else Message(N_("The evening's money is now counted without a currency."))
        )
    if table.coin != coin:
        said.append(
            Message(N_("The evening's payments are now rounded to {coin}."), {"coin": shown})
            if coin > 1
            else Message(N_("The evening's payments are now counted to the cent."))
        )
    table.currency, table.coin = code, coin
    for game in table.games:
        for message in said:
            log(game, message, author)
    db.session.commit()


def reopen_evening(table: Table, author: str) -> bool:
    """Reopen an ended evening: the games that had not finished by themselves go on, the
    payments not paid yet are forgotten (the paid ones stay). False if it was open already."""
    moved = db.session.execute(
        update(Table).where(Table.id == table.id, Table.ended.is_not(None)).values(ended=None)
    )
    if cast(CursorResult[Any], moved).rowcount != 1:
        db.session.rollback()
        return False
    forget_unpaid(table)
    for game in table.games:
        replay = services.load_game(game).replay
        game.finished = services.finished_since(game, replay.finished)
        log(game, Message(N_("The evening was reopened.")), author)
    db.session.commit()
    db.session.refresh(table)
    return True


def forget_unpaid(table: Table) -> None:
    db.session.execute(delete(Payment).where(Payment.table_id == table.id, Payment.paid.is_(None)))
    db.session.expire(table, ["payments"])


def store_payments(table: Table) -> None:
    """The settle-up as it stands, stored payment by payment (the paid ones are kept)."""
    for payment in load_evening(table).settlement.payments:
        db.session.add(
            Payment(
                table_id=table.id, payer=payment.payer, payee=payment.payee, cents=payment.cents
            )
        )


def settle_again(tables: Iterable[Table]) -> None:
    """After the records of ended evenings changed (a player renamed or merged): their unpaid
    payments are made anew."""
    for table in tables:
        if table.ended is not None:
            forget_unpaid(table)
            db.session.flush()
            store_payments(table)
