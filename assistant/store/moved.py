"""A save's word that a game moved (``assistant/live`` listens for it): to the other processes,
and to this process's own streams.

Part of the store because it is part of the save: on PostgreSQL the ``NOTIFY`` goes in the
save's own transaction, so it is delivered at the commit and never for a rollback. SQLite needs
none: its watchers read the versions. This process hears of its own saves at once by a signal
(``saved``), sent after the commit; the store knows nothing of who listens (``live`` connects at
the app's set-up).
"""

from __future__ import annotations

from blinker import Namespace
from sqlalchemy import text
from sqlalchemy.engine import Connection

CHANNEL = "game_moved"
NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")

# Sent with the game's id, and its new ``version``, once a save of this process is committed.
saved = Namespace().signal("game-saved")


def announce(connection: Connection, game_id: int, version: int | None = None) -> None:
    """Tell every process listening that ``game_id`` moved (to ``version``, where known)."""
    if connection.dialect.name == "postgresql":
        payload = str(game_id) if version is None else f"{game_id}:{version}"
        connection.execute(NOTIFY, {"payload": payload})
