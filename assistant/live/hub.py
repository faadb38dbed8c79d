"""The streams one server process holds, by game, and the version each game was last told at.

Plain threads and events: under gunicorn's gevent workers (gunicorn.conf.py) they are
monkey-patched into greenlets, so thousands of streams wait here at the cost of a few KB each;
under the development server each stream waits in a thread of its own."""

from __future__ import annotations

import threading
from collections.abc import Iterable


class Listener:
    """One open stream: it sleeps until its game's version moves, or its heartbeat is due."""

    def __init__(self, game_id: int, version: int) -> None:
        self.game_id = game_id
        self.version = version
        self._moved = threading.Event()

    def tell(self, version: int) -> None:
        self.version = version
        self._moved.set()

    def wait(self, timeout: float) -> int | None:
        """The game's version once it moves, or None when ``timeout`` passed without a move."""
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
        listener = Listener(game_id, version)
        with self._lock:
            self._listeners.setdefault(game_id, set()).add(listener)
            self._versions[game_id] = max(version, self._versions.get(game_id, version))
        return listener

    def leave(self, listener: Listener) -> None:
        with self._lock:
            held = self._listeners.get(listener.game_id)
            if held is None:
                return
            held.discard(listener)
            if not held:
                del self._listeners[listener.game_id]
                del self._versions[listener.game_id]

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
                    listener.tell(version)
                moved += 1
        return moved
