"""What went over the phones' networks: each exchange, the change it carried (its key) and
what the phone was answered, if anything."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from tests.faults.schedule import Fault

STATIC = ("/static/", "/phone/", "/sw.js", "/manifest.webmanifest", "/favicon")
# A game's changes: an entry, an Undo, a correction of a round, play again.
CHANGE = re.compile(r"/g/\d+/(enter|undo|rounds/\d+|again)$")


def kind_of(method: str, path: str) -> str:
    """change (a POST that carries a key), post, poll, stream, rows, static or page."""
    bare = path.split("?", 1)[0]
    if method == "POST":
        return "change" if CHANGE.search(bare) else "post"
    if bare.endswith("/poll"):
        return "poll"
    if bare.endswith("/stream"):
        return "stream"
    if bare.endswith("/rows"):
        return "rows"
    if bare.startswith(STATIC):
        return "static"
    return "page"


@dataclass
class Exchange:
    phone: str
    method: str
    path: str
    kind: str
    fields: dict[str, str] = field(default_factory=dict)
    fault: Fault = field(default_factory=Fault)
    upstream: int | str | None = None  # the server's status, "down", or None: never sent
    delivered: int | None = None  # the status the phone was answered, None: nothing came
    started: float = field(default_factory=time.monotonic)
    ended: float | None = None
    copy_of: Exchange | None = None  # a copy the network made (twice, again)
    key: str | None = None

    @classmethod
    def of(cls, phone: str, method: str, path: str, head: bytes, body: bytes) -> Exchange:
        from tests.faults.proxy import form_fields  # the proxy reads HTTP, the log keeps it

        kind = kind_of(method, path)
        fields = form_fields(head, body) if method == "POST" else {}
        return cls(phone, method, path, kind, fields, key=fields.get("key"))

    @property
    def acknowledged(self) -> bool:
        """The phone was told its change was saved (or already saved)."""
        return self.kind == "change" and self.delivered is not None and self.delivered < 400

    def line(self, start: float) -> str:
        said = "nothing" if self.delivered is None else self.delivered
        copy = " (a copy)" if self.copy_of else ""
        return (
            f"{self.started - start:7.2f}s {self.phone} {self.method} {self.path}{copy} "
            f"key={self.key} v={self.fields.get('version')} fault={self.fault} "
            f"server={self.upstream} phone={said}"
        )


class Log:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.exchanges: list[Exchange] = []
        self.start = time.monotonic()

    def add(self, exchange: Exchange) -> None:
        with self.lock:
            self.exchanges.append(exchange)

    def changes(self) -> list[Exchange]:
        with self.lock:
            return [e for e in self.exchanges if e.kind == "change"]

    def under_way(self) -> bool:
        """Whether a request is still on its way (a stream, which never ends, aside)."""
        with self.lock:
            return any(e.ended is None and e.kind != "stream" for e in self.exchanges)

    def faults(self) -> list[str]:
        """What the network did, as lines: every exchange it did something to, every change."""
        with self.lock:
            shown = [e for e in self.exchanges if e.fault.name != "pass" or e.kind == "change"]
        return [e.line(self.start) for e in shown]

    def summary(self) -> dict[str, Any]:
        with self.lock:
            faults = [e.fault.name for e in self.exchanges if e.fault.name != "pass"]
        return {name: faults.count(name) for name in sorted(set(faults))}
