"""Tables, games, entries and the change log. Only what was entered: no score is stored."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import Base

LARGEST_INTEGER = 2**31 - 1  # the integer columns (ids, versions) are 32-bit in PostgreSQL


def now() -> datetime:
    return datetime.now(UTC)


def new_token() -> str:
    return secrets.token_urlsafe(16)  # 128 bits: the link is the key


class Table(Base):
    """An evening at a table: its players and the links that share it."""

    __tablename__ = "table"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    name: Mapped[str] = mapped_column(String(80), default="")
    players: Mapped[list[str]] = mapped_column(JSON)
    language: Mapped[str | None] = mapped_column(String(8))
    created: Mapped[datetime] = mapped_column(default=now)
    updated: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    games: Mapped[list[Game]] = relationship(
        back_populates="table", order_by="Game.id", cascade="all, delete-orphan"
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
    # What the table chose that changes no score and is not part of the record (records.md
    # refuses unknown options): the currency of the money, silent Mus.
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default="{}")
    version: Mapped[int] = mapped_column(default=0)
    created: Mapped[datetime] = mapped_column(default=now)
    finished: Mapped[datetime | None]
    table: Mapped[Table] = relationship(back_populates="games")
    entries: Mapped[list[Entry]] = relationship(
        back_populates="game", order_by="Entry.seq", cascade="all, delete-orphan"
    )


class Entry(Base):
    """One round of the record (``records.md``), exactly as entered."""

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
