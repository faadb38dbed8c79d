"""How an app keeps in its process what it made once, behind its one switch
(``KEEP_IN_PROCESS``): a bounded store of the latest items, and ``made_once`` for what is made
from plain values alone (a form class, a pad's keys, a chart, a text in a language). The app's
own keeping is ``store/kept.py`` (``app.extensions["kept"]``); this floor is below everything
that keeps something, so that the play side and i18n keep through the same switch.

With the switch off nothing is kept: everything is made anew for each use."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from cachetools import LRUCache
from flask import current_app, has_app_context

T = TypeVar("T")
MADE = 8192  # what made_once keeps at most, all kinds together (the oldest used go first)


class Kept:
    """A bounded, thread-safe store of the latest items (the least recently used go first):
    cachetools' LRU cache, behind a lock (a worker's threads share it)."""

    def __init__(self, size: int) -> None:
        self.items: LRUCache[Hashable, Any] = LRUCache(maxsize=size)
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self.lock:
            return self.items.get(key)

    def put(self, key: Hashable, value: Any) -> None:
        with self.lock:
            self.items[key] = value

    def copy(self) -> list[tuple[Any, Any]]:
        """A copy of what is kept (for a look through them)."""
        with self.lock:
            return list(self.items.items())

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


class Nothing(Kept):
    """Keeps nothing: what the switch turned off."""

    def __init__(self) -> None:
        super().__init__(1)

    def put(self, key: Hashable, value: Any) -> None:
        return None


def kept_if(on: bool, size: int) -> Kept:
    """A store of ``size`` items, or one that keeps nothing (the switch off)."""
    return Kept(size) if on else Nothing()


class Keeping:
    """What every app keeps in its process, whatever its rooms add (``store/kept.py``)."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self.made = kept_if(on, MADE)

    def clear(self) -> None:
        self.made.clear()


def made_once(make: Callable[..., T], *args: Hashable) -> T:
    """``make(*args)``, made once in the current app's process while it keeps things (made
    anew each time with the switch off, or with no app: a page model built without one)."""
    keeping: Keeping | None = current_app.extensions.get("kept") if has_app_context() else None
    if keeping is None:
        return make(*args)
    key = (make, *args)
    found: T | None = keeping.made.get(key)
    if found is None:
        found = make(*args)
        keeping.made.put(key, found)
    return found
