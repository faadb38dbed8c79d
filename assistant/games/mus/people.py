"""Mus when people come and go: a substitute takes a seat (``seats``), stones are given to a
team or taken from it (``adjust``); docs/records.md, "People come and go, and adjustments".

A substitute holds the seat, and so the team and its stones, from the hand that names him on:
who holds which seat is ``seating``'s to say. An adjustment is added after the hand's count,
one at a time in the order entered: it may win the game at that hand, it may not take a team
below 0 stones, and none may come after the game was decided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import JSON, N_, NN_, Message, Record, RuleError, adjustments, check_int
from ..seating import everyone
from .bets import TEAMS
from .showdown import team_of

MOST_STONES = 40

_ONLY = NN_("team {team} has only {n} stone", "team {team} has only {n} stones")


@dataclass(frozen=True)
class Adjustment:
    """Stones given to a team (taken, when negative) and the table's reason."""

    team: int
    stones: int
    reason: str

    def to_json(self) -> JSON:
        return {"team": self.team, "stones": self.stones, "reason": self.reason}


def parse_adjust(raw: Mapping[str, Any]) -> tuple[Adjustment, ...]:
    """A hand's ``adjust``, each entry checked (none where the hand has none)."""
    found = []
    for entry in adjustments(raw, fields=("team", "stones")):
        team = entry["team"]
        if type(team) is not int or team not in TEAMS:
            raise RuleError(N_("adjust: the team is team 1 or team 2"), field="adjust")
        stones = check_int(
            entry["stones"], what="adjust: stones", low=-MOST_STONES, high=MOST_STONES
        )
        if stones == 0:
            raise RuleError(N_("adjust: give or take at least 1 stone"), field="adjust")
        found.append(Adjustment(team, stones, entry["reason"]))
    return tuple(found)


def adjusted(
    adjust: tuple[Adjustment, ...], score: tuple[int, int], decided: bool, target: int
) -> tuple[tuple[int, int], int | None]:
    """The game's score after the hand's adjustments (``score``: after its count) and the team
    an adjustment brought to the target (None: none did). ``decided``: the cards already
    decided the game in this hand, so nothing may be adjusted after it."""
    now = list(score)
    winner: int | None = None
    for entry in adjust:
        if decided or winner is not None:
            raise RuleError(
                N_("the game was already over in this hand: no stones can be adjusted"),
                field="adjust",
            )
        have = now[entry.team - 1]
        if have + entry.stones < 0:
            params = {"team": entry.team, "n": have}
            raise RuleError(Message(_ONLY[0], params, _ONLY[1], count=have), field="adjust")
        now[entry.team - 1] = have + entry.stones
        if now[entry.team - 1] >= target:
            winner = entry.team
    return (now[0], now[1]), winner


def check_returns(
    changes: Mapping[str, str] | None,
    before: Sequence[str],
    sides: Mapping[str, int],
    game_over: bool,
) -> None:
    """A name that gave up a seat may take one again (``seats``), but only at the first hand
    of a later game and in a seat of the team played for: the team's stones stay with it.
    ``before``: the seats' holders in the hand before; ``sides``: everyone who held a seat so
    far, with the team; ``game_over``: whether the hand before ended its game."""
    for holder, newcomer in (changes or {}).items():
        if newcomer not in sides or newcomer in before:
            continue  # new to the game (or still at the table: ``seating`` refuses it)
        if not game_over:
            raise RuleError(
                N_("seats: {name!r} can come back only at the first hand of a later game"),
                name=newcomer,
                field="seats",
            )
        if holder in before and team_of(before, holder) != sides[newcomer]:
            raise RuleError(
                N_("seats: {name!r} may come back only to a seat of their own team"),
                name=newcomer,
                field="seats",
            )


def returns_marked(record: Record, raw: JSON) -> JSON:
    """The hand ``raw`` to follow ``record``'s rounds, its ``back`` naming whom its ``seats``
    give a seat again (one who gave his seat up earlier in the match): the record format lets a
    name come back only where the hand says so."""
    changes = raw.get("seats")
    if not isinstance(changes, Mapping):
        return raw
    held = everyone(record)
    back = [name for name in changes.values() if name in held]
    return {**raw, "back": back} if back else raw


def seat_changes(raw: Mapping[str, Any]) -> dict[str, str] | None:
    """The hand's ``seats`` as entered (``seating`` has checked it), None where it has none."""
    changes = raw.get("seats")
    return None if changes is None else dict(changes)
