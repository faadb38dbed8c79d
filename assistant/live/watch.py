"""How one process hears that a game moved, whichever process saved it.

SQLite (one machine): a watcher reads the change log's lines written since its last read, a
few times a second (every save writes one, with the game's new version: a look-up by the
log's key, whatever the count of tables), and the versions of every game this process holds
streams for, in one query for all of them, now and then all the same. PostgreSQL (one or many
machines): a connection of its own ``LISTEN``s for the ``NOTIFY`` every save sends in its
transaction (``store.moved.announce``), and reads the versions in one query now and then all
the same, for what moved while it was not listening."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.engine import Engine

from ..store.models import Change, Game
from ..store.moved import CHANNEL
from .hub import Hub

VERSIONS = select(Game.id, Game.version).where(Game.id.in_(bindparam("ids", expanding=True)))
SINCE = select(Change.id, Change.game_id, Change.version).where(Change.id > bindparam("after"))
NEWEST = select(func.coalesce(func.max(Change.id), 0))
log = logging.getLogger(__name__)


def read_versions(engine: Engine, game_ids: Sequence[int]) -> list[tuple[int, int]]:
    """The versions of these games, in one query however many they are."""
    with engine.connect() as connection:
        return [(row.id, row.version) for row in connection.execute(VERSIONS, {"ids": game_ids})]


class Watcher:
    """One per process, started by the first stream and ending with the last one: every
    ``every`` seconds the change log's new lines, and every ``whole`` seconds (and first) the
    versions of all the games held, in one query."""

    def __init__(self, hub: Hub, engine: Engine, every: float, whole: float = 5.0) -> None:
        self.hub = hub
        self.engine = engine
        self.every = every
        self.whole = whole
        self.after: int | None = None  # the change log's last line read (None: read all next)
        self.whole_due = 0.0
        self._lock = threading.Lock()
        self._running = False

    def start(self) -> None:
        """Running from now on, if it was not (a stream has just been added to the hub)."""
        with self._lock:
            if self._running:
                return
            self._running = True
            self.after = None  # what moved while it was stopped is read first
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
        if self.after is None or time.monotonic() >= self.whole_due:
            self.check_all()
        else:
            self.check_new()
        time.sleep(self.every)

    def check_all(self) -> int:
        """Every game held, read whole; the change log is read on from where it ends now (a
        line written meanwhile is read by both, and told once: versions only move on)."""
        with self.engine.connect() as connection:
            self.after = connection.execute(NEWEST).scalar_one()
        self.whole_due = time.monotonic() + self.whole
        return self.check()

    def check_new(self) -> int:
        """The change log's lines since the last read: the games they moved, told."""
        with self.engine.connect() as connection:
            lines = connection.execute(SINCE, {"after": self.after}).all()
        if lines:
            self.after = max(line.id for line in lines)
        return self.hub.publish(sorted((line.game_id, line.version) for line in lines))


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
        return Watcher(hub, engine, config["LIVE_CHECK_SECONDS"], config["LIVE_SAFETY_SECONDS"])
    import psycopg  # only with the postgres extra installed

    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    return NotifyWatcher(
        hub,
        engine,
        config["LIVE_SAFETY_SECONDS"],
        lambda: psycopg.connect(url, autocommit=True),
    )
