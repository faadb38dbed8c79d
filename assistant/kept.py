"""What a process keeps of what it made once: a bounded store of the latest items."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class Kept:
    """A bounded, thread-safe store of the latest items (the oldest go first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Any:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
            return None

    def put(self, key: tuple[Any, ...], value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def items(self) -> list[tuple[tuple[Any, ...], Any]]:
        """A copy of what is kept, the oldest first (for a look through them)."""
        with self._lock:
            return list(self._items.items())

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
