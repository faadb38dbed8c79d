"""A save's writes, built once and sent as they are to the session's connection (the ORM's
bookkeeping of objects cost more than the statements themselves): the guarded update of the
game's version, the rounds rewritten from the first that differs, the log's line."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, delete, insert, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .games.base import JSON
from .live import announce
from .models import Change, Entry, Game

GAMES, ENTRIES, CHANGES = (cast(SqlTable, m.__table__) for m in (Game, Entry, Change))
MOVE_ON = update(GAMES).where(
    GAMES.c.id == bindparam("game"), GAMES.c.version == bindparam("seen")
)  # the new version, draft, finished and correction are given with each save
DROP_ENTRIES = delete(ENTRIES).where(
    ENTRIES.c.game_id == bindparam("game"), ENTRIES.c.seq >= bindparam("first")
)  # from the first round that differs on
ADD_ENTRIES = insert(ENTRIES)
ADD_CHANGE = insert(CHANGES)


class KeyTaken(Exception):
    """The same key was written first by another request (a race between two workers)."""


def save(
    game_id: int,
    version: int,
    draft: JSON | None,
    finished: datetime | None,
    old: list[Mapping[str, Any]],
    rounds: list[Mapping[str, Any]],
    key: str,
    author: str,
    logged: dict[str, Any],
    corrected: JSON | None = None,
) -> bool:
    """The version moved on from ``version``, the rounds rewritten and the change logged, in
    one transaction; False (nothing written) if another phone moved the version first. Nothing
    this request has read is expired by the commit (the page after a save is made from it and
    the replay of the save)."""
    session = db.session()
    try:
        connection = session.connection()  # the statements go straight to it, not through the ORM
        moved = connection.execute(
            MOVE_ON,
            {"game": game_id, "seen": version, "version": version + 1, "draft": draft,
             "finished": finished, "corrected": corrected},
        )  # fmt: skip
        if moved.rowcount != 1:
            session.rollback()
            return False
        announce(connection, game_id, version + 1)  # to the streams of every other process
        _rewrite_entries(connection, game_id, old, rounds, key, author)
        connection.execute(
            ADD_CHANGE,
            {"game_id": game_id, "key": key, "version": version + 1, "summary": logged,
             "author": author},
        )  # fmt: skip
        session.expire_on_commit = False
        session.commit()
    except IntegrityError:  # the same key won a race on another worker
        session.rollback()
        raise KeyTaken from None
    finally:
        session.expire_on_commit = True
    return True


def _rewrite_entries(
    connection: Connection,
    game_id: int,
    old: list[Mapping[str, Any]],
    new: list[Mapping[str, Any]],
    key: str,
    author: str,
) -> None:
    """Keep the common prefix; everything from the first difference on is written anew."""
    first_diff = next(
        (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
        min(len(old), len(new)),
    )
    if first_diff < len(old):  # nothing to delete when rounds are only added
        connection.execute(DROP_ENTRIES, {"game": game_id, "first": first_diff})
    written = [
        {"game_id": game_id, "seq": seq, "payload": dict(new[seq]),
         "idempotency_key": _entry_key(key, seq), "author": author}
        for seq in range(first_diff, len(new))
    ]  # fmt: skip
    if written:
        connection.execute(ADD_ENTRIES, written)


def _entry_key(key: str, seq: int) -> str:
    """The key of one entry a change wrote: the change's key (up to 64 characters) digested, so
    that with the entry's number it still fits the column."""
    return f"{hashlib.sha256(key.encode()).hexdigest()[:40]}:{seq}"
