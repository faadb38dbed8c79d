"""What the network does to each request of a phone, drawn from the seed: the n-th request of a
kind (a change, a poll, a page...) of phone p gets the same fault in every run of a seed,
whatever the other phones and threads did meanwhile (each draw has a generator of its own)."""

from __future__ import annotations

import random
import threading
from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Fault:
    """``name``: pass; delay (the request held back); late (the answer held back); drop (the
    request never reaches the server); lose (the server has it, its answer never comes); twice
    (sent twice at once); again (a copy arrives ``seconds`` later, after what comes next: the
    order changed); cut (the signal goes for ``seconds``, before or ``after`` the server had
    the request)."""

    name: str = "pass"
    seconds: float = 0.0
    after: bool = False

    def __str__(self) -> str:
        if self.name == "pass":
            return "pass"
        when = " after" if self.after else ""
        return f"{self.name} {self.seconds:.1f}s{when}"


# What may happen to each kind of request, with its weight among the faults (not "pass").
FAULTS = {
    "change": {"delay": 3, "late": 3, "drop": 2, "lose": 3, "twice": 2, "again": 2, "cut": 1},
    "poll": {"delay": 2, "late": 2, "drop": 1, "lose": 1},
    "page": {"delay": 2, "drop": 1, "lose": 1},
    "rows": {"delay": 2, "drop": 1, "lose": 1},
    "stream": {"drop": 1},
    "post": {"delay": 1},
    "static": {},  # a page's own files come whole: a page without its scripts is another test
}
SECONDS = {"delay": (0.05, 2.0), "late": (0.05, 2.0), "again": (0.3, 4.0), "cut": (1.0, 8.0)}


class Schedule:
    """The faults of one phone's requests, from ``seed``; none once ``calm``."""

    def __init__(self, seed: int, phone: str, rate: float) -> None:
        self.seed, self.phone, self.rate = seed, phone, rate
        self.counts: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.calm = False

    def next(self, kind: str) -> Fault:
        with self.lock:
            n = self.counts[kind]
            self.counts[kind] += 1
        if self.calm:
            return Fault()
        draw = random.Random(f"{self.seed}:{self.phone}:{kind}:{n}")
        faults = FAULTS.get(kind, {})
        if not faults or draw.random() >= self.rate:
            return Fault()
        name = draw.choices(list(faults), weights=list(faults.values()))[0]
        low, high = SECONDS.get(name, (0.0, 0.0))
        return Fault(name, round(draw.uniform(low, high), 2), after=draw.random() < 0.5)
