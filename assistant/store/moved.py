"""A save's word to the other processes that a game moved (``assistant/live`` listens for it).

Part of the store because it is part of the save: on PostgreSQL the ``NOTIFY`` goes in the
save's own transaction, so it is delivered at the commit and never for a rollback. SQLite needs
none: its watchers read the versions.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import Connection

CHANNEL = "game_moved"
NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")


def announce(connection: Connection, game_id: int, version: int | None = None) -> None:
    """Tell every process listening that ``game_id`` moved (to ``version``, where known)."""
    if connection.dialect.name == "postgresql":
        payload = str(game_id) if version is None else f"{game_id}:{version}"
        connection.execute(NOTIFY, {"payload": payload})
