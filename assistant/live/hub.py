"""The streams one server process holds, by game, and the version each game was last told at.

Plain threads and events: under gunicorn's gevent workers (gunicorn.conf.py) they are
monkey-patched into greenlets, so thousands of streams wait here at the cost of a few KB each;
under the development server each stream waits in a thread of its own."""

from __future__ import annotations

import threading
from collections.abc import Iterable


class Listener:
    """One open stream: it sleeps until one of its games' version moves, or its heartbeat is
    due. A game page listens to its game; a night's pages to the games of its tables, and
    hear their versions added up (each only moves on, so the sum does too)."""

    def __init__(self, versions: dict[int, int]) -> None:
        self.versions = dict(versions)
        self._moved = threading.Event()

    @property
    def version(self) -> int:
        return sum(self.versions.values())

    def tell(self, game_id: int, version: int) -> None:
        self.versions[game_id] = version
        self._moved.set()

    def wait(self, timeout: float) -> int | None:
        """The version once it moves, or None when ``timeout`` passed without a move."""
        if not self._moved.wait(timeout):
            return None
        self._moved.clear()  # before reading: a move in between sets it again
        return self.version


class Hub:
    """Every game this process holds streams for, its listeners and its version last heard."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[int, set[Listener]] = {}
        self._versions: dict[int, int] = {}

    def listen(self, game_id: int, version: int) -> Listener:
        return self.listen_all({game_id: version})

    def listen_all(self, versions: dict[int, int]) -> Listener:
        """One stream for these games (by id, their versions as the page showed them)."""
        listener = Listener(versions)
        with self._lock:
            for game_id, version in versions.items():
                self._listeners.setdefault(game_id, set()).add(listener)
                self._versions[game_id] = max(version, self._versions.get(game_id, version))
        return listener

    def leave(self, listener: Listener) -> None:
        with self._lock:
            for game_id in listener.versions:
                held = self._listeners.get(game_id)
                if held is None:
                    continue
                held.discard(listener)
                if not held:
                    del self._listeners[game_id]
                    del self._versions[game_id]

    def watched(self) -> list[int]:
        """The games with at least one stream open in this process."""
        with self._lock:
            return list(self._listeners)

    def publish(self, versions: Iterable[tuple[int, int]]) -> int:
        """The versions read or announced, as (game, version): every listener of a game whose
        version moved is woken. Returns how many games moved."""
        moved = 0
        with self._lock:
            for game_id, version in versions:
                if version <= self._versions.get(game_id, version):
                    continue  # not held here, or nothing new (versions only move on)
                self._versions[game_id] = version
                for listener in self._listeners[game_id]:
                    listener.tell(game_id, version)
                moved += 1
        return moved
