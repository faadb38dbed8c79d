"""A fault run's plan, all of it drawn from its seed: how many phones, how many steps, how often
the network misbehaves, and what happens at which step — the server killed with SIGKILL and
started again, a phone's signal cut (now and then the moment it sent a change), a tab closed
with changes waiting and opened again later."""

from __future__ import annotations

import random
from dataclasses import dataclass

# The share of runs where a phone keeps the table to play without signal (the app itself on it:
# Python started in the page, some minutes on a loaded machine): its changes are answered on the
# phone while they wait.
KEEPERS = 1 / 3


@dataclass(frozen=True)
class Event:
    """``crash``: the server killed, up again after ``seconds``. ``cut``: ``phone``'s signal
    gone for ``steps`` steps (``mid``: the moment it saved a step). ``close``: ``phone`` goes
    offline, takes two steps there, its tab is closed, and ``steps`` steps later it is back
    online and opens the table again."""

    step: int
    what: str
    phone: int = 0
    steps: int = 0
    seconds: float = 0.0
    mid: bool = False

    def __str__(self) -> str:
        if self.what == "crash":
            return f"step {self.step}: the server killed (SIGKILL), up {self.seconds:.1f}s later"
        how = " the moment it saves" if self.mid else ""
        if self.what == "cut":
            return f"step {self.step}: phone {self.phone}'s signal cut{how} for {self.steps} steps"
        return (
            f"step {self.step}: phone {self.phone} offline, two steps, its tab closed, "
            f"opened again {self.steps} steps later"
        )


@dataclass(frozen=True)
class Plan:
    seed: int
    phones: int
    players: int
    steps: int
    rate: float  # the share of a phone's changes the network does something to
    down_as_502: bool  # a server that is down: a reverse proxy's 502, else a reset
    events: tuple[Event, ...]
    keeper: int | None = None  # the phone that keeps the table to play without signal

    @classmethod
    def of(cls, seed: int) -> Plan:
        draw = random.Random(seed)
        phones, steps = draw.randint(2, 4), draw.randint(24, 36)
        events = [
            Event(draw.randint(3, steps - 6), "crash", seconds=round(draw.uniform(0.2, 4.0), 1))
            for _ in range(draw.randint(1, 2))
        ]
        for _ in range(draw.randint(1, 3)):
            events.append(
                Event(
                    draw.randint(1, steps - 4),
                    "cut",
                    phone=draw.randrange(phones),
                    steps=draw.randint(1, 6),
                    mid=draw.random() < 0.5,
                )
            )
        if draw.random() < 0.7:
            at = draw.randint(1, steps - 8)
            events.append(
                Event(at, "close", phone=draw.randrange(phones), steps=draw.randint(1, 5))
            )
        return cls(
            seed=seed,
            phones=phones,
            players=draw.choice((3, 4)),
            steps=steps,
            rate=round(draw.uniform(0.15, 0.45), 2),
            down_as_502=draw.random() < 0.5,
            events=tuple(sorted(events, key=lambda event: event.step)),
            keeper=draw.randrange(phones) if draw.random() < KEEPERS else None,
        )

    def at(self, step: int) -> list[Event]:
        return [event for event in self.events if event.step == step]

    def lines(self) -> list[str]:
        down = "a 502 from the reverse proxy" if self.down_as_502 else "a reset connection"
        keeps = f"phone {self.keeper} keeps the table" if self.keeper is not None else "no phone"
        return [
            f"seed {self.seed}: {self.phones} phones, Plump for {self.players}, {self.steps} "
            f"steps, {self.rate:.0%} of the changes faulted, a server that is down: {down}, "
            f"{keeps} to play without signal",
            *(str(event) for event in self.events),
        ]
