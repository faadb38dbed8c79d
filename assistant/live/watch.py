"""How one process hears that a game moved, whichever process saved it.

SQLite (one machine): a watcher reads the versions of every game this process holds streams
for, in one query for all of them, a few times a second. PostgreSQL (one or many machines): a
connection of its own ``LISTEN``s for the ``NOTIFY`` every save sends in its transaction
(``store.moved.announce``), and reads the versions in one query now and then all the same,
for what moved while it was not listening."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.engine import Engine

from ..store.models import Game
from ..store.moved import CHANNEL
from .hub import Hub

VERSIONS = select(Game.id, Game.version).where(Game.id.in_(bindparam("ids", expanding=True)))
log = logging.getLogger(__name__)


def read_versions(engine: Engine, game_ids: Sequence[int]) -> list[tuple[int, int]]:
    """The versions of these games, in one query however many they are."""
    with engine.connect() as connection:
        return [(row.id, row.version) for row in connection.execute(VERSIONS, {"ids": game_ids})]


class Watcher:
    """One per process, started by the first stream and ending with the last one: every
    ``every`` seconds, the versions of all the games held, in one query."""

    def __init__(self, hub: Hub, engine: Engine, every: float) -> None:
        self.hub = hub
        self.engine = engine
        self.every = every
        self._lock = threading.Lock()
        self._running = False

    def start(self) -> None:
        """Running from now on, if it was not (a stream has just been added to the hub)."""
        with self._lock:
            if self._running:
                return
            self._running = True
        threading.Thread(target=self._run, name="live-watcher", daemon=True).start()

    def check(self, game_ids: Sequence[int] | None = None) -> int:
        """Read the versions of these games (else all held) and tell the streams of those that
        moved; how many moved."""
        ids = self.hub.watched() if game_ids is None else game_ids
        return self.hub.publish(read_versions(self.engine, ids)) if ids else 0

    def _run(self) -> None:
        while self._still_needed():
            try:
                self.watch()
            except Exception:  # a database gone for a moment: the phones poll meanwhile
                log.exception("the live watcher failed; trying again")
                time.sleep(max(self.every, 1.0))

    def _still_needed(self) -> bool:
        with self._lock:  # a stream added now finds the watcher stopped, and starts it again
            self._running = bool(self.hub.watched())
            return self._running

    def watch(self) -> None:
        """One round: a query, then a pause."""
        self.check()
        time.sleep(self.every)


class NotifyWatcher(Watcher):
    """PostgreSQL: a listening connection of its own; the query only every ``every`` seconds,
    for what was announced while it was reconnecting (or changed without an announcement)."""

    def __init__(self, hub: Hub, engine: Engine, every: float, connect: Callable[[], Any]) -> None:
        super().__init__(hub, engine, every)
        self.connect = connect

    def watch(self) -> None:
        with self.connect() as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            while self.hub.watched():
                self.check()
                for note in connection.notifies(timeout=self.every):
                    self.heard(note.payload)

    def heard(self, payload: str) -> None:
        game, _, version = payload.partition(":")
        if version:
            self.hub.publish([(int(game), int(version))])
        elif int(game) in self.hub.watched():
            self.check([int(game)])


def watcher_for(hub: Hub, engine: Engine, config: dict[str, Any]) -> Watcher:
    if engine.dialect.name != "postgresql":
        return Watcher(hub, engine, config["LIVE_CHECK_SECONDS"])
    import psycopg  # only with the postgres extra installed

    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    return NotifyWatcher(
        hub,
        engine,
        config["LIVE_SAFETY_SECONDS"],
        lambda: psycopg.connect(url, autocommit=True),
    )
