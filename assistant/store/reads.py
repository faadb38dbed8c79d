"""The reads every request of a game makes, each built once (building a query costs more than
running it): the game with its table, and for a poll or a kept page only the version; and what
the other links name (a circle, one of its players, a club night), as ``lookup.py`` finds them."""

from __future__ import annotations

import hashlib
import re
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func
from sqlalchemy.orm import contains_eager, selectinload

from ..extensions import db
from .models import LARGEST_INTEGER, Circle, Game, Member, Payment, Table
from .models import Night as NightRow

# What a share token can be (``models.new_token``: URL-safe base64, within its column); anything
# else finds nothing, and is never sent to the database (PostgreSQL cannot compare a NUL).
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def is_token(text: str) -> bool:
    return TOKEN.fullmatch(text) is not None


def game_at(
    game_id: int, *, token: str | None = None, view_token: str | None = None
) -> Game | None:
    """The game ``game_id`` of the table with this share (or watch-view) token, read with its
    table in one query (made once: building it costs more than running it)."""
    query, value = (GAME_BY_TOKEN, token) if token is not None else (GAME_BY_VIEW, view_token)
    return db.session.execute(query, {"game": game_id, "token": value}).scalar_one_or_none()


def _game_where(token: Any) -> Any:
    return (
        db.select(Game)
        .join(Game.table)
        .options(contains_eager(Game.table))
        .where(Game.id == bindparam("game"), token)
    )


GAME_BY_TOKEN = _game_where(Table.token == bindparam("token"))
GAME_BY_VIEW = _game_where(Table.view_token == bindparam("token"))


def version_at(
    game_id: int, *, token: str | None = None, view_token: str | None = None
) -> int | None:
    """Only the version of that game (a poll asks nothing more while nothing changed): one
    query, made once, on a connection of its own without the ORM's session around it."""
    query, value = (VERSION_BY_TOKEN, token) if token is not None else (VERSION_BY_VIEW, view_token)
    with db.engine.connect() as connection:
        return connection.execute(query, {"game": game_id, "token": value}).scalar_one_or_none()


def look_at(
    game_id: int, *, token: str | None = None, view_token: str | None = None
) -> tuple[int, datetime, bool, str | None, datetime] | None:
    """The version and creation of that game, whether its evening has ended and the table's
    language, and when the table itself last changed: what its kept page model is found by
    (``views/shown.py:look``), in one light query."""
    query, value = (LOOK_BY_TOKEN, token) if token is not None else (LOOK_BY_VIEW, view_token)
    with db.engine.connect() as connection:
        row = connection.execute(query, {"game": game_id, "token": value}).first()
    if row is None:
        return None
    return (row.version, row.created, row.ended is not None, row.language, row.updated)


def _version_where(token: Any) -> Any:
    return db.select(Game.version).join(Game.table).where(Game.id == bindparam("game"), token)


def _look_where(token: Any) -> Any:
    return (
        db.select(Game.version, Game.created, Table.ended, Table.language, Table.updated)
        .join(Game.table)
        .where(Game.id == bindparam("game"), token)
    )


LOOK_BY_TOKEN = _look_where(Table.token == bindparam("token"))
LOOK_BY_VIEW = _look_where(Table.view_token == bindparam("token"))
VERSION_BY_TOKEN = _version_where(Table.token == bindparam("token"))
VERSION_BY_VIEW = _version_where(Table.view_token == bindparam("token"))


def table_stamp(token: str) -> tuple[str, str | None] | None:
    """What the table page shows, in a word: a stamp that changes whenever the evening does
    (a game started, entered, staked or removed, a payment marked, the table renamed, ended or
    reopened), with the table's language; None for no such table. One query."""
    with db.engine.connect() as connection:
        row = connection.execute(TABLE_STAMP, {"token": token}).first()
    if row is None:
        return None
    said = f"{row.updated.isoformat()}|{row.games}|{row.versions}|{row.paid}"
    return hashlib.blake2s(said.encode(), digest_size=8).hexdigest(), row.language


def _of_table(*columns: Any) -> Any:
    return db.select(*columns).where(Game.table_id == Table.id).scalar_subquery()


TABLE_STAMP = db.select(
    Table.updated,
    Table.language,
    _of_table(func.count(Game.id)).label("games"),
    _of_table(func.coalesce(func.sum(Game.version), 0)).label("versions"),
    db.select(func.count(Payment.id))
    .where(Payment.table_id == Table.id, Payment.paid.is_not(None))
    .scalar_subquery()
    .label("paid"),
).where(Table.token == bindparam("token"))


def get_circle(token: str) -> Circle | None:
    """The circle with this share token; a text no token can be (a set-up's hidden field may
    hold anything) finds nothing without asking the database."""
    if not is_token(token):
        return None
    return db.session.execute(db.select(Circle).filter_by(token=token)).scalar_one_or_none()


def member_of(circle: Circle, member_id: int) -> Member | None:
    if not 0 < member_id <= LARGEST_INTEGER:  # the ids are 32-bit in PostgreSQL
        return None
    member = db.session.get(Member, member_id)
    return member if member is not None and member.circle_id == circle.id else None


# A night's pages read every table's games (their progress, the stream's versions): loaded with
# the night in two statements, not one a table (a night of 256 has 64 tables a round).
NIGHT_TABLES = selectinload(NightRow.tables).selectinload(Table.games)


def get_night(token: str) -> NightRow | None:
    found = db.select(NightRow).filter_by(token=token).options(NIGHT_TABLES)
    return db.session.execute(found).scalar_one_or_none()


def get_night_for_view(view_token: str) -> NightRow | None:
    """The night alone: the hall screen's poll mostly answers with its kept part."""
    found = db.select(NightRow).filter_by(view_token=view_token)
    return db.session.execute(found).scalar_one_or_none()


def with_tables(row: NightRow) -> NightRow:
    """The night with its tables and their games read in two statements, for its drawing."""
    db.session.execute(db.select(NightRow).options(NIGHT_TABLES).filter_by(id=row.id)).scalar_one()
    return row
