"""Circles, tables, games, entries, the change log, stakes, payments and club nights. Only
what was entered (and what was paid, and drawn): no score is stored."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import Base

LARGEST_INTEGER = 2**31 - 1  # the integer columns (ids, versions) are 32-bit in PostgreSQL


def now() -> datetime:
    return datetime.now(UTC)


def new_token() -> str:
    return secrets.token_urlsafe(16)  # 128 bits: the link is the key


class Circle(Base):
    """The people who play together, over many evenings; its own link is the key to it."""

    __tablename__ = "circle"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80))
    created: Mapped[datetime] = mapped_column(default=now)
    members: Mapped[list[Member]] = relationship(
        back_populates="circle", order_by="Member.name", cascade="all, delete-orphan"
    )
    tables: Mapped[list[Table]] = relationship(back_populates="circle", order_by="Table.created")


class Member(Base):
    """A player of a circle: the same person from evening to evening, known by his name in
    the records of the circle's tables (a rename rewrites them)."""

    __tablename__ = "member"
    __table_args__ = (UniqueConstraint("circle_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    circle_id: Mapped[int] = mapped_column(ForeignKey("circle.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    created: Mapped[datetime] = mapped_column(default=now)
    # How he is paid (``games/pay.PayMethod.as_json``), at every evening of the circle; None: cash.
    pay: Mapped[dict[str, str] | None] = mapped_column(JSON)
    circle: Mapped[Circle] = relationship(back_populates="members")


class Table(Base):
    """An evening at a table: its players, the links that share it, and its settle-up.

    ``ended``: the table ended the evening; its games take no entries and the settle-up's
    payments are stored (:class:`Payment`) until it is reopened."""

    __tablename__ = "table"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80), default="")
    players: Mapped[list[str]] = mapped_column(JSON)
    language: Mapped[str | None] = mapped_column(String(8))
    currency: Mapped[str] = mapped_column(String(3), default="", server_default="")
    # The coin the evening settles in, in cents (50: payments in whole 0.50); 1: to the cent.
    coin: Mapped[int] = mapped_column(default=1, server_default="1")
    # How each player not of a circle is paid this evening, by name (``PayMethod.as_json``).
    pay: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default="{}")
    circle_id: Mapped[int | None] = mapped_column(
        ForeignKey("circle.id", ondelete="SET NULL"), index=True
    )
    ended: Mapped[datetime | None]
    created: Mapped[datetime] = mapped_column(default=now)
    updated: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    # A table of a club night: the night, and the round and table of its draw it plays.
    night_id: Mapped[int | None] = mapped_column(
        ForeignKey("night.id", ondelete="SET NULL"), index=True
    )
    night_round: Mapped[int | None]
    night_table: Mapped[int | None]
    games: Mapped[list[Game]] = relationship(
        back_populates="table", order_by="Game.id", cascade="all, delete-orphan"
    )
    circle: Mapped[Circle | None] = relationship(back_populates="tables")
    payments: Mapped[list[Payment]] = relationship(
        back_populates="table", order_by="Payment.id", cascade="all, delete-orphan"
    )


class Game(Base):
    """One game at a table. ``version`` counts every change: forms carry it to detect staleness."""

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("table.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    seating: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    first: Mapped[str] = mapped_column(String(40))  # first dealer, or first mano in Mus
    draft: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # a round being built live
    # What the table chose that changes no score and is not part of the record, which refuses
    # unknown options (docs/records.md, "Settings outside the record"): the currency, silent Mus.
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default="{}")
    version: Mapped[int] = mapped_column(default=0)
    # When the last change was a correction: the round it corrected and the rounds it replaced
    # (``history.replaced``), so that Undo can take the correction back. Every other change
    # clears it.
    corrected: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(default=now)
    finished: Mapped[datetime | None]
    # The idempotency key of the form that started it ("play again", sent again from a phone's
    # outbox after a lost answer): the same key finds this game instead of making a second.
    start_key: Mapped[str | None] = mapped_column(String(64), unique=True, index=True)
    table: Mapped[Table] = relationship(back_populates="games")
    entries: Mapped[list[Entry]] = relationship(
        back_populates="game", order_by="Entry.seq", cascade="all, delete-orphan"
    )
    stake: Mapped[Stake | None] = relationship(back_populates="game", cascade="all, delete-orphan")


class Entry(Base):
    """One round of the record (``docs/records.md``), exactly as entered."""

    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    seq: Mapped[int]
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    idempotency_key: Mapped[str] = mapped_column(String(64), unique=True)
    author: Mapped[str] = mapped_column(String(64), default="")
    created: Mapped[datetime] = mapped_column(default=now)
    game: Mapped[Game] = relationship(back_populates="entries")


class Change(Base):
    """Every accepted change, keyed by the form's idempotency key: a replay is recognised."""

    __tablename__ = "change"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    version: Mapped[int]
    summary: Mapped[dict[str, Any]] = mapped_column(JSON)  # a Message: template + params
    author: Mapped[str] = mapped_column(String(64), default="")
    created: Mapped[datetime] = mapped_column(default=now)


class Stake(Base):
    """Money on a game, kept beside its record: ``cents`` per unit of the game's ``basis``
    (``GameSpec.evening.bases``: per point of difference between every pair, per game won ...).
    A game whose record holds its own stake (Boodle's money per chip) has no row here."""

    __tablename__ = "stake"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), unique=True, index=True
    )
    cents: Mapped[int]
    basis: Mapped[str] = mapped_column(String(16))
    game: Mapped[Game] = relationship(back_populates="stake")


class Payment(Base):
    """A payment of an ended evening's settle-up, in cents; ``paid`` once it was marked paid
    (a paid payment stays, and is taken off when the settle-up is made again)."""

    __tablename__ = "payment"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("table.id", ondelete="CASCADE"), index=True)
    payer: Mapped[str] = mapped_column(String(40))
    payee: Mapped[str] = mapped_column(String(40))
    cents: Mapped[int]
    created: Mapped[datetime] = mapped_column(default=now)
    paid: Mapped[datetime | None]
    paid_by: Mapped[str] = mapped_column(String(64), default="")
    table: Mapped[Table] = relationship(back_populates="payments")


class Night(Base):
    """A club night (``docs/night.md``): its rules, who is in it and each round as drawn, as
    JSON (``assistant/night/stored.py``), the results the organiser entered (each kept, the
    last for a table counting) and what the tables' players said of their results (sent,
    confirmed). A table's own result is derived from its game each time, never stored."""

    __tablename__ = "night"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80), default="")
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int]
    roster: Mapped[dict[str, Any]] = mapped_column(JSON)
    rounds: Mapped[list[Any]] = mapped_column(JSON, default=list)
    results: Mapped[list[Any]] = mapped_column(JSON, default=list)  # the organiser's only
    reports: Mapped[list[Any]] = mapped_column(JSON, default=list, server_default="[]")
    minutes: Mapped[int] = mapped_column(default=0)  # a round's time limit (0: none)
    drawn: Mapped[datetime | None]  # when the last round was drawn: its countdown runs from it
    ended: Mapped[datetime | None]  # the organiser ended the night early
    circle_id: Mapped[int | None] = mapped_column(
        ForeignKey("circle.id", ondelete="SET NULL"), index=True
    )
    created: Mapped[datetime] = mapped_column(default=now)
    tables: Mapped[list[Table]] = relationship(order_by="Table.id")
